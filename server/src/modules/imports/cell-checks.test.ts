import { describe, expect, it } from 'vitest';
import { isPlaceholder, isRedactedName, looksLikeFormula } from './cell-checks.js';

describe('placeholders', () => {
  it.each(['-', '--', '.', '?', '*', '–', '/'])('%s stands for nothing', (value) => expect(isPlaceholder(value)).toBe(true));
  it.each(['A', '1', 'n/a', 'IT', '-1', '----'])('%s is a value', (value) => expect(isPlaceholder(value)).toBe(false));
});

describe('redactions and formula-like text', () => {
  it.each(['Redacted personal data', 'REDACTED PERSONAL DATA', 'Redacted, personal data', 'Redacted  Personal Data',
    'Redacted Personal Information', 'REDACTED COMMERCIAL CONFIDENTIALITY', 'Reacted personal data', 'Personal Expense', 'Redacted'])(
    '%s is a redaction', (name) => expect(isRedactedName(name)).toBe(true));
  it.each(['REDACTIVE PUBLISHING LTD', 'PERSONAL STRENGTHS (UK) LTD', 'Personal Budgets', 'Branas Isaf Personal Development Centre'])(
    '%s is a real supplier', (name) => expect(isRedactedName(name)).toBe(false));
  it('formula-like', () => {
    expect(['=1+1', '@SUM(A1)', '+cmd', '-cmd'].every(looksLikeFormula)).toBe(true);
    expect(['-0.01', '+44 20 7946', 'Creditors - BACS', '- '].some(looksLikeFormula)).toBe(false);
  });
});

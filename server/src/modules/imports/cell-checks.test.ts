import { describe, expect, it } from 'vitest';
import { isRedactedName, looksLikeFormula } from './cell-checks.js';

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

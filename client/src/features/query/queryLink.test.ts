import { describe, expect, it } from 'vitest';
import { decodeDraft, encodeDraft, parseDefinition, parseVariables } from './queryLink';

describe('query links', () => {
  it('round-trips a document and its variables through a URL-safe string', async () => {
    const draft = { document: 'query Top($year: Date) {\n  spendCube(query: { dimensions: [SUPPLIER], measures: [SPEND] }) { rows { values } }\n}', variables: '{ "year": "2025-01-01" }' };
    const encoded = await encodeDraft(draft);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(await decodeDraft(encoded)).toEqual(draft);
  });

  it('compresses: a long repetitive query makes a much shorter link', async () => {
    const document = `{ ${Array.from({ length: 40 }, (_, i) => `a${i}: spendSummary { total lineCount }`).join('\n')} }`;
    const encoded = await encodeDraft({ document, variables: '' });
    expect(encoded.length).toBeLessThan(document.length / 3);
    expect(await decodeDraft(encoded)).toEqual({ document, variables: '' });
  });

  it('a mangled link decodes to null, not an exception', async () => {
    expect(await decodeDraft('not-a-draft')).toBeNull();
    expect(await decodeDraft('')).toBeNull();
  });
});

describe('definitions and variables', () => {
  it('reads a saved QUERY definition and rejects anything else', () => {
    expect(parseDefinition('{"document":"{ me { email } }","variables":{"a":1},"description":"x"}')).toEqual({ document: '{ me { email } }', variables: { a: 1 }, description: 'x' });
    expect(parseDefinition('{"document":"{ me { email } }","variables":[1]}')).toEqual({ document: '{ me { email } }', variables: null, description: undefined });
    expect(parseDefinition('{"query":{}}')).toBeNull();
    expect(parseDefinition('nope')).toBeNull();
  });

  it('parses variables text and says what is wrong with it', () => {
    expect(parseVariables('  ')).toEqual({ ok: true, value: null });
    expect(parseVariables('{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseVariables('[1]')).toEqual({ ok: false, message: 'Variables must be a JSON object.' });
    expect(parseVariables('{a:')).toMatchObject({ ok: false });
  });
});

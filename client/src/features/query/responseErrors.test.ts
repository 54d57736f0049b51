import { describe, expect, it } from 'vitest';
import { describeResponseError } from './responseErrors';

describe('describeResponseError', () => {
  it('points a validation error at its line and column', () => {
    // The message leads; the code is apart, for a muted tag after it.
    expect(describeResponseError({ message: 'Cannot query field "nonsense" on type "SpendSummary".', locations: [{ line: 4, column: 5 }], extensions: { code: 'BAD_USER_INPUT' } })).toEqual({
      text: 'Cannot query field "nonsense" on type "SpendSummary" (line 4, column 5).',
      code: 'BAD_USER_INPUT',
    });
  });

  it('says which limit a QUERY_TOO_COMPLEX hit, its maximum and the request', () => {
    const text = describeResponseError({ message: 'The document is 14 levels deep; at most 12 are allowed.', extensions: { code: 'QUERY_TOO_COMPLEX', limit: 'depth', max: 12, actual: 14 } });
    expect(text.text).toBe('The document is 14 levels deep; at most 12 are allowed. Limit: depth, at most 12; this request: 14.');
    expect(text.code).toBe('QUERY_TOO_COMPLEX');
  });

  it('names the path of a field error', () => {
    expect(describeResponseError({ message: 'Supplier 9 not found', path: ['supplier'], extensions: { code: 'NOT_FOUND' } })).toEqual({ text: 'Supplier 9 not found at supplier.', code: 'NOT_FOUND' });
  });

  it('has no code when the error carries none', () => {
    expect(describeResponseError({ message: 'Something broke' })).toEqual({ text: 'Something broke.', code: null });
  });
});

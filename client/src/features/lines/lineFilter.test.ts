import { describe, expect, it } from 'vitest';
import { parseLineFilter } from './lineFilter';

describe('lines filter from a link', () => {
  it('keeps what the API accepts and counts what it leaves out', () => {
    const filter = JSON.stringify({
      dateFrom: '2025-01-01',
      dateTo: 'yesterday',
      categoryIds: ['3'],
      bogus: 1,
      members: [
        { dimension: 'SUPPLIER', ids: ['12', null] },
        { dimension: 'BOGUS', ids: ['1'] },
        { dimension: 'toString', ids: ['1'] },
      ],
    });
    expect(parseLineFilter(new URLSearchParams({ filter }))).toEqual({
      filter: { dateFrom: '2025-01-01', categoryIds: ['3'], members: [{ dimension: 'SUPPLIER', ids: ['12', null] }] },
      invalid: false,
      ignored: 4,
    });
  });
  it('keeps a savings opportunity the API knows, and drops one it does not', () => {
    const known = JSON.stringify({ dateFrom: '2025-01-01', opportunity: 'TAIL_SPEND' });
    expect(parseLineFilter(new URLSearchParams({ filter: known })).filter).toEqual({ dateFrom: '2025-01-01', opportunity: 'TAIL_SPEND' });
    const unknown = JSON.stringify({ opportunity: 'CHEAPER_COFFEE' });
    expect(parseLineFilter(new URLSearchParams({ filter: unknown }))).toMatchObject({ filter: {}, ignored: 1 });
  });
  it('reports a filter that is not JSON as invalid', () => {
    expect(parseLineFilter(new URLSearchParams({ filter: '{oops' })).invalid).toBe(true);
  });
});

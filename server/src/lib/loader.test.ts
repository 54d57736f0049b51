import { describe, expect, it } from 'vitest';
import { keyedLoader } from './loader.js';

describe('keyedLoader', () => {
  it('answers loads of one tick with one query, each key once, and a default for keys not found', async () => {
    const queries: number[][] = [];
    const loader = keyedLoader<number, string>(async (ids) => {
      queries.push(ids);
      return new Map(ids.filter((id) => id !== 3).map((id) => [id, `s${id}`]));
    }, () => 'none');
    expect(await Promise.all([loader.load(1), loader.load(2), loader.load(1), loader.load(3)])).toEqual(['s1', 's2', 's1', 'none']);
    expect(queries).toEqual([[1, 2, 3]]);
    // Asked again later in the same request: from the cache, no query.
    expect(await loader.load(2)).toBe('s2');
    expect(queries).toHaveLength(1);
    // A new request's loader asks again.
    const next = keyedLoader<number, string>(async (ids) => {
      queries.push(ids);
      return new Map();
    }, () => 'none');
    expect(await next.load(2)).toBe('none');
    expect(queries).toEqual([[1, 2, 3], [2]]);
  });

  it('rejects every load of a batch whose query fails', async () => {
    const loader = keyedLoader<number, string>(async () => {
      throw new Error('store down');
    }, () => 'none');
    const results = await Promise.allSettled([loader.load(1), loader.load(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});

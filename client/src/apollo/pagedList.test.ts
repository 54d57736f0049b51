import { describe, expect, it } from 'vitest';
import { mergePage, readPage } from './pagedList';

const page = (offset: number, ids: string[], totalCount: number) => ({
  __typename: 'ImportBatchPage',
  totalCount,
  nodes: ids.map((id) => ({ __ref: `ImportBatch:${id}` })),
  pageInfo: { __typename: 'PageInfo', offset, limit: ids.length, hasNextPage: offset + ids.length < totalCount },
});
const args = (offset: number, limit: number) => ({ page: { offset, limit } });

describe('paged list cache policy', () => {
  it('keeps each page at its offset and reads any fetched page back', () => {
    let cached = mergePage(undefined, page(0, ['a', 'b'], 5), args(0, 2));
    cached = mergePage(cached, page(2, ['c', 'd'], 5), args(2, 2));
    expect(readPage(cached, args(2, 2))?.nodes).toEqual([{ __ref: 'ImportBatch:c' }, { __ref: 'ImportBatch:d' }]);
    expect(readPage(cached, args(0, 2))?.pageInfo).toMatchObject({ offset: 0, limit: 2, hasNextPage: true });
    expect(readPage(cached, args(0, 4))?.nodes).toHaveLength(4);
  });

  it('misses (so the server is asked) for a page not fetched, and reads a short last page', () => {
    const cached = mergePage(undefined, page(0, ['a', 'b'], 3), args(0, 2));
    expect(readPage(cached, args(2, 2))).toBeUndefined();
    const full = mergePage(cached, page(2, ['c'], 3), args(2, 2));
    expect(readPage(full, args(2, 2))).toMatchObject({ nodes: [{ __ref: 'ImportBatch:c' }], pageInfo: { hasNextPage: false } });
  });

  it('forgets earlier pages when the total changes, as rows have shifted', () => {
    let cached = mergePage(undefined, page(0, ['a', 'b'], 4), args(0, 2));
    cached = mergePage(cached, page(2, ['c', 'd'], 4), args(2, 2));
    cached = mergePage(cached, page(0, ['new', 'a'], 5), args(0, 2));
    expect(readPage(cached, args(2, 2))).toBeUndefined();
    expect(readPage(cached, args(0, 2))?.totalCount).toBe(5);
  });
});

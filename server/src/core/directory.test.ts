import { describe, expect, it } from 'vitest';
import { Directory, type BusinessUnitRecord, type CategoryRecord } from './directory.js';

const category = (id: number, parentId: number | null): CategoryRecord => ({
  id, code: `C${id}`, name: `Category ${id}`, level: 1, parentId, naicsCode: null, ownerUserId: null, createdAt: '', updatedAt: '',
});
const unit = (id: number, parentId: number | null): BusinessUnitRecord => ({ id, code: `B${id}`, name: `Unit ${id}`, parentId, createdAt: '', updatedAt: '' });

describe('Directory', () => {
  // 1 ─┬─ 2 ── 4
  //    └─ 3
  // 5 (another root)
  const directory = new Directory([category(1, null), category(2, 1), category(3, 1), category(4, 2), category(5, null)], [unit(10, null), unit(11, 10), unit(12, 11), unit(13, 10)]);

  it('expands ids to their subtrees', () => {
    expect(directory.categoryDescendants([2])).toEqual([2, 4]);
    expect(directory.categoryDescendants([1])).toEqual([1, 2, 3, 4]);
    expect(directory.businessUnitDescendants([11])).toEqual([11, 12]);
  });

  it('reaches a scope\'s subtrees and the ancestors of their roots, not their siblings', () => {
    expect(directory.categoryReach([2])).toEqual([1, 2, 4]);
    expect(directory.categoryReach([4, 5])).toEqual([1, 2, 4, 5]);
    expect(directory.businessUnitReach([11])).toEqual([10, 11, 12]);
    expect(directory.businessUnitReach([13])).toEqual([10, 13]);
    expect(directory.categoryReach([99])).toEqual([]);
  });

  it('survives a cycle in the parents', () => {
    const cyclic = new Directory([category(1, 2), category(2, 1)], []);
    expect(cyclic.categoryDescendants([1])).toEqual([1, 2]);
    expect(cyclic.categoryReach([1])).toEqual([1, 2]);
  });
});

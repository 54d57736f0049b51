import { describe, expect, it } from 'vitest';
import { defaultExplorerState, parseExplorerState, readFolded, writeFolded } from './explorerState';

describe('collapsed pivot groups in the URL (fold)', () => {
  const layout = 'CATEGORY_L1,BUSINESS_UNIT|MONTH';

  it('reads back what it wrote, ids with slashes and the missing key included', () => {
    const ids = new Set(['12', '12/∅', '7/3']);
    const value = writeFolded(ids, layout);
    expect(value).toBe('CATEGORY_L1,BUSINESS_UNIT|MONTH~12~12/∅~7/3');
    expect(readFolded(value, layout)).toEqual(ids);
  });

  it('folds nothing for another row layout, an empty set or no parameter', () => {
    const value = writeFolded(new Set(['12']), layout);
    expect(readFolded(value, 'CATEGORY_L1|MONTH')).toEqual(new Set());
    expect(writeFolded(new Set(), layout)).toBeNull();
    expect(readFolded(null, layout)).toEqual(new Set());
    expect(readFolded(`${layout}~`, layout)).toEqual(new Set());
  });
});

describe('row dimensions from a link', () => {
  it('keeps the known ones in order, and opens the default rows when a link names none that is known', () => {
    expect(parseExplorerState(new URLSearchParams('rows=SUPPLIER,FOO,MONTH')).rows).toEqual(['SUPPLIER', 'MONTH']);
    for (const search of ['rows=', 'rows=FOO,BAR', '']) expect(parseExplorerState(new URLSearchParams(search)).rows, search).toEqual(defaultExplorerState.rows);
  });
});

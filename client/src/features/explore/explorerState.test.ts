import { describe, expect, it } from 'vitest';
import { cellsQuery, defaultExplorerState, parseExplorerState, pivotExportPath, readFolded, writeExplorerState, writeFolded } from './explorerState';

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

describe('column dimensions from a link', () => {
  it('reads one (an older link, a saved view) or two, never a row dimension, at most two, and writes them back', () => {
    const one = parseExplorerState(new URLSearchParams('rows=CATEGORY_L1&col=YEAR'));
    expect(one.columns).toEqual(['YEAR']);
    const two = parseExplorerState(new URLSearchParams('rows=CATEGORY_L1,BUSINESS_UNIT,SUPPLIER,COUNTRY&col=YEAR,QUARTER,MONTH'));
    expect(two.columns).toEqual(['YEAR', 'QUARTER']);
    // Three row dimensions beside columns.
    expect(two.rows).toEqual(['CATEGORY_L1', 'BUSINESS_UNIT', 'SUPPLIER']);
    expect(parseExplorerState(new URLSearchParams('rows=YEAR&col=YEAR,FOO,QUARTER')).columns).toEqual(['QUARTER']);
    expect(writeExplorerState(new URLSearchParams(), two).get('col')).toBe('YEAR,QUARTER');
    expect(writeExplorerState(new URLSearchParams('col=YEAR'), { ...two, columns: [] }).has('col')).toBe(false);
    expect(cellsQuery(two, {}, 100)).toMatchObject({ dimensions: ['YEAR', 'QUARTER', 'CATEGORY_L1', 'BUSINESS_UNIT', 'SUPPLIER'], columnDimensions: 2, subtotals: true });
    expect(pivotExportPath(two, {})).toContain('&column=YEAR,QUARTER');
  });
});

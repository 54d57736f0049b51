import { describe, expect, it } from 'vitest';
import { columnNames, columnTitle } from './columnNames';
import { findTables } from './resultRows';

describe('query result column names', () => {
  it("names a cube's values by its measures and its keys by their dimensions, and leaves other paths alone", () => {
    const tables = findTables({
      spendCube: {
        columns: [{ label: 'Spend' }, { label: 'Lines' }],
        rows: [{ depth: 2, keys: [{ dimension: 'CATEGORY_L1', label: 'IT' }, { dimension: 'YEAR', label: '2025' }], values: ['10.00', 3] }],
      },
    });
    const rows = tables.find((t) => t.path === 'spendCube.rows')!;
    const names = columnNames(tables, rows);
    expect(Object.fromEntries(names)).toEqual({ 'values.0': 'Spend', 'values.1': 'Lines', 'keys.0.label': 'Category (level 1)', 'keys.1.label': 'Year' });
    expect(columnTitle(names, 'values.0')).toBe('Spend (values.0)');
    expect(columnTitle(names, 'depth')).toBe('depth');
  });

  it('keeps paths when the query did not ask for the measures or dimensions', () => {
    const tables = findTables({ spendCube: { rows: [{ keys: [{ label: 'IT' }], values: ['10.00'] }] } });
    expect(columnNames(tables, tables[0]).size).toBe(0);
  });
});

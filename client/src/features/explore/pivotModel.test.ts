import { describe, expect, it } from 'vitest';
import { chartData } from './chartData';
import { arrangePivot, buildPivot, drillMembers, TOTAL_COLUMN, visibleColumns, type CubeResult } from './pivotModel';

const columns = [{ measure: 'SPEND' as const, label: 'Spend', kind: 'MONEY' as const }];
const monthRow = (id: string, spend: string) => ({ keys: [{ dimension: 'MONTH' as const, id, label: id, rolledUp: false }], values: [spend], depth: 1 });
// The engine's default order: largest spend first.
const byMonth: CubeResult = {
  columns,
  rows: [monthRow('2025-03', '300.00'), monthRow('2025-01', '200.00'), monthRow('2025-02', '100.00')],
  totals: { values: ['600.00'] },
};

describe('arrangePivot', () => {
  it('reads periods in time order unless the user sorts by a measure', () => {
    const { root } = buildPivot(byMonth, null, 1);
    const ids = (sort: Parameters<typeof arrangePivot>[1]['sort']) =>
      arrangePivot(root, { sort, topN: null, columns, columnIds: [] }).children.map((n) => n.members[0].ids[0]);
    expect(ids(null)).toEqual(['2025-01', '2025-02', '2025-03']);
    expect(ids({ measure: 'SPEND', column: TOTAL_COLUMN, direction: 'asc' })).toEqual(['2025-02', '2025-01', '2025-03']);
  });

  it('sorts any level by label, time members in time order, both directions', () => {
    const { root } = buildPivot(byMonth, null, 1);
    const months = (labelSort: 'asc' | 'desc') => arrangePivot(root, { sort: null, labelSort, topN: null, columns, columnIds: [] }).children.map((n) => n.label);
    expect(months('asc')).toEqual(['2025-01', '2025-02', '2025-03']);
    expect(months('desc')).toEqual(['2025-03', '2025-02', '2025-01']);
    const named: CubeResult = {
      columns,
      rows: ['Zeta Ltd', 'alpha GmbH', 'Supplier 10', 'Supplier 9'].map((label, i) => ({
        keys: [{ dimension: 'SUPPLIER' as const, id: String(i + 1), label, rolledUp: false }],
        values: [`${100 - i}.00`],
        depth: 1,
      })),
      totals: { values: ['0'] },
    };
    const labels = (labelSort: 'asc' | 'desc' | null) =>
      arrangePivot(buildPivot(named, null, 1).root, { sort: null, labelSort, topN: null, columns, columnIds: [] }).children.map((n) => n.label);
    expect(labels('asc')).toEqual(['alpha GmbH', 'Supplier 9', 'Supplier 10', 'Zeta Ltd']);
    expect(labels('desc')).toEqual(['Zeta Ltd', 'Supplier 10', 'Supplier 9', 'alpha GmbH']);
    // Without a label sort, the engine's order (largest first) stays.
    expect(labels(null)).toEqual(['Zeta Ltd', 'alpha GmbH', 'Supplier 10', 'Supplier 9']);
  });

  it('drills "Others" as everything but the top N, however many the others are', () => {
    const suppliers: CubeResult = {
      columns,
      rows: Array.from({ length: 50 }, (_, i) => ({
        keys: [{ dimension: 'SUPPLIER' as const, id: String(i + 1), label: `S${i + 1}`, rolledUp: false }],
        values: [`${1000 - i}.00`],
        depth: 1,
      })),
      totals: { values: ['0'] },
    };
    const arranged = arrangePivot(buildPivot(suppliers, null, 1).root, { sort: null, topN: 3, columns, columnIds: [] });
    const others = arranged.children[3];
    expect(others.label).toBe('Others (47)');
    expect(drillMembers(others, [], TOTAL_COLUMN)).toEqual([{ dimension: 'SUPPLIER', ids: ['1', '2', '3'], exclude: true }]);
    // The others' spend: 47 rows from 997 down to 951.
    expect(others.cells.get(TOTAL_COLUMN)?.[0]).toBe(`${((997 + 951) * 47) / 2}.00`);
  });
});

describe('buildPivot with two column dimensions', () => {
  it('places every engine cell by its rolled-up keys: inner members, each outer member’s subtotal after them, the grand total column', () => {
    const key = (dimension: 'YEAR' | 'QUARTER' | 'CATEGORY_L1', id: string | null) => ({ dimension, id, label: id ?? 'All', rolledUp: id === null });
    const rows: CubeResult = { columns, rows: [{ keys: [key('CATEGORY_L1', '1')], values: ['60.00'], depth: 1 }], totals: { values: ['60.00'] } };
    const cell = (year: string | null, quarter: string | null, cat: string | null, spend: string) => ({
      keys: [key('YEAR', year), key('QUARTER', quarter), key('CATEGORY_L1', cat)],
      values: [spend],
      depth: [year, quarter, cat].filter((k) => k !== null).length,
    });
    const cells: CubeResult = {
      columns,
      rows: [
        cell('2025', '2025-Q2', '1', '20.00'), cell('2025', '2025-Q1', '1', '10.00'), cell('2024', '2024-Q4', '1', '30.00'),
        cell('2025', null, '1', '30.00'), cell('2024', null, '1', '30.00'),
        cell('2025', '2025-Q2', null, '20.00'), cell('2025', '2025-Q1', null, '10.00'), cell('2024', '2024-Q4', null, '30.00'),
        cell('2025', null, null, '30.00'), cell('2024', null, null, '30.00'),
        // The row totals, which the grid reads from its own cube: ignored here.
        cell(null, null, '1', '999.00'),
      ],
      totals: { values: ['60.00'] },
    };
    const { root, columnMembers } = buildPivot(rows, cells, 1, 2);
    expect(columnMembers.map((m) => m.id)).toEqual(['2024/2024-Q4', '2024', '2025/2025-Q1', '2025/2025-Q2', '2025']);
    expect(columnMembers.map((m) => m.label)).toEqual(['2024-Q4', '2024 Total', '2025-Q1', '2025-Q2', '2025 Total']);
    const it = root.children[0];
    expect(Object.fromEntries(it.cells)).toEqual({
      [TOTAL_COLUMN]: ['60.00'], '2024/2024-Q4': ['30.00'], '2024': ['30.00'], '2025/2025-Q1': ['10.00'], '2025/2025-Q2': ['20.00'], '2025': ['30.00'],
    });
    expect(root.cells.get('2025')).toEqual(['30.00']);
    expect(visibleColumns(columnMembers, new Set(['2025'])).map((m) => m.id)).toEqual(['2024/2024-Q4', '2024', '2025']);
    expect(drillMembers(it, ['YEAR', 'QUARTER'], '2025/2025-Q2')).toEqual([
      { dimension: 'CATEGORY_L1', ids: ['1'] }, { dimension: 'YEAR', ids: ['2025'] }, { dimension: 'QUARTER', ids: ['2025-Q2'] },
    ]);
    expect(drillMembers(it, ['YEAR', 'QUARTER'], '2025')).toEqual([{ dimension: 'CATEGORY_L1', ids: ['1'] }, { dimension: 'YEAR', ids: ['2025'] }]);
  });
});

describe('chartData', () => {
  it('plots a time dimension in time order whatever the grid’s sort', () => {
    const { root } = buildPivot(byMonth, null, 1);
    const sorted = arrangePivot(root, { sort: { measure: 'SPEND', column: TOTAL_COLUMN, direction: 'desc' }, topN: null, columns, columnIds: [] });
    const chart = chartData({ root: sorted, columns, columnMembers: [], rowDimension: 'MONTH', columnDimension: null, kind: 'line' });
    expect(chart.data.map((p) => p.name)).toEqual(['2025-01', '2025-02', '2025-03']);
    expect(chart.kind).toBe('line');
  });

  it('draws a line chart over a time column as one line per row, and no trend without time', () => {
    const rows: CubeResult = {
      columns,
      rows: [
        { keys: [{ dimension: 'CATEGORY_L1', id: '1', label: 'IT', rolledUp: false }], values: ['30.00'], depth: 1 },
        { keys: [{ dimension: 'CATEGORY_L1', id: '2', label: 'HR', rolledUp: false }], values: ['20.00'], depth: 1 },
      ],
      totals: { values: ['50.00'] },
    };
    const cellRow = (month: string, cat: string, spend: string) => ({
      keys: [{ dimension: 'MONTH' as const, id: month, label: month, rolledUp: false }, { dimension: 'CATEGORY_L1' as const, id: cat, label: cat, rolledUp: false }],
      values: [spend],
      depth: 2,
    });
    const cells: CubeResult = { columns, rows: [cellRow('2025-02', '1', '10.00'), cellRow('2025-01', '1', '20.00'), cellRow('2025-01', '2', '20.00')], totals: { values: ['50.00'] } };
    const { root, columnMembers } = buildPivot(rows, cells, 1);
    const chart = chartData({ root, columns, columnMembers, rowDimension: 'CATEGORY_L1', columnDimension: 'MONTH', kind: 'line' });
    expect(chart.series.map((s) => s.name)).toEqual(['IT', 'HR']);
    expect(chart.data).toEqual([{ name: '2025-01', s0: 20, s1: 20 }, { name: '2025-02', s0: 10, s1: null }]);
    const bars = chartData({ root, columns, columnMembers: [], rowDimension: 'CATEGORY_L1', columnDimension: null, kind: 'line' });
    expect(bars.kind).toBe('bar');
    expect(bars.note).toMatch(/trend/);
  });
});

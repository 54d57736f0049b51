import { describe, expect, it } from 'vitest';
import type { SpendDimension } from '../../generated/graphql.js';
import type { CubeResult } from '../spend/spend.service.js';
import { shapePivot, type PivotLayout } from './pivot-layout.js';

type Key = [SpendDimension, string | null];

/** A cube row over `dims`, keyed by the first `keys.length` of them, the rest rolled up. */
function row(dims: SpendDimension[], keys: Array<string | null>, value: string): CubeResult['rows'][number] {
  const pairs: Key[] = dims.map((d, i) => [d, i < keys.length ? keys[i] : null]);
  return {
    keys: pairs.map(([dimension, id], i) => ({ dimension, id, label: i < keys.length ? `L${id}` : 'All', rolledUp: i >= keys.length })),
    values: [value],
    depth: keys.length,
  };
}

function cube(rows: CubeResult['rows'], total: string): CubeResult {
  return {
    columns: [{ measure: 'SPEND', label: 'Spend', kind: 'MONEY', currency: 'EUR', unit: null }],
    rows, totals: { values: [total] }, truncated: false, currency: 'EUR', period: null, previousPeriod: null,
  };
}

describe('shapePivot', () => {
  const rowsDims: SpendDimension[] = ['BUSINESS_UNIT', 'MONTH'];
  // Engine order: by spend, largest first, subtotals among their peers.
  const rowTotals = cube([
    row(rowsDims, ['7'], '30'), row(rowsDims, ['7', '2025-03'], '20'), row(rowsDims, ['7', '2025-01'], '10'),
    row(rowsDims, ['4'], '5'), row(rowsDims, ['4', '2025-02'], '5'),
  ], '35');
  const colDims: SpendDimension[] = ['CURRENCY', ...rowsDims];
  const cells = cube([
    row(colDims, ['USD'], '12'), row(colDims, ['EUR'], '23'),
    row(colDims, ['EUR', '7'], '18'), row(colDims, ['USD', '7'], '12'), row(colDims, ['EUR', '4'], '5'),
    row(colDims, ['EUR', '7', '2025-03'], '8'), row(colDims, ['USD', '7', '2025-03'], '12'), row(colDims, ['EUR', '7', '2025-01'], '10'),
    row(colDims, ['EUR', '4', '2025-02'], '5'),
  ], '35');

  it('puts each group before its members, time in time order, members across in key order, the grand total last', () => {
    const layout: PivotLayout = { rows: rowsDims, columns: ['CURRENCY'], subtotals: true };
    const shaped = shapePivot(layout, rowTotals, cells, false);
    expect(shaped.members.map((m) => m.id)).toEqual(['EUR', 'USD']);
    expect(shaped.rows.map((r) => [r.kind, r.level, ...r.labels, ...r.values])).toEqual([
      ['subtotal', 0, 'L7', 'Total', '18', '12', '30'],
      ['detail', 1, 'L7', 'L2025-01', '10', null, '10'],
      ['detail', 1, 'L7', 'L2025-03', '8', '12', '20'],
      ['subtotal', 0, 'L4', 'Total', '5', null, '5'],
      ['detail', 1, 'L4', 'L2025-02', '5', null, '5'],
      ['total', 0, 'Grand total', '', '23', '12', '35'],
    ]);
  });

  it('keeps the engine order when the query sorts, and drops the subtotal rows when they are off', () => {
    const shaped = shapePivot({ rows: rowsDims, columns: ['CURRENCY'], subtotals: false }, rowTotals, cells, true);
    expect(shaped.rows.map((r) => [r.kind, r.level, ...r.labels])).toEqual([
      ['detail', 0, 'L7', 'L2025-03'], ['detail', 0, 'L7', 'L2025-01'], ['detail', 0, 'L4', 'L2025-02'], ['total', 0, 'Grand total', ''],
    ]);
  });
});

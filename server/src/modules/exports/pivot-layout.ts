import type { SpendCubeQuery, SpendDimension } from '../../generated/graphql.js';
import { isTimeDimension } from '../../core/dimensions.js';
import type { CubeResult } from '../spend/spend.service.js';
import { pivotOrder } from './pivot-order.js';

/**
 * A pivot export in the shape the explorer shows (docs/architecture.md, "Exports"): row dimensions
 * as leading columns, one column per member of the column dimension (per measure), a total column,
 * each group's subtotal row before its members and the grand total last. Every figure is a row of
 * the engine's GROUPING SETS: nothing here adds numbers up.
 */

/** Which of a pivot query's dimensions run down the rows and which one across. */
export interface PivotLayout {
  rows: SpendDimension[];
  column: SpendDimension | null;
  subtotals: boolean;
}

/** The layout of a pivot query whose column dimension is `column` (one of its dimensions, or none). */
export function pivotLayout(query: SpendCubeQuery, column: SpendDimension | null): PivotLayout {
  return { rows: query.dimensions.filter((d) => d !== column), column, subtotals: Boolean(query.subtotals) };
}

/**
 * The two cubes a shaped pivot reads, as the explorer does: row totals over the row dimensions,
 * and cells over [column, ...rows] with subtotals, so that each column's subtotals and its total
 * are the engine's too.
 */
export function pivotQueries(query: SpendCubeQuery, layout: PivotLayout, limit: number): { rowTotals: SpendCubeQuery; cells: SpendCubeQuery | null } {
  const base = { measures: query.measures, filter: query.filter, limit };
  return {
    // Subtotals always: without them on screen the details still read group by group.
    rowTotals: { ...base, dimensions: layout.rows, subtotals: true, ...(query.sort ? { sort: query.sort } : {}) },
    cells: layout.column ? { ...base, dimensions: [layout.column, ...layout.rows], subtotals: true } : null,
  };
}

export interface PivotMember {
  id: string | null;
  label: string;
}

export interface ShapedRow {
  kind: 'detail' | 'subtotal' | 'total';
  /** One label per row dimension: a subtotal names its group and says `Total` below it. */
  labels: string[];
  /** Depth in the row tree, 0 for the outermost groups and the grand total (the XLSX outline level). */
  level: number;
  /** Per column member, then the total column: one value per measure. */
  values: Array<string | null>;
}

export interface ShapedPivot {
  members: PivotMember[];
  rows: ShapedRow[];
}

const NULL_KEY = '∅';
const keyOf = (ids: ReadonlyArray<string | null>) => JSON.stringify(ids);

/** Column members in the explorer's order: by key, numbers as numbers (time keys sort in time order). */
function memberOrder(a: PivotMember, b: PivotMember): number {
  return (a.id ?? NULL_KEY).localeCompare(b.id ?? NULL_KEY, 'en', { numeric: true });
}

type CubeRow = CubeResult['rows'][number];

/** Siblings keyed by a time dimension read in time order unless the query sorts (as on screen). */
export function timeOrdered(rows: CubeRow[], sorted: boolean): CubeRow[] {
  if (sorted) return rows;
  const out: CubeRow[] = [];
  let i = 0;
  while (i < rows.length) {
    // A run of siblings: same depth, same parent keys; each is followed by its own subtree.
    const r = rows[i];
    const dimension = r.keys[r.depth - 1]?.dimension;
    if (!dimension || !isTimeDimension(dimension)) {
      out.push(r);
      i++;
      continue;
    }
    const parent = keyOf(r.keys.slice(0, r.depth - 1).map((k) => k.id));
    const blocks: CubeRow[][] = [];
    while (i < rows.length) {
      const s = rows[i];
      if (s.depth < r.depth || keyOf(s.keys.slice(0, r.depth - 1).map((k) => k.id)) !== parent) break;
      if (s.depth === r.depth) blocks.push([s]);
      else blocks[blocks.length - 1].push(s);
      i++;
    }
    blocks.sort((a, b) => memberOrder({ id: a[0].keys[r.depth - 1].id, label: '' }, { id: b[0].keys[r.depth - 1].id, label: '' }));
    for (const block of blocks) out.push(block[0], ...timeOrdered(block.slice(1), sorted));
  }
  return out;
}

/** Lays the engine's rows out as the pivot: `cells` is null without a column dimension. */
export function shapePivot(layout: PivotLayout, rowTotals: CubeResult, cells: CubeResult | null, sorted: boolean): ShapedPivot {
  const measures = rowTotals.columns.length;
  const byKey = new Map<string, Array<string | null>>();
  const members = new Map<string, PivotMember>();
  for (const r of cells?.rows ?? []) {
    if (r.depth < 1) continue;
    const member = r.keys[0];
    members.set(keyOf([member.id]), { id: member.id, label: member.label });
    byKey.set(keyOf(r.keys.slice(0, r.depth).map((k) => k.id)), r.values);
  }
  const ordered = [...members.values()].sort(memberOrder);
  const across = (prefix: Array<string | null>, total: Array<string | null>) => [
    ...ordered.flatMap((m) => byKey.get(keyOf([m.id, ...prefix])) ?? Array<string | null>(measures).fill(null)),
    ...total,
  ];
  const n = layout.rows.length;
  const tree = timeOrdered(pivotOrder(rowTotals.rows), sorted);
  const rows: ShapedRow[] = (layout.subtotals ? tree : tree.filter((r) => r.depth === n)).map((r) => {
    const prefix = r.keys.slice(0, r.depth).map((k) => k.id);
    const labels = r.keys.map((k, i) => (i < r.depth ? k.label : i === r.depth ? 'Total' : ''));
    return { kind: r.depth < n ? 'subtotal' : 'detail', labels, level: layout.subtotals ? r.depth - 1 : 0, values: across(prefix, r.values) };
  });
  rows.push({ kind: 'total', labels: ['Grand total', ...layout.rows.slice(1).map(() => '')], level: 0, values: across([], rowTotals.totals.values) });
  return { members: ordered, rows };
}

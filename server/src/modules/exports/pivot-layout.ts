import type { SpendCubeQuery, SpendDimension } from '../../generated/graphql.js';
import { isTimeDimension } from '../../core/dimensions.js';
import type { CubeResult } from '../spend/spend.service.js';
import { pivotOrder } from './pivot-order.js';

/**
 * A pivot export in the shape the explorer shows (docs/architecture.md, "Exports"): row dimensions
 * as leading columns, one column per member of the column dimension (per measure; with two column
 * dimensions each outer member's inner members, then its subtotal column), a total column,
 * each group's subtotal row before its members and the grand total last. Every figure is a row of
 * the engine's GROUPING SETS: nothing here adds numbers up.
 */

/** Which of a pivot query's dimensions run down the rows and which across (none, one, or an outer and an inner one). */
export interface PivotLayout {
  rows: SpendDimension[];
  columns: SpendDimension[];
  subtotals: boolean;
}

/** The layout of a pivot query whose column dimensions are `columns` (some of its dimensions, outermost first). */
export function pivotLayout(query: SpendCubeQuery, columns: readonly SpendDimension[]): PivotLayout {
  return { rows: query.dimensions.filter((d) => !columns.includes(d)), columns: [...columns], subtotals: Boolean(query.subtotals) };
}

/**
 * The two cubes a shaped pivot reads, as the explorer does: row totals over the row dimensions,
 * and cells over [...columns, ...rows] with subtotals crossed (`columnDimensions`), so that each
 * column's subtotals, each outer column's subtotal and each column's total are the engine's too.
 */
export function pivotQueries(query: SpendCubeQuery, layout: PivotLayout, limit: number): { rowTotals: SpendCubeQuery; cells: SpendCubeQuery | null } {
  const base = { measures: query.measures, filter: query.filter, limit };
  return {
    // Subtotals always: without them on screen the details still read group by group.
    rowTotals: { ...base, dimensions: layout.rows, subtotals: true, ...(query.sort ? { sort: query.sort } : {}) },
    cells: layout.columns.length
      // One column dimension: every prefix, as the explorer asks (the same cube, from the result cache).
      ? { ...base, dimensions: [...layout.columns, ...layout.rows], subtotals: true, ...(layout.columns.length > 1 ? { columnDimensions: layout.columns.length } : {}) }
      : null,
  };
}

/** A value column group (one column per measure): a member of the column dimension, or with two, an inner member or an outer one's subtotal. */
export interface PivotMember {
  /** The member's own key (the inner one's, or for a subtotal the outer one's). */
  id: string | null;
  label: string;
  /** Keys from the outermost column dimension down to this column. */
  path: Array<string | null>;
  /** With two column dimensions: the outer member's label. */
  group?: string;
  /** The outer member's subtotal across its inner members. */
  subtotal?: boolean;
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
const keyOf = (ids: ReadonlyArray<string | null | ReadonlyArray<string | null>>) => JSON.stringify(ids);

/** Column members in the explorer's order: by key, numbers as numbers (time keys sort in time order). */
function memberOrder(a: Pick<PivotMember, 'id'>, b: Pick<PivotMember, 'id'>): number {
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
    blocks.sort((a, b) => memberOrder({ id: a[0].keys[r.depth - 1].id }, { id: b[0].keys[r.depth - 1].id }));
    for (const block of blocks) out.push(block[0], ...timeOrdered(block.slice(1), sorted));
  }
  return out;
}

/** Lays the engine's rows out as the pivot: `cells` is null without a column dimension. */
export function shapePivot(layout: PivotLayout, rowTotals: CubeResult, cells: CubeResult | null, sorted: boolean): ShapedPivot {
  const measures = rowTotals.columns.length;
  const byKey = new Map<string, Array<string | null>>();
  const columnCount = cells ? layout.columns.length : 0;
  const outer = new Map<string, { member: PivotMember; inner: Map<string, PivotMember> }>();
  for (const r of cells?.rows ?? []) {
    const columnKeys = r.keys.slice(0, columnCount);
    // A row without a column member is a row total, read from `rowTotals`.
    if (!columnKeys.length || columnKeys[0].rolledUp) continue;
    const path = columnKeys.filter((k) => !k.rolledUp).map((k) => k.id);
    const prefix = r.keys.slice(columnCount).filter((k) => !k.rolledUp).map((k) => k.id);
    const o = columnKeys[0];
    if (!outer.has(keyOf([o.id]))) outer.set(keyOf([o.id]), { member: { id: o.id, label: o.label, path: [o.id] }, inner: new Map() });
    if (path.length === 2) {
      const i = columnKeys[1];
      outer.get(keyOf([o.id]))!.inner.set(keyOf(path), { id: i.id, label: i.label, path, group: o.label });
    }
    byKey.set(keyOf([path, prefix]), r.values);
  }
  const ordered = [...outer.values()]
    .sort((a, b) => memberOrder(a.member, b.member))
    .flatMap(({ member, inner }) => columnCount < 2
      ? [member]
      : [...[...inner.values()].sort(memberOrder), { ...member, label: `${member.label} Total`, group: member.label, subtotal: true }]);
  const across = (prefix: Array<string | null>, total: Array<string | null>) => [
    ...ordered.flatMap((m) => byKey.get(keyOf([m.path, prefix])) ?? Array<string | null>(measures).fill(null)),
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

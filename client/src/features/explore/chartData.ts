// What the explorer's chart plots: the first row dimension on the x-axis (time always in time
// order), or for a line chart over a time column, the periods on the x-axis and rows as series.
import type { SpendDimension } from '../../gql/graphql';
import { toNumber } from '../../format/numbers';
import { isTimeDimension } from './drill';
import type { ChartKind } from './explorerState';
import { TOTAL_COLUMN, type ColumnMember, type CubeColumn, type PivotNode } from './pivotModel';

/** Members drawn along a category axis; a time axis shows up to 10 years of months. */
export const MAX_POINTS = 40;
export const MAX_TIME_POINTS = 120;
/** Rows drawn as lines over a time column. */
export const MAX_SERIES = 8;

export type Point = { name: string } & Record<string, number | string | null>;

export interface ChartInput {
  root: PivotNode;
  columns: CubeColumn[];
  columnMembers: ColumnMember[];
  rowDimension: SpendDimension;
  columnDimension: SpendDimension | null;
  kind: ChartKind;
}

export interface ChartData {
  measure: CubeColumn;
  series: Array<{ key: string; name: string }>;
  data: Point[];
  /** The chart actually drawn: a line chart needs a time dimension, else bars are drawn. */
  kind: ChartKind;
  /** What was left out or changed, for the subtitle. */
  note: string | null;
}

const key = (node: PivotNode) => node.members[node.members.length - 1]?.ids[0] ?? null;

/** Periods in time order (their keys sort so), "Others" and the lines without a date after them. */
function inTimeOrder(nodes: PivotNode[]): PivotNode[] {
  const rank = (node: PivotNode) => (node.kind === 'others' ? 2 : key(node) === null ? 1 : 0);
  return [...nodes].sort((a, b) => rank(a) - rank(b) || ((key(a) ?? '') < (key(b) ?? '') ? -1 : (key(a) ?? '') > (key(b) ?? '') ? 1 : 0));
}

export function chartData({ root, columns, columnMembers, rowDimension, columnDimension, kind }: ChartInput): ChartData {
  const measure = columns[0];
  const timeRows = isTimeDimension(rowDimension);
  const timeColumns = columnDimension !== null && isTimeDimension(columnDimension);

  if (kind === 'line' && !timeRows && timeColumns) {
    // A trend of each row over the column's periods (already in time order).
    const rows = root.children.slice(0, MAX_SERIES);
    const periods = columnMembers.slice(-MAX_TIME_POINTS);
    const series = rows.map((node, index) => ({ key: `s${index}`, name: node.label }));
    const data = periods.map((period) => {
      const point: Point = { name: period.label };
      rows.forEach((node, index) => (point[`s${index}`] = toNumber(node.cells.get(period.id)?.[0])));
      return point;
    });
    const cut = [
      root.children.length > MAX_SERIES ? `first ${MAX_SERIES} rows` : null,
      columnMembers.length > MAX_TIME_POINTS ? `last ${MAX_TIME_POINTS} periods` : null,
    ].filter(Boolean);
    return { measure, series, data, kind, note: cut.length ? cut.join(', ') : null };
  }

  const series = columnMembers.length
    ? columnMembers.map((member, index) => ({ key: `s${index}`, name: member.label, column: member.id, measureIndex: 0 }))
    : columns
        .filter((col) => col.kind === measure.kind)
        .map((col, index) => ({ key: `s${index}`, name: col.label, column: TOTAL_COLUMN, measureIndex: columns.indexOf(col) }));
  const limit = timeRows ? MAX_TIME_POINTS : MAX_POINTS;
  const nodes = timeRows ? inTimeOrder(root.children) : root.children;
  // A time axis keeps its latest periods; a category axis its first members (largest, or as sorted).
  const shown = timeRows ? nodes.filter((n) => n.kind !== 'others').slice(-limit) : nodes.slice(0, limit);
  const data = shown.map((node) => {
    const point: Point = { name: node.label };
    for (const s of series) point[s.key] = toNumber(node.cells.get(s.column)?.[s.measureIndex]);
    return point;
  });
  const cut = nodes.length > shown.length ? (timeRows ? `last ${shown.length} periods` : `first ${limit} members`) : null;
  if (kind === 'line' && !timeRows) {
    return { measure, series, data, kind: 'bar', note: 'a line chart draws a trend: put Month, Quarter or Year in the rows or columns (shown as bars)' + (cut ? `; ${cut}` : '') };
  }
  return { measure, series, data, kind, note: cut };
}

// Turns flat spend-cube rows (with engine subtotals) into the explorer's hierarchy: groups per
// row dimension, one cell per column member × measure, sorted and cut to top N per level.
import type { MeasureKind, SpendDimension, SpendMeasure, SpendMemberFilter } from '../../gql/graphql';
import { isTimeDimension } from './drill';

export interface CubeKey {
  dimension: SpendDimension;
  id?: string | null;
  label: string;
  rolledUp: boolean;
}

export interface CubeRow {
  keys: CubeKey[];
  values: (string | null)[];
  depth: number;
}

export interface CubeColumn {
  measure: SpendMeasure;
  label: string;
  kind: MeasureKind;
}

export interface CubeResult {
  columns: CubeColumn[];
  rows: CubeRow[];
  totals: { values: (string | null)[] };
}

/** The column member that holds a row's totals across every column member. */
export const TOTAL_COLUMN = '__total';

/**
 * A column of the grid (each measure once under it). With two column dimensions the id is the
 * path `outer/inner`, and each outer member has a subtotal column after its inner ones, whose id is
 * the outer member's own (as Excel's PivotTable puts "2025 Total" after 2025's quarters).
 */
export interface ColumnMember {
  id: string;
  label: string;
  /** The outer member this column belongs to, with two column dimensions. */
  group?: { id: string; label: string };
  /** The outer member's subtotal across its inner members (what a folded group shows). */
  subtotal?: boolean;
}

export interface PivotNode {
  /** Path of member ids from the outermost dimension, unique in the tree. */
  id: string;
  /** 1 for the outermost dimension. */
  level: number;
  label: string;
  /** Labels from the outermost level down to this row, for the flat (no subtotals) view. */
  trail: string[];
  /** The row's own key per level (outermost first); for "Others" the last entry excludes the siblings shown (everything but the top N). */
  members: SpendMemberFilter[];
  /** Values per column member (`TOTAL_COLUMN` for the row total), one per measure. */
  cells: Map<string, (string | null)[]>;
  children: PivotNode[];
  kind: 'group' | 'detail' | 'others' | 'total';
}

export interface PivotSort {
  measure: SpendMeasure;
  /** Column member to sort by; `TOTAL_COLUMN` for the row totals. */
  column: string;
  direction: 'asc' | 'desc';
}

const NULL_KEY = '∅';

function pathOf(keys: CubeKey[], from: number, to: number): string {
  return keys
    .slice(from, to)
    .map((key) => key.id ?? NULL_KEY)
    .join('/');
}

function membersOf(keys: CubeKey[]): SpendMemberFilter[] {
  return keys.map((key) => ({ dimension: key.dimension, ids: [key.id ?? null] }));
}

/**
 * Builds the row tree. `rowTotals` is the cube over the row dimensions (subtotals on); `cells`
 * is the cube over [...column dimensions, ...row dimensions] with `columnDimensions` (subtotals on),
 * so that every cell, including subtotals, each outer column's subtotal and the per-column grand
 * total, is computed by the engine. `columnDimensionCount`: 1 or 2 (the cells' leading keys).
 */
export function buildPivot(
  rowTotals: CubeResult,
  cells: CubeResult | null,
  rowDimensionCount: number,
  columnDimensionCount = 1,
): { root: PivotNode; columnMembers: ColumnMember[] } {
  const root: PivotNode = {
    id: '',
    level: 0,
    label: 'Grand total',
    trail: [],
    members: [],
    cells: new Map([[TOTAL_COLUMN, rowTotals.totals.values]]),
    children: [],
    kind: 'total',
  };
  const byPath = new Map<string, PivotNode>([['', root]]);
  // Engine rows come sorted with subtotals among their peers; place parents before children.
  const ordered = [...rowTotals.rows].filter((row) => row.depth > 0).sort((a, b) => a.depth - b.depth);
  for (const row of ordered) {
    const path = pathOf(row.keys, 0, row.depth);
    const parent = byPath.get(pathOf(row.keys, 0, row.depth - 1));
    if (!parent) continue; // its subtotal was cut by the row limit
    const key = row.keys[row.depth - 1];
    const node: PivotNode = {
      id: path,
      level: row.depth,
      label: key.label,
      trail: row.keys.slice(0, row.depth).map((k) => k.label),
      members: membersOf(row.keys.slice(0, row.depth)),
      cells: new Map([[TOTAL_COLUMN, row.values]]),
      children: [],
      kind: row.depth < rowDimensionCount ? 'group' : 'detail',
    };
    byPath.set(path, node);
    parent.children.push(node);
  }

  const columnCount = cells ? columnDimensionCount : 0;
  const outer = new Map<string, { label: string; inner: Map<string, string> }>();
  for (const row of cells?.rows ?? []) {
    const columnKeys = row.keys.slice(0, columnCount);
    const rowKeys = row.keys.slice(columnCount);
    // Rows without a column member are the row totals, read from `rowTotals`.
    if (!columnKeys.length || columnKeys[0].rolledUp) continue;
    const columnDepth = columnKeys.filter((key) => !key.rolledUp).length;
    const rowDepth = rowKeys.filter((key) => !key.rolledUp).length;
    const outerId = columnKeys[0].id ?? NULL_KEY;
    if (!outer.has(outerId)) outer.set(outerId, { label: columnKeys[0].label, inner: new Map() });
    if (columnDepth === 2) outer.get(outerId)!.inner.set(columnKeys[1].id ?? NULL_KEY, columnKeys[1].label);
    byPath.get(pathOf(rowKeys, 0, rowDepth))?.cells.set(pathOf(columnKeys, 0, columnDepth), row.values);
  }
  const byId = (a: [string, unknown], b: [string, unknown]) => a[0].localeCompare(b[0], 'en', { numeric: true });
  const columnMembers = [...outer.entries()].sort(byId).flatMap(([id, { label, inner }]): ColumnMember[] => {
    if (columnCount < 2) return [{ id, label }];
    const group = { id, label };
    return [
      ...[...inner.entries()].sort(byId).map(([innerId, innerLabel]) => ({ id: `${id}/${innerId}`, label: innerLabel, group })),
      { id, label: `${label} Total`, group, subtotal: true },
    ];
  });
  return { root, columnMembers };
}

/** The columns shown: a folded column group (`cfold`) keeps its subtotal column only. */
export function visibleColumns(members: readonly ColumnMember[], folded: ReadonlySet<string>): ColumnMember[] {
  return members.filter((member) => !member.group || member.subtotal || !folded.has(member.group.id));
}

/** Every column group's id, for folding them all. */
export function columnGroupIds(members: readonly ColumnMember[]): string[] {
  return members.filter((member) => member.subtotal && member.group).map((member) => member.group!.id);
}

/** A Decimal string as an exact scaled integer (cents for money), so "Others" sums never use floats. */
function toScaled(value: string, scale: number): bigint {
  const negative = value.startsWith('-');
  const [whole, fraction = ''] = value.replace('-', '').split('.');
  const scaled = BigInt(whole || '0') * 10n ** BigInt(scale) + BigInt((fraction + '0'.repeat(scale)).slice(0, scale) || '0');
  return negative ? -scaled : scaled;
}

function fromScaled(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const text = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return negative ? `-${text}` : text;
}

/**
 * Which measures an "Others" row can show, with the decimals they are exact to. Only plain sums
 * add up across siblings: amounts, line counts and quantities. Ratios (coverage, share, change)
 * are left blank rather than averaged, and so are distinct supplier counts, average line amounts
 * and emissions (each row is rounded to 0.1 kg, so their sum would not be the engine's figure).
 */
const additiveScale: Partial<Record<SpendMeasure, number>> = {
  SPEND: 2, ON_CONTRACT_SPEND: 2, OFF_CONTRACT_SPEND: 2, SPEND_PREVIOUS_PERIOD: 2, EMISSIONS_UNMAPPED_SPEND: 2, LINE_COUNT: 0, QUANTITY: 6,
};

function sumValues(nodes: PivotNode[], column: string, columns: CubeColumn[]): (string | null)[] {
  return columns.map((col, index) => {
    const scale = additiveScale[col.measure];
    if (scale === undefined) return null;
    let sum = 0n;
    let any = false;
    for (const node of nodes) {
      const value = node.cells.get(column)?.[index];
      if (value) {
        sum += toScaled(value, scale);
        any = true;
      }
    }
    // A quantity nobody recorded stays unknown; money and counts are zero.
    return any || col.kind !== 'NUMBER' ? fromScaled(sum, scale) : null;
  });
}

/** Time members in time order (their keys sort so), lines without a date last. */
function byTimeKey(a: PivotNode, b: PivotNode): number {
  const ka = a.members[a.members.length - 1]?.ids[0] ?? null;
  const kb = b.members[b.members.length - 1]?.ids[0] ?? null;
  if (ka === kb) return 0;
  if (ka === null) return 1;
  if (kb === null) return -1;
  return ka < kb ? -1 : 1;
}

const labelCollator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** By label, A to Z; time members by their keys (so "Apr 2025" comes after "Mar 2025"). */
function byLabel(time: boolean) {
  return (a: PivotNode, b: PivotNode) => (time ? byTimeKey(a, b) : labelCollator.compare(a.label, b.label));
}

function levelDimension(nodes: PivotNode[]): SpendDimension | null {
  const members = nodes[0]?.members;
  return members?.length ? members[members.length - 1].dimension : null;
}

function numericValue(node: PivotNode, sort: PivotSort, measureIndex: number): number {
  const value = node.cells.get(sort.column)?.[measureIndex];
  return value === null || value === undefined ? Number.NEGATIVE_INFINITY : Number(value);
}

/** Sorts siblings at every level and keeps the `topN` largest, grouping the rest into "Others". */
export function arrangePivot(
  node: PivotNode,
  options: { sort: PivotSort | null; labelSort?: 'asc' | 'desc' | null; topN: number | null; columns: CubeColumn[]; columnIds: string[] },
): PivotNode {
  const { sort, topN, columns, labelSort } = options;
  const sortIndex = sort ? columns.findIndex((col) => col.measure === sort.measure) : -1;
  let children = node.children.map((child) => arrangePivot(child, options));
  const dimension = levelDimension(children);
  if (sort && sortIndex >= 0) {
    const sign = sort.direction === 'asc' ? 1 : -1;
    children = [...children].sort((a, b) => sign * (numericValue(a, sort, sortIndex) - numericValue(b, sort, sortIndex)));
  } else if (labelSort) {
    const compare = byLabel(Boolean(dimension && isTimeDimension(dimension)));
    const sign = labelSort === 'asc' ? 1 : -1;
    children = [...children].sort((a, b) => sign * compare(a, b));
  } else if (dimension && isTimeDimension(dimension)) {
    // Unless the user sorts by a measure, periods read in time order.
    children = [...children].sort(byTimeKey);
  }
  if (topN && children.length > topN) {
    // "Largest" follows the chosen sort measure, else the first measure, on row totals.
    const rankBy: PivotSort = sort && sortIndex >= 0 ? { ...sort, direction: 'desc' } : { measure: columns[0].measure, column: TOTAL_COLUMN, direction: 'desc' };
    const rankIndex = sort && sortIndex >= 0 ? sortIndex : 0;
    const ranked = [...children].sort((a, b) => numericValue(b, rankBy, rankIndex) - numericValue(a, rankBy, rankIndex));
    const kept = new Set(ranked.slice(0, topN));
    const rest = ranked.slice(topN);
    const othersCells = new Map<string, (string | null)[]>();
    for (const columnId of [TOTAL_COLUMN, ...options.columnIds]) othersCells.set(columnId, sumValues(rest, columnId, columns));
    const levelMembers = rest[0].members;
    const shown = ranked.slice(0, topN);
    const others: PivotNode = {
      id: `${node.id}/__others`,
      level: node.level + 1,
      label: `Others (${rest.length})`,
      trail: [...rest[0].trail.slice(0, -1), `Others (${rest.length})`],
      // "Everything but the top N": the N keys shown, excluded, so a link stays short however many the rest are.
      members: [
        ...levelMembers.slice(0, -1),
        { dimension: levelMembers[levelMembers.length - 1].dimension, ids: shown.map((r) => r.members[r.members.length - 1].ids[0] ?? null), exclude: true },
      ],
      cells: othersCells,
      children: [],
      kind: 'others',
    };
    children = [...children.filter((child) => kept.has(child)), others];
  }
  return { ...node, children };
}

export interface PivotLine {
  node: PivotNode;
  expandable: boolean;
  expanded: boolean;
}

/** The rows the grid shows: depth-first, children of collapsed groups hidden, or only details when flat. */
export function visibleLines(root: PivotNode, collapsed: ReadonlySet<string>, flat: boolean): PivotLine[] {
  const lines: PivotLine[] = [];
  const visit = (node: PivotNode) => {
    for (const child of node.children) {
      const expandable = child.children.length > 0;
      if (flat) {
        if (expandable) visit(child);
        else lines.push({ node: child, expandable: false, expanded: false });
        continue;
      }
      const expanded = expandable && !collapsed.has(child.id);
      lines.push({ node: child, expandable, expanded });
      if (expanded) visit(child);
    }
  };
  visit(root);
  return lines;
}

/** Every group id, for "collapse all". */
export function groupIds(root: PivotNode): string[] {
  const ids: string[] = [];
  const visit = (node: PivotNode) => {
    for (const child of node.children) {
      if (child.children.length) {
        ids.push(child.id);
        visit(child);
      }
    }
  };
  visit(root);
  return ids;
}

/** The members filter that drills a cell to exactly the lines behind it: its row's keys, and its column's (one or two). */
export function drillMembers(node: PivotNode, columnDimensions: readonly SpendDimension[], columnId: string): SpendMemberFilter[] {
  const members = [...node.members];
  if (columnDimensions.length && columnId !== TOTAL_COLUMN) {
    const ids = columnDimensions.length > 1 ? columnId.split('/') : [columnId];
    ids.forEach((id, index) => members.push({ dimension: columnDimensions[index], ids: [id === NULL_KEY ? null : id] }));
  }
  return members;
}

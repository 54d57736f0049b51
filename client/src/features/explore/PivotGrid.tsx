import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { DataTable, type DataColumn, type DataTableSort } from '../../components/DataTable';
import { EntityLink } from '../entities/EntityLink';
import { entityKindOf, useEntityHref, type EntityKind } from '../entities/entityLinks';
import { formatCount, formatDecimal, formatMoney, formatMoneyCompact, formatPercent, toNumber } from '../../format/numbers';
import { graphql } from '../../gql';
import type { MeasureKind, SpendMeasure } from '../../gql/graphql';
import { TOTAL_COLUMN, type ColumnMember, type CubeColumn, type PivotLine, type PivotNode, type PivotSort } from './pivotModel';
import styles from './PivotGrid.module.css';

/** What the grid needs from a cube: columns with their kinds, rows with keys and depth, totals. */
export const PivotGridCubeFragment = graphql(`
  fragment PivotGrid_cube on SpendCube {
    currency
    truncated
    columns {
      measure
      label
      kind
      unit
    }
    rows {
      keys {
        dimension
        id
        label
        rolledUp
      }
      values
      depth
    }
    totals {
      values
    }
    previousPeriod {
      dateFrom
      dateTo
      months
      days
    }
  }
`);

export function formatMeasure(value: string | null | undefined, kind: MeasureKind, currency: string): string {
  if (value === null || value === undefined) return '—';
  if (kind === 'MONEY') return formatMoney(value, currency);
  if (kind === 'RATIO') return formatPercent(value);
  if (kind === 'NUMBER') return formatDecimal(value);
  return formatCount(toNumber(value));
}

const columnSeparator = '|';

export function pivotColumnId(columnId: string, measure: SpendMeasure): string {
  return `${columnId}${columnSeparator}${measure}`;
}

export function parsePivotColumnId(id: string): { column: string; measure: SpendMeasure } | null {
  const at = id.lastIndexOf(columnSeparator);
  return at < 0 ? null : { column: id.slice(0, at), measure: id.slice(at + 1) as SpendMeasure };
}

interface PivotGridProps {
  lines: PivotLine[];
  root: PivotNode;
  columns: CubeColumn[];
  /** The columns shown (a folded column group's inner members left out: `visibleColumns`). */
  columnMembers: ColumnMember[];
  /** With two column dimensions: the outer members folded to their subtotal column (`cfold`). */
  foldedColumns?: ReadonlySet<string>;
  onToggleColumnGroup?(groupId: string, expand?: boolean): void;
  currency: string;
  /** Shows every detail row with its full path instead of the nested groups. */
  flat: boolean;
  sort: PivotSort | null;
  onSort(sort: PivotSort | null): void;
  /** Rows by label at every level (the "Rows" header, or the panel's row order). */
  labelSort: 'asc' | 'desc' | null;
  onLabelSort(labelSort: 'asc' | 'desc' | null): void;
  onToggle(node: PivotNode, expand?: boolean): void;
  onDrill(node: PivotNode, columnId: string, measure: SpendMeasure): void;
}

/** The supplier, category or contract a row stands for, when it has a page (not totals, Others or empty keys). */
function entityOf(node: PivotNode): { kind: EntityKind; id: string } | null {
  if (node.kind !== 'group' && node.kind !== 'detail') return null;
  const member = node.members[node.members.length - 1];
  const kind = member ? entityKindOf(member.dimension) : null;
  const id = member?.ids[0];
  return kind && id ? { kind, id } : null;
}

function RowLabel({ line, flat, onToggle }: { line: PivotLine; flat: boolean; onToggle(node: PivotNode): void }) {
  const { node } = line;
  if (node.kind === 'total') return <span className={`${styles.root} pivot-label--total`}>Grand total</span>;
  const indent = flat ? 0 : (node.level - 1) * 18;
  const entity = entityOf(node);
  return (
    <span className={styles.root} style={{ paddingLeft: indent }} title={node.trail.join(' › ')}>
      {line.expandable ? (
        <button
          type="button"
          className={styles.toggle}
          tabIndex={-1}
          aria-label={`${line.expanded ? 'Collapse' : 'Expand'} ${node.label}`}
          aria-expanded={line.expanded}
          onClick={(event) => {
            event.stopPropagation();
            onToggle(node);
          }}
        >
          {line.expanded ? '▾' : '▸'}
        </button>
      ) : (
        !flat && <span className={styles.spacer} aria-hidden="true" />
      )}
      <span className="pivot-label__text">
        {flat && node.trail.length > 1 && `${node.trail.slice(0, -1).join(' › ')} › `}
        {entity ? (
          <EntityLink kind={entity.kind} id={entity.id} tabIndex={-1} title={`Open ${node.label} (Shift+Enter)`}>
            {node.label}
          </EntityLink>
        ) : (
          node.label
        )}
      </span>
    </span>
  );
}

/**
 * A matrix of many columns (e.g. 12 months and a total) is laid out compactly so it is read without
 * scrolling at 1280 px: money as `€1.2M` with the exact figure in the cell's title, narrower value
 * columns and a narrower label column whose names end in an ellipsis (the full path is their title).
 */
const COMPACT_FROM_COLUMNS = 10;

/**
 * Horizontal padding of a compact value cell (styles.css), plus a pixel to spare, and what a
 * header's text needs besides itself: its padding, or in a compact matrix part of it (a header's
 * text may run into its padding; a cell's may not, as cells clip).
 */
const CELL_PADDING_PX = 11;
const HEADER_PADDING_PX = 20;
const COMPACT_HEADER_PADDING_PX = 8;

let measuring: HTMLSpanElement | null = null;

/**
 * The width of `text` set in the page's font at `size` px and `weight` (figures in tabular digits,
 * as the grid sets them), measured in an invisible span. Without a document, a wide estimate.
 */
function textWidth(text: string, size: number, weight: number): number {
  if (typeof document === 'undefined') return text.length * size * 0.7;
  if (measuring === null || !measuring.isConnected) {
    measuring = document.createElement('span');
    measuring.setAttribute('aria-hidden', 'true');
    measuring.style.cssText = 'position:absolute;left:-10000px;top:0;visibility:hidden;white-space:pre;font-variant-numeric:tabular-nums';
    document.body.append(measuring);
  }
  measuring.style.fontSize = `${size}px`;
  measuring.style.fontWeight = String(weight);
  measuring.textContent = text;
  return measuring.getBoundingClientRect().width;
}

/** Per measure, the largest and smallest value over every cell of the tree (any column member), in one walk. */
function valueRanges(root: PivotNode, measures: number): { max: number; min: number }[] {
  const ranges = Array.from({ length: measures }, () => ({ max: 0, min: 0 }));
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    for (const values of node.cells.values()) {
      for (let i = 0; i < measures; i++) {
        const v = toNumber(values[i]);
        if (v === null) continue;
        if (v > ranges[i].max) ranges[i].max = v;
        if (v < ranges[i].min) ranges[i].min = v;
      }
    }
    for (const child of node.children) stack.push(child);
  }
  return ranges;
}

/** The deepest level of the tree's rows (1 for one row dimension). */
function deepestLevel(node: PivotNode): number {
  let deepest = node.level;
  for (const child of node.children) deepest = Math.max(deepest, deepestLevel(child));
  return deepest;
}

/** The fold control of a column group, over its first column (mouse; by keyboard, − and + on any of its headers). */
function ColumnGroupToggle({ group, folded, onToggle }: { group: { id: string; label: string }; folded: boolean; onToggle(groupId: string): void }) {
  return (
    <button
      type="button"
      className={styles.toggle}
      tabIndex={-1}
      aria-label={`${folded ? 'Expand' : 'Collapse'} ${group.label}`}
      aria-expanded={!folded}
      onClick={(event) => {
        event.stopPropagation();
        onToggle(group.id);
      }}
      data-testid={`fold-column-${group.id}`}
    >
      {folded ? '▸' : '▾'}
    </button>
  );
}

function usePivotColumns(props: PivotGridProps): DataColumn<PivotLine>[] {
  const { columns, columnMembers, currency, flat, onToggle, root, foldedColumns, onToggleColumnGroup } = props;
  return useMemo(() => {
    const compact = (columnMembers.length + 1) * columns.length >= COMPACT_FROM_COLUMNS;
    const text = (value: string | number | null | undefined, kind: MeasureKind) =>
      compact && kind === 'MONEY' ? formatMoneyCompact(value, currency) : formatMeasure(value === null || value === undefined ? value : String(value), kind, currency);
    // Each measure's columns are as wide as its widest figure (largest or most negative), its
    // label, and, with one measure per member, the member's name (e.g. "Sept 2026").
    const longestGroup = columns.length === 1 ? columnMembers.reduce((a, m) => (m.label.length > a.length ? m.label : a), '') : '';
    const ranges = valueRanges(root, columns.length);
    const widths = columns.map((col, index) => {
      const { max, min } = ranges[index];
      // Subtotals and the grand total are bold (styles.css, .pivot-row--total).
      const figure = Math.max(textWidth(text(max, col.kind), 13, 600), textWidth(text(min, col.kind), 13, 600));
      const floor = compact ? 48 : col.kind === 'MONEY' ? 150 : 110;
      const headerPadding = compact ? COMPACT_HEADER_PADDING_PX : HEADER_PADDING_PX;
      return Math.ceil(
        Math.max(floor, figure + CELL_PADDING_PX, textWidth(col.label, 12, 600) + headerPadding, textWidth(longestGroup, 11, 500) + headerPadding),
      );
    });
    const format = (value: string | null | undefined, kind: MeasureKind) =>
      compact && kind === 'MONEY' && value !== null && value !== undefined ? (
        <span className="pivot-compact" title={formatMeasure(value, kind, currency)}>{formatMoneyCompact(value, currency)}</span>
      ) : (
        formatMeasure(value, kind, currency)
      );
    // In the tree each level is indented 18 px (RowLabel): the column grows by that much per level
    // below the first, so the innermost names (suppliers under categories and units) keep their width.
    const extraLevels = flat ? 0 : Math.max(0, deepestLevel(root) - 1);
    const label: DataColumn<PivotLine> = {
      id: 'label',
      header: 'Rows',
      meta: { width: (compact ? (flat ? 240 : 160) : flat ? 420 : 320) + extraLevels * 18, sortable: true },
      cell: ({ row }) => <RowLabel line={row.original} flat={flat} onToggle={onToggle} />,
    };
    // Two column dimensions: each column names its outer member above its own (Excel's "Grand Total" at the far right).
    const twoLevels = columnMembers.some((member) => member.group);
    const memberColumns: ColumnMember[] = [...columnMembers, { id: TOTAL_COLUMN, label: twoLevels ? 'Grand total' : 'Total' }];
    const measureColumns = memberColumns.flatMap((member, memberIndex) =>
      columns.map((col, index): DataColumn<PivotLine> => {
        const groupStarts = member.group?.id !== memberColumns[memberIndex - 1]?.group?.id;
        const first = groupStarts && index === 0;
        return {
          id: pivotColumnId(member.id, col.measure),
          header: col.label,
          meta: {
            width: widths[index] + (twoLevels && first && member.group ? 22 : 0),
            align: 'right',
            sortable: true,
            group: columnMembers.length ? member.label : undefined,
            groupPart: columnMembers.length && columns.length > 1 ? (index === 0 ? 'first' : 'rest') : undefined,
            ...(twoLevels ? { supergroup: member.group?.label ?? '', supergroupPart: first ? ('first' as const) : ('rest' as const) } : {}),
            headerAction:
              twoLevels && first && member.group && onToggleColumnGroup ? (
                <ColumnGroupToggle group={member.group} folded={foldedColumns?.has(member.group.id) ?? false} onToggle={(id) => onToggleColumnGroup(id)} />
              ) : undefined,
          },
          cell: ({ row }) => {
            const value = row.original.node.cells.get(member.id)?.[index];
            return row.original.node.kind === 'others' && (value === null || value === undefined) ? '' : format(value, col.kind);
          },
        };
      }),
    );
    return [label, ...measureColumns];
  }, [columns, columnMembers, currency, flat, onToggle, root, foldedColumns, onToggleColumnGroup]);
}

function nextSort(current: PivotSort | null, column: string, measure: SpendMeasure): PivotSort | null {
  if (!current || current.column !== column || current.measure !== measure) return { measure, column, direction: 'desc' };
  if (current.direction === 'desc') return { measure, column, direction: 'asc' };
  return null;
}

/** The pivot as a virtualised grid: nested rows, subtotals in bold, grand total pinned at the bottom. */
export function PivotGrid(props: PivotGridProps) {
  const { lines, root, sort, onSort, labelSort, onLabelSort, onToggle, onDrill, columnMembers, onToggleColumnGroup } = props;
  const navigate = useNavigate();
  const hrefOf = useEntityHref();
  const open = (node: PivotNode): boolean => {
    const entity = entityOf(node);
    if (entity) void navigate(hrefOf(entity.kind, entity.id));
    return entity !== null;
  };
  const tableColumns = usePivotColumns(props);
  // Header, rows and grand total, with room for a sideways scrollbar.
  const contentHeight = Math.max(220, (lines.length + 2) * 34 + 12);
  const totalLine = useMemo<PivotLine>(() => ({ node: root, expandable: false, expanded: false }), [root]);
  const tableSort: DataTableSort | null = sort
    ? { columnId: pivotColumnId(sort.column, sort.measure), direction: sort.direction }
    : labelSort
      ? { columnId: 'label', direction: labelSort }
      : null;

  return (
    <DataTable
      label="Spend pivot"
      testId="pivot-grid"
      perfMark="pivot"
      rows={lines}
      columns={tableColumns}
      footerRow={totalLine}
      getRowId={(line) => line.node.id || '__grand-total'}
      rowClassName={(line) => `pivot-row pivot-row--${line.node.kind}`}
      sort={tableSort}
      // At least 640 px (or all the rows, if fewer), and down to the window's bottom on a tall screen,
      // leaving room for the hint under the grid and the card's edge.
      height={Math.min(640, contentHeight)}
      fillWindow={{ below: 48, max: contentHeight }}
      onSortClick={(columnId) => {
        // The "Rows" header: A to Z, Z to A, then back to the default order.
        if (columnId === 'label') return onLabelSort(labelSort === null ? 'asc' : labelSort === 'asc' ? 'desc' : null);
        const parsed = parsePivotColumnId(columnId);
        if (parsed) onSort(nextSort(sort, parsed.column, parsed.measure));
      }}
      onActivateCell={(line, columnId) => {
        if (columnId === 'label') {
          // A group's label expands it (its name is a link); a leaf's opens what it names.
          if (line.expandable) onToggle(line.node);
          else open(line.node);
          return;
        }
        const parsed = parsePivotColumnId(columnId);
        if (parsed) onDrill(line.node, parsed.column, parsed.measure);
      }}
      onHeaderKey={(columnId, key) => {
        // − folds the column group of the focused header to its subtotal, + unfolds it.
        if (!onToggleColumnGroup || !['-', '+', '='].includes(key)) return false;
        const parsed = parsePivotColumnId(columnId);
        const group = parsed && columnMembers.find((member) => member.id === parsed.column)?.group;
        if (!group) return false;
        onToggleColumnGroup(group.id, key !== '-');
        return true;
      }}
      onRowKey={(line, columnId, key, { shiftKey }) => {
        if (columnId === 'label' && key === 'Enter' && shiftKey) return open(line.node);
        if (columnId !== 'label' || !line.expandable) return false;
        if (key === 'ArrowRight' && !line.expanded) onToggle(line.node, true);
        else if (key === 'ArrowLeft' && line.expanded) onToggle(line.node, false);
        else return false;
        return true;
      }}
    />
  );
}

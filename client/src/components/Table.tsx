import { createSortedRowModel, rowSortingFeature, tableFeatures, useTable, type ColumnDef, type Row, type RowData, type SortingState, type Updater } from '@tanstack/react-table';
import { useMemo, type HTMLAttributes, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { columnClasses, compareCellValues, formatCellValue, type CellValue, type TableColumn, type TableColumnMeta } from './tableColumns';
import { ScrollBox } from './ScrollBox';
import styles from './Table.module.css';

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  columnMeta: {} as TableColumnMeta,
});
type Features = typeof features;

/** Extra attributes of a row: test ids, data attributes, a highlight class. */
export type TableRowProps = HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | number | undefined>;

interface TableProps<TRow extends RowData> {
  rows: readonly TRow[];
  columns: TableColumn<TRow>[];
  getRowId(row: TRow, index: number): string;
  /** `roomy` (default) for lists people read; `dense` for data people check row by row. */
  density?: 'roomy' | 'dense';
  /** Headers stay in view while the rows scroll inside a box of limited height. */
  stickyHead?: boolean;
  /** Extra classes on the table (column widths of one screen). */
  className?: string;
  /**
   * A scrolling box around the table, `framed` with the console's border. With a label it becomes
   * a focusable region, so keyboard users can scroll a tall or wide table.
   */
  scroll?: { className?: string; label?: string; framed?: boolean };
  testId?: string;
  /** Accessible name of the table itself. */
  label?: string;
  rowProps?(row: TRow): TableRowProps;
  /** Shown in place of the rows when there are none. */
  empty?: ReactNode;
  /** Order before the user picks one; rows stay in the given order otherwise. */
  initialSort?: { columnId: string; direction: 'asc' | 'desc' };
  /**
   * A list sorted by the server (paged): the order the rows come in. Headers show it, and a
   * click asks for another through `onSortChange` instead of reordering the rows loaded.
   */
  serverSort?: { columnId: string; direction: 'asc' | 'desc' };
  onSortChange?(sort: { columnId: string; direction: 'asc' | 'desc' }): void;
  /**
   * The row stands for something to open: a click anywhere on it (outside its own controls), or
   * Enter when it has focus, calls this. Rows become focusable.
   */
  onRowActivate?(row: TRow): void;
  /** Accessible description of what activating a row does, e.g. "Open the batch". */
  rowActionLabel?(row: TRow): string;
}

// Clicks on a row's own controls are theirs, not the row's.
const interactive = 'a, button, input, select, textarea, label, summary, [role="button"]';

/** What a column shows for a row: its own cell, else its value formatted. */
function cellContent<TRow extends RowData>(column: TableColumn<TRow>, row: TRow): ReactNode {
  return column.cell ? column.cell(row) : formatCellValue(column.value?.(row), column.meta?.format);
}

function toColumnDef<TRow extends RowData>(column: TableColumn<TRow>): ColumnDef<Features, TRow> {
  const meta = column.meta ?? {};
  const numeric = Boolean(meta.numeric);
  return {
    id: column.id,
    header: column.header,
    accessorFn: (row: TRow) => column.value?.(row),
    meta,
    enableSorting: Boolean(meta.sortable && column.value),
    sortDescFirst: meta.sortDescFirst ?? false,
    sortUndefined: 'last',
    sortFn: (a: Row<Features, TRow>, b: Row<Features, TRow>, id: string) =>
      compareCellValues(a.getValue<CellValue>(id), b.getValue<CellValue>(id), numeric),
  } as ColumnDef<Features, TRow>;
}

/** Tones for a cell's content: faint text, no wrapping, wrapping anywhere, code, a second line under the main text. */
export const cellTone = {
  muted: styles.muted, nowrap: styles.nowrap, breakAnywhere: styles.breakAnywhere, code: styles.code, sub: styles.sub, wide: styles.wide, wideOnly: styles.wideOnly,
} as const;

/**
 * The console's plain table: TanStack Table for columns, cells and client-side sorting over
 * rows already loaded (server-paged lists keep the server's order). Sortable headers are buttons
 * with `aria-sort`; rows that open something are focusable and open on Enter or a click.
 * Large or virtualised grids use `DataTable` instead.
 */
export function Table<TRow extends RowData>(props: TableProps<TRow>) {
  const { columns, onRowActivate } = props;
  const columnDefs = useMemo(() => columns.map(toColumnDef), [columns]);
  const columnsById = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns]);
  const data = useMemo(() => [...props.rows], [props.rows]);
  const initialSorting: SortingState = props.initialSort ? [{ id: props.initialSort.columnId, desc: props.initialSort.direction === 'desc' }] : [];
  const { serverSort, onSortChange } = props;
  const serverSorting: SortingState | null = serverSort ? [{ id: serverSort.columnId, desc: serverSort.direction === 'desc' }] : null;
  const table = useTable({
    features,
    columns: columnDefs,
    data,
    getRowId: (row: TRow, index: number) => props.getRowId(row, index),
    initialState: { sorting: initialSorting },
    enableSortingRemoval: false,
    ...(serverSorting
      ? {
          manualSorting: true,
          state: { sorting: serverSorting },
          onSortingChange: (updater: Updater<SortingState>) => {
            const [next] = typeof updater === 'function' ? updater(serverSorting) : updater;
            if (next) onSortChange?.({ columnId: next.id, direction: next.desc ? 'desc' : 'asc' });
          },
        }
      : {}),
  });
  const rows = table.getRowModel().rows;
  const alignClasses = { right: styles.right, numeric: styles.numeric };

  function activateFromClick(event: MouseEvent<HTMLTableRowElement>, row: TRow) {
    if ((event.target as Element).closest(interactive)) return;
    onRowActivate?.(row);
  }

  function activateFromKey(event: KeyboardEvent<HTMLTableRowElement>, row: TRow) {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onRowActivate?.(row);
    }
  }

  const tableElement = (
    <table
      className={[styles.table, styles[props.density ?? 'roomy'], props.stickyHead ? styles.stickyHead : '', props.className ?? ''].filter(Boolean).join(' ')}
      data-testid={props.testId}
      aria-label={props.label}
    >
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => {
              const meta = header.column.columnDef.meta;
              const sorted = header.column.getIsSorted();
              const canSort = header.column.getCanSort();
              const label = header.column.columnDef.header as string;
              return (
                <th
                  key={header.id}
                  scope="col"
                  className={columnClasses(meta, alignClasses)}
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : canSort ? 'none' : undefined}
                  data-col={header.column.id}
                  title={meta?.headerTitle}
                >
                  {meta?.hideHeader ? (
                    <span className="visually-hidden">{label}</span>
                  ) : canSort ? (
                    <button type="button" className={styles.sort} onClick={() => header.column.toggleSorting()} data-testid={`sort-${header.column.id}`}>
                      {label}
                      <span className={styles.sortMark} aria-hidden="true">
                        {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                      </span>
                    </button>
                  ) : (
                    label
                  )}
                </th>
              );
            })}
          </tr>
        ))}
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={columns.length} className={styles.empty} data-testid={props.testId ? `${props.testId}-empty` : undefined}>
              {props.empty ?? 'Nothing to show.'}
            </td>
          </tr>
        ) : (
          rows.map((row) => {
            const own = props.rowProps?.(row.original) ?? {};
            const activatable = onRowActivate
              ? {
                  tabIndex: 0,
                  className: [own.className, styles.activatable].filter(Boolean).join(' '),
                  onClick: (event: MouseEvent<HTMLTableRowElement>) => activateFromClick(event, row.original),
                  onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => activateFromKey(event, row.original),
                  'aria-label': props.rowActionLabel?.(row.original),
                }
              : {};
            return (
              <tr key={row.id} {...own} {...activatable}>
                {row.getAllCells().map((cell) => {
                  const meta = cell.column.columnDef.meta;
                  const Cell = meta?.rowHeader ? 'th' : 'td';
                  return (
                    <Cell key={cell.id} scope={meta?.rowHeader ? 'row' : undefined} className={columnClasses(meta, alignClasses)}>
                      {/* Called, not mounted as FlexRender would: a cell keeps its state and focus when a screen rebuilds its columns (docs/styles.md). */}
                      {cellContent(columnsById.get(cell.column.id)!, row.original)}
                    </Cell>
                  );
                })}
              </tr>
            );
          })
        )}
      </tbody>
    </table>
  );

  // A table wider than its card (a phone) scrolls sideways inside its own box, never the page.
  if (!props.scroll) return <div className={styles.fit}>{tableElement}</div>;
  const className = [props.scroll.framed ? styles.frame : '', props.scroll.className ?? ''].filter(Boolean).join(' ') || undefined;
  return (
    <ScrollBox className={className} label={props.scroll.label}>
      {tableElement}
    </ScrollBox>
  );
}

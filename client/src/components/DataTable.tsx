import { tableFeatures, useTable, type DisplayColumnDef, type RowData } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';

/** What a column tells the grid besides its content (TanStack `columnMeta` slot). */
export interface DataColumnMeta {
  width: number;
  align?: 'left' | 'right';
  /** Header can be clicked to sort by this column. */
  sortable?: boolean;
  /** Small line above the header label (e.g. the column member "2025"). */
  group?: string;
  /**
   * Where this column sits in a run of columns with the same `group`: the first shows the group's
   * name (which may run on over the others) after a divider; the others show it to screen readers only.
   */
  groupPart?: 'first' | 'rest';
  /** A line above `group` (e.g. the outer column member "2025" over its quarters), shown the same way, with its own `supergroupPart`. */
  supergroup?: string;
  supergroupPart?: 'first' | 'rest';
  /** A control before the header's label and outside its sort button (e.g. fold the column group); keep it out of the tab order. */
  headerAction?: ReactNode;
  /** Shown in the header instead of the label (e.g. a select-all checkbox); the label stays its accessible name. */
  headerContent?: ReactNode;
}

const features = tableFeatures({ columnMeta: {} as DataColumnMeta });

const groupClass = (meta: DataColumnMeta) =>
  (meta.groupPart === 'first' ? ' data-table__cell--group-first' : meta.groupPart === 'rest' ? ' data-table__cell--group-rest' : '') +
  (meta.supergroupPart === 'first' ? ' data-table__cell--supergroup-first' : '');
export type DataTableFeatures = typeof features;
export type DataColumn<TRow extends RowData> = DisplayColumnDef<DataTableFeatures, TRow> & { id: string; header: string; meta: DataColumnMeta };

export interface DataTableSort {
  columnId: string;
  direction: 'asc' | 'desc';
}

interface DataTableProps<TRow extends RowData> {
  label: string;
  rows: TRow[];
  columns: DataColumn<TRow>[];
  getRowId(row: TRow, index: number): string;
  /** A row kept in view at the bottom (grand total). */
  footerRow?: TRow;
  rowClassName?(row: TRow): string;
  /** Click, or Enter on the focused cell. */
  onActivateCell?(row: TRow, columnId: string): void;
  /** Keys the page handles on the focused row (e.g. ←/→ to collapse or expand a group in the first column). */
  onRowKey?(row: TRow, columnId: string, key: string, modifiers: { shiftKey: boolean }): boolean;
  /** Keys the page handles on the focused header (e.g. − and + to fold or unfold a column group). */
  onHeaderKey?(columnId: string, key: string): boolean;
  sort?: DataTableSort | null;
  onSortClick?(columnId: string): void;
  /** Scrolling came near the last loaded row (server-paginated lists). */
  onEndReached?(): void;
  /** Rows exist beyond those loaded: a placeholder row shows at the end. */
  hasMore?: boolean;
  height?: number;
  /**
   * Grow past `height` to end `below` px above the window's bottom (room for what the page shows
   * under the grid), but no taller than `max` (all the rows): a tall screen shows more rows.
   */
  fillWindow?: { below: number; max: number };
  rowHeight?: number;
  testId?: string;
  /** Names the performance marks set when rows are committed (benchmarks read them). */
  perfMark?: string;
}

/** The grid's one focused cell; row -1 is the header row (its sortable headers sort on Enter or Space). */
interface FocusedCell {
  row: number;
  col: number;
}

/** Row index of the header row in `FocusedCell`. */
const HEADER_ROW = -1;

/**
 * How tall an element may be to end `below` px above the window's bottom, from where it starts on
 * the page; measured again when the window or the page's layout changes size. 0 when `below` is
 * undefined.
 */
function useRoomToWindowBottom(element: RefObject<HTMLElement | null>, below: number | undefined): number {
  const [room, setRoom] = useState(0);
  useLayoutEffect(() => {
    const node = element.current;
    if (below === undefined || !node) return;
    const measure = () => setRoom(Math.floor(window.innerHeight - below - (node.getBoundingClientRect().top + window.scrollY)));
    // Fires once on observe, then on each change of the page's size (a filter bar that wraps moves the grid).
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [element, below]);
  return room;
}

/**
 * The one grid of the console: TanStack Table for columns and cells, TanStack Virtual for rows
 * and columns (the first column stays pinned), a pinned footer row, roving keyboard focus that
 * reaches the header row too (WAI-ARIA grid pattern), so columns sort from the keyboard.
 */
export function DataTable<TRow extends RowData>(props: DataTableProps<TRow>) {
  const { rows, columns, footerRow, rowHeight = 34, height: givenHeight = 560, fillWindow, sort } = props;
  const data = useMemo(() => (footerRow ? [...rows, footerRow] : rows), [rows, footerRow]);
  const table = useTable({ features, columns, data, getRowId: (row, index) => props.getRowId(row, index) });
  const tableRows = table.getRowModel().rows;
  const bodyRows = footerRow ? tableRows.slice(0, -1) : tableRows;
  const footer = footerRow ? tableRows[tableRows.length - 1] : undefined;
  const gridId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const room = useRoomToWindowBottom(scrollRef, fillWindow?.below);
  const height = fillWindow ? Math.min(fillWindow.max, Math.max(givenHeight, room)) : givenHeight;
  const [focused, setFocused] = useState<FocusedCell>({ row: 0, col: 0 });

  const pinned = columns[0];
  const scrolling = columns.slice(1);
  const pinnedWidth = pinned?.meta.width ?? 0;
  const bodyCount = bodyRows.length + (props.hasMore ? 1 : 0);

  // The virtualizer is read during render on purpose (it drives what is rendered), so the compiler may skip this component.
  // eslint-disable-next-line react-hooks/incompatible-library
  const rowVirtualizer = useVirtualizer({
    count: bodyCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: scrolling.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => scrolling[index]?.meta.width ?? 120,
    overscan: 3,
  });
  // Column widths change with the measures chosen; re-measure when the set of columns changes.
  useEffect(() => columnVirtualizer.measure(), [columns, columnVirtualizer]);

  const virtualRows = rowVirtualizer.getVirtualItems();
  const virtualColumns = columnVirtualizer.getVirtualItems();
  const lastVirtualRow = virtualRows[virtualRows.length - 1];
  const { onEndReached } = props;
  useEffect(() => {
    if (onEndReached && lastVirtualRow && lastVirtualRow.index >= bodyRows.length - 40) onEndReached();
  }, [onEndReached, lastVirtualRow, bodyRows.length]);

  const { perfMark } = props;
  useLayoutEffect(() => {
    if (!perfMark || !rows.length) return;
    performance.mark(`${perfMark}:committed`);
    requestAnimationFrame(() => setTimeout(() => performance.mark(`${perfMark}:painted`), 0));
  }, [perfMark, rows]);

  const totalWidth = pinnedWidth + columnVirtualizer.getTotalSize();
  const leftPad = virtualColumns[0]?.start ?? 0;
  const rightPad = columnVirtualizer.getTotalSize() - (virtualColumns[virtualColumns.length - 1]?.end ?? 0);
  const lastRowIndex = bodyRows.length - 1 + (footer ? 1 : 0);
  // An empty grid keeps its focus in the header row.
  const focusRow = Math.max(HEADER_ROW, Math.min(focused.row, lastRowIndex));
  const focusCol = Math.min(focused.col, columns.length - 1);
  const rowAt = (index: number) => (index < bodyRows.length ? bodyRows[index] : footer);
  const cellId = (rowIndex: number, colIndex: number) => (rowIndex === HEADER_ROW ? `${gridId}-h-c${colIndex}` : `${gridId}-r${rowIndex}-c${colIndex}`);

  function moveFocus(row: number, col: number) {
    const next = { row: Math.max(HEADER_ROW, Math.min(row, lastRowIndex)), col: Math.max(0, Math.min(col, columns.length - 1)) };
    setFocused(next);
    // The header is sticky: moving up into it leaves the rows where they are.
    if (next.row >= 0 && next.row < bodyRows.length) rowVirtualizer.scrollToIndex(next.row, { align: 'auto' });
    if (next.col > 0) columnVirtualizer.scrollToIndex(next.col - 1, { align: 'auto' });
  }

  /** Enter or Space on a header: what a click on it does (sort, or the header's own control such as a select-all box). */
  function activateHeader(colIndex: number) {
    const header = document.getElementById(cellId(HEADER_ROW, colIndex));
    (header?.querySelector<HTMLElement>('.data-table__sort') ?? header?.querySelector<HTMLElement>('button, input'))?.click();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const row = focusRow === HEADER_ROW ? undefined : rowAt(focusRow);
    const column = columns[focusCol];
    // (A key on a control in the header, such as the select-all box, is that control's.)
    if (focusRow === HEADER_ROW && (event.key === 'Enter' || event.key === ' ') && event.target === event.currentTarget) {
      event.preventDefault();
      activateHeader(focusCol);
      return;
    }
    if (focusRow === HEADER_ROW && column && event.target === event.currentTarget && props.onHeaderKey?.(column.id, event.key)) {
      event.preventDefault();
      return;
    }
    if (row && column && props.onRowKey?.(row.original, column.id, event.key, { shiftKey: event.shiftKey })) {
      event.preventDefault();
      return;
    }
    const page = Math.max(1, Math.floor(height / rowHeight) - 2);
    const moves: Record<string, FocusedCell> = {
      ArrowDown: { row: focusRow + 1, col: focusCol },
      ArrowUp: { row: focusRow - 1, col: focusCol },
      ArrowRight: { row: focusRow, col: focusCol + 1 },
      ArrowLeft: { row: focusRow, col: focusCol - 1 },
      PageDown: { row: focusRow + page, col: focusCol },
      PageUp: { row: focusRow - page, col: focusCol },
      Home: { row: event.ctrlKey ? HEADER_ROW : focusRow, col: 0 },
      End: { row: event.ctrlKey ? lastRowIndex : focusRow, col: columns.length - 1 },
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      moveFocus(move.row, move.col);
    } else if (event.key === 'Enter' && row && column) {
      event.preventDefault();
      props.onActivateCell?.(row.original, column.id);
    }
  }

  function renderCells(row: (typeof tableRows)[number], rowIndex: number): ReactNode {
    const cells = row.getAllCells();
    const cellProps = (colIndex: number) => {
      const column = columns[colIndex];
      const isFocused = focusRow === rowIndex && focusCol === colIndex;
      return {
        id: cellId(rowIndex, colIndex),
        role: 'gridcell',
        'aria-colindex': colIndex + 1,
        'aria-selected': isFocused,
        'data-col': column.id,
        className: `data-table__cell data-table__cell--${column.meta.align ?? 'left'}${isFocused ? ' data-table__cell--focused' : ''}${colIndex === 0 ? ' data-table__cell--pinned' : ''}${groupClass(column.meta)}`,
        style: { width: column.meta.width, minWidth: column.meta.width },
        onClick: () => {
          setFocused({ row: rowIndex, col: colIndex });
          props.onActivateCell?.(row.original, column.id);
        },
      };
    };
    return (
      <>
        {cells[0] && (
          <div {...cellProps(0)}>
            <table.FlexRender cell={cells[0]} />
          </div>
        )}
        <div style={{ width: leftPad, flex: 'none' }} />
        {virtualColumns.map((virtualColumn) => {
          const colIndex = virtualColumn.index + 1;
          const cell = cells[colIndex];
          return cell ? (
            <div key={cell.id} {...cellProps(colIndex)}>
              <table.FlexRender cell={cell} />
            </div>
          ) : null;
        })}
        <div style={{ width: rightPad, flex: 'none' }} />
      </>
    );
  }

  const headerCell = (column: DataColumn<TRow>, colIndex: number) => {
    const sorted = sort?.columnId === column.id ? sort.direction : null;
    const isFocused = focusRow === HEADER_ROW && focusCol === colIndex;
    const content = column.meta.headerContent ?? (
      <>
        {column.meta.supergroup !== undefined && (
          <span className={column.meta.supergroupPart === 'rest' ? 'data-table__header-group data-table__header-group--rest' : 'data-table__header-group'}>
            {column.meta.supergroupPart === 'rest' ? <span className="visually-hidden">{column.meta.supergroup}</span> : column.meta.supergroup}
          </span>
        )}
        {column.meta.group && (
          <span className={column.meta.groupPart === 'rest' ? 'data-table__header-group data-table__header-group--rest' : 'data-table__header-group'}>
            {column.meta.groupPart === 'rest' ? <span className="visually-hidden">{column.meta.group}</span> : column.meta.group}
          </span>
        )}
        <span className="data-table__header-label">
          {column.header}
          {sorted && <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : ' ▼'}</span>}
        </span>
      </>
    );
    return (
      <div
        key={column.id}
        id={cellId(HEADER_ROW, colIndex)}
        role="columnheader"
        aria-colindex={colIndex + 1}
        aria-selected={isFocused}
        data-col={column.id}
        aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
        className={`data-table__header data-table__cell--${column.meta.align ?? 'left'}${isFocused ? ' data-table__cell--focused' : ''}${colIndex === 0 ? ' data-table__cell--pinned' : ''}${groupClass(column.meta)}`}
        style={{ width: column.meta.width, minWidth: column.meta.width }}
        onClick={() => {
          setFocused({ row: HEADER_ROW, col: colIndex });
          scrollRef.current?.focus({ preventScroll: true });
        }}
      >
        {column.meta.headerAction}
        {column.meta.sortable && props.onSortClick ? (
          <button type="button" className="data-table__sort" tabIndex={-1} onClick={() => props.onSortClick?.(column.id)} title={`Sort by ${column.header}`}>
            {content}
          </button>
        ) : (
          content
        )}
      </div>
    );
  };

  return (
    <div
      ref={scrollRef}
      className="data-table"
      role="grid"
      aria-label={props.label}
      aria-rowcount={bodyCount + 1 + (footer ? 1 : 0)}
      aria-colcount={columns.length}
      aria-activedescendant={focusRow === HEADER_ROW || rowAt(focusRow) ? cellId(focusRow, focusCol) : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      style={{ height }}
      data-testid={props.testId}
    >
      <div style={{ width: totalWidth, position: 'relative' }}>
        <div className="data-table__head" role="row" aria-rowindex={1}>
          {pinned && headerCell(pinned, 0)}
          <div style={{ width: leftPad, flex: 'none' }} />
          {virtualColumns.map((virtualColumn) => headerCell(scrolling[virtualColumn.index], virtualColumn.index + 1))}
          <div style={{ width: rightPad, flex: 'none' }} />
        </div>
        <div className="data-table__body" style={{ height: rowVirtualizer.getTotalSize() }}>
          {virtualRows.map((virtualRow) => {
            const row = bodyRows[virtualRow.index];
            return (
              <div
                key={row?.id ?? 'loading'}
                role="row"
                aria-rowindex={virtualRow.index + 2}
                className={`data-table__row ${row ? (props.rowClassName?.(row.original) ?? '') : 'data-table__row--loading'}`}
                style={{ transform: `translateY(${virtualRow.start}px)`, height: rowHeight, width: totalWidth }}
              >
                {row ? renderCells(row, virtualRow.index) : <div className="data-table__cell data-table__cell--pinned">Loading more…</div>}
              </div>
            );
          })}
        </div>
        {footer && (
          <div className={`data-table__foot data-table__row ${props.rowClassName?.(footer.original) ?? ''}`} role="row" aria-rowindex={bodyCount + 2} style={{ height: rowHeight, width: totalWidth }}>
            {renderCells(footer, bodyRows.length)}
          </div>
        )}
      </div>
    </div>
  );
}

import type { ReactNode } from 'react';

/** A cell's raw value: what sorting compares and `format` turns into text. */
export type CellValue = string | number | null | undefined;

/** What a column tells the table besides its content. */
export interface TableColumnMeta {
  /** Right-aligned with tabular figures, and compared as numbers when sorted (Decimal strings included). */
  numeric?: boolean;
  /** Alignment when not numeric; left by default. */
  align?: 'left' | 'right';
  /** Turns the value into text when the column has no `cell` renderer; '—' stands for no value. */
  format?: (value: string | number) => string;
  /** The header can be clicked (or Enter/Space) to sort the rows by this column's value. */
  sortable?: boolean;
  /** Sort descending on the first click (amounts, dates: largest or newest first). */
  sortDescFirst?: boolean;
  /** Extra classes on the column's header and cells (the table's own skin). */
  className?: string;
  /** The header stays the column's accessible name but is not shown (an actions column). */
  hideHeader?: boolean;
  /** The column names its row (`<th scope="row">`), e.g. a file's column in a mapping. */
  rowHeader?: boolean;
  /** Shown on hovering the header: what the short header stands for (a result column's path). */
  headerTitle?: string;
}

export interface TableColumn<TRow> {
  id: string;
  /** Header text and the column's accessible name. */
  header: string;
  /** The cell's raw value, for sorting and the default rendering through `meta.format`. */
  value?: (row: TRow) => CellValue;
  /** Custom content; defaults to the formatted value. */
  cell?: (row: TRow) => ReactNode;
  meta?: TableColumnMeta;
}

/** The text of a cell that has no custom renderer. */
export function formatCellValue(value: CellValue, format?: (value: string | number) => string): string {
  if (value === null || value === undefined || value === '') return '—';
  return format ? format(value) : String(value);
}

const collator = new Intl.Collator('en-GB', { numeric: true, sensitivity: 'base' });

/**
 * Ascending comparison of two cell values; empty values sort last either way (the table places
 * them). Numeric columns compare numbers so that Decimal strings like "1200.00" and "99.50" order
 * by amount, not by their characters.
 */
export function compareCellValues(a: CellValue, b: CellValue, numeric: boolean): number {
  if (numeric) {
    const x = Number(a);
    const y = Number(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return collator.compare(String(a), String(b));
}

/** The class list of a header or cell: the column's own classes plus the alignment class. */
export function columnClasses(meta: TableColumnMeta | undefined, alignClasses: { right: string; numeric: string }): string | undefined {
  const classes = [meta?.className, meta?.numeric ? alignClasses.numeric : meta?.align === 'right' ? alignClasses.right : undefined].filter(Boolean);
  return classes.length ? classes.join(' ') : undefined;
}

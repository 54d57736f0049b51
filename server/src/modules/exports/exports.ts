import type { Writable } from 'node:stream';
import type { MeasureKind, SpendCubeQuery } from '../../generated/graphql.js';
import type { Cell } from '../../store/store.js';
import { EXPORT_COLUMNS, UNIT_SEPARATOR, isNumberColumn } from '../spend/lines.service.js';
import type { CubeResult } from '../spend/spend.service.js';
import { CSV_BOM, ExactNumber, MAX_XLSX_ROWS, copyFileTo, csvLine, moneyFormat, neutralise, writeText, type CsvValue } from '../../lib/cells.js';
import { DIMENSION_NAMES } from '../../lib/dimension-names.js';
import { numericColumns, type ColumnCatalogue, type ColumnInfo, type FlatRow, type FlatValue, type ResultTable } from '../../lib/result-rows.js';
import { XlsxWriter, cellXml, type Cell as XlsxCell, type CellStyle, type SheetRows } from './xlsx-writer.js';
import { pivotOrder } from './pivot-order.js';
import { timeOrdered, type PivotLayout, type ShapedPivot } from './pivot-layout.js';

export type ExportFormat = 'csv' | 'xlsx';


/**
 * What a query export knows of a cube besides the result (`describeColumns`): the dimensions'
 * names as the other exports write them. Measures are named and formatted by what the document
 * asked of the cube's `columns` (label, kind, currency).
 */
export const QUERY_EXPORT_CATALOGUE: ColumnCatalogue = { dimensions: DIMENSION_NAMES, measures: {} };

export interface ExportHeader {
  title: string;
  /** Human-readable filter lines written above the table. */
  filters: string[];
  exportedBy: string;
  /** The definition written to the second sheet. */
  definition: unknown;
}

function rowType(depth: number, dimensions: number) {
  return depth === dimensions ? 'detail' : 'subtotal';
}

/**
 * The long format's rows in the order the explorer shows them: each subtotal before its members,
 * and members of a time dimension in time order unless the query sorts (docs/architecture.md, "Exports").
 */
function longOrder(query: SpendCubeQuery, cube: CubeResult) {
  return timeOrdered(pivotOrder(cube.rows), Boolean(query.sort?.length));
}

/** The cube in the long format, as CSV: one header row; a row-type column tells detail, subtotal and total apart. */
export async function cubeCsv(out: Writable, query: SpendCubeQuery, cube: CubeResult) {
  const dims = query.dimensions;
  await writeText(out, CSV_BOM + csvLine(['Row type', ...dims.map((d) => DIMENSION_NAMES[d]), ...cube.columns.map((c) => c.label)]));
  for (const r of longOrder(query, cube)) {
    await writeText(out, csvLine([rowType(r.depth, dims.length), ...r.keys.map((k) => (k.rolledUp ? '' : k.label)), ...r.values.map(decimalCell)]));
  }
  await writeText(out, csvLine(['total', ...dims.map(() => ''), ...cube.totals.values.map(decimalCell)]));
}

/** Exact decimal strings go out as they are (never neutralised: they are numbers). */
function decimalCell(value: string | null): ExactNumber | null {
  return value === null ? null : new ExactNumber(value);
}

const MEASURE_STYLE: Record<MeasureKind, [CellStyle, CellStyle]> = {
  MONEY: ['money', 'moneyBold'], RATIO: ['ratio', 'ratioBold'], COUNT: ['count', 'countBold'], NUMBER: ['number', 'numberBold'],
};

/** The block above a table: title, one line per filter, currency and author, a blank row. */
async function writeHeaderBlock(rows: SheetRows, header: ExportHeader, currency: string, extra: string[] = []) {
  await rows.row([{ value: header.title, style: 'title' }]);
  for (const f of [...header.filters, ...extra]) await rows.row([f]);
  await rows.row([`Amounts in ${currency}. ${header.exportedBy}`]);
  await rows.row([]);
}

/**
 * A table that may be longer than a sheet holds (Excel: `MAX_XLSX_ROWS`), on as many sheets as it
 * needs: `name`, `name (2)`, `name (3)`, … each with the table's header row, the first with the
 * export's header block (and `extra` lines) above it. `pull` gives the next row, null at the end;
 * `write` writes one. Returns how many sheets were written (at least one, for an empty table).
 */
async function rollingSheets<T>(
  xlsx: XlsxWriter,
  options: { name: string; header: ExportHeader; currency: string; extra: string[]; columnWidths: number[]; tableHeader: XlsxCell[] | string[]; maxRows: number },
  pull: () => Promise<T | null>,
  write: (rows: SheetRows, row: T) => Promise<void>,
): Promise<number> {
  let next = await pull();
  let sheetNo = 1;
  for (; ; sheetNo++) {
    const withHeader = sheetNo === 1;
    const above = withHeader ? headerHeight(options.header, options.extra.length) : 0;
    await xlsx.sheet({ name: withHeader ? options.name : `${options.name} (${sheetNo})`, frozenRows: above + 1, columnWidths: options.columnWidths }, async (rows) => {
      if (withHeader) await writeHeaderBlock(rows, options.header, options.currency, options.extra);
      await rows.row(options.tableHeader, 'bold');
      for (; next !== null && rows.rowCount < options.maxRows; next = await pull()) await write(rows, next);
    });
    if (next === null) return sheetNo;
  }
}
const headerHeight = (header: ExportHeader, extra = 0) => header.filters.length + extra + 3;

/** The definition of the export, one line per cell, on its own sheet. */
async function definitionSheet(xlsx: XlsxWriter, header: ExportHeader) {
  await xlsx.sheet({ name: 'Query', frozenRows: 0, columnWidths: [120] }, async (rows) => {
    for (const line of JSON.stringify(header.definition, null, 2).split('\n')) await rows.row([line]);
  });
}

/** The cube in the long format, as XLSX: filters above, frozen header, bold subtotals and total, number formats. */
export async function cubeXlsx(out: Writable, query: SpendCubeQuery, cube: CubeResult, header: ExportHeader) {
  const xlsx = new XlsxWriter(out, moneyFormat(cube.currency));
  const dims = query.dimensions;
  const above = headerHeight(header);
  await xlsx.sheet({ name: 'Pivot', frozenRows: above + 1, columnWidths: [...dims.map(() => 32), ...cube.columns.map(() => 18)] }, async (rows) => {
    await writeHeaderBlock(rows, header, cube.currency);
    await rows.row([...dims.map((d) => DIMENSION_NAMES[d]), ...cube.columns.map((c) => c.label)], 'bold');
    const values = (vals: Array<string | null>, bold: boolean): XlsxCell[] =>
      vals.map((v, i) => ({ value: v === null ? null : Number(v), style: MEASURE_STYLE[cube.columns[i].kind][bold ? 1 : 0] }));
    for (const r of longOrder(query, cube)) {
      const subtotal = r.depth < dims.length;
      const labels = r.keys.map((k, i) => neutralise(k.rolledUp ? (i === r.depth ? 'Total' : '') : k.label));
      await rows.row([...labels, ...values(r.values, subtotal)], subtotal ? 'bold' : undefined);
    }
    await rows.row(['Grand total', ...dims.slice(1).map(() => ''), ...values(cube.totals.values, true)], 'bold');
  });
  await definitionSheet(xlsx, header);
  await xlsx.finish();
}

interface ValueColumn {
  /** With two column dimensions: the outer member ("2025"), or `Grand total`. */
  group: string | null;
  member: string | null;
  measure: string;
  kind: MeasureKind;
  /** Column outline level: 1 for an inner member's columns, which fold into the outer member's subtotal. */
  level: number;
}

/**
 * The header of a shaped pivot's value columns: per column member its measures, then the total's;
 * with two column dimensions each outer member's inner members, then its subtotal (`2025 Total`),
 * and `Grand total` last, as Excel's PivotTable lays them out.
 */
function pivotValueColumns(pivot: ShapedPivot, cube: CubeResult): ValueColumn[] {
  const twoLevels = pivot.members.some((m) => m.group !== undefined);
  const groups = [
    ...pivot.members.map((m) => ({ group: m.group ?? null, member: m.label, level: m.group !== undefined && !m.subtotal ? 1 : 0 })),
    ...(pivot.members.length ? [{ group: twoLevels ? 'Grand total' : null, member: twoLevels ? 'Grand total' : 'Total', level: 0 }] : [{ group: null, member: null, level: 0 }]),
  ];
  return groups.flatMap((g) => cube.columns.map((c) => ({ ...g, measure: c.label, kind: c.kind })));
}

/** Cell ranges merging each run of equal `key`s along header row `row` (1-based), from column `from` (0-based). */
function runMerges(keys: ReadonlyArray<string | number>, row: number, from: number): string[] {
  const merges: string[] = [];
  let start = 0;
  for (let i = 1; i <= keys.length; i++) {
    if (i < keys.length && keys[i] === keys[start]) continue;
    if (i - start > 1) merges.push(`${columnLetters(from + start)}${row}:${columnLetters(from + i - 1)}${row}`);
    start = i;
  }
  return merges;
}

/** A value column's name in one header row: the member alone for one measure, else "member · measure". */
function flatHeader(column: { member: string | null; measure: string }, measures: number): string {
  if (column.member === null) return column.measure;
  return measures === 1 ? column.member : `${column.member} · ${column.measure}`;
}

/**
 * A pivot as CSV in the shape shown (docs/architecture.md, "Exports"): one header row with the row
 * dimensions, then per column member its measures (`Jan 2025 · Spend`), then the total column;
 * each group's subtotal row (its labels, then `Total`) before its members; the grand total last.
 * Figures are the engine's exact decimal text.
 */
export async function pivotCsv(out: Writable, layout: PivotLayout, pivot: ShapedPivot, cube: CubeResult) {
  const columns = pivotValueColumns(pivot, cube);
  // Two column dimensions: a first header row names each column's outer member (on every one of its columns: a CSV merges nothing).
  const groupLine = columns.some((c) => c.group !== null) ? csvLine([...layout.rows.map(() => ''), ...columns.map((c) => c.group ?? '')]) : '';
  let text = CSV_BOM + groupLine + csvLine([...layout.rows.map((d) => DIMENSION_NAMES[d]), ...columns.map((c) => flatHeader(c, cube.columns.length))]);
  for (const r of pivot.rows) {
    text += csvLine([...r.labels, ...r.values.map(decimalCell)]);
    if (text.length > 64 * 1024) {
      await writeText(out, text);
      text = '';
    }
  }
  await writeText(out, text);
}

/**
 * A pivot as XLSX in the shape shown: the filters above; one header row, or with several measures
 * and a column dimension two (members over their measures, merged); subtotal and total rows bold;
 * groups outlined (collapsible, summary above its members); header rows and label columns frozen;
 * an autofilter over the table; each measure's number format.
 */
export async function pivotXlsx(out: Writable, layout: PivotLayout, pivot: ShapedPivot, cube: CubeResult, header: ExportHeader) {
  const xlsx = new XlsxWriter(out, moneyFormat(cube.currency));
  const labels = layout.rows.length;
  const columns = pivotValueColumns(pivot, cube);
  const measures = cube.columns.length;
  const twoRows = measures > 1 && pivot.members.length > 0;
  // Two column dimensions: a row of outer members over the members' (merged across each one's columns).
  const groupRow = columns.some((c) => c.group !== null);
  const above = headerHeight(header);
  const headerRow = above + (groupRow ? 1 : 0) + (twoRows ? 2 : 1);
  const memberIndex = columns.map((_, i) => Math.floor(i / measures));
  const groupKeys = memberIndex.map((m) => `${m === pivot.members.length ? 'total' : (pivot.members[m].path[0] ?? '∅')}`);
  const merges = [
    ...(groupRow ? runMerges(groupKeys, above + 1, labels) : []),
    ...(twoRows ? runMerges(memberIndex, above + (groupRow ? 2 : 1), labels) : []),
  ];
  const options = {
    name: 'Pivot', frozenRows: headerRow, frozenColumns: labels,
    columnWidths: [...layout.rows.map(() => 32), ...columns.map(() => 16)],
    outlineLevels: layout.subtotals ? labels - 1 : 0,
    // An outer member's inner columns fold into its subtotal column, at their right.
    ...(groupRow ? { columnOutlineLevels: [...layout.rows.map(() => 0), ...columns.map((c) => c.level)] } : {}),
    autoFilter: { headerRow, columns: labels + columns.length },
    merges,
  };
  await xlsx.sheet(options, async (rows) => {
    await writeHeaderBlock(rows, header, cube.currency);
    if (groupRow) await rows.row([...layout.rows.map(() => null), ...columns.map((c, i) => (i === 0 || groupKeys[i] !== groupKeys[i - 1] ? c.group : null))], 'bold');
    if (twoRows) await rows.row([...layout.rows.map(() => null), ...columns.map((c, i) => (i % measures === 0 ? c.member : null))], 'bold');
    await rows.row([...layout.rows.map((d) => DIMENSION_NAMES[d]), ...columns.map((c) => (twoRows ? c.measure : flatHeader(c, measures)))], 'bold');
    for (const r of pivot.rows) {
      const bold = r.kind !== 'detail';
      const values = r.values.map((v, i): XlsxCell => ({ value: v === null ? null : { exact: v }, style: MEASURE_STYLE[columns[i].kind][bold ? 1 : 0] }));
      await rows.row([...r.labels.map((l) => (l ? neutralise(l) : null)), ...values], { bold, outlineLevel: r.level });
    }
  });
  await definitionSheet(xlsx, header);
  await xlsx.finish();
}

function columnLetters(index: number): string {
  let n = index + 1;
  let name = '';
  while (n > 0) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

type Chunks = AsyncIterable<{ columns: string[]; rows: Cell[][] }>;

/** The amount column says its currency: `Amount (reporting) EUR`, or in a display currency `Amount (display) USD`. */
const lineHeader = (currency: string, reporting = currency) =>
  EXPORT_COLUMNS.map((c) => (c.kind === 'reportingMoney' ? (currency === reporting ? `${c.title} ${currency}` : `Amount (display) ${currency}`) : c.title));

/**
 * Lines as CSV: the header, then the files of engine-written lines (linesCsvStatement, each line
 * already ending in CRLF) in order, copied with backpressure.
 */
export async function linesCsv(out: Writable, files: AsyncIterable<string>, currency: string, reporting = currency) {
  await writeText(out, CSV_BOM + csvLine(lineHeader(currency, reporting)));
  for await (const file of files) {
    await copyFileTo(out, file);
  }
}

/**
 * Lines as XLSX from linesSheetStatement rows, streamed; past Excel's row limit the table continues
 * on a new sheet. Each row's XML is built directly from the row (`cellXml`), with no object per cell.
 */
export async function linesXlsx(
  out: Writable, chunks: Chunks, currency: string, header: ExportHeader, total: { count: number; amount: string }, maxRowsPerSheet = MAX_XLSX_ROWS,
  reporting = currency,
) {
  const xlsx = new XlsxWriter(out, moneyFormat(currency));
  const widths = EXPORT_COLUMNS.map((c) => (c.kind === 'text' ? 28 : 16));
  const letters = EXPORT_COLUMNS.map((_, i) => columnLetters(i));
  const totalLine = `${total.count.toLocaleString('en-GB')} lines, total ${currency} ${total.amount}`;
  const iterator = chunks[Symbol.asyncIterator]();
  /** Per export column, where its value is in a row: the row's column, or its place in the packed text. */
  let sources: Array<{ kind: 'date' | 'number' | 'text' | 'shared'; at: number; style: CellStyle }> | null = null;
  let packed = -1;
  let pending: Cell[][] = [];
  let at = 0;
  let done = false;
  /** The next line as read, or null at the end. */
  const next = async (): Promise<Cell[] | null> => {
    while (at >= pending.length && !done) {
      const step = await iterator.next();
      if (step.done) {
        done = true;
        break;
      }
      const chunk = step.value;
      if (!sources) {
        packed = chunk.columns.indexOf('packed_text');
        let t = 0;
        sources = EXPORT_COLUMNS.map((c) => {
          const column = chunk.columns.indexOf(c.source.toQuery().text);
          if (c.kind === 'date') return { kind: 'date', at: column, style: 'date' };
          if (isNumberColumn(c)) return { kind: 'number', at: column, style: c.kind === 'reportingMoney' ? 'money' : c.kind === 'money' ? 'number' : 'general' };
          return { kind: 'repeats' in c ? 'shared' : 'text', at: t++, style: 'text' };
        });
      }
      pending = chunk.rows;
      at = 0;
    }
    return at < pending.length ? pending[at++] : null;
  };
  /** A line's cells as XML for row `r`: what `rows.row` writes for the same cells. */
  const lineXml = (raw: Cell[], r: number): string => {
    const texts = String(raw[packed]).split(UNIT_SEPARATOR);
    let xml = '';
    for (let i = 0; i < sources!.length; i++) {
      const source = sources![i];
      if (source.kind === 'text' || source.kind === 'shared') {
        const text = texts[source.at];
        if (!text) continue;
        const index = source.kind === 'shared' ? xlsx.shared(text) : null;
        xml += index === null ? cellXml.text(`${letters[i]}${r}`, text) : cellXml.shared(`${letters[i]}${r}`, index);
      } else {
        const v = raw[source.at];
        if (v === null) continue;
        xml += source.kind === 'date' ? cellXml.date(`${letters[i]}${r}`, String(v)) : cellXml.number(`${letters[i]}${r}`, v as number, source.style);
      }
    }
    return xml;
  };
  await rollingSheets(xlsx, {
    name: 'Lines', header, currency, extra: [totalLine], columnWidths: widths, tableHeader: lineHeader(currency, reporting), maxRows: maxRowsPerSheet,
  }, next, (rows, line) => rows.xmlRow(lineXml(line, rows.rowCount + 1)));
  await definitionSheet(xlsx, header);
  await xlsx.finish();
}

/** Response-cell styles of a query export's columns: cube `values.i` by their measure kind, other numbers plain. */
export type QueryColumnStyle = CellStyle | undefined;

/** Flattened rows of a query result, a page at a time (docs/architecture.md, the query workbench, "Export"). */
export type RowBatches = AsyncIterable<readonly FlatRow[]>;

/**
 * The flattened rows of a query result as CSV (docs/architecture.md, the query workbench): one
 * header row (`headers`: the columns' readable names where known, else their `a.b` paths);
 * decimal strings (money, ratios) written verbatim, plain decimals without currency or grouping,
 * text neutralised against formula injection, booleans as `true`/`false`. Rows arrive a page at
 * a time and are written before the next page is asked for.
 */
export async function queryCsv(out: Writable, columns: readonly string[], batches: RowBatches, headers: readonly string[] = columns) {
  // A header may come from the result (a list's sibling `label`s), so it is neutralised like a value.
  await writeText(out, CSV_BOM + csvLine(headers.map((h) => neutralise(h))));
  let text = '';
  for await (const rows of batches) {
    for (const row of rows) {
      text += csvLine(columns.map((c) => queryCsvCell(row[c])));
      if (text.length > 64 * 1024) {
        await writeText(out, text);
        text = '';
      }
    }
  }
  if (text) await writeText(out, text);
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

function queryCsvCell(value: FlatValue | undefined): CsvValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return String(value);
  // A decimal string is a number (money, a ratio): verbatim, never neutralised (`-12.50` stays a number).
  if (typeof value === 'string' && DECIMAL.test(value)) return new ExactNumber(value);
  return value;
}

/**
 * Styles per column: a cube value column whose measure kind is known (`describeColumns`: the
 * result's `columns[i].kind`, or its measure's) gets the money, ratio or count format; other
 * numeric columns the plain number format.
 */
export function queryColumnStyles(table: ResultTable, infos: ReadonlyMap<string, ColumnInfo>): QueryColumnStyle[] {
  const numeric = new Set(numericColumns(table));
  return table.columns.map((c) => {
    const kind = infos.get(c)?.kind;
    if (kind) return MEASURE_STYLE[kind][0];
    return numeric.has(c) ? 'number' : undefined;
  });
}

/** What a query XLSX holds once written: its data rows, and the sheets they took. */
export interface QueryXlsxResult {
  rows: number;
  sheets: number;
}

/** The rows of row batches, one at a time. */
async function* eachRow(batches: RowBatches): AsyncGenerator<FlatRow> {
  for await (const rows of batches) yield* rows;
}

/**
 * The flattened rows as XLSX: title and author above, frozen header, number formats, the document
 * on a last sheet. A sheet holds at most `maxRows` rows (Excel's limit): past it the table goes on
 * on a new sheet, `Result (2)`, … each with its header row, as the lines export does, and the
 * definition sheet says how many sheets the rows took. `notes()` is asked after the table, for
 * lines the definition sheet adds (columns left out).
 */
export async function queryXlsx(
  out: Writable, columns: readonly string[], batches: RowBatches, styles: QueryColumnStyle[], currency: string, header: ExportHeader,
  options: { maxRows?: number; notes?: () => string[]; headers?: readonly string[] } = {},
): Promise<QueryXlsxResult> {
  const maxRows = options.maxRows ?? MAX_XLSX_ROWS;
  const xlsx = new XlsxWriter(out, moneyFormat(currency));
  const result: QueryXlsxResult = { rows: 0, sheets: 0 };
  const cells = (row: FlatRow) => columns.map((c, i): XlsxCell => {
    const v = row[c];
    if (v === null || v === undefined) return { value: null };
    if (styles[i] && typeof v === 'number') return { value: v, style: styles[i] };
    if (styles[i] && typeof v === 'string' && DECIMAL.test(v)) return { value: { exact: v }, style: styles[i] };
    return { value: typeof v === 'string' ? neutralise(v) : String(v) };
  });
  const rows = eachRow(batches);
  result.sheets = await rollingSheets(xlsx, {
    name: 'Result', header, currency, extra: [], columnWidths: columns.map((_, i) => (styles[i] ? 16 : 28)), tableHeader: (options.headers ?? columns).map((h) => neutralise(h)), maxRows,
  }, async () => {
    const step = await rows.next();
    return step.done ? null : step.value;
  }, async (sheet, row) => {
    await sheet.row(cells(row));
    result.rows += 1;
  });
  const notes = [
    ...(result.sheets > 1 ? [`${result.rows.toLocaleString('en-GB')} rows on ${result.sheets} sheets (Result to Result (${result.sheets})): an Excel sheet holds at most ${maxRows.toLocaleString('en-GB')} rows.`] : []),
    ...(options.notes?.() ?? []),
  ];
  await definitionSheet(xlsx, notes.length ? { ...header, definition: { ...(header.definition as object), notes } } : header);
  await xlsx.finish();
  return result;
}

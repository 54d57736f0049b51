import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { MeasureKind, SpendCubeQuery, SpendDimension } from '../../generated/graphql.js';
import type { Cell } from '../../store/store.js';
import { EXPORT_COLUMNS, UNIT_SEPARATOR } from '../spend/lines.queries.js';
import type { CubeResult } from '../spend/cube.js';
import { COUNT_FORMAT, ExactNumber, MAX_XLSX_ROWS, RATIO_FORMAT, csvLine, moneyFormat, neutralise } from './cells.js';
import { pivotOrder } from './pivot-order.js';

export type ExportFormat = 'csv' | 'xlsx';

const DIMENSION_NAMES: Record<SpendDimension, string> = {
  SUPPLIER: 'Supplier', SUPPLIER_PARENT: 'Supplier family', CATEGORY_L1: 'Category (L1)', CATEGORY_L2: 'Category (L2)',
  CATEGORY_L3: 'Category (L3)', BUSINESS_UNIT: 'Business unit', COST_CENTER: 'Cost centre', GL_ACCOUNT: 'GL account',
  COUNTRY: 'Country', CURRENCY: 'Currency', CONTRACT: 'Contract', ON_CONTRACT: 'On contract', PO_FLAG: 'PO',
  YEAR: 'Year', QUARTER: 'Quarter', MONTH: 'Month',
};

export interface ExportHeader {
  title: string;
  /** Human-readable filter lines written above the table. */
  filters: string[];
  exportedBy: string;
  /** The definition written to the second sheet. */
  definition: unknown;
}

async function write(out: Writable, text: string) {
  if (!out.write(text)) await once(out, 'drain');
}

function rowType(depth: number, dimensions: number) {
  return depth === dimensions ? 'detail' : 'subtotal';
}

/** The cube as CSV: one header row; a row-type column tells detail, subtotal and total apart. */
export async function cubeCsv(out: Writable, query: SpendCubeQuery, cube: CubeResult) {
  const dims = query.dimensions;
  await write(out, csvLine(['Row type', ...dims.map((d) => DIMENSION_NAMES[d]), ...cube.columns.map((c) => c.label)]));
  for (const r of pivotOrder(cube.rows)) {
    await write(out, csvLine([rowType(r.depth, dims.length), ...r.keys.map((k) => (k.rolledUp ? '' : k.label)), ...r.values.map(decimalCell)]));
  }
  await write(out, csvLine(['total', ...dims.map(() => ''), ...cube.totals.values.map(decimalCell)]));
}

/** Exact decimal strings go out as they are (never neutralised: they are numbers). */
function decimalCell(value: string | null): ExactNumber | null {
  return value === null ? null : new ExactNumber(value);
}

function numFmt(kind: MeasureKind, currency: string) {
  return kind === 'MONEY' ? moneyFormat(currency) : kind === 'RATIO' ? RATIO_FORMAT : COUNT_FORMAT;
}

/** Rows the header block takes: title, one per filter line, the currency/author line, a blank. */
const headerHeight = (header: ExportHeader) => header.filters.length + 3;

/** A worksheet with the header block written and the table's header row frozen below it. */
function sheetWithHeader(workbook: ExcelJS.stream.xlsx.WorkbookWriter, name: string, header: ExportHeader | null, currency: string) {
  const above = header ? headerHeight(header) : 0;
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: above + 1 }] });
  if (header) {
    const title = sheet.addRow([header.title]);
    title.font = { bold: true, size: 14 };
    title.commit();
    for (const f of header.filters) sheet.addRow([f]).commit();
    sheet.addRow([`Amounts in ${currency}. ${header.exportedBy}`]).commit();
    sheet.addRow([]).commit();
  }
  return { sheet, above };
}

function definitionSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, header: ExportHeader) {
  const sheet = workbook.addWorksheet('Query');
  sheet.columns = [{ width: 120 }];
  for (const line of JSON.stringify(header.definition, null, 2).split('\n')) sheet.addRow([line]).commit();
  sheet.commit();
}

/** The cube as XLSX in the pivot's shape: filters above, frozen header, bold subtotals and total, number formats. */
export async function cubeXlsx(out: Writable, query: SpendCubeQuery, cube: CubeResult, header: ExportHeader) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const dims = query.dimensions;
  const { sheet } = sheetWithHeader(workbook, 'Pivot', header, cube.currency);
  sheet.columns = [...dims.map(() => ({ width: 32 })), ...cube.columns.map(() => ({ width: 18 }))];
  const head = sheet.addRow([...dims.map((d) => DIMENSION_NAMES[d]), ...cube.columns.map((c) => c.label)]);
  head.font = { bold: true };
  head.commit();
  const formats = cube.columns.map((c) => numFmt(c.kind, cube.currency));
  const addValues = (labels: string[], values: Array<string | null>, bold: boolean) => {
    const row = sheet.addRow([...labels.map(neutralise), ...values.map((v) => (v === null ? null : Number(v)))]);
    values.forEach((_, i) => (row.getCell(dims.length + i + 1).numFmt = formats[i]));
    if (bold) row.font = { bold: true };
    row.commit();
  };
  for (const r of pivotOrder(cube.rows)) {
    const subtotal = r.depth < dims.length;
    const labels = r.keys.map((k, i) => (k.rolledUp ? (i === r.depth ? 'Total' : '') : k.label));
    addValues(labels, r.values, subtotal);
  }
  addValues(['Grand total', ...dims.slice(1).map(() => '')], cube.totals.values, true);
  sheet.commit();
  definitionSheet(workbook, header);
  await workbook.commit();
}

type Chunks = AsyncIterable<{ columns: string[]; rows: Cell[][] }>;

const lineHeader = (currency: string) => EXPORT_COLUMNS.map((c) => (c.kind === 'reportingMoney' ? `${c.title} ${currency}` : c.title));

/** Lines as CSV from engine-formatted lines (linesCsvStatement), chunk by chunk, with backpressure. */
export async function linesCsv(out: Writable, lines: Chunks, currency: string) {
  await write(out, csvLine(lineHeader(currency)));
  for await (const chunk of lines) {
    let text = '';
    for (const row of chunk.rows) text += `${row[0]}\r\n`;
    await write(out, text);
  }
}

/** Lines as XLSX from linesSheetStatement rows, streamed; past Excel's row limit the table continues on a new sheet. */
export async function linesXlsx(out: Writable, rows: Chunks, currency: string, header: ExportHeader, total: { count: number; amount: string }) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const formats = EXPORT_COLUMNS.map((c) =>
    c.kind === 'reportingMoney' ? moneyFormat(currency) : c.kind === 'money' ? '#,##0.00' : c.kind === 'date' ? 'yyyy-mm-dd' : undefined,
  );
  let sheet: ExcelJS.Worksheet | null = null;
  let rowsOnSheet = 0;
  let sheetNo = 0;
  let capacity = 0;
  const openSheet = () => {
    sheet?.commit();
    sheetNo += 1;
    const first = sheetNo === 1 ? { ...header, filters: [...header.filters, `${total.count.toLocaleString('en-GB')} lines, total ${currency} ${total.amount}`] } : null;
    const opened = sheetWithHeader(workbook, sheetNo === 1 ? 'Lines' : `Lines (${sheetNo})`, first, currency);
    sheet = opened.sheet;
    sheet.columns = EXPORT_COLUMNS.map((c, i) => ({ width: c.kind === 'text' ? 28 : 16, style: formats[i] ? { numFmt: formats[i] } : {} }));
    const head = sheet.addRow(lineHeader(currency));
    head.font = { bold: true };
    head.commit();
    capacity = MAX_XLSX_ROWS - opened.above - 1;
    rowsOnSheet = 0;
  };
  openSheet();
  let positions: { date: number[]; number: number[]; packed: number } | null = null;
  for await (const chunk of rows) {
    positions ??= {
      date: EXPORT_COLUMNS.filter((c) => c.kind === 'date').map((c) => chunk.columns.indexOf(c.source.toQuery().text)),
      number: EXPORT_COLUMNS.filter((c) => c.kind === 'money' || c.kind === 'reportingMoney').map((c) => chunk.columns.indexOf(c.source.toQuery().text)),
      packed: chunk.columns.indexOf('packed_text'),
    };
    for (const raw of chunk.rows) {
      if (rowsOnSheet >= capacity) openSheet();
      const texts = String(raw[positions.packed]).split(UNIT_SEPARATOR);
      let d = 0;
      let n = 0;
      let t = 0;
      const values = EXPORT_COLUMNS.map((c) => {
        if (c.kind === 'date') {
          const v = raw[positions!.date[d++]];
          return v === null ? null : new Date(`${String(v)}T00:00:00Z`);
        }
        if (c.kind === 'money' || c.kind === 'reportingMoney') return raw[positions!.number[n++]] as number | null;
        const text = texts[t++];
        return text === '' ? null : text;
      });
      sheet!.addRow(values).commit();
      rowsOnSheet += 1;
    }
    // Let the zip and the socket catch up between chunks so memory stays bounded.
    if (out.writableNeedDrain) await once(out, 'drain');
  }
  (sheet as ExcelJS.Worksheet | null)?.commit();
  definitionSheet(workbook, header);
  await workbook.commit();
}

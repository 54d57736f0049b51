import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS, UNIT_SEPARATOR, isNumberColumn } from '../spend/lines.service.js';
import { unzipEntry } from '../../../test/zip-entry.js';
import { describeColumns, findTables } from '../../lib/result-rows.js';
import { QUERY_EXPORT_CATALOGUE, linesXlsx, queryColumnStyles, queryCsv, queryXlsx } from './exports.js';

/** A typed cell of line `i`, as linesSheetStatement gives it: ISO text for dates, a number for the rest. */
const TYPED_VALUES: Record<string, (i: number) => string | number> = {
  'Invoice date': () => '2025-01-02', 'Posting date': () => '2025-01-03', Amount: (i) => i + 0.5, 'Amount (reporting)': (i) => i + 0.25,
  Quantity: (i) => i + 1250.5, 'Unit price': () => 0.123457,
};

/** Rows shaped like linesSheetStatement's: dates, amounts and quantities as numbers, the text packed in one column. */
function chunksOf(count: number, text = (title: string, i: number) => `${title} ${i + 1}`) {
  const typed = EXPORT_COLUMNS.filter((c) => c.kind === 'date' || isNumberColumn(c));
  const columns = [...typed.map((c) => c.source.toQuery().text), 'packed_text'];
  const texts = EXPORT_COLUMNS.filter((c) => c.kind === 'text' || c.kind === 'id');
  const rows = Array.from({ length: count }, (_, i) => [
    ...typed.map((c) => TYPED_VALUES[c.title](i)),
    texts.map((c) => (c.title === 'Line id' ? String(i + 1) : text(c.title, i))).join(UNIT_SEPARATOR),
  ]);
  return (async function* () {
    for (let i = 0; i < rows.length; i += 7) yield { columns, rows: rows.slice(i, i + 7) };
  })();
}

async function xlsxBytes(count: number, maxRowsPerSheet: number, text?: (title: string, i: number) => string): Promise<Buffer> {
  const out = new PassThrough();
  const parts: Buffer[] = [];
  out.on('data', (c: Buffer) => parts.push(c));
  const header = { title: 'Lines', filters: ['Period: all'], exportedBy: 'test', definition: { test: true } };
  await linesXlsx(out, chunksOf(count, text), 'EUR', header, { count, amount: '0.00' }, maxRowsPerSheet);
  out.end();
  return Buffer.concat(parts);
}

async function written(count: number, maxRowsPerSheet: number, text?: (title: string, i: number) => string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await xlsxBytes(count, maxRowsPerSheet, text)) as unknown as ArrayBuffer);
  return workbook;
}

describe('lines XLSX export', () => {
  it('continues on new sheets, each with its header row, when a sheet is full', async () => {
    const workbook = await written(25, 10);
    const names = workbook.worksheets.map((w) => w.name);
    expect(names).toEqual(['Lines', 'Lines (2)', 'Lines (3)', 'Lines (4)', 'Query']);
    const idCol = EXPORT_COLUMNS.findIndex((c) => c.title === 'Line id') + 1;
    const ids: number[] = [];
    for (const sheet of workbook.worksheets.slice(0, -1)) {
      expect(sheet.rowCount).toBeLessThanOrEqual(10);
      const head = sheet.getRows(1, sheet.rowCount)!.find((r) => r.getCell(1).value === 'Invoice date')!;
      expect(head.font?.bold).toBe(true);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: head.number });
      for (const r of sheet.getRows(head.number + 1, sheet.rowCount - head.number) ?? []) ids.push(Number(r.getCell(idCol).value));
    }
    // Every line once, in order, across the sheets.
    expect(ids).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it('writes dates, amounts and escaped text as a spreadsheet reads them', async () => {
    const sheet = (await written(2, 1000)).getWorksheet('Lines')!;
    const head = sheet.getRows(1, sheet.rowCount)!.find((r) => r.getCell(1).value === 'Invoice date')!;
    const first = sheet.getRow(head.number + 1);
    expect(first.getCell(1).value).toEqual(new Date('2025-01-02T00:00:00Z'));
    const reporting = EXPORT_COLUMNS.findIndex((c) => c.kind === 'reportingMoney') + 1;
    expect(first.getCell(reporting).value).toBe(0.25);
    expect(first.getCell(reporting).numFmt).toContain('€');
    // Quantities and unit prices with every digit they have, in Excel's own number format.
    const quantity = EXPORT_COLUMNS.findIndex((c) => c.title === 'Quantity') + 1;
    const unitPrice = EXPORT_COLUMNS.findIndex((c) => c.title === 'Unit price') + 1;
    expect([first.getCell(quantity).value, first.getCell(unitPrice).value]).toEqual([1250.5, 0.123457]);
    expect(first.getCell(unitPrice).numFmt ?? 'General').toBe('General');
  });

  it('keeps multi-byte text whole across buffer boundaries, and a cell larger than a buffer', async () => {
    // About 3 MB of sheet XML in rows of 2- to 4-byte characters, so buffers fill mid-row many
    // times; row 7's description alone is larger than a whole buffer.
    const text = (title: string, i: number) => (title === 'Description' && i === 6 ? 'é€😀'.repeat(120_000) : `${title} ${i} é€😀 ${'ß'.repeat(i % 50)}`);
    const sheet = (await written(4000, 100_000, text)).getWorksheet('Lines')!;
    const head = sheet.getRows(1, sheet.rowCount)!.find((r) => r.getCell(1).value === 'Invoice date')!;
    const col = EXPORT_COLUMNS.findIndex((c) => c.title === 'Description') + 1;
    for (const i of [0, 6, 1234, 3999]) expect(sheet.getRow(head.number + 1 + i).getCell(col).value).toBe(text('Description', i));
    expect(sheet.rowCount - head.number).toBe(4000);
  });

  it('keeps names that repeat from line to line once, in the shared strings, and the rest inline', async () => {
    // Ten suppliers over 300 lines, with text XML must escape and white space it must keep.
    const text = (title: string, i: number) =>
      title === 'Supplier' ? ` Fish & Chips <${i % 10}> ` : title === 'Description' ? `Order ${i} & "more"` : `${title} ${i % 3}`;
    const bytes = await xlsxBytes(300, 100_000, text);
    const strings = unzipEntry(bytes, 'xl/sharedStrings.xml');
    const supplierEntries = [...strings.matchAll(/<si><t[^>]*>([^<]*)<\/t><\/si>/g)].filter((m) => m[1].includes('Fish'));
    expect(supplierEntries).toHaveLength(10);
    expect(strings).toContain('<t xml:space="preserve"> Fish &amp; Chips &lt;3&gt; </t>');
    // Descriptions differ on every line: inline, never shared.
    expect(strings).not.toContain('Order ');
    const sheetXml = unzipEntry(bytes, 'xl/worksheets/sheet1.xml');
    expect(sheetXml.match(/t="s"/g)?.length).toBeGreaterThanOrEqual(300);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Lines')!;
    const head = sheet.getRows(1, sheet.rowCount)!.find((r) => r.getCell(1).value === 'Invoice date')!;
    const column = (title: string) => EXPORT_COLUMNS.findIndex((c) => c.title === title) + 1;
    for (const i of [0, 3, 299]) {
      const row = sheet.getRow(head.number + 1 + i);
      expect(row.getCell(column('Supplier')).value).toBe(text('Supplier', i));
      expect(row.getCell(column('Description')).value).toBe(text('Description', i));
      expect(row.getCell(column('Category')).value).toBe(text('Category', i));
    }
  });
});

describe('query XLSX export', () => {
  it('continues on new sheets, each with its header row, and says so on the definition sheet', async () => {
    const out = new PassThrough();
    const parts: Buffer[] = [];
    out.on('data', (c: Buffer) => parts.push(c));
    const rows = Array.from({ length: 25 }, (_, i) => ({ 'keys.0.label': `Row ${i + 1}`, 'values.0': `${i + 1}.25` }));
    const batches = (async function* () {
      for (let i = 0; i < rows.length; i += 4) yield rows.slice(i, i + 4);
    })();
    const header = { title: 'Query', filters: ['Rows of spendCube.rows'], exportedBy: 'test', definition: { document: ['{ spendCube }'] } };
    const result = await queryXlsx(out, ['keys.0.label', 'values.0'], batches, [undefined, 'money'], 'EUR', header, { maxRows: 10 });
    out.end();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(parts) as unknown as ArrayBuffer);
    const sheets = workbook.worksheets.slice(0, -1);
    expect(sheets.map((w) => w.name)).toEqual(Array.from({ length: result.sheets }, (_, i) => (i === 0 ? 'Result' : `Result (${i + 1})`)));
    expect(result).toEqual({ rows: 25, sheets: sheets.length });
    expect(sheets.length).toBeGreaterThan(2);
    const labels: string[] = [];
    const amounts: number[] = [];
    for (const sheet of sheets) {
      expect(sheet.rowCount).toBeLessThanOrEqual(10);
      const head = sheet.getRows(1, sheet.rowCount)!.find((r) => r.getCell(1).value === 'keys.0.label')!;
      expect(head.font?.bold).toBe(true);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: head.number });
      for (const r of sheet.getRows(head.number + 1, sheet.rowCount - head.number) ?? []) {
        labels.push(String(r.getCell(1).value));
        amounts.push(Number(r.getCell(2).value));
        expect(r.getCell(2).numFmt).toContain('€');
      }
    }
    // Every row once, in order, across the sheets, its money a number.
    expect(labels).toEqual(rows.map((r) => r['keys.0.label']));
    expect(amounts).toEqual(rows.map((r) => Number(r['values.0'])));
    const definition = workbook.worksheets.at(-1)!;
    const text = definition.getSheetValues().flat().map(String).join('\n');
    expect(text).toContain(`25 rows on ${sheets.length} sheets`);
  });
});

describe('query CSV export', () => {
  it('heads the columns with their readable names and writes the values as the exact decimals they are', async () => {
    const data = {
      spendCube: {
        columns: [{ label: 'Spend', kind: 'MONEY' }, { label: 'Contract coverage', kind: 'RATIO' }, { label: 'Lines', kind: 'COUNT' }],
        rows: [{ keys: [{ dimension: 'SUPPLIER', label: 'Acme' }], values: ['12345678901234567.89', '0.914028', '1234'] }],
      },
    };
    const tables = findTables(data);
    const table = tables.find((t) => t.path === 'spendCube.rows')!;
    const infos = describeColumns(tables, table, QUERY_EXPORT_CATALOGUE);
    const headers = table.columns.map((c) => infos.get(c)?.name ?? c);
    const out = new PassThrough();
    const parts: Buffer[] = [];
    out.on('data', (c: Buffer) => parts.push(c));
    await queryCsv(out, table.columns, (async function* () { yield table.rows; })(), headers);
    out.end();
    expect(Buffer.concat(parts).toString('utf8')).toBe(
      '\uFEFFkeys.0.dimension,Supplier,Spend,Contract coverage,Lines\r\nSUPPLIER,Acme,12345678901234567.89,0.914028,1234\r\n',
    );
    // XLSX number formats follow the kinds.
    expect(queryColumnStyles(table, infos)).toEqual([undefined, undefined, 'money', 'ratio', 'count']);
  });
});

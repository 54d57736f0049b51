import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/store/sql.js';
import { parseCsv } from './csv-parse.js';
import { centsToString, toCents } from './expected.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { startTestServer, type TestServer } from './harness.js';

/**
 * A file's posting dates, quantities and unit prices (docs/imports.md, "Optional facts"): mapped
 * by their headers, checked (unreadable ones warn and are left out, never the line), stored on the
 * lines, and priced by the unit-price variance like any other line. The expected figures are
 * worked out here from the file's own text.
 */

const BATCH = `query($id: ID!) { importBatch(id: $id) {
  status acceptedCount rejectedCount warningCount columns { index header field }
  problems(severity: "WARNING", page: { limit: 100 }) { nodes { rowNumber column code message rawValue } }
} }`;
const VALIDATE = `mutation($id: ID!, $m: ImportMappingInput!) { validateImport(id: $id, mapping: $m) { id status } }`;
const COMMIT = `mutation($id: ID!) { commitImport(id: $id) { id status } }`;
const LINES = `query($f: SpendFilter) { spendLines(filter: $f, sort: { field: INVOICE_DATE, direction: ASC }, page: { limit: 100 }) {
  nodes { sourceRef invoiceDate postingDate description quantity unitPrice amount currency supplierName countryCode }
} }`;
const PRICE_VARIANCE = `query($f: SpendFilter) { savingsOpportunities(filter: $f) {
  priceVariance { itemCount items(limit: 100) { description lineCount benchmarkUnitPrice spendAboveBenchmark excess } }
} }`;

const SUPPLIER = 'Facts Test Stationers Ltd';
const TONER = 'Toner cartridge ZX-9';
/** The file: invoice and posting dates, quantity and unit price columns, amounts in EUR (the reporting currency, so no rate is involved). */
const ROWS: Array<{ ref: string; date: string; posted: string; description: string; qty: string; price: string; amount: string; country: string }> = [
  { ref: 'F-1', date: '2025-04-01', posted: '2025-04-03', description: TONER, qty: '10', price: '€4.50', amount: '45.00', country: 'nl' },
  { ref: 'F-2', date: '2025-04-02', posted: '', description: TONER, qty: '20', price: '5', amount: '100.00', country: 'UK' },
  { ref: 'F-3', date: '2025-04-03', posted: '2025-04-30', description: TONER, qty: '5', price: '6.00', amount: '30.00', country: '' },
  { ref: 'F-4', date: '2025-04-04', posted: '2025-05-02', description: TONER, qty: '4', price: '4.00', amount: '16.00', country: 'DE' },
  // A quantity with thousands separators, and a unit price with more than 6 decimals (rounded, with a warning).
  { ref: 'F-5', date: '2025-04-05', posted: '2025-04-06', description: 'A4 paper, box', qty: '1,250.5', price: '0.1234565', amount: '154.38', country: 'Narnia' },
  // Unreadable quantity and posting date: warnings, the line is kept without them.
  { ref: 'F-6', date: '2025-04-06', posted: '2025-02-31', description: 'Staples', qty: 'lots', price: '(2.00)', amount: '-2.00', country: 'fr' },
];
/** The country a line keeps: the code in capitals, UK as GB, nothing for what is not a two-letter code. */
const countryOf = (raw: string) => (raw === 'UK' ? 'GB' : /^[A-Za-z]{2}$/.test(raw) ? raw.toUpperCase() : null);
const csvCell = (v: string) => (/[",]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
const FILE = ['Transaction Number,Invoice Date,Posting Date,Supplier Name,Description,Qty,Unit Price,Net Amount,Currency,Country Code',
  ...ROWS.map((r) => [r.ref, r.date, r.posted, SUPPLIER, r.description, r.qty, r.price, r.amount, 'EUR', r.country].map(csvCell).join(','))].join('\n');

/** A decimal string at 6 places, as the line stores it (the file's digits; half to even past the sixth). */
function sixPlaces(text: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.replace(/[,€()]/g, ''))!;
  const negative = m[1] === '-' || text.startsWith('(');
  const frac = (m[3] ?? '').padEnd(7, '0');
  let units = BigInt(m[2] + frac.slice(0, 6));
  const rest = frac.slice(6);
  if (rest > '5' || (rest.startsWith('5') && (/[1-9]/.test(rest.slice(1)) || units % 2n === 1n))) units += 1n;
  const digits = units.toString().padStart(7, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -6)}.${digits.slice(-6)}`;
}

let server: TestServer;
let finance: GraphQLClient;

beforeAll(async () => {
  server = await startTestServer({ lines: 10_000 });
  finance = await GraphQLClient.signedIn(server.url, DEMO.finance);
});
afterAll(() => server?.close());

describe('posting dates, quantities, unit prices and countries from the file', () => {
  it('are mapped by their headers, checked, stored on the lines and priced', async () => {
    const res = await fetch(`${server.url}/api/imports?fileName=facts.csv&sourceName=Line%20facts`, {
      method: 'POST', headers: { cookie: finance.sessionCookie, 'content-type': 'text/csv' }, body: FILE,
    });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { data: { id: string } }).data.id;
    type Batch = { status: string; acceptedCount: number; rejectedCount: number; warningCount: number; columns: Array<{ index: number; header: string; field: string | null }>;
      problems: { nodes: Array<{ rowNumber: number; column: string; code: string; message: string; rawValue: string }> } };
    const batch = async () => (await finance.ok<{ importBatch: Batch }>(BATCH, { id })).importBatch;

    // Proposed from the headers alone: the second date column is the posting date.
    const proposed = await batch();
    expect(Object.fromEntries(proposed.columns.map((c) => [c.header, c.field]))).toEqual({
      'Transaction Number': 'SOURCE_REF', 'Invoice Date': 'INVOICE_DATE', 'Posting Date': 'POSTING_DATE', 'Supplier Name': 'SUPPLIER_NAME',
      'Description': 'DESCRIPTION', 'Qty': 'QUANTITY', 'Unit Price': 'UNIT_PRICE', 'Net Amount': 'AMOUNT', 'Currency': 'CURRENCY', 'Country Code': 'COUNTRY',
    });
    const columns = proposed.columns.filter((c) => c.field).map((c) => ({ field: c.field, column: c.index }));
    await finance.ok(VALIDATE, { id, m: { columns } });
    const validated = await batch();
    // Nothing is rejected for a fact it could do without.
    expect({ status: validated.status, accepted: validated.acceptedCount, rejected: validated.rejectedCount }).toEqual({ status: 'VALIDATED', accepted: ROWS.length, rejected: 0 });
    expect(validated.problems.nodes.map(({ rowNumber, column, code, rawValue }) => ({ rowNumber, column, code, rawValue }))).toEqual([
      { rowNumber: 6, column: 'Country Code', code: 'COUNTRY_INVALID', rawValue: 'Narnia' },
      { rowNumber: 6, column: 'Unit Price', code: 'NUMBER_ROUNDED', rawValue: '0.1234565' },
      { rowNumber: 7, column: 'Posting Date', code: 'POSTING_DATE_INVALID', rawValue: '2025-02-31' },
      { rowNumber: 7, column: 'Qty', code: 'QUANTITY_INVALID', rawValue: 'lots' },
    ]);
    expect(validated.problems.nodes.find((p) => p.code === 'POSTING_DATE_INVALID')?.message).toContain('The line posts on its invoice date.');

    await finance.ok(COMMIT, { id });
    const [{ id: supplierId }] = await server.store.query<{ id: number }>(sql`SELECT id FROM suppliers WHERE name = ${SUPPLIER}`, { name: 'test.factsSupplier' });
    const filter = { supplierIds: [String(supplierId)], dateFrom: '2025-04-01', dateTo: '2025-04-30' };
    const { spendLines } = await finance.ok<{ spendLines: { nodes: Array<Record<string, string | null>> } }>(LINES, { f: filter });
    const postingOf = (r: (typeof ROWS)[number]) => (r.posted === '' || r.posted === '2025-02-31' ? r.date : r.posted);
    expect(spendLines.nodes).toEqual(ROWS.map((r) => ({
      sourceRef: r.ref, invoiceDate: r.date, postingDate: postingOf(r), description: r.description,
      quantity: /^[\d,.]+$/.test(r.qty) ? sixPlaces(r.qty) : null, unitPrice: sixPlaces(r.price), amount: r.amount, currency: 'EUR', supplierName: SUPPLIER,
      countryCode: countryOf(r.country),
    })));

    // The lines' exports carry them too: as stored in CSV, as numbers in XLSX.
    const exported = async (format: 'csv' | 'xlsx') => {
      const res = await fetch(`${server.url}/api/exports/lines?format=${format}&filter=${encodeURIComponent(JSON.stringify(filter))}`, { headers: { cookie: finance.sessionCookie } });
      expect(res.status).toBe(200);
      return Buffer.from(await res.arrayBuffer());
    };
    const [header, ...csvRows] = parseCsv((await exported('csv')).toString('utf8'));
    const cellsOf = (row: string[]) => ({ ref: row[header.indexOf('Source reference')], quantity: row[header.indexOf('Quantity')], unitPrice: row[header.indexOf('Unit price')] });
    const expectedCells = (text: (v: string | null) => unknown) => ROWS.map((r) => ({
      ref: r.ref, quantity: text(/^[\d,.]+$/.test(r.qty) ? sixPlaces(r.qty) : null), unitPrice: text(sixPlaces(r.price)),
    }));
    expect(csvRows.map(cellsOf).sort((a, b) => a.ref.localeCompare(b.ref))).toEqual(expectedCells((v) => v ?? ''));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exported('xlsx')) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Lines')!;
    const head = sheet.getRows(1, sheet.rowCount)!.find((r) => r.getCell(1).value === 'Invoice date')!;
    const titles = (head.values as unknown[]).map(String);
    const sheetRows = sheet.getRows(head.number + 1, sheet.rowCount - head.number)!.map((r) => ({
      ref: String(r.getCell(titles.indexOf('Source reference')).value),
      quantity: r.getCell(titles.indexOf('Quantity')).value ?? null, unitPrice: r.getCell(titles.indexOf('Unit price')).value ?? null,
    }));
    expect(sheetRows.sort((a, b) => a.ref.localeCompare(b.ref))).toEqual(expectedCells((v) => (v === null ? null : Number(v))));

    // Unit-price variance, worked out from the file: the toner's unit prices (amount ÷ quantity),
    // the 25th percentile by nearest rank as the benchmark, and the spend above it less the benchmark × those quantities.
    const toner = ROWS.filter((r) => r.description === TONER).map((r) => ({ cents: toCents(r.amount), qty: BigInt(r.qty) }));
    // Prices compared as fractions: a/b > c/d ⇔ a·d > c·b (every quantity here is positive).
    const byPrice = [...toner].sort((a, b) => Number(a.cents * b.qty - b.cents * a.qty));
    const benchmark = byPrice[Math.ceil(0.25 * byPrice.length) - 1];
    const above = toner.filter((l) => l.cents * benchmark.qty > benchmark.cents * l.qty);
    const aboveCents = above.reduce((s, l) => s + l.cents, 0n);
    const aboveQty = above.reduce((s, l) => s + l.qty, 0n);
    // Benchmark × quantity in cents, exact here (every benchmark price × quantity is whole cents in this file).
    expect((benchmark.cents * aboveQty) % benchmark.qty).toBe(0n);
    const excess = aboveCents - (benchmark.cents * aboveQty) / benchmark.qty;
    const { savingsOpportunities } = await finance.ok<{ savingsOpportunities: { priceVariance: { itemCount: number; items: Array<Record<string, unknown>> } } }>(
      PRICE_VARIANCE, { f: filter },
    );
    // The benchmark unit price: cents ÷ quantity, cut to 6 decimals (millionths = cents × 10⁴ ÷ quantity).
    const micros = (benchmark.cents * 10_000n) / benchmark.qty;
    expect(savingsOpportunities.priceVariance.items).toEqual([{
      description: TONER.toLowerCase(), lineCount: toner.length,
      benchmarkUnitPrice: `${micros / 1_000_000n}.${(micros % 1_000_000n).toString().padStart(6, '0')}`,
      spendAboveBenchmark: centsToString(aboveCents), excess: centsToString(excess),
    }]);
  });
});

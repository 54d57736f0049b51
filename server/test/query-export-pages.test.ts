import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from './csv-parse.js';
import { categoryTree, centsToString, rawLines, sumCents, toCents, userScope, type RawLine } from './expected.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { downloadQuery, resultSheet } from './query-export-files.js';
import { startTestServer, type TestServer } from './harness.js';
import { sql } from '../src/store/sql.js';

// /api/exports/query walks a list under `page: PageInput` page after page (docs/architecture.md,
// the query workbench, "Export"): more lines than one export page (10,000) come out whole.
let server: TestServer;
let analyst: GraphQLClient;
let catman: GraphQLClient;
let lines: RawLine[];

const LINES = `query Lines($filter: SpendFilter) {
  spendLines(filter: $filter, page: { offset: 40, limit: 100 }) {
    totalCount
    nodes { id invoiceDate supplierName amountReporting }
  }
}`;

const download = (client: GraphQLClient, params: Record<string, string>) => downloadQuery(server.url, client, params);

/** Line id → amount in cents, from the CSV; every id must appear once. */
function csvLines(body: Buffer) {
  const [header, ...rows] = parseCsv(body.toString('utf8'));
  const id = header.indexOf('id');
  const amount = header.indexOf('amountReporting');
  const seen = new Map<number, bigint>();
  let repeats = 0;
  for (const r of rows) {
    if (seen.has(Number(r[id]))) repeats++;
    seen.set(Number(r[id]), r[amount] === '' ? 0n : toCents(r[amount]));
  }
  return { header, rows: rows.length, seen, repeats };
}

beforeAll(async () => {
  server = await startTestServer({ lines: 23_000 });
  analyst = await GraphQLClient.signedIn(server.url, DEMO.analyst);
  catman = await GraphQLClient.signedIn(server.url, DEMO.catman);
  lines = await rawLines(server.store);
}, 120_000);
afterAll(() => server?.close());

describe('/api/exports/query over a paged list', () => {
  it('writes every line in scope exactly once across pages, its total tying to the cent with the raw table', async () => {
    expect(lines.length).toBeGreaterThan(20_000); // more than two export pages
    const file = await download(analyst, { document: LINES, format: 'csv', path: 'spendLines.nodes' });
    expect(file.status).toBe(200);
    const got = csvLines(file.body);
    expect(got.header).toEqual(['id', 'invoiceDate', 'supplierName', 'amountReporting']);
    expect(got.repeats).toBe(0);
    expect(got.rows).toBe(lines.length);
    expect([...got.seen.keys()].sort((a, b) => a - b)).toEqual(lines.map((l) => l.id).sort((a, b) => a - b));
    let cents = 0n;
    for (const c of got.seen.values()) cents += c;
    expect(centsToString(cents)).toBe(centsToString(sumCents(lines)));
    // The page's totalCount announced the rows before the first byte.
    expect(file.headers.get('x-export-rows')).toBe(String(lines.length));
  });

  it("holds only the category manager's scope, with no path given (the document's only paged list)", async () => {
    const scope = await userScope(server.store, DEMO.catman);
    const tree = await categoryTree(server.store);
    const inScope = lines.filter((l) => l.categoryId !== null && tree.isWithin(l.categoryId, scope.categories));
    expect(inScope.length).toBeGreaterThan(0);
    expect(inScope.length).toBeLessThan(lines.length);
    const file = await download(catman, { document: LINES, format: 'csv' });
    expect(file.status).toBe(200);
    const got = csvLines(file.body);
    expect(got.repeats).toBe(0);
    expect([...got.seen.keys()].sort((a, b) => a - b)).toEqual(inScope.map((l) => l.id).sort((a, b) => a - b));
    let cents = 0n;
    for (const c of got.seen.values()) cents += c;
    expect(centsToString(cents)).toBe(centsToString(sumCents(inScope)));
  });

  it('walks a page given as a variable under an alias, and writes XLSX rows for every line', async () => {
    const document = `query($p: PageInput) { all: spendLines(page: $p) { items: nodes { id amountReporting } } }`;
    const file = await download(analyst, { document, variables: JSON.stringify({ p: { limit: 20 } }), format: 'xlsx', path: 'all.items' });
    expect(file.status).toBe(200);
    const { sheet, headerRow } = await resultSheet(file.body, 'id');
    expect(headerRow).toBeGreaterThan(0);
    const ids = new Set<string>();
    let cents = 0n;
    for (let n = headerRow + 1; n <= sheet.rowCount; n++) {
      const row = sheet.getRow(n);
      ids.add(String(row.getCell(1).value));
      cents += BigInt(Math.round(Number(row.getCell(2).value ?? 0) * 100));
    }
    expect(ids.size).toBe(lines.length);
    expect(centsToString(cents)).toBe(centsToString(sumCents(lines)));
  });

  it('the larger page is export-only: interactive spendLines(page: {limit: 10000}) is BAD_USER_INPUT', async () => {
    const res = await analyst.request(`{ spendLines(page: { limit: 10000 }) { nodes { id } } }`);
    expect(res.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'page.limit' });
    const viaVariable = await analyst.request(`query($p: PageInput) { spendLines(page: $p) { nodes { id } } }`, { p: { limit: 501 } });
    expect(viaVariable.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'page.limit' });
    // Inside an export, a page the export does not walk keeps the interactive bound too.
    const other = `{ spendLines { nodes { id } } suppliers(page: { limit: 10000 }) { nodes { id } } }`;
    const refused = await download(analyst, { document: other, format: 'csv', path: 'spendLines.nodes' });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body.toString()).errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'page.limit' });
    // …also when the page is a variable the request leaves to its default.
    const defaulted = `query($p: PageInput = { limit: 10000 }) { spendLines { nodes { id } } suppliers(page: $p) { nodes { id } } }`;
    const refusedDefault = await download(analyst, { document: defaulted, format: 'csv', path: 'spendLines.nodes' });
    expect(refusedDefault.status).toBe(400);
    expect(JSON.parse(refusedDefault.body.toString()).errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'page.limit' });
  });
});

describe('the page walk continues after the last line of each page', () => {
  // Each page is read after the last line of the one before (PageWalk), not by skipping rows: a
  // page boundary inside a run of equal keys, or of missing ones, must neither skip nor repeat a
  // line. A low cost limit makes the walk's pages 300 lines (100 for the list, 1 per id), shorter
  // than the runs of equal dates, suppliers and units and than the unclassified lines (no category).
  let small: TestServer;
  let reader: GraphQLClient;
  beforeAll(async () => {
    small = await startTestServer({ lines: 10_000, env: { SPENDSCOPE_MAX_COST: '400' } });
    reader = await GraphQLClient.signedIn(small.url, DEMO.analyst);
  });
  afterAll(() => small?.close());

  it('in every sort order: each line once, in the list\'s own order (nulls last, ties by id)', async () => {
    const document = `query($s: SpendLineSort) { spendLines(sort: $s) { nodes { id } } }`;
    const keyed = (await small.store.query<{ id: string; d: string; a: string | null; su: string; ca: string | null; bu: string }>(
      sql`SELECT s.id, CAST(s.invoice_date AS VARCHAR) AS d, CAST(s.amount_reporting AS VARCHAR) AS a, sup.name AS su, c.name AS ca, bu.name AS bu
          FROM spend_lines s JOIN suppliers sup ON sup.id = s.supplier_id LEFT JOIN categories c ON c.id = s.category_id
          JOIN business_units bu ON bu.id = s.business_unit_id`, { name: 't.keys' },
    )).map((r) => ({ id: Number(r.id), d: r.d, a: r.a === null ? null : toCents(r.a), su: r.su, ca: r.ca, bu: r.bu }));
    type Keyed = (typeof keyed)[number];
    const keyOf: Record<string, (l: Keyed) => string | bigint | null> = {
      INVOICE_DATE: (l) => l.d, AMOUNT: (l) => l.a, SUPPLIER: (l) => l.su, CATEGORY: (l) => l.ca, BUSINESS_UNIT: (l) => l.bu,
    };
    expect(keyed.filter((l) => l.ca === null).length, 'unclassified lines: a run of missing keys longer than a page').toBeGreaterThan(300);
    const orders = [['INVOICE_DATE', 'DESC'], ['AMOUNT', 'ASC'], ['SUPPLIER', 'DESC'], ['CATEGORY', 'ASC'], ['CATEGORY', 'DESC'], ['BUSINESS_UNIT', 'ASC']] as const;
    for (const [field, direction] of orders) {
      const sign = direction === 'ASC' ? 1 : -1;
      const expected = [...keyed].sort((x, y) => {
        const [kx, ky] = [keyOf[field](x), keyOf[field](y)];
        if (kx === null || ky === null) return kx === ky ? sign * (x.id - y.id) : kx === null ? 1 : -1;
        return kx < ky ? -sign : kx > ky ? sign : sign * (x.id - y.id);
      }).map((l) => l.id);
      const file = await downloadQuery(small.url, reader, { document, variables: JSON.stringify({ s: { field, direction } }), format: 'csv', path: 'spendLines.nodes' });
      expect(file.status, `${field} ${direction}`).toBe(200);
      const [header, ...rows] = parseCsv(file.body.toString('utf8'));
      const at = header.indexOf('id');
      expect(rows.map((r) => Number(r[at])), `${field} ${direction}`).toEqual(expected);
    }
  });
});

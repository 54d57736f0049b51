import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from './csv-parse.js';
import { categoryTree, centsToString, rawLines, sumCents, toCents, userScope, type RawLine } from './expected.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { downloadQuery, resultSheet } from './query-export-files.js';
import { startTestServer, type TestServer } from './harness.js';

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
  });
});

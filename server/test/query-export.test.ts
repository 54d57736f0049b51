import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/store/sql.js';
import { parseCsv } from './csv-parse.js';
import { categoryTree, centsToString, rawLines, sumCents, userScope, type RawLine } from './expected.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { downloadQuery, resultSheet } from './query-export-files.js';
import { startTestServer, type TestServer } from './harness.js';

// /api/exports/query: the document runs again on the server with the caller's context, and its
// list of objects is written as flattened rows (docs/architecture.md, the query workbench).
let server: TestServer;
let analyst: GraphQLClient;
let catman: GraphQLClient;
let lines: RawLine[];

const BY_CATEGORY = `query ByCategory {
  spendCube(query: { dimensions: [CATEGORY_L1], measures: [SPEND, LINE_COUNT] }) {
    columns { label kind }
    rows { keys { dimension id label } values }
  }
}`;

const download = (client: GraphQLClient, params: Record<string, string>) => downloadQuery(server.url, client, params);

/** Spend per top-level category id for the lines a user may see, from the raw table. */
async function expectedByCategory(categoryRoots: Set<number> | null): Promise<Map<string, { cents: bigint; count: number }>> {
  const tree = await categoryTree(server.store);
  const out = new Map<string, { cents: bigint; count: number }>();
  for (const l of lines) {
    if (categoryRoots && (l.categoryId === null || !tree.isWithin(l.categoryId, categoryRoots))) continue;
    const key = l.categoryId === null ? '' : String(tree.ancestorAt(l.categoryId, 1));
    const cur = out.get(key) ?? { cents: 0n, count: 0 };
    cur.cents += l.cents;
    cur.count += 1;
    out.set(key, cur);
  }
  return out;
}

function csvByCategory(body: Buffer) {
  const [header, ...rows] = parseCsv(body.toString('utf8'));
  const id = header.indexOf('keys.0.id');
  const spend = header.indexOf('Spend');
  const count = header.indexOf('Lines');
  return { header, rows: new Map(rows.map((r) => [r[id], { spend: r[spend], count: Number(r[count]) }])) };
}

beforeAll(async () => {
  server = await startTestServer();
  analyst = await GraphQLClient.signedIn(server.url, DEMO.analyst);
  catman = await GraphQLClient.signedIn(server.url, DEMO.catman);
  lines = await rawLines(server.store);
});
afterAll(() => server?.close());

describe('/api/exports/query', () => {
  it('writes the flattened rows of the result as CSV, equal to the raw table', async () => {
    const file = await download(analyst, { document: BY_CATEGORY, format: 'csv' });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/attachment; filename="spendscope-query-.*\.csv"/);
    const { header, rows } = csvByCategory(file.body);
    // The workbench's names where the result gives them (the measures' labels, the dimension's
    // name as the other exports write it), else the paths.
    expect(header).toEqual(['keys.0.dimension', 'keys.0.id', 'Category (level 1)', 'Spend', 'Lines']);
    const expected = await expectedByCategory(null);
    expect(rows.size).toBe(expected.size);
    for (const [id, e] of expected) expect(rows.get(id), `category ${id}`).toEqual({ spend: centsToString(e.cents), count: e.count });
    expect(file.headers.get('x-export-rows')).toBe(String(expected.size));
  });

  it("applies the caller's scope: a category manager's export holds only their categories", async () => {
    const scope = await userScope(server.store, DEMO.catman);
    expect(scope.categories.size).toBeGreaterThan(0);
    const file = await download(catman, { document: BY_CATEGORY, format: 'csv' });
    expect(file.status).toBe(200);
    const { rows } = csvByCategory(file.body);
    const expected = await expectedByCategory(scope.categories);
    expect([...rows.keys()].sort()).toEqual([...expected.keys()].sort());
    let cents = 0n;
    for (const [id, e] of expected) {
      expect(rows.get(id)?.spend).toBe(centsToString(e.cents));
      cents += e.cents;
    }
    expect(cents).toBeLessThan(sumCents(lines));
  });

  it("a scoped user's saved query, shared and run by another user, runs with the runner's scope", async () => {
    const created = await catman.ok<{ createSavedView: { id: string } }>(
      `mutation($input: CreateSavedViewInput!) { createSavedView(input: $input) { id } }`,
      { input: { name: 'By category (catman)', kind: 'QUERY', shared: true, definition: JSON.stringify({ document: BY_CATEGORY, variables: {} }) } },
    );
    const id = created.createSavedView.id;
    const asAnalyst = csvByCategory((await download(analyst, { id, format: 'csv' })).body).rows;
    const asAuthor = csvByCategory((await download(catman, { id, format: 'csv' })).body).rows;
    const all = await expectedByCategory(null);
    const scoped = await expectedByCategory((await userScope(server.store, DEMO.catman)).categories);
    expect(asAnalyst.size).toBe(all.size);
    expect(asAuthor.size).toBe(scoped.size);
    for (const [key, e] of all) expect(asAnalyst.get(key)?.spend).toBe(centsToString(e.cents));
    // A viewer may neither open the saved query nor export.
    const viewer = await GraphQLClient.signedIn(server.url, DEMO.viewer);
    expect((await download(viewer, { id, format: 'csv' })).status).toBe(403);
  });

  it('writes XLSX with money formats from the cube columns and neutralised text', async () => {
    const evil = '=HYPERLINK("http://evil.example","x")';
    await server.store.execute(sql`UPDATE suppliers SET name = ${evil} WHERE id = (SELECT supplier_id FROM spend_lines ORDER BY id LIMIT 1)`, { name: 'test.evil' });
    const document = `{ spendCube(query: { dimensions: [SUPPLIER], measures: [SPEND, CONTRACT_COVERAGE] }) { columns { label kind } rows { keys { dimension label } values } } }`;
    const csv = await download(analyst, { document, format: 'csv' });
    const csvText = csv.body.toString('utf8');
    expect(csvText).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    // Readable names in the header; the values stay plain exact decimals, as finance tools re-read them.
    const [csvHeader, ...csvRows] = parseCsv(csvText);
    expect(csvHeader).toEqual(['keys.0.dimension', 'Supplier', 'Spend', 'Contract coverage']);
    for (const r of csvRows) {
      expect(r[2]).toMatch(/^-?\d+\.\d{2}$/);
      expect(r[3]).toMatch(/^(-?\d+(\.\d+)?)?$/);
    }
    const file = await download(analyst, { document, format: 'xlsx' });
    expect(file.status).toBe(200);
    const { sheet, headerRow } = await resultSheet(file.body, 'keys.0.dimension');
    expect(headerRow).toBeGreaterThan(0);
    const header = (sheet.getRow(headerRow).values as unknown[]).slice(1);
    expect(header).toEqual(csvHeader);
    const spendCol = header.indexOf('Spend') + 1;
    const labelCol = header.indexOf('Supplier') + 1;
    const coverageCol = header.indexOf('Contract coverage') + 1;
    const labels: string[] = [];
    let total = 0n;
    for (let n = headerRow + 1; n <= sheet.rowCount; n++) {
      const row = sheet.getRow(n);
      labels.push(String(row.getCell(labelCol).value));
      const v = row.getCell(spendCol);
      expect(typeof v.value).toBe('number');
      expect(v.numFmt).toMatch(/#,##0\.00/);
      total += BigInt(Math.round((v.value as number) * 100));
      // Each measure by its kind: a ratio as a percentage.
      if (row.getCell(coverageCol).value !== null) expect(row.getCell(coverageCol).numFmt).toBe('0.0%');
    }
    expect(labels).toContain(`'${evil}`);
    expect(centsToString(total)).toBe(centsToString(sumCents(lines)));
  });

  it('exports a list that came back empty as its header: a page of contracts, and a cube with no rows beside its measures', async () => {
    const lines = `{ contracts(filter: { search: "no contract says zq-xj-0" }, page: { limit: 50 }) { totalCount nodes { number ceiling supplier { name } categories { name } __typename } } }`;
    const csv = await download(analyst, { document: lines, format: 'csv' });
    expect(csv.status, csv.body.toString()).toBe(200);
    // A list inside each node (categories) is left out: without rows, its columns are unknown.
    expect(parseCsv(csv.body.toString('utf8'))).toEqual([['number', 'ceiling', 'supplier.name', '__typename']]);
    expect(csv.headers.get('x-export-rows')).toBe('0');
    // The cube's `columns` list has one row; its empty `rows` are what the query is about.
    const cube = `{ spendCube(query: { dimensions: [SUPPLIER], measures: [SPEND], filter: { dateFrom: "1901-01-01", dateTo: "1901-12-31" } }) { columns { label } rows { keys { label } values } } }`;
    const file = await download(analyst, { document: cube, format: 'xlsx' });
    expect(file.status).toBe(200);
    const { sheet, headerRow } = await resultSheet(file.body, 'values');
    expect(headerRow).toBeGreaterThan(0);
    expect((sheet.getRow(headerRow).values as unknown[]).slice(1)).toEqual(['values']); // keys are a list inside each row: their columns are unknown without rows
    expect(sheet.rowCount).toBe(headerRow);
    // A named metadata list is still exported as asked.
    const measures = await download(analyst, { document: cube, format: 'csv', path: 'spendCube.columns' });
    expect(parseCsv(measures.body.toString('utf8'))).toEqual([['label'], ['Spend']]);
  });

  it('refuses mutations, bad documents and results without a list, with the catalogue codes', async () => {
    const mutation = await download(analyst, { document: 'mutation { logout }', format: 'csv' });
    expect(mutation.status).toBe(400);
    expect(JSON.parse(mutation.body.toString()).errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'document' });
    const broken = await download(analyst, { document: '{ spendCube(', format: 'csv' });
    expect(broken.status).toBe(400);
    const noList = await download(analyst, { document: '{ me { email } }', format: 'csv' });
    expect(noList.status).toBe(400);
    expect(JSON.parse(noList.body.toString()).errors[0].message).toMatch(/no list of objects/);
    // The same limits as /graphql: a too-deep document is QUERY_TOO_COMPLEX, naming the limit.
    const deep = `{ supplier(id: "1") ${'{ parent '.repeat(14)}{ name }${' }'.repeat(15)}`;
    const tooDeep = await download(analyst, { document: deep, format: 'csv' });
    expect(tooDeep.status).toBe(400);
    expect(JSON.parse(tooDeep.body.toString()).errors[0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'depth' });
    expect((await download(new GraphQLClient(server.url), { document: BY_CATEGORY })).status).toBe(401);
  });
});

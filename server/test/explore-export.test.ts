import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/store/sql.js';
import { parseCsv } from './csv-parse.js';
import { categoryTree, centsToString, rawLines, sumCents, toCents, userScope, type RawLine } from './expected.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { startTestServer, type TestServer } from './harness.js';

const CUBE = `query($q: SpendCubeQuery!) { spendCube(query: $q) { rows { depth values keys { dimension id label rolledUp } } totals { values } } }`;
const SORTED = `query($f: SpendFilter, $s: SpendLineSort) { spendLines(filter: $f, sort: $s, page: { limit: 200 }) { nodes { id } pageInfo { hasNextPage } } }`;
const LINES = `query($f: SpendFilter, $p: PageInput) { spendLines(filter: $f, page: $p) { totalCount totalAmount nodes { id amountReporting supplierName categoryName } pageInfo { hasNextPage } } }`;

interface Cube { spendCube: { rows: Array<{ depth: number; values: string[]; keys: Array<{ dimension: string; id: string | null; label: string; rolledUp: boolean }> }>; totals: { values: string[] } } }

let server: TestServer;
let finance: GraphQLClient;
let lines: RawLine[];
const PIVOT = { dimensions: ['CATEGORY_L1', 'BUSINESS_UNIT'], measures: ['SPEND', 'LINE_COUNT', 'SUPPLIER_COUNT'], subtotals: true, filter: { dateFrom: '2025-01-01', dateTo: '2025-12-31' } };

async function download(client: GraphQLClient, path: string) {
  const res = await fetch(`${server.url}${path}`, { headers: { cookie: client.sessionCookie } });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

beforeAll(async () => {
  server = await startTestServer();
  finance = await GraphQLClient.signedIn(server.url, DEMO.finance);
  lines = await rawLines(server.store);
});
afterAll(() => server?.close());

describe('drill to lines', () => {
  it('every cell, subtotal and total of a pivot drills to lines whose count and sum equal it', async () => {
    const cube = (await finance.ok<Cube>(CUBE, { q: PIVOT })).spendCube;
    const cells = [...cube.rows.filter((r) => r.depth === 1), ...cube.rows.filter((r) => r.depth === 2).slice(0, 12)];
    expect(cells.some((c) => c.keys[0].id === null), 'the unclassified group must be among the cells').toBe(true);
    for (const cell of cells) {
      const members = cell.keys.filter((k) => !k.rolledUp).map((k) => ({ dimension: k.dimension, ids: [k.id] }));
      const data = await finance.ok<{ spendLines: { totalCount: number; totalAmount: string } }>(LINES, { f: { ...PIVOT.filter, members }, p: { limit: 1 } });
      expect([data.spendLines.totalAmount, String(data.spendLines.totalCount)], JSON.stringify(cell.keys)).toEqual([cell.values[0], cell.values[1]]);
    }
    const all = await finance.ok<{ spendLines: { totalCount: number; totalAmount: string } }>(LINES, { f: PIVOT.filter, p: { limit: 1 } });
    expect([all.spendLines.totalAmount, String(all.spendLines.totalCount)]).toEqual([cube.totals.values[0], cube.totals.values[1]]);
  });

  it('a line field asked alone, or with fragments and aliases, has the value it has when every field is asked', async () => {
    // A page reads only the columns of the fields asked for; each must come out as in the full row.
    const type = await finance.ok<{ __type: { fields: Array<{ name: string }> } }>(`{ __type(name: "SpendLine") { fields { name } } }`);
    const fields = type.__type.fields.map((f) => f.name);
    const page = `page: { limit: 50 }, sort: { field: AMOUNT, direction: DESC }`;
    const full = (await finance.ok<{ spendLines: { nodes: Array<Record<string, unknown>> } }>(`{ spendLines(${page}) { nodes { ${fields.join(' ')} } } }`)).spendLines.nodes;
    expect(full).toHaveLength(50);
    // The largest lines: each joined name is there on some of them, so a name left unread would show.
    for (const name of ['supplierName', 'categoryName', 'businessUnitName', 'contractNumber']) expect(full.some((line) => line[name] !== null), name).toBe(true);
    // Independently of the list: the supplier names as stored.
    const names = new Map((await server.store.query<{ id: string; name: string }>(sql`SELECT CAST(id AS VARCHAR) AS id, name FROM suppliers`, { name: 't' })).map((r) => [r.id, r.name]));
    expect(full.map((line) => line.supplierName)).toEqual(full.map((line) => names.get(String(line.supplierId))));
    for (const field of fields) {
      const alone = (await finance.ok<{ spendLines: { nodes: Array<Record<string, unknown>> } }>(`{ spendLines(${page}) { nodes { ${field} } } }`)).spendLines.nodes;
      expect(alone.map((line) => line[field]), field).toEqual(full.map((line) => line[field]));
    }
    const viaFragment = (await finance.ok<{ spendLines: { items: Array<Record<string, unknown>> } }>(
      `{ spendLines(${page}) { items: nodes { ...L ... on SpendLine { amount: amountReporting } } } } fragment L on SpendLine { id categoryName }`,
    )).spendLines.items;
    expect(viaFragment).toEqual(full.map((line) => ({ id: line.id, categoryName: line.categoryName, amount: line.amountReporting })));
  });

  it('pages through lines in order without gaps, and viewers may not drill', async () => {
    const f = { members: [{ dimension: 'MONTH', ids: ['2025-03'] }] };
    const expected = lines.filter((l) => l.invoiceDate.startsWith('2025-03'));
    const seen = new Set<string>();
    let cents = 0n;
    for (let offset = 0; ; offset += 200) {
      const page = await finance.ok<{ spendLines: { nodes: Array<{ id: string; amountReporting: string }>; pageInfo: { hasNextPage: boolean } } }>(LINES, { f, p: { offset, limit: 200 } });
      for (const n of page.spendLines.nodes) {
        seen.add(n.id);
        cents += toCents(n.amountReporting);
      }
      if (!page.spendLines.pageInfo.hasNextPage) break;
    }
    expect(seen.size).toBe(expected.length);
    expect(centsToString(cents)).toBe(centsToString(sumCents(expected)));
    const viewer = await GraphQLClient.signedIn(server.url, DEMO.viewer);
    expect((await viewer.errorCode(LINES, { f })).code).toBe('FORBIDDEN');
    expect((await finance.errorCode(LINES, { f: { members: [{ dimension: 'MONTH', ids: ['2025-13'] }] } })).code).toBe('BAD_USER_INPUT');
  });
});

describe('exports tie to the GraphQL result to the cent', () => {
  it('CSV of a pivot in the long format equals the cube, subtotals and grand total included', async () => {
    const cube = (await finance.ok<Cube>(CUBE, { q: PIVOT })).spendCube;
    const file = await download(finance, `/api/exports/cube?format=csv&layout=long&query=${encodeURIComponent(JSON.stringify(PIVOT))}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/attachment; filename="spendscope-pivot-.*\.csv"/);
    const [header, ...body] = parseCsv(file.body.toString('utf8'));
    expect(header).toEqual(['Row type', 'Category (level 1)', 'Business unit', 'Spend', 'Lines', 'Suppliers']);
    const total = body.find((r) => r[0] === 'total')!;
    expect(total.slice(3)).toEqual(cube.totals.values);
    const detail = body.filter((r) => r[0] !== 'total');
    expect(detail).toHaveLength(cube.rows.length);
    const key = (labels: string[]) => labels.join('|');
    const fromApi = new Map(cube.rows.map((r) => [key(r.keys.map((k) => (k.rolledUp ? '' : k.label))), r.values]));
    for (const r of detail) expect(r.slice(3), r.join(',')).toEqual(fromApi.get(key(r.slice(1, 3))));
    // Subtotals sum their members exactly.
    const sub = detail.find((r) => r[0] === 'subtotal')!;
    const members = detail.filter((r) => r[0] === 'detail' && r[1] === sub[1]);
    expect(centsToString(members.reduce((s, r) => s + toCents(r[3]), 0n))).toBe(sub[3]);
  });

  it('the long format reads months in time order within each group, as the explorer shows them, unless the query sorts', async () => {
    const query = { dimensions: ['BUSINESS_UNIT', 'MONTH'], measures: ['SPEND'], subtotals: true, filter: { dateFrom: '2025-01-01', dateTo: '2025-12-31' } };
    const file = await download(finance, `/api/exports/cube?format=csv&layout=long&query=${encodeURIComponent(JSON.stringify(query))}`);
    const body = parseCsv(file.body.toString('utf8')).slice(1).filter((r) => r[0] === 'detail');
    // Months of each unit, in file order, against the calendar.
    const byUnit = new Map<string, string[]>();
    for (const r of body) byUnit.set(r[1], [...(byUnit.get(r[1]) ?? []), r[2]]);
    const monthIndex = (label: string) => ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].indexOf(label.slice(0, 3));
    expect(byUnit.size).toBeGreaterThan(1);
    for (const [unit, months] of byUnit) {
      expect(months.length, unit).toBe(12);
      expect(months.map(monthIndex), unit).toEqual([...Array(12).keys()]);
    }
    // Sorted by spend when the query says so.
    const sorted = await download(finance, `/api/exports/cube?format=csv&layout=long&query=${encodeURIComponent(JSON.stringify({ ...query, sort: [{ measure: 'SPEND', direction: 'DESC' }] }))}`);
    const first = parseCsv(sorted.body.toString('utf8')).slice(1).filter((r) => r[0] === 'detail' && r[1] === body[0][1]).map((r) => toCents(r[3]));
    expect(first).toEqual([...first].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
  });

  it('the long format holds every row past the default cube limit of 10,000, or refuses; a limit the caller gives is kept', async () => {
    const query = { dimensions: ['SUPPLIER', 'MONTH', 'BUSINESS_UNIT'], measures: ['SPEND'] };
    // Expected independently: one row per (supplier, month, unit) present in the lines, plus the grand total.
    const [{ n }] = await server.store.query<{ n: string }>(
      sql`SELECT COUNT(*) AS n FROM (SELECT DISTINCT supplier_id, date_trunc('month', invoice_date), business_unit_id FROM spend_lines) k`, { name: 'test.longRows' },
    );
    expect(Number(n)).toBeGreaterThan(10_000);
    const file = await download(finance, `/api/exports/cube?format=csv&layout=long&query=${encodeURIComponent(JSON.stringify(query))}`);
    expect(file.status).toBe(200);
    const [, ...body] = parseCsv(file.body.toString('utf8'));
    expect(body.filter((r) => r[0] !== 'total')).toHaveLength(Number(n));
    const top = await download(finance, `/api/exports/cube?format=csv&layout=long&query=${encodeURIComponent(JSON.stringify({ ...query, limit: 25 }))}`);
    expect(parseCsv(top.body.toString('utf8')).slice(1).filter((r) => r[0] !== 'total')).toHaveLength(25);
    // Past the largest cube a request may ask for, the export is refused rather than cut.
    const wide = { dimensions: ['SUPPLIER', 'MONTH', 'BUSINESS_UNIT', 'CATEGORY', 'COST_CENTER'], measures: ['SPEND'], subtotals: true };
    const refused = await download(finance, `/api/exports/cube?format=csv&layout=long&query=${encodeURIComponent(JSON.stringify(wide))}`);
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body.toString('utf8')).errors[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('XLSX of a pivot keeps its shape: filters above, frozen header, bold subtotals, currency formats, query sheet', async () => {
    const cube = (await finance.ok<Cube>(CUBE, { q: PIVOT })).spendCube;
    const file = await download(finance, `/api/exports/cube?format=xlsx&query=${encodeURIComponent(JSON.stringify(PIVOT))}`);
    expect(file.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.body as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Pivot')!;
    expect(String(sheet.getCell('A2').value)).toContain('Period: 2025-01-01 to 2025-12-31');
    const headerRow = sheet.getRows(1, sheet.rowCount)!.find((r) => r.getCell(1).value === 'Category (level 1)')!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: headerRow.number });
    const data = sheet.getRows(headerRow.number + 1, sheet.rowCount - headerRow.number)!;
    const grand = data.find((r) => r.getCell(1).value === 'Grand total')!;
    expect(Number(grand.getCell(3).value).toFixed(2)).toBe(cube.totals.values[0]);
    expect(grand.font?.bold).toBe(true);
    expect(grand.getCell(3).numFmt).toContain('€');
    const subtotals = data.filter((r) => r.getCell(2).value === 'Total');
    expect(subtotals.length).toBe(cube.rows.filter((r) => r.depth === 1).length);
    expect(subtotals.every((r) => r.font?.bold)).toBe(true);
    const sumOfSubtotals = subtotals.reduce((s, r) => s + toCents(Number(r.getCell(3).value).toFixed(2)), 0n);
    expect(centsToString(sumOfSubtotals)).toBe(cube.totals.values[0]);
    expect(data.length).toBe(cube.rows.length + 1);
    expect(String(wb.getWorksheet('Query')!.getCell('A1').value)).toBe('{');
  });

  it('lines CSV and XLSX carry exactly the filtered lines and their total', async () => {
    const filter = { dateFrom: '2024-06-01', dateTo: '2024-06-30' };
    const expected = lines.filter((l) => l.invoiceDate >= filter.dateFrom && l.invoiceDate <= filter.dateTo);
    const csv = await download(finance, `/api/exports/lines?format=csv&filter=${encodeURIComponent(JSON.stringify(filter))}`);
    expect(csv.headers.get('x-export-rows')).toBe(String(expected.length));
    const [header, ...rows] = parseCsv(csv.body.toString('utf8'));
    const amountCol = header.indexOf('Amount (reporting) EUR');
    expect(rows).toHaveLength(expected.length);
    expect(centsToString(rows.reduce((s, r) => s + toCents(r[amountCol]), 0n))).toBe(centsToString(sumCents(expected)));
    const xlsx = await download(finance, `/api/exports/lines?format=xlsx&filter=${encodeURIComponent(JSON.stringify(filter))}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Lines')!;
    const head = sheet.getRows(1, sheet.rowCount)!.find((r) => r.getCell(1).value === 'Invoice date')!;
    const body = sheet.getRows(head.number + 1, sheet.rowCount - head.number)!;
    expect(body).toHaveLength(expected.length);
    expect(centsToString(body.reduce((s, r) => s + toCents(Number(r.getCell(amountCol + 1).value).toFixed(2)), 0n))).toBe(centsToString(sumCents(expected)));
  });

  it('streams every line exactly once in the requested order, NULL keys last', async () => {
    const names = new Map(
      (await server.store.query<{ id: number; name: string }>(sql`SELECT id, name FROM categories`, { name: 't' })).map((r) => [r.id, r.name]),
    );
    const expected = [...lines]
      .map((l) => ({ id: l.id, category: l.categoryId === null ? null : names.get(l.categoryId)! }))
      .sort((a, b) => (a.category === b.category ? a.id - b.id : a.category === null ? 1 : b.category === null ? -1 : a.category < b.category ? -1 : 1));
    const sort = encodeURIComponent(JSON.stringify({ field: 'CATEGORY', direction: 'ASC' }));
    const csv = parseCsv((await download(finance, `/api/exports/lines?format=csv&sort=${sort}`)).body.toString('utf8'));
    const idCol = csv[0].indexOf('Line id');
    expect(csv.slice(1).map((r) => Number(r[idCol]))).toEqual(expected.map((e) => e.id));
    const xlsx = await download(finance, `/api/exports/lines?format=xlsx&sort=${sort}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Lines')!;
    const head = sheet.getRows(1, sheet.rowCount)!.find((r) => r.getCell(1).value === 'Invoice date')!;
    const ids = sheet.getRows(head.number + 1, sheet.rowCount - head.number)!.map((r) => Number(r.getCell(idCol + 1).value));
    expect(ids).toEqual(expected.map((e) => e.id));
  });
});

describe('exports apply scope and neutralise formulas', () => {
  it("a category manager's export holds only their categories", async () => {
    const catman = await GraphQLClient.signedIn(server.url, DEMO.catman);
    const scope = await userScope(server.store, DEMO.catman);
    const tree = await categoryTree(server.store);
    const allowed = new Set(tree.rows.filter((c) => tree.isWithin(c.id, scope.categories)).map((c) => c.name));
    const file = await download(catman, `/api/exports/lines?format=csv`);
    const [header, ...rows] = parseCsv(file.body.toString('utf8'));
    const col = header.indexOf('Category');
    const mine = lines.filter((l) => l.categoryId !== null && tree.isWithin(l.categoryId, scope.categories));
    expect(rows).toHaveLength(mine.length);
    expect(rows.every((r) => allowed.has(r[col]))).toBe(true);
    const pivot = await download(catman, `/api/exports/cube?format=csv&layout=long&query=${encodeURIComponent(JSON.stringify({ dimensions: ['CATEGORY_L3'], measures: ['SPEND'] }))}`);
    const pivotRows = parseCsv(pivot.body.toString('utf8')).slice(1).filter((r) => r[0] === 'detail');
    expect(pivotRows.every((r) => allowed.has(r[1]))).toBe(true);
    const viewer = await GraphQLClient.signedIn(server.url, DEMO.viewer);
    expect((await download(viewer, '/api/exports/lines?format=csv')).status).toBe(403);
    expect((await download(new GraphQLClient(server.url), '/api/exports/lines?format=csv')).status).toBe(401);
    expect((await download(finance, '/api/exports/lines?format=pdf')).status).toBe(400);
  });

  it('text cells that start like a formula are neutralised in CSV and XLSX', async () => {
    const evil = '=HYPERLINK("http://evil.example","click")';
    await server.store.execute(sql`UPDATE spend_lines SET description = ${evil} WHERE id = 1`, { name: 'test.evil' });
    const day = lines.find((l) => l.id === 1)!.invoiceDate;
    const filter = encodeURIComponent(JSON.stringify({ dateFrom: day, dateTo: day }));
    const csv = parseCsv((await download(finance, `/api/exports/lines?format=csv&filter=${filter}`)).body.toString('utf8'));
    const col = csv[0].indexOf('Description');
    const cell = csv.slice(1).map((r) => r[col]).find((d) => d.includes('HYPERLINK'));
    expect(cell).toBe(`'${evil}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await download(finance, `/api/exports/lines?format=xlsx&filter=${filter}`)).body as unknown as ArrayBuffer);
    const values: string[] = [];
    wb.getWorksheet('Lines')!.eachRow((r) => r.eachCell((c) => values.push(String(c.value))));
    expect(values).toContain(`'${evil}`);
    expect(values.some((v) => v.startsWith('=') || (typeof v === 'object' && v !== null))).toBe(false);
  });

  it('names joined to a line (here its supplier) are neutralised and quoted too, and sort by the name itself', async () => {
    // Exports make a joined name's cell once per supplier, category, … rather than once per line.
    const [{ id, name }] = await server.store.query<{ id: number; name: string }>(
      sql`SELECT sup.id, sup.name FROM suppliers sup JOIN spend_lines s ON s.supplier_id = sup.id WHERE s.id = 1`, { name: 'test.supplier' },
    );
    const odd = '-1+2, "quoted"';
    await server.store.execute(sql`UPDATE suppliers SET name = ${odd} WHERE id = ${id}`, { name: 'test.odd' });
    try {
      const day = lines.find((l) => l.id === 1)!.invoiceDate;
      const filter = encodeURIComponent(JSON.stringify({ dateFrom: day, dateTo: day }));
      const sort = { field: 'SUPPLIER', direction: 'DESC' };
      const text = (await download(finance, `/api/exports/lines?format=csv&sort=${encodeURIComponent(JSON.stringify(sort))}&filter=${filter}`)).body.toString('utf8');
      const csv = parseCsv(text);
      const col = csv[0].indexOf('Supplier');
      expect(csv.slice(1).map((r) => r[col])).toContain(`'${odd}`);
      expect(text).toContain(`"'-1+2, ""quoted"""`);
      // In the list's order: by the stored name, not by its cell.
      const list = await finance.ok<{ spendLines: { nodes: Array<{ id: string }> } }>(SORTED, { f: { dateFrom: day, dateTo: day }, s: sort });
      const idCol = csv[0].indexOf('Line id');
      expect(csv.slice(1).map((r) => r[idCol])).toEqual(list.spendLines.nodes.map((n) => n.id));
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await download(finance, `/api/exports/lines?format=xlsx&filter=${filter}`)).body as unknown as ArrayBuffer);
      const values: string[] = [];
      wb.getWorksheet('Lines')!.eachRow((r) => r.eachCell((c) => values.push(String(c.value))));
      expect(values).toContain(`'${odd}`);
      expect(values).not.toContain(odd);
    } finally {
      await server.store.execute(sql`UPDATE suppliers SET name = ${name} WHERE id = ${id}`, { name: 'test.restore' });
    }
  });
});

describe('saved views', () => {
  const CREATE = `mutation($i: CreateSavedViewInput!) { createSavedView(input: $i) { id version shared editable } }`;
  const LIST = `{ savedViews { id name } }`;

  it('are private to their owner until shared, and only the owner or an admin may change them', async () => {
    const analyst = await GraphQLClient.signedIn(server.url, DEMO.analyst);
    const definition = JSON.stringify({ query: PIVOT });
    const made = (await finance.ok<{ createSavedView: { id: string; version: number } }>(CREATE, { i: { name: 'Spend by BU', kind: 'PIVOT', definition } })).createSavedView;
    expect((await analyst.ok<{ savedViews: Array<{ id: string }> }>(LIST)).savedViews.map((v) => v.id)).not.toContain(made.id);
    expect((await analyst.errorCode(`{ savedView(id: "${made.id}") { id } }`)).code).toBe('NOT_FOUND');
    const shared = await finance.ok<{ updateSavedView: { version: number; shared: boolean } }>(
      `mutation($id: ID!, $v: Int!) { updateSavedView(id: $id, version: $v, input: { shared: true }) { version shared } }`,
      { id: made.id, v: made.version },
    );
    expect(shared.updateSavedView).toEqual({ version: 2, shared: true });
    const seen = await analyst.ok<{ savedView: { definition: string; editable: boolean } }>(`{ savedView(id: "${made.id}") { definition editable } }`);
    expect(seen.savedView).toEqual({ definition, editable: false });
    expect((await analyst.errorCode(`mutation { deleteSavedView(id: "${made.id}") }`)).code).toBe('FORBIDDEN');
    const stale = await finance.errorCode(`mutation($id: ID!) { updateSavedView(id: $id, version: 1, input: { name: "x" }) { id } }`, { id: made.id });
    expect(stale.code).toBe('CONFLICT');
    expect((await finance.errorCode(CREATE, { i: { name: 'Spend by BU', kind: 'PIVOT', definition } })).code).toBe('CONFLICT');
    expect((await finance.errorCode(CREATE, { i: { name: 'Broken', kind: 'PIVOT', definition: 'not json' } })).code).toBe('BAD_USER_INPUT');
    // The shared view exports directly, with the analyst's own scope.
    const file = await download(analyst, `/api/exports/views/${made.id}?format=csv`);
    expect(file.status).toBe(200);
    const admin = await GraphQLClient.signedIn(server.url, DEMO.admin);
    expect(await admin.ok(`mutation { deleteSavedView(id: "${made.id}") }`)).toEqual({ deleteSavedView: true });
    expect((await finance.errorCode(`{ savedView(id: "${made.id}") { id } }`)).code).toBe('NOT_FOUND');
    const [{ n }] = await server.store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM audit_events WHERE entity = 'SavedView' AND entity_id = ${made.id}`, { name: 't' });
    expect(Number(n)).toBe(3);
  });
});

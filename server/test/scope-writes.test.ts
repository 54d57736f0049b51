import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/store/sql.js';
import { businessUnitTree, categoryTree, userScope } from './expected.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { startTestServer, type TestServer } from './harness.js';

/**
 * Scope on writes and on every count (docs/scope.md): a category manager's merges, undo, rule
 * runs and lists touch and show only what lies in their categories, and answers about things
 * outside are those for things that do not exist. Expectations come from raw rows.
 */

let server: TestServer;
let admin: GraphQLClient;
let catman: GraphQLClient;
let inScopeCategory: (id: number | null) => boolean;
let outL1: number;
let outLeaf: number;
let inLeaf: number;

interface Line { id: number; supplier: number; category: number | null; source: string; businessUnit: number }

async function lines(): Promise<Line[]> {
  const rows = await server.store.query<{ id: string; supplier_id: number; category_id: number | null; classification_source: string; business_unit_id: number }>(
    sql`SELECT id, supplier_id, category_id, classification_source, business_unit_id FROM spend_lines ORDER BY id`, { name: 't.lines' },
  );
  return rows.map((r) => ({ id: Number(r.id), supplier: r.supplier_id, category: r.category_id, source: r.classification_source, businessUnit: r.business_unit_id }));
}
const idsOf = (ls: Line[]) => ls.map((l) => l.id).sort((a, b) => a - b);
async function supplierLineIds(id: number) {
  return (await server.store.query<{ id: string }>(sql`SELECT id FROM spend_lines WHERE supplier_id = ${id} ORDER BY id`, { name: 't' })).map((r) => Number(r.id));
}
/** Suppliers by number of lines in / out of the catman's scope. */
function suppliersBy(all: Line[]) {
  const m = new Map<number, { inside: Line[]; outside: Line[] }>();
  for (const l of all) {
    const e = m.get(l.supplier) ?? { inside: [], outside: [] };
    (inScopeCategory(l.category) ? e.inside : e.outside).push(l);
    m.set(l.supplier, e);
  }
  return [...m.entries()].map(([id, e]) => ({ id, ...e }));
}
async function sameAsMissing(client: GraphQLClient, query: string, vars: (id: string) => Record<string, unknown>, hidden: number) {
  const a = await client.errorCode(query, vars(String(hidden)));
  const b = await client.errorCode(query, vars('99999999'));
  expect(a.code).toBe(b.code);
  expect(a.message.replaceAll(String(hidden), 'X')).toBe(b.message.replaceAll('99999999', 'X'));
  return a;
}

beforeAll(async () => {
  server = await startTestServer({ lines: 10_000 });
  admin = await GraphQLClient.signedIn(server.url, DEMO.admin);
  catman = await GraphQLClient.signedIn(server.url, DEMO.catman);
  const cats = await categoryTree(server.store);
  const scope = await userScope(server.store, DEMO.catman);
  inScopeCategory = (id) => id !== null && cats.isWithin(id, scope.categories);
  outL1 = cats.rows.find((c) => c.level === 1 && !scope.categories.has(c.id))!.id;
  outLeaf = cats.rows.find((c) => c.level === 3 && !inScopeCategory(c.id))!.id;
  inLeaf = cats.rows.find((c) => c.level === 3 && inScopeCategory(c.id))!.id;
});
afterAll(() => server?.close());

const MERGE = `mutation($s: ID!, $t: ID!) { mergeSuppliers(sourceId: $s, targetId: $t) { id linesMoved source { id status } } }`;
const UNDO = `mutation($id: ID!) { undoSupplierMerge(id: $id) { id undoneAt } }`;

describe('supplier merges by a category manager', () => {
  it('move only the lines in their categories, leave the source otherwise alone, and undo exactly that', async () => {
    const all = await lines();
    const ranked = suppliersBy(all).filter((s) => s.inside.length > 3).sort((a, b) => b.inside.length - a.inside.length);
    const [source, target] = ranked;
    // Fixture: the source also has lines outside the catman's categories.
    const moved = source.inside.slice(0, 3).map((l) => l.id);
    await server.store.execute(sql`UPDATE spend_lines SET category_id = ${outLeaf}, classification_source = 'MANUAL' WHERE id IN ${sql.list(moved)}`, { name: 't' });
    const after = suppliersBy(await lines());
    const src = after.find((s) => s.id === source.id)!;
    const tgtBefore = await supplierLineIds(target.id);
    const aliasesBefore = await server.store.query(sql`SELECT supplier_id, raw_name FROM supplier_aliases ORDER BY supplier_id, raw_name`, { name: 't' });
    expect(src.outside.length).toBeGreaterThanOrEqual(3);

    const merge = (await catman.ok<{ mergeSuppliers: { id: string; linesMoved: number; source: { status: string } } }>(MERGE, { s: String(source.id), t: String(target.id) })).mergeSuppliers;
    expect(merge.linesMoved).toBe(src.inside.length);
    expect(merge.source.status).toBe('ACTIVE');
    expect(await supplierLineIds(source.id)).toEqual(idsOf(src.outside));
    expect(await supplierLineIds(target.id)).toEqual([...tgtBefore, ...idsOf(src.inside)].sort((a, b) => a - b));
    expect(await server.store.query(sql`SELECT supplier_id, raw_name FROM supplier_aliases ORDER BY supplier_id, raw_name`, { name: 't' })).toEqual(aliasesBefore);

    await catman.ok(UNDO, { id: merge.id });
    expect(await supplierLineIds(source.id)).toEqual(idsOf([...src.inside, ...src.outside]));
    expect(await supplierLineIds(target.id)).toEqual(tgtBefore);
    const [{ status }] = await server.store.query<{ status: string }>(sql`SELECT status FROM suppliers WHERE id = ${source.id}`, { name: 't' });
    expect(status).toBe('ACTIVE');
  });

  it('a merge outside their categories is neither listed nor undoable: it looks like it does not exist', async () => {
    const outsiders = suppliersBy(await lines()).filter((s) => s.inside.length === 0 && s.outside.length > 0).sort((a, b) => b.outside.length - a.outside.length);
    const [x, y] = outsiders;
    const xLines = await supplierLineIds(x.id);
    const merge = (await admin.ok<{ mergeSuppliers: { id: string; linesMoved: number } }>(MERGE, { s: String(x.id), t: String(y.id) })).mergeSuppliers;
    expect(merge.linesMoved).toBe(xLines.length);

    const listed = (await catman.ok<{ supplierMerges: Array<{ id: string }> }>(`{ supplierMerges { id } }`)).supplierMerges.map((m) => m.id);
    expect(listed).not.toContain(merge.id);
    // Every merge the catman is shown moved only lines in their categories (checked from raw rows).
    const [{ n }] = await server.store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM supplier_merges`, { name: 't' });
    expect(Number(n)).toBe(2);
    expect(listed).toHaveLength(1);

    const err = await sameAsMissing(catman, UNDO, (id) => ({ id }), Number(merge.id));
    expect(err.code).toBe('NOT_FOUND');
    expect(await supplierLineIds(x.id)).toEqual([]);
    expect((await admin.ok<{ supplierMerges: Array<{ id: string }> }>(`{ supplierMerges { id } }`)).supplierMerges.map((m) => m.id)).toContain(merge.id);
    await admin.ok(UNDO, { id: merge.id });
    expect(await supplierLineIds(x.id)).toEqual(xLines);
  });

  it("an admin's whole-supplier merge of suppliers they see is listed, but only an admin undoes it", async () => {
    // Two active suppliers whose every line lies in the catman's categories.
    const insiders = suppliersBy(await lines()).filter((s) => s.outside.length === 0 && s.inside.length > 0);
    const active = async (id: number) => (await server.store.query<{ status: string }>(sql`SELECT status FROM suppliers WHERE id = ${id}`, { name: 't' }))[0].status === 'ACTIVE';
    const pair: number[] = [];
    for (const s of insiders) if (pair.length < 2 && (await active(s.id))) pair.push(s.id);
    const [x, y] = pair;
    expect(y, 'two active suppliers with lines only in scope').toBeDefined();
    const xLines = await supplierLineIds(x);
    const merge = (await admin.ok<{ mergeSuppliers: { id: string; source: { status: string } } }>(MERGE, { s: String(x), t: String(y) })).mergeSuppliers;
    expect(merge.source.status).toBe('MERGED');
    expect((await catman.ok<{ supplierMerges: Array<{ id: string }> }>(`{ supplierMerges { id } }`)).supplierMerges.map((m) => m.id)).toContain(merge.id);

    const refused = await catman.errorCode(UNDO, { id: merge.id });
    expect(refused.code).toBe('FORBIDDEN');
    expect(refused.message).toMatch(/only an admin can undo/);
    expect(await supplierLineIds(x)).toEqual([]);
    expect(await active(x)).toBe(false);
    await admin.ok(UNDO, { id: merge.id });
    expect(await supplierLineIds(x)).toEqual(xLines);
    expect(await active(x)).toBe(true);
  });
});

describe('supplier families', () => {
  const SET_PARENT = `mutation($id: ID!, $p: ID) { setSupplierParent(id: $id, parentId: $p) { id } }`;
  const parentOf = async (id: number) =>
    (await server.store.query<{ parent_id: number | null }>(sql`SELECT parent_id FROM suppliers WHERE id = ${id}`, { name: 't.parent' }))[0].parent_id;

  it('are the same in every category, so a category manager may not change them, even between suppliers they see; an admin may', async () => {
    // Two suppliers with lines inside the manager's categories (and so visible to them), neither in a family.
    const seen = suppliersBy(await lines()).filter((s) => s.inside.length > 0).map((s) => s.id);
    const unparented: number[] = [];
    for (const id of seen) if ((await parentOf(id)) === null && unparented.length < 2) unparented.push(id);
    const [child, parent] = unparented;
    expect(parent, 'two suppliers in scope without a family').toBeDefined();

    const refused = await catman.errorCode(SET_PARENT, { id: String(child), p: String(parent) });
    expect(refused.code).toBe('FORBIDDEN');
    expect(await parentOf(child)).toBeNull();

    await admin.ok(SET_PARENT, { id: String(child), p: String(parent) });
    expect(await parentOf(child)).toBe(parent);
    // Taking a supplier out of its family is refused to the manager as well.
    expect((await catman.errorCode(SET_PARENT, { id: String(child), p: null })).code).toBe('FORBIDDEN');
    expect(await parentOf(child)).toBe(parent);
    await admin.ok(SET_PARENT, { id: String(child), p: null });
    expect(await parentOf(child)).toBeNull();
  });
});

describe('classification by a category manager', () => {
  it('lists only rules for their categories; a run applies only those rules to only their lines, with counts of their lines', async () => {
    const before = await lines();
    const bySupplier = suppliersBy(before).filter((s) => s.inside.length >= 10).sort((a, b) => b.inside.length - a.inside.length);
    const [ruled, other] = bySupplier;
    // Fixture: some in-scope lines were set by rules before (so a run may re-evaluate them).
    const wasRule = [...ruled.inside.slice(0, 5), ...other.inside.slice(0, 5)].map((l) => l.id);
    await server.store.execute(sql`UPDATE spend_lines SET classification_source = 'RULE' WHERE id IN ${sql.list(wasRule)}`, { name: 't' });
    const start = await lines();
    expect(start.filter((l) => l.source === 'NONE').length).toBeGreaterThan(0);

    const CREATE = `mutation($i: ClassificationRuleInput!) { createClassificationRule(input: $i) { id } }`;
    // The admin's rule would classify every line of the catman's supplier (and others) into a category outside their scope.
    const adminRule = (await admin.ok<{ createClassificationRule: { id: string } }>(CREATE, { i: { priority: 1, supplierId: String(ruled.id), categoryId: String(outLeaf) } })).createClassificationRule.id;
    const noneSupplier = start.find((l) => l.source === 'NONE')!.supplier;
    await admin.ok(CREATE, { i: { priority: 2, supplierId: String(noneSupplier), categoryId: String(outLeaf) } });
    const mine = (await catman.ok<{ createClassificationRule: { id: string } }>(CREATE, { i: { priority: 5, supplierId: String(ruled.id), categoryId: String(inLeaf) } })).createClassificationRule.id;

    const listed = (await catman.ok<{ classificationRules: Array<{ id: string }> }>(`{ classificationRules { id } }`)).classificationRules.map((r) => r.id);
    expect(listed).toEqual([mine]);
    expect((await admin.ok<{ classificationRules: Array<{ id: string }> }>(`{ classificationRules { id } }`)).classificationRules.map((r) => r.id)).toContain(adminRule);
    await sameAsMissing(catman, `mutation($id: ID!) { deleteClassificationRule(id: $id) }`, (id) => ({ id }), Number(adminRule));

    const run = (await catman.ok<{ runClassificationRules: { ruleClassified: number; unclassified: number; changed: number } }>(
      `mutation { runClassificationRules { ruleClassified unclassified changed } }`,
    )).runClassificationRules;

    // Expected, independently: only in-scope NONE/RULE lines are re-evaluated, against the catman's one rule.
    const expected = new Map<number, number | null>();
    let changed = 0;
    for (const l of start) {
      if (!inScopeCategory(l.category) || (l.source !== 'NONE' && l.source !== 'RULE')) expected.set(l.id, l.category);
      else {
        const next = l.supplier === ruled.id ? inLeaf : null;
        if (next !== l.category) changed++;
        expected.set(l.id, next);
      }
    }
    const end = await lines();
    expect(end.filter((l) => l.category !== expected.get(l.id)).map((l) => l.id)).toEqual([]);
    // Nothing outside their scope changed at all (category or source).
    const startById = new Map(start.map((l) => [l.id, l]));
    expect(end.filter((l) => !inScopeCategory(startById.get(l.id)!.category) && (l.source !== startById.get(l.id)!.source)).map((l) => l.id)).toEqual([]);
    const visibleAfter = end.filter((l) => inScopeCategory(l.category));
    expect(run).toEqual({
      ruleClassified: visibleAfter.filter((l) => l.source === 'RULE').length,
      unclassified: visibleAfter.filter((l) => l.source === 'NONE').length,
      changed,
    });
  });
});

describe('figures and labels that named or counted things outside the scope', () => {
  it('spendSummary with an out-of-scope category filter equals the one for a category that does not exist', async () => {
    const asOf = '2026-11-21';
    const [k] = await server.store.query<{ id: number }>(
      sql`SELECT k.id FROM contracts k JOIN contract_categories cc ON cc.contract_id = k.id
          JOIN categories c ON c.id = cc.category_id WHERE c.l1_id IN (SELECT ref_id FROM user_scopes us JOIN users u ON u.id = us.user_id WHERE u.email = ${DEMO.catman} AND us.kind = 'CATEGORY')
          ORDER BY k.id LIMIT 1`, { name: 't' },
    );
    // Fixture: a contract of the catman's, expiring soon, that also covers a category outside their scope.
    await server.store.execute(sql`UPDATE contracts SET status = 'ACTIVE', end_date = CAST(${asOf} AS DATE) + INTERVAL '10 days' WHERE id = ${k.id}`, { name: 't' });
    await server.store.execute(sql`INSERT INTO contract_categories (contract_id, category_id) SELECT ${k.id}, ${outL1} WHERE NOT EXISTS (SELECT 1 FROM contract_categories WHERE contract_id = ${k.id} AND category_id = ${outL1})`, { name: 't' });
    const SUMMARY = `query($f: SpendFilter) { spendSummary(filter: $f) { totalSpend activeSuppliers lineCount contractsExpiring } }`;
    const hidden = await catman.ok(SUMMARY, { f: { categoryIds: [String(outL1)] } });
    const missing = await catman.ok(SUMMARY, { f: { categoryIds: ['99999999'] } });
    expect(hidden).toEqual(missing);
    expect((await admin.ok<{ spendSummary: { contractsExpiring: number } }>(SUMMARY, { f: { categoryIds: [String(outL1)] } })).spendSummary.contractsExpiring).toBeGreaterThan(0);
  });

  it('export headers name an out-of-scope category exactly as a category that does not exist', async () => {
    const [{ name }] = await server.store.query<{ name: string }>(sql`SELECT name FROM categories WHERE id = ${outL1}`, { name: 't' });
    const header = async (id: string) => {
      const res = await fetch(`${server.url}/api/exports/lines?format=xlsx&filter=${encodeURIComponent(JSON.stringify({ categoryIds: [id] }))}`, { headers: { cookie: catman.sessionCookie } });
      expect(res.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await res.arrayBuffer());
      const sheet = wb.getWorksheet('Lines')!;
      return sheet.getRows(1, 6)!.map((r) => String(r.getCell(1).value ?? ''));
    };
    const hidden = await header(String(outL1));
    expect(hidden.join('\n')).not.toContain(name);
    expect(hidden.find((l) => l.startsWith('Categories:'))).toBe(`Categories: #${outL1}`);
    const missing = await header('99999999');
    expect(missing.find((l) => l.startsWith('Categories:'))).toBe('Categories: #99999999');
  });

  it('SUPPLIER_PARENT never groups under or names a parent the category manager cannot see', async () => {
    const groups = suppliersBy(await lines());
    const child = groups.filter((s) => s.inside.length > 0).sort((a, b) => b.inside.length - a.inside.length)[2];
    const parent = groups.filter((s) => s.inside.length === 0 && s.outside.length > 0)[3];
    const [{ name: parentName }] = await server.store.query<{ name: string }>(sql`SELECT name FROM suppliers WHERE id = ${parent.id}`, { name: 't' });
    await server.store.execute(sql`UPDATE suppliers SET parent_id = ${parent.id} WHERE id = ${child.id}`, { name: 't' });
    const cube = (await catman.ok<{ spendCube: { rows: Array<{ keys: Array<{ id: string | null; label: string }>; values: string[] }> } }>(
      `{ spendCube(query: { dimensions: [SUPPLIER_PARENT], measures: [LINE_COUNT], limit: 50000 }) { rows { keys { id label } values } } }`,
    )).spendCube;
    expect(cube.rows.some((r) => r.keys[0].id === String(parent.id) || r.keys[0].label === parentName)).toBe(false);
    expect(cube.rows.find((r) => r.keys[0].id === String(child.id))?.values).toEqual([String(child.inside.length)]);
    const LINES = `query($f: SpendFilter) { spendLines(filter: $f, page: { limit: 1 }) { totalCount totalAmount } }`;
    const drill = (id: string) => catman.ok(LINES, { f: { members: [{ dimension: 'SUPPLIER_PARENT', ids: [id] }] } });
    expect(await drill(String(parent.id))).toEqual(await drill('99999999'));
    // An unscoped user still sees the family.
    const all = (await admin.ok<{ spendCube: { rows: Array<{ keys: Array<{ id: string | null }> }> } }>(
      `{ spendCube(query: { dimensions: [SUPPLIER_PARENT], measures: [LINE_COUNT], limit: 50000 }) { rows { keys { id } } } }`,
    )).spendCube;
    expect(all.rows.some((r) => r.keys[0].id === String(parent.id))).toBe(true);
    expect(all.rows.some((r) => r.keys[0].id === String(child.id))).toBe(false);
  });

  it('linesWithoutFxRate counts only lines in the asking user\'s scope', async () => {
    const all = await lines();
    const bus = await businessUnitTree(server.store);
    const viewerScope = await userScope(server.store, DEMO.viewer);
    const viewerSees = (l: Line) => bus.isWithin(l.businessUnit, viewerScope.businessUnits);
    // Fixture: some lines, in and out of each scope, lose their reporting amount (no FX rate).
    const picked = [...all.filter((l) => inScopeCategory(l.category)).slice(0, 3), ...all.filter((l) => !inScopeCategory(l.category)).slice(0, 7),
      ...all.filter(viewerSees).slice(0, 2)];
    await server.store.execute(sql`UPDATE spend_lines SET amount_reporting = NULL WHERE id IN ${sql.list(picked.map((l) => l.id))}`, { name: 't' });
    const nulls = all.filter((l) => new Set(picked.map((p) => p.id)).has(l.id));
    const [{ n }] = await server.store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM spend_lines WHERE amount_reporting IS NULL`, { name: 't' });
    const Q = `{ linesWithoutFxRate }`;
    expect((await admin.ok<{ linesWithoutFxRate: number }>(Q)).linesWithoutFxRate).toBe(Number(n));
    expect((await catman.ok<{ linesWithoutFxRate: number }>(Q)).linesWithoutFxRate).toBe(nulls.filter((l) => inScopeCategory(l.category)).length);
    const viewer = await GraphQLClient.signedIn(server.url, DEMO.viewer);
    expect((await viewer.ok<{ linesWithoutFxRate: number }>(Q)).linesWithoutFxRate).toBe(nulls.filter(viewerSees).length);
    expect(server.loggedErrors).toEqual([]);
  });
});

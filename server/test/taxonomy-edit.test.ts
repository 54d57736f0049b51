import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/store/sql.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { startTestServer, type TestServer } from './harness.js';

/**
 * Taxonomy editing in place (docs/domain.md, taxonomy): create, rename, move with the subtree,
 * owner and NAICS code. Roll-ups are checked against plain SQL that walks `parent_id` (a recursive
 * query), never the denormalised path columns the code under test writes.
 */

let server: TestServer;
let admin: GraphQLClient;

const CREATE = `mutation($i: CreateCategoryInput!) { createCategory(input: $i) { id code name level parentId version naicsCode owner { email } } }`;
const UPDATE = `mutation($id: ID!, $v: Int!, $i: UpdateCategoryInput!) { updateCategory(id: $id, version: $v, input: $i) { id name level parentId version naicsCode owner { email } } }`;
const CUBE_L1 = `{ spendCube(query: { dimensions: [CATEGORY_L1], measures: [SPEND, LINE_COUNT], limit: 50000 }) { rows { keys { id } values } } }`;

interface Row { id: number; code: string; name: string; parent_id: number | null; level: number; l1_id: number; l2_id: number | null; l3_id: number | null; l4_id: number | null; version: number; [k: string]: string | number | boolean | null }

async function categories(): Promise<Map<number, Row>> {
  const rows = await server.store.query<Row>(sql`SELECT id, code, name, parent_id, level, l1_id, l2_id, l3_id, l4_id, version FROM categories`, { name: 't' });
  return new Map(rows.map((r) => [r.id, r]));
}

/** Σ spend and lines per top-level category, found by walking parent_id up (plain SQL, no path columns). */
async function totalsByTop(): Promise<Map<string, { spend: string; lines: number }>> {
  const rows = await server.store.query<{ top: number; spend: string; lines: string }>(
    sql`WITH RECURSIVE up(id, top) AS (
          SELECT id, id FROM categories WHERE parent_id IS NULL
          UNION ALL SELECT c.id, up.top FROM categories c JOIN up ON c.parent_id = up.id)
        SELECT up.top, CAST(SUM(s.amount_reporting) AS VARCHAR) AS spend, COUNT(*) AS lines
        FROM spend_lines s JOIN up ON up.id = s.category_id GROUP BY up.top`,
    { name: 't' },
  );
  return new Map(rows.map((r) => [String(r.top), { spend: r.spend, lines: Number(r.lines) }]));
}

async function cubeByTop(client: GraphQLClient): Promise<Map<string, { spend: string; lines: number }>> {
  const data = await client.ok<{ spendCube: { rows: { keys: { id: string | null }[]; values: string[] }[] } }>(CUBE_L1);
  return new Map(data.spendCube.rows.filter((r) => r.keys[0].id !== null).map((r) => [r.keys[0].id!, { spend: r.values[0], lines: Number(r.values[1]) }]));
}

/** Σ spend of a category's subtree (parent_id walk), plain SQL. */
async function subtreeSpend(id: number): Promise<string> {
  const [row] = await server.store.query<{ spend: string | null }>(
    sql`WITH RECURSIVE down(id) AS (SELECT CAST(${id} AS INTEGER) UNION ALL SELECT c.id FROM categories c JOIN down ON c.parent_id = down.id)
        SELECT CAST(SUM(s.amount_reporting) AS VARCHAR) AS spend FROM spend_lines s WHERE s.category_id IN (SELECT id FROM down)`,
    { name: 't' },
  );
  return row.spend ?? '0.00';
}

/** Every stored level and l1…l4 equals the category's path by parent_id. */
async function expectPathsConsistent() {
  const all = await categories();
  for (const c of all.values()) {
    const path: number[] = [];
    for (let cur: number | null = c.id; cur !== null; cur = all.get(cur)!.parent_id) path.unshift(cur);
    expect([c.level, c.l1_id, c.l2_id, c.l3_id, c.l4_id], c.code).toEqual([path.length, path[0], path[1] ?? null, path[2] ?? null, path[3] ?? null]);
  }
}

async function auditOf(id: number) {
  return server.store.query<{ action: string; before: string | null; after: string | null }>(
    sql`SELECT action, before, after FROM audit_events WHERE entity = 'Category' AND entity_id = ${String(id)} ORDER BY id`, { name: 't' },
  );
}

beforeAll(async () => {
  server = await startTestServer({ lines: 10_000 });
  admin = await GraphQLClient.signedIn(server.url, DEMO.admin);
});
afterAll(() => server?.close());

describe('taxonomy editing', () => {
  it('is for admins only', async () => {
    for (const who of ['finance', 'catman', 'analyst', 'viewer'] as const) {
      const client = await GraphQLClient.signedIn(server.url, DEMO[who]);
      expect((await client.errorCode(CREATE, { i: { code: 'NOPE', name: 'Nope' } })).code, who).toBe('FORBIDDEN');
      expect((await client.errorCode(UPDATE, { id: '1', v: 1, i: { name: 'Nope' } })).code, who).toBe('FORBIDDEN');
    }
    expect((await new GraphQLClient(server.url).errorCode(CREATE, { i: { code: 'NOPE', name: 'Nope' } })).code).toBe('UNAUTHENTICATED');
  });

  it('creates categories at any level up to four, with unique codes', async () => {
    const top = (await admin.ok<{ createCategory: { id: string; level: number; version: number } }>(CREATE, { i: { code: 'ZZ', name: 'New top', naicsCode: '541611' } })).createCategory;
    expect(top).toMatchObject({ level: 1, version: 1 });
    let parent = top.id;
    for (const level of [2, 3, 4]) {
      const made = (await admin.ok<{ createCategory: { id: string; level: number; parentId: string } }>(CREATE, { i: { code: `ZZ.${level}`, name: `Level ${level}`, parentId: parent } })).createCategory;
      expect(made).toMatchObject({ level, parentId: parent });
      parent = made.id;
    }
    await expectPathsConsistent();
    const cases: Array<[Record<string, unknown>, string, string | undefined]> = [
      [{ code: 'zz.2', name: 'Same code, other case' }, 'CONFLICT', 'input.code'],
      [{ code: 'ZZ.5', name: 'Too deep', parentId: parent }, 'BAD_USER_INPUT', 'input.parentId'],
      [{ code: 'has space', name: 'Bad code' }, 'BAD_USER_INPUT', 'input.code'],
      [{ code: 'OK1', name: 'Bad NAICS', naicsCode: '12345' }, 'BAD_USER_INPUT', 'input.naicsCode'],
      [{ code: 'OK2', name: '' }, 'BAD_USER_INPUT', 'input.name'],
      [{ code: 'OK3', name: 'Unknown parent', parentId: '99999999' }, 'NOT_FOUND', undefined],
      [{ code: 'OK4', name: 'Unknown owner', ownerUserId: '99999999' }, 'NOT_FOUND', undefined],
    ];
    for (const [input, code, field] of cases) {
      const error = await admin.errorCode(CREATE, { i: input });
      expect({ code: error.code, field: error.extensions.field }, JSON.stringify(input)).toEqual({ code, field });
    }
    expect((await auditOf(Number(top.id))).map((e) => [e.action, JSON.parse(e.after!)])).toEqual([
      ['category.create', { code: 'ZZ', name: 'New top', parent: null, level: 1, owner: null, naicsCode: '541611' }],
    ]);
  });

  it('moves a category with its subtree: levels recomputed, spend rolls up to the new parent at once', async () => {
    const all = await categories();
    const before = await totalsByTop();
    // A level-2 category with spend and children, and another top-level category to move it under.
    const moved = [...all.values()].find((c) => c.level === 2 && [...all.values()].some((k) => k.parent_id === c.id) && before.has(String(c.l1_id)))!;
    const from = moved.parent_id!;
    const to = [...all.values()].find((c) => c.level === 1 && c.id !== from && before.has(String(c.id)))!.id;
    const movedSpend = await subtreeSpend(moved.id);
    expect(Number(movedSpend)).toBeGreaterThan(0);
    expect(await cubeByTop(admin)).toEqual(before);

    const analyst = await GraphQLClient.signedIn(server.url, DEMO.analyst);
    await cubeByTop(analyst); // a request before the move, so any cache is warm
    const result = (await admin.ok<{ updateCategory: { level: number; parentId: string; version: number } }>(UPDATE, { id: String(moved.id), v: moved.version, i: { parentId: String(to) } })).updateCategory;
    expect(result).toMatchObject({ level: 2, parentId: String(to), version: moved.version + 1 });

    const after = await totalsByTop();
    const cents = (v: string | undefined) => Math.round(Number(v ?? '0') * 100);
    expect(cents(after.get(String(from))?.spend)).toBe(cents(before.get(String(from))?.spend) - cents(movedSpend));
    expect(cents(after.get(String(to))?.spend)).toBe(cents(before.get(String(to))?.spend) + cents(movedSpend));
    // The cube, for anyone, on the very next request.
    expect(await cubeByTop(analyst)).toEqual(after);
    await expectPathsConsistent();
    // Category.spend rolls up through the directory, which was refreshed too.
    const spendOf = async (id: number) => (await analyst.ok<{ category: { spend: string } }>(`query($id: ID!) { category(id: $id) { spend } }`, { id: String(id) })).category.spend;
    expect(await spendOf(to)).toBe(after.get(String(to))!.spend);
    expect(await spendOf(from)).toBe(after.get(String(from))?.spend ?? '0.00');

    const [event] = (await auditOf(moved.id)).slice(-1);
    expect(event.action).toBe('category.move');
    expect([JSON.parse(event.before!).parent, JSON.parse(event.after!).parent]).toEqual([all.get(from)!.code, all.get(to)!.code]);
    expect(JSON.parse(event.after!).subtreeMoved).toBe([...all.values()].filter((c) => c.l2_id === moved.id && c.id !== moved.id).length);
  });

  it('a scoped category manager sees a category moved into their scope on their next request', async () => {
    const catman = await GraphQLClient.signedIn(server.url, DEMO.catman);
    const scope = (await server.store.query<{ ref_id: number }>(sql`SELECT ref_id FROM user_scopes us JOIN users u ON u.id = us.user_id WHERE u.email = ${DEMO.catman} AND kind = 'CATEGORY'`, { name: 't' })).map((r) => r.ref_id);
    const all = await categories();
    const outside = [...all.values()].find((c) => c.level === 2 && !scope.includes(c.l1_id))!;
    const seen = async () => new Set((await catman.ok<{ categories: { id: string }[] }>(`{ categories { id } }`)).categories.map((c) => Number(c.id)));
    expect((await seen()).has(outside.id)).toBe(false);
    await admin.ok(UPDATE, { id: String(outside.id), v: outside.version, i: { parentId: String(scope[0]) } });
    const now = await seen();
    const subtree = [...(await categories()).values()].filter((c) => c.l2_id === outside.id).map((c) => c.id);
    for (const id of subtree) expect(now.has(id), `category ${id}`).toBe(true);
    const [{ spend }] = await server.store.query<{ spend: string }>(
      sql`WITH RECURSIVE down(id) AS (SELECT ref_id FROM user_scopes us JOIN users u ON u.id = us.user_id WHERE u.email = ${DEMO.catman} AND kind = 'CATEGORY'
            UNION ALL SELECT c.id FROM categories c JOIN down ON c.parent_id = down.id)
          SELECT CAST(SUM(amount_reporting) AS VARCHAR) AS spend FROM spend_lines WHERE category_id IN (SELECT id FROM down)`, { name: 't' },
    );
    const [range] = await server.store.query<{ lo: string; hi: string }>(sql`SELECT CAST(MIN(invoice_date) AS VARCHAR) AS lo, CAST(MAX(invoice_date) AS VARCHAR) AS hi FROM spend_lines`, { name: 't' });
    const summary = await catman.ok<{ spendSummary: { totalSpend: string } }>(`{ spendSummary(filter: { dateFrom: "${range.lo}", dateTo: "${range.hi}" }) { totalSpend } }`);
    expect(summary.spendSummary.totalSpend).toBe(spend);
  });

  it('re-matches the moved subtree’s lines to the contracts that cover them after the move', async () => {
    const all = await categories();
    const moved = [...all.values()].find((c) => c.level === 2 && [...all.values()].some((k) => k.parent_id === c.id))!;
    const leaf = [...all.values()].find((c) => c.parent_id === moved.id)!;
    const to = [...all.values()].find((c) => c.level === 1 && c.id !== moved.parent_id)!;
    // Three lines of a new supplier in the leaf (the file names the leaf's code).
    const csv = ['Date,Supplier,Amount,Category', ...[1, 2, 3].map((d) => `2025-05-0${d},Taxonomy Mover Ltd,10${d}.00,${leaf.code}`)].join('\n');
    const up = await fetch(`${server.url}/api/imports?fileName=mover.csv&sourceName=Taxonomy mover`, { method: 'POST', headers: { cookie: admin.sessionCookie, 'content-type': 'text/csv' }, body: csv });
    const batch = ((await up.json()) as { data: { id: string } }).data.id;
    await admin.ok(`mutation($id: ID!) { validateImport(id: $id, mapping: { columns: [{ field: INVOICE_DATE, column: 0 }, { field: SUPPLIER_NAME, column: 1 }, { field: AMOUNT, column: 2 }, { field: CATEGORY, column: 3 }], defaultCurrency: "EUR" }) { id } }`, { id: batch });
    await admin.ok(`mutation($id: ID!) { commitImport(id: $id) { id } }`, { id: batch });
    const lines = async () => server.store.query<{ category_id: number; contract_id: number | null }>(
      sql`SELECT s.category_id, s.contract_id FROM spend_lines s JOIN suppliers p ON p.id = s.supplier_id WHERE p.name = 'Taxonomy Mover Ltd' ORDER BY s.id`, { name: 't' },
    );
    expect((await lines()).map((l) => l.category_id)).toEqual([leaf.id, leaf.id, leaf.id]);
    // An active contract of that supplier for the destination's top-level category.
    const [supplier] = await server.store.query<{ id: number }>(sql`SELECT id FROM suppliers WHERE name = 'Taxonomy Mover Ltd'`, { name: 't' });
    const made = (await admin.ok<{ createContract: { id: string; version: number } }>(`mutation($i: ContractInput!) { createContract(input: $i) { id version } }`, {
      i: { number: 'TAX-MOVE-1', title: 'Covers the destination', supplierId: String(supplier.id), categoryIds: [String(to.id)], businessUnitIds: [], startDate: '2025-01-01', endDate: '2026-12-31', ceiling: '5000.00', currency: 'EUR' },
    })).createContract;
    await admin.ok(`mutation($id: ID!, $v: Int!) { activateContract(id: $id, version: $v) { id } }`, { id: made.id, v: made.version });
    expect((await lines()).map((l) => l.contract_id)).toEqual([null, null, null]);

    await admin.ok(UPDATE, { id: String(moved.id), v: moved.version, i: { parentId: String(to.id) } });
    expect((await lines()).map((l) => l.contract_id)).toEqual([Number(made.id), Number(made.id), Number(made.id)]);
    const [event] = (await auditOf(moved.id)).slice(-1);
    expect(JSON.parse(event.after!).linesRematched).toBeGreaterThanOrEqual(3);
    // Moved back, the contract no longer covers them.
    await admin.ok(UPDATE, { id: String(moved.id), v: moved.version + 1, i: { parentId: String(moved.parent_id) } });
    expect((await lines()).map((l) => l.contract_id)).toEqual([null, null, null]);
    await expectPathsConsistent();
  });

  it('refuses cycles and depth beyond four levels, and changes nothing when it does', async () => {
    const all = await categories();
    const top = [...all.values()].find((c) => c.level === 1 && [...all.values()].some((k) => k.level === 3 && k.l1_id === c.id))!;
    const grandchild = [...all.values()].find((c) => c.level === 3 && c.l1_id === top.id)!;
    const child = all.get(grandchild.parent_id!)!;
    const otherLevel2 = [...all.values()].find((c) => c.level === 2 && c.l1_id !== top.id)!;
    const snapshot = await server.store.query(sql`SELECT * FROM categories ORDER BY id`, { name: 't' });
    const cases: Array<[number, string, string]> = [
      [top.id, String(top.id), 'A category cannot be its own parent.'],
      [top.id, String(grandchild.id), `${grandchild.name} lies under ${top.name}; a category cannot move under its own subtree.`],
      [child.id, String(grandchild.id), `${grandchild.name} lies under ${child.name}; a category cannot move under its own subtree.`],
      // Three levels under a level-2 parent would reach level 5.
      [top.id, String(otherLevel2.id), `Moving ${top.name} there puts part of its subtree at level 5; at most 4 levels.`],
    ];
    for (const [id, parentId, message] of cases) {
      const error = await admin.errorCode(UPDATE, { id: String(id), v: all.get(id)!.version, i: { parentId } });
      expect({ code: error.code, field: error.extensions.field, message: error.message }).toEqual({ code: 'BAD_USER_INPUT', field: 'input.parentId', message });
    }
    expect(await server.store.query(sql`SELECT * FROM categories ORDER BY id`, { name: 't' })).toEqual(snapshot);
    // Three levels under a top-level parent reach exactly level 4: allowed, and moved back to the top after.
    const otherTop = [...all.values()].find((c) => c.level === 1 && c.id !== top.id)!;
    const moved = (await admin.ok<{ updateCategory: { level: number; version: number } }>(UPDATE, { id: String(top.id), v: top.version, i: { parentId: String(otherTop.id) } })).updateCategory;
    expect(moved.level).toBe(2);
    expect((await categories()).get(grandchild.id)!.level).toBe(4);
    await expectPathsConsistent();
    await admin.ok(UPDATE, { id: String(top.id), v: moved.version, i: { parentId: null } });
    expect((await categories()).get(grandchild.id)!.level).toBe(3);
    await expectPathsConsistent();
  });

  it('renames, sets the owner and the NAICS code, each audited; a stale version is CONFLICT', async () => {
    const all = await categories();
    const c = [...all.values()].find((x) => x.level === 3)!;
    const [catman] = await server.store.query<{ id: number }>(sql`SELECT id FROM users WHERE email = ${DEMO.catman}`, { name: 't' });
    const step = async (v: number, i: Record<string, unknown>) => (await admin.ok<{ updateCategory: { version: number; name: string; naicsCode: string | null; owner: { email: string } | null } }>(UPDATE, { id: String(c.id), v, i })).updateCategory;
    const renamed = await step(c.version, { name: '  Renamed   leaf ' });
    expect(renamed.name).toBe('Renamed leaf');
    const owned = await step(renamed.version, { ownerUserId: String(catman.id) });
    expect(owned.owner).toEqual({ email: DEMO.catman });
    const coded = await step(owned.version, { naicsCode: '334111' });
    expect(coded.naicsCode).toBe('334111');
    const cleared = await step(coded.version, { naicsCode: null, ownerUserId: null });
    expect([cleared.naicsCode, cleared.owner, cleared.version]).toEqual([null, null, c.version + 4]);
    const stale = await admin.errorCode(UPDATE, { id: String(c.id), v: c.version, i: { name: 'Stale' } });
    expect({ code: stale.code, field: stale.extensions.field }).toEqual({ code: 'CONFLICT', field: 'version' });
    // Owners are user accounts: admins see them, other roles get null.
    await step(cleared.version, { ownerUserId: String(catman.id) });
    const finance = await GraphQLClient.signedIn(server.url, DEMO.finance);
    expect((await finance.ok<{ category: { owner: unknown; version: number } }>(`query($id: ID!) { category(id: $id) { owner { email } version } }`, { id: String(c.id) })).category).toEqual({ owner: null, version: c.version + 5 });
    expect((await auditOf(c.id)).map((e) => e.action)).toEqual(['category.rename', 'category.setOwner', 'category.setNaics', 'category.update', 'category.setOwner']);
    const [, setOwner] = await auditOf(c.id);
    expect([JSON.parse(setOwner.before!).owner, JSON.parse(setOwner.after!).owner]).toEqual([null, DEMO.catman]);
  });
});

/**
 * Per spend line of the categories under `rootId` (walking parent_id): its contract and the
 * contracts that qualify for it by the matching rule (docs/domain.md, "Matching spend to
 * contracts", rules 1–5), written here in plain SQL over parent_id walks, not with the code under test.
 */
async function qualifyingContracts(rootId: number) {
  const rows = await server.store.query<{ id: string; supplier_id: number; contract_id: number | null; qualifying: string | null }>(
    sql`WITH RECURSIVE category_up(category_id, ancestor_id) AS (
          SELECT id, id FROM categories
          UNION ALL SELECT u.category_id, c.parent_id FROM category_up u JOIN categories c ON c.id = u.ancestor_id WHERE c.parent_id IS NOT NULL),
        unit_up(unit_id, ancestor_id) AS (
          SELECT id, id FROM business_units
          UNION ALL SELECT u.unit_id, b.parent_id FROM unit_up u JOIN business_units b ON b.id = u.ancestor_id WHERE b.parent_id IS NOT NULL),
        below(id) AS (SELECT CAST(${rootId} AS INTEGER) UNION ALL SELECT c.id FROM categories c JOIN below ON c.parent_id = below.id),
        terms AS (
          SELECT id, supplier_id, start_date,
                 CASE WHEN status = 'TERMINATED' AND terminated_at IS NOT NULL AND CAST(terminated_at AS DATE) < end_date THEN CAST(terminated_at AS DATE) ELSE end_date END AS last_day
          FROM contracts WHERE status IN ('ACTIVE', 'TERMINATED')),
        lines AS (
          SELECT s.id, s.supplier_id, p.parent_id AS family_parent_id, s.invoice_date, s.category_id, s.business_unit_id, s.contract_id
          FROM spend_lines s JOIN suppliers p ON p.id = s.supplier_id WHERE s.category_id IN (SELECT id FROM below)),
        qualifying AS (
          SELECT l.id, k.id AS contract_id
          FROM lines l JOIN terms k
            ON (k.supplier_id = l.supplier_id OR k.supplier_id = l.family_parent_id)
           AND l.invoice_date >= k.start_date AND l.invoice_date <= k.last_day
          WHERE (NOT EXISTS (SELECT 1 FROM contract_categories cc WHERE cc.contract_id = k.id)
                 OR EXISTS (SELECT 1 FROM contract_categories cc JOIN category_up u ON u.ancestor_id = cc.category_id WHERE cc.contract_id = k.id AND u.category_id = l.category_id))
            AND (NOT EXISTS (SELECT 1 FROM contract_business_units cb WHERE cb.contract_id = k.id)
                 OR EXISTS (SELECT 1 FROM contract_business_units cb JOIN unit_up u ON u.ancestor_id = cb.business_unit_id WHERE cb.contract_id = k.id AND u.unit_id = l.business_unit_id)))
        SELECT CAST(l.id AS VARCHAR) AS id, l.supplier_id, l.contract_id, STRING_AGG(CAST(q.contract_id AS VARCHAR), ',' ORDER BY q.contract_id) AS qualifying
        FROM lines l LEFT JOIN qualifying q ON q.id = l.id
        GROUP BY l.id, l.supplier_id, l.contract_id`,
    { name: 't' },
  );
  return rows.map((r) => ({ ...r, qualifying: r.qualifying ? r.qualifying.split(',').map(Number) : [] }));
}

/** Every line is on one of the contracts that qualify for it, and on none when none does. */
function expectMatchedByTheRule(lines: Awaited<ReturnType<typeof qualifyingContracts>>) {
  for (const l of lines) {
    if (l.qualifying.length === 0) expect(l.contract_id, `line ${l.id}`).toBeNull();
    else expect(l.qualifying, `line ${l.id}`).toContain(l.contract_id);
  }
}

async function postTaxonomy(csv: string) {
  const res = await fetch(`${server.url}/api/taxonomy`, { method: 'POST', headers: { cookie: admin.sessionCookie, 'content-type': 'text/csv' }, body: csv });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { added: number; updated: number; problems: string[] } }).data;
}

describe('taxonomy import', () => {
  it('re-matches the lines of a category it gives another parent, and of its subtree, to the contracts that now cover them', async () => {
    const all = await categories();
    const moved = [...all.values()].find((c) => c.level === 2 && [...all.values()].some((k) => k.parent_id === c.id))!;
    const leaf = [...all.values()].find((c) => c.parent_id === moved.id)!;
    const from = all.get(moved.parent_id!)!;
    const to = [...all.values()].find((c) => c.level === 1 && c.id !== from.id)!;
    // Lines of a new supplier in the moved category itself and in a category below it.
    const csv = ['Date,Supplier,Amount,Category', ...[[1, moved], [2, leaf], [3, leaf]].map(([d, c]) => `2025-06-0${d},Taxonomy Importer Ltd,20${d}.00,${(c as Row).code}`)].join('\n');
    const up = await fetch(`${server.url}/api/imports?fileName=importer.csv&sourceName=Taxonomy importer`, { method: 'POST', headers: { cookie: admin.sessionCookie, 'content-type': 'text/csv' }, body: csv });
    const batch = ((await up.json()) as { data: { id: string } }).data.id;
    await admin.ok(`mutation($id: ID!) { validateImport(id: $id, mapping: { columns: [{ field: INVOICE_DATE, column: 0 }, { field: SUPPLIER_NAME, column: 1 }, { field: AMOUNT, column: 2 }, { field: CATEGORY, column: 3 }], defaultCurrency: "EUR" }) { id } }`, { id: batch });
    await admin.ok(`mutation($id: ID!) { commitImport(id: $id) { id } }`, { id: batch });
    const [supplier] = await server.store.query<{ id: number }>(sql`SELECT id FROM suppliers WHERE name = 'Taxonomy Importer Ltd'`, { name: 't' });
    // An active contract of that supplier for the destination's top-level category only.
    const made = (await admin.ok<{ createContract: { id: string; version: number } }>(`mutation($i: ContractInput!) { createContract(input: $i) { id version } }`, {
      i: { number: 'TAX-IMPORT-1', title: 'Covers the destination', supplierId: String(supplier.id), categoryIds: [String(to.id)], businessUnitIds: [], startDate: '2025-01-01', endDate: '2026-12-31', ceiling: '5000.00', currency: 'EUR' },
    })).createContract;
    await admin.ok(`mutation($id: ID!, $v: Int!) { activateContract(id: $id, version: $v) { id } }`, { id: made.id, v: made.version });
    const ours = (lines: Awaited<ReturnType<typeof qualifyingContracts>>) => lines.filter((l) => l.supplier_id === supplier.id).map((l) => l.contract_id);
    const before = await qualifyingContracts(moved.id);
    expect(ours(before)).toEqual([null, null, null]);
    expectMatchedByTheRule(before);

    // The file moves the category under the contract's category (and names another row unchanged).
    const result = await postTaxonomy(['code,name,parent_code', `${moved.code},${moved.name},${to.code}`, `${leaf.code},${leaf.name},${moved.code}`].join('\n'));
    expect(result).toMatchObject({ added: 0, updated: 2, problems: [] });
    expect((await categories()).get(moved.id)!.parent_id).toBe(to.id);
    const after = await qualifyingContracts(moved.id);
    expect(after.filter((l) => l.supplier_id === supplier.id).map((l) => l.qualifying)).toEqual([[Number(made.id)], [Number(made.id)], [Number(made.id)]]);
    expectMatchedByTheRule(after);
    expect(ours(after)).toEqual([Number(made.id), Number(made.id), Number(made.id)]);
    const [event] = await server.store.query<{ after: string }>(sql`SELECT after FROM audit_events WHERE action = 'taxonomy.import' ORDER BY id DESC LIMIT 1`, { name: 't' });
    expect(JSON.parse(event.after).linesRematched).toBeGreaterThanOrEqual(3);

    // Imported back under its old parent, the contract no longer covers them.
    await postTaxonomy(['code,name,parent_code', `${moved.code},${moved.name},${from.code}`].join('\n'));
    const back = await qualifyingContracts(moved.id);
    expect(ours(back)).toEqual([null, null, null]);
    expectMatchedByTheRule(back);
    await expectPathsConsistent();
    expect(server.loggedErrors).toEqual([]);
  });
});

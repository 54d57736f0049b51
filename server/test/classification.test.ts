import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/store/sql.js';
import { businessUnitTree, userScope } from './expected.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { startTestServer, type TestServer } from './harness.js';

const CREATE = `mutation($i: ClassificationRuleInput!) { createClassificationRule(input: $i) { id version category { id } } }`;
const RUN = `mutation { runClassificationRules { ruleClassified unclassified changed durationMs } }`;

let server: TestServer;
let admin: GraphQLClient;

interface Line { id: number; category: number | null; source: string; description: string | null; supplier: number; rawName: string }

async function lines(): Promise<Line[]> {
  const rows = await server.store.query<{ id: string; category_id: number | null; classification_source: string; description: string | null; supplier_id: number; raw_supplier_name: string }>(
    sql`SELECT id, category_id, classification_source, description, supplier_id, raw_supplier_name FROM spend_lines ORDER BY id`,
    { name: 'test.lines' },
  );
  return rows.map((r) => ({ id: Number(r.id), category: r.category_id, source: r.classification_source, description: r.description, supplier: r.supplier_id, rawName: r.raw_supplier_name }));
}

beforeAll(async () => {
  server = await startTestServer({ lines: 10_000 });
  admin = await GraphQLClient.signedIn(server.url, DEMO.admin);
});
afterAll(() => server?.close());

describe('classification rules', () => {
  it('create after list stores and returns exactly the rule asked for (regression)', async () => {
    const fresh = await startTestServer({ lines: 10_000 });
    try {
      const client = await GraphQLClient.signedIn(fresh.url, DEMO.admin);
      expect(await client.ok(`{ classificationRules { id } }`)).toEqual({ classificationRules: [] });
      const made = await client.ok<{ createClassificationRule: { id: string; priority: number; descriptionContains: string; category: { id: string } } }>(
        `mutation { createClassificationRule(input: { priority: 5, descriptionContains: "toner", categoryId: "3" }) { id priority descriptionContains category { id } } }`,
      );
      expect(made.createClassificationRule).toMatchObject({ priority: 5, descriptionContains: 'toner', category: { id: '3' } });
      const stored = await fresh.store.query(sql`SELECT id, priority, description_contains, category_id FROM classification_rules`, { name: 't' });
      expect(stored).toEqual([{ id: Number(made.createClassificationRule.id), priority: 5, description_contains: 'toner', category_id: 3 }]);
    } finally {
      await fresh.close();
    }
  });

  it('run in priority order over NONE and RULE lines only, never touching MANUAL or SOURCE lines', async () => {
    const before = await lines();
    const leaf = (await server.store.query<{ id: number }>(sql`SELECT id FROM categories WHERE level = 3 ORDER BY id LIMIT 2`, { name: 't' })).map((r) => r.id);
    const unclassified = before.filter((l) => l.source === 'NONE');
    expect(unclassified.length).toBeGreaterThan(50);
    // The commonest first word of unclassified descriptions, and the supplier with most unclassified lines.
    const commonest = <T,>(values: T[]) => {
      const counts = new Map<T, number>();
      for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
      return [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
    };
    const word = commonest(unclassified.map((l) => (l.description ?? '').split(' ')[0].toLowerCase()).filter((w) => w.length >= 4));
    const supplier = commonest(unclassified.filter((l) => !(l.description ?? '').toLowerCase().includes(word)).map((l) => l.supplier));
    // One unclassified line gets a person's choice first; rules must leave it alone.
    const manualLine = unclassified.find((l) => (l.description ?? '').toLowerCase().includes(word))!;
    expect(await admin.ok(`mutation($ids: [ID!], $c: ID) { classifyLines(lineIds: $ids, categoryId: $c) }`, { ids: [String(manualLine.id)], c: String(leaf[1]) })).toEqual({ classifyLines: 1 });

    await admin.ok(CREATE, { i: { priority: 10, descriptionContains: word.toUpperCase(), categoryId: String(leaf[0]) } });
    await admin.ok(CREATE, { i: { priority: 20, supplierId: String(supplier), categoryId: String(leaf[1]) } });
    const run = (await admin.ok<{ runClassificationRules: { ruleClassified: number; unclassified: number; changed: number } }>(RUN)).runClassificationRules;

    // Expected, independently: first matching rule by priority, for NONE/RULE lines only.
    const expected = new Map<number, number | null>();
    for (const l of before) {
      if (l.id === manualLine.id) expected.set(l.id, leaf[1]);
      else if (l.source !== 'NONE' && l.source !== 'RULE') expected.set(l.id, l.category);
      else if ((l.description ?? '').toLowerCase().includes(word)) expected.set(l.id, leaf[0]);
      else if (l.supplier === supplier) expected.set(l.id, leaf[1]);
      else expected.set(l.id, null);
    }
    const after = await lines();
    expect(after.filter((l) => l.category !== expected.get(l.id)).map((l) => l.id)).toEqual([]);
    expect(after.find((l) => l.id === manualLine.id)?.source).toBe('MANUAL');
    const ruled = after.filter((l) => l.source === 'RULE').length;
    expect(ruled).toBeGreaterThan(0);
    expect(run.ruleClassified).toBe(ruled);
    expect(run.unclassified).toBe(after.filter((l) => l.source === 'NONE').length);
    expect(run.changed).toBe(ruled);
    // Running again changes nothing.
    expect((await admin.ok<{ runClassificationRules: { changed: number } }>(RUN)).runClassificationRules.changed).toBe(0);
  });

  it('deleting a rule un-classifies its lines on the next run; conflicts, bad input and roles are enforced', async () => {
    const rules = (await admin.ok<{ classificationRules: Array<{ id: string; version: number; priority: number }> }>(`{ classificationRules { id version priority } }`)).classificationRules;
    const first = rules[0];
    expect((await admin.errorCode(`mutation($id: ID!) { updateClassificationRule(id: $id, version: 99, input: { priority: 1, descriptionContains: "xx", categoryId: "1" }) { id } }`, { id: first.id })).code).toBe('CONFLICT');
    expect((await admin.errorCode(CREATE, { i: { priority: 1, categoryId: '1' } })).code).toBe('BAD_USER_INPUT');
    // A delete with the version the caller saw: stale (the rule was edited since) is a CONFLICT
    // and the rule stays; the current one deletes it.
    const DELETE = `mutation($id: ID!, $v: Int) { deleteClassificationRule(id: $id, version: $v) }`;
    const stale = await admin.errorCode(DELETE, { id: first.id, v: first.version - 1 });
    expect(stale).toMatchObject({ code: 'CONFLICT', extensions: { field: 'version', currentVersion: first.version } });
    expect(stale.message).toMatch(/changed by someone else since you saw it; it was not deleted/);
    const [{ kept }] = await server.store.query<{ kept: string }>(sql`SELECT COUNT(*) AS kept FROM classification_rules WHERE id = ${Number(first.id)}`, { name: 't' });
    expect(Number(kept)).toBe(1);
    await admin.ok(DELETE, { id: first.id, v: first.version });
    const [{ gone }] = await server.store.query<{ gone: string }>(sql`SELECT COUNT(*) AS gone FROM classification_rules WHERE id = ${Number(first.id)}`, { name: 't' });
    expect(Number(gone)).toBe(0);
    await admin.ok(RUN);
    const [{ n }] = await server.store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM spend_lines WHERE classification_rule_id = ${Number(first.id)}`, { name: 't' });
    expect(Number(n)).toBe(0);
    const catman = await GraphQLClient.signedIn(server.url, DEMO.catman);
    const other = (await server.store.query<{ id: number }>(
      sql`SELECT c.id FROM categories c WHERE c.level = 3 AND c.l1_id NOT IN (SELECT ref_id FROM user_scopes us JOIN users u ON u.id = us.user_id WHERE u.email = ${DEMO.catman}) LIMIT 1`,
      { name: 't' },
    ))[0].id;
    expect((await catman.errorCode(CREATE, { i: { priority: 1, descriptionContains: 'abc', categoryId: String(other) } })).code).toBe('NOT_FOUND');
    const analyst = await GraphQLClient.signedIn(server.url, DEMO.analyst);
    expect((await analyst.errorCode(RUN)).code).toBe('FORBIDDEN');
    expect(server.loggedErrors).toEqual([]);
  });
});

describe('the cost centres and GL accounts a rule can name', () => {
  it('are listed by code for everyone who reads spend, a viewer scoped to units seeing only theirs', async () => {
    const ledger = (table: 'cost_centers' | 'gl_accounts') => server.store.query<{ id: number; code: string; name: string; bu: number | null }>(
      table === 'cost_centers'
        ? sql`SELECT id, code, name, business_unit_id AS bu FROM cost_centers`
        : sql`SELECT id, code, name, business_unit_id AS bu FROM gl_accounts`,
      { name: 'test.ledger' },
    );
    const shape = (rows: Array<{ id: number; code: string; name: string }>) =>
      [...rows].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : a.id - b.id)).map((r) => ({ id: String(r.id), code: r.code, name: r.name }));
    const shapeUnits = (rows: Array<{ id: number; code: string; bu: number | null }>) =>
      [...rows].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : a.id - b.id)).map((r) => (r.bu === null ? null : String(r.bu)));
    const LISTS = `{ costCenters { id code name } glAccounts { id code name } }`;
    const STAMPS = `{ costCenters { businessUnitId createdAt updatedAt } glAccounts { businessUnitId createdAt updatedAt } }`;
    const [costCenters, glAccounts] = [await ledger('cost_centers'), await ledger('gl_accounts')];
    expect(costCenters.length).toBeGreaterThan(10);
    expect(await admin.ok(LISTS)).toEqual({ costCenters: shape(costCenters), glAccounts: shape(glAccounts) });
    // Each has its unit (as stored) and its timestamps.
    const stamps = await admin.ok<{ costCenters: Array<Record<string, string | null>>; glAccounts: Array<Record<string, string | null>> }>(STAMPS);
    expect(stamps.costCenters.map((c) => c.businessUnitId)).toEqual(shapeUnits(costCenters));
    expect(stamps.glAccounts.map((c) => c.businessUnitId)).toEqual(shapeUnits(glAccounts));
    expect([...stamps.costCenters, ...stamps.glAccounts].every((c) => /^\d{4}-\d{2}-\d{2}T/.test(String(c.createdAt)) && /^\d{4}-\d{2}-\d{2}T/.test(String(c.updatedAt)))).toBe(true);

    // The demo viewer sees their business units (and those below them): their cost centres, and the accounts of no unit or of theirs.
    const scope = await userScope(server.store, DEMO.viewer);
    expect(scope.businessUnits.size).toBeGreaterThan(0);
    const units = await businessUnitTree(server.store);
    const mine = (bu: number | null) => bu !== null && units.isWithin(bu, scope.businessUnits);
    const viewer = await GraphQLClient.signedIn(server.url, DEMO.viewer);
    const seen = await viewer.ok<{ costCenters: unknown[]; glAccounts: unknown[] }>(LISTS);
    expect(seen).toEqual({ costCenters: shape(costCenters.filter((c) => mine(c.bu))), glAccounts: shape(glAccounts.filter((g) => g.bu === null || mine(g.bu))) });
    expect(seen.costCenters.length).toBeLessThan(costCenters.length);
  });
});

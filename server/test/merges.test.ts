import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/store/sql.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { startTestServer, type TestServer } from './harness.js';

let server: TestServer;
let admin: GraphQLClient;
const ids: Record<string, number> = {};

async function supplierLines(id: number) {
  return (await server.store.query<{ id: string }>(sql`SELECT id FROM spend_lines WHERE supplier_id = ${id} ORDER BY id`, { name: 't' })).map((r) => Number(r.id));
}
async function aliases(id: number) {
  return (await server.store.query<{ raw_name: string }>(sql`SELECT raw_name FROM supplier_aliases WHERE supplier_id = ${id} ORDER BY raw_name`, { name: 't' })).map((r) => r.raw_name);
}

beforeAll(async () => {
  server = await startTestServer({ lines: 10_000 });
  admin = await GraphQLClient.signedIn(server.url, DEMO.admin);
  // Two spellings of one company arrive in a file as two suppliers (their keys differ by a letter).
  const csv = ['Date,Supplier,Amount,Service Area',
    '2025-01-05,Northwind Traders Ltd,100.00,Merge Test', '2025-01-06,NORTHWIND TRADERS LIMITED,50.25,Merge Test',
    '2025-01-07,Northwind Trader Ltd,20.00,Merge Test', '2025-01-08,Zebra Unrelated Holdings,9.99,Merge Test',
    // Two companies whose names share a first word; one name's bigrams are the other's and a word more.
    // Large amounts put them at the head of the suggestions, which come by spend at stake.
    '2025-01-09,Quillfeather GmbH & Co. KG,250000000.00,Merge Test', '2025-01-10,Quillfeather Data SA,240000000.00,Merge Test'].join('\n');
  const up = await fetch(`${server.url}/api/imports?fileName=merge.csv&sourceName=Merge test`, { method: 'POST', headers: { cookie: admin.sessionCookie, 'content-type': 'text/csv' }, body: csv });
  const id = ((await up.json()) as { data: { id: string } }).data.id;
  await admin.ok(`mutation($id: ID!) { validateImport(id: $id, mapping: { columns: [{ field: INVOICE_DATE, column: 0 }, { field: SUPPLIER_NAME, column: 1 }, { field: AMOUNT, column: 2 }, { field: BUSINESS_UNIT, column: 3 }], defaultCurrency: "EUR" }) { id } }`, { id });
  await admin.ok(`mutation($id: ID!) { commitImport(id: $id) { id } }`, { id });
  for (const r of await server.store.query<{ id: number; normalized_name: string }>(sql`SELECT id, normalized_name FROM suppliers WHERE normalized_name IN ('northwind traders', 'northwind trader')`, { name: 't' })) ids[r.normalized_name] = r.id;
});
afterAll(() => server?.close());

const SUGGEST = `{ supplierMergeSuggestions(limit: 200, minSimilarity: 0.8) { keep { id } merge { id } similarity spendAtStake } }`;
type Suggestions = { supplierMergeSuggestions: Array<{ keep: { id: string }; merge: { id: string }; similarity: number; spendAtStake: string }> };

describe('supplier merges', () => {
  it('suggests the two spellings, keeping the one with more spend, with the spend at stake', async () => {
    expect(Object.keys(ids).sort()).toEqual(['northwind trader', 'northwind traders']);
    const s = (await admin.ok<Suggestions>(SUGGEST)).supplierMergeSuggestions;
    const pair = s.find((p) => [p.keep.id, p.merge.id].sort().join() === [String(ids['northwind traders']), String(ids['northwind trader'])].sort().join());
    expect(pair).toMatchObject({ keep: { id: String(ids['northwind traders']) }, merge: { id: String(ids['northwind trader']) }, spendAtStake: '170.25' });
    expect(pair!.similarity).toBeGreaterThan(0.9);
  });

  it('does not suggest two companies whose names differ by a whole word at the default threshold, and shows them lower down', async () => {
    const rows = await server.store.query<{ id: number; normalized_name: string }>(sql`SELECT id, normalized_name FROM suppliers WHERE normalized_name IN ('quillfeather', 'quillfeather data')`, { name: 't' });
    expect(rows.map((r) => r.normalized_name).sort()).toEqual(['quillfeather', 'quillfeather data']);
    const pairOf = (s: Suggestions['supplierMergeSuggestions']) => s.find((p) => rows.every((r) => [p.keep.id, p.merge.id].includes(String(r.id))));
    expect(pairOf((await admin.ok<Suggestions>(SUGGEST)).supplierMergeSuggestions)).toBeUndefined();
    const low = pairOf((await admin.ok<Suggestions>(SUGGEST.replace('minSimilarity: 0.8', 'minSimilarity: 0.6'))).supplierMergeSuggestions);
    expect(low?.similarity).toBeGreaterThanOrEqual(0.6);
    expect(low?.similarity).toBeLessThan(0.8);
  });

  it('moves lines and aliases, and undo moves exactly those back', async () => {
    const [source, target] = [ids['northwind trader'], ids['northwind traders']];
    const before = { sourceLines: await supplierLines(source), targetLines: await supplierLines(target), sourceAliases: await aliases(source), targetAliases: await aliases(target) };
    expect(before.sourceLines).toHaveLength(1);
    const merged = (await admin.ok<{ mergeSuppliers: { id: string; linesMoved: number; source: { status: string } } }>(
      `mutation($s: ID!, $t: ID!) { mergeSuppliers(sourceId: $s, targetId: $t) { id linesMoved source { status } } }`, { s: String(source), t: String(target) },
    )).mergeSuppliers;
    expect(merged).toMatchObject({ linesMoved: 1, source: { status: 'MERGED' } });
    expect(await supplierLines(source)).toEqual([]);
    expect(await supplierLines(target)).toEqual([...before.targetLines, ...before.sourceLines].sort((a, b) => a - b));
    expect(await aliases(target)).toEqual([...new Set([...before.targetAliases, ...before.sourceAliases])].sort());
    const spend = await admin.ok<{ supplier: { spend: { total: string } } }>(`query($id: ID!) { supplier(id: $id) { spend { total } } }`, { id: String(target) });
    expect(spend.supplier.spend.total).toBe('170.25');
    expect((await admin.errorCode(`mutation($s: ID!, $t: ID!) { mergeSuppliers(sourceId: $s, targetId: $t) { id } }`, { s: String(source), t: String(target) })).code).toBe('INVALID_STATE');

    await admin.ok(`mutation($id: ID!) { undoSupplierMerge(id: $id) { id undoneAt } }`, { id: merged.id });
    expect(await supplierLines(source)).toEqual(before.sourceLines);
    expect(await supplierLines(target)).toEqual(before.targetLines);
    expect(await aliases(source)).toEqual(before.sourceAliases);
    expect(await aliases(target)).toEqual(before.targetAliases);
    expect((await admin.errorCode(`mutation($id: ID!) { undoSupplierMerge(id: $id) { id } }`, { id: merged.id })).code).toBe('INVALID_STATE');
    const [{ n }] = await server.store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM audit_events WHERE action IN ('supplier.merge', 'supplier.unmerge')`, { name: 't' });
    expect(Number(n)).toBe(2);
  });

  it('a blocked supplier is not merged away (undo would unblock it); it may be the one kept', async () => {
    const [source, target] = [ids['northwind trader'], ids['northwind traders']];
    const version = async (id: number) => (await admin.ok<{ supplier: { version: number } }>(`query($id: ID!) { supplier(id: $id) { version } }`, { id: String(id) })).supplier.version;
    const block = (id: number, v: number) => admin.ok(`mutation($id: ID!, $v: Int!) { blockSupplier(id: $id, version: $v, reason: "Test") { id } }`, { id: String(id), v });
    const unblock = async (id: number) => admin.ok(`mutation($id: ID!, $v: Int!) { unblockSupplier(id: $id, version: $v, reason: "Test") { id } }`, { id: String(id), v: await version(id) });
    const merge = (s: number, t: number) => `mutation { mergeSuppliers(sourceId: "${s}", targetId: "${t}") { id source { status } target { status } } }`;
    const before = await supplierLines(source);
    await block(source, await version(source));
    const refused = await admin.errorCode(merge(source, target));
    expect(refused.code).toBe('INVALID_STATE');
    expect(refused.message).toMatch(/is blocked; an admin unblocks it/);
    expect(await supplierLines(source), 'nothing moved').toEqual(before);
    await unblock(source);
    // Blocked as the supplier kept: the merge goes ahead and the block stays, through the undo too.
    await block(target, await version(target));
    const merged = (await admin.ok<{ mergeSuppliers: { id: string; source: { status: string }; target: { status: string } } }>(merge(source, target))).mergeSuppliers;
    expect(merged).toMatchObject({ source: { status: 'MERGED' }, target: { status: 'BLOCKED' } });
    await admin.ok(`mutation($id: ID!) { undoSupplierMerge(id: $id) { id } }`, { id: merged.id });
    const statuses = await server.store.query<{ id: number; status: string }>(sql`SELECT id, status FROM suppliers WHERE id IN (${source}, ${target}) ORDER BY id`, { name: 't' });
    expect(Object.fromEntries(statuses.map((r) => [Number(r.id), r.status]))).toEqual({ [source]: 'ACTIVE', [target]: 'BLOCKED' });
    expect(await supplierLines(source)).toEqual(before);
    await unblock(target);
  });

  it("a merge moves the merged supplier's family to the survivor, spend by family follows, and undo puts each member back", async () => {
    // Four demo suppliers with no family: P heads C1, C2 and T; P is merged into T, one of its own members.
    const free = await server.store.query<{ id: number }>(
      sql`SELECT s.id FROM suppliers s WHERE s.parent_id IS NULL AND s.status = 'ACTIVE' AND NOT EXISTS (SELECT 1 FROM suppliers c WHERE c.parent_id = s.id)
          AND EXISTS (SELECT 1 FROM spend_lines l WHERE l.supplier_id = s.id) ORDER BY s.id LIMIT 4`, { name: 't' });
    const [p, c1, c2, t] = free.map((r) => r.id);
    for (const child of [c1, c2, t]) await admin.ok(`mutation($a: ID!, $b: ID!) { setSupplierParent(id: $a, parentId: $b) { id } }`, { a: String(child), b: String(p) });
    const parents = async () => Object.fromEntries((await server.store.query<{ id: number; parent_id: number | null }>(
      sql`SELECT id, parent_id FROM suppliers WHERE id IN (${p}, ${c1}, ${c2}, ${t})`, { name: 't' })).map((r) => [r.id, r.parent_id]));
    const before = await parents();
    // Spend by family, computed from the lines: the family's members' lines, whoever heads it.
    const familySpend = async () => (await server.store.query<{ total: string }>(
      sql`SELECT CAST(SUM(amount_reporting) AS VARCHAR) AS total FROM spend_lines WHERE supplier_id IN (${p}, ${c1}, ${c2}, ${t})`, { name: 't' }))[0].total;
    const FAMILY = `{ spendCube(query: { dimensions: [SUPPLIER_PARENT], measures: [SPEND], limit: 50000 }) { rows { keys { id } values } } }`;
    const familyRow = async (head: number) => (await admin.ok<{ spendCube: { rows: Array<{ keys: Array<{ id: string }>; values: string[] }> } }>(FAMILY))
      .spendCube.rows.find((r) => r.keys[0].id === String(head))?.values[0];
    expect(await familyRow(p)).toBe(await familySpend());

    const merged = (await admin.ok<{ mergeSuppliers: { id: string } }>(
      `mutation($s: ID!, $t: ID!) { mergeSuppliers(sourceId: $s, targetId: $t) { id } }`, { s: String(p), t: String(t) })).mergeSuppliers;
    expect(await parents()).toEqual({ ...before, [c1]: t, [c2]: t, [t]: null });
    // The whole family's spend is under the survivor, none under the merged-away head.
    expect(await familyRow(t)).toBe(await familySpend());
    expect(await familyRow(p)).toBeUndefined();

    // Someone moves C2 out of the family; undo puts back C1 and T, and leaves C2 where it was put.
    await admin.ok(`mutation($a: ID!) { setSupplierParent(id: $a, parentId: null) { id } }`, { a: String(c2) });
    await admin.ok(`mutation($id: ID!) { undoSupplierMerge(id: $id) { id } }`, { id: merged.id });
    expect(await parents()).toEqual({ ...before, [c2]: null });
  });

  it('with the versions the caller saw, a supplier changed since is a CONFLICT and nothing is merged or re-parented', async () => {
    const [source, target] = [ids['northwind trader'], ids['northwind traders']];
    const supplier = async (id: number) => (await admin.ok<{ supplier: { version: number; name: string; parent: { id: string } | null } }>(
      `query($id: ID!) { supplier(id: $id) { version name parent { id } } }`, { id: String(id) })).supplier;
    const MERGE = `mutation($s: ID!, $t: ID!, $sv: Int, $tv: Int) { mergeSuppliers(sourceId: $s, targetId: $t, sourceVersion: $sv, targetVersion: $tv) { id linesMoved } }`;
    const seen = { source: await supplier(source), target: await supplier(target) };
    const linesBefore = await supplierLines(source);
    // Someone renames the target after the screen listed it.
    await admin.ok(`mutation($id: ID!, $v: Int!, $n: String!) { updateSupplier(id: $id, version: $v, input: { name: $n }) { id } }`,
      { id: String(target), v: seen.target.version, n: `${seen.target.name} (renamed)` });
    const refused = await admin.errorCode(MERGE, { s: String(source), t: String(target), sv: seen.source.version, tv: seen.target.version });
    expect(refused).toMatchObject({ code: 'CONFLICT', extensions: { field: 'targetVersion', currentVersion: seen.target.version + 1 } });
    expect(refused.message).toContain(`${seen.target.name} (renamed) was changed by someone else since you saw it; nothing was merged`);
    const staleSource = await admin.errorCode(MERGE, { s: String(source), t: String(target), sv: seen.source.version + 5, tv: seen.target.version + 1 });
    expect(staleSource).toMatchObject({ code: 'CONFLICT', extensions: { field: 'sourceVersion', currentVersion: seen.source.version } });
    expect(await supplierLines(source), 'nothing moved').toEqual(linesBefore);
    expect((await supplier(source)).version, 'the source is as it was').toBe(seen.source.version);
    // With the versions as they are now, the merge goes ahead; then it is undone.
    const merged = (await admin.ok<{ mergeSuppliers: { id: string; linesMoved: number } }>(MERGE, { s: String(source), t: String(target), sv: seen.source.version, tv: seen.target.version + 1 })).mergeSuppliers;
    expect(merged.linesMoved).toBe(linesBefore.length);
    await admin.ok(`mutation($id: ID!) { undoSupplierMerge(id: $id) { id } }`, { id: merged.id });
    await admin.ok(`mutation($id: ID!, $v: Int!, $n: String!) { updateSupplier(id: $id, version: $v, input: { name: $n }) { id } }`,
      { id: String(target), v: (await supplier(target)).version, n: seen.target.name });

    // The family: a stale version changes nothing; the current one sets the parent and answers the new version.
    const PARENT = `mutation($id: ID!, $p: ID, $v: Int) { setSupplierParent(id: $id, parentId: $p, version: $v) { id version parent { id } } }`;
    const child = await supplier(source);
    const staleParent = await admin.errorCode(PARENT, { id: String(source), p: String(target), v: child.version - 1 });
    expect(staleParent).toMatchObject({ code: 'CONFLICT', extensions: { field: 'version', currentVersion: child.version } });
    expect((await supplier(source)).parent).toEqual(child.parent);
    const set = (await admin.ok<{ setSupplierParent: { version: number; parent: { id: string } } }>(PARENT, { id: String(source), p: String(target), v: child.version })).setSupplierParent;
    expect(set).toEqual({ id: String(source), version: child.version + 1, parent: { id: String(target) } });
    await admin.ok(PARENT, { id: String(source), p: null, v: set.version });
    expect((await supplier(source)).parent).toBeNull();
  });

  it('dismissed pairs are not suggested again; self-merges, cycles and roles are refused', async () => {
    const [a, b] = [String(ids['northwind trader']), String(ids['northwind traders'])];
    await admin.ok(`mutation($a: ID!, $b: ID!) { dismissMergeSuggestion(supplierA: $a, supplierB: $b) }`, { a, b });
    const s = (await admin.ok<Suggestions>(SUGGEST)).supplierMergeSuggestions;
    expect(s.some((p) => [p.keep.id, p.merge.id].includes(a) && [p.keep.id, p.merge.id].includes(b))).toBe(false);
    expect((await admin.errorCode(`mutation($a: ID!) { mergeSuppliers(sourceId: $a, targetId: $a) { id } }`, { a })).code).toBe('BAD_USER_INPUT');
    await admin.ok(`mutation($a: ID!, $b: ID!) { setSupplierParent(id: $a, parentId: $b) { id } }`, { a, b });
    expect((await admin.errorCode(`mutation($a: ID!, $b: ID!) { setSupplierParent(id: $b, parentId: $a) { id } }`, { a, b })).code).toBe('BAD_USER_INPUT');
    const analyst = await GraphQLClient.signedIn(server.url, DEMO.analyst);
    expect((await analyst.errorCode(SUGGEST)).code).toBe('FORBIDDEN');
    expect(server.loggedErrors).toEqual([]);
  });
});

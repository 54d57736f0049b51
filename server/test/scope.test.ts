import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/store/sql.js';
import { businessUnitTree, categoryTree, centsToString, rawLines, sumCents, userScope, type RawLine } from './expected.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { startTestServer, type TestServer } from './harness.js';

let server: TestServer;
let lines: RawLine[];
let contractLinks: { categories: Map<number, number[]>; businessUnits: Map<number, number[]>; ids: number[] };
let visibleLines: (email: string) => Promise<RawLine[]>;
let visibleContracts: (email: string) => Promise<Set<number>>;

beforeAll(async () => {
  server = await startTestServer();
  lines = await rawLines(server.store);
  const cats = await categoryTree(server.store);
  const bus = await businessUnitTree(server.store);
  const links = await server.store.query<{ kind: string; contract_id: number; ref_id: number }>(
    sql`SELECT 'C' AS kind, contract_id, category_id AS ref_id FROM contract_categories UNION ALL SELECT 'B', contract_id, business_unit_id FROM contract_business_units`,
    { name: 'test.links' },
  );
  const ids = (await server.store.query<{ id: number }>(sql`SELECT id FROM contracts`, { name: 'test.contracts' })).map((r) => r.id);
  const group = (kind: string) => {
    const m = new Map<number, number[]>();
    for (const l of links.filter((x) => x.kind === kind)) m.set(l.contract_id, [...(m.get(l.contract_id) ?? []), l.ref_id]);
    return m;
  };
  contractLinks = { categories: group('C'), businessUnits: group('B'), ids };

  visibleLines = async (email) => {
    const scope = await userScope(server.store, email);
    if (scope.role === 'CATEGORY_MANAGER') return lines.filter((l) => l.categoryId !== null && cats.isWithin(l.categoryId, scope.categories));
    if (scope.role === 'VIEWER') return lines.filter((l) => bus.isWithin(l.businessUnitId, scope.businessUnits));
    return lines;
  };
  visibleContracts = async (email) => {
    const scope = await userScope(server.store, email);
    return new Set(
      contractLinks.ids.filter((id) => {
        if (scope.role === 'CATEGORY_MANAGER') return cats.reaches(contractLinks.categories.get(id) ?? [], scope.categories);
        if (scope.role === 'VIEWER') return bus.reaches(contractLinks.businessUnits.get(id) ?? [], scope.businessUnits);
        return true;
      }),
    );
  };
});
afterAll(() => server?.close());

async function allSuppliers(client: GraphQLClient) {
  const ids: number[] = [];
  let total = -1;
  for (let offset = 0; total < 0 || offset < total; offset += 500) {
    const data = await client.ok<{ suppliers: { totalCount: number; nodes: Array<{ spend: string; supplier: { id: string } }> } }>(
      `query($o: Int) { suppliers(page: { offset: $o, limit: 500 }) { totalCount nodes { spend supplier { id } } } }`,
      { o: offset },
    );
    total = data.suppliers.totalCount;
    ids.push(...data.suppliers.nodes.map((n) => Number(n.supplier.id)));
    if (!data.suppliers.nodes.length) break;
  }
  return { ids, total };
}

async function allContracts(client: GraphQLClient) {
  const ids: number[] = [];
  let total = -1;
  for (let offset = 0; total < 0 || offset < total; offset += 500) {
    const data = await client.ok<{ contracts: { totalCount: number; nodes: Array<{ id: string }> } }>(
      `query($o: Int) { contracts(page: { offset: $o, limit: 500 }) { totalCount nodes { id } } }`,
      { o: offset },
    );
    total = data.contracts.totalCount;
    ids.push(...data.contracts.nodes.map((n) => Number(n.id)));
    if (!data.contracts.nodes.length) break;
  }
  return { ids, total };
}

describe.each(Object.entries(DEMO))('role %s sees exactly its scope', (_role, email) => {
  let client: GraphQLClient;
  beforeAll(async () => {
    client = await GraphQLClient.signedIn(server.url, email);
  });

  it('spendCube totals and categories', async () => {
    const mine = await visibleLines(email);
    const data = await client.ok<{ spendCube: { totals: { values: string[] }; rows: Array<{ keys: Array<{ id: string | null }> }> } }>(
      `{ spendCube(query: { dimensions: [BUSINESS_UNIT], measures: [SPEND, LINE_COUNT] }) { totals { values } rows { keys { id } } } }`,
    );
    expect(data.spendCube.totals.values).toEqual([centsToString(sumCents(mine)), String(mine.length)]);
    expect(new Set(data.spendCube.rows.map((r) => Number(r.keys[0].id)))).toEqual(new Set(mine.map((l) => l.businessUnitId)));
  });

  it('suppliers list holds exactly the suppliers with spend in scope', async () => {
    const mine = await visibleLines(email);
    const { ids, total } = await allSuppliers(client);
    const expected = new Set(mine.map((l) => l.supplierId));
    expect(total).toBe(expected.size);
    expect(new Set(ids)).toEqual(expected);
  });

  it('supplier(id): in scope found, out of scope looks like it does not exist', async () => {
    const mine = await visibleLines(email);
    const inScope = new Set(mine.map((l) => l.supplierId));
    const someIn = [...inScope][0];
    const data = await client.ok<{ supplier: { id: string; spend: { total: string } } }>(`query($id: ID!) { supplier(id: $id) { id spend { total } } }`, { id: String(someIn) });
    expect(data.supplier.spend.total).toBe(centsToString(sumCents(mine.filter((l) => l.supplierId === someIn))));
    const outside = lines.find((l) => !inScope.has(l.supplierId));
    if (email === DEMO.catman || email === DEMO.viewer) {
      expect(outside, 'the demo data must have suppliers outside a scoped user').toBeDefined();
      const err = await client.errorCode(`query($id: ID!) { supplier(id: $id) { id name } }`, { id: String(outside!.supplierId) });
      const unknown = await client.errorCode(`query($id: ID!) { supplier(id: $id) { id name } }`, { id: '987654321' });
      expect(err.code).toBe('NOT_FOUND');
      // Same answer as for an id that does not exist at all, apart from the id itself.
      expect(err.message.replace(String(outside!.supplierId), 'X')).toBe(unknown.message.replace('987654321', 'X'));
    } else {
      expect(outside).toBeUndefined();
    }
  });

  it('contracts list and contract(id) follow the scope', async () => {
    const expected = await visibleContracts(email);
    const { ids, total } = await allContracts(client);
    expect(total).toBe(expected.size);
    expect(new Set(ids)).toEqual(expected);
    const hidden = contractLinks.ids.find((id) => !expected.has(id));
    if (hidden !== undefined) {
      expect((await client.errorCode(`query($id: ID!) { contract(id: $id) { id } }`, { id: String(hidden) })).code).toBe('NOT_FOUND');
    } else {
      expect(expected.size).toBe(contractLinks.ids.length);
    }
  });
});

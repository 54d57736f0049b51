import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Sql } from '../src/store/sql.js';
import { businessUnitTree, categoryTree, quotientToString, toCents, userScope } from './expected.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { startTestServer, type TestServer } from './harness.js';

/**
 * The category tree and a category's page, against figures computed with plain SQL over the same
 * file: descendants through a recursive walk of parent ids (not the l1..l4 path columns the code
 * uses), sums and distinct counts per node by the engine, ratios here with BigInt.
 */

const PERIOD = { dateFrom: '2025-01-01', dateTo: '2025-06-30' };
// Six whole months; the previous period is the six whole months before (docs/domain.md, "Previous period").
const PREVIOUS = { from: '2024-07-01', to: '2024-12-31' };

const FIGURES = `spend previousPeriodSpend change shareOfParent supplierCount onContractSpend onContractShare lineCount`;
const TREE = `query($f: SpendFilter) { categoryTree(filter: $f) {
  dateFrom dateTo previousDateFrom previousDateTo currency
  total { ${FIGURES} } unclassified { ${FIGURES} }
  nodes { category { id code level parentId ownerUserId ownerName } figures { ${FIGURES} } }
} }`;

interface Figures {
  spend: string; previousPeriodSpend: string; change: string | null; shareOfParent: string | null;
  supplierCount: number; onContractSpend: string; onContractShare: string | null; lineCount: number;
}
interface TreeData {
  categoryTree: {
    dateFrom: string; dateTo: string; previousDateFrom: string; previousDateTo: string; currency: string;
    total: Figures; unclassified: Figures;
    nodes: Array<{ category: { id: string; code: string; level: number; parentId: string | null; ownerUserId: string | null; ownerName: string | null }; figures: Figures }>;
  };
}

interface Expected { spend: bigint; previous: bigint; onContract: bigint; lines: number; suppliers: number }

let server: TestServer;
let admin: GraphQLClient;
let catman: GraphQLClient;
let viewer: GraphQLClient;

beforeAll(async () => {
  server = await startTestServer();
  [admin, catman, viewer] = await Promise.all([DEMO.admin, DEMO.catman, DEMO.viewer].map((e) => GraphQLClient.signedIn(server.url, e)));
});
afterAll(() => server?.close());

const current = sql`s.invoice_date BETWEEN CAST(${PERIOD.dateFrom} AS DATE) AND CAST(${PERIOD.dateTo} AS DATE)`;
const previous = sql`s.invoice_date BETWEEN CAST(${PREVIOUS.from} AS DATE) AND CAST(${PREVIOUS.to} AS DATE)`;

/** Per category (itself and every descendant, by a recursive walk), the figures of the lines `where` keeps. */
async function expectedPerNode(where: Sql): Promise<Map<number, Expected>> {
  const rows = await server.store.query<{ root: number; spend: string | null; previous: string | null; on_contract: string | null; lines: string; suppliers: string }>(
    sql`WITH RECURSIVE sub(root, id) AS (
          SELECT id, id FROM categories
          UNION ALL SELECT sub.root, c.id FROM sub JOIN categories c ON c.parent_id = sub.id
        )
        SELECT sub.root,
               CAST(SUM(CASE WHEN ${current} THEN s.amount_reporting END) AS VARCHAR) AS spend,
               CAST(SUM(CASE WHEN ${previous} THEN s.amount_reporting END) AS VARCHAR) AS previous,
               CAST(SUM(CASE WHEN ${current} AND s.contract_id IS NOT NULL THEN s.amount_reporting END) AS VARCHAR) AS on_contract,
               COUNT(CASE WHEN ${current} THEN 1 END) AS lines,
               COUNT(DISTINCT CASE WHEN ${current} THEN s.supplier_id END) AS suppliers
        FROM sub JOIN spend_lines s ON s.category_id = sub.id
        WHERE ${where}
        GROUP BY sub.root`,
    { name: 'test.perNode' },
  );
  return new Map(rows.map((r) => [r.root, {
    spend: toCents(r.spend ?? '0'), previous: toCents(r.previous ?? '0'), onContract: toCents(r.on_contract ?? '0'),
    lines: Number(r.lines), suppliers: Number(r.suppliers),
  }]));
}

async function expectedAll(where: Sql): Promise<Expected> {
  const [r] = await server.store.query<{ spend: string | null; previous: string | null; on_contract: string | null; lines: string; suppliers: string }>(
    sql`SELECT CAST(SUM(CASE WHEN ${current} THEN s.amount_reporting END) AS VARCHAR) AS spend,
               CAST(SUM(CASE WHEN ${previous} THEN s.amount_reporting END) AS VARCHAR) AS previous,
               CAST(SUM(CASE WHEN ${current} AND s.contract_id IS NOT NULL THEN s.amount_reporting END) AS VARCHAR) AS on_contract,
               COUNT(CASE WHEN ${current} THEN 1 END) AS lines,
               COUNT(DISTINCT CASE WHEN ${current} THEN s.supplier_id END) AS suppliers
        FROM spend_lines s WHERE ${where}`,
    { name: 'test.all' },
  );
  return { spend: toCents(r.spend ?? '0'), previous: toCents(r.previous ?? '0'), onContract: toCents(r.on_contract ?? '0'), lines: Number(r.lines), suppliers: Number(r.suppliers) };
}

const cents = (c: bigint) => {
  const negative = c < 0n;
  const abs = negative ? -c : c;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};
const ratioOf = (a: bigint, b: bigint) => (b === 0n ? null : quotientToString(a, b, 6));
const NONE: Expected = { spend: 0n, previous: 0n, onContract: 0n, lines: 0, suppliers: 0 };

function figuresOf(e: Expected, parentSpend: bigint): Figures {
  return {
    spend: cents(e.spend), previousPeriodSpend: cents(e.previous), change: ratioOf(e.spend - e.previous, e.previous),
    shareOfParent: ratioOf(e.spend, parentSpend), supplierCount: e.suppliers, onContractSpend: cents(e.onContract),
    onContractShare: ratioOf(e.onContract, e.spend), lineCount: e.lines,
  };
}

/** The lines a role sees, as a condition over `spend_lines s`, from its raw scope rows. */
async function scopeCondition(email: string): Promise<{ where: Sql; categories: Set<number> | null }> {
  const scope = await userScope(server.store, email);
  const cats = await categoryTree(server.store);
  const bus = await businessUnitTree(server.store);
  if (scope.role === 'CATEGORY_MANAGER') {
    const ids = cats.rows.filter((c) => cats.isWithin(c.id, scope.categories)).map((c) => c.id);
    return { where: sql`s.category_id IN ${sql.list(ids)}`, categories: new Set(ids) };
  }
  if (scope.role === 'VIEWER') {
    const ids = bus.rows.filter((b) => bus.isWithin(b.id, scope.businessUnits)).map((b) => b.id);
    return { where: sql`s.business_unit_id IN ${sql.list(ids)}`, categories: null };
  }
  return { where: sql`TRUE`, categories: null };
}

async function checkTree(client: GraphQLClient, email: string) {
  const { where, categories } = await scopeCondition(email);
  const perNode = await expectedPerNode(where);
  const all = await expectedAll(where);
  const unclassified = await expectedAll(sql`(${where}) AND s.category_id IS NULL`);
  const data = (await client.ok<TreeData>(TREE, { f: PERIOD })).categoryTree;
  const rows = await server.store.query<{ id: number; code: string; parent_id: number | null; owner_user_id: number | null; owner: string | null }>(
    sql`SELECT c.id, c.code, c.parent_id, c.owner_user_id, u.name AS owner FROM categories c LEFT JOIN users u ON u.id = c.owner_user_id ORDER BY c.code`,
    { name: 'test.categories' },
  );
  const visible = rows.filter((r) => categories === null || categories.has(r.id));

  expect(data).toMatchObject({ dateFrom: PERIOD.dateFrom, dateTo: PERIOD.dateTo, previousDateFrom: PREVIOUS.from, previousDateTo: PREVIOUS.to, currency: 'EUR' });
  expect(data.total).toEqual(figuresOf(all, all.spend));
  expect(data.unclassified).toEqual(figuresOf(unclassified, all.spend));
  // Every visible node, in code order, and nothing else.
  expect(data.nodes.map((n) => n.category.code)).toEqual(visible.map((r) => r.code));
  const visibleIds = new Set(visible.map((r) => r.id));
  for (const node of data.nodes) {
    const id = Number(node.category.id);
    const row = visible.find((r) => r.id === id)!;
    const parentSpend = row.parent_id !== null && visibleIds.has(row.parent_id) ? (perNode.get(row.parent_id) ?? NONE).spend : all.spend;
    expect(node.figures, `figures of ${node.category.code}`).toEqual(figuresOf(perNode.get(id) ?? NONE, parentSpend));
    expect(node.category.ownerName).toBe(row.owner);
    expect(node.category.ownerUserId).toBe(row.owner_user_id === null ? null : String(row.owner_user_id));
  }
  return data;
}

describe('categoryTree against plain SQL over the same file', () => {
  it('as an admin: every node, the total and unclassified spend', async () => {
    const data = await checkTree(admin, DEMO.admin);
    // The figures are not trivially zero, and distinct suppliers are counted by the engine: a
    // parent's count is less than the sum of its children's when suppliers span children.
    const top = data.nodes.filter((n) => n.category.level === 1);
    expect(top.every((n) => Number(n.figures.spend) > 0)).toBe(true);
    const parent = top[0];
    const children = data.nodes.filter((n) => n.category.parentId === parent.category.id);
    expect(parent.figures.supplierCount).toBeLessThanOrEqual(children.reduce((s, c) => s + c.figures.supplierCount, 0));
    expect(Number(data.unclassified.spend)).toBeGreaterThan(0);
  });

  it('as a category manager: only their categories, figures of their lines, roots shared against their total', async () => {
    const data = await checkTree(catman, DEMO.catman);
    expect(data.nodes.length).toBeGreaterThan(0);
    expect(data.unclassified.lineCount).toBe(0);
  });

  it('as a viewer: the whole taxonomy, figures of their business units only', async () => {
    await checkTree(viewer, DEMO.viewer);
  });

  it('applies the rest of the filter (a business unit) and gives the data span when no dates are set', async () => {
    const [bu] = await server.store.query<{ id: number }>(sql`SELECT MIN(id) AS id FROM business_units`, { name: 't' });
    const data = (await admin.ok<TreeData>(TREE, { f: { ...PERIOD, businessUnitIds: [String(bu.id)] } })).categoryTree;
    const bus = await businessUnitTree(server.store);
    const ids = bus.rows.filter((b) => bus.isWithin(b.id, new Set([bu.id]))).map((b) => b.id);
    const all = await expectedAll(sql`s.business_unit_id IN ${sql.list(ids)}`);
    expect(data.total.spend).toBe(cents(all.spend));
    const undated = (await admin.ok<TreeData>(TREE, {})).categoryTree;
    const [range] = await server.store.query<{ min: string; max: string }>(sql`SELECT CAST(MIN(invoice_date) AS VARCHAR) AS min, CAST(MAX(invoice_date) AS VARCHAR) AS max FROM spend_lines`, { name: 't' });
    expect([undated.dateFrom, undated.dateTo]).toEqual([range.min, range.max]);
  });

  it('refuses an opportunity filter, naming the field', async () => {
    const res = await admin.errorCode(TREE, { f: { ...PERIOD, opportunity: 'TAIL_SPEND' } });
    expect(res).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { field: 'filter.opportunity' } });
  });
});

const DETAIL = `query($id: ID!, $f: SpendFilter) { category(id: $id) {
  id code name ownerName ancestors { id code }
  figures(filter: $f) { ${FIGURES} }
  children { id figures(filter: $f) { spend } }
  contracts(page: { limit: 500 }) { totalCount nodes { id number status endDate } }
} }`;

interface DetailData {
  category: {
    id: string; code: string; name: string; ownerName: string | null; ancestors: Array<{ id: string; code: string }>;
    figures: Figures; children: Array<{ id: string; figures: { spend: string } }>;
    contracts: { totalCount: number; nodes: Array<{ id: string; number: string; status: string; endDate: string }> };
  };
}

describe('a category page', () => {
  it('figures, breadcrumb, children and the contracts covering it', async () => {
    // A level-2 category under the category manager's first category.
    const scope = await userScope(server.store, DEMO.catman);
    const [mid] = await server.store.query<{ id: number; parent_id: number }>(
      sql`SELECT id, parent_id FROM categories WHERE level = 2 AND parent_id IN ${sql.list([...scope.categories])} ORDER BY code LIMIT 1`, { name: 't' },
    );
    const data = (await catman.ok<DetailData>(DETAIL, { id: String(mid.id), f: PERIOD })).category;
    const tree = (await catman.ok<TreeData>(TREE, { f: PERIOD })).categoryTree;
    expect(data.figures).toEqual(tree.nodes.find((n) => n.category.id === String(mid.id))!.figures);
    const perNode = await expectedPerNode(sql`TRUE`);
    expect(data.figures.spend).toBe(cents(perNode.get(mid.id)!.spend));
    expect(data.ancestors.map((a) => a.id)).toEqual([String(mid.parent_id)]);
    expect(data.children.map((c) => [c.id, c.figures.spend])).toEqual(
      tree.nodes.filter((n) => n.category.parentId === String(mid.id)).map((n) => [n.category.id, n.figures.spend]),
    );

    // Contracts linked to the category, its parent or any descendant (plain SQL, recursive).
    const expected = await server.store.query<{ id: number }>(
      sql`WITH RECURSIVE sub(id) AS (SELECT CAST(${mid.id} AS INTEGER) UNION ALL SELECT c.id FROM sub JOIN categories c ON c.parent_id = sub.id)
          SELECT DISTINCT contract_id AS id FROM contract_categories WHERE category_id IN (SELECT id FROM sub) OR category_id = ${mid.parent_id}
          ORDER BY id`,
      { name: 't' },
    );
    expect(data.contracts.totalCount).toBe(expected.length);
    expect(data.contracts.nodes.map((k) => Number(k.id)).sort((a, b) => a - b)).toEqual(expected.map((k) => k.id));
    expect(expected.length).toBeGreaterThan(0);
    // Expiring first, terminated last; by end date within a status, the most recent first for
    // expired and terminated ones.
    const rank = ['EXPIRING', 'ACTIVE', 'DRAFT', 'EXPIRED', 'TERMINATED'];
    const key = (k: { status: string; endDate: string }) => {
      const r = rank.indexOf(k.status);
      // Later dates sort first in the last two groups: each digit turned round.
      return `${r}|${r >= 3 ? k.endDate.replace(/\d/g, (d) => String(9 - Number(d))) : k.endDate}`;
    };
    const order = data.contracts.nodes.map(key);
    expect(order).toEqual([...order].sort());
  });

  it('a category outside the scope is NOT_FOUND, exactly like one that does not exist', async () => {
    const scope = await userScope(server.store, DEMO.catman);
    const cats = await categoryTree(server.store);
    const outside = cats.rows.find((c) => c.level === 1 && !scope.categories.has(c.id))!;
    const hidden = await catman.errorCode(DETAIL, { id: String(outside.id), f: PERIOD });
    const missing = await catman.errorCode(DETAIL, { id: '99999999', f: PERIOD });
    expect(hidden.code).toBe('NOT_FOUND');
    expect(hidden.message.replace(String(outside.id), 'X')).toBe(missing.message.replace('99999999', 'X'));
    // A filter naming it narrows to nothing, as an unknown id does.
    const byHidden = (await catman.ok<TreeData>(TREE, { f: { ...PERIOD, categoryIds: [String(outside.id)] } })).categoryTree;
    const byMissing = (await catman.ok<TreeData>(TREE, { f: { ...PERIOD, categoryIds: ['99999999'] } })).categoryTree;
    expect(byHidden).toEqual(byMissing);
    expect(byHidden.total.lineCount).toBe(0);
  });

  it('a viewer sees every category but only the spend of their business units', async () => {
    const { where } = await scopeCondition(DEMO.viewer);
    const perNode = await expectedPerNode(where);
    const [top] = await server.store.query<{ id: number }>(sql`SELECT id FROM categories WHERE level = 1 ORDER BY code LIMIT 1`, { name: 't' });
    const data = (await viewer.ok<DetailData>(DETAIL, { id: String(top.id), f: PERIOD })).category;
    expect(data.figures.spend).toBe(cents((perNode.get(top.id) ?? NONE).spend));
    expect(data.figures.lineCount).toBe((perNode.get(top.id) ?? NONE).lines);
  });
});

describe('after the tests', () => {
  it('nothing broke on the server', () => {
    expect(server.loggedErrors).toEqual([]);
  });
});

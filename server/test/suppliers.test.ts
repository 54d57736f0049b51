import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Sql } from '../src/store/sql.js';
import { isUniqueViolation } from '../src/store/store.js';
import { businessUnitTree, categoryTree, centsToString, quotientToString, toCents, userScope } from './expected.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { startTestServer, type TestServer } from './harness.js';

/**
 * The supplier list and the supplier 360 (docs/domain.md, "Suppliers"): every figure, order and
 * count is computed here with plain SQL over the test server's own file and compared with the API.
 */

let server: TestServer;
let admin: GraphQLClient;
let catman: GraphQLClient;
let viewer: GraphQLClient;
/** Condition over `spend_lines` for the lines the category manager and the viewer may see. */
let catmanLines: Sql;
let viewerLines: Sql;

/** The last 12 months of the demo data; the previous period is the 365 days before, 2024-11-01 … 2025-10-31. */
const PERIOD = { dateFrom: '2025-11-01', dateTo: '2026-10-31' };

const rows = <T extends Record<string, unknown>>(q: Sql) => server.store.query<T & Record<string, string | number | boolean | null>>(q, { name: 'test' });

interface Expected {
  id: number;
  name: string;
  country: string | null;
  status: string;
  spend: bigint;
  previous: bigint;
  lines: number;
  categories: number;
}

interface Periods { from: string; to: string; previousFrom: string; previousTo: string }
const YEAR: Periods = { from: '2025-11-01', to: '2026-10-31', previousFrom: '2024-11-01', previousTo: '2025-10-31' };

/** Every supplier with a line in the period under `where`, with its figures, from plain GROUP BYs. */
async function expectedSuppliers(where: Sql = sql`TRUE`, p: Periods = YEAR): Promise<Expected[]> {
  const current = await rows<{ supplier_id: number; spend: string; lines: string; categories: string }>(
    sql`SELECT supplier_id, CAST(COALESCE(SUM(amount_reporting), 0) AS VARCHAR) AS spend, COUNT(*) AS lines, COUNT(DISTINCT category_id) AS categories
        FROM spend_lines WHERE invoice_date >= CAST(${p.from} AS DATE) AND invoice_date <= CAST(${p.to} AS DATE) AND ${where} GROUP BY supplier_id`,
  );
  const previous = new Map((await rows<{ supplier_id: number; spend: string }>(
    sql`SELECT supplier_id, CAST(COALESCE(SUM(amount_reporting), 0) AS VARCHAR) AS spend
        FROM spend_lines WHERE invoice_date >= CAST(${p.previousFrom} AS DATE) AND invoice_date <= CAST(${p.previousTo} AS DATE) AND ${where} GROUP BY supplier_id`,
  )).map((r) => [r.supplier_id, toCents(r.spend)]));
  const suppliers = new Map((await rows<{ id: number; name: string; country_code: string | null; status: string }>(
    sql`SELECT id, name, country_code, status FROM suppliers`,
  )).map((r) => [r.id, r]));
  return current.map((r) => {
    const s = suppliers.get(r.supplier_id)!;
    return {
      id: s.id, name: s.name, country: s.country_code, status: s.status, spend: toCents(r.spend), previous: previous.get(s.id) ?? 0n,
      lines: Number(r.lines), categories: Number(r.categories),
    };
  });
}

type Field = 'NAME' | 'SPEND' | 'CHANGE' | 'LINE_COUNT' | 'CATEGORY_COUNT' | 'COUNTRY';

const compareBig = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The documented order: the field (nulls last either way), then spend largest first, then id. */
function sortExpected(list: Expected[], field: Field, ascending: boolean): Expected[] {
  const key = (a: Expected, b: Expected): number | null => {
    switch (field) {
      case 'NAME': return compareText(a.name, b.name);
      case 'SPEND': return compareBig(a.spend, b.spend);
      case 'LINE_COUNT': return a.lines - b.lines;
      case 'CATEGORY_COUNT': return a.categories - b.categories;
      case 'COUNTRY':
        if (a.country === null || b.country === null) return null;
        return compareText(a.country, b.country);
      case 'CHANGE':
        if (a.previous === 0n || b.previous === 0n) return null;
        // (sa − pa) / pa against (sb − pb) / pb, exactly: cross-multiply by |pa|·|pb| keeping signs.
        return compareBig((a.spend - a.previous) * b.previous * (a.previous < 0n ? -1n : 1n) * (b.previous < 0n ? -1n : 1n),
          (b.spend - b.previous) * a.previous * (a.previous < 0n ? -1n : 1n) * (b.previous < 0n ? -1n : 1n));
    }
  };
  const isNull = (e: Expected) => (field === 'COUNTRY' && e.country === null) || (field === 'CHANGE' && e.previous === 0n);
  return [...list].sort((a, b) => {
    if (isNull(a) !== isNull(b)) return isNull(a) ? 1 : -1;
    const k = isNull(a) ? 0 : key(a, b)!;
    if (k !== 0) return ascending ? k : -k;
    return compareBig(b.spend, a.spend) || a.id - b.id;
  });
}

const LIST = `query($search: String, $filter: SpendFilter, $only: SupplierFilter, $sort: SupplierSort, $page: PageInput) {
  suppliers(search: $search, filter: $filter, supplierFilter: $only, sort: $sort, page: $page) {
    totalCount dateFrom dateTo pageInfo { offset limit hasNextPage }
    nodes { spend previousPeriodSpend change lineCount categoryCount supplier { id name countryCode status } }
  }
}`;
interface ListRow { spend: string; previousPeriodSpend: string; change: string | null; lineCount: number; categoryCount: number; supplier: { id: string; name: string; countryCode: string | null; status: string } }
interface List { suppliers: { totalCount: number; dateFrom: string; dateTo: string; pageInfo: { offset: number; limit: number; hasNextPage: boolean }; nodes: ListRow[] } }

const list = (client: GraphQLClient, vars: Record<string, unknown>) => client.ok<List>(LIST, { filter: PERIOD, ...vars }).then((d) => d.suppliers);

function asRow(e: Expected): ListRow {
  return {
    spend: centsToString(e.spend), previousPeriodSpend: centsToString(e.previous),
    change: e.previous === 0n ? null : quotientToString(e.spend - e.previous, e.previous, 6),
    lineCount: e.lines, categoryCount: e.categories, supplier: { id: String(e.id), name: e.name, countryCode: e.country, status: e.status },
  };
}

async function ids(q: Sql): Promise<number[]> {
  return (await rows<{ id: number }>(q)).map((r) => Number(r.id));
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await GraphQLClient.signedIn(server.url, DEMO.admin);
  catman = await GraphQLClient.signedIn(server.url, DEMO.catman);
  viewer = await GraphQLClient.signedIn(server.url, DEMO.viewer);
  const cats = await categoryTree(server.store);
  const bus = await businessUnitTree(server.store);
  const catScope = (await userScope(server.store, DEMO.catman)).categories;
  const buScope = (await userScope(server.store, DEMO.viewer)).businessUnits;
  catmanLines = sql`category_id IN ${sql.list(cats.rows.filter((c) => cats.isWithin(c.id, catScope)).map((c) => c.id))}`;
  viewerLines = sql`business_unit_id IN ${sql.list(bus.rows.filter((b) => bus.isWithin(b.id, buScope)).map((b) => b.id))}`;
});
afterAll(() => server?.close());

describe('the supplier list', () => {
  it.each(['SPEND', 'CHANGE', 'LINE_COUNT', 'CATEGORY_COUNT', 'COUNTRY', 'NAME'] as Field[])('sorted by %s, both ways, with figures and counts', async (field) => {
    const all = await expectedSuppliers();
    for (const ascending of [false, true]) {
      const sorted = sortExpected(all, field, ascending);
      const first = await list(admin, { sort: { field, direction: ascending ? 'ASC' : 'DESC' }, page: { limit: 500 } });
      expect(first.totalCount).toBe(all.length);
      expect(first.nodes).toEqual(sorted.slice(0, 500).map(asRow));
      const later = await list(admin, { sort: { field, direction: ascending ? 'ASC' : 'DESC' }, page: { offset: 500, limit: 100 } });
      expect(later.nodes.map((n) => n.supplier.id)).toEqual(sorted.slice(500, 600).map((e) => String(e.id)));
      expect(later.pageInfo).toEqual({ offset: 500, limit: 100, hasNextPage: all.length > 600 });
    }
  });

  it('largest spend first by default, 50 to a page, the period named; past the end the count stays', async () => {
    const all = sortExpected(await expectedSuppliers(), 'SPEND', false);
    const page = await list(admin, {});
    expect(page).toMatchObject({ totalCount: all.length, dateFrom: PERIOD.dateFrom, dateTo: PERIOD.dateTo, pageInfo: { offset: 0, limit: 50, hasNextPage: true } });
    expect(page.nodes.map((n) => n.supplier.id)).toEqual(all.slice(0, 50).map((e) => String(e.id)));
    const beyond = await list(admin, { page: { offset: 100_000, limit: 50 } });
    expect(beyond).toMatchObject({ totalCount: all.length, nodes: [], pageInfo: { hasNextPage: false } });
  });

  it('refuses pages above 500, below 1 or at a negative offset, naming the field', async () => {
    for (const [page, field] of [[{ limit: 501 }, 'page.limit'], [{ limit: 0 }, 'page.limit'], [{ offset: -1 }, 'page.offset']] as const) {
      const error = await admin.errorCode(LIST, { filter: PERIOD, page });
      expect(error).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { field } });
    }
    expect((await admin.errorCode(LIST, { filter: PERIOD, only: { countryCodes: ['GBR'] } })).extensions.field).toBe('supplierFilter.countryCodes');
  });

  it('compares whole months with as many months before, other ranges with as many days before', async () => {
    const february: Periods = { from: '2026-02-01', to: '2026-02-28', previousFrom: '2026-01-01', previousTo: '2026-01-31' };
    const tenDays: Periods = { from: '2026-02-10', to: '2026-02-19', previousFrom: '2026-01-31', previousTo: '2026-02-09' };
    for (const p of [february, tenDays]) {
      const page = await list(admin, { filter: { dateFrom: p.from, dateTo: p.to }, sort: { field: 'CHANGE' }, page: { limit: 500 } });
      const all = await expectedSuppliers(sql`TRUE`, p);
      expect(page.totalCount).toBe(all.length);
      expect(page.nodes).toEqual(sortExpected(all, 'CHANGE', false).slice(0, 500).map(asRow));
    }
  });

  it('without dates covers the whole span of the data, compared with the span before it', async () => {
    const [{ lo, hi }] = await rows<{ lo: string; hi: string }>(sql`SELECT CAST(MIN(invoice_date) AS VARCHAR) AS lo, CAST(MAX(invoice_date) AS VARCHAR) AS hi FROM spend_lines`);
    const page = await list(admin, { filter: null, page: { limit: 1 } });
    const [{ n }] = await rows<{ n: string }>(sql`SELECT COUNT(DISTINCT supplier_id) AS n FROM spend_lines`);
    expect(page).toMatchObject({ dateFrom: lo, dateTo: hi, totalCount: Number(n) });
    expect(page.nodes[0]).toMatchObject({ previousPeriodSpend: '0.00', change: null });
  });

  it('filters by status, country and family; lists suppliers without spend only when asked', async () => {
    const all = await expectedSuppliers();
    const blocked = all.filter((e) => e.status === 'BLOCKED');
    expect(blocked.length).toBeGreaterThan(0);
    const byStatus = await list(admin, { only: { statuses: ['BLOCKED'] }, page: { limit: 500 } });
    expect(byStatus.nodes).toEqual(sortExpected(blocked, 'SPEND', false).map(asRow));

    const countries = (await admin.ok<{ supplierCountries: { code: string; supplierCount: number }[] }>(
      `query($f: SpendFilter) { supplierCountries(filter: $f) { code supplierCount } }`, { f: PERIOD })).supplierCountries;
    const perCountry = new Map<string, number>();
    for (const e of all) if (e.country) perCountry.set(e.country, (perCountry.get(e.country) ?? 0) + 1);
    expect(countries).toEqual([...perCountry].map(([code, supplierCount]) => ({ code, supplierCount }))
      .sort((a, b) => b.supplierCount - a.supplierCount || compareText(a.code, b.code)));
    const inCountries = all.filter((e) => e.country === 'DE' || e.country === 'FR');
    const byCountry = await list(admin, { only: { countryCodes: ['de', 'FR'] }, sort: { field: 'NAME' }, page: { limit: 500 } });
    expect(byCountry.totalCount).toBe(inCountries.length);
    expect(byCountry.nodes).toEqual(sortExpected(inCountries, 'NAME', true).slice(0, 500).map(asRow));

    const [{ head }] = await rows<{ head: number }>(sql`SELECT parent_id AS head FROM suppliers WHERE parent_id IS NOT NULL GROUP BY parent_id ORDER BY COUNT(*) DESC, parent_id LIMIT 1`);
    const members = new Set(await ids(sql`SELECT id FROM suppliers WHERE id = ${head} OR parent_id = ${head}`));
    const byFamily = await list(admin, { only: { familyId: String(head) } });
    expect(byFamily.nodes).toEqual(sortExpected(all.filter((e) => members.has(e.id)), 'SPEND', false).map(asRow));

    // Every supplier, with zero figures for those without lines in the period.
    const [{ n }] = await rows<{ n: string }>(sql`SELECT COUNT(*) AS n FROM suppliers`);
    const everyone = await list(admin, { only: { includeWithoutSpend: true }, sort: { field: 'SPEND', direction: 'ASC' }, page: { limit: 5 } });
    expect(everyone.totalCount).toBe(Number(n));
    const idle = await rows<{ id: number; name: string; country_code: string | null; status: string; previous: string | null }>(sql`
      SELECT s.id, s.name, s.country_code, s.status, (SELECT CAST(SUM(amount_reporting) AS VARCHAR) FROM spend_lines l
        WHERE l.supplier_id = s.id AND l.invoice_date BETWEEN DATE '2024-11-01' AND DATE '2025-10-31') AS previous
      FROM suppliers s WHERE id NOT IN (SELECT supplier_id FROM spend_lines WHERE invoice_date BETWEEN DATE '2025-11-01' AND DATE '2026-10-31')`);
    expect(idle.length).toBeGreaterThan(0);
    const withIdle = [...all, ...idle.map((r) => ({ id: r.id, name: r.name, country: r.country_code, status: r.status, spend: 0n, previous: toCents(r.previous ?? '0'), lines: 0, categories: 0 }))];
    expect(everyone.nodes).toEqual(sortExpected(withIdle, 'SPEND', true).slice(0, 5).map(asRow));
    const idleFirst = await list(admin, { only: { includeWithoutSpend: true }, sort: { field: 'LINE_COUNT', direction: 'ASC' }, page: { limit: 500 } });
    expect(idleFirst.nodes).toEqual(sortExpected(withIdle, 'LINE_COUNT', true).slice(0, 500).map(asRow));
  });
});

describe('supplier search (docs/domain.md, finding suppliers)', () => {
  let imported: Record<string, number>;

  beforeAll(async () => {
    // Names with accents and legal forms arrive in a file, so the import keeps their search keys.
    const csv = ['Date,Supplier,Amount,Service Area',
      '2026-03-05,Société Générale Équipements S.A.,100.00,Search Test',
      '2026-03-06,SOCIETE GENERALE EQUIPEMENTS,50.00,Search Test',
      '2026-03-07,Brookfield Lane Limited,20.00,Search Test',
      '2026-03-08,Old Brookfield Name Ltd,5.00,Search Test'].join('\n');
    const up = await fetch(`${server.url}/api/imports?fileName=search.csv&sourceName=Search test`, { method: 'POST', headers: { cookie: admin.sessionCookie, 'content-type': 'text/csv' }, body: csv });
    const id = ((await up.json()) as { data: { id: string } }).data.id;
    await admin.ok(`mutation($id: ID!) { validateImport(id: $id, mapping: { columns: [{ field: INVOICE_DATE, column: 0 }, { field: SUPPLIER_NAME, column: 1 }, { field: AMOUNT, column: 2 }, { field: BUSINESS_UNIT, column: 3 }], defaultCurrency: "EUR" }) { id } }`, { id });
    await admin.ok(`mutation($id: ID!) { commitImport(id: $id) { id } }`, { id });
    imported = Object.fromEntries((await rows<{ id: number; name: string }>(
      sql`SELECT id, name FROM suppliers WHERE normalized_name IN ('societe generale equipements', 'brookfield lane', 'old brookfield name')`,
    )).map((r) => [r.name, r.id]));
  });

  const found = async (search: string, client = admin) => (await list(client, { search, page: { limit: 500 } })).nodes.map((n) => Number(n.supplier.id));

  it('ignores case, accents and the legal form, on names and aliases', async () => {
    const sg = imported['Société Générale Équipements S.A.'] ?? imported['SOCIETE GENERALE EQUIPEMENTS'];
    expect(sg).toBeDefined();
    for (const search of ['société générale', 'SOCIETE GENERALE EQUIPEMENTS', 'Societe Generale Equipements SA', 'Société Générale Équipements Limited', 'generale equip']) {
      expect(await found(search), search).toEqual([sg]);
    }
    const brookfield = imported['Brookfield Lane Limited'];
    expect(await found('Brookfield Lane Ltd')).toEqual([brookfield]);
    expect(await found('brookfield lane plc')).toEqual([brookfield]);
    expect(await found('Brookfield Lane Lim')).toEqual([brookfield]);
    expect(await found('zzzz no such supplier')).toEqual([]);
    expect(await found('%')).toEqual([]);
  });

  it('finds every supplier whose name or alias holds the words, and only those', async () => {
    // A demo word: the expected set is every supplier with spend whose name or alias holds it, accents and case aside (plain SQL, then a plain filter).
    const [{ word }] = await rows<{ word: string }>(sql`SELECT lower(split_part(name, ' ', 1)) AS word FROM suppliers WHERE name NOT LIKE '%&%' AND length(split_part(name, ' ', 1)) > 5 ORDER BY id LIMIT 1`);
    const plain = (text: string | null) => (text ?? '').toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    const named = await rows<{ id: number; name: string; raw_name: string | null }>(sql`SELECT s.id, s.name, a.raw_name FROM suppliers s LEFT JOIN supplier_aliases a ON a.supplier_id = s.id
      WHERE s.id IN (SELECT supplier_id FROM spend_lines WHERE invoice_date BETWEEN DATE '2025-11-01' AND DATE '2026-10-31')`);
    const expected = [...new Set(named.filter((r) => plain(r.name).includes(word) || plain(r.raw_name).includes(word)).map((r) => Number(r.id)))];
    expect(expected.length).toBeGreaterThan(0);
    expect((await found(word.toUpperCase())).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    // A search computes every figure in one scan: the same figures and orders as the whole list.
    const matching = (await expectedSuppliers()).filter((e) => expected.includes(e.id));
    for (const field of ['SPEND', 'CHANGE', 'LINE_COUNT', 'CATEGORY_COUNT', 'COUNTRY', 'NAME'] as Field[]) {
      const page = await list(admin, { search: word, sort: { field, direction: 'ASC' }, page: { limit: 500 } });
      expect(page.nodes, field).toEqual(sortExpected(matching, field, true).map(asRow));
    }
  });

  it('finds a supplier by its tax id, typed with spaces or in lower case', async () => {
    const [s] = await rows<{ id: number; tax_id: string }>(sql`SELECT id, tax_id FROM suppliers WHERE tax_id IS NOT NULL
      AND id IN (SELECT supplier_id FROM spend_lines WHERE invoice_date BETWEEN DATE '2025-11-01' AND DATE '2026-10-31') ORDER BY id LIMIT 1`);
    const spaced = `${s.tax_id.slice(0, 2).toLowerCase()} ${s.tax_id.slice(2, 5)} ${s.tax_id.slice(5)}`;
    expect(await found(spaced)).toEqual([s.id]);
    expect(await found(s.tax_id.toLowerCase())).toEqual([s.id]);
  });

  it('after a merge, the surviving supplier is found by the merged name; after undo, no longer', async () => {
    const [source, target] = [imported['Old Brookfield Name Ltd'], imported['Brookfield Lane Limited']];
    expect(await found('old brookfield')).toEqual([source]);
    const merge = (await admin.ok<{ mergeSuppliers: { id: string } }>(`mutation($s: ID!, $t: ID!) { mergeSuppliers(sourceId: $s, targetId: $t) { id } }`, { s: String(source), t: String(target) })).mergeSuppliers;
    expect(await found('old brookfield')).toEqual([target]);
    // The merged source has no lines now: listed only with suppliers without spend, as MERGED.
    const merged = await list(admin, { search: 'old brookfield', only: { statuses: ['MERGED'], includeWithoutSpend: true } });
    expect(merged.nodes).toEqual([{ spend: '0.00', previousPeriodSpend: '0.00', change: null, lineCount: 0, categoryCount: 0, supplier: expect.objectContaining({ id: String(source), status: 'MERGED' }) }]);
    await admin.ok(`mutation($id: ID!) { undoSupplierMerge(id: $id) { id } }`, { id: merge.id });
    expect(await found('old brookfield')).toEqual([source]);
  });
});

describe('the supplier 360', () => {
  let supplierId: number;
  const SUPPLIER = `query($id: ID!, $filter: SpendFilter) { supplier(id: $id) {
    id name taxId status version parent { id } children { id } mergedInto { id }
    summary(filter: $filter) { dateFrom dateTo spend previousPeriodSpend change lineCount categoryCount businessUnitCount onContractSpend onContractShare currency }
    monthlySpend(filter: $filter) { month spend lineCount }
    categorySpend(filter: $filter) { category { id } spend lineCount share }
    businessUnitSpend(filter: $filter) { businessUnit { id } spend lineCount share }
    aliasUsage(filter: $filter) { name recorded lineCount spend }
    family(filter: $filter) { head { id } totalSpend lineCount members { supplier { id } isHead spend lineCount share } }
  } }`;
  type Supplier360 = {
    supplier: {
      id: string; taxId: string | null; status: string; version: number; parent: { id: string } | null; children: { id: string }[];
      summary: Record<string, unknown>; monthlySpend: { month: string; spend: string; lineCount: number }[];
      categorySpend: { category: { id: string } | null; spend: string; lineCount: number; share: string | null }[];
      businessUnitSpend: { businessUnit: { id: string }; spend: string; lineCount: number; share: string | null }[];
      aliasUsage: { name: string; recorded: boolean; lineCount: number; spend: string }[];
      family: { head: { id: string }; totalSpend: string; lineCount: number; members: { supplier: { id: string }; isHead: boolean; spend: string; lineCount: number; share: string | null }[] };
    };
  };

  /** Spend, lines and grouped figures of one supplier in PERIOD under `where`, by plain SQL. */
  async function grouped(id: number, by: Sql, where: Sql = sql`TRUE`) {
    return rows<{ k: string | number | null; spend: string; lines: string }>(
      sql`SELECT ${by} AS k, CAST(SUM(amount_reporting) AS VARCHAR) AS spend, COUNT(*) AS lines FROM spend_lines
          WHERE supplier_id = ${id} AND invoice_date BETWEEN DATE '2025-11-01' AND DATE '2026-10-31' AND ${where} GROUP BY ${by}`,
    );
  }

  beforeAll(async () => {
    // A child of a family (it has a parent), with lines in the category manager's scope too.
    [{ id: supplierId }] = await rows<{ id: number }>(sql`SELECT s.id FROM suppliers s WHERE s.parent_id IS NOT NULL
      AND EXISTS (SELECT 1 FROM spend_lines l WHERE l.supplier_id = s.id AND ${catmanLines} AND l.invoice_date >= DATE '2025-11-01')
      ORDER BY (SELECT COUNT(*) FROM spend_lines l WHERE l.supplier_id = s.id) DESC, s.id LIMIT 1`);
  });

  it('shows the figures, the trend in time order, categories, units, aliases and the family', async () => {
    const { supplier } = await admin.ok<Supplier360>(SUPPLIER, { id: String(supplierId), filter: PERIOD });
    const total = (await grouped(supplierId, sql`1`))[0];
    const previous = await rows<{ spend: string | null }>(sql`SELECT CAST(SUM(amount_reporting) AS VARCHAR) AS spend FROM spend_lines
      WHERE supplier_id = ${supplierId} AND invoice_date BETWEEN DATE '2024-11-01' AND DATE '2025-10-31'`);
    const onContract = await rows<{ spend: string | null }>(sql`SELECT CAST(SUM(amount_reporting) AS VARCHAR) AS spend FROM spend_lines
      WHERE supplier_id = ${supplierId} AND contract_id IS NOT NULL AND invoice_date BETWEEN DATE '2025-11-01' AND DATE '2026-10-31'`);
    const [spend, prev, on] = [toCents(total.spend), toCents(previous[0].spend ?? '0'), toCents(onContract[0].spend ?? '0')];
    const categories = await grouped(supplierId, sql`category_id`);
    const units = await grouped(supplierId, sql`business_unit_id`);
    expect(supplier.summary).toEqual({
      dateFrom: PERIOD.dateFrom, dateTo: PERIOD.dateTo, spend: centsToString(spend), previousPeriodSpend: centsToString(prev),
      change: prev === 0n ? null : quotientToString(spend - prev, prev, 6), lineCount: Number(total.lines),
      categoryCount: categories.filter((c) => c.k !== null).length, businessUnitCount: units.length,
      onContractSpend: centsToString(on), onContractShare: quotientToString(on, spend, 6), currency: 'EUR',
    });

    const months = new Map((await grouped(supplierId, sql`substr(CAST(invoice_date AS VARCHAR), 1, 7)`)).map((m) => [m.k, m]));
    const calendar = Array.from({ length: 12 }, (_, i) => `${2025 + Math.floor((10 + i) / 12)}-${String(((10 + i) % 12) + 1).padStart(2, '0')}`);
    expect(supplier.monthlySpend).toEqual(calendar.map((month) => ({
      month, spend: centsToString(toCents(months.get(month)?.spend ?? '0')), lineCount: Number(months.get(month)?.lines ?? 0),
    })));

    const byMoney = <T extends { spend: string; id: number }>(a: T, b: T) => compareBig(toCents(b.spend), toCents(a.spend)) || a.id - b.id;
    expect(supplier.categorySpend).toEqual(categories.map((c) => ({ id: c.k === null ? 0 : Number(c.k), k: c.k, spend: c.spend, lines: c.lines })).sort(byMoney).map((c) => ({
      category: c.k === null ? null : { id: String(c.k) }, spend: centsToString(toCents(c.spend)), lineCount: Number(c.lines), share: quotientToString(toCents(c.spend), spend, 6),
    })));
    expect(supplier.businessUnitSpend).toEqual(units.map((u) => ({ id: Number(u.k), spend: u.spend, lines: u.lines })).sort(byMoney).map((u) => ({
      businessUnit: { id: String(u.id) }, spend: centsToString(toCents(u.spend)), lineCount: Number(u.lines), share: quotientToString(toCents(u.spend), spend, 6),
    })));

    const names = new Map((await grouped(supplierId, sql`raw_supplier_name`)).map((n) => [String(n.k), n]));
    const recorded = new Set((await rows<{ raw_name: string }>(sql`SELECT raw_name FROM supplier_aliases WHERE supplier_id = ${supplierId}`)).map((r) => r.raw_name));
    const aliasRows = [...new Set([...recorded, ...names.keys()])].map((name) => ({
      name, recorded: recorded.has(name), lineCount: Number(names.get(name)?.lines ?? 0), spend: centsToString(toCents(names.get(name)?.spend ?? '0')),
    })).sort((a, b) => b.lineCount - a.lineCount || compareText(a.name, b.name));
    expect(supplier.aliasUsage).toEqual(aliasRows);
    expect(aliasRows.reduce((n, a) => n + a.lineCount, 0)).toBe(Number(total.lines));

    const [{ parent_id: head }] = await rows<{ parent_id: number }>(sql`SELECT parent_id FROM suppliers WHERE id = ${supplierId}`);
    expect(supplier.parent).toEqual({ id: String(head) });
    const familyIds = await ids(sql`SELECT id FROM suppliers WHERE id = ${head} OR parent_id = ${head}`);
    const family = await rows<{ id: number; spend: string | null; lines: string }>(sql`SELECT f.id, CAST(SUM(l.amount_reporting) AS VARCHAR) AS spend, COUNT(l.id) AS lines
      FROM (SELECT id FROM suppliers WHERE id IN ${sql.list(familyIds)}) f
      LEFT JOIN spend_lines l ON l.supplier_id = f.id AND l.invoice_date BETWEEN DATE '2025-11-01' AND DATE '2026-10-31' GROUP BY f.id`);
    const familyTotal = family.reduce((t, m) => t + toCents(m.spend ?? '0'), 0n);
    expect(supplier.family).toEqual({
      head: { id: String(head) }, totalSpend: centsToString(familyTotal), lineCount: family.reduce((n, m) => n + Number(m.lines), 0),
      members: family.map((m) => ({ id: m.id, spend: m.spend ?? '0', lines: m.lines })).sort(byMoney).map((m) => ({
        supplier: { id: String(m.id) }, isHead: m.id === head, spend: centsToString(toCents(m.spend)), lineCount: Number(m.lines),
        share: familyTotal === 0n ? null : quotientToString(toCents(m.spend), familyTotal, 6),
      })),
    });
    // The family total is the SUPPLIER_PARENT cube row of its head.
    const cube = await admin.ok<{ spendCube: { rows: { keys: { id: string }[]; values: string[] }[] } }>(
      `query($f: SpendFilter) { spendCube(query: { dimensions: [SUPPLIER_PARENT], measures: [SPEND], filter: $f, limit: 50000 }) { rows { keys { id } values } } }`, { f: PERIOD },
    );
    expect(cube.spendCube.rows.find((r) => r.keys[0].id === String(head))?.values[0]).toBe(centsToString(familyTotal));
    const { supplier: parent } = await admin.ok<Supplier360>(SUPPLIER, { id: String(head), filter: PERIOD });
    expect(parent.children.map((c) => Number(c.id)).sort((a, b) => a - b)).toEqual(familyIds.filter((id) => id !== head).sort((a, b) => a - b));
    expect(parent.family.totalSpend).toBe(centsToString(familyTotal));
  });

  it('a category manager sees only the lines of their categories, and a supplier outside them not at all', async () => {
    const { supplier } = await catman.ok<Supplier360>(SUPPLIER, { id: String(supplierId), filter: PERIOD });
    const [total] = await grouped(supplierId, sql`1`, catmanLines);
    expect(supplier.summary).toMatchObject({ spend: centsToString(toCents(total.spend)), lineCount: Number(total.lines) });
    expect(supplier.categorySpend.reduce((n, c) => n + c.lineCount, 0)).toBe(Number(total.lines));
    expect(supplier.aliasUsage.reduce((n, c) => n + c.lineCount, 0)).toBe(Number(total.lines));
    expect(supplier.monthlySpend.reduce((t, m) => t + toCents(m.spend), 0n)).toBe(toCents(total.spend));

    const mine = await expectedSuppliers(catmanLines);
    const page = await list(catman, { page: { limit: 500 } });
    expect(page.totalCount).toBe(mine.length);
    expect(page.nodes).toEqual(sortExpected(mine, 'SPEND', false).slice(0, 500).map(asRow));

    const [{ id: outside }] = await rows<{ id: number }>(sql`SELECT id FROM suppliers WHERE id NOT IN (SELECT supplier_id FROM spend_lines WHERE ${catmanLines})
      AND id IN (SELECT supplier_id FROM spend_lines) ORDER BY id LIMIT 1`);
    const hidden = await catman.errorCode(SUPPLIER, { id: String(outside), filter: PERIOD });
    const missing = await catman.errorCode(SUPPLIER, { id: '99999999', filter: PERIOD });
    const anonymous = (e: typeof hidden, id: string) => JSON.stringify(e).replaceAll(id, 'X');
    expect(anonymous(hidden, String(outside))).toBe(anonymous(missing, '99999999'));
    expect(hidden.code).toBe('NOT_FOUND');
    expect(await found(catman, outside)).toBe(false);
  });

  it('a viewer sees only the lines of their business units', async () => {
    const mine = await expectedSuppliers(viewerLines);
    const page = await list(viewer, { sort: { field: 'CHANGE' }, page: { limit: 500 } });
    expect(page.totalCount).toBe(mine.length);
    expect(page.nodes).toEqual(sortExpected(mine, 'CHANGE', false).slice(0, 500).map(asRow));
    const [{ id: outside }] = await rows<{ id: number }>(sql`SELECT id FROM suppliers WHERE id NOT IN (SELECT supplier_id FROM spend_lines WHERE ${viewerLines})
      AND id IN (SELECT supplier_id FROM spend_lines) ORDER BY id LIMIT 1`);
    expect((await viewer.errorCode(SUPPLIER, { id: String(outside) })).code).toBe('NOT_FOUND');
    expect(await found(viewer, outside)).toBe(false);
  });

  async function found(client: GraphQLClient, id: number): Promise<boolean> {
    const [{ name }] = await rows<{ name: string }>(sql`SELECT name FROM suppliers WHERE id = ${id}`);
    const page = await list(client, { search: name, filter: null, only: { includeWithoutSpend: true }, page: { limit: 500 } });
    return page.nodes.some((n) => Number(n.supplier.id) === id);
  }
});

describe('suppliers by ids (the filter bar names a link\'s suppliers)', () => {
  const BY_IDS = `query($ids: [ID!]!) { suppliersByIds(ids: $ids) { id name } }`;
  type ByIds = { suppliersByIds: { id: string; name: string }[] };

  it('answers the suppliers the caller may see, in the order asked, each once; unknown and out-of-scope ids are left out', async () => {
    const names = new Map((await rows<{ id: number; name: string }>(sql`SELECT id, name FROM suppliers`)).map((r) => [r.id, r.name]));
    const seenBy = async (where: Sql) =>
      new Set((await rows<{ supplier_id: number }>(sql`SELECT DISTINCT supplier_id FROM spend_lines WHERE ${where}`)).map((r) => r.supplier_id));
    const catmanSees = await seenBy(catmanLines);
    const viewerSees = await seenBy(viewerLines);
    const inside = [...catmanSees].filter((id) => viewerSees.has(id)).slice(0, 2);
    const outsideCatman = [...names.keys()].find((id) => !catmanSees.has(id) && viewerSees.has(id))!;
    expect(inside).toHaveLength(2);
    expect(outsideCatman).toBeDefined();
    const missing = Math.max(...names.keys()) + 1000;
    const asked = [inside[1], outsideCatman, missing, inside[0], inside[1]].map(String);
    const named = (ids: number[]) => ids.map((id) => ({ id: String(id), name: names.get(id)! }));

    // An administrator sees every supplier; the unknown id and the repeat go.
    expect((await admin.ok<ByIds>(BY_IDS, { ids: asked })).suppliersByIds).toEqual(named([inside[1], outsideCatman, inside[0]]));
    // The category manager does not see a supplier without a line in their categories: it is left out, as an unknown one.
    expect((await catman.ok<ByIds>(BY_IDS, { ids: asked })).suppliersByIds).toEqual(named([inside[1], inside[0]]));
    expect((await viewer.ok<ByIds>(BY_IDS, { ids: asked })).suppliersByIds).toEqual(named([inside[1], outsideCatman, inside[0]]));
    expect((await admin.ok<ByIds>(BY_IDS, { ids: [] })).suppliersByIds).toEqual([]);
  });

  it('refuses an id that is not a number, and more than 100 ids, naming the argument', async () => {
    const malformed = await admin.errorCode(BY_IDS, { ids: ['12', 'abc'] });
    expect([malformed.code, malformed.extensions.field]).toEqual(['BAD_USER_INPUT', 'ids']);
    const many = await admin.errorCode(BY_IDS, { ids: Array.from({ length: 101 }, (_, i) => String(i + 1)) });
    expect([many.code, many.extensions.field]).toEqual(['BAD_USER_INPUT', 'ids']);
  });
});

describe('blocking a supplier', () => {
  const BLOCK = `mutation($id: ID!, $v: Int!, $r: String) { blockSupplier(id: $id, version: $v, reason: $r) { id status version } }`;
  const UNBLOCK = `mutation($id: ID!, $v: Int!) { unblockSupplier(id: $id, version: $v) { id status version } }`;

  it('admins block and unblock with the version they saw; each change is audited', async () => {
    const [s] = await rows<{ id: number; version: number }>(sql`SELECT id, version FROM suppliers WHERE status = 'ACTIVE'
      AND id IN (SELECT supplier_id FROM spend_lines) ORDER BY id LIMIT 1`);
    const id = String(s.id);
    const blocked = (await admin.ok<{ blockSupplier: { status: string; version: number } }>(BLOCK, { id, v: s.version, r: 'Failed audit' })).blockSupplier;
    expect(blocked).toEqual({ id, status: 'BLOCKED', version: s.version + 1 });
    expect((await admin.errorCode(BLOCK, { id, v: s.version + 1 })).code).toBe('INVALID_STATE');
    // A stale version is a conflict and changes nothing.
    expect(await admin.errorCode(UNBLOCK, { id, v: s.version })).toMatchObject({ code: 'CONFLICT', extensions: { field: 'version' } });
    expect((await rows<{ status: string }>(sql`SELECT status FROM suppliers WHERE id = ${s.id}`))[0].status).toBe('BLOCKED');
    const unblocked = (await admin.ok<{ unblockSupplier: { status: string; version: number } }>(UNBLOCK, { id, v: s.version + 1 })).unblockSupplier;
    expect(unblocked).toEqual({ id, status: 'ACTIVE', version: s.version + 2 });
    const events = await rows<{ action: string; before: string; after: string }>(sql`SELECT action, CAST(before AS VARCHAR) AS before, CAST(after AS VARCHAR) AS after
      FROM audit_events WHERE entity = 'Supplier' AND entity_id = ${id} AND action IN ('supplier.block', 'supplier.unblock') ORDER BY id`);
    expect(events.map((e) => ({ action: e.action, before: JSON.parse(e.before) as unknown, after: JSON.parse(e.after) as unknown }))).toEqual([
      { action: 'supplier.block', before: { status: 'ACTIVE', version: s.version }, after: { status: 'BLOCKED', version: s.version + 1, reason: 'Failed audit' } },
      { action: 'supplier.unblock', before: { status: 'BLOCKED', version: s.version + 1 }, after: { status: 'ACTIVE', version: s.version + 2, reason: null } },
    ]);
    expect(await admin.errorCode(BLOCK, { id, v: s.version + 2, r: 'x'.repeat(501) })).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { field: 'reason' } });
    expect((await admin.errorCode(BLOCK, { id: '99999999', v: 1 })).code).toBe('NOT_FOUND');
  });

  it('no other role may: the status applies outside any one scope', async () => {
    const [s] = await rows<{ id: number; version: number }>(sql`SELECT id, version FROM suppliers WHERE id IN (SELECT supplier_id FROM spend_lines WHERE ${catmanLines}) ORDER BY id LIMIT 1`);
    for (const email of [DEMO.catman, DEMO.finance, DEMO.analyst, DEMO.viewer]) {
      const client = await GraphQLClient.signedIn(server.url, email);
      expect((await client.errorCode(BLOCK, { id: String(s.id), v: s.version })).code, email).toBe('FORBIDDEN');
    }
    expect((await rows<{ version: number }>(sql`SELECT version FROM suppliers WHERE id = ${s.id}`))[0].version).toBe(s.version);
  });
});

describe('correcting a supplier\'s details', () => {
  const UPDATE = `mutation($id: ID!, $v: Int!, $i: UpdateSupplierInput!) { updateSupplier(id: $id, version: $v, input: $i) { id name normalizedName countryCode taxId version } }`;
  const found = async (search: string) => (await list(admin, { search, only: { includeWithoutSpend: true }, page: { limit: 500 } })).nodes.map((n) => Number(n.supplier.id));

  it('admins change the name, country and tax id with the version they saw; search follows; each change is audited', async () => {
    const [s, other] = await rows<{ id: number; version: number; name: string; normalized_name: string; country_code: string | null; tax_id: string | null }>(
      sql`SELECT id, version, name, normalized_name, country_code, tax_id FROM suppliers WHERE status = 'ACTIVE' AND id IN (SELECT supplier_id FROM spend_lines) ORDER BY id DESC LIMIT 2`);
    const id = String(s.id);
    const linesBefore = await rows<{ n: string; total: string }>(sql`SELECT COUNT(*) AS n, CAST(SUM(amount_reporting) AS VARCHAR) AS total FROM spend_lines WHERE supplier_id = ${s.id}`);
    const changed = (await admin.ok<{ updateSupplier: Record<string, unknown> }>(UPDATE, { id, v: s.version, i: { name: '  Quillfeather Renamed Ltd ', countryCode: 'ie', taxId: 'IE 9999999 QX' } })).updateSupplier;
    // The matching key imports use stays; the name shown, the country and the tax id change.
    expect(changed).toEqual({ id, name: 'Quillfeather Renamed Ltd', normalizedName: s.normalized_name, countryCode: 'IE', taxId: 'IE 9999999 QX', version: s.version + 1 });
    expect(await found('quillfeather renamed')).toEqual([s.id]);
    expect(await found('ie9999999qx')).toEqual([s.id]);
    // Its lines are untouched.
    expect(await rows(sql`SELECT COUNT(*) AS n, CAST(SUM(amount_reporting) AS VARCHAR) AS total FROM spend_lines WHERE supplier_id = ${s.id}`)).toEqual(linesBefore);

    // Only the fields given change; null clears one.
    const cleared = (await admin.ok<{ updateSupplier: Record<string, unknown> }>(UPDATE, { id, v: s.version + 1, i: { countryCode: null } })).updateSupplier;
    expect(cleared).toMatchObject({ name: 'Quillfeather Renamed Ltd', countryCode: null, taxId: 'IE 9999999 QX', version: s.version + 2 });

    // Refused, naming the field or the stale version; nothing changes.
    expect(await admin.errorCode(UPDATE, { id, v: s.version + 1, i: { name: 'Stale' } })).toMatchObject({ code: 'CONFLICT', extensions: { field: 'version' } });
    expect(await admin.errorCode(UPDATE, { id: String(other.id), v: other.version, i: { taxId: 'IE 9999999 QX' } })).toMatchObject({ code: 'CONFLICT', extensions: { field: 'input.taxId' } });
    for (const [i, field] of [[{ name: '   ' }, 'input.name'], [{ name: 'x'.repeat(201) }, 'input.name'], [{ countryCode: 'IRL' }, 'input.countryCode'], [{ taxId: 'x'.repeat(65) }, 'input.taxId']] as const) {
      expect(await admin.errorCode(UPDATE, { id, v: s.version + 2, i })).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { field } });
    }
    expect((await rows<{ name: string; version: number }>(sql`SELECT name, version FROM suppliers WHERE id = ${s.id}`))[0]).toEqual({ name: 'Quillfeather Renamed Ltd', version: s.version + 2 });
    expect((await rows<{ tax_id: string | null }>(sql`SELECT tax_id FROM suppliers WHERE id = ${other.id}`))[0].tax_id).toBe(other.tax_id);

    const events = await rows<{ before: string; after: string }>(sql`SELECT CAST(before AS VARCHAR) AS before, CAST(after AS VARCHAR) AS after
      FROM audit_events WHERE entity = 'Supplier' AND entity_id = ${id} AND action = 'supplier.update' ORDER BY id`);
    expect(events.map((e) => [JSON.parse(e.before), JSON.parse(e.after)])).toEqual([
      [{ name: s.name, countryCode: s.country_code, taxId: s.tax_id }, { name: 'Quillfeather Renamed Ltd', countryCode: 'IE', taxId: 'IE 9999999 QX' }],
      [{ countryCode: 'IE' }, { countryCode: null }],
    ]);
  });

  it('a tax id written another way is the same tax id; one held by a supplier merged into this one moves to it', async () => {
    const [a, b, c] = await rows<{ id: number; version: number }>(
      sql`SELECT id, version FROM suppliers WHERE status = 'ACTIVE' AND tax_id IS NULL AND parent_id IS NULL AND id IN (SELECT supplier_id FROM spend_lines) ORDER BY id LIMIT 3`);
    const version = async (id: number) => (await rows<{ version: number }>(sql`SELECT version FROM suppliers WHERE id = ${id}`))[0].version;
    await admin.ok(UPDATE, { id: String(a.id), v: a.version, i: { taxId: 'DE 811 907 980' } });
    // Spaces, punctuation and case aside, it is the same id: refused for a third supplier.
    expect(await admin.errorCode(UPDATE, { id: String(c.id), v: c.version, i: { taxId: 'de811-907-980' } })).toMatchObject({ code: 'CONFLICT', extensions: { field: 'input.taxId' } });
    // Once a is merged into b, b may take a's tax id: a gives it up in the same change.
    await admin.ok(`mutation($s: ID!, $t: ID!) { mergeSuppliers(sourceId: $s, targetId: $t) { id } }`, { s: String(a.id), t: String(b.id) });
    const taken = (await admin.ok<{ updateSupplier: { taxId: string } }>(UPDATE, { id: String(b.id), v: await version(b.id), i: { taxId: 'DE811907980' } })).updateSupplier;
    expect(taken.taxId).toBe('DE811907980');
    expect((await rows<{ tax_id: string | null }>(sql`SELECT tax_id FROM suppliers WHERE id = ${a.id}`))[0].tax_id).toBeNull();
    const [event] = await rows<{ after: string }>(sql`SELECT CAST(after AS VARCHAR) AS after FROM audit_events WHERE action = 'supplier.update' AND entity_id = ${String(b.id)} ORDER BY id DESC LIMIT 1`);
    expect(JSON.parse(event.after)).toEqual({ taxId: 'DE811907980', taxIdFrom: [a.id] });
    // Two admins writing one tax id at the same moment meet the engine's unique constraint: that error is recognised (and answered with CONFLICT).
    const clash = await server.store.execute(sql`UPDATE suppliers SET tax_id = 'DE811907980' WHERE id = ${c.id}`, { name: 'test.clash' }).then(() => null, (error: unknown) => error);
    expect(isUniqueViolation(clash)).toBe(true);
    expect(isUniqueViolation(new Error('Query suppliers.list failed: connection reset'))).toBe(false);
  });

  it('no other role may: a supplier is the same in every category', async () => {
    const [s] = await rows<{ id: number; version: number; name: string }>(sql`SELECT id, version, name FROM suppliers WHERE id IN (SELECT supplier_id FROM spend_lines WHERE ${catmanLines}) ORDER BY id LIMIT 1`);
    for (const email of [DEMO.catman, DEMO.finance, DEMO.analyst, DEMO.viewer]) {
      const client = await GraphQLClient.signedIn(server.url, email);
      expect((await client.errorCode(UPDATE, { id: String(s.id), v: s.version, i: { name: 'Mine now' } })).code, email).toBe('FORBIDDEN');
    }
    expect((await rows<{ name: string; version: number }>(sql`SELECT name, version FROM suppliers WHERE id = ${s.id}`))[0]).toEqual({ name: s.name, version: s.version });
  });
});

describe('after the tests', () => {
  it('nothing broke on the server', () => {
    expect(server.loggedErrors).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Sql } from '../src/store/sql.js';
import { businessUnitTree, categoryTree, centsToString, quotientToString, toCents, userScope } from './expected.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { startTestServer, type TestServer } from './harness.js';

/**
 * Savings opportunities against figures worked out here: raw rows read with plain SQL, then the
 * rules of docs/domain.md (tail, fragmentation, off-contract, unit-price variance) applied in
 * TypeScript with BigInt cents. Every opportunity's drill-down (`SpendFilter.opportunity`) must
 * list lines whose total is the figure shown.
 */

const PERIOD = { dateFrom: '2025-01-01', dateTo: '2025-12-31' };

const OPPORTUNITIES = `query($f: SpendFilter) { savingsOpportunities(filter: $f) {
  totalSpend currency
  tailSpend { kind amount linesTotal lineCount supplierCount allSuppliers shareOfSpend }
  supplierFragmentation { kind amount linesTotal lineCount categoryCount shareOfSpend categories(limit: 100) { category { id } spend supplierCount suppliersForShare } }
  offContract { kind amount linesTotal lineCount supplierCount shareOfSpend }
  priceVariance { kind amount linesTotal lineCount itemCount shareOfSpend items(limit: 100) { category { id } description lineCount benchmarkUnitPrice spendAboveBenchmark excess } }
} }`;
const LINES = `query($f: SpendFilter) { spendLines(filter: $f, page: { limit: 500 }) { totalCount totalAmount nodes { id supplierId categoryId businessUnitId } } }`;

interface Rules { tail: number; fragmentationSuppliers: number; fragmentationPercent: number; percentile: number; minLines: number }
const DEFAULTS: Rules = { tail: 20, fragmentationSuppliers: 10, fragmentationPercent: 80, percentile: 25, minLines: 3 };

interface Opportunity { kind: string; amount: string; linesTotal: string; lineCount: number; shareOfSpend: string | null }
interface Data {
  savingsOpportunities: {
    totalSpend: string; currency: string;
    tailSpend: Opportunity & { supplierCount: number; allSuppliers: number };
    supplierFragmentation: Opportunity & { categoryCount: number; categories: Array<{ category: { id: string }; spend: string; supplierCount: number; suppliersForShare: number }> };
    offContract: Opportunity & { supplierCount: number };
    priceVariance: Opportunity & { itemCount: number; items: Array<{ category: { id: string } | null; description: string; lineCount: number; benchmarkUnitPrice: string; spendAboveBenchmark: string; excess: string }> };
  };
}

interface Line { id: number; supplierId: number; categoryId: number | null; contract: boolean; cents: bigint; description: string | null; quantity: string | null; amount: string }

async function linesWhere(server: TestServer, where: Sql): Promise<Line[]> {
  const rows = await server.store.query<{ id: string; supplier_id: number; category_id: number | null; contract_id: number | null; amount: string; description: string | null; quantity: string | null }>(
    sql`SELECT id, supplier_id, category_id, contract_id, CAST(amount_reporting AS VARCHAR) AS amount, description, CAST(quantity AS VARCHAR) AS quantity
        FROM spend_lines s WHERE s.invoice_date BETWEEN CAST(${PERIOD.dateFrom} AS DATE) AND CAST(${PERIOD.dateTo} AS DATE) AND ${where}`,
    { name: 'test.opportunityLines' },
  );
  return rows.map((r) => ({
    id: Number(r.id), supplierId: r.supplier_id, categoryId: r.category_id, contract: r.contract_id !== null, cents: toCents(r.amount),
    description: r.description, quantity: r.quantity, amount: r.amount,
  }));
}

const sum = (values: Iterable<bigint>) => { let t = 0n; for (const v of values) t += v; return t; };
const share = (a: bigint, total: bigint) => (total === 0n ? null : quotientToString(a, total, 6));

/** Decimal text to an integer of `scale` places (the inputs here have at most that many). */
function scaled(value: string, scale: number): bigint {
  const negative = value.startsWith('-');
  const [whole, frac = ''] = value.replace('-', '').split('.');
  const v = BigInt(whole + frac.padEnd(scale, '0').slice(0, scale));
  return negative ? -v : v;
}

function roundHalfEven(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  return r * 2n > d || (r * 2n === d && q % 2n === 1n) ? q + 1n : q;
}

/** The figures savingsOpportunities should answer for these lines, by the documented rules. */
function expected(lines: Line[], rules: Rules) {
  const total = sum(lines.map((l) => l.cents));

  // Tail: suppliers by spend ascending (then id); in while the running total stays within the share.
  const bySupplier = new Map<number, bigint>();
  for (const l of lines) bySupplier.set(l.supplierId, (bySupplier.get(l.supplierId) ?? 0n) + l.cents);
  const ordered = [...bySupplier].sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : a[0] - b[0]));
  const tail = new Set<number>();
  let running = 0n;
  for (const [id, spend] of ordered) {
    running += spend;
    if (total > 0n && running * 100n <= total * BigInt(rules.tail)) tail.add(id);
  }
  const tailLines = lines.filter((l) => tail.has(l.supplierId));

  // Fragmentation: per category, suppliers largest first; needed while those above make less than the share.
  const pairs = new Map<number, Map<number, bigint>>();
  for (const l of lines) {
    if (l.categoryId === null) continue;
    const m = pairs.get(l.categoryId) ?? new Map<number, bigint>();
    m.set(l.supplierId, (m.get(l.supplierId) ?? 0n) + l.cents);
    pairs.set(l.categoryId, m);
  }
  const fragmented: Array<{ id: number; spend: bigint; suppliers: number; needed: number }> = [];
  for (const [id, m] of pairs) {
    const spend = sum(m.values());
    if (spend <= 0n) continue;
    const desc = [...m].sort((a, b) => (a[1] > b[1] ? -1 : a[1] < b[1] ? 1 : a[0] - b[0]));
    let before = 0n;
    let needed = 0;
    for (const [, s] of desc) {
      if (before * 100n < spend * BigInt(rules.fragmentationPercent)) needed++;
      before += s;
    }
    if (needed > rules.fragmentationSuppliers) fragmented.push({ id, spend, suppliers: m.size, needed });
  }
  fragmented.sort((a, b) => (a.spend > b.spend ? -1 : a.spend < b.spend ? 1 : a.id - b.id));
  const fragmentedIds = new Set(fragmented.map((f) => f.id));
  const fragmentedLines = lines.filter((l) => l.categoryId !== null && fragmentedIds.has(l.categoryId));

  const off = lines.filter((l) => !l.contract);

  // Unit-price variance: items (category, description) bought on enough lines; benchmark = the
  // nearest-rank percentile of unit prices; lines above it; excess per item from exact sums.
  const priced = lines.filter((l) => l.description !== null && l.description.trim() !== '' && l.quantity !== null && Number(l.quantity) > 0 && l.cents > 0n);
  const items = new Map<string, Array<Line & { unit: number }>>();
  for (const l of priced) {
    const key = `${l.categoryId ?? 0}|${l.description!.trim().toLowerCase()}`;
    items.set(key, [...(items.get(key) ?? []), { ...l, unit: Number(l.amount) / Number(l.quantity) }]);
  }
  const itemFigures: Array<{ key: string; categoryId: number; description: string; lines: number; benchmark: string; spend: bigint; excess: bigint; above: Line[] }> = [];
  let compared = 0;
  for (const [key, ls] of items) {
    if (ls.length < rules.minLines) continue;
    compared++;
    const units = ls.map((l) => l.unit).sort((a, b) => a - b);
    const benchmark = units[Math.max(0, Math.ceil((ls.length * rules.percentile) / 100) - 1)];
    const above = ls.filter((l) => l.unit > benchmark);
    if (!above.length) continue;
    const price = benchmark.toFixed(6);
    const spend = sum(above.map((l) => l.cents));
    const quantity = sum(above.map((l) => scaled(l.quantity!, 6)));
    const atBenchmark = roundHalfEven(scaled(price, 6) * quantity, 10n ** 10n);
    const excess = spend - atBenchmark > 0n ? spend - atBenchmark : 0n;
    const [category, description] = [Number(key.split('|')[0]), key.slice(key.indexOf('|') + 1)];
    itemFigures.push({ key, categoryId: category, description, lines: ls.length, benchmark: price, spend, excess, above });
  }
  itemFigures.sort((a, b) => (a.excess > b.excess ? -1 : a.excess < b.excess ? 1 : a.categoryId - b.categoryId || (a.description < b.description ? -1 : 1)));
  const aboveLines = itemFigures.flatMap((i) => i.above);
  const excess = sum(itemFigures.map((i) => i.excess));

  const money = (c: bigint) => centsToString(c);
  return {
    totalSpend: money(total),
    tailSpend: {
      kind: 'TAIL_SPEND', amount: money(sum(tailLines.map((l) => l.cents))), linesTotal: money(sum(tailLines.map((l) => l.cents))), lineCount: tailLines.length,
      supplierCount: tail.size, allSuppliers: bySupplier.size, shareOfSpend: share(sum(tailLines.map((l) => l.cents)), total),
    },
    supplierFragmentation: {
      kind: 'SUPPLIER_FRAGMENTATION', amount: money(sum(fragmentedLines.map((l) => l.cents))), linesTotal: money(sum(fragmentedLines.map((l) => l.cents))),
      lineCount: fragmentedLines.length, categoryCount: fragmented.length, shareOfSpend: share(sum(fragmentedLines.map((l) => l.cents)), total),
      categories: fragmented.slice(0, 100).map((f) => ({ category: { id: String(f.id) }, spend: money(f.spend), supplierCount: f.suppliers, suppliersForShare: f.needed })),
    },
    offContract: {
      kind: 'OFF_CONTRACT', amount: money(sum(off.map((l) => l.cents))), linesTotal: money(sum(off.map((l) => l.cents))), lineCount: off.length,
      supplierCount: new Set(off.map((l) => l.supplierId)).size, shareOfSpend: share(sum(off.map((l) => l.cents)), total),
    },
    priceVariance: {
      kind: 'PRICE_VARIANCE', amount: money(excess), linesTotal: money(sum(aboveLines.map((l) => l.cents))), lineCount: aboveLines.length,
      itemCount: compared, shareOfSpend: share(excess, total),
      items: itemFigures.slice(0, 100).map((i) => ({
        category: i.categoryId === 0 ? null : { id: String(i.categoryId) }, description: i.description, lineCount: i.lines,
        benchmarkUnitPrice: i.benchmark, spendAboveBenchmark: money(i.spend), excess: money(i.excess),
      })),
    },
  };
}

const KINDS = ['tailSpend', 'supplierFragmentation', 'offContract', 'priceVariance'] as const;

/** Each opportunity's drill-down lists lines totalling exactly `linesTotal`, `lineCount` of them. */
async function checkDrills(client: GraphQLClient, filter: Record<string, unknown>, data: Data['savingsOpportunities']) {
  for (const key of KINDS) {
    const o = data[key];
    const lines = await client.ok<{ spendLines: { totalCount: number; totalAmount: string } }>(LINES, { f: { ...filter, opportunity: o.kind } });
    expect(lines.spendLines.totalAmount, `${o.kind} lines total`).toBe(o.linesTotal);
    expect(lines.spendLines.totalCount, `${o.kind} line count`).toBe(o.lineCount);
  }
}

describe('savings opportunities with the default constants', () => {
  let server: TestServer;
  let admin: GraphQLClient;
  let catman: GraphQLClient;
  let viewer: GraphQLClient;

  beforeAll(async () => {
    server = await startTestServer();
    [admin, catman, viewer] = await Promise.all([DEMO.admin, DEMO.catman, DEMO.viewer].map((e) => GraphQLClient.signedIn(server.url, e)));
  });
  afterAll(() => server?.close());

  it('as an admin: each opportunity equals the rules applied to the raw rows, and its lines total it', async () => {
    const data = (await admin.ok<Data>(OPPORTUNITIES, { f: PERIOD })).savingsOpportunities;
    const want = expected(await linesWhere(server, sql`TRUE`), DEFAULTS);
    expect(data).toEqual({ ...want, currency: 'EUR' });
    // Each kind finds something in the demo data, so the comparisons above are not of zeros.
    for (const key of KINDS) expect(Number(data[key].amount), key).toBeGreaterThan(0);
    expect(data.supplierFragmentation.categoryCount).toBeGreaterThan(0);
    // The tail is about the bottom fifth of spend, never more; price variance's saving is less than the spend behind it.
    expect(Number(data.tailSpend.shareOfSpend)).toBeLessThanOrEqual(0.2);
    expect(Number(data.priceVariance.amount)).toBeLessThan(Number(data.priceVariance.linesTotal));
    await checkDrills(admin, PERIOD, data);
  });

  it('within one category (a category page): the sets are worked out inside it', async () => {
    const [top] = await server.store.query<{ id: number }>(sql`SELECT id FROM categories WHERE level = 1 ORDER BY code LIMIT 1`, { name: 't' });
    const cats = await categoryTree(server.store);
    const ids = cats.rows.filter((c) => cats.isWithin(c.id, new Set([top.id]))).map((c) => c.id);
    const filter = { ...PERIOD, categoryIds: [String(top.id)] };
    const data = (await admin.ok<Data>(OPPORTUNITIES, { f: filter })).savingsOpportunities;
    expect(data).toEqual({ ...expected(await linesWhere(server, sql`s.category_id IN ${sql.list(ids)}`), DEFAULTS), currency: 'EUR' });
    await checkDrills(admin, filter, data);
  });

  it('as a category manager: the opportunities of their categories only, drills included', async () => {
    const scope = await userScope(server.store, DEMO.catman);
    const cats = await categoryTree(server.store);
    const ids = cats.rows.filter((c) => cats.isWithin(c.id, scope.categories)).map((c) => c.id);
    const data = (await catman.ok<Data>(OPPORTUNITIES, { f: PERIOD })).savingsOpportunities;
    expect(data).toEqual({ ...expected(await linesWhere(server, sql`s.category_id IN ${sql.list(ids)}`), DEFAULTS), currency: 'EUR' });
    await checkDrills(catman, PERIOD, data);
    // The drill's lines are theirs.
    const lines = await catman.ok<{ spendLines: { nodes: Array<{ categoryId: string | null }> } }>(LINES, { f: { ...PERIOD, opportunity: 'TAIL_SPEND' } });
    expect(lines.spendLines.nodes.length).toBeGreaterThan(0);
    expect(lines.spendLines.nodes.every((l) => l.categoryId !== null && ids.includes(Number(l.categoryId)))).toBe(true);
  });

  it('as a viewer: the opportunities of their business units only', async () => {
    const scope = await userScope(server.store, DEMO.viewer);
    const bus = await businessUnitTree(server.store);
    const ids = bus.rows.filter((b) => bus.isWithin(b.id, scope.businessUnits)).map((b) => b.id);
    const data = (await viewer.ok<Data>(OPPORTUNITIES, { f: PERIOD })).savingsOpportunities;
    expect(data).toEqual({ ...expected(await linesWhere(server, sql`s.business_unit_id IN ${sql.list(ids)}`), DEFAULTS), currency: 'EUR' });
    // Viewers do not drill to lines.
    expect((await viewer.errorCode(LINES, { f: { ...PERIOD, opportunity: 'TAIL_SPEND' } })).code).toBe('FORBIDDEN');
  });

  it('a category outside the scope answers like one that does not exist', async () => {
    const scope = await userScope(server.store, DEMO.catman);
    const cats = await categoryTree(server.store);
    const outside = cats.rows.find((c) => c.level === 1 && !scope.categories.has(c.id))!;
    const hidden = await catman.ok<Data>(OPPORTUNITIES, { f: { ...PERIOD, categoryIds: [String(outside.id)] } });
    const missing = await catman.ok<Data>(OPPORTUNITIES, { f: { ...PERIOD, categoryIds: ['99999999'] } });
    expect(hidden).toEqual(missing);
    expect(hidden.savingsOpportunities.totalSpend).toBe('0.00');
  });

  it('refuses an opportunity filter where it has no meaning, naming the field', async () => {
    const own = await admin.errorCode(OPPORTUNITIES, { f: { ...PERIOD, opportunity: 'TAIL_SPEND' } });
    expect(own).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { field: 'filter.opportunity' } });
    const summary = await admin.errorCode(`query($f: SpendFilter) { spendSummary(filter: $f) { totalSpend } }`, { f: { ...PERIOD, opportunity: 'OFF_CONTRACT' } });
    expect(summary).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { field: 'filter.opportunity' } });
    expect((await admin.errorCode(`{ savingsOpportunities { priceVariance { items(limit: 0) { excess } } } }`)).code).toBe('BAD_USER_INPUT');
  });

  it('the cube understands the drill filter too: its total is the opportunity', async () => {
    const data = (await admin.ok<Data>(OPPORTUNITIES, { f: PERIOD })).savingsOpportunities;
    const cube = await admin.ok<{ spendCube: { totals: { values: string[] } } }>(
      `query($q: SpendCubeQuery!) { spendCube(query: $q) { totals { values } } }`,
      { q: { dimensions: ['SUPPLIER'], measures: ['SPEND', 'LINE_COUNT'], filter: { ...PERIOD, opportunity: 'SUPPLIER_FRAGMENTATION' } } },
    );
    expect(cube.spendCube.totals.values).toEqual([data.supplierFragmentation.linesTotal, String(data.supplierFragmentation.lineCount)]);
  });

  it('the constants in force are in Settings', async () => {
    const settings = await admin.ok<{ settings: Record<string, number> }>(
      `{ settings { tailSpendPercent fragmentationSuppliers fragmentationPercent priceBenchmarkPercentile priceVarianceMinLines } }`,
    );
    expect(settings.settings).toEqual({ tailSpendPercent: 20, fragmentationSuppliers: 10, fragmentationPercent: 80, priceBenchmarkPercentile: 25, priceVarianceMinLines: 3 });
  });

  it('nothing broke on the server', () => {
    expect(server.loggedErrors).toEqual([]);
  });
});

describe('savings opportunities with other constants from the environment', () => {
  const rules: Rules = { tail: 30, fragmentationSuppliers: 4, fragmentationPercent: 70, percentile: 50, minLines: 5 };
  let server: TestServer;
  let finance: GraphQLClient;

  beforeAll(async () => {
    server = await startTestServer({
      lines: 10_000,
      env: {
        SPENDSCOPE_TAIL_SPEND_PERCENT: '30', SPENDSCOPE_FRAGMENTATION_SUPPLIERS: '4', SPENDSCOPE_FRAGMENTATION_PERCENT: '70',
        SPENDSCOPE_PRICE_BENCHMARK_PERCENTILE: '50', SPENDSCOPE_PRICE_VARIANCE_MIN_LINES: '5',
      },
    });
    finance = await GraphQLClient.signedIn(server.url, DEMO.finance);
  });
  afterAll(() => server?.close());

  it('uses them for the figures and for the drill-downs', async () => {
    const data = (await finance.ok<Data>(OPPORTUNITIES, { f: PERIOD })).savingsOpportunities;
    expect(data).toEqual({ ...expected(await linesWhere(server, sql`TRUE`), rules), currency: 'EUR' });
    expect(Number(data.tailSpend.shareOfSpend)).toBeGreaterThan(0.2);
    await checkDrills(finance, PERIOD, data);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpendCubeQuery, SpendDimension, SpendMeasure } from '../src/generated/graphql.js';
import { loadConfig } from '../src/config.js';
import { Directory } from '../src/core/directory.js';
import { spendWhere, validateFilter } from '../src/core/spend-filter.js';
import { LINES, RollupMaintainer, pricesIndexed, sourcesFor, spendSource, type SpendSource } from '../src/core/spend-rollup.js';
import { ResultCache } from '../src/core/result-cache.js';
import { previousPeriod } from '../src/core/time.js';
import type { DataScope } from '../src/core/viewer.js';
import { listCategories } from '../src/modules/categories/categories.queries.js';
import { categoryTreeFigures } from '../src/modules/categories/categories.queries.js';
import { priceVarianceFigures, supplierSetFigures } from '../src/modules/opportunities/opportunities.queries.js';
import { countAndSum, pageAboveBenchmark, pageOfLines } from '../src/modules/spend/lines.queries.js';
import { summary as spendSummary } from '../src/modules/spend/spend.queries.js';
import { listBusinessUnits } from '../src/modules/organisation/organisation.queries.js';
import { listSuppliers } from '../src/modules/suppliers/suppliers.queries.js';
import { planCube, shapeCube, type PeriodPlan } from '../src/modules/spend/cube.js';
import { runCube } from '../src/modules/spend/spend.queries.js';
import { cubeSourceColumns } from '../src/modules/spend/spend.service.js';
import { sql } from '../src/store/sql.js';
import { categoryTree, centsToString, toCents, userScope } from './expected.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { startTestServer, type TestServer } from './harness.js';

/**
 * Aggregate awareness (docs/rollups.md): every request a rollup may answer gets the same answer,
 * to the cent and in the same order, from the rollup as from the lines; and a spend write is
 * never answered from a rollup built before it.
 */

let server: TestServer;
let directory: Directory;
let rollups: RollupMaintainer;
/** The first and last invoice dates of the demo lines. */
let range: { lo: string; hi: string };
const rules = loadConfig({});

/** A small deterministic generator (mulberry32), so a failure names the seed that found it. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
  const some = <T>(xs: readonly T[], max: number): T[] => {
    const out = new Set<T>();
    const n = 1 + Math.floor(next() * max);
    while (out.size < Math.min(n, xs.length)) out.add(pick(xs));
    return [...out];
  };
  return { next, pick, some, chance: (p: number) => next() < p };
}

const ROLLUP_DIMENSIONS: SpendDimension[] = [
  'SUPPLIER', 'SUPPLIER_PARENT', 'CATEGORY_L1', 'CATEGORY_L2', 'CATEGORY_L3', 'CATEGORY_L4', 'BUSINESS_UNIT', 'COUNTRY', 'CURRENCY',
  'CONTRACT', 'ON_CONTRACT', 'PO_FLAG', 'YEAR', 'QUARTER', 'MONTH', 'FISCAL_YEAR', 'FISCAL_QUARTER',
];
const MEASURES: SpendMeasure[] = [
  'SPEND', 'LINE_COUNT', 'SUPPLIER_COUNT', 'ON_CONTRACT_SPEND', 'OFF_CONTRACT_SPEND', 'CONTRACT_COVERAGE', 'PO_COVERAGE', 'AVG_LINE',
  'QUANTITY', 'SHARE_OF_TOTAL', 'SPEND_PREVIOUS_PERIOD', 'CHANGE', 'EMISSIONS_KG',
];

const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
const pad = (n: number) => String(n).padStart(2, '0');

/** A random period of whole months within one of `years`; with `maybeQuarters`, whole quarters half the time. */
function wholePeriod(r: ReturnType<typeof random>, years: readonly number[], maybeQuarters: boolean): { dateFrom: string; dateTo: string } {
  const y = years[0] + Math.floor(r.next() * (years[1] - years[0] + 1));
  const quarters = maybeQuarters && r.chance(0.5);
  const m1 = quarters ? 1 + 3 * Math.floor(r.next() * 4) : 1 + Math.floor(r.next() * 12);
  const m2 = quarters ? Math.min(12, m1 + 2 + 3 * Math.floor(r.next() * 4)) : Math.min(12, m1 + Math.floor(r.next() * 12));
  return { dateFrom: `${y}-${pad(m1)}-01`, dateTo: lastDay(y, m2) };
}

beforeAll(async () => {
  server = await startTestServer();
  directory = new Directory(await listCategories(server.store), await listBusinessUnits(server.store));
  rollups = RollupMaintainer.of(server.store)!;
  expect(rollups, 'the server keeps rollups').toBeDefined();
  expect(await rollups.settle()).toBe(true);
  [range] = await server.store.query<{ lo: string; hi: string }>(
    sql`SELECT CAST(MIN(invoice_date) AS VARCHAR) AS lo, CAST(MAX(invoice_date) AS VARCHAR) AS hi FROM spend_lines`, { name: 'test.range' });
});
afterAll(() => server?.close());

/** The answer of one plan read from `source`, shaped as the API returns it. */
async function cubeFrom(source: SpendSource, query: SpendCubeQuery, where: ReturnType<typeof spendWhere>, period: PeriodPlan | null) {
  const plan = planCube(query, where, { defaultRows: 10_000, maxRows: 50_000, calendar: { fiscalYearStartMonth: 4 }, period, reportingCurrency: 'EUR', source });
  return shapeCube(plan, await runCube(server.store, plan.statement), 'EUR');
}

/** What the service would hand the planner for `query` under `scope`: its condition, its previous period and the columns it reads. */
function planInputs(query: SpendCubeQuery, scope: DataScope) {
  const { lo, hi } = range;
  const valid = validateFilter(query.filter);
  const where = spendWhere(valid, scope, directory, { ...rules, dialect: server.store.dialect });
  let period: PeriodPlan | null = null;
  if (query.measures.some((m) => m === 'SPEND_PREVIOUS_PERIOD' || m === 'CHANGE')) {
    const from = valid.dateFrom ?? lo.slice(0, 8) + '01';
    const to = valid.dateTo ?? lastDay(Number(hi.slice(0, 4)), Number(hi.slice(5, 7)));
    const previous = previousPeriod(from, to);
    period = { where: spendWhere({ ...valid, dateFrom: null, dateTo: null }, scope, directory, { ...rules, dialect: server.store.dialect }), from, to, previousFrom: previous.from, previousTo: previous.to, months: previous.months, days: previous.days };
  }
  return { where, period, columns: cubeSourceColumns(query, valid, scope, period) };
}

describe('rollups answer exactly as the lines do', () => {
  it('random cube requests (dimensions, measures, filters, subtotals, scopes) agree to the cent with the lines', async () => {
    const { lo, hi } = range;
    const categories = directory.categories.map((c) => c.id);
    const units = directory.businessUnits.map((b) => b.id);
    const suppliers = (await server.store.query<{ id: number }>(sql`SELECT DISTINCT supplier_id AS id FROM spend_lines ORDER BY 1 LIMIT 200`, { name: 'test.suppliers' })).map((r) => r.id);
    const contracts = (await server.store.query<{ id: number }>(sql`SELECT id FROM contracts ORDER BY id LIMIT 100`, { name: 'test.contracts' })).map((r) => r.id);
    const scopes: DataScope[] = [
      { categoryIds: null, businessUnitIds: null },
      { categoryIds: categories.filter((id) => directory.categoriesById.get(id)!.level === 1).slice(0, 2), businessUnitIds: null },
      { categoryIds: null, businessUnitIds: units.slice(0, 2) },
    ];
    const years = [Number(lo.slice(0, 4)), Number(hi.slice(0, 4))];
    const used = new Map<string, number>();
    for (let seed = 1; seed <= 120; seed++) {
      const r = random(seed);
      const dimensions = r.chance(0.15) ? [] : r.some(ROLLUP_DIMENSIONS, 3);
      const measures = r.some(MEASURES, 4);
      const filter: Record<string, unknown> = {};
      if (r.chance(0.7)) {
        Object.assign(filter, wholePeriod(r, years, false));
      }
      if (r.chance(0.3)) filter.categoryIds = r.some(categories, 3).map(String);
      if (r.chance(0.2)) filter.businessUnitIds = r.some(units, 3).map(String);
      if (r.chance(0.2)) filter.supplierIds = r.some(suppliers, 5).map(String);
      if (r.chance(0.1)) filter.contractIds = r.some(contracts, 3).map(String);
      if (r.chance(0.15)) filter.onContract = r.chance(0.5);
      if (r.chance(0.15)) filter.hasPo = r.chance(0.5);
      if (r.chance(0.1)) filter.currencies = r.some(['EUR', 'GBP', 'USD'], 2);
      if (r.chance(0.1)) filter.opportunity = 'OFF_CONTRACT';
      if (r.chance(0.15)) filter.members = [{ dimension: 'CATEGORY_L1', ids: r.some(categories.filter((id) => directory.categoriesById.get(id)!.level === 1), 2).map(String), exclude: r.chance(0.5) }];
      const scope = r.pick(scopes);
      const query: SpendCubeQuery = { dimensions, measures, filter, subtotals: r.chance(0.6), limit: 50_000 };
      const { where, period, columns } = planInputs(query, scope);
      expect(columns, `seed ${seed}: every part of this request is in a rollup`).not.toBeNull();
      const sources = sourcesFor(columns!);
      const expected = await cubeFrom(LINES, query, where, period);
      // The lines screen's count and total under the same filter.
      const totals = await countAndSum(server.store, where, LINES);
      for (const source of sources.slice(1)) {
        used.set(source.name, (used.get(source.name) ?? 0) + 1);
        expect(await cubeFrom(source, query, where, period), `seed ${seed} from ${source.name}: ${JSON.stringify(query)}`).toEqual(expected);
        expect(await countAndSum(server.store, where, source), `seed ${seed}: lines count and total from ${source.name}`).toEqual(totals);
      }
    }
    // Every rollup was really exercised.
    expect(used.get('spend_rollup') ?? 0).toBeGreaterThan(50);
    expect(used.get('spend_rollup_small') ?? 0).toBeGreaterThan(5);
    expect(used.get('spend_rollup_units') ?? 0).toBeGreaterThan(5);
    expect(used.get('spend_rollup_sets') ?? 0).toBeGreaterThan(5);
  }, 300_000);

  it('random supplier counts over categories, units and time agree to the cent with the lines, from the sets by month and by quarter', async () => {
    const { lo, hi } = range;
    const categories = directory.categories.map((c) => c.id);
    const units = directory.businessUnits.map((b) => b.id);
    const level1 = directory.categories.filter((c) => c.level === 1).map((c) => c.id);
    const dims: SpendDimension[] = ['CATEGORY_L1', 'CATEGORY_L2', 'CATEGORY_L3', 'CATEGORY_L4', 'BUSINESS_UNIT', 'YEAR', 'QUARTER', 'MONTH', 'FISCAL_YEAR', 'FISCAL_QUARTER'];
    const measures: SpendMeasure[] = ['SPEND', 'LINE_COUNT', 'AVG_LINE', 'QUANTITY', 'SHARE_OF_TOTAL'];
    const years = [Number(lo.slice(0, 4)), Number(hi.slice(0, 4))];
    const used = new Map<string, number>();
    for (let seed = 1; seed <= 40; seed++) {
      const r = random(1000 + seed);
      const filter: Record<string, unknown> = {};
      if (r.chance(0.6)) {
        Object.assign(filter, wholePeriod(r, years, true));
      }
      if (r.chance(0.3)) filter.categoryIds = r.some(categories, 3).map(String);
      if (r.chance(0.3)) filter.businessUnitIds = r.some(units, 3).map(String);
      if (r.chance(0.2)) {
        filter.members = [r.chance(0.5)
          ? { dimension: 'CATEGORY_L1', ids: r.some(level1, 2).map(String), exclude: r.chance(0.5) }
          : { dimension: 'YEAR', ids: [String(r.pick(years))], exclude: r.chance(0.5) }];
      }
      const scope = r.pick<DataScope>([{ categoryIds: null, businessUnitIds: null }, { categoryIds: level1.slice(0, 2), businessUnitIds: null }, { categoryIds: null, businessUnitIds: units.slice(2, 5) }]);
      const query: SpendCubeQuery = { dimensions: r.chance(0.1) ? [] : r.some(dims, 3), measures: ['SUPPLIER_COUNT', ...r.some(measures, 2)], filter, subtotals: r.chance(0.7), limit: 50_000 };
      const { where, period, columns } = planInputs(query, scope);
      expect(columns, `seed ${seed}: every part of this request is in a rollup`).not.toBeNull();
      const expected = await cubeFrom(LINES, query, where, period);
      for (const source of sourcesFor(columns!).slice(1)) {
        used.set(source.name, (used.get(source.name) ?? 0) + 1);
        expect(await cubeFrom(source, query, where, period), `seed ${seed} from ${source.name}: ${JSON.stringify(query)}`).toEqual(expected);
      }
    }
    expect(used.get('spend_rollup_sets') ?? 0).toBe(40);
    expect(used.get('spend_rollup_sets_quarters') ?? 0).toBeGreaterThan(8);
  }, 300_000);

  it('supplier sets count distinct suppliers exactly at every subtotal level, scoped, filtered and over a period', async () => {
    const level1 = directory.categories.filter((c) => c.level === 1).map((c) => c.id);
    const units = directory.businessUnits.map((b) => b.id);
    const queries: SpendCubeQuery[] = [
      { dimensions: ['CATEGORY_L1', 'BUSINESS_UNIT', 'QUARTER'], measures: ['SPEND', 'SUPPLIER_COUNT'], subtotals: true, limit: 50_000 },
      { dimensions: ['CATEGORY_L2', 'MONTH'], measures: ['SUPPLIER_COUNT', 'CHANGE'], subtotals: true, filter: { dateFrom: '2025-07-01', dateTo: '2026-06-30' }, limit: 50_000 },
      { dimensions: ['BUSINESS_UNIT', 'YEAR', 'CATEGORY_L3'], measures: ['SUPPLIER_COUNT', 'LINE_COUNT'], subtotals: true, filter: { categoryIds: level1.slice(1, 3).map(String) }, limit: 50_000 },
      { dimensions: [], measures: ['SUPPLIER_COUNT', 'SPEND_PREVIOUS_PERIOD'], filter: { dateFrom: '2026-01-01', dateTo: '2026-03-31' }, limit: 10 },
      { dimensions: ['CATEGORY_L4', 'FISCAL_YEAR'], measures: ['SUPPLIER_COUNT', 'AVG_LINE'], subtotals: true, filter: { businessUnitIds: units.slice(0, 3).map(String) }, limit: 50_000 },
      { dimensions: ['QUARTER', 'CATEGORY_L2'], measures: ['SUPPLIER_COUNT', 'SPEND'], subtotals: true, filter: { dateFrom: '2025-04-01', dateTo: '2026-03-31' }, limit: 50_000 },
    ];
    // Calendar quarters and years, or a period of whole quarters: the sets by quarter hold them.
    const quarterly = [queries[0], queries[2], queries[5]];
    let compared = 0;
    for (const scope of [{ categoryIds: null, businessUnitIds: null }, { categoryIds: level1.slice(0, 2), businessUnitIds: units.slice(1, 4) }] satisfies DataScope[]) {
      for (const query of queries) {
        const { where, period, columns } = planInputs(query, scope);
        const sources = sourcesFor(columns!);
        // The sets answer it (by quarter too where time is whole quarters); so do the rollups that keep the supplier, which count it distinct.
        expect(sources.map((s) => s.name)).toContain('spend_rollup_sets');
        if (quarterly.includes(query)) expect(sources.map((s) => s.name)).toContain('spend_rollup_sets_quarters');
        const expected = await cubeFrom(LINES, query, where, period);
        expect(Number(expected.totals.values[query.measures.indexOf('SUPPLIER_COUNT')]), 'suppliers to count').toBeGreaterThan(1);
        for (const source of sources.slice(1)) {
          expect(await cubeFrom(source, query, where, period), `${source.name}: ${JSON.stringify(query)}`).toEqual(expected);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThanOrEqual(20);
    // The request the category manager's matrix makes is answered from the sets by quarter; by month from the sets by month.
    expect(spendSource(server.store, planInputs(queries[0], { categoryIds: null, businessUnitIds: null }).columns).name).toBe('spend_rollup_sets_quarters');
    expect(spendSource(server.store, planInputs(queries[1], { categoryIds: null, businessUnitIds: null }).columns).name).toBe('spend_rollup_sets');
  });

  it('leaves the supplier sets out when they would be too large, and counts suppliers from a rollup that keeps them', async () => {
    const query = { dimensions: ['CATEGORY_L1', 'BUSINESS_UNIT', 'QUARTER'], measures: ['SPEND', 'SUPPLIER_COUNT'], subtotals: true, limit: 50_000 } satisfies SpendCubeQuery;
    const scope = { categoryIds: null, businessUnitIds: null };
    const { where, period, columns } = planInputs(query, scope);
    const expected = await cubeFrom(LINES, query, where, period);
    // A maintainer allowed 1 KB for the sets builds every other rollup and no sets.
    rollups.stop();
    const small = RollupMaintainer.attach(server.store, undefined, 250, rules, 1024);
    try {
      expect(await small.settle()).toBe(true);
      expect(small.isCurrent()).toBe(true);
      expect(small.supplierSetsCurrent()).toBe(false);
      const [{ n }] = await server.store.query<{ n: number }>(
        sql`SELECT CAST((SELECT COUNT(*) FROM spend_rollup_sets) + (SELECT COUNT(*) FROM spend_rollup_sets_quarters) AS INTEGER) AS n`, { name: 'test.sets' });
      expect(n).toBe(0);
      const source = spendSource(server.store, columns);
      expect(source.name).toBe('spend_rollup');
      expect(await cubeFrom(source, query, where, period)).toEqual(expected);
    } finally {
      small.stop();
      rollups = RollupMaintainer.attach(server.store, undefined, 250, rules);
      // A spend write, so the rollups are built again (where processes share a database, a build
      // already done for these lines is otherwise taken as it is).
      await server.store.execute(sql`UPDATE spend_lines SET amount_reporting = amount_reporting WHERE id < 0`, { name: 'test.touch' });
      expect(await rollups.settle()).toBe(true);
    }
    expect(rollups.supplierSetsCurrent()).toBe(true);
    expect(spendSource(server.store, columns).name).toBe('spend_rollup_sets_quarters');
  });

  it('the category tree and the supplier-based opportunities agree with the lines, scoped or not', async () => {
    const categories = directory.categories.filter((c) => c.level === 1).map((c) => c.id);
    for (const scope of [{ categoryIds: null, businessUnitIds: null }, { categoryIds: categories.slice(0, 2), businessUnitIds: null }] satisfies DataScope[]) {
      const where = spendWhere(validateFilter(null), scope, directory);
      const columns = new Set(['month', 'category', 'supplier', 'onContract'] as const);
      for (const source of sourcesFor(columns).slice(1)) {
        const tree = (s: SpendSource) => categoryTreeFigures(server.store, where, '2025-11-01', '2026-10-31', '2024-11-01', '2025-10-31', s);
        const sort = (rows: Awaited<ReturnType<typeof tree>>) => [...rows].sort((a, b) => JSON.stringify([a.g, a.l1_id, a.l2_id, a.l3_id, a.l4_id]).localeCompare(JSON.stringify([b.g, b.l1_id, b.l2_id, b.l3_id, b.l4_id])));
        expect(sort(await tree(source)), `tree from ${source.name}`).toEqual(sort(await tree(LINES)));
        const sets = (s: SpendSource) => supplierSetFigures(server.store, sql`${where} AND s.invoice_date >= CAST('2025-11-01' AS DATE)`, rules, s);
        expect(await sets(source), `supplier sets from ${source.name}`).toEqual(await sets(LINES));
      }
    }
  });

  it('the tail and fragmentation drill-downs list (and the lines screen counts) the same lines whether their sets come from a rollup or the lines', async () => {
    const level1 = directory.categories.filter((c) => c.level === 1).map((c) => c.id);
    const units = directory.businessUnits.map((b) => b.id);
    const count = async (where: ReturnType<typeof spendWhere>) => {
      const [row] = await server.store.query<{ n: string; total: string | null }>(
        sql`SELECT COUNT(*) AS n, CAST(SUM(s.amount_reporting) AS VARCHAR) AS total FROM spend_lines s WHERE ${where}`, { name: 'test.setDrill' });
      return { n: Number(row.n), total: centsToString(toCents(row.total ?? '0')) };
    };
    let compared = 0;
    const nonEmpty = new Set<string>();
    for (const scope of [{ categoryIds: null, businessUnitIds: null }, { categoryIds: level1.slice(0, 2), businessUnitIds: null }, { categoryIds: null, businessUnitIds: units.slice(0, 2) }] satisfies DataScope[]) {
      for (const filter of [{ dateFrom: '2025-11-01', dateTo: '2026-10-31' }, { dateFrom: '2025-01-01', dateTo: '2025-06-30', onContract: false }, {}]) {
        for (const opportunity of ['TAIL_SPEND', 'SUPPLIER_FRAGMENTATION'] as const) {
          const valid = validateFilter({ ...filter, opportunity });
          const fromLines = await count(spendWhere(valid, scope, directory, { ...rules, dialect: server.store.dialect, setsFrom: LINES.relation }));
          if (fromLines.n > 0) nonEmpty.add(opportunity);
          const columns = new Set(['month', 'category', 'supplier', 'onContract', ...(scope.businessUnitIds ? ['businessUnit'] as const : [])] as const);
          for (const source of sourcesFor(columns).slice(1)) {
            const where = spendWhere(valid, scope, directory, { ...rules, dialect: server.store.dialect, setsFrom: source.relation });
            expect(await count(where), `${opportunity} sets from ${source.name}`).toEqual(fromLines);
            // The lines screen counts and sums them from the rollup itself.
            const totals = await countAndSum(server.store, where, source);
            expect({ n: totals.count, total: centsToString(toCents(totals.total ?? '0')) }, `${opportunity} lines screen totals from ${source.name}`).toEqual(fromLines);
            compared++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThanOrEqual(12);
    expect([...nonEmpty].sort(), 'both drill-downs had lines to compare').toEqual(['SUPPLIER_FRAGMENTATION', 'TAIL_SPEND']);
  });

  it('the supplier list ranks and counts the same suppliers with the same figures from a rollup as from the lines', async () => {
    const level1 = directory.categories.filter((c) => c.level === 1).map((c) => c.id);
    const period = { from: '2025-11-01', to: '2026-10-31', previousFrom: '2024-11-01', previousTo: '2025-10-31' };
    let compared = 0;
    for (const scope of [{ categoryIds: null, businessUnitIds: null }, { categoryIds: level1.slice(0, 2), businessUnitIds: null }] satisfies DataScope[]) {
      for (const filter of [{}, { onContract: false }]) {
        const where = spendWhere(validateFilter(filter), scope, directory);
        for (const order of ['SPEND', 'CHANGE', 'CATEGORY_COUNT', 'LINE_COUNT', 'NAME'] as const) {
          for (const few of [false, true]) {
            const query = { where, period, suppliers: few ? sql`sup.id % 3 = 0` : null, withoutSpend: null, order, ascending: order === 'NAME', few };
            const fromLines = await listSuppliers(server.store, { ...query, source: LINES }, 10, 40);
            expect(fromLines.rows.length, `${order}: a page of suppliers to compare`).toBe(40);
            for (const source of sourcesFor(new Set(['month', 'category', 'supplier', 'onContract'] as const)).slice(1)) {
              expect(await listSuppliers(server.store, { ...query, source }, 10, 40), `${order}${few ? ', few' : ''} from ${source.name}`).toEqual(fromLines);
              compared++;
            }
          }
        }
      }
    }
    expect(compared).toBeGreaterThanOrEqual(40);
  });

  it("the overview's summary agrees with the lines, with and without a business unit, scoped or not", async () => {
    const categories = directory.categories.filter((c) => c.level === 1).map((c) => c.id);
    const units = directory.businessUnits.map((b) => b.id);
    let compared = 0;
    for (const scope of [{ categoryIds: null, businessUnitIds: null }, { categoryIds: categories.slice(0, 2), businessUnitIds: units.slice(0, 3) }] satisfies DataScope[]) {
      for (const businessUnitIds of [null, units.slice(1, 3).map(String)]) {
        const where = spendWhere(validateFilter({ businessUnitIds }), scope, directory);
        const columns = new Set(['month', 'supplier', 'onContract', 'po', 'category', 'businessUnit'] as const);
        const summary = (s: SpendSource) => spendSummary(server.store, where, '2025-11-01', '2026-10-31', '2024-11-01', '2025-10-31', s);
        const fromLines = await summary(LINES);
        expect(Number(fromLines.lines)).toBeGreaterThan(0);
        for (const source of sourcesFor(columns).slice(1)) {
          expect(await summary(source), `summary from ${source.name}`).toEqual(fromLines);
          compared++;
        }
      }
    }
    expect(compared).toBe(4);
  });
});

describe('the unit-price index answers unit-price variance exactly as the lines do', () => {
  it('random filters (any dates, or whole months), scopes and constants: the same figures, items and drill-down lines to the cent', async () => {
    const { lo, hi } = range;
    const categories = directory.categories.map((c) => c.id);
    const level1 = directory.categories.filter((c) => c.level === 1).map((c) => c.id);
    const units = directory.businessUnits.map((b) => b.id);
    const suppliers = (await server.store.query<{ id: number }>(sql`SELECT supplier_id AS id FROM spend_lines GROUP BY 1 ORDER BY COUNT(*) DESC LIMIT 100`, { name: 'test.suppliers' })).map((r) => r.id);
    const scopes: DataScope[] = [
      { categoryIds: null, businessUnitIds: null },
      { categoryIds: level1.slice(0, 2), businessUnitIds: null },
      { categoryIds: null, businessUnitIds: units.slice(0, 2) },
    ];
    const day = (r: ReturnType<typeof random>) => {
      const t0 = Date.parse(`${lo}T00:00:00Z`);
      return new Date(t0 + Math.floor(r.next() * (Date.parse(`${hi}T00:00:00Z`) - t0))).toISOString().slice(0, 10);
    };
    // The drill-down as the lines screen sums it: over spend_lines, under the filter with the opportunity.
    const drill = async (where: ReturnType<typeof spendWhere>) => {
      const [row] = await server.store.query<{ n: string; total: string | null }>(
        sql`SELECT COUNT(*) AS n, CAST(SUM(s.amount_reporting) AS VARCHAR) AS total FROM spend_lines s WHERE ${where}`, { name: 'test.pvDrill' });
      return { n: Number(row.n), total: centsToString(toCents(row.total ?? '0')) };
    };
    let withItems = 0;
    const used = new Map<string, number>();
    for (let seed = 1; seed <= 72; seed++) {
      const r = random(1000 + seed);
      // Later cases keep to what the monthly totals per bucket answer: whole months and categories;
      // the last name no dates and nothing but categories (or nothing at all), under the server's
      // rules: whole items, whose benchmarks were worked out at the rebuild.
      const monthsAndCategories = seed > 50;
      const everything = seed > 65;
      const categoriesOnly = seed > 68;
      const filter: Record<string, unknown> = {};
      if (everything) {
        // Nothing named.
      } else if (r.chance(0.35) && !monthsAndCategories) {
        const [a, b] = [day(r), day(r)].sort();
        filter.dateFrom = a;
        if (r.chance(0.8)) filter.dateTo = b;
      } else if (r.chance(0.75)) {
        // Whole months, as the console's presets send: the monthly totals per bucket can count them.
        const [a, b] = [day(r), day(r)].sort();
        filter.dateFrom = `${a.slice(0, 7)}-01`;
        filter.dateTo = lastDay(Number(b.slice(0, 4)), Number(b.slice(5, 7)));
      }
      if (categoriesOnly ? seed !== 70 : r.chance(0.3) && !everything) filter.categoryIds = r.some(categories, 3).map(String);
      if (!monthsAndCategories) {
        if (r.chance(0.2)) filter.businessUnitIds = r.some(units, 3).map(String);
        if (r.chance(0.15)) filter.supplierIds = r.some(suppliers, 8).map(String);
        if (r.chance(0.15)) filter.onContract = r.chance(0.5);
        if (r.chance(0.1)) filter.hasPo = r.chance(0.5);
        if (r.chance(0.1)) filter.currencies = r.some(['EUR', 'GBP', 'USD'], 2);
      }
      if (r.chance(0.15) && !everything) filter.members = [{ dimension: r.pick(['CATEGORY_L1', 'MONTH'] as const), ids: [], exclude: r.chance(0.5) }];
      const members = filter.members as Array<{ dimension: string; ids: string[] }> | undefined;
      if (members) members[0].ids = members[0].dimension === 'MONTH' ? [lo.slice(0, 7), hi.slice(0, 7)] : r.some(level1, 2).map(String);
      const scope = categoriesOnly ? scopes[seed % 2] : everything ? scopes[0] : r.pick(monthsAndCategories ? scopes.slice(0, 2) : scopes);
      const constants = everything ? { ...rules, dialect: server.store.dialect }
        : { ...rules, dialect: server.store.dialect, priceBenchmarkPercentile: r.pick([0, 1, 10, 25, 33, 50, 75, 90, 100]), priceVarianceMinLines: r.pick([1, 2, 3, 10]) };
      const valid = validateFilter(filter);
      const index = pricesIndexed(server.store, valid, scope, constants);
      expect(index, `seed ${seed}: the index can answer ${JSON.stringify(filter)}`).not.toBe(false);
      if (everything) expect(index, 'no dates, categories at most, the server\'s rules: the benchmarks worked out at the rebuild').toBe('everything');
      // Every way the index can answer this filter: its lines, its monthly totals where they may, and the precomputed benchmarks.
      const indexes = index === 'everything' ? (['points', 'buckets', 'everything'] as const)
        : index === 'buckets' ? (['points', 'buckets'] as const) : (['points'] as const);
      const where = spendWhere(valid, scope, directory);
      const fromLines = await priceVarianceFigures(server.store, where, constants, false);
      if (Number(fromLines.items ?? 0) > 0) withItems++;
      const drilled = { ...valid, opportunity: 'PRICE_VARIANCE' as const };
      const linesDrill = await drill(spendWhere(drilled, scope, directory, { ...constants, pricesIndexed: false }));
      for (const via of indexes) {
        used.set(via, (used.get(via) ?? 0) + 1);
        const context = `seed ${seed} via ${via}: ${JSON.stringify({ filter, scope, percentile: constants.priceBenchmarkPercentile, minLines: constants.priceVarianceMinLines })}`;
        expect(await priceVarianceFigures(server.store, where, constants, via), context).toEqual(fromLines);
        expect(await drill(spendWhere(drilled, scope, directory, { ...constants, pricesIndexed: via })), `${context}: drill-down`).toEqual(linesDrill);
        // The lines screen picks and counts them in the index itself: the same count, total and page.
        const field = r.pick(['INVOICE_DATE', 'AMOUNT', 'SUPPLIER', 'CATEGORY'] as const);
        const ascending = r.chance(0.5);
        const offset = r.pick([0, 0, 10]);
        const picked = await pageAboveBenchmark(server.store, where, constants, via, field, ascending, offset, 25);
        expect({ n: picked.count, total: centsToString(toCents(picked.total ?? '0')) }, `${context}: lines screen totals`).toEqual(linesDrill);
        const expectedPage = await pageOfLines(server.store, spendWhere(drilled, scope, directory, { ...constants, pricesIndexed: false }), field, ascending, offset, 25);
        expect(picked.rows, `${context}: page by ${field}`).toEqual(expectedPage);
      }
      // The drill-down lists exactly the lines behind the figure.
      expect(linesDrill.n).toBe(Number(fromLines.lines ?? 0));
      expect(linesDrill.total).toBe(centsToString(toCents(fromLines.spend ?? '0')));
    }
    expect(withItems, 'most random cases have items to compare').toBeGreaterThan(40);
    expect(used.get('buckets') ?? 0, 'the monthly totals were exercised').toBeGreaterThan(15);
    expect(used.get('everything'), 'the precomputed benchmarks were exercised').toBe(7);
  }, 300_000);

  it('is not read for a filter it cannot evaluate (text, cost centre) nor while it is behind the lines', async () => {
    const everyone: DataScope = { categoryIds: null, businessUnitIds: null };
    expect(pricesIndexed(server.store, validateFilter({ dateFrom: '2025-01-03' }), everyone, rules)).toBe('points');
    expect(pricesIndexed(server.store, validateFilter({ dateFrom: '2025-01-01', categoryIds: ['1'] }), everyone, rules)).toBe('buckets');
    expect(pricesIndexed(server.store, validateFilter({ dateFrom: '2025-01-01', supplierIds: ['1'] }), everyone, rules)).toBe('points');
    expect(pricesIndexed(server.store, validateFilter({}), { categoryIds: null, businessUnitIds: [1] }, rules)).toBe('points');
    expect(pricesIndexed(server.store, validateFilter({}), { categoryIds: [1], businessUnitIds: null }, rules)).toBe('everything');
    expect(pricesIndexed(server.store, validateFilter({ categoryIds: ['2'] }), everyone, rules)).toBe('everything');
    expect(pricesIndexed(server.store, validateFilter({ categoryIds: ['2'] }), everyone, { ...rules, priceVarianceMinLines: 1 })).toBe('buckets');
    expect(pricesIndexed(server.store, validateFilter({ search: 'laptop' }), everyone, rules)).toBe(false);
    expect(pricesIndexed(server.store, validateFilter({ members: [{ dimension: 'COST_CENTER', ids: ['1'] }] }), everyone, rules)).toBe(false);
    // Every line's benchmarks were worked out for the server's rules only.
    expect(pricesIndexed(server.store, validateFilter({}), everyone, rules)).toBe('everything');
    expect(pricesIndexed(server.store, validateFilter({}), everyone, { ...rules, priceBenchmarkPercentile: rules.priceBenchmarkPercentile + 1 })).toBe('buckets');
    expect(pricesIndexed(server.store, validateFilter({}), everyone, { ...rules, priceVarianceMinLines: rules.priceVarianceMinLines + 1 })).toBe('buckets');
    const [line] = await server.store.query<{ id: string; amount: string }>(
      sql`SELECT CAST(id AS VARCHAR) AS id, CAST(amount_reporting AS VARCHAR) AS amount FROM spend_lines WHERE quantity > 0 AND amount_reporting > 0 ORDER BY id LIMIT 1`, { name: 'test.pvLine' });
    // A write that changes a unit price: until the rebuild, the figures must come from the lines.
    // (The store notices the write to spend_lines itself and moves the spend version.)
    await server.store.execute(sql`UPDATE spend_lines SET amount_reporting = amount_reporting * 3 WHERE id = ${Number(line.id)}`, { name: 'test.pvWrite' });
    expect(pricesIndexed(server.store, validateFilter({}), everyone, rules)).toBe(false);
    await server.store.execute(sql`UPDATE spend_lines SET amount_reporting = CAST(${line.amount} AS DECIMAL(18,2)) WHERE id = ${Number(line.id)}`, { name: 'test.pvRestore' });
    expect(await rollups.settle()).toBe(true);
    expect(pricesIndexed(server.store, validateFilter({}), everyone, rules)).toBe('everything');
  });
});

describe('a write is never answered from a rollup built before it', () => {
  it('a manual reclassification moves the cube at once, by exactly the lines moved', async () => {
    const admin = await GraphQLClient.signedIn(server.url, DEMO.admin);
    expect(await rollups.settle()).toBe(true);
    const byL1 = async () => {
      const data = await admin.ok<{ spendCube: { rows: Array<{ keys: Array<{ id: string | null }>; values: string[] }> } }>(
        `query($q: SpendCubeQuery!) { spendCube(query: $q) { rows { keys { id } values } } }`,
        { q: { dimensions: ['CATEGORY_L1'], measures: ['SPEND', 'LINE_COUNT'], filter: { dateFrom: '2024-01-01', dateTo: '2026-10-31' }, limit: 1000 } },
      );
      return new Map(data.spendCube.rows.map((r) => [r.keys[0].id, { spend: r.values[0], lines: Number(r.values[1]) }]));
    };
    const expectedByL1 = async () => {
      const rows = await server.store.query<{ id: number | null; spend: string; lines: string }>(
        sql`SELECT c.l1_id AS id, CAST(SUM(s.amount_reporting) AS VARCHAR) AS spend, COUNT(*) AS lines
            FROM spend_lines s LEFT JOIN categories c ON c.id = s.category_id
            WHERE s.invoice_date BETWEEN DATE '2024-01-01' AND DATE '2026-10-31' GROUP BY 1`, { name: 'test.byL1' });
      return new Map(rows.map((r) => [r.id === null ? null : String(r.id), { spend: centsToString(toCents(r.spend ?? '0')), lines: Number(r.lines) }]));
    };
    expect(rollups.isCurrent()).toBe(true);
    expect(await byL1()).toEqual(await expectedByL1());

    // Move some lines of one top-level category to another through the API.
    const [from, to] = directory.categories.filter((c) => c.level === 1 && directory.categories.some((d) => d.parentId === c.id)).slice(0, 2);
    const leaf = directory.categories.find((c) => c.parentId === to.id) ?? to;
    const moved = await server.store.query<{ id: string }>(
      sql`SELECT CAST(s.id AS VARCHAR) AS id FROM spend_lines s JOIN categories c ON c.id = s.category_id
          WHERE c.l1_id = ${from.id} AND s.invoice_date >= DATE '2024-01-01' AND s.amount_reporting IS NOT NULL ORDER BY s.id LIMIT 5`, { name: 'test.pick' });
    expect(moved.length).toBe(5);
    const before = await expectedByL1();
    await admin.ok(`mutation($ids: [ID!]!, $c: ID!) { classifyLines(lineIds: $ids, categoryId: $c) }`, { ids: moved.map((m) => m.id), c: String(leaf.id) });
    // Asked at once: the rollups are behind the lines now, so the answer must come from the lines.
    const after = await byL1();
    expect(after).toEqual(await expectedByL1());
    expect(after.get(String(from.id))!.lines).toBe(before.get(String(from.id))!.lines - 5);
    expect(await rollups.settle()).toBe(true);
    expect(await byL1()).toEqual(await expectedByL1());
  });
});

describe('the result cache', () => {
  const BY_L1 = `query($q: SpendCubeQuery!) { spendCube(query: $q) { rows { keys { id } values } } }`;
  const q = { dimensions: ['CATEGORY_L1'], measures: ['SPEND'], filter: { dateFrom: '2025-01-01', dateTo: '2025-12-31' }, limit: 1000 };
  const asMap = (data: { spendCube: { rows: Array<{ keys: Array<{ id: string | null }>; values: string[] }> } }) =>
    new Map(data.spendCube.rows.map((r) => [r.keys[0].id, r.values[0]]));
  /** Spend per top-level category in 2025 from the raw table, for lines under `roots` (all when null). */
  async function expected(roots: Set<number> | null) {
    const tree = await categoryTree(server.store);
    const rows = await server.store.query<{ category_id: number | null; spend: string | null }>(
      sql`SELECT category_id, CAST(SUM(amount_reporting) AS VARCHAR) AS spend FROM spend_lines
          WHERE invoice_date BETWEEN DATE '2025-01-01' AND DATE '2025-12-31' GROUP BY 1`, { name: 'test.expected' });
    const out = new Map<string | null, bigint>();
    for (const r of rows) {
      if (roots && (r.category_id === null || !tree.isWithin(r.category_id, roots))) continue;
      const key = r.category_id === null ? null : String(tree.ancestorAt(r.category_id, 1));
      out.set(key, (out.get(key) ?? 0n) + toCents(r.spend ?? '0'));
    }
    return new Map([...out].map(([k, v]) => [k, centsToString(v)]));
  }

  it("shares a result between users of the same scope only: a category manager never gets finance's answer", async () => {
    const finance = await GraphQLClient.signedIn(server.url, DEMO.finance);
    const analyst = await GraphQLClient.signedIn(server.url, DEMO.analyst);
    const catman = await GraphQLClient.signedIn(server.url, DEMO.catman);
    const cache = ResultCache.of(server.store);
    const all = asMap(await finance.ok(BY_L1, { q }));
    expect(all).toEqual(await expected(null));
    const hits = cache.stats().hits;
    // Same scope (everything), same request: answered from the cache.
    expect(asMap(await analyst.ok(BY_L1, { q }))).toEqual(all);
    expect(cache.stats().hits).toBe(hits + 1);
    // A scoped user asking the same thing gets their own figures.
    const scope = await userScope(server.store, DEMO.catman);
    const mine = asMap(await catman.ok(BY_L1, { q }));
    expect(mine).toEqual(await expected(scope.categories));
    expect(mine.size).toBeLessThan(all.size);
  });

  it('computes concurrent identical requests once', async () => {
    const finance = await GraphQLClient.signedIn(server.url, DEMO.finance);
    const cache = ResultCache.of(server.store);
    const before = cache.stats();
    const once = { ...q, filter: { ...q.filter, hasPo: true } };
    const answers = await Promise.all(Array.from({ length: 5 }, () => finance.ok(BY_L1, { q: once })));
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(cache.stats().misses - before.misses).toBe(1);
    expect(cache.stats().hits - before.hits).toBe(4);
  });

  it('keeps whole answers of figure-only operations per role and scope, and nothing else', async () => {
    const TWO = `query($q: SpendCubeQuery!, $f: SpendFilter) { spendSummary(filter: $f) { totalSpend lineCount } spendCube(query: $q) { rows { keys { id } values } } }`;
    const vars = { q: { ...q, filter: { ...q.filter, onContract: true } }, f: { dateFrom: '2025-01-01', dateTo: '2025-12-31' } };
    const finance = await GraphQLClient.signedIn(server.url, DEMO.finance);
    const viewer = await GraphQLClient.signedIn(server.url, DEMO.viewer);
    const cache = ResultCache.of(server.store);
    const delta = async (ask: () => Promise<unknown>) => {
      const before = cache.stats();
      const answer = await ask();
      const after = cache.stats();
      return { answer, hits: after.hits - before.hits, misses: after.misses - before.misses };
    };
    // First time: both figures computed. Again: one whole answer, no figure looked up.
    const first = await delta(() => finance.ok(TWO, vars));
    expect([first.hits, first.misses]).toEqual([0, 2]);
    const again = await delta(() => finance.ok(TWO, vars));
    expect(again.answer).toEqual(first.answer);
    expect([again.hits, again.misses]).toEqual([1, 0]);
    // Another role and scope: its own figures, never finance's answer.
    type Two = { spendSummary: { totalSpend: string; lineCount: number } };
    const theirs = await delta(() => viewer.ok(TWO, vars));
    expect(theirs.misses).toBe(2);
    const [all, mine] = [(first.answer as Two).spendSummary, (theirs.answer as Two).spendSummary];
    expect(mine.lineCount).toBeGreaterThan(0);
    expect(mine.lineCount).toBeLessThan(all.lineCount);
    // An operation that also asks who is signed in is executed each time (its figures still come from the cache).
    const withMe = `query($q: SpendCubeQuery!, $f: SpendFilter) { me { email } spendSummary(filter: $f) { totalSpend } spendCube(query: $q) { rows { values } } }`;
    await finance.ok(withMe, vars);
    const executed = await delta(() => finance.ok(withMe, vars));
    expect([executed.hits, executed.misses]).toEqual([2, 0]);
    expect((executed.answer as { me: { email: string } }).me.email).toBe(DEMO.finance);
  });

  it('serves nothing older than a write: a spend line changed in the store moves the next answer', async () => {
    const admin = await GraphQLClient.signedIn(server.url, DEMO.admin);
    const before = asMap(await admin.ok(BY_L1, { q }));
    expect(asMap(await admin.ok(BY_L1, { q }))).toEqual(before); // a hit
    // Change spend directly in the store, as any write path would: the cache must not answer from before it.
    await server.store.execute(sql`UPDATE spend_lines SET amount_reporting = amount_reporting + 1
      WHERE id = (SELECT MIN(id) FROM spend_lines WHERE invoice_date BETWEEN DATE '2025-01-01' AND DATE '2025-12-31' AND amount_reporting IS NOT NULL)`, { name: 'test.bump' });
    const after = asMap(await admin.ok(BY_L1, { q }));
    expect(after).toEqual(await expected(null));
    expect(after).not.toEqual(before);
  });
});

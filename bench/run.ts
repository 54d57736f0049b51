/**
 * Spend cube latency: GraphQL over HTTP against the same SQL run directly on DuckDB in the same
 * process. Usage: npm run bench -- [--db path] [--runs N]. Seeds the file first if it is empty
 * (`npm run seed -- --lines 10M --db path` makes the 10M-line file of the target).
 */
import { existsSync } from 'node:fs';
import { loadConfig } from '../server/src/config.js';
import { needsPreviousPeriod, planCube, type PeriodPlan } from '../server/src/modules/spend/cube.js';
import { previousPeriod } from '../server/src/core/time.js';
import { spendWhere, validateFilter } from '../server/src/core/spend-filter.js';
import { Directory } from '../server/src/core/directory.js';
import { listCategories } from '../server/src/modules/categories/categories.queries.js';
import { listBusinessUnits } from '../server/src/modules/organisation/organisation.queries.js';
import { openStore, startServer } from '../server/src/server.js';
import { sql } from '../server/src/store/sql.js';
import type { SpendCubeQuery } from '../server/src/generated/graphql.js';
import { percentile, printTable, time } from './stats.js';
import { signIn } from './sign-in.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};

async function main() {
  const dbPath = arg('db', '/tmp/demo10m.duckdb');
  const runs = Number(arg('runs', '30'));
  if (!existsSync(dbPath)) console.log(`${dbPath} does not exist: it will be seeded with ${arg('lines', '1000000')} lines first.`);
  const config = loadConfig({ SPENDSCOPE_DB: dbPath, SPENDSCOPE_DEMO_LINES: arg('lines', '1000000'), PORT: '0', HOST: '127.0.0.1', SPENDSCOPE_CLIENT_DIST: '' });
  const { store } = await openStore(config, console.log);
  const server = await startServer(store, config, { info: () => {}, error: (m, f) => console.error(m, f) });
  const url = `http://127.0.0.1:${server.port}/graphql`;
  const [{ n }] = await store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM spend_lines`, { name: 'bench.count' });

  const cookie = await signIn(url, 'finance@spendscope.test');
  const directory = new Directory(await listCategories(store), await listBusinessUnits(store));
  const finance = { categoryIds: null, businessUnitIds: null };

  const scenarios: Array<{ name: string; query: SpendCubeQuery }> = [
    { name: '(a) CATEGORY_L1 × MONTH, all lines', query: { dimensions: ['CATEGORY_L1', 'MONTH'], measures: ['SPEND'] } },
    {
      name: '(b) top 50 SUPPLIER, one year',
      query: { dimensions: ['SUPPLIER'], measures: ['SPEND'], limit: 50, filter: { dateFrom: '2025-01-01', dateTo: '2025-12-31' }, sort: [{ measure: 'SPEND', direction: 'DESC' }] },
    },
    {
      name: '(c) CATEGORY_L1 × BUSINESS_UNIT × QUARTER + subtotals',
      query: { dimensions: ['CATEGORY_L1', 'BUSINESS_UNIT', 'QUARTER'], measures: ['SPEND', 'SUPPLIER_COUNT'], subtotals: true },
    },
    {
      name: '(d) CATEGORY_L1 × MONTH, previous period + change, one year',
      query: { dimensions: ['CATEGORY_L1', 'MONTH'], measures: ['SPEND', 'SPEND_PREVIOUS_PERIOD', 'CHANGE', 'SUPPLIER_COUNT'], subtotals: true, filter: { dateFrom: '2025-01-01', dateTo: '2025-12-31' } },
    },
    {
      name: '(e) CATEGORY_L2 × FISCAL_YEAR, emissions + unmapped',
      query: { dimensions: ['CATEGORY_L2', 'FISCAL_YEAR'], measures: ['SPEND', 'EMISSIONS_KG', 'EMISSIONS_UNMAPPED_SPEND', 'QUANTITY'], subtotals: true },
    },
    {
      name: '(f) SUPPLIER, everything but the top 10, one year',
      query: { dimensions: ['SUPPLIER'], measures: ['SPEND'], limit: 50, filter: { dateFrom: '2025-01-01', dateTo: '2025-12-31', members: [{ dimension: 'SUPPLIER', ids: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'], exclude: true }] } },
    },
  ];
  const document = `query($q: SpendCubeQuery!) { spendCube(query: $q) { truncated rows { keys { id label } values } totals { values } } }`;
  const rows: Array<Array<string | number>> = [];
  for (const s of scenarios) {
    const filter = validateFilter(s.query.filter);
    // The previous period as the service builds it (these scenarios give both dates).
    let period: PeriodPlan | null = null;
    if (needsPreviousPeriod(s.query.measures) && filter.dateFrom && filter.dateTo) {
      const previous = previousPeriod(filter.dateFrom, filter.dateTo);
      period = {
        where: spendWhere({ ...filter, dateFrom: null, dateTo: null }, finance, directory), from: filter.dateFrom, to: filter.dateTo,
        previousFrom: previous.from, previousTo: previous.to, months: previous.months, days: previous.days,
      };
    }
    const plan = planCube(s.query, spendWhere(filter, finance, directory), {
      defaultRows: 10_000, maxRows: 50_000, calendar: { fiscalYearStartMonth: config.fiscalYearStartMonth }, period, reportingCurrency: config.reportingCurrency,
    });
    const raw = await time(() => store.query(plan.statement, { name: 'bench.raw' }), runs);
    const gql = await time(async () => {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ query: document, variables: { q: s.query } }) });
      const body = (await res.json()) as { errors?: unknown };
      if (body.errors) throw new Error(JSON.stringify(body.errors));
    }, runs);
    const [r50, g50] = [percentile(raw, 50), percentile(gql, 50)];
    rows.push([s.name, r50, percentile(raw, 95), g50, percentile(gql, 95), `${(g50 / r50).toFixed(2)}×`]);
  }
  console.log(`\nSpend cube on ${Number(n).toLocaleString('en-GB')} lines (${dbPath}), ${runs} runs each after 3 warm-ups, milliseconds:\n`);
  printTable(['query', 'raw DuckDB p50', 'raw p95', 'GraphQL/HTTP p50', 'GraphQL p95', 'ratio p50'], rows);
  await server.close();
  await store.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

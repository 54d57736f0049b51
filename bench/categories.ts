/**
 * Latency of the queries behind the category screens, the overview's summary and the savings opportunities panel,
 * GraphQL over HTTP against an in-process server, as finance (everything) and as the demo
 * category manager (their categories). Prints a table; never fails on time.
 * Usage: node --import tsx bench/categories.ts [--db /tmp/demo10m.duckdb] [--runs 15] [--no-rollups] [--no-cache] [--only <text>]
 * (`--only` keeps the rows whose name contains the text, e.g. `--only "all time"`.)
 * (`npm run seed -- --lines 10M --db /tmp/demo10m.duckdb` makes the 10M-line file.)
 */
import { existsSync } from 'node:fs';
import { loadConfig } from '../server/src/config.js';
import { openStore, startServer } from '../server/src/server.js';
import { sql } from '../server/src/store/sql.js';
import { Directory } from '../server/src/core/directory.js';
import { spendWhere, validateFilter } from '../server/src/core/spend-filter.js';
import { listCategories, categoryTreeFigures } from '../server/src/modules/categories/categories.queries.js';
import { listBusinessUnits } from '../server/src/modules/organisation/organisation.queries.js';
import { priceVarianceFigures, supplierSetFigures } from '../server/src/modules/opportunities/opportunities.queries.js';
import { spendSource } from '../server/src/core/spend-rollup.js';
import { last12Months, percentile, printTable, time } from './stats.js';
import { signIn } from './sign-in.js';
import { settleBuilds } from './settle.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};

const FIGURES = 'spend previousPeriodSpend change shareOfParent supplierCount onContractSpend onContractShare lineCount';
const TREE = `query($f: SpendFilter) { categoryTree(filter: $f) { dateFrom total { ${FIGURES} } unclassified { spend }
  nodes { category { id name level parentId ownerName } figures { ${FIGURES} } } } }`;
const DETAIL = `query($id: ID!, $f: SpendFilter) { category(id: $id) { id name ancestors { id name } figures(filter: $f) { ${FIGURES} }
  children { id name } contracts(page: { limit: 20 }) { totalCount nodes { id number status endDate } } } }`;
const OPPORTUNITIES = `query($f: SpendFilter) { savingsOpportunities(filter: $f) { totalSpend
  tailSpend { amount linesTotal lineCount supplierCount allSuppliers shareOfSpend }
  supplierFragmentation { amount linesTotal lineCount categoryCount shareOfSpend categories(limit: 5) { category { id name } spend supplierCount suppliersForShare } }
  offContract { amount linesTotal lineCount supplierCount shareOfSpend }
  priceVariance { amount linesTotal lineCount itemCount shareOfSpend items(limit: 5) { category { id name } description lineCount benchmarkUnitPrice spendAboveBenchmark excess } } } }`;
const SUMMARY = `query($f: SpendFilter) { spendSummary(filter: $f) { dateFrom dateTo totalSpend previousPeriodSpend change activeSuppliers
  onContractShare poCoverage classifiedShare contractsExpiring lineCount } }`;
const LINES = `query($f: SpendFilter) { spendLines(filter: $f, page: { limit: 100 }) { totalCount totalAmount nodes { id amountReporting } } }`;

async function main() {
  const dbPath = arg('db', '/tmp/demo10m.duckdb');
  const runs = Number(arg('runs', '15'));
  if (!existsSync(dbPath)) throw new Error(`${dbPath} does not exist: npm run seed -- --lines 10M --db ${dbPath}`);
  const rollups = !process.argv.includes('--no-rollups');
  const cache = !process.argv.includes('--no-cache');
  const config = loadConfig({
    SPENDSCOPE_DB: dbPath, PORT: '0', HOST: '127.0.0.1', SPENDSCOPE_CLIENT_DIST: '', SPENDSCOPE_REQUEST_TIMEOUT_MS: '120000',
    SPENDSCOPE_ROLLUPS: String(rollups), SPENDSCOPE_RESULT_CACHE: String(cache),
  });
  const { store } = await openStore(config, console.log);
  const server = await startServer(store, config, { info: () => {}, error: (m, f) => console.error(m, f) });
  await settleBuilds(server, store);
  const url = `http://127.0.0.1:${server.port}/graphql`;
  const [{ n, max }] = await store.query<{ n: string; max: string }>(sql`SELECT COUNT(*) AS n, CAST(MAX(invoice_date) AS VARCHAR) AS max FROM spend_lines`, { name: 'bench.count' });
  const [{ id: leaf }] = await store.query<{ id: number }>(sql`SELECT MIN(id) AS id FROM categories WHERE level = 3 AND l1_id = 1`, { name: 'bench.leaf' });

  const cookies = { finance: await signIn(url, 'finance@spendscope.test'), catman: await signIn(url, 'catman@spendscope.test') };
  // The console's default period (whole months, as its presets send).
  const year = last12Months(max);

  const scenarios: Array<{ name: string; who: keyof typeof cookies; query: string; variables: Record<string, unknown> }> = [
    { name: 'overview spendSummary, last 12 months', who: 'finance', query: SUMMARY, variables: { f: year } },
    { name: 'overview spendSummary, last 12 months', who: 'catman', query: SUMMARY, variables: { f: year } },
    { name: 'categoryTree, last 12 months', who: 'finance', query: TREE, variables: { f: year } },
    { name: 'categoryTree, all time', who: 'finance', query: TREE, variables: { f: {} } },
    { name: 'categoryTree, last 12 months', who: 'catman', query: TREE, variables: { f: year } },
    { name: 'category page (level 1): figures, breadcrumb, contracts', who: 'finance', query: DETAIL, variables: { id: '1', f: year } },
    { name: 'savingsOpportunities, last 12 months', who: 'finance', query: OPPORTUNITIES, variables: { f: year } },
    { name: 'savingsOpportunities, all time', who: 'finance', query: OPPORTUNITIES, variables: { f: {} } },
    { name: 'savingsOpportunities, all time', who: 'catman', query: OPPORTUNITIES, variables: { f: {} } },
    { name: 'savingsOpportunities, last 12 months', who: 'catman', query: OPPORTUNITIES, variables: { f: year } },
    { name: 'savingsOpportunities, one level-3 category', who: 'finance', query: OPPORTUNITIES, variables: { f: { ...year, categoryIds: [String(leaf)] } } },
    ...(['TAIL_SPEND', 'SUPPLIER_FRAGMENTATION', 'OFF_CONTRACT', 'PRICE_VARIANCE'] as const).map((opportunity) => ({
      name: `drill: spendLines opportunity=${opportunity}`, who: 'finance' as const, query: LINES, variables: { f: { ...year, opportunity } },
    })),
  ];

  // The statements alone, straight on the store, as finance (no scope): the floor under the GraphQL figures.
  const directory = new Directory(await listCategories(store), await listBusinessUnits(store));
  const everything = { categoryIds: null, businessUnitIds: null };
  const whereOf = (f: Record<string, unknown>) => spendWhere(validateFilter(f), everything, directory);
  const previousYear = { from: `${Number(year.dateFrom.slice(0, 4)) - 1}${year.dateFrom.slice(4)}`, to: `${Number(year.dateTo.slice(0, 4)) - 1}${year.dateTo.slice(4)}` };
  const raw: Array<{ name: string; run: () => Promise<unknown> }> = [
    { name: 'tree statement, last 12 months', run: () => categoryTreeFigures(store, whereOf({}), year.dateFrom, year.dateTo, previousYear.from, previousYear.to) },
    { name: 'supplier sets (tail, fragmentation, off-contract), last 12 months', run: () => supplierSetFigures(store, whereOf(year), config) },
    { name: 'supplier sets (tail, fragmentation, off-contract), all time', run: () => supplierSetFigures(store, whereOf({}), config) },
    { name: 'price variance, last 12 months, from the lines', run: () => priceVarianceFigures(store, whereOf(year), config) },
    { name: 'price variance, all time, from the lines', run: () => priceVarianceFigures(store, whereOf({}), config) },
    ...(rollups ? [
      { name: 'supplier sets from the smallest rollup, last 12 months', run: () => supplierSetFigures(store, whereOf(year), config, spendSource(store, new Set(['month', 'category', 'supplier', 'onContract']))) },
      { name: 'supplier sets from the smallest rollup, all time', run: () => supplierSetFigures(store, whereOf({}), config, spendSource(store, new Set(['category', 'supplier', 'onContract']))) },
      { name: 'price variance, last 12 months, unit-price index', run: () => priceVarianceFigures(store, whereOf(year), config, 'points') },
      { name: 'price variance, all time, unit-price index', run: () => priceVarianceFigures(store, whereOf({}), config, 'points') },
      { name: 'price variance, last 12 months, index with monthly bucket totals', run: () => priceVarianceFigures(store, whereOf(year), config, 'buckets') },
      { name: 'price variance, all time, index with monthly bucket totals', run: () => priceVarianceFigures(store, whereOf({}), config, 'buckets') },
      { name: 'price variance, all time, every line\'s benchmarks worked out at the rebuild', run: () => priceVarianceFigures(store, whereOf({}), config, 'everything') },
    ] : []),
  ];
  const only = arg('only', '');
  const rows: Array<Array<string | number>> = [];
  for (const r of raw.filter((x) => x.name.includes(only))) {
    const samples = await time(r.run, runs, 2);
    rows.push([`raw SQL: ${r.name}`, '-', percentile(samples, 50), percentile(samples, 95)]);
  }
  for (const s of scenarios.filter((x) => x.name.includes(only))) {
    const samples = await time(async () => {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', cookie: cookies[s.who] }, body: JSON.stringify({ query: s.query, variables: s.variables }) });
      const body = (await res.json()) as { errors?: unknown };
      if (body.errors) throw new Error(`${s.name}: ${JSON.stringify(body.errors)}`);
    }, runs, 2);
    rows.push([s.name, s.who, percentile(samples, 50), percentile(samples, 95)]);
  }
  console.log(`\nOverview summary, category screens and savings opportunities on ${Number(n).toLocaleString('en-GB')} lines (${dbPath}), GraphQL over HTTP, ${rollups ? 'rollups on' : 'lines only'}, result cache ${cache ? 'on (repeats are hits)' : 'off'}, ${runs} runs each after 2 warm-ups, milliseconds:\n`);
  printTable(['query', 'as', 'p50', 'p95'], rows);
  await server.close();
  await store.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

/**
 * The explorer's request for a pivot with two column dimensions, uncached (the result cache off):
 * the same GraphQL document the console sends (row totals, and the cells with
 * `columnDimensions: 2`, so each year's subtotal across its quarters and the grand total column
 * come from the engine), over HTTP, and the cells' statement alone on the store. The one-column
 * pivot it extends and a 3 × 2 are measured beside it. Measures, never fails on time.
 * Usage: node --import tsx bench/pivot-cube.ts [--db /tmp/demo10m.duckdb] [--runs 20]
 * (`npm run seed -- --lines 10M --db path` makes the 10M-line file of the issue's target).
 */
import { existsSync } from 'node:fs';
import { planCube } from '../server/src/modules/spend/cube.js';
import { spendWhere, validateFilter } from '../server/src/core/spend-filter.js';
import { Directory } from '../server/src/core/directory.js';
import { spendSource } from '../server/src/core/spend-rollup.js';
import { cubeSourceColumns } from '../server/src/modules/spend/spend.service.js';
import { listCategories } from '../server/src/modules/categories/categories.queries.js';
import { listBusinessUnits } from '../server/src/modules/organisation/organisation.queries.js';
import type { SpendCubeQuery, SpendDimension, SpendMeasure } from '../server/src/generated/graphql.js';
import { percentile, printTable, time } from './stats.js';
import { settledServer } from './settle.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};

/** The explorer's two cubes (client/src/features/explore/explorerState.ts: rowTotalsQuery, cellsQuery). */
function explorerQueries(rows: SpendDimension[], columns: SpendDimension[], measures: SpendMeasure[], limit: number) {
  const rowTotals: SpendCubeQuery = { dimensions: rows, measures, subtotals: true, limit };
  const cells: SpendCubeQuery = { dimensions: [...columns, ...rows], measures, subtotals: true, limit, columnDimensions: columns.length };
  return { rowTotals, cells };
}

const DOCUMENT = `query Explorer($rowTotals: SpendCubeQuery!, $cells: SpendCubeQuery!) {
  rowTotals: spendCube(query: $rowTotals) { truncated rows { keys { dimension id label rolledUp } values depth } totals { values } }
  cells: spendCube(query: $cells) { truncated rows { keys { dimension id label rolledUp } values depth } totals { values } }
}`;

async function main() {
  const dbPath = arg('db', '/tmp/demo10m.duckdb');
  const runs = Number(arg('runs', '20'));
  if (!existsSync(dbPath)) throw new Error(`${dbPath} does not exist: npm run seed -- --lines 10M --db ${dbPath}`);
  // The rollups are built in the background from the start: timing before they are would time the lines.
  const { store, config, url, lines: n, cookie, close } = await settledServer({ SPENDSCOPE_DB: dbPath });
  const directory = new Directory(await listCategories(store), await listBusinessUnits(store));
  const unrestricted = { categoryIds: null, businessUnitIds: null };

  const scenarios: Array<{ name: string; rows: SpendDimension[]; columns: SpendDimension[]; measures: SpendMeasure[] }> = [
    { name: 'L1 category › business unit × year (one column level, as before)', rows: ['CATEGORY_L1', 'BUSINESS_UNIT'], columns: ['YEAR'], measures: ['SPEND'] },
    { name: '2 × 2: L1 category › business unit × year › quarter', rows: ['CATEGORY_L1', 'BUSINESS_UNIT'], columns: ['YEAR', 'QUARTER'], measures: ['SPEND'] },
    { name: '2 × 2, spend + lines + suppliers', rows: ['CATEGORY_L1', 'BUSINESS_UNIT'], columns: ['YEAR', 'QUARTER'], measures: ['SPEND', 'LINE_COUNT', 'SUPPLIER_COUNT'] },
    { name: '3 × 2: L1 › unit › country × year › quarter', rows: ['CATEGORY_L1', 'BUSINESS_UNIT', 'COUNTRY'], columns: ['YEAR', 'QUARTER'], measures: ['SPEND'] },
  ];
  const table: Array<Array<string | number>> = [];
  for (const s of scenarios) {
    const queries = explorerQueries(s.rows, s.columns, s.measures, config.cubeMaxRows);
    // The cells' statement as the service plans it (same source choice: a rollup when it holds the columns).
    const filter = validateFilter(null);
    const plan = planCube(queries.cells, spendWhere(filter, unrestricted, directory), {
      defaultRows: config.cubeDefaultRows, maxRows: config.cubeMaxRows, calendar: { fiscalYearStartMonth: config.fiscalYearStartMonth },
      reportingCurrency: config.reportingCurrency, source: spendSource(store, cubeSourceColumns(queries.cells, filter, unrestricted, null)),
    });
    const raw = await time(() => store.query(plan.statement, { name: 'bench.cells' }), runs);
    let cells = 0;
    const gql = await time(async () => {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ query: DOCUMENT, variables: queries }) });
      const body = (await res.json()) as { errors?: unknown; data: { cells: { rows: unknown[] } } };
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      cells = body.data.cells.rows.length;
    }, runs);
    table.push([s.name, cells, percentile(raw, 50), percentile(raw, 95), percentile(gql, 50), percentile(gql, 95)]);
  }
  console.log(`\nThe explorer's pivot request on ${Number(n).toLocaleString('en-GB')} lines (${dbPath}), result cache off, ${runs} runs each after 3 warm-ups, milliseconds:\n`);
  printTable(['pivot', 'engine rows (cells)', 'cells statement p50', 'p95', 'explorer request (GraphQL/HTTP, both cubes) p50', 'p95'], table);
  await close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

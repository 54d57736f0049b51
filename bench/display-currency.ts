/**
 * The cube in a display currency against the same request in the reporting currency, uncached
 * (the result cache off), over GraphQL/HTTP as the explorer sends it, once the rollups are built
 * (docs/rollups.md, "Display currency"; the target: within 1.5× at 10M lines). Also what the
 * display rollup adds to a rebuild: one pass over the lines per currency of the FX table.
 * Measures, never fails on time.
 * Usage: node --import tsx bench/display-currency.ts [--db /tmp/demo10m.duckdb] [--runs 20] [--currency USD] [--pg postgres://postgres@127.0.0.1:5432]
 * (with --pg, the file is moved into a fresh PostgreSQL database on that server, dropped at the end)
 * (`npm run seed -- --lines 10M --db path` makes the 10M-line file; the file is opened as it is and
 * its rollups rebuilt, so give it a copy).
 */
import { existsSync } from 'node:fs';
import { loadConfig } from '../server/src/config.js';
import { openStore } from '../server/src/server.js';
import { displayLines } from '../server/src/core/display-currency.js';
import { sql } from '../server/src/store/sql.js';
import type { SpendCubeQuery } from '../server/src/generated/graphql.js';
import { moveDuckDbToPostgres } from '../server/src/store/move.js';
import { freshPgDatabase } from './pg.js';
import { percentile, printTable, time } from './stats.js';
import { settledServer } from './settle.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};

const CUBE = `query Cube($q: SpendCubeQuery!) { spendCube(query: $q) { currency truncated rows { keys { id } values depth } totals { values } } }`;

async function main() {
  const dbPath = arg('db', '/tmp/demo10m.duckdb');
  const runs = Number(arg('runs', '20'));
  const currency = arg('currency', 'USD');
  if (!existsSync(dbPath)) throw new Error(`${dbPath} does not exist: npm run seed -- --lines 10M --db ${dbPath}`);
  const pgServer = arg('pg', '');
  const database = pgServer ? await freshPgDatabase(pgServer, `spendscope_bench_display_${process.pid}`) : null;
  try {
    if (database) {
      // Brought to the current schema first: the move copies between equal schemas.
      const { store: duck } = await openStore(loadConfig({ SPENDSCOPE_DB: dbPath, PORT: '0', SPENDSCOPE_CLASSIFIER: 'false' }), () => {});
      await duck.close();
      const moved = await moveDuckDbToPostgres(dbPath, database.url, { log: () => {} });
      console.log(`Moved into PostgreSQL in ${moved.seconds.toFixed(0)} s`);
    }
    await run(dbPath, runs, currency, database?.url ?? null);
  } finally {
    await database?.drop();
  }
}

async function run(dbPath: string, runs: number, currency: string, databaseUrl: string | null) {
  const { store, config, url, lines: n, cookie, close } = await settledServer({
    SPENDSCOPE_DB: dbPath, ...(databaseUrl ? { SPENDSCOPE_DATABASE_URL: databaseUrl } : {}), SPENDSCOPE_CLASSIFIER: 'false',
  });
  const cube = async (q: SpendCubeQuery) => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ query: CUBE, variables: { q } }) });
    const body = (await res.json()) as { errors?: unknown; data: { spendCube: { rows: unknown[]; currency: string } } };
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data.spendCube;
  };

  const year = { dateFrom: '2025-01-01', dateTo: '2025-12-31' };
  const scenarios: Array<{ name: string; query: SpendCubeQuery }> = [
    { name: 'L1 category › business unit × year, subtotals', query: { dimensions: ['YEAR', 'CATEGORY_L1', 'BUSINESS_UNIT'], measures: ['SPEND'], subtotals: true, columnDimensions: 1 } },
    { name: '2 × 2: L1 › unit × year › quarter, subtotals', query: { dimensions: ['YEAR', 'QUARTER', 'CATEGORY_L1', 'BUSINESS_UNIT'], measures: ['SPEND'], subtotals: true, columnDimensions: 2 } },
    { name: 'L2 category × month, one year, spend + coverage', query: { dimensions: ['CATEGORY_L2', 'MONTH'], measures: ['SPEND', 'LINE_COUNT', 'CONTRACT_COVERAGE', 'PO_COVERAGE'], subtotals: true, filter: year } },
    { name: 'GL account × year (no rollup holds it: the lines)', query: { dimensions: ['GL_ACCOUNT', 'YEAR'], measures: ['SPEND'], subtotals: true } },
    { name: 'top 50 suppliers, one year', query: { dimensions: ['SUPPLIER'], measures: ['SPEND'], limit: 50, sort: [{ measure: 'SPEND', direction: 'DESC' }], filter: year } },
  ];
  const table: Array<Array<string | number>> = [];
  for (const s of scenarios) {
    const reporting = s.query;
    const display = { ...s.query, filter: { ...s.query.filter, displayCurrency: currency } };
    let rows = 0;
    const inReporting = await time(async () => void (rows = (await cube(reporting)).rows.length), runs);
    const inDisplay = await time(async () => void (await cube(display)), runs);
    const p50 = (xs: number[]) => percentile(xs, 50);
    table.push([s.name, rows, p50(inReporting), percentile(inReporting, 95), p50(inDisplay), percentile(inDisplay, 95), (p50(inDisplay) / p50(inReporting)).toFixed(2)]);
  }
  // The overview's headline figures: a summary over the last 12 whole months (the display rollup's PO grain).
  const SUMMARY = `query($f: SpendFilter) { spendSummary(filter: $f) { totalSpend activeSuppliers poCoverage currency } }`;
  const summary = (f: Record<string, unknown>) => async () => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ query: SUMMARY, variables: { f } }) });
    const body = (await res.json()) as { errors?: unknown };
    if (body.errors) throw new Error(JSON.stringify(body.errors));
  };
  const twelve = { dateFrom: '2025-01-01', dateTo: '2025-12-31' };
  const summaryReporting = await time(summary(twelve), runs);
  const summaryDisplay = await time(summary({ ...twelve, displayCurrency: currency }), runs);
  table.push(['spendSummary (overview), one year', 1, percentile(summaryReporting, 50), percentile(summaryReporting, 95), percentile(summaryDisplay, 50),
    percentile(summaryDisplay, 95), (percentile(summaryDisplay, 50) / percentile(summaryReporting, 50)).toFixed(2)]);
  console.log(`\nspendCube in ${config.reportingCurrency} and in ${currency} on ${Number(n).toLocaleString('en-GB')} lines (${databaseUrl ? 'PostgreSQL, moved from ' : ''}${dbPath}), result cache off, ${runs} runs each after 3 warm-ups, milliseconds:\n`);
  printTable(['cube', 'rows', `${config.reportingCurrency} p50`, 'p95', `${currency} p50`, 'p95', 'ratio p50'], table);

  // What the display rollup costs a rebuild: its statement for one currency, as the rebuild runs it (docs/rollups.md).
  const [{ currencies }] = await store.query<{ currencies: string }>(sql`SELECT COUNT(DISTINCT currency) AS currencies FROM fx_rates WHERE currency <> ${config.reportingCurrency}`, { name: 'bench.currencies' });
  const build = await time(() => store.query(sql`SELECT COUNT(*) AS n FROM (SELECT CAST(date_trunc('month', s.invoice_date) AS DATE), s.category_id, s.business_unit_id,
      s.contract_id IS NOT NULL, s.po_number IS NOT NULL, SUM(s.amount_reporting), SUM(s.quantity), COUNT(*)
      FROM ${displayLines(store.dialect, currency)} GROUP BY 1, 2, 3, 4, 5) g`, { name: 'bench.displayRollup', timeoutMs: 600_000 }), 3);
  console.log(`\nDisplay rollup, one currency's pass over the lines (without the insert): p50 ${percentile(build, 50).toFixed(0)} ms; the FX table has ${currencies} currencies, so a rebuild adds about ${((percentile(build, 50) * Number(currencies)) / 1000).toFixed(1)} s.`);
  await close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

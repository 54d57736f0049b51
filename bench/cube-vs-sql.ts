/**
 * The uncached spend cube beside hand-written DuckDB SQL, in one run on one file: each scenario's
 * SQL is what an analyst would type against `spend_lines` (names joined, nothing pre-aggregated),
 * its GraphQL twin goes over HTTP to a server with the result cache off. The two alternate, run by
 * run, so both see the same machine; before timing, their answers are compared to the cent.
 * Prints p50/p95 and the ratio. Never part of the tests.
 * Usage: node --import tsx bench/cube-vs-sql.ts [--db /tmp/demo10m.duckdb] [--runs 20] [--no-rollups]
 *        [--database-url postgres://postgres@127.0.0.1:5432/spendscope_bench] [--only "distinct suppliers"]
 * (`npm run seed -- --lines 10M --db /tmp/demo10m.duckdb` makes the 10M-line file; `npm run
 * move-to-postgres -- --db /tmp/demo10m.duckdb --to <url>` copies it into PostgreSQL, where the
 * hand-written SQL is each scenario's PostgreSQL spelling.)
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { sql, type Sql } from '../server/src/store/sql.js';
import type { SpendCubeQuery } from '../server/src/generated/graphql.js';
import { percentile, printTable } from './stats.js';
import { settledServer } from './settle.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};

/**
 * A scenario: the cube request and the SQL a person would write, returning `k` (keys joined by
 * '|', '' for a total) and `spend`; `handPg` where PostgreSQL spells it differently.
 */
interface Scenario { name: string; query: SpendCubeQuery; hand: Sql; handPg?: Sql }

const YEAR = sql`s.invoice_date BETWEEN DATE '2025-01-01' AND DATE '2025-12-31'`;
const SCENARIOS: Scenario[] = [
  {
    name: 'sum by leaf category',
    query: { dimensions: ['CATEGORY_L3'], measures: ['SPEND'], limit: 1000 },
    hand: sql`SELECT CAST(s.category_id AS VARCHAR) AS k, any_value(c.name) AS name, SUM(s.amount_reporting) AS spend
      FROM spend_lines s LEFT JOIN categories c ON c.id = s.category_id GROUP BY s.category_id ORDER BY spend DESC`,
    handPg: sql`SELECT CAST(s.category_id AS VARCHAR) AS k, MIN(c.name) AS name, SUM(s.amount_reporting) AS spend
      FROM spend_lines s LEFT JOIN categories c ON c.id = s.category_id GROUP BY s.category_id ORDER BY spend DESC`,
  },
  {
    name: 'top 50 suppliers of a year, with names',
    query: { dimensions: ['SUPPLIER'], measures: ['SPEND'], limit: 50, sort: [{ measure: 'SPEND', direction: 'DESC' }], filter: { dateFrom: '2025-01-01', dateTo: '2025-12-31' } },
    hand: sql`SELECT CAST(t.supplier_id AS VARCHAR) AS k, p.name, t.spend FROM (
        SELECT s.supplier_id, SUM(s.amount_reporting) AS spend FROM spend_lines s WHERE ${YEAR}
        GROUP BY s.supplier_id ORDER BY spend DESC, s.supplier_id LIMIT 50) t
      JOIN suppliers p ON p.id = t.supplier_id ORDER BY t.spend DESC, t.supplier_id`,
  },
  {
    name: 'business unit × month of a year',
    query: { dimensions: ['BUSINESS_UNIT', 'MONTH'], measures: ['SPEND'], limit: 10000, filter: { dateFrom: '2025-01-01', dateTo: '2025-12-31' } },
    hand: sql`SELECT s.business_unit_id || '|' || strftime(date_trunc('month', s.invoice_date), '%Y-%m') AS k, any_value(b.name) AS name, SUM(s.amount_reporting) AS spend
      FROM spend_lines s JOIN business_units b ON b.id = s.business_unit_id WHERE ${YEAR}
      GROUP BY s.business_unit_id, date_trunc('month', s.invoice_date)`,
    handPg: sql`SELECT s.business_unit_id || '|' || to_char(date_trunc('month', s.invoice_date), 'YYYY-MM') AS k, MIN(b.name) AS name, SUM(s.amount_reporting) AS spend
      FROM spend_lines s JOIN business_units b ON b.id = s.business_unit_id WHERE ${YEAR}
      GROUP BY s.business_unit_id, date_trunc('month', s.invoice_date)`,
  },
  {
    name: 'L1 × business unit × quarter, subtotals, distinct suppliers',
    query: { dimensions: ['CATEGORY_L1', 'BUSINESS_UNIT', 'QUARTER'], measures: ['SPEND', 'SUPPLIER_COUNT'], subtotals: true, limit: 10000 },
    hand: sql`SELECT CASE WHEN GROUPING(c.l1_id) = 1 THEN '*'
          WHEN GROUPING(s.business_unit_id) = 1 THEN COALESCE(CAST(c.l1_id AS VARCHAR), '')
          WHEN GROUPING(date_trunc('quarter', s.invoice_date)) = 1 THEN COALESCE(CAST(c.l1_id AS VARCHAR), '') || '|' || s.business_unit_id
          ELSE COALESCE(CAST(c.l1_id AS VARCHAR), '') || '|' || s.business_unit_id || '|'
            || strftime(date_trunc('quarter', s.invoice_date), '%Y') || '-Q' || quarter(date_trunc('quarter', s.invoice_date)) END AS k,
        SUM(s.amount_reporting) AS spend, COUNT(DISTINCT s.supplier_id) AS suppliers
      FROM spend_lines s LEFT JOIN categories c ON c.id = s.category_id
      GROUP BY GROUPING SETS ((c.l1_id, s.business_unit_id, date_trunc('quarter', s.invoice_date)), (c.l1_id, s.business_unit_id), (c.l1_id), ())`,
    handPg: sql`SELECT CASE WHEN GROUPING(c.l1_id) = 1 THEN '*'
          WHEN GROUPING(s.business_unit_id) = 1 THEN COALESCE(CAST(c.l1_id AS VARCHAR), '')
          WHEN GROUPING(date_trunc('quarter', s.invoice_date)) = 1 THEN COALESCE(CAST(c.l1_id AS VARCHAR), '') || '|' || s.business_unit_id
          ELSE COALESCE(CAST(c.l1_id AS VARCHAR), '') || '|' || s.business_unit_id || '|'
            || to_char(date_trunc('quarter', s.invoice_date), 'YYYY') || '-Q' || to_char(date_trunc('quarter', s.invoice_date), 'Q') END AS k,
        SUM(s.amount_reporting) AS spend, COUNT(DISTINCT s.supplier_id) AS suppliers
      FROM spend_lines s LEFT JOIN categories c ON c.id = s.category_id
      GROUP BY GROUPING SETS ((c.l1_id, s.business_unit_id, date_trunc('quarter', s.invoice_date)), (c.l1_id, s.business_unit_id), (c.l1_id), ())`,
  },
];

const DOCUMENT = `query($q: SpendCubeQuery!) { spendCube(query: $q) { rows { depth keys { id label } values } totals { values } } }`;
interface CubeAnswer { rows: Array<{ depth: number; keys: Array<{ id: string | null; label: string }>; values: Array<string | null> }>; totals: { values: Array<string | null> } }

async function main() {
  const dbPath = arg('db', '/tmp/demo10m.duckdb');
  const runs = Number(arg('runs', '20'));
  const rollups = !process.argv.includes('--no-rollups');
  const databaseUrl = arg('database-url', '');
  if (!databaseUrl && !existsSync(dbPath)) throw new Error(`${dbPath} does not exist: npm run seed -- --lines 10M --db ${dbPath}`);
  const { store, url, lines: n, cookie, close } = await settledServer({
    SPENDSCOPE_DB: dbPath, SPENDSCOPE_DATABASE_URL: databaseUrl, SPENDSCOPE_ROLLUPS: String(rollups),
    // DuckDB's buffer pool: the server's default unless given (docs/architecture.md, "Memory").
    ...(process.env.SPENDSCOPE_DUCKDB_MEMORY_MB ? { SPENDSCOPE_DUCKDB_MEMORY_MB: process.env.SPENDSCOPE_DUCKDB_MEMORY_MB } : {}),
  });
  const cube = async (query: SpendCubeQuery): Promise<CubeAnswer> => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ query: DOCUMENT, variables: { q: query } }) });
    const body = (await res.json()) as { data?: { spendCube: CubeAnswer }; errors?: unknown };
    if (body.errors || !body.data) throw new Error(JSON.stringify(body.errors));
    return body.data.spendCube;
  };
  const hand = (statement: Sql) => store.query<{ k: string | null; spend: string; suppliers?: string }>(statement, { name: 'bench.hand', timeoutMs: 60_000 });

  const table: Array<Array<string | number>> = [];
  // `--only <text>`: the scenarios whose name contains it.
  const only = arg('only', '');
  for (const scenario of SCENARIOS.filter((c) => c.name.includes(only))) {
    const s = { ...scenario, hand: store.dialect === 'postgres' ? (scenario.handPg ?? scenario.hand) : scenario.hand };
    // The same answer first: every key's spend (and supplier count) to the cent.
    const expected = new Map((await hand(s.hand)).map((r) => [r.k ?? '', [r.spend, r.suppliers].filter((v) => v !== undefined).map(String)]));
    const answer = await cube(s.query);
    const got = new Map(answer.rows.map((r) => [r.keys.slice(0, r.depth).map((k) => k.id ?? '').join('|'), r.values.map(String)]));
    if (s.query.subtotals) got.set('*', answer.totals.values.map(String)); // the grand total: '' is the rows without a category
    for (const [k, v] of expected) {
      if (JSON.stringify(got.get(k)) !== JSON.stringify(v)) throw new Error(`${s.name}: key ${k} is ${JSON.stringify(got.get(k))} over GraphQL, ${JSON.stringify(v)} by hand`);
    }
    if (got.size !== expected.size) throw new Error(`${s.name}: ${got.size} keys over GraphQL, ${expected.size} by hand`);

    const [handMs, cubeMs]: [number[], number[]] = [[], []];
    for (let i = 0; i < runs + 3; i++) {
      let started = performance.now();
      await hand(s.hand);
      const h = performance.now() - started;
      started = performance.now();
      await cube(s.query);
      const c = performance.now() - started;
      if (i >= 3) {
        handMs.push(h);
        cubeMs.push(c);
      }
    }
    const [h50, c50] = [percentile(handMs, 50), percentile(cubeMs, 50)];
    table.push([s.name, String(expected.size), h50, percentile(handMs, 95), c50, percentile(cubeMs, 95), `${(c50 / h50).toFixed(2)}×`]);
  }
  console.log(`\nUncached spendCube over HTTP beside hand-written SQL on ${Number(n).toLocaleString('en-GB')} lines (${store.dialect === 'postgres' ? 'PostgreSQL' : dbPath}), rollups ${rollups ? 'on' : 'off'}, result cache off,`);
  console.log(`${runs} alternating runs each after 3 warm-ups, answers compared to the cent first; milliseconds:\n`);
  printTable(['query', 'rows', 'hand SQL p50', 'hand p95', 'GraphQL p50', 'GraphQL p95', 'GraphQL / hand'], table);
  await close();
}

// The server runs in this process: as deployed (the Dockerfile, scripts/scale-local.sh and
// bench/server-process.ts set NODE_ENV=production), GraphQL's checks for development are off, which
// a 1,860-row cube answer costs about 15 ms. graphql-js reads NODE_ENV when it is first imported,
// so without it the benchmark runs again in a process that has it.
if (process.env.NODE_ENV !== 'production') {
  const run = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  process.exit(run.status ?? 1);
} else {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}

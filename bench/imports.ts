/**
 * Import throughput and rule re-classification, through the real server over HTTP.
 * 1. A generated 1,000,000-row council-style CSV: upload, validate (staging), commit; rows/s and the
 *    peak RSS of the server, which runs in its own process (bench/server-process.ts). Then the
 *    engine alone on the same file, on the same database: the staged rows typed straight from the
 *    file, then lines from them, with no check and no look-up: the floor of the two writes any
 *    validate-then-commit import makes (docs/imports.md, "Speed").
 * 2. Twenty classification rules run over every line of a copy of the 10M-line demo file.
 * With `--pg postgres://postgres@127.0.0.1:5432`, step 1 runs on a fresh PostgreSQL database on that
 * server (made and dropped here) instead of a DuckDB file, and steps 2 and 3 are skipped.
 * While the file validates and commits, another user's requests are timed (the server must not starve them).
 * Usage: npm run bench:imports -- [--rows 1000000] [--demoLines 10000] [--db10m /tmp/demo10m.duckdb] [--pg postgres://…]
 */
import { copyFileSync, createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { CsvWriter } from '../server/src/lib/csv-file.js';
import { loadConfig } from '../server/src/config.js';
import { openStore, startServer } from '../server/src/server.js';
import { percentile, printTable } from './stats.js';
import { signIn } from './sign-in.js';
import { freshPgDatabase } from './pg.js';
import { idle, resetPeak, rssMb, withServer } from './server-process.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const rows = Number(arg('rows', '1000000'));
const pgServer = arg('pg', '');
/** Demo lines already in the database the file is imported into (a commit's last steps read the lines). */
const demoLines = Number(arg('demoLines', '10000'));
const dir = mkdtempSync(join(tmpdir(), 'spendscope-bench-imports-'));

function makeCsv(path: string) {
  const out = new CsvWriter(path, ['Body Name', 'Service Area', 'Expense Type', 'Payment Date', 'Transaction Number', 'Net Amount', 'Supplier Name', 'Description']);
  const areas = ['Housing', 'Environment', 'Finance', 'Leisure', 'Transport', 'Education'];
  const types = ['Consultancy', 'Repairs', 'Software', 'Fuel', 'Catering', 'Stationery'];
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  for (let i = 1; i <= rows; i++) {
    const day = 1 + (next() % 28);
    const month = 1 + (next() % 12);
    out.writeValues(['Bench Council', areas[next() % areas.length], types[next() % types.length], `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/2025`,
      `TX-${i}`, `${(next() % 5_000_000) / 100 + 500}`.replace(/(\.\d)$/, '$10'), `Supplier ${next() % 5000} Ltd`, `Invoice ${i}`]);
  }
  out.close();
}

async function gql(url: string, cookie: string, query: string, variables: Record<string, unknown> = {}) {
  const res = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data: Record<string, unknown>; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/**
 * Another user while the import runs: every 100 ms, one after the other, the server's health
 * check (the event loop alone) and the overview's total (a statement). Returns a stop function
 * that yields the latencies in ms of each, so a long validation or commit that starves everyone
 * else shows.
 */
function otherUser(url: string, cookie: string) {
  const samples = { health: [] as number[], total: [] as number[] };
  let running = true;
  const timed = async (into: number[], request: () => Promise<unknown>) => {
    const t = performance.now();
    await request();
    into.push(performance.now() - t);
  };
  const loop = (async () => {
    while (running) {
      await timed(samples.health, async () => (await fetch(`${url}/healthz`)).text());
      await timed(samples.total, () => gql(url, cookie, `{ spendSummary { totalSpend } }`));
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return samples;
  };
}


async function serve(dbPath: string, lines: number) {
  const config = loadConfig({
    SPENDSCOPE_DB: dbPath, SPENDSCOPE_DEMO_LINES: String(lines), PORT: '0', HOST: '127.0.0.1', SPENDSCOPE_CLIENT_DIST: '',
  });
  const { store } = await openStore(config);
  const server = await startServer(store, config, { info: () => {}, error: (m, f) => console.error(m, f) });
  const url = `http://127.0.0.1:${server.port}`;
  return { url, cookie: await signIn(`${url}/graphql`, 'admin@spendscope.test'), close: async () => { await server.close(); await store.close(); } };
}

/** Staged rows, typed, as validation stores them: the file's columns cast, nothing checked. */
const FLOOR_STAGE_COLUMNS = 'batch_id, row_number, invoice_date, amount, currency, amount_reporting, supplier_key, supplier_name, raw_supplier_name, description, category, business_unit, source_ref';
/** Lines from staged rows, as a commit writes them, with one supplier and one unit for all (no lookups). */
const FLOOR_LINES = (maxId: string) => `INSERT INTO spend_lines (id, import_batch_id, source_ref, invoice_date, posting_date, supplier_id, raw_supplier_name, classification_source,
    business_unit_id, description, amount, currency, amount_reporting)
  SELECT ${maxId} + row_number, batch_id, source_ref, invoice_date, invoice_date, 1, raw_supplier_name, 'NONE', 1, description, amount, currency, amount_reporting
  FROM import_rows WHERE batch_id = -1`;
const FLOOR_BATCH = -1;

/** DuckDB: the file read by `read_csv` into typed staged rows, then those rows into lines; a transaction each, as the product's. */
async function duckDbFloor(path: string): Promise<Array<[string, number]>> {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const instance = await DuckDBInstance.create(path, { memory_limit: '128MiB' });
  const c = await instance.connect();
  const timed = async (statement: string) => {
    const t = performance.now();
    await c.run('BEGIN');
    await c.run(statement);
    await c.run('COMMIT');
    return (performance.now() - t) / 1000;
  };
  const stage = await timed(`INSERT INTO import_rows (${FLOOR_STAGE_COLUMNS})
    SELECT ${FLOOR_BATCH}, row_number() OVER (), strptime("Payment Date", '%d/%m/%Y')::DATE, "Net Amount"::DECIMAL(18,2), 'GBP', "Net Amount"::DECIMAL(18,2),
      lower("Supplier Name"), "Supplier Name", "Supplier Name", "Description", "Expense Type", "Service Area", "Transaction Number"
    FROM read_csv('${csv}', header = true, all_varchar = true)`);
  const lines = await timed(FLOOR_LINES('(SELECT max(id) FROM spend_lines)'));
  c.closeSync();
  instance.closeSync();
  return [['staged rows from the file (read_csv)', stage], ['lines from the staged rows', lines]];
}

/** PostgreSQL: the file through COPY FROM STDIN into a temporary table of its text columns (as read_csv reads it, unlogged), typed into staged rows, then lines; a transaction each. */
async function pgFloor(url: string): Promise<Array<[string, number]>> {
  const { from: copyFrom } = await import('pg-copy-streams');
  const { pipeline } = await import('node:stream/promises');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let t = performance.now();
    await client.query('BEGIN');
    await client.query(`CREATE TEMP TABLE floor_file (body text, area text, type text, paid text, tx text, net text, supplier text, description text)`);
    await pipeline(createReadStream(csv), client.query(copyFrom(`COPY floor_file FROM STDIN WITH (FORMAT csv, HEADER true)`)));
    await client.query(`INSERT INTO import_rows (${FLOOR_STAGE_COLUMNS})
      SELECT ${FLOOR_BATCH}, row_number() OVER (), to_date(paid, 'DD/MM/YYYY'), net::numeric(18,2), 'GBP', net::numeric(18,2), lower(supplier), supplier, supplier, description, type, area, tx
      FROM floor_file`);
    await client.query('COMMIT');
    const stage = (performance.now() - t) / 1000;
    t = performance.now();
    await client.query('BEGIN');
    await client.query(FLOOR_LINES('(SELECT max(id) FROM spend_lines)'));
    await client.query('COMMIT');
    const lines = (performance.now() - t) / 1000;
    // A design with one write per row (docs/imports.md, "On paper: one write per row") still has to
    // bring the file into PostgreSQL and store it as lines: the same file, typed straight into lines.
    t = performance.now();
    await client.query('BEGIN');
    await client.query(`CREATE TEMP TABLE floor_once (body text, area text, type text, paid text, tx text, net text, supplier text, description text)`);
    await pipeline(createReadStream(csv), client.query(copyFrom(`COPY floor_once FROM STDIN WITH (FORMAT csv, HEADER true)`)));
    await client.query(`INSERT INTO spend_lines (id, import_batch_id, source_ref, invoice_date, posting_date, supplier_id, raw_supplier_name, classification_source,
        business_unit_id, description, amount, currency, amount_reporting)
      SELECT (SELECT max(id) FROM spend_lines) + row_number() OVER (), ${FLOOR_BATCH}, tx, to_date(paid, 'DD/MM/YYYY'), to_date(paid, 'DD/MM/YYYY'), 1, supplier, 'NONE',
        1, description, net::numeric(18,2), 'GBP', net::numeric(18,2)
      FROM floor_once`);
    await client.query('COMMIT');
    const once = (performance.now() - t) / 1000;
    return [['staged rows from the file (COPY, then typed)', stage], ['lines from the staged rows', lines], ['one write: lines straight from the file (COPY, then typed)', once]];
  } finally {
    await client.end();
  }
}

const table: Array<Array<string | number>> = [];
/** Another user's requests while the 1M-row file validates and commits. */
const others: Array<Array<string | number>> = [];
const csv = join(dir, 'bench-1m.csv');
makeCsv(csv);
{
  // The server runs in its own process, as deployed, so its peak RSS is the import's and not this
  // script's (which wrote the file and streams it up).
  const postgres = pgServer ? await freshPgDatabase(pgServer, `spendscope_bench_imports_${process.pid}`) : null;
  await withServer({
    db: join(dir, 'imports.duckdb'), port: 4814,
    env: { SPENDSCOPE_DEMO_LINES: String(demoLines), ...(postgres ? { SPENDSCOPE_DATABASE_URL: postgres.url } : {}) },
  }, async (url, pid) => {
    const cookie = await signIn(`${url}/graphql`, 'admin@spendscope.test');
    const other = await signIn(`${url}/graphql`, 'finance@spendscope.test');
    await idle(pid);
    resetPeak(pid);
    const before = rssMb(pid, 'VmRSS');
    let t = performance.now();
    const up = await fetch(`${url}/api/imports?fileName=bench-1m.csv&sourceName=Bench`, {
      method: 'POST', headers: { cookie, 'content-type': 'text/csv' }, body: Readable.toWeb(createReadStream(csv)) as ReadableStream, duplex: 'half',
    } as RequestInit);
    const id = ((await up.json()) as { data: { id: string } }).data.id;
    const uploadS = (performance.now() - t) / 1000;
    const batch = await gql(url, cookie, `query($id: ID!) { importBatch(id: $id) { columns { index field } } }`, { id }) as unknown as { importBatch: { columns: Array<{ index: number; field: string | null }> } };
    const columns = batch.importBatch.columns.filter((c) => c.field).map((c) => ({ field: c.field, column: c.index }));
    t = performance.now();
    let stopOther = otherUser(url, other);
    const v = await gql(url, cookie, `mutation($id: ID!, $m: ImportMappingInput!) { validateImport(id: $id, mapping: $m) { acceptedCount rejectedCount } }`, { id, m: { columns, defaultCurrency: 'GBP' } }) as unknown as { validateImport: { acceptedCount: number } };
    const validateS = (performance.now() - t) / 1000;
    const duringValidate = await stopOther();
    const afterValidate = rssMb(pid);
    t = performance.now();
    stopOther = otherUser(url, other);
    await gql(url, cookie, `mutation($id: ID!) { commitImport(id: $id) { status } }`, { id });
    const commitS = (performance.now() - t) / 1000;
    const duringCommit = await stopOther();
    for (const [step, samples] of [['validation', duringValidate], ['commit', duringCommit]] as const) {
      for (const [what, ms] of [['health check', samples.health], ['overview total', samples.total]] as const) {
        others.push([`${what} during the ${step}`, String(ms.length), percentile(ms, 50).toFixed(0), percentile(ms, 99).toFixed(0), Math.max(...ms).toFixed(0)]);
      }
    }
    const accepted = v.validateImport.acceptedCount.toLocaleString('en-GB');
    table.push(['server RSS before the upload (MB)', '', '', before.toFixed(0)]);
    table.push(['upload (stream to disk + detect)', `${(statSync(csv).size / 1048576).toFixed(0)} MiB`, uploadS.toFixed(1), '']);
    table.push(['validate (read, check, stage)', accepted, validateS.toFixed(1), Math.round(rows / validateS).toLocaleString('en-GB')]);
    table.push(['commit (suppliers, units, lines)', accepted, commitS.toFixed(1), Math.round(rows / commitS).toLocaleString('en-GB')]);
    table.push(['server peak RSS up to the end of validation (MB)', '', '', afterValidate.toFixed(0)]);
    table.push(['server peak RSS including the commit (MB)', '', '', rssMb(pid).toFixed(0)]);
    table.push([`validate + commit on ${postgres ? 'PostgreSQL' : 'DuckDB'}`, accepted, (validateS + commitS).toFixed(1), Math.round(rows / (validateS + commitS)).toLocaleString('en-GB')]);
  });
  // The engine's floor for the same file: what the two writes that a validate-then-commit import
  // makes cost the engine alone, with no check, no lookup and no JavaScript (docs/imports.md, "Speed").
  const floor = postgres ? await pgFloor(postgres.url) : await duckDbFloor(join(dir, 'imports.duckdb'));
  const floorRow = (step: string, seconds: number) => table.push([`engine alone: ${step}`, rows.toLocaleString('en-GB'), seconds.toFixed(1), Math.round(rows / seconds).toLocaleString('en-GB')]);
  const [stage, lines, ...more] = floor;
  for (const [step, seconds] of [stage, lines]) floorRow(step, seconds);
  floorRow('both writes', stage[1] + lines[1]);
  for (const [step, seconds] of more) floorRow(step, seconds);
  await postgres?.drop();
}
// XLSX: a workbook written with exceljs's streaming writer, then validated through the server.
if (!pgServer) {
  const xlsxRows = Number(arg('xlsxRows', '200000'));
  const xlsx = join(dir, 'bench.xlsx');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: xlsx });
  const sheet = workbook.addWorksheet('Spend');
  sheet.addRow(['Payment Date', 'Transaction Number', 'Net Amount', 'Supplier Name', 'Service Area']).commit();
  for (let i = 1; i <= xlsxRows; i++) sheet.addRow([new Date(Date.UTC(2025, i % 12, 1 + (i % 28))), `X-${i}`, (i % 100000) / 100 + 1, `Supplier ${i % 3000} Ltd`, 'Housing']).commit();
  sheet.commit();
  await workbook.commit();
  const s = await serve(join(dir, 'xlsx.duckdb'), 10_000);
  const up = await fetch(`${s.url}/api/imports?fileName=bench.xlsx&sourceName=BenchX`, { method: 'POST', headers: { cookie: s.cookie, 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }, body: readFileSync(xlsx) });
  const id = ((await up.json()) as { data: { id: string } }).data.id;
  const batch = await gql(s.url, s.cookie, `query($id: ID!) { importBatch(id: $id) { columns { index field } } }`, { id }) as unknown as { importBatch: { columns: Array<{ index: number; field: string | null }> } };
  const columns = batch.importBatch.columns.filter((c) => c.field).map((c) => ({ field: c.field, column: c.index }));
  const t = performance.now();
  const v = await gql(s.url, s.cookie, `mutation($id: ID!, $m: ImportMappingInput!) { validateImport(id: $id, mapping: $m) { acceptedCount } }`, { id, m: { columns, defaultCurrency: 'GBP' } }) as unknown as { validateImport: { acceptedCount: number } };
  const seconds = (performance.now() - t) / 1000;
  table.push(['validate XLSX', v.validateImport.acceptedCount.toLocaleString('en-GB'), seconds.toFixed(1), Math.round(xlsxRows / seconds).toLocaleString('en-GB')]);
  await s.close();
}
const source10m = arg('db10m', '/tmp/demo10m.duckdb');
if (!pgServer && existsSync(source10m)) {
  const copy = join(dir, 'rules-10m.duckdb');
  copyFileSync(source10m, copy);
  const s = await serve(copy, 10_000);
  for (let i = 0; i < 20; i++) {
    const input = i % 2 === 0 ? { priority: i, descriptionContains: ['courier', 'licence', 'cleaning', 'audit', 'fuel'][i % 5] + (i > 9 ? ' ' : ''), categoryId: String(10 + i) } : { priority: i, supplierId: String(1 + i * 37), categoryId: String(10 + i) };
    await gql(s.url, s.cookie, `mutation($i: ClassificationRuleInput!) { createClassificationRule(input: $i) { id } }`, { i: input });
  }
  const t = performance.now();
  const run = await gql(s.url, s.cookie, `mutation { runClassificationRules { ruleClassified changed durationMs } }`) as unknown as { runClassificationRules: { ruleClassified: number; changed: number } };
  table.push(['20 rules over 10M lines', `${run.runClassificationRules.changed.toLocaleString('en-GB')} changed`, ((performance.now() - t) / 1000).toFixed(1), '']);
  await s.close();
}
console.log();
printTable(['step', 'rows / size', 'seconds', 'rows/s'], table);
if (others.length) {
  console.log(`\nAnother user meanwhile (one request after the other, 100 ms apart), milliseconds:\n`);
  printTable(['request', 'requests', 'p50', 'p99', 'max'], others);
}
rmSync(dir, { recursive: true, force: true });

/**
 * Supplier search and the supplier screens' queries over 50,000 suppliers: GraphQL over HTTP,
 * p50/p95. Usage: node --import tsx bench/supplier-search.ts [--db path] [--lines N] [--suppliers N] [--runs N].
 * A new file is seeded with the demo generator (`--lines`, 10M for the issue's target), then
 * topped up to `--suppliers` with bench-only suppliers (accented names, legal forms, aliases and
 * tax ids, three lines each), whose search keys the server fills when it starts.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../server/src/config.js';
import { DEMO_IMPORT_BATCH_ID } from '../server/src/demo/lines.js';
import { CsvWriter } from '../server/src/demo/csv.js';
import { openStore, startServer } from '../server/src/server.js';
import { sql } from '../server/src/store/sql.js';
import type { Store } from '../server/src/store/store.js';
import { percentile, printTable, time } from './stats.js';
import { signIn } from './sign-in.js';
import { settleBuilds } from './settle.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};

const FIRST = ['Ångström', 'Müller', 'Søren', 'Crédit', 'Zürich', 'Łódź', 'Björk', 'Château', 'Núñez', 'Ørsted', 'Évian', 'Škoda', 'Nordic', 'Atlantic', 'Summit',
  'Meridian', 'Harbour', 'Granite', 'Cedar', 'Falcon', 'Pioneer', 'Beacon', 'Sterling', 'Vanguard', 'Horizon', 'Keystone', 'Riverside', 'Oakwood', 'Silverline', 'Bluewater'];
const SECOND = ['Brothers', 'Partners', 'Industrial', 'Digital', 'Facilities', 'Medical', 'Consulting', 'Logistics', 'Energy', 'Print', 'Foods', 'Engineering', 'Security',
  'Interiors', 'Analytics', 'Cleaning', 'Travel', 'Telecom', 'Software', 'Hygiene', 'Packaging', 'Electrical', 'Catering', 'Recruitment', 'Legal', 'Media', 'Plant',
  'Laboratories', 'Fleet', 'Marine', 'Aviation', 'Textiles', 'Timber', 'Glass', 'Steel', 'Paper', 'Water', 'Solar', 'Robotics', 'Optics'];
const THIRD = ['Services', 'Solutions', 'Supplies', 'Systems', 'Group', 'Trading', 'Works', 'Holdings', 'International', 'Europe', 'UK', 'Direct', 'Network', 'Centre',
  'Associates', 'Company', 'Studio', 'Labs', 'Agency', 'Traders', 'Distribution', 'Technologies', 'Resources', 'Contractors', 'Products', 'Wholesale', 'Hire', 'Maintenance',
  'Management', 'Design', 'Alliance', 'Collective', 'Exchange', 'Hub', 'Point', 'Line', 'Bridge', 'Gate', 'Field', 'Park', 'Yard', 'House', 'Court', 'Square', 'Street',
  'North', 'South', 'East', 'West', 'Central', 'Coastal', 'Metro', 'Regional', 'National', 'Global', 'Continental', 'Premier', 'Select', 'Prime', 'Classic'];
const COUNTRIES: Array<[string, string[]]> = [['GB', ['Ltd', 'Limited', 'plc']], ['DE', ['GmbH', 'AG']], ['FR', ['SA', 'SARL']], ['US', ['Inc', 'LLC']], ['NL', ['B.V.']]];

/** A small deterministic generator (mulberry32), so every run builds the same suppliers. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Adds bench suppliers (and three spend lines each) until the store holds `target` suppliers. */
async function topUp(store: Store, target: number): Promise<number> {
  const q = (text: ReturnType<typeof sql>) => store.query<Record<string, string | number | null>>(text, { name: 'bench.topUp', timeoutMs: 600_000 });
  const [{ n, max_id }] = await q(sql`SELECT COUNT(*) AS n, MAX(id) AS max_id FROM suppliers`);
  const missing = target - Number(n);
  if (missing <= 0) return 0;
  const random = rng(50_000);
  const combos = FIRST.length * SECOND.length * THIRD.length;
  const picks = Array.from({ length: combos }, (_, i) => i);
  for (let i = picks.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [picks[i], picks[j]] = [picks[j], picks[i]];
  }
  const dir = mkdtempSync(join(tmpdir(), 'supplier-bench-'));
  const suppliers = new CsvWriter(join(dir, 'suppliers.csv'), ['id', 'name', 'normalized_name', 'country_code', 'tax_id', 'status', 'created_at', 'updated_at']);
  const aliases = new CsvWriter(join(dir, 'aliases.csv'), ['supplier_id', 'raw_name']);
  const first = Number(max_id) + 1;
  for (let i = 0; i < missing; i++) {
    const pick = picks[i % combos];
    const round = Math.floor(i / combos);
    const [country, forms] = COUNTRIES[Math.floor(random() * COUNTRIES.length)];
    const base = `${FIRST[pick % FIRST.length]} ${SECOND[Math.floor(pick / FIRST.length) % SECOND.length]} ${THIRD[Math.floor(pick / (FIRST.length * SECOND.length))]}${round ? ` ${round + 1}` : ''}`;
    const name = `${base} ${forms[Math.floor(random() * forms.length)]}`;
    const id = first + i;
    // normalized_name only needs to be unique here: the bench measures search keys, not import matching.
    suppliers.writeValues([id, name, `bench ${id}`, country, random() < 0.7 ? `${country}${100_000_000 + id}` : null, 'ACTIVE', '2026-01-01 00:00:00', '2026-01-01 00:00:00']);
    aliases.writeValues([id, name]);
    if (random() < 0.5) aliases.writeValues([id, name.toUpperCase()]);
    if (random() < 0.3) aliases.writeValues([id, base]);
  }
  suppliers.close();
  aliases.close();
  await store.loadCsv('suppliers', ['id', 'name', 'normalized_name', 'country_code', 'tax_id', 'status', 'created_at', 'updated_at'], join(dir, 'suppliers.csv'));
  await store.loadCsv('supplier_aliases', ['supplier_id', 'raw_name'], join(dir, 'aliases.csv'));
  rmSync(dir, { recursive: true, force: true });
  // Three lines per bench supplier over the three demo years, in leaf categories and units taken in turn.
  await store.execute(
    sql`INSERT INTO spend_lines (id, import_batch_id, source_ref, invoice_date, posting_date, supplier_id, raw_supplier_name, category_id,
          classification_source, business_unit_id, amount, currency, amount_reporting, country_code, created_at, updated_at)
        WITH leaf AS (SELECT id, ROW_NUMBER() OVER (ORDER BY id) - 1 AS n FROM categories WHERE level = 3),
             unit AS (SELECT id, ROW_NUMBER() OVER (ORDER BY id) - 1 AS n FROM business_units),
             counts AS (SELECT (SELECT COUNT(*) FROM leaf) AS leaves, (SELECT COUNT(*) FROM unit) AS units, (SELECT MAX(id) FROM spend_lines) AS max_line),
             r AS (SELECT range AS r FROM range(0, ${missing * 3}))
        SELECT counts.max_line + 1 + r.r, ${DEMO_IMPORT_BATCH_ID}, 'bench-' || CAST(r.r AS VARCHAR),
               CAST(DATE '2023-11-01' + CAST((r.r * 7919) % 1095 AS INTEGER) AS DATE), CAST(DATE '2023-11-01' + CAST((r.r * 7919) % 1095 AS INTEGER) AS DATE),
               sup.id, sup.name, leaf.id, 'RULE', unit.id, CAST(50 + (r.r * 37) % 5000 AS DECIMAL(18,2)), 'EUR', CAST(50 + (r.r * 37) % 5000 AS DECIMAL(18,2)),
               sup.country_code, TIMESTAMP '2026-01-01 00:00:00', TIMESTAMP '2026-01-01 00:00:00'
        FROM r CROSS JOIN counts
        JOIN suppliers sup ON sup.id = ${first} + CAST(r.r % ${missing} AS INTEGER)
        JOIN leaf ON leaf.n = (r.r * 13) % counts.leaves
        JOIN unit ON unit.n = (r.r * 7) % counts.units`,
    { name: 'bench.topUp.lines', timeoutMs: 600_000 },
  );
  await store.checkpoint();
  return missing;
}

async function main() {
  const dbPath = arg('db', '/tmp/suppliers-bench.duckdb');
  const lines = arg('lines', '10000000');
  const target = Number(arg('suppliers', '50000'));
  const runs = Number(arg('runs', '30'));
  const config = loadConfig({ SPENDSCOPE_DB: dbPath, SPENDSCOPE_DEMO_LINES: lines, PORT: '0', HOST: '127.0.0.1', SPENDSCOPE_CLIENT_DIST: '' });
  if (!existsSync(dbPath)) console.log(`${dbPath} does not exist: seeding ${Number(lines).toLocaleString('en-GB')} demo lines first.`);
  let { store } = await openStore(config, console.log);
  const added = await topUp(store, target);
  if (added) {
    // Reopen as a server start does: suppliers without a search key get one.
    await store.close();
    const start = performance.now();
    ({ store } = await openStore(config));
    console.log(`Added ${added.toLocaleString('en-GB')} bench suppliers; their search keys took ${Math.round(performance.now() - start)} ms at start.`);
  }
  const server = await startServer(store, config, { info: () => {}, error: (m, f) => console.error(m, f) });
  await settleBuilds(server, store);
  const url = `http://127.0.0.1:${server.port}/graphql`;
  const count = async (text: ReturnType<typeof sql>) => Number((await store.query<{ n: string }>(text, { name: 'bench.count' }))[0].n);
  const [supplierCount, lineCount] = [await count(sql`SELECT COUNT(*) AS n FROM suppliers`), await count(sql`SELECT COUNT(*) AS n FROM spend_lines`)];
  const [{ tax_id: taxId }] = await store.query<{ tax_id: string }>(sql`SELECT tax_id FROM suppliers WHERE tax_id IS NOT NULL ORDER BY id DESC LIMIT 1`, { name: 'bench.taxId' });
  const [{ id: topId }] = await store.query<{ id: number }>(sql`SELECT supplier_id AS id FROM spend_lines GROUP BY supplier_id ORDER BY SUM(amount_reporting) DESC LIMIT 1`, { name: 'bench.top' });

  const finance = await signIn(url, 'finance@spendscope.test');
  const catman = await signIn(url, 'catman@spendscope.test');
  const run = (cookie: string, query: string, variables: Record<string, unknown>) => async () => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ query, variables }) });
    const body = (await res.json()) as { errors?: unknown };
    if (body.errors) throw new Error(JSON.stringify(body.errors));
  };
  const LIST = `query($search: String, $filter: SpendFilter, $sort: SupplierSort) { suppliers(search: $search, filter: $filter, sort: $sort, page: { limit: 50 }) {
    totalCount nodes { spend previousPeriodSpend change lineCount categoryCount supplier { id name countryCode status } } } }`;
  const SUPPLIER = `query($id: ID!, $filter: SpendFilter) { supplier(id: $id) { id name status parent { id name } children { id name }
    summary(filter: $filter) { spend change lineCount categoryCount onContractShare } monthlySpend(filter: $filter) { month spend }
    categorySpend(filter: $filter) { category { id name } spend share } businessUnitSpend(filter: $filter) { businessUnit { id name } spend share }
    aliasUsage(filter: $filter) { name lineCount } family(filter: $filter) { totalSpend members { supplier { id name } spend } } } }`;
  const year = { dateFrom: '2025-11-01', dateTo: '2026-10-31' };
  const spaced = `${taxId.slice(0, 2).toLowerCase()} ${taxId.slice(2, 5)} ${taxId.slice(5)}`;
  const scenarios: Array<[string, () => Promise<void>]> = [
    ['(baseline) { ping }: HTTP and GraphQL alone', run(finance, '{ ping }', {})],
    ['search "angstrom" (accents folded, many matches)', run(finance, LIST, { search: 'angstrom', filter: year })],
    ['search "Muller Partners Ltd" (legal form ignored)', run(finance, LIST, { search: 'Muller Partners Ltd', filter: year })],
    [`search tax id "${spaced}"`, run(finance, LIST, { search: spaced, filter: year })],
    ['search "zzz" (no match)', run(finance, LIST, { search: 'zzz', filter: year })],
    ['search "angstrom" as category manager', run(catman, LIST, { search: 'angstrom', filter: year })],
    ['list, no search, by spend', run(finance, LIST, { filter: year })],
    ['list, no search, by change', run(finance, LIST, { filter: year, sort: { field: 'CHANGE' } })],
    ['list, no search, by categories', run(finance, LIST, { filter: year, sort: { field: 'CATEGORY_COUNT' } })],
    ['list as category manager, by spend', run(catman, LIST, { filter: year })],
    ['supplier 360 (every panel), largest supplier', run(finance, SUPPLIER, { id: String(topId), filter: year })],
  ];
  const rows: Array<Array<string | number>> = [];
  for (const [name, fn] of scenarios) {
    const samples = await time(fn, runs);
    rows.push([name, percentile(samples, 50), percentile(samples, 95)]);
  }
  const scan = await time(() => store.query(sql`SELECT COUNT(*) AS n FROM suppliers WHERE search_key LIKE '%angstrom%'`, { name: 'bench.scan' }), runs);
  rows.push(['(raw DuckDB) search-key scan alone', percentile(scan, 50), percentile(scan, 95)]);
  // The machines are shared: say how busy this one was, since every figure depends on it.
  console.log(`\nLoad average during the run: ${loadavg()[0].toFixed(2)} on ${cpus().length} cores.`);
  console.log(`\nSupplier screens over ${supplierCount.toLocaleString('en-GB')} suppliers and ${lineCount.toLocaleString('en-GB')} lines (${dbPath}), GraphQL over HTTP, ${runs} runs after 3 warm-ups, ms:\n`);
  printTable(['query', 'p50', 'p95'], rows);
  await server.close();
  await store.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

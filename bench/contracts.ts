/**
 * Contracts: the re-match after one contract edit (target ≤ 1 s at 10M lines), and the queries
 * behind the contract screens (target ≤ 150 ms p50), through the real server over HTTP on a copy
 * of a demo file, plus the re-match statement alone inside one transaction.
 * Usage: node --import tsx bench/contracts.ts [--db /tmp/demo10m.duckdb] [--runs 10]
 * (`npm run seed -- --lines 10M --db /tmp/demo10m.duckdb` makes the 10M-line file; without --db a
 * 1M-line file is seeded in a temporary folder.)
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../server/src/config.js';
import { rematchSpendLines } from '../server/src/modules/contracts/contracts.service.js';
import { openStore, startServer } from '../server/src/server.js';
import { sql } from '../server/src/store/sql.js';
import { percentile, printTable } from './stats.js';
import { signIn } from './sign-in.js';
import { settleBuilds } from './settle.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};

const dir = mkdtempSync(join(tmpdir(), 'spendscope-bench-contracts-'));
const source = arg('db', '');
const runs = Number(arg('runs', '10'));
const dbPath = join(dir, 'contracts.duckdb');
// Edits change the file: work on a copy.
if (source) {
  if (!existsSync(source)) throw new Error(`${source} does not exist; seed it first (npm run seed -- --lines 10M --db ${source}).`);
  copyFileSync(source, dbPath);
}
const config = loadConfig({ SPENDSCOPE_DB: dbPath, SPENDSCOPE_DEMO_LINES: arg('lines', '1000000'), SPENDSCOPE_AS_OF: '2026-11-21', PORT: '0', HOST: '127.0.0.1', SPENDSCOPE_CLIENT_DIST: '' });
const { store } = await openStore(config, console.log);
const server = await startServer(store, config, { info: () => {}, error: (m, f) => console.error(m, f) });
await settleBuilds(server, store);
const url = `http://127.0.0.1:${server.port}/graphql`;
const cookie = await signIn(url, 'admin@spendscope.test');

async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data: T; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

const [{ n }] = await store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM spend_lines`, { name: 'bench.count' });
// The contract with most lines: the edit that moves the most.
const [big] = await store.query<{ id: number; lines: string }>(
  sql`SELECT contract_id AS id, COUNT(*) AS lines FROM spend_lines WHERE contract_id IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`, { name: 'bench.big' });
const CONTRACT = `query($id: ID!) { contract(id: $id) { id number version title supplier { id } categories { id } businessUnits { id } startDate endDate ceiling currency
  owner { id } paymentTermsDays renewal noticeDays } }`;
type C = { contract: { version: number; number: string; title: string; supplier: { id: string }; categories: Array<{ id: string }>; businessUnits: Array<{ id: string }>;
  startDate: string; endDate: string; ceiling: string; currency: string; owner: { id: string } | null; paymentTermsDays: number; renewal: string; noticeDays: number } };
const UPDATE = `mutation($id: ID!, $v: Int!, $i: ContractInput!) { updateContract(id: $id, version: $v, input: $i) { version } }`;

const rows: Array<Array<string | number>> = [];
const add = (name: string, samples: number[], note = '') =>
  rows.push([name, String(samples.length), percentile(samples, 50).toFixed(0), Math.min(...samples).toFixed(0), Math.max(...samples).toFixed(0), note]);

// 1. One edit through GraphQL: the term moves by six months and back, so every run re-matches lines.
const edits: number[] = [];
const moved: number[] = [];
for (let i = 0; i < runs; i++) {
  const { contract: c } = await gql<C>(CONTRACT, { id: String(big.id) });
  const start = i % 2 === 0 ? addMonths(c.startDate, 6) : addMonths(c.startDate, -6);
  const input = {
    number: c.number, title: c.title, supplierId: c.supplier.id, categoryIds: c.categories.map((x) => x.id), businessUnitIds: c.businessUnits.map((x) => x.id),
    startDate: start, endDate: c.endDate, ceiling: c.ceiling, currency: c.currency, ownerId: c.owner?.id ?? null,
    paymentTermsDays: c.paymentTermsDays, renewal: c.renewal, noticeDays: c.noticeDays,
  };
  edits.push(await timed(() => gql(UPDATE, { id: String(big.id), v: c.version, i: input })));
  const [ev] = await store.query<{ after: string }>(sql`SELECT after FROM audit_events WHERE entity = 'Contract' ORDER BY id DESC LIMIT 1`, { name: 'bench.audit' });
  moved.push((JSON.parse(ev.after) as { rematchedLines: number }).rematchedLines);
}
add('updateContract over HTTP (validate, update, re-match, audit)', edits, `${Math.min(...moved).toLocaleString('en-GB')}–${Math.max(...moved).toLocaleString('en-GB')} lines moved`);

// 2. The re-match alone, for the same contract, inside a transaction (nothing to move: the steady state).
const alone: number[] = [];
for (let i = 0; i < runs; i++) alone.push(await timed(() => store.transaction((tx) => rematchSpendLines(tx, { contractIds: [big.id] }))));
add('re-match statement alone, one contract', alone);

// 0. A yardstick for the machine's load at the time: docs name 16 ms for this on an idle 2-core machine.
const yardstick: number[] = [];
for (let i = 0; i < Math.max(runs, 10); i++) {
  yardstick.push(await timed(() => store.query(sql`SELECT category_id, SUM(amount_reporting) AS s FROM spend_lines GROUP BY category_id`, { name: 'bench.yardstick' })));
}
add('yardstick: GROUP BY category, SUM over every line (16 ms idle)', yardstick);

// 3. The queries behind the screens.
const LIST = `query($f: ContractFilter) { contracts(filter: $f, page: { limit: 50 }) { totalCount statusCounts { status count }
  nodes { id number title status startDate endDate effectiveEndDate daysToExpiry ceiling currency spend supplier { id name } owner { id name } } } }`;
const DETAIL = `query($id: ID!) { contract(id: $id) { id number status canEdit supplier { id name } categories { id name } businessUnits { id name }
  utilisation { spend ceilingReporting share burn { month spend cumulative } monthlyRunRate ceilingReachedOn projectedCeilingDate }
  leakage { spend addressableSpend share supplierCount suppliers(limit: 10) { supplier { id name } spend lineCount contractParty } } } }`;
for (const [name, query, vars] of [
  ['contracts list, first page (50) with spend and chips', LIST, {}],
  ['contracts list, EXPIRING', LIST, { f: { statuses: ['EXPIRING'] } }],
  ['contracts list, search', LIST, { f: { search: 'services' } }],
  ['contract detail: utilisation, burn, leakage (busiest contract)', DETAIL, { id: String(big.id) }],
] as const) {
  await gql(query, vars);
  const samples: number[] = [];
  for (let i = 0; i < Math.max(runs, 10); i++) samples.push(await timed(() => gql(query, vars)));
  add(name, samples);
}

console.log(`\n${Number(n).toLocaleString('en-GB')} spend lines; busiest contract ${big.id} with ${Number(big.lines).toLocaleString('en-GB')} lines; ${runs} runs\n`);
printTable(['operation', 'runs', 'p50 ms', 'min ms', 'max ms', 'note'], rows);
await server.close();
await store.close();
rmSync(dir, { recursive: true, force: true });

function addMonths(date: string, months: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

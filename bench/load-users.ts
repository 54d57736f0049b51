/**
 * The simulated users of the load benchmarks (bench/load.ts, bench/scale.ts): each sends the
 * overview's or the explorer's request, waits for the answer and sends the next, with no think
 * time, each with an account of its own.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { percentile } from './stats.js';
import { signIn } from './sign-in.js';

const EMAILS = ['finance@spendscope.test', 'catman@spendscope.test', 'analyst@spendscope.test', 'viewer@spendscope.test', 'admin@spendscope.test'];

/** What the overview asks in one operation (as the console's Overview query does). */
const OVERVIEW = `query($f: SpendFilter, $trend: SpendCubeQuery!, $cats: SpendCubeQuery!, $sups: SpendCubeQuery!) {
  spendSummary(filter: $f) { totalSpend previousPeriodSpend change activeSuppliers onContractShare poCoverage classifiedShare contractsExpiring lineCount }
  trend: spendCube(query: $trend) { rows { keys { id label } values } }
  cats: spendCube(query: $cats) { rows { keys { id label } values } }
  sups: spendCube(query: $sups) { rows { keys { id label } values } totals { values } } }`;
const CUBE = `query($q: SpendCubeQuery!) { spendCube(query: $q) { columns { label } rows { depth keys { id label } values } totals { values } truncated } }`;

/** The periods people pick: the presets of the filter bar. */
const PERIODS = [
  { dateFrom: '2025-11-01', dateTo: '2026-10-31' },
  { dateFrom: '2025-01-01', dateTo: '2025-12-31' },
  { dateFrom: '2024-01-01', dateTo: '2024-12-31' },
  { dateFrom: '2026-01-01', dateTo: '2026-10-31' },
];
const PIVOTS: Array<{ dimensions: string[]; measures: string[] }> = [
  { dimensions: ['BUSINESS_UNIT', 'MONTH'], measures: ['SPEND'] },
  { dimensions: ['CATEGORY_L1', 'CATEGORY_L2'], measures: ['SPEND', 'SUPPLIER_COUNT', 'CONTRACT_COVERAGE'] },
  { dimensions: ['SUPPLIER'], measures: ['SPEND', 'LINE_COUNT'] },
  { dimensions: ['CATEGORY_L1', 'QUARTER'], measures: ['SPEND', 'CHANGE'] },
];

function request(i: number): { query: string; variables: Record<string, unknown> } {
  const f = PERIODS[i % PERIODS.length];
  if (i % 2 === 0) {
    return {
      query: OVERVIEW,
      variables: {
        f,
        trend: { dimensions: ['MONTH', 'CATEGORY_L1'], measures: ['SPEND'], filter: f, limit: 1000 },
        cats: { dimensions: ['CATEGORY_L1'], measures: ['SPEND', 'SHARE_OF_TOTAL'], filter: f, limit: 10 },
        sups: { dimensions: ['SUPPLIER'], measures: ['SPEND'], filter: f, limit: 30 },
      },
    };
  }
  const p = PIVOTS[Math.floor(i / 2) % PIVOTS.length];
  return { query: CUBE, variables: { q: { ...p, filter: f, subtotals: true, limit: 2000 } } };
}


interface Profile { role: string; scope: { categories: Array<{ id: string }>; businessUnits: Array<{ id: string }> } }

/**
 * One account per simulated user, as in an organisation (a server lets each account run a few
 * statements at once, docs/request-limits.md §4, so five shared accounts would measure that
 * queue, not the server). They copy the demo users' roles and scopes in turn, so the result
 * cache sees the same mix of scopes as before. Made once per file and reused.
 */
export async function accounts(url: string, count: number): Promise<string[]> {
  const admin = await signIn(`${url}/graphql`, 'admin@spendscope.test');
  const gql = async <T>(query: string, variables: Record<string, unknown>): Promise<T> => {
    const res = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: admin }, body: JSON.stringify({ query, variables }) });
    const body = (await res.json()) as { data?: T; errors?: Array<{ message: string; extensions?: { code?: string } }> };
    if (body.errors?.length && body.errors[0].extensions?.code !== 'CONFLICT') throw new Error(JSON.stringify(body.errors));
    return body.data as T;
  };
  const profiles: Profile[] = [];
  for (const email of EMAILS) {
    const found = await gql<{ users: { nodes: Array<Profile & { email: string }> } }>(
      'query($s: String) { users(search: $s) { nodes { email role scope { categories { id } businessUnits { id } } } } }', { s: email });
    const p = found.users.nodes.find((n) => n.email === email);
    if (!p) throw new Error(`No demo user ${email}`);
    profiles.push(p);
  }
  const emails: string[] = [];
  for (let i = 0; i < count; i++) {
    const p = profiles[i % profiles.length];
    const email = `load-${i}@bench.spendscope.test`;
    await gql('mutation($i: CreateUserInput!) { createUser(input: $i) { user { id } } }', { i: {
      email, name: `Load user ${i}`, role: p.role, password: 'spendscope-demo',
      ...(p.role === 'CATEGORY_MANAGER' ? { categoryIds: p.scope.categories.map((c) => c.id) } : {}),
      ...(p.role === 'VIEWER' ? { businessUnitIds: p.scope.businessUnits.map((b) => b.id) } : {}),
    } });
    emails.push(email);
  }
  return emails;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1000 });

/**
 * One GraphQL request as a browser sends it (keep-alive, compressed answers), with as little work
 * on this side as possible: the simulated users share the machine's two cores with the server, and
 * `fetch` spent more CPU per answer than the server did. True when the answer is a 200 without
 * `errors` (an unescaped `"errors":` can only be that key: inside a JSON string the quotes are escaped).
 */
function post(url: string, cookie: string, body: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}/graphql`, {
      method: 'POST', agent, timeout: 30_000,
      headers: { 'content-type': 'application/json', 'accept-encoding': 'br, gzip', cookie, 'content-length': Buffer.byteLength(body) },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const text = encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw;
        resolve(res.statusCode === 200 && !text.includes('"errors":'));
      });
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * `users` simulated users on `url` (each its own account, signed in first) for `warmupSeconds`
 * unrecorded and then `seconds` measured: requests, requests per second, latency percentiles (ms), errors.
 */
export async function run(url: string, users: number, warmupSeconds: number, seconds: number) {
  const cookies: string[] = [];
  for (const e of await accounts(url, users)) cookies.push(await signIn(`${url}/graphql`, e));
  const samples: number[] = [];
  let errors = 0;
  let warmupErrors = 0;
  let next = 0;
  const measureFrom = performance.now() + warmupSeconds * 1000;
  const deadline = measureFrom + seconds * 1000;
  const user = async (u: number) => {
    while (performance.now() < deadline) {
      const body = JSON.stringify(request(next++));
      const started = performance.now();
      let failed: boolean;
      try {
        failed = !(await post(url, cookies[u], body));
      } catch {
        failed = true;
      }
      if (started >= measureFrom) {
        samples.push(performance.now() - started);
        if (failed) errors++;
      } else if (failed) warmupErrors++;
    }
  };
  await Promise.all(Array.from({ length: users }, (_, u) => user(u)));
  const elapsed = (performance.now() - measureFrom) / 1000;
  return { requests: samples.length, perSecond: samples.length / elapsed, p50: percentile(samples, 50), p95: percentile(samples, 95), p99: percentile(samples, 99), errors, warmupErrors };
}

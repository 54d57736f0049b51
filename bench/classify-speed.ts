/**
 * The classifier's speed and memory at 10M demo lines, on a DuckDB file and on PostgreSQL, through
 * a real server process (docs/classification-model.md, "Speed and memory"). Targets:
 *   1. a retrain of the 10M demo in at most 60 s, the server's peak RSS at most 1 GB;
 *   2. scoring 1M unclassified lines in at most 20 s;
 *   3. a page of suggestions (50) and of suggestion groups in at most 150 ms p50, as the admin and
 *      as the demo category manager, result cache off.
 * Each engine runs twice on its own copy of the demo: as seeded (about 5% of the lines unclassified),
 * then with more SOURCE lines made unclassified so that 1M lines are scored. Nothing trains at the
 * start (the copy's retrain queue is marked done); `retrainClassifier` trains and returns once the
 * version is live.
 *
 * The runtime does not time its phases, so this file also serves as a preload of the server process
 * (`--import ./bench/classify-speed.ts` with CLASSIFY_SPEED_HOOK=1): it wraps the runtime's private
 * `train`, `scoreUnclassified` and `scoreRules`, the worker's 'finish' message, and the store's
 * `nextVersion` query and `loadCsv` during a training, and prints one line per training with each phase's time and peak RSS (VmHWM,
 * reset at each phase boundary). No server code is changed.
 *
 * Usage: npm run bench:classify-speed -- [--db10m /tmp/classify-speed/demo10m.duckdb] [--pg postgres://postgres@127.0.0.1:5432]
 *          [--engines duckdb,postgres] [--runs 10] [--unclassified 1000000] [--cpu-prof]
 * (the 10M file is seeded first when missing: `npm run seed -- --lines 10M --db <path>`, a few minutes).
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { rollupsBuilt } from './pg.js';

const HOOK_TAG = 'classify-speed:';

// ---- the preload inside the server process ----

async function installHook(): Promise<void> {
  const { ClassifierRuntime } = await import('../server/src/modules/classification/classifier.runtime.js');
  const { Worker } = await import('node:worker_threads');
  type Method = (this: unknown, ...args: unknown[]) => unknown;
  const runtime = ClassifierRuntime.prototype as unknown as Record<string, Method>;
  for (const name of ['train', 'scoreUnclassified', 'scoreRules']) {
    if (typeof runtime[name] !== 'function') throw new Error(`classify-speed: ${name} is gone from the classifier runtime; update the bench's hook`);
  }
  const hwm = () => {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  };
  const reset = () => writeFileSync('/proc/self/clear_refs', '5');
  let phases: Array<{ phase: string; ms: number; peakMb: number; cpuMs: number; load: number }> = [];
  let last = 0;
  let lastCpu = process.cpuUsage();
  let training = false;
  const load = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  /** Ends the phase running since the last mark: its time, CPU (every thread) and peak RSS; the next one starts now. */
  const mark = (phase: string) => {
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    phases.push({ phase, ms: now - last, peakMb: hwm(), cpuMs: (cpu.user + cpu.system) / 1000, load: load() });
    reset();
    last = performance.now();
    lastCpu = process.cpuUsage();
  };
  const wrap = (proto: Record<string, Method>, name: string, around: (original: Method) => Method) => {
    proto[name] = around(proto[name]);
  };
  // The worker thread counts and fits (classifier.worker.ts): the 'finish' message ends the reading.
  const worker = Worker.prototype as unknown as Record<string, Method>;
  wrap(worker, 'postMessage', (original) => function (this: unknown, ...args: unknown[]) {
    if (training && (args[0] as { type?: string } | null)?.type === 'finish') mark('read training rows');
    return original.apply(this, args);
  });
  wrap(runtime, 'train', (original) => async function (this: unknown, ...args: unknown[]) {
    phases = [];
    const startMb = hwm();
    // The first statement after the fit asks for the next version number.
    const store = (this as { store: { query: Method } }).store;
    const query = store.query;
    let fitted = false;
    store.query = function (this: unknown, ...a: unknown[]) {
      if (!fitted && (a[1] as { name?: string } | undefined)?.name === 'classifier.nextVersion') {
        fitted = true;
        mark('fit (finish)');
      }
      return query.apply(this, a);
    };
    training = true;
    reset();
    last = performance.now();
    lastCpu = process.cpuUsage();
    try {
      return await original.apply(this, args);
    } finally {
      training = false;
      delete (store as Partial<typeof store>).query;
      if (store.query !== query) store.query = query;
      mark('go live');
      console.log(`${HOOK_TAG} ${JSON.stringify({ startMb, phases })}`);
    }
  });
  wrap(runtime, 'scoreUnclassified', (original) => async function (this: unknown, ...args: unknown[]) {
    mark('store model');
    const store = (this as { store: { loadCsv: Method } }).store;
    const load = store.loadCsv;
    let loaded = false;
    // The distinct feature sets are read, predicted and written as CSV, bulk loaded, then joined
    // to their lines in the engine (classifier.runtime.ts, scoreUnclassified).
    store.loadCsv = async function (this: unknown, ...a: unknown[]) {
      mark('score: read feature sets + predict + CSV');
      try {
        return await load.apply(this, a);
      } finally {
        loaded = true;
        mark('score: bulk load of the sets');
      }
    };
    try {
      return await original.apply(this, args);
    } finally {
      delete (store as Partial<typeof store>).loadCsv;
      if (store.loadCsv !== load) store.loadCsv = load;
      mark(loaded ? 'score: lines joined to their sets (INSERT … SELECT)' : 'score: read feature sets + predict + CSV');
    }
  });
  wrap(runtime, 'scoreRules', (original) => async function (this: unknown, ...args: unknown[]) {
    try {
      return await original.apply(this, args);
    } finally {
      mark('score rules (disputes)');
    }
  });
}

// ---- the benchmark ----

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};

interface Phase { phase: string; ms: number; peakMb: number; cpuMs: number; load: number }
interface Hooked { startMb: number; phases: Phase[] }

const SUGGESTIONS = `query($f: SpendFilter, $s: ClassificationSuggestionFilter, $p: PageInput) {
  classificationSuggestions(filter: $f, suggestions: $s, page: $p) { totalCount totalAmount currency pageInfo { hasNextPage }
    nodes { line { id amountReporting description supplierName } category { id name } confidence alternatives { category { id name } confidence } reasons } } }`;
const GROUPS = `query($f: SpendFilter, $s: ClassificationSuggestionFilter, $p: PageInput) {
  classificationSuggestionGroups(filter: $f, suggestions: $s, page: $p) { totalCount totalLines totalAmount currency pageInfo { hasNextPage }
    nodes { supplierId supplierName category { id name } lines spend meanConfidence minConfidence reasons } } }`;
const RETRAIN = `mutation { retrainClassifier { version trainingLines categories crossValidatedAccuracy scoredLines lastError } }`;

async function gql(url: string, cookie: string, query: string, variables: Record<string, unknown> = {}) {
  const res = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data: Record<string, unknown>; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

async function signIn(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { user { id } } }', variables: { e: email, p: 'spendscope-demo' } }),
  });
  const cookie = res.headers.get('set-cookie');
  if (!res.ok || !cookie) throw new Error(`Sign-in as ${email} failed (HTTP ${res.status}): ${await res.text()}`);
  return cookie.split(';')[0];
}

function procMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Until the process has used under 5% of a core for two seconds (the rollups' first build is done), at most `maxMs`. */
async function idle(pid: number, maxMs = 600_000): Promise<void> {
  const until = Date.now() + maxMs;
  let last = cpuSeconds(pid);
  let quiet = 0;
  while (Date.now() < until && quiet < 2) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = cpuSeconds(pid);
    quiet = now - last < 0.05 ? quiet + 1 : 0;
    last = now;
  }
}


/** A server process with this file preloaded; its output goes to `logFile` and to `onLine`. */
async function withServer<T>(env: Record<string, string>, logFile: string, onLine: (line: string) => void, fn: (url: string, pid: number) => Promise<T>): Promise<T> {
  const port = 4890 + Math.floor(Math.random() * 100);
  const cpuProf = process.argv.includes('--cpu-prof') ? ['--cpu-prof', '--cpu-prof-dir', join(dirname(logFile), 'prof')] : [];
  const child = spawn(process.execPath, [...cpuProf, '--import', 'tsx', '--import', './bench/classify-speed.ts', 'server/src/main.ts'], {
    env: {
      ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', SPENDSCOPE_CLIENT_DIST: '', CLASSIFY_SPEED_HOOK: '1',
      SPENDSCOPE_RESULT_CACHE: 'false', SPENDSCOPE_REQUEST_TIMEOUT_MS: '900000', SPENDSCOPE_LOGIN_ADDRESS_CEILING: '100000', ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(logFile, { flags: 'a' });
  let buffered = '';
  const take = (chunk: Buffer) => {
    log.write(chunk);
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    for (const line of lines) onLine(line);
  };
  child.stderr.on('data', take);
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      take(chunk);
      if (chunk.toString().includes('Spendscope is ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code} (log: ${logFile})`)));
  });
  await ready;
  try {
    return await fn(`http://127.0.0.1:${port}`, child.pid!);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    log.end();
  }
}

/** Opens the bench's copy in this process (migrations applied) for `fn`, then closes it. */
async function withStore<T>(env: Record<string, string>, fn: (store: import('../server/src/store/store.js').Store) => Promise<T>): Promise<T> {
  const { loadConfig } = await import('../server/src/config.js');
  const { openStore } = await import('../server/src/server.js');
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', SPENDSCOPE_CLIENT_DIST: '', SPENDSCOPE_DEMO_LINES: '10000', ...env });
  const { store } = await openStore(config, () => undefined);
  try {
    return await fn(store);
  } finally {
    await store.checkpoint();
    await store.close();
  }
}

/** Nothing trains when the server starts: the copy's retrain queue is marked done. */
async function quietQueue(env: Record<string, string>) {
  const { sql } = await import('../server/src/store/sql.js');
  return withStore(env, async (store) => {
    await store.execute(sql`UPDATE classifier_settings SET trained_request = requested, trainer = NULL, trainer_beat = NULL WHERE id = 1`, { name: 'bench.quiet' });
    const [row] = await store.query<{ n: string; none: string; source: string }>(
      sql`SELECT COUNT(*) AS n, COUNT(CASE WHEN classification_source = 'NONE' THEN 1 END) AS none,
            COUNT(CASE WHEN classification_source = 'SOURCE' THEN 1 END) AS source FROM spend_lines`, { name: 'bench.counts' });
    return { lines: Number(row.n), none: Number(row.none), source: Number(row.source) };
  });
}

/** Makes SOURCE lines (into leaves, spread over the ids) unclassified until `target` lines are. */
async function unclassifyUpTo(env: Record<string, string>, target: number) {
  const { sql } = await import('../server/src/store/sql.js');
  return withStore(env, async (store) => {
    const [{ none }] = await store.query<{ none: string }>(sql`SELECT COUNT(*) AS none FROM spend_lines WHERE classification_source = 'NONE'`, { name: 'bench.none' });
    const more = target - Number(none);
    if (more > 0) {
      await store.execute(
        sql`UPDATE spend_lines SET category_id = NULL, classification_source = 'NONE', classification_rule_id = NULL
            WHERE id IN (SELECT id FROM spend_lines WHERE classification_source = 'SOURCE' AND id % 7 = 3 ORDER BY id LIMIT ${more})`,
        { name: 'bench.unclassify', timeoutMs: 1_800_000 },
      );
    }
    await store.execute(sql`UPDATE classifier_settings SET trained_request = requested, trainer = NULL, trainer_beat = NULL WHERE id = 1`, { name: 'bench.quiet' });
    const [row] = await store.query<{ none: string }>(sql`SELECT COUNT(*) AS none FROM spend_lines WHERE classification_source = 'NONE'`, { name: 'bench.none' });
    return Number(row.none);
  });
}

const percentile = (samples: number[], p: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};

interface Row { engine: string; phase: string; ms: number; target: string; pass: string; peakMb: string; cpu?: string; load?: string }

async function runOnce(engine: 'DuckDB' | 'PostgreSQL', label: string, env: Record<string, string>, dir: string, runs: number, rows: Row[]) {
  let hooked: Hooked | null = null;
  let logLine = '';
  const onLine = (line: string) => {
    if (line.startsWith(HOOK_TAG)) hooked = JSON.parse(line.slice(HOOK_TAG.length)) as Hooked;
    if (line.includes('classifier: ')) {
      logLine = (JSON.parse(line) as { message?: string }).message ?? line;
      console.error(`  server: ${logLine}`);
    }
  };
  await withServer(env, join(dir, `server-${engine}-${label.replace(/\W+/g, '-')}.log`), onLine, async (url, pid) => {
    const started = performance.now();
    await idle(pid);
    // On PostgreSQL the rollups build in the database while the server waits: idle is not enough.
    if (env.SPENDSCOPE_DATABASE_URL) await rollupsBuilt(env.SPENDSCOPE_DATABASE_URL);
    const restMb = procMb(pid, 'VmRSS');
    const startPeakMb = procMb(pid, 'VmHWM');
    console.error(`  ${engine} ${label}: idle after ${((performance.now() - started) / 1000).toFixed(1)} s, RSS ${restMb.toFixed(0)} MB (peak so far ${startPeakMb.toFixed(0)} MB)`);
    const admin = await signIn(url, 'admin@spendscope.test');
    const catman = await signIn(url, 'catman@spendscope.test');

    // 1 and 2: retrain, returning once the version is live; RSS sampled from outside too.
    let sampledMb = 0;
    const cpu0 = cpuSeconds(pid);
    const sampler = setInterval(() => (sampledMb = Math.max(sampledMb, procMb(pid, 'VmRSS'))), 100);
    const t = performance.now();
    const status = (await gql(url, admin, RETRAIN)).retrainClassifier as { version: number; trainingLines: number; scoredLines: number; crossValidatedAccuracy: number | null; lastError: string | null };
    const retrainMs = performance.now() - t;
    const retrainCpu = cpuSeconds(pid) - cpu0;
    clearInterval(sampler);
    if (status.lastError) throw new Error(`training failed: ${status.lastError}`);
    const h = hooked as Hooked | null;
    if (!h) throw new Error('the hook reported no phases (is the preload loaded?)');
    const phaseMs = (name: string) => h.phases.filter((p) => p.phase.startsWith(name)).reduce((s, p) => s + p.ms, 0);
    const phaseCpu = (name: string) => h.phases.filter((p) => p.phase.startsWith(name)).reduce((s, p) => s + p.cpuMs, 0);
    const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const loadNow = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
    const phasePeak = (names: string[]) => Math.max(...h.phases.filter((p) => names.some((n) => p.phase.startsWith(n))).map((p) => p.peakMb));
    const peak = Math.max(...h.phases.map((p) => p.peakMb), sampledMb);
    const mb = (v: number) => `${v.toFixed(0)} MB`;
    const pass = (ok: boolean) => (ok ? 'pass' : 'FAIL');
    const what = `${label}: ${status.trainingLines.toLocaleString('en-GB')} training lines, ${status.scoredLines.toLocaleString('en-GB')} scored`;
    console.error(`  ${what}; accuracy ${status.crossValidatedAccuracy}; ${logLine}`);
    rows.push({ engine, phase: `retrainClassifier end to end (${what})`, ms: retrainMs, target: '≤ 60 s, ≤ 1 GB', pass: pass(retrainMs <= 60_000 && peak <= 1024), peakMb: mb(peak), cpu: sec(retrainCpu * 1000), load: loadNow() });
    const train = phaseMs('read training rows') + phaseMs('fit');
    rows.push({ engine, phase: `  train: read grouped rows + fit`, ms: train, target: '≤ 60 s', pass: pass(train <= 60_000), peakMb: mb(phasePeak(['read training rows', 'fit'])),
      cpu: sec(phaseCpu('read training rows') + phaseCpu('fit')) });
    for (const p of h.phases) rows.push({ engine, phase: `    ${p.phase}`, ms: p.ms, target: '', pass: '', peakMb: mb(p.peakMb), cpu: sec(p.cpuMs), load: p.load.toFixed(1) });
    const scoring = phaseMs('score: ');
    const scoringTarget = status.scoredLines >= 900_000 ? { target: '≤ 20 s (1M)', pass: pass(scoring <= 20_000) } : { target: `(${(status.scoredLines / 1e6).toFixed(2)}M lines)`, pass: '' };
    rows.push({ engine, phase: `  scoring ${status.scoredLines.toLocaleString('en-GB')} unclassified lines`, ms: scoring, ...scoringTarget, peakMb: mb(phasePeak(['score: '])), cpu: sec(phaseCpu('score: ')) });

    // 3: the review screen's reads, result cache off (SPENDSCOPE_RESULT_CACHE=false), as each user.
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const band = { minConfidence: 0.9 };
    const scenarios: Array<{ name: string; query: string; vars: (i: number) => Record<string, unknown> }> = [
      { name: 'suggestions page 1', query: SUGGESTIONS, vars: () => ({ p: { limit: 50 } }) },
      { name: 'suggestions pages 2…, offset varied', query: SUGGESTIONS, vars: (i) => ({ p: { limit: 50, offset: 50 * (i + 1) } }) },
      { name: 'suggestions ≥ 0.9, offset varied', query: SUGGESTIONS, vars: (i) => ({ s: band, p: { limit: 50, offset: 50 * i } }) },
      { name: 'groups page 1', query: GROUPS, vars: () => ({ p: { limit: 50 } }) },
      { name: 'groups pages 2…, offset varied', query: GROUPS, vars: (i) => ({ p: { limit: 50, offset: 50 * (i + 1) } }) },
      { name: 'groups ≥ 0.9, offset varied', query: GROUPS, vars: (i) => ({ s: band, p: { limit: 50, offset: 50 * i } }) },
    ];
    for (const [who, cookie] of [['admin', admin], ['catman', catman]] as const) {
      for (const s of scenarios) {
        for (let i = 0; i < 2; i++) await gql(url, cookie, s.query, s.vars(runs + 10 + i));
        const samples: number[] = [];
        let total = 0;
        for (let i = 0; i < runs; i++) {
          const q0 = performance.now();
          const data = await gql(url, cookie, s.query, s.vars(i));
          samples.push(performance.now() - q0);
          total = Number((Object.values(data)[0] as { totalCount: number }).totalCount);
        }
        const p50 = percentile(samples, 50);
        console.error(`  ${engine} ${label}: ${s.name} as ${who}: p50 ${p50.toFixed(0)} ms, p99 ${percentile(samples, 99).toFixed(0)} ms`);
        rows.push({ engine, phase: `${s.name} as ${who} (${total.toLocaleString('en-GB')}; p99 ${percentile(samples, 99).toFixed(0)} ms)`, ms: p50,
          target: '≤ 150 ms p50', pass: pass(p50 <= 150), peakMb: mb(procMb(pid, 'VmHWM')), load: loadNow() });
      }
    }
  });
}

async function main() {
  const db10m = arg('db10m', '/tmp/classify-speed/demo10m.duckdb');
  const pgServer = arg('pg', 'postgres://postgres@127.0.0.1:5432');
  const engines = arg('engines', 'duckdb,postgres').split(',');
  const runs = Number(arg('runs', '10'));
  const unclassified = Number(arg('unclassified', '1000000'));
  const dir = join(dirname(db10m), 'run');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  if (!existsSync(db10m)) {
    console.error(`${db10m} does not exist: seeding 10M demo lines (minutes) …`);
    const seeded = spawnSync('npm', ['run', 'seed', '--', '--lines', '10M', '--db', db10m], { stdio: 'inherit' });
    if (seeded.status !== 0) throw new Error('seeding failed');
  }
  const rows: Row[] = [];
  const copy = join(dir, 'bench.duckdb');
  const duckEnv = { SPENDSCOPE_DB: copy };
  const fresh = () => {
    for (const f of [copy, `${copy}.wal`]) rmSync(f, { force: true });
    copyFileSync(db10m, copy);
  };

  if (engines.includes('duckdb')) {
    fresh();
    const counts = await quietQueue(duckEnv);
    console.error(`DuckDB copy: ${counts.lines.toLocaleString('en-GB')} lines, ${counts.none.toLocaleString('en-GB')} unclassified, ${counts.source.toLocaleString('en-GB')} SOURCE`);
    await runOnce('DuckDB', 'demo as seeded', duckEnv, dir, runs, rows);
    const none = await unclassifyUpTo(duckEnv, unclassified);
    console.error(`DuckDB copy: ${none.toLocaleString('en-GB')} lines unclassified now`);
    await runOnce('DuckDB', `${(none / 1e6).toFixed(2)}M unclassified`, duckEnv, dir, runs, rows);
    printRows(rows);
  }
  if (engines.includes('postgres')) {
    const pg = (await import('pg')).default;
    const name = `spendscope_classify_speed_${process.pid}`;
    const admin = async (text: string, database = 'postgres') => {
      const client = new pg.Client({ connectionString: `${pgServer}/${database}` });
      await client.connect();
      try {
        await client.query(text);
      } finally {
        await client.end();
      }
    };
    await admin(`CREATE DATABASE ${name}`);
    const pgEnv = { SPENDSCOPE_DATABASE_URL: `${pgServer}/${name}` };
    try {
      fresh();
      const t = performance.now();
      const moved = spawnSync('npm', ['run', 'move-to-postgres', '--', '--db', copy, '--to', pgEnv.SPENDSCOPE_DATABASE_URL], { stdio: 'inherit' });
      if (moved.status !== 0) throw new Error('move-to-postgres failed');
      console.error(`moved into PostgreSQL in ${((performance.now() - t) / 1000).toFixed(0)} s`);
      rmSync(copy, { force: true });
      // Autovacuum would otherwise analyse the fresh tables in the middle of a measurement.
      await admin('VACUUM ANALYZE', name);
      const counts = await quietQueue(pgEnv);
      console.error(`PostgreSQL copy: ${counts.lines.toLocaleString('en-GB')} lines, ${counts.none.toLocaleString('en-GB')} unclassified`);
      await runOnce('PostgreSQL', 'demo as seeded', pgEnv, dir, runs, rows);
      const none = await unclassifyUpTo(pgEnv, unclassified);
      await admin('VACUUM ANALYZE', name);
      console.error(`PostgreSQL copy: ${none.toLocaleString('en-GB')} lines unclassified now`);
      await runOnce('PostgreSQL', `${(none / 1e6).toFixed(2)}M unclassified`, pgEnv, dir, runs, rows);
    } finally {
      if (!process.argv.includes('--keep-pg')) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      else console.error(`kept ${pgEnv.SPENDSCOPE_DATABASE_URL}`);
    }
  }
  console.log(`\nClassifier speed and memory at 10M demo lines, a real server process per run (server logs in ${dir}); peak RSS is the server's VmHWM over the phase;\nserver CPU is the server process's user + system time (DuckDB runs inside it, PostgreSQL does not); load is the machine's 1-minute load average (2 cores):\n`);
  printRows(rows);
}

function printRows(rows: Row[]) {
  const cells = [['engine', 'phase', 'time', 'target', 'pass/fail', 'peak RSS', 'server CPU', 'load'],
    ...rows.map((r) => [r.engine, r.phase, r.ms >= 10_000 ? `${(r.ms / 1000).toFixed(1)} s` : `${r.ms.toFixed(0)} ms`, r.target, r.pass, r.peakMb, r.cpu ?? '', r.load ?? ''])];
  const widths = cells[0].map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(line(cells[0]));
  console.log(`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
  for (const r of cells.slice(1)) console.log(line(r));
}

if (process.env.CLASSIFY_SPEED_HOOK === '1') {
  await installHook();
} else {
  await main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}

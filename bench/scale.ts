/**
 * Three API processes behind nginx against one, on one PostgreSQL database, everything on loopback
 * (docs/scale-out.md, "Measured"): scripts/scale-local.sh starts each topology, and the simulated
 * users of bench/load.ts (each its own account, no think time) load the overview and the explorer
 * through nginx. Prints throughput, latency percentiles and errors per topology. Never part of the tests.
 * Usage: node --import tsx bench/scale.ts [--database-url postgres://postgres@127.0.0.1:5432/spendscope_bench]
 *          [--replicas 1,3] [--users 100] [--seconds 60] [--warmup 10]
 * The database must hold the demo already (a first start would seed it with 1M lines); for 10M lines:
 *   npm run seed -- --lines 10M --db /tmp/demo10m.duckdb
 *   createdb spendscope_bench && npm run move-to-postgres -- --db /tmp/demo10m.duckdb --to postgres://postgres@127.0.0.1:5432/spendscope_bench
 */
import { spawn } from 'node:child_process';
import pg from 'pg';
import { run } from './load-users.js';
import { rollupsBuilt } from './pg.js';
import { idle } from './server-process.js';
import { printTable } from './stats.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const databaseUrl = arg('database-url', 'postgres://postgres@127.0.0.1:5432/spendscope_bench');
const replicaCounts = arg('replicas', '1,3').split(',').map(Number);
const users = Number(arg('users', '100'));
const seconds = Math.min(600, Number(arg('seconds', '60')));
const warmup = Math.min(120, Number(arg('warmup', '10')));
const PORT = 4880;
const API_PORT = 4881;


/** Runs `fn` against scripts/scale-local.sh with `replicas` processes; stops it afterwards. */
async function withTopology<T>(replicas: number, fn: (url: string, apiPids: number[]) => Promise<T>): Promise<T> {
  const script = spawn('bash', ['scripts/scale-local.sh', '--replicas', String(replicas), '--port', String(PORT), '--api-port', String(API_PORT)], {
    env: {
      ...process.env,
      SPENDSCOPE_DATABASE_URL: databaseUrl,
      SPENDSCOPE_CLIENT_DIST: '',
      // Every simulated user signs in from loopback: the per-address sign-in ceiling would refuse the 101st.
      SPENDSCOPE_LOGIN_ADDRESS_CEILING: '100000',
      SCALE_DIR: `/tmp/spendscope-bench-scale-${replicas}`,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((r) => script.once('exit', r));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    script.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const m = /scale-out is ready at (\S+)/.exec(output);
      if (m) resolve(m[1]);
    });
    void exited.then((code) => reject(new Error(`scale-local.sh exited with ${String(code)}:\n${output}`)));
  });
  try {
    return await fn(url, [...output.matchAll(/api-\d+: pid (\d+)/g)].map((m) => Number(m[1])));
  } finally {
    script.kill('SIGTERM');
    await exited;
  }
}

async function main() {
  const rows: Array<Array<string | number>> = [];
  for (const replicas of replicaCounts) {
    await withTopology(replicas, async (url, pids) => {
      // Measure serving, not starting: the first build of the rollups, then quiet processes.
      await rollupsBuilt(databaseUrl, 2000);
      for (const pid of pids) await idle(pid);
      const r = await run(url, users, warmup, seconds);
      rows.push([String(replicas), String(users), String(r.requests), r.perSecond, r.p50, r.p95, r.p99, String(r.errors), String(r.warmupErrors)]);
      console.error(`${replicas} replica(s), ${users} users: ${r.requests} requests, ${r.perSecond.toFixed(1)}/s, p99 ${r.p99.toFixed(0)} ms, ${r.errors} errors`);
    });
  }
  const [{ n }] = await (async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query<{ n: string }>('SELECT CAST(COUNT(*) AS TEXT) AS n FROM spend_lines')).rows;
    } finally {
      await client.end();
    }
  })();
  console.log(`\nOverview and explorer through nginx, API processes on one PostgreSQL database (${Number(n).toLocaleString('en-GB')} spend lines), all on loopback;`);
  console.log(`${seconds} s measured per run after ${warmup} s of the same load unrecorded, closed loop without think time, milliseconds:\n`);
  printTable(['API processes', 'users', 'requests', 'requests/s', 'p50', 'p95', 'p99', 'errors', 'errors in warm-up'], rows);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

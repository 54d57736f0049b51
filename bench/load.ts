/**
 * Many users at once on the overview and the explorer: simulated users each send a request,
 * wait for the answer and send the next (no think time), for a bounded time, against a server
 * process on loopback, each with an account of their own. Run with the result cache on and off. Prints throughput, latency
 * percentiles and errors per run. Never part of the tests.
 * Usage: node --import tsx bench/load.ts [--db /tmp/demo1m.duckdb] [--users 50,200] [--seconds 60] [--warmup 10]
 *   or    node --import tsx bench/load.ts --url http://127.0.0.1:8080 [--users …] against a running
 *   server or proxy (scripts/scale-local.sh: start its processes with SPENDSCOPE_LOGIN_ADDRESS_CEILING=100000).
 *   bench/scale.ts compares three processes behind nginx with one.
 * (`npm run seed -- --lines 1M --db /tmp/demo1m.duckdb` makes the 1M-line file.)
 */
import { existsSync } from 'node:fs';
import { idle, withServer } from './server-process.js';
import { printTable } from './stats.js';
import { run } from './load-users.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const db = arg('db', '/tmp/demo1m.duckdb');
/** A server (or proxy) already running: measured as it is, with the result cache it has. */
const target = arg('url', '');
const userCounts = arg('users', '50,200').split(',').map(Number);
const seconds = Math.min(600, Number(arg('seconds', '60')));
/** Load before the measured run, not recorded: each user's first requests fill the caches (0 to measure from cold). */
const warmup = Math.min(120, Number(arg('warmup', '10')));
const port = 4817;

async function main() {
  if (target) {
    const rows: Array<Array<string | number>> = [];
    for (const users of userCounts) {
      const r = await run(target, users, warmup, seconds);
      rows.push([String(users), String(r.requests), r.perSecond, r.p50, r.p95, r.p99, String(r.errors), String(r.warmupErrors)]);
    }
    console.log(`\nOverview and explorer under load at ${target}, ${seconds} s measured per run after ${warmup} s unrecorded, milliseconds:\n`);
    printTable(['users', 'requests', 'requests/s', 'p50', 'p95', 'p99', 'errors', 'errors in warm-up'], rows);
    return;
  }
  if (!existsSync(db)) throw new Error(`${db} does not exist: npm run seed -- --lines 1M --db ${db}`);
  const rows: Array<Array<string | number>> = [];
  for (const cache of [true, false]) {
    // Every simulated user signs in from loopback: the per-address sign-in ceiling would refuse the 101st.
    await withServer({ db, port, env: { SPENDSCOPE_RESULT_CACHE: String(cache), SPENDSCOPE_LOGIN_ADDRESS_CEILING: '100000' } }, async (url, pid) => {
      // Let the rollups finish their first build (however long it takes), so the run measures serving, not starting.
      await idle(pid);
      for (const users of userCounts) {
        const r = await run(url, users, warmup, seconds);
        rows.push([cache ? 'on' : 'off', String(users), String(r.requests), r.perSecond, r.p50, r.p95, r.p99, String(r.errors), String(r.warmupErrors)]);
        console.error(`cache ${cache ? 'on' : 'off'}, ${users} users: ${r.requests} requests, p99 ${r.p99.toFixed(0)} ms, ${r.errors} errors`);
      }
    });
  }
  console.log(`\nOverview and explorer under load (${db}), ${seconds} s measured per run after ${warmup} s of the same load unrecorded,`);
  console.log('closed loop without think time, milliseconds:\n');
  printTable(['result cache', 'users', 'requests', 'requests/s', 'p50', 'p95', 'p99', 'errors', 'errors in warm-up'], rows);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

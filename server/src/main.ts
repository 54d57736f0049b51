import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { clientBuildReason } from './lib/client-build.js';
import { DEMO_PASSWORD, DEMO_USERS } from './demo/generate.js';
import { openStore, startServer } from './server.js';
import { StoreOpenError, type Store } from './store/store.js';
import { redactUrl } from './store/postgres.js';

const started = Date.now();
const say = (message: string) => console.log(message);
/** A stop that has not finished by then is cut short: orchestrators send SIGKILL soon after. */
const STOP_DEADLINE_MS = 10_000;

let store: Store | null = null;
let server: Awaited<ReturnType<typeof startServer>> | null = null;
let stopping = false;

/**
 * SIGTERM/SIGINT at any moment, even while seeding (docs/durability.md, "Stopping"): drain
 * requests, close the store (which checkpoints), exit 0. A second signal, or the deadline,
 * exits at once; what was committed is in the write-ahead log and replays on the next start.
 */
function onSignal(signal: NodeJS.Signals) {
  if (stopping) {
    say(`${signal} again: exiting now.`);
    process.exit(1);
  }
  stopping = true;
  say(`${signal}: stopping …`);
  setTimeout(() => {
    console.error(`Stopping took over ${STOP_DEADLINE_MS / 1000} s; exiting without a final checkpoint.`);
    process.exit(1);
  }, STOP_DEADLINE_MS).unref();
  void (async () => {
    try {
      const config = loadConfig();
      await server?.close(config.shutdownGraceMs);
      await store?.close({ graceMs: 1_000 });
      say('Stopped.');
      process.exit(0);
    } catch (error) {
      console.error(`Stopping failed: ${String((error as Error)?.message ?? error)}`);
      process.exit(1);
    }
  })();
}

async function main() {
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const config = loadConfig();
  mkdirSync(dirname(config.dbPath), { recursive: true });

  // `npm start`: build the console on a fresh clone, and again after its sources changed.
  const buildReason = process.argv.includes('--build-client-if-needed') && config.clientDist ? clientBuildReason(config.clientDist) : null;
  if (buildReason) {
    say(`Building the console (${buildReason}) …`);
    execFileSync('npm', ['run', 'build', '-w', 'client'], { stdio: 'inherit' });
  }

  const opened = await openStore(config, say);
  store = opened.store;
  if (stopping) return; // a signal came while opening: the handler closes what is open
  server = await startServer(store, config);
  const url = `http://localhost:${server.port}`;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  say('');
  say(`Spendscope is ready at ${url}  (GraphQL: ${url}/graphql)  — ${opened.seeded ? 'seeded and ' : ''}started in ${seconds} s`);
  say(`Database: ${config.databaseUrl ? redactUrl(config.databaseUrl) : config.dbPath}`);
  say('Demo logins (password for all: ' + DEMO_PASSWORD + '):');
  for (const u of DEMO_USERS) say(`  ${u.role.padEnd(17)} ${u.email}`);
  say('');
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else if (error instanceof StoreOpenError) console.error(`Cannot start: ${error.message}`);
  else console.error(error);
  process.exit(1);
});

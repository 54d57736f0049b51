import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { DEMO_PASSWORD, DEMO_USERS } from './demo/generate.js';
import { openStore, startServer } from './server.js';

const started = Date.now();
const say = (message: string) => console.log(message);

async function main() {
  const config = loadConfig();
  mkdirSync(dirname(config.dbPath), { recursive: true });

  // `npm start` on a fresh clone: build the console once if it is missing.
  if (process.argv.includes('--build-client-if-needed') && config.clientDist && !existsSync(join(config.clientDist, 'index.html'))) {
    say('Building the console (first start only) …');
    execFileSync('npm', ['run', 'build', '-w', 'client'], { stdio: 'inherit' });
  }

  const { store, seeded } = await openStore(config, say);
  const server = await startServer(store, config);
  const url = `http://localhost:${server.port}`;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  say('');
  say(`Spendscope is ready at ${url}  (GraphQL: ${url}/graphql)  — ${seeded ? 'seeded and ' : ''}started in ${seconds} s`);
  say(`Database: ${config.dbPath}`);
  say('Demo logins (password for all: ' + DEMO_PASSWORD + '):');
  for (const u of DEMO_USERS) say(`  ${u.role.padEnd(17)} ${u.email}`);
  say('');

  const shutdown = async () => {
    await server.close();
    await store.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else console.error(error);
  process.exit(1);
});

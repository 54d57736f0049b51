import type { AddressInfo } from 'node:net';
import { createApp, consoleLogger, type Logger } from './app.js';
import type { Config } from './config.js';
import { DuckDbStore } from './store/duckdb.js';
import { migrate } from './store/migrate.js';
import { sql } from './store/sql.js';
import type { Store } from './store/store.js';
import { seedDemo } from './demo/generate.js';

/** Opens the store, applies migrations, and seeds demo data into an empty database. */
export async function openStore(config: Config, log: (message: string) => void = () => {}): Promise<{ store: Store; seeded: boolean }> {
  const store = await DuckDbStore.open(config.dbPath);
  await migrate(store);
  const [{ n }] = await store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM users`, { name: 'startup.userCount' });
  if (Number(n) > 0) return { store, seeded: false };
  log(`First run: seeding ${config.demoLines.toLocaleString('en-GB')} demo spend lines into ${config.dbPath} …`);
  let lastPercent = -1;
  await seedDemo(store, {
    lines: config.demoLines,
    onProgress: (done, total) => {
      const percent = Math.floor((done / total) * 100);
      if (percent >= lastPercent + 10) {
        lastPercent = percent;
        log(`  seeding ${percent}% (${done.toLocaleString('en-GB')} of ${total.toLocaleString('en-GB')} lines)`);
      }
    },
  });
  return { store, seeded: true };
}

/** Starts the HTTP server on the configured port; resolves once it listens. */
export async function startServer(store: Store, config: Config, logger: Logger = consoleLogger) {
  const { app, stop, services } = await createApp(store, config, logger);
  const server = app.listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    services,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await stop();
    },
  };
}

import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import { startImportRecovery } from './context.js';
import { consoleLogger, type Logger } from './logger.js';
import type { Config } from './config.js';
import { DuckDbStore } from './store/duckdb.js';
import { migrate } from './store/migrate.js';
import { sql } from './store/sql.js';
import type { Store } from './store/store.js';
import { seedDemo } from './demo/generate.js';
import { rematchSpendLines } from './modules/contracts/contracts.service.js';
import { fillItemKeys } from './modules/spend/spend.service.js';
import { Lifecycle } from './http/lifecycle.js';
import { createDatabase, openPostgresDatabase } from './store/create.js';
import { redactUrl } from './store/postgres.js';
import { AppError } from './errors.js';
import { RollupMaintainer } from './core/spend-rollup.js';
import { refreshSupplierSearchKeys } from './modules/suppliers/suppliers.service.js';
import { ExportsService } from './modules/exports/exports.service.js';
import { DeliveryRuntime } from './modules/subscriptions/subscriptions.runtime.js';

/** The migration that introduced the one contract matching rule (009_contract_matching_rule.sql). */
const CONTRACT_MATCHING_MIGRATION = 9;

/**
 * Opens the store, applies migrations, and seeds demo data into an empty database.
 *
 * A new database is built beside its final name (`<file>.creating`), migrated, seeded,
 * checkpointed and closed, and only then renamed into place: a crash while seeding leaves no
 * half-seeded file behind, and the next start simply builds it again (docs/durability.md).
 */
export async function openStore(config: Config, log: (message: string) => void = () => {}): Promise<{ store: Store; seeded: boolean }> {
  if (config.databaseUrl) {
    const opened = await openPostgresDatabase(config.databaseUrl, (tx) => seedInto(tx, config, log), { log });
    log('PostgreSQL: serving from it (docs/postgres.md says what is still DuckDB-only).');
    return opened;
  }
  let seeded = false;
  if (!existsSync(config.dbPath)) {
    await createDatabase(config.dbPath, (store) => seedInto(store, config, log));
    seeded = true;
  }
  const store = await DuckDbStore.open(config.dbPath, { log, memoryMb: config.duckdbMemoryMb });
  try {
    // Schema changes are checkpointed at once: they are the records an unclean stop must never
    // leave in the write-ahead log alone.
    const applied = await migrate(store);
    if (applied.includes(CONTRACT_MATCHING_MIGRATION)) {
      // A database from before the one matching rule: bring every line in line with it once.
      const changed = await store.transaction((tx) => rematchSpendLines(tx, { lines: sql`TRUE` }));
      if (changed) log(`Re-matched ${changed.toLocaleString('en-GB')} spend lines to contracts by the matching rule.`);
    }
    // Suppliers written before search keys existed (or by a path that leaves them to this) get theirs; lines their item keys.
    const keyed = await refreshSupplierSearchKeys(store, { missing: true });
    await fillItemKeys(store);
    if (applied.length || keyed > 0) await store.checkpoint();
    const [{ n }] = await store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM users`, { name: 'startup.userCount' });
    if (Number(n) === 0) {
      // An existing but empty file (created by hand, or by a version before the one above).
      await seedInto(store, config, log);
      await store.checkpoint();
      seeded = true;
    }
  } catch (error) {
    await store.close();
    throw error;
  }
  store.startPeriodicCheckpoints(config.checkpointIntervalMs);
  return { store, seeded };
}

async function seedInto(store: Store, config: Config, log: (message: string) => void) {
  log(`First run: seeding ${config.demoLines.toLocaleString('en-GB')} demo spend lines into ${config.databaseUrl ? redactUrl(config.databaseUrl) : config.dbPath} …`);
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
}

/** How long an idle kept-alive connection stays open: above nginx's 60 s upstream keepalive_timeout. */
export const KEEP_ALIVE_MS = 65_000;

/** Starts the HTTP server on the configured port; resolves once it listens. */
export async function startServer(store: Store, config: Config, logger: Logger = consoleLogger) {
  const lifecycle = new Lifecycle();
  // Rollups are built in the background and used once they match the lines (docs/rollups.md).
  const rollups = config.rollups ? RollupMaintainer.attach(store, (m) => logger.info(m), undefined, config) : null;
  const { app, stop, services, execute } = await createApp(store, config, logger, lifecycle);
  const stopImportRecovery = startImportRecovery(services, (m) => logger.info(m));
  // Report subscriptions: due runs queued and deliveries sent, each as its recipient (docs/domain.md, "Report subscriptions").
  const deliveries = new DeliveryRuntime(services, new ExportsService(config, logger, execute), (m) => logger.info(m));
  const stopDeliveries = deliveries.start();
  // The classifier trains in the background when a change asks for it (docs/domain.md, "Classification").
  services.classifier.log = (m) => logger.info(m);
  const stopClassifier = config.classifier ? services.classifier.start() : () => undefined;
  const server = app.listen(config.port, config.host);
  // Idle connections stay open longer than any client or proxy keeps them (nginx upstream: 60 s).
  // With Node's 5 s, a client reusing a connection at that moment gets it reset under its request,
  // and a POST is not retried (docs/request-limits.md, "Connections").
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | null = null;
  return {
    port,
    services,
    rollups,
    lifecycle,
    deliveries,
    /**
     * Stops cleanly (docs/durability.md, "Stopping"): no new connections, requests on kept-alive
     * ones refused with 503, in-flight requests given `graceMs` to finish, then their statements
     * interrupted and their connections closed. The caller closes the store afterwards.
     */
    close(graceMs = 5_000): Promise<void> {
      closing ??= (async () => {
        lifecycle.draining = true;
        rollups?.stop();
        stopImportRecovery();
        stopDeliveries();
        stopClassifier();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        if (!(await lifecycle.idle(graceMs))) {
          // Their statements end with a "try again" answer rather than an interrupted-query error.
          const restarting = new AppError('RATE_LIMITED', 'The server is restarting. Try again in a moment.', { retryAfterSeconds: 1 });
          for (const request of services.requests) request.cancel(restarting);
          await lifecycle.idle(500);
          store.interrupt(); // anything not run on a request's behalf
          await lifecycle.idle(1_000);
        }
        server.closeAllConnections();
        await closed;
        await stop();
      })();
      return closing;
    },
  };
}

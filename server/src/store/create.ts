import { renameSync, rmSync } from 'node:fs';
import { DuckDbStore } from './duckdb.js';
import { migrate } from './migrate.js';
import { refreshStatistics } from './dialect.js';
import { PostgresStore } from './postgres.js';
import { SharedVersions } from './shared-versions.js';
import { sql } from './sql.js';
import type { Store } from './store.js';

/** Builds a new database file atomically: everything in `<path>.creating`, then one rename. */
export async function createDatabase(
  path: string,
  fill: (store: DuckDbStore) => Promise<void>,
  options: { beforeRename?: () => void } = {},
): Promise<void> {
  const temp = `${path}.creating`;
  for (const leftover of [temp, `${temp}.wal`]) rmSync(leftover, { force: true });
  const store = await DuckDbStore.open(temp);
  try {
    await migrate(store);
    await fill(store);
    await store.checkpoint();
  } finally {
    await store.close();
  }
  rmSync(`${temp}.wal`, { force: true }); // empty after the checkpoint and close
  options.beforeRename?.();
  renameSync(temp, path);
}


/**
 * Opens the PostgreSQL database SPENDSCOPE_DATABASE_URL names (docs/postgres.md), brings its
 * schema up to date, and fills it when it holds no users yet. The fill runs in one transaction,
 * the counterpart of the DuckDB file's build-then-rename: a crash while seeding leaves nothing,
 * and the next start seeds again.
 */
export async function openPostgresDatabase(
  url: string,
  fill: (store: Store) => Promise<void>,
  options: { log?: (message: string) => void } = {},
): Promise<{ store: PostgresStore; seeded: boolean }> {
  const store = await PostgresStore.open(url, { log: options.log });
  try {
    // Processes starting together on one database migrate and seed it one at a time: the
    // transaction below only holds the lock while the work runs on other connections
    // (docs/scale-out.md). A process that dies holding it releases it with its connection.
    const seeded = await store.transaction(async (lock) => {
      await SharedVersions.exclusive(lock, 'startup');
      const applied = await migrate(store);
      // A migration may change what the rollups or the price index hold: build them anew.
      if (applied.length > 0) await store.execute(sql`UPDATE shared_versions SET value = 0 WHERE name IN ('rollups_built', 'prices_built')`, { name: 'startup.rebuildMarks' });
      await store.startShared();
      const [{ n }] = await store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM users`, { name: 'startup.userCount' });
      if (Number(n) > 0) return false;
      await store.transaction((tx) => fill(tx));
      // The planner's statistics of the tables just filled (docs/postgres.md, "Statistics").
      for (const statement of refreshStatistics(store.dialect)) await store.execute(statement, { name: 'startup.analyze', timeoutMs: 600_000 });
      return true;
    });
    return { store, seeded };
  } catch (error) {
    await store.close();
    throw error;
  }
}

import { renameSync, rmSync } from 'node:fs';
import { DuckDbStore } from './duckdb.js';
import { migrate } from './migrate.js';

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


import type { RollupMaintainer } from '../server/src/core/spend-rollup.js';
import type { Store } from '../server/src/store/store.js';

/**
 * Waits out the server's first build of the rollups and the unit-price index (several seconds at
 * 10M lines, in the background from the start), then folds its write-ahead log into the file: a
 * benchmark that starts timing at once would otherwise time that work, or the periodic checkpoint
 * landing in the middle of one scenario's runs.
 */
export async function settleBuilds(server: { rollups: RollupMaintainer | null }, store: Store, log: (message: string) => void = console.log): Promise<void> {
  if (!server.rollups) return;
  const started = performance.now();
  await server.rollups.settle();
  log(`Rollups and unit-price index built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await store.checkpoint();
}

/**
 * An in-process server over `env` (result cache off unless `env` says otherwise), its rollups
 * built, with its GraphQL address, its line count and a session of the demo finance user: how the
 * cube benches start. `close` stops the server and the store.
 */
export async function settledServer(env: Record<string, string>) {
  const { loadConfig } = await import('../server/src/config.js');
  const { openStore, startServer } = await import('../server/src/server.js');
  const { sql } = await import('../server/src/store/sql.js');
  const { signIn } = await import('./sign-in.js');
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', SPENDSCOPE_CLIENT_DIST: '', SPENDSCOPE_RESULT_CACHE: 'false', ...env });
  const { store } = await openStore(config, console.log);
  const server = await startServer(store, config, { info: () => {}, error: (m, f) => console.error(m, f) });
  await settleBuilds(server, store);
  const url = `http://127.0.0.1:${server.port}/graphql`;
  const [{ n }] = await store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM spend_lines`, { name: 'bench.count' });
  const cookie = await signIn(url, 'finance@spendscope.test');
  return {
    store, server, config, url, lines: Number(n), cookie,
    close: async () => {
      await server.close();
      await store.close();
    },
  };
}

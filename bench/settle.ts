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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbStore } from './duckdb.js';
import { sql } from './sql.js';
import { StoreCancelledError, StoreTimeoutError } from './store.js';

// A statement that would run for minutes unless interrupted.
const ENDLESS = sql`SELECT COUNT(*) AS n FROM range(100000) a, range(100000) b WHERE a.range + b.range < 0`;

describe('stopping a statement the moment it is sent', () => {
  let store: DuckDbStore;
  beforeAll(async () => {
    store = await DuckDbStore.open(':memory:', { poolSize: 2 });
  });
  afterAll(() => store.close());

  // The abort lands while the engine is still taking the statement up; a single interrupt at that
  // moment was lost and the statement ran its whole course (docs/request-limits.md §3).
  it('cancels it even when the abort arrives before the engine has begun it', async () => {
    for (let i = 0; i < 20; i++) {
      const controller = new AbortController();
      const running = store.query(ENDLESS, { name: 'endless', signal: controller.signal }).catch((error: unknown) => error);
      await Promise.resolve();
      controller.abort();
      expect(await running).toBeInstanceOf(StoreCancelledError);
    }
    expect(store.statementStats().active).toBe(0);
  }, 30_000);

  it('ends it at its time limit even when the limit is shorter than the engine takes to begin', async () => {
    for (let i = 0; i < 20; i++) {
      const error = await store.query(ENDLESS, { name: 'endless', timeoutMs: 0 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreTimeoutError);
    }
  }, 30_000);
});

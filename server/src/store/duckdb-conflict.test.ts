import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { DuckDbStore } from './duckdb.js';
import { sql } from './sql.js';

describe('two transactions changing the same row', () => {
  let store: DuckDbStore;
  beforeAll(async () => {
    store = await DuckDbStore.open(':memory:', { poolSize: 2 });
    await store.execute(sql`CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER)`, { name: 't.create' });
    await store.execute(sql`INSERT INTO t VALUES (1, 0)`, { name: 't.insert' });
  });
  afterAll(() => store.close());

  it('aborts the later one with CONFLICT, writes nothing of it, and keeps the other', async () => {
    let inner: unknown = null;
    await store.transaction(async (a) => {
      await a.execute(sql`UPDATE t SET v = 1 WHERE id = 1`, { name: 't.a' });
      // A second connection changes the same row while the first transaction holds it.
      inner = await store.transaction((b) => b.execute(sql`UPDATE t SET v = 2 WHERE id = 1`, { name: 't.b' })).catch((error: unknown) => error);
    });
    expect(inner).toBeInstanceOf(AppError);
    expect((inner as AppError).extensions.code).toBe('CONFLICT');
    expect((inner as AppError).message).not.toMatch(/TransactionContext|tuple/);
    const [row] = await store.query<{ v: number }>(sql`SELECT v FROM t WHERE id = 1`, { name: 't.read' });
    expect(Number(row.v)).toBe(1);
  });

  it('leaves other errors as they are', async () => {
    const error = await store.transaction((tx) => tx.execute(sql`SELECT * FROM missing_table`, { name: 't.bad' })).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(AppError);
  });
});

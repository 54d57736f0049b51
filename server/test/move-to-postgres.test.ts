import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/demo/generate.js';
import { createDatabase } from '../src/store/create.js';
import { DuckDbStore } from '../src/store/duckdb.js';
import { MoveError, moveDuckDbToPostgres } from '../src/store/move.js';
import { PostgresStore } from '../src/store/postgres.js';
import { sql } from '../src/store/sql.js';
import type { Row, Store } from '../src/store/store.js';
import { PG_ADMIN_URL, createPgDatabase, dropPgDatabase } from './pg-databases.js';

/**
 * Moving a DuckDB database into PostgreSQL (docs/postgres.md): a demo file with some later writes
 * is moved into a fresh database on the PostgreSQL at 127.0.0.1:5432, which is dropped afterwards.
 * Every table must arrive row for row (read back through both stores, which give values the same
 * shapes), sequences must continue where DuckDB's stand, and a second move must be refused.
 */
const REBUILT = ['spend_rollup', 'spend_rollup_small', 'spend_rollup_units', 'spend_rollup_sets', 'spend_rollup_sets_quarters', 'spend_rollup_display', 'price_items', 'price_points', 'price_buckets', 'price_everything'];

let dir: string;
let database: Awaited<ReturnType<typeof createPgDatabase>>;
let duckPath: string;
let duck: DuckDbStore;
let target: PostgresStore;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'spendscope-move-test-'));
  duckPath = join(dir, 'demo.duckdb');
  await createDatabase(duckPath, async (store) => {
    await seedDemo(store, { lines: 3_000 });
    // Later writes: a sequence moved on, text with quotes, commas, a line break and accents, an empty string and a NULL.
    await store.execute(sql`INSERT INTO saved_views (id, name, owner_id, shared, kind, definition, created_at, updated_at)
      VALUES (nextval('saved_views_id_seq'), ${'Q3 "review", ÉTÉ\nline two'}, 1, false, 'PIVOT', '{}', TIMESTAMP '2026-01-02 03:04:05.123456', CURRENT_TIMESTAMP)`, { name: 'test.view' });
    await store.execute(sql`INSERT INTO saved_views (id, name, owner_id, shared, kind, definition, created_at, updated_at)
      VALUES (nextval('saved_views_id_seq'), '', 1, true, 'PIVOT', '', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)`, { name: 'test.view2' });
    await store.execute(sql`UPDATE spend_lines SET description = '' WHERE id = 1`, { name: 'test.empty' });
    await store.execute(sql`UPDATE spend_lines SET description = NULL WHERE id = 2`, { name: 'test.null' });
  });
  database = await createPgDatabase();
}, 120_000);

afterAll(async () => {
  await target?.close();
  await duck?.close();
  rmSync(dir, { recursive: true, force: true });
  await database?.drop();
});

/** Every row of a table in a fixed order, as the store reads it. */
async function rowsOf(store: Store, table: string, columns: string[]): Promise<Row[]> {
  const list = sql.join(columns.map(sql.identifier));
  return store.query(sql`SELECT ${list} FROM ${sql.identifier(table)} ORDER BY ${list}`, { name: 'test.rows' });
}

describe('moving a DuckDB database into PostgreSQL', () => {
  it('copies every table row for row, keeps text, NULLs and money exact, and continues the sequences', async () => {
    const report = await moveDuckDbToPostgres(duckPath, database.url);
    duck = await DuckDbStore.open(duckPath);
    target = await PostgresStore.open(database.url);
    const tables = (await target.query<{ name: string }>(
      sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('schema_migrations', 'shared_versions')`,
      { name: 'test.tables' })).map((r) => r.name).sort();
    expect(report.tables.map((t) => t.table).sort()).toEqual(tables.filter((t) => !REBUILT.includes(t)));
    let compared = 0;
    for (const table of tables) {
      const columns = (await target.query<{ name: string }>(
        sql`SELECT column_name AS name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = ${table} ORDER BY ordinal_position`,
        { name: 'test.columns' })).map((r) => r.name);
      const expected = REBUILT.includes(table) ? [] : await rowsOf(duck, table, columns);
      expect(await rowsOf(target, table, columns), table).toEqual(expected);
      if (expected.length > 0) compared++;
    }
    expect(compared, 'most tables held rows to compare').toBeGreaterThan(10);
    // The counters the processes share are PostgreSQL's own, not copied: they leave the rollups and
    // the price index to be built by the first process to start (docs/scale-out.md).
    const marks = new Map((await target.query<{ name: string; value: string }>(sql`SELECT name, CAST(value AS VARCHAR) AS value FROM shared_versions`, { name: 'test.shared' })).map((r) => [r.name, BigInt(r.value)]));
    expect(marks.get('rollups_built')!).toBeLessThan(marks.get('spend')!);
    expect(marks.get('prices_built')!).toBeLessThan(marks.get('spend')!);

    // Money to the cent, counted by each engine on its own.
    const total = sql`SELECT COUNT(*) AS n, CAST(SUM(amount_reporting) AS VARCHAR) AS total, COUNT(description) AS described FROM spend_lines`;
    const [before] = await duck.query(total, { name: 'test.total' });
    const [after] = await target.query(total, { name: 'test.total' });
    expect(after).toEqual(before);
    expect(Number(before.n)).toBe(3_000);
    const [text] = await target.query<{ empty: string; missing: string }>(
      sql`SELECT (SELECT description FROM spend_lines WHERE id = 1) AS empty, (SELECT description FROM spend_lines WHERE id = 2) AS missing`, { name: 'test.text' });
    expect(text).toEqual({ empty: '', missing: null });
    const [view] = await target.query<{ name: string }>(sql`SELECT name FROM saved_views ORDER BY id LIMIT 1`, { name: 'test.view' });
    expect(view.name).toBe('Q3 "review", ÉTÉ\nline two');

    // The next id PostgreSQL hands out is new to its table and not behind the one DuckDB would hand out.
    expect(report.sequences).toBeGreaterThan(3);
    let used = 0;
    for (const table of ['saved_views', 'audit_events', 'import_batches', 'classification_rules', 'supplier_merges']) {
      const seq = `${table}_id_seq`;
      const [d] = await duck.query<{ v: string }>(sql`SELECT CAST(nextval(${seq}) AS VARCHAR) AS v`, { name: 'test.next' });
      const [p] = await target.query<{ v: string }>(sql`SELECT CAST(nextval(${seq}) AS VARCHAR) AS v`, { name: 'test.next' });
      const [{ max }] = await target.query<{ max: string | null }>(sql`SELECT CAST(MAX(id) AS VARCHAR) AS max FROM ${sql.identifier(table)}`, { name: 'test.max' });
      if (max !== null) used++;
      expect(BigInt(p.v), `${seq} after the table's ids`).toBeGreaterThan(BigInt(max ?? '0'));
      expect(BigInt(p.v), `${seq} not behind DuckDB's`).toBeGreaterThanOrEqual(BigInt(d.v));
    }
    expect(used, 'some of those tables held rows').toBeGreaterThan(0);
  }, 180_000);

  it('refuses a database that already holds data, and changes nothing in it', async () => {
    const count = async () => (await target.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM spend_lines`, { name: 'test.count' }))[0].n;
    const before = await count();
    await expect(moveDuckDbToPostgres(duckPath, database.url)).rejects.toThrow(MoveError);
    expect(await count()).toBe(before);
  }, 60_000);

  it('the command makes a target database that does not exist yet, and says in one line what it cannot reach', async () => {
    const run = (to: string) => new Promise<{ code: number; out: string }>((done) => {
      execFile(process.execPath, ['--import', 'tsx', 'server/src/store/move-cli.ts', '--db', duckPath, '--to', to], { timeout: 120_000 }, (error, stdout, stderr) =>
        done({ code: error ? Number(error.code ?? 1) : 0, out: `${stdout}${stderr}` }));
    });
    const name = `spendscope_move_cli_${randomBytes(4).toString('hex')}`;
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    const fresh = await run(url.toString());
    let moved: PostgresStore | null = null;
    try {
      expect(fresh.out).toContain(`Created the database ${url.toString()}`);
      expect(fresh.code).toBe(0);
      moved = await PostgresStore.open(url.toString());
      const [{ n }] = await moved.query<{ n: string }>(sql`SELECT CAST(COUNT(*) AS VARCHAR) AS n FROM spend_lines`, { name: 'test.count' });
      expect(n).toBe('3000');
    } finally {
      await moved?.close();
      await dropPgDatabase(name);
    }
    // Nothing listens on port 9: one line naming the server, no stack trace, exit code 1.
    const unreachable = await run('postgres://postgres@127.0.0.1:9/spendscope');
    expect(unreachable.code).toBe(1);
    expect(unreachable.out).toContain('No PostgreSQL reachable at 127.0.0.1:9');
    expect(unreachable.out).not.toMatch(/^\s+at /m);
  }, 180_000);
});

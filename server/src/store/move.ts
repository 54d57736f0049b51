import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { DuckDbStore } from './duckdb.js';
import { migrate } from './migrate.js';
import { PostgresStore } from './postgres.js';
import { refreshStatistics } from './dialect.js';
import { sql } from './sql.js';

/**
 * Moves a DuckDB database into an empty PostgreSQL one (docs/postgres.md, "Moving a DuckDB
 * database"): both are brought to the current schema, then every table is written by DuckDB to a
 * CSV file and read by PostgreSQL's COPY, parents before the tables that refer to them, and every
 * sequence is set where DuckDB's stands. Everything on the PostgreSQL side is one transaction: a
 * failure (or a kill) leaves the target as empty as it was. The DuckDB file is only read.
 */
export interface MoveReport {
  tables: Array<{ table: string; rows: number }>;
  sequences: number;
  seconds: number;
}

/** Tables the server rebuilds from the lines by itself: moved empty, rebuilt at the first start. */
const REBUILT = new Set(['spend_rollup', 'spend_rollup_small', 'spend_rollup_units', 'spend_rollup_sets', 'spend_rollup_sets_quarters', 'spend_rollup_display', 'price_items', 'price_points', 'price_buckets', 'price_everything']);

export class MoveError extends Error {}

export async function moveDuckDbToPostgres(
  duckPath: string, url: string, options: { log?: (message: string) => void } = {},
): Promise<MoveReport> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const duck = await DuckDbStore.open(duckPath);
  const target = await PostgresStore.open(url);
  const dir = await mkdtemp(join(tmpdir(), 'spendscope-move-'));
  try {
    await migrate(duck);
    await migrate(target);
    const [{ n }] = await target.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM users`, { name: 'move.targetUsers' });
    if (Number(n) > 0) throw new MoveError('The PostgreSQL database already holds users: moving a DuckDB database needs an empty one (create a new database).');
    const tables = await tableOrder(target);
    const sequences = await duck.query<{ name: string; start: string; last: string | null }>(
      sql`SELECT sequence_name AS name, CAST(start_value AS VARCHAR) AS start, CAST(last_value AS VARCHAR) AS last
          FROM duckdb_sequences() WHERE schema_name = 'main'`, { name: 'move.sequences' });
    const report: MoveReport = { tables: [], sequences: 0, seconds: 0 };
    // One client and one transaction for the whole load, so nothing is half-moved.
    const client = new pg.Client({ connectionString: url, options: '-c TimeZone=UTC -c DateStyle=ISO,YMD' });
    await client.connect();
    try {
      await client.query('BEGIN');
      // Migrations write some reference rows themselves (emission factors, say); the DuckDB
      // database holds them too, as they stand there, so the target's are cleared first.
      for (const table of [...tables].reverse()) await client.query(`DELETE FROM ${table}`);
      for (const table of tables) {
        if (REBUILT.has(table)) continue;
        const columns = await sharedColumns(duck, client, table);
        const file = join(dir, `${table}.csv`);
        const list = columns.join(', ');
        // DuckDB writes NULL as an empty field and an empty string as "", which is exactly how
        // PostgreSQL's CSV COPY reads them by default.
        await duck.execute(sql`COPY (SELECT ${sql.join(columns.map(sql.identifier))} FROM ${sql.identifier(table)}) TO ${sql.filePath(file)} (FORMAT csv, HEADER false)`, { name: 'move.export', timeoutMs: 3_600_000 });
        await pipeline(createReadStream(file, { highWaterMark: 1 << 20 }), client.query(copyFrom(`COPY ${table} (${list}) FROM STDIN WITH (FORMAT csv)`)));
        await rm(file, { force: true });
        const [{ count }] = (await client.query<{ count: string }>(`SELECT COUNT(*) AS count FROM ${table}`)).rows;
        report.tables.push({ table, rows: Number(count) });
        log(`${table}: ${Number(count).toLocaleString('en')} rows`);
      }
      for (const s of sequences) {
        sql.identifier(s.name); // throws on anything but a plain name
        // The next value follows the last one DuckDB handed out (or is its start), and never an id
        // its table (`<table>_id_seq`) already holds.
        const table = s.name.endsWith('_id_seq') ? s.name.slice(0, -'_id_seq'.length) : null;
        const [{ max }] = table && tables.includes(table)
          ? (await client.query<{ max: string | null }>(`SELECT CAST(MAX(id) AS VARCHAR) AS max FROM ${table}`)).rows : [{ max: null }];
        const next = [s.last === null ? BigInt(s.start) : BigInt(s.last) + 1n, max === null ? 0n : BigInt(max) + 1n].reduce((a, b) => (a > b ? a : b));
        await client.query('SELECT setval($1, $2, false)', [s.name, next.toString()]);
        report.sequences++;
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      await client.end();
    }
    // Statistics, and the lines' batch index summarised (docs/postgres.md, "Migrations").
    for (const statement of refreshStatistics(target.dialect)) await target.execute(statement, { name: 'move.analyze', timeoutMs: 3_600_000 });
    report.seconds = (performance.now() - started) / 1000;
    return report;
  } finally {
    await rm(dir, { recursive: true, force: true });
    await target.close();
    await duck.close();
  }
}

/** The target's tables, each after the tables its foreign keys refer to. */
async function tableOrder(target: PostgresStore): Promise<string[]> {
  const tables = (await target.query<{ name: string }>(
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
        AND table_name NOT IN ('schema_migrations', 'shared_versions') ORDER BY table_name`, { name: 'move.tables' })).map((r) => r.name);
  const references = await target.query<{ child: string; parent: string }>(
    sql`SELECT DISTINCT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
        FROM pg_constraint c WHERE c.contype = 'f' AND c.conrelid <> c.confrelid`, { name: 'move.references' });
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const r of references) parents.get(r.child)?.add(r.parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p) || !parents.has(p)));
    if (ready.length === 0) throw new MoveError(`The tables' foreign keys form a cycle: ${tables.filter((t) => !placed.has(t)).join(', ')}`);
    for (const t of ready) {
      ordered.push(t);
      placed.add(t);
    }
  }
  for (const t of ordered) sql.identifier(t); // throws on anything but a plain name
  return ordered;
}

/** The columns both databases have for a table, in the target's order (names checked against the catalogue). */
async function sharedColumns(duck: DuckDbStore, client: pg.Client, table: string): Promise<string[]> {
  const theirs = (await client.query<{ name: string }>(
    `SELECT column_name AS name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`, [table])).rows.map((r) => r.name);
  const ours = new Set((await duck.query<{ name: string }>(
    sql`SELECT column_name AS name FROM information_schema.columns WHERE table_schema = 'main' AND table_name = ${table}`, { name: 'move.columns' })).map((r) => r.name));
  const missing = theirs.filter((c) => !ours.has(c));
  if (missing.length) throw new MoveError(`${table}: the DuckDB database has no column ${missing.join(', ')}; both should be at the same schema version.`);
  for (const c of theirs) sql.identifier(c); // throws on anything but a plain name
  return theirs;
}

import { createReadStream } from 'node:fs';
import { firstLine } from '../lib/first-line.js';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { from as copyFrom } from 'pg-copy-streams';
import {
  BULK_TABLES, StoreCancelledError, StoreClosedError, StoreOpenError, StoreTimeoutError, refuseIfAborted,
  type BulkTable, type Cell, type QueryOptions, type SharedName, type Row, type StatementStats, type Store, type StreamChunk,
} from './store.js';
import type { Sql } from './sql.js';
import { DataVersion } from './data-version.js';
import { SharedVersions, sharedChanges } from './shared-versions.js';
import { AppError } from '../errors.js';

const DEFAULT_TIMEOUT_MS = 30_000;
/** Rows per streamed chunk: DuckDB's vector size, so consumers see chunks of the same order. */
const STREAM_CHUNK_ROWS = 2_048;
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
/** SQLSTATE query_canceled: a statement_timeout and a cancel request both end a statement with it. */
const QUERY_CANCELED = '57014';

export interface PostgresOpenOptions {
  poolSize?: number;
  /** Where connection problems are reported (never to clients). */
  log?: (message: string) => void;
}

// ---- values at the boundary (docs/postgres.md, "Values"): the shapes DuckDbStore hands out

const asText = (value: string) => value;
/** DOUBLE: a number, or its text when not finite ('NaN', 'Infinity'), as DuckDB's JSON form gives. */
const floatOrText = (value: string) => {
  const n = Number(value);
  return Number.isFinite(n) ? n : value;
};
/** Arrays of the types above, element by element as text (pg-types' own typing of arrayParser is out of date). */
const arrayParser = pg.types.arrayParser as unknown as { create(source: string, transform: (v: string) => unknown): { parse(): unknown[] } };
const textArray = (value: string) => arrayParser.create(value, asText).parse();

/**
 * Text as PostgreSQL writes it wherever pg's default would lose exactness or change the shape:
 * NUMERIC and BIGINT stay exact strings ('10.50', '42'), DATE 'YYYY-MM-DD', TIMESTAMP
 * 'YYYY-MM-DD HH:MM:SS[.ffffff]' (never a JS Date, which would shift with the process's zone),
 * JSON as its text (DuckDB's JSON is VARCHAR). INTEGER, SMALLINT, BOOLEAN and TEXT are pg's.
 */
const PARSERS = new Map<number, (value: string) => unknown>([
  [20, asText], // int8
  [1700, asText], // numeric
  [1082, asText], // date
  [1083, asText], // time
  [1114, asText], // timestamp
  [1184, asText], // timestamptz (the session's zone is UTC: '…+00', as DuckDB writes it)
  [1186, asText], // interval
  [1266, asText], // timetz
  [114, asText], // json
  [3802, asText], // jsonb
  [700, floatOrText], // float4
  [701, floatOrText], // float8
  [1016, textArray], // int8[]
  [1231, textArray], // numeric[]
  [1182, textArray], // date[]
  [1115, textArray], // timestamp[]
  [1185, textArray], // timestamptz[]
]);

export const PG_TYPES: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    (format ?? 'text') === 'text' && PARSERS.has(oid) ? PARSERS.get(oid) : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

function bound(values: readonly unknown[]): unknown[] {
  return values.map((v) => (typeof v === 'bigint' ? v.toString() : v));
}

/** One pooled connection while it is lent out. */
class Lent {
  /** A cancel request was sent for it: it is closed, not pooled again, so the cancel cannot reach a later statement. */
  cancelSent = false;
  /** Its socket failed, or a ROLLBACK did: closed rather than pooled again. */
  broken = false;
  /** A statement is running on it now (what `interrupt()` cancels). */
  running = 0;
  constructor(readonly client: pg.PoolClient, private readonly cancelWith: (lent: Lent) => void) {}
  cancel(): void {
    if (this.running > 0) this.cancelWith(this);
  }
}

/** The statement_timeout each pooled session holds now, so it is set only when a statement needs another. */
const sessionTimeouts = new WeakMap<pg.PoolClient, number>();

async function useTimeout(client: pg.PoolClient, ms: number): Promise<void> {
  if (!Number.isSafeInteger(ms) || ms < 0) throw new Error(`statement timeout ${ms} is not a whole number of milliseconds`);
  if ((sessionTimeouts.get(client) ?? DEFAULT_TIMEOUT_MS) === ms) return;
  await client.query(`SET statement_timeout = ${ms}`);
  sessionTimeouts.set(client, ms);
}

/**
 * PostgreSQL behind the Store interface (docs/postgres.md), the same contract as DuckDbStore: a
 * pool of connections, bound parameters only, values converted to the same JSON-safe shapes.
 *
 * Time limits are the server's own `statement_timeout`, set per session only when a statement
 * needs another than the one it holds; a stream's limit covers the whole stream, so it is a timer
 * here. Cancellation (a request's signal, `interrupt()`) is a cancel request for that backend;
 * a connection that was sent one is closed afterwards rather than pooled again.
 */
export class PostgresStore implements Store {
  readonly dialect = 'postgres' as const;
  readonly spendVersion = new DataVersion();
  readonly dataVersion = new DataVersion();
  private readonly busy = new Set<Lent>();
  /** Callers waiting for a connection: `close()` refuses them. */
  private readonly waiting = new Set<(error: Error) => void>();
  private closed = false;
  private readonly stats: StatementStats = { active: 0, cancelled: 0 };
  /** What the processes on this database share (docs/scale-out.md); in use once `startShared()` found its table. */
  readonly shared: SharedVersions = new SharedVersions(this);
  private sharing = false;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly connection: pg.ClientConfig,
    private readonly log: (message: string) => void,
  ) {
    // Another process's write moves this process's versions as its own writes do.
    this.shared.onChange('spend', () => this.spendVersion.bump());
    this.shared.onChange('figures', () => this.dataVersion.bump());
  }

  /** After migrations: from now on writes move the shared counters, and they are read. */
  async startShared(): Promise<void> {
    await this.shared.refresh();
    this.sharing = true;
  }

  /** Connects once to check the URL; a failure is a StoreOpenError naming the server, never the password. */
  static async open(url: string, options: PostgresOpenOptions = {}): Promise<PostgresStore> {
    const log = options.log ?? (() => {});
    const connection: pg.ClientConfig = {
      connectionString: url,
      // One zone and date style for every session: timestamps read and written as UTC, as the server
      // writes them. No JIT and 32 MB per sort or hash (docs/postgres.md, "Session settings"): JIT
      // compiled for most of a second before statements that then ran for one or two, and 4 MB
      // sent an import's sorts to disk.
      options: '-c TimeZone=UTC -c DateStyle=ISO,YMD -c IntervalStyle=postgres -c jit=off -c work_mem=32MB',
      application_name: 'spendscope',
      statement_timeout: DEFAULT_TIMEOUT_MS,
      types: PG_TYPES,
    };
    const pool = new pg.Pool({ ...connection, max: options.poolSize ?? 8 });
    // An idle connection the server drops (restart, idle timeout) must not crash the process.
    pool.on('error', (error) => log(`PostgreSQL connection lost while idle: ${firstLine(error)}`));
    try {
      await pool.query('SELECT 1');
    } catch (error) {
      await pool.end().catch(() => {});
      throw new StoreOpenError(`The database ${redactUrl(url)} could not be opened: ${firstLine(error)}`);
    }
    return new PostgresStore(pool, connection, log);
  }

  /** A connection; waiting for one ends when the signal aborts or the store closes. */
  private async acquire(name: string, signal?: AbortSignal): Promise<Lent> {
    if (this.closed) throw new StoreClosedError();
    refuseIfAborted(name, signal);
    const connecting = this.pool.connect();
    let giveUp: (error: Error) => void = () => {};
    const refused = new Promise<never>((_, reject) => (giveUp = reject));
    const onAbort = () => {
      this.stats.cancelled++;
      giveUp(new StoreCancelledError(name, signal?.reason));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    this.waiting.add(giveUp);
    try {
      const client = await Promise.race([connecting, refused]);
      const lent = new Lent(client, (l) => this.sendCancel(l));
      this.busy.add(lent);
      return lent;
    } catch (error) {
      // A connection that arrives after its waiter left goes straight back.
      connecting.then((c) => c.release(), () => {});
      if (error instanceof StoreCancelledError || error instanceof StoreClosedError) throw error;
      throw new Error(`Could not get a PostgreSQL connection for ${name}: ${firstLine(error)}`, { cause: error });
    } finally {
      signal?.removeEventListener('abort', onAbort);
      this.waiting.delete(giveUp);
    }
  }

  private release(lent: Lent, destroy = false): void {
    if (!this.busy.delete(lent)) return;
    lent.client.release(destroy || lent.broken || lent.cancelSent || this.closed);
  }

  private async withConnection<T>(fn: (lent: Lent) => Promise<T>, name: string, signal?: AbortSignal): Promise<T> {
    const lent = await this.acquire(name, signal);
    try {
      return await fn(lent);
    } finally {
      this.release(lent);
    }
  }

  /** Cancels the statement running on `lent` from a connection of its own (the pool may be full). */
  private sendCancel(lent: Lent): void {
    if (lent.cancelSent) return;
    lent.cancelSent = true;
    const pid = (lent.client as unknown as { processID: number | null }).processID;
    if (!pid) return;
    const canceller = new pg.Client({ ...this.connection, statement_timeout: 5_000 });
    void (async () => {
      try {
        await canceller.connect();
        await canceller.query('SELECT pg_cancel_backend($1)', [pid]);
      } catch (error) {
        this.log(`Cancelling a PostgreSQL statement failed: ${firstLine(error)}`);
      } finally {
        await canceller.end().catch(() => {});
      }
    })();
  }

  query<T extends Row = Row>(q: Sql, options: QueryOptions): Promise<T[]> {
    const { text } = q.toQuery();
    return this.aroundWrite(text, () => this.withConnection((l) => runQuery<T>(l, q, options, this.stats), options.name, options.signal));
  }

  async execute(q: Sql, options: QueryOptions): Promise<void> {
    const { text } = q.toQuery();
    await this.aroundWrite(text, () => this.withConnection((l) => runQuery(l, q, options, this.stats), options.name, options.signal));
  }

  /** As DuckDbStore: a statement that writes spend (or a figure's table) moves the versions before and after it. */
  private async aroundWrite<T>(text: string | null, run: () => Promise<T>): Promise<T> {
    // One reading of the text gives both what this process and what the others must hear of.
    const changes = sharedChanges(text);
    const versions = [...(changes.includes('spend') ? [this.spendVersion] : []), ...(changes.includes('figures') ? [this.dataVersion] : [])];
    for (const v of versions) v.begin();
    try {
      const result = await run();
      // Outside a transaction the statement has committed: the counters move before it is acknowledged.
      if (this.sharing && changes.length > 0) this.shared.note(await SharedVersions.bump(this, changes));
      return result;
    } finally {
      for (const v of versions) v.end();
    }
  }

  async *stream(q: Sql, options: QueryOptions): AsyncGenerator<StreamChunk> {
    const lent = await this.acquire(options.name, options.signal);
    try {
      yield* streamOn(lent, q, options, this.stats);
    } finally {
      this.release(lent);
    }
  }

  transaction<T>(fn: (tx: Store) => Promise<T>, options: { signal?: AbortSignal } = {}): Promise<T> {
    return this.withConnection(async (lent) => {
      refuseIfAborted('transaction', options.signal);
      const { client } = lent;
      // A ROLLBACK also undoes a SET made inside the transaction: remember what the session held.
      const timeoutBefore = sessionTimeouts.get(client);
      await client.query('BEGIN');
      const tx = new ConnectionStore(lent, this.stats, this.spendVersion, this.dataVersion);
      try {
        const result = await fn(tx);
        // The shared counters move in the write's own transaction, just before it commits.
        const moved = this.sharing && tx.changes.size > 0 ? await SharedVersions.bump(tx, [...tx.changes]) : [];
        await client.query('COMMIT');
        this.shared.note(moved);
        return result;
      } catch (error) {
        try {
          await client.query('ROLLBACK');
          if (timeoutBefore === undefined) sessionTimeouts.delete(client);
          else sessionTimeouts.set(client, timeoutBefore);
        } catch {
          lent.broken = true; // the server ends the transaction with the connection
        }
        throw writeConflict(error) ?? error;
      } finally {
        if (tx.wroteSpend) this.spendVersion.end();
        if (tx.wroteFigures) this.dataVersion.end();
      }
    }, 'transaction', options.signal);
  }

  loadCsv(table: BulkTable, columns: readonly string[], filePath: string): Promise<void> {
    return this.aroundWrite(table === 'spend_lines' ? null : `COPY ${table}`, () =>
      this.withConnection((l) => loadCsvOn(l, table, columns, filePath), `loadCsv.${table}`));
  }

  statementStats(): StatementStats {
    return { ...this.stats };
  }

  /** Nothing to do: PostgreSQL makes a commit durable itself (its WAL is flushed at COMMIT). */
  async checkpoint(): Promise<void> {}

  /** Cancels every statement running now. */
  interrupt(): void {
    for (const lent of this.busy) lent.cancel();
  }

  /** Refuses new work, lets running statements finish for up to `graceMs`, then cancels them and closes the pool. */
  async close(options: { graceMs?: number } = {}): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const refuse of [...this.waiting]) refuse(new StoreClosedError());
    await waitFor(() => this.busy.size === 0, options.graceMs ?? 2_000);
    if (this.busy.size > 0) {
      this.interrupt();
      await waitFor(() => this.busy.size === 0, 2_000);
    }
    // Whatever still holds a connection now loses it: pool.end() would wait for it for ever.
    for (const lent of [...this.busy]) this.release(lent, true);
    await this.pool.end();
  }
}

/** A Store bound to one connection inside a transaction. */
class ConnectionStore implements Store {
  readonly dialect = 'postgres' as const;
  wroteSpend = false;
  wroteFigures = false;
  /** The shared counters this transaction's writes move (docs/scale-out.md). */
  readonly changes = new Set<SharedName>();
  constructor(
    private readonly lent: Lent, private readonly stats: StatementStats, readonly spendVersion: DataVersion, readonly dataVersion: DataVersion,
  ) {}
  /** The first spend (or figures) write of the transaction moves the version before it runs; null: a bulk load of spend lines. */
  private noteWrite(text: string | null): void {
    // One reading of the text gives both what this process and what the others must hear of.
    const changes = sharedChanges(text);
    for (const change of changes) this.changes.add(change);
    const writes = { spend: changes.includes('spend'), figures: changes.includes('figures') };
    if (!this.wroteSpend && writes.spend) {
      this.wroteSpend = true;
      this.spendVersion.begin();
    }
    if (!this.wroteFigures && writes.figures) {
      this.wroteFigures = true;
      this.dataVersion.begin();
    }
  }
  query<T extends Row = Row>(q: Sql, options: QueryOptions): Promise<T[]> {
    this.noteWrite(q.toQuery().text);
    return runQuery<T>(this.lent, q, options, this.stats);
  }
  async execute(q: Sql, options: QueryOptions): Promise<void> {
    this.noteWrite(q.toQuery().text);
    await runQuery(this.lent, q, options, this.stats);
  }
  stream(q: Sql, options: QueryOptions): AsyncGenerator<StreamChunk> {
    return streamOn(this.lent, q, options, this.stats);
  }
  transaction<T>(fn: (tx: Store) => Promise<T>): Promise<T> {
    return fn(this); // already inside one
  }
  loadCsv(table: BulkTable, columns: readonly string[], filePath: string): Promise<void> {
    this.noteWrite(table === 'spend_lines' ? null : `COPY ${table}`);
    return loadCsvOn(this.lent, table, columns, filePath);
  }
  async checkpoint(): Promise<void> {}
  interrupt(): void {
    this.lent.cancel();
  }
  statementStats(): StatementStats {
    return { ...this.stats };
  }
  async close(): Promise<void> {}
}

/**
 * Cancels the statement on `lent` when its signal aborts (or, for a stream, its own timer runs
 * out), and says why it ended, so a stopped statement is told apart from a failed one with the
 * same error classes as DuckDB's (docs/request-limits.md).
 */
function watchStatement(lent: Lent, options: QueryOptions, stats: StatementStats, timerMs: number | null) {
  refuseIfAborted(options.name, options.signal);
  let stopped: 'timeout' | 'cancelled' | null = null;
  const timer = timerMs === null ? undefined : setTimeout(() => {
    stopped ??= 'timeout';
    lent.cancel();
  }, timerMs);
  const onAbort = () => {
    stopped ??= 'cancelled';
    lent.cancel();
  };
  options.signal?.addEventListener('abort', onAbort, { once: true });
  stats.active++;
  lent.running++;
  return {
    /** The error to throw for a statement that failed; `timeoutMs` is the limit the server applied. */
    failure(error: unknown, timeoutMs: number): unknown {
      if (stopped === 'timeout') return new StoreTimeoutError(options.name, timerMs ?? timeoutMs);
      if (stopped === 'cancelled' || options.signal?.aborted) {
        stats.cancelled++;
        return new StoreCancelledError(options.name, options.signal?.reason);
      }
      if (isStatementTimeout(error)) return new StoreTimeoutError(options.name, timeoutMs);
      return error;
    },
    check(): void {
      if (options.signal?.aborted) {
        stopped ??= 'cancelled';
        throw new Error('aborted between chunks');
      }
    },
    done(): void {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      stats.active--;
      lent.running--;
    },
  };
}

function isStatementTimeout(error: unknown): boolean {
  return (error as { code?: string })?.code === QUERY_CANCELED && /statement timeout/i.test((error as Error).message);
}

async function runQuery<T extends Row>(lent: Lent, q: Sql, options: QueryOptions, stats: StatementStats): Promise<T[]> {
  const { text, values } = q.toQuery();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  refuseIfAborted(options.name, options.signal);
  await useTimeout(lent.client, timeoutMs);
  const watch = watchStatement(lent, options, stats, null);
  try {
    const result = await lent.client.query<T>({ text, values: bound(values), types: PG_TYPES });
    return result.rows ?? [];
  } catch (error) {
    noteBroken(lent, error);
    throw watch.failure(error, timeoutMs);
  } finally {
    watch.done();
  }
}

/** An error without a SQLSTATE came from the client or its socket, not the server: the connection is not reused. */
function noteBroken(lent: Lent, error: unknown): void {
  if (typeof (error as { code?: unknown })?.code !== 'string') lent.broken = true;
}

/** A stream has no time limit unless it names one, and then the limit is for the whole stream. */
async function* streamOn(lent: Lent, q: Sql, options: QueryOptions, stats: StatementStats): AsyncGenerator<StreamChunk> {
  const { text, values } = q.toQuery();
  refuseIfAborted(options.name, options.signal);
  await useTimeout(lent.client, 0);
  const watch = watchStatement(lent, options, stats, options.timeoutMs ?? null);
  const cursor = lent.client.query(new Cursor<Cell[]>(text, bound(values), { rowMode: 'array', types: PG_TYPES }));
  try {
    let columns: string[] | null = null;
    for (;;) {
      let rows: Cell[][];
      try {
        watch.check();
        ({ rows, columns } = await readChunk(cursor, columns));
      } catch (error) {
        noteBroken(lent, error);
        const failure = watch.failure(error, 0);
        throw failure === error ? new Error(`Query ${options.name} failed: ${(error as Error).message}`, { cause: error }) : failure;
      }
      if (rows.length === 0) break;
      for (const row of rows) {
        for (let j = 0; j < row.length; j++) {
          const v = row[j];
          if (v !== null && typeof v === 'object') row[j] = String(v); // arrays, as DuckDB's stream writes lists
        }
      }
      yield { columns, rows };
    }
  } finally {
    watch.done();
    // Closed before the connection is released; a close that does not answer marks the connection broken.
    const closed = await Promise.race([cursor.close().then(() => true, () => false), new Promise<false>((r) => setTimeout(() => r(false), 5_000).unref())]);
    if (!closed) lent.broken = true;
  }
}

function readChunk(cursor: Cursor<Cell[]>, known: string[] | null): Promise<{ rows: Cell[][]; columns: string[] }> {
  return new Promise((resolve, reject) => {
    cursor.read(STREAM_CHUNK_ROWS, (error, rows, result) => {
      if (error) reject(error);
      else resolve({ rows, columns: known ?? result.fields.map((f) => f.name) });
    });
  });
}

/** How much of a bulk-load file each read hands to the COPY. */
const COPY_READ_BYTES = 1 << 20;

/** COPY FROM STDIN with the dialect stated as DuckDbStore states it: a quoted empty field is NULL there too. */
async function loadCsvOn(lent: Lent, table: BulkTable, columns: readonly string[], filePath: string): Promise<void> {
  if (!BULK_TABLES.includes(table)) throw new Error(`loadCsv: table ${table} is not allowed`);
  for (const col of columns) if (!IDENTIFIER.test(col)) throw new Error(`loadCsv: bad column ${col}`);
  const list = columns.join(', ');
  // A bulk load has no time limit, as on DuckDB.
  await useTimeout(lent.client, 0);
  const copy = lent.client.query(
    copyFrom(`COPY ${table} (${list}) FROM STDIN WITH (FORMAT csv, HEADER true, NULL '', DELIMITER ',', QUOTE '"', ESCAPE '"', ENCODING 'UTF8', FORCE_NULL (${list}))`),
  );
  try {
    // Big reads: the file is pumped into the COPY only on turns of the event loop, which an
    // import's validation keeps busy; with 64 KiB reads the engine waited for this process and a
    // 100,000-row chunk took 0.55 s to load instead of 0.29 s (docs/imports.md, "Speed").
    await pipeline(createReadStream(filePath, { highWaterMark: COPY_READ_BYTES }), copy);
  } catch (error) {
    lent.broken = true; // a COPY stopped half-way (bad row, unreadable file): not worth finding out whether the session recovered
    throw error;
  }
}

/**
 * A transaction PostgreSQL aborted because another changed the same rows (serialization failure,
 * deadlock): the caller is told to try again with the catalogue's CONFLICT, as on DuckDB.
 */
export function writeConflict(error: unknown): AppError | null {
  const code = (error as { code?: string })?.code;
  if (code !== '40001' && code !== '40P01') return null;
  return new AppError('CONFLICT', 'Someone changed the same data at the same moment; nothing was saved. Try again.', { retryable: true });
}

/** The URL without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://…';
  }
}


async function waitFor(done: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!done() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
}

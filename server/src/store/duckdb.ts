import { copyFileSync, existsSync, rmSync, statSync } from 'node:fs';
import { firstLine } from '../lib/first-line.js';
import { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import {
  BULK_TABLES, StoreCancelledError, StoreClosedError, StoreOpenError, StoreTimeoutError, refuseIfAborted,
  type BulkTable, type Cell, type QueryOptions, type Row, type StatementStats, type Store, type StreamChunk,
} from './store.js';
import type { Sql } from './sql.js';
import { DataVersion, writeKinds } from './data-version.js';
import { AppError } from '../errors.js';

const DEFAULT_TIMEOUT_MS = 30_000;
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

export interface DuckDbOpenOptions {
  poolSize?: number;
  threads?: number;
  /** The buffer pool's size (`memory_limit`), in MB; DuckDB's default (80% of the machine's memory) when unset. */
  memoryMb?: number;
  /** Where recovery and checkpoint problems are reported (never to clients). */
  log?: (message: string) => void;
}

/** Settings for every instance we open, the recovery one included. */
const INSTANCE_SETTINGS = {
  // Offline machines: never try to download an extension.
  autoinstall_known_extensions: 'false',
  autoload_known_extensions: 'true',
  // Group-bys over small integer key ranges (up to 2^16 keys rather than the default 2^12) use
  // the engine's array-backed aggregate instead of a hash table: counting the unit-price index
  // per item bucket, about 30,000 keys at 10M lines, takes a third of the time (docs/rollups.md).
  perfect_ht_threshold: '16',
};

/**
 * DuckDB behind the Store interface (after cube-js's DuckDBDriver): one instance opened lazily,
 * a small pool of connections so that concurrent requests do not queue behind each other,
 * parameterised statements only, and values converted to JSON-safe form at this boundary.
 *
 * Durability (docs/durability.md): DuckDB appends committed transactions to a write-ahead log
 * and folds it into the file at a checkpoint. We checkpoint after schema changes, seeding and
 * large writes, periodically while running, and on close; a log that the engine cannot replay
 * on open is replayed through an attached copy instead (see `recoverWal`).
 */
export class DuckDbStore implements Store {
  readonly dialect = 'duckdb' as const;
  readonly spendVersion = new DataVersion();
  readonly dataVersion = new DataVersion();
  private readonly idle: DuckDBConnection[] = [];
  private readonly waiting: Array<{ resolve: (c: DuckDBConnection) => void; reject: (e: Error) => void }> = [];
  private readonly all: DuckDBConnection[] = [];
  /** Connections lent out right now: what `interrupt()` cancels and `close()` waits for. */
  private readonly busy = new Set<DuckDBConnection>();
  private closed = false;
  /** Connections being opened right now, so that the pool never grows past its size. */
  private opening = 0;
  private checkpointTimer: NodeJS.Timeout | null = null;
  private readonly stats: StatementStats = { active: 0, cancelled: 0 };

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly poolSize: number,
    private readonly path: string,
    private readonly log: (message: string) => void,
    /** `memory_limit` as set at open, set again to release freed memory (`releaseFreedMemory`); null when unbounded. */
    private readonly memoryLimit: string | null,
  ) {}

  static async open(path: string, options: DuckDbOpenOptions = {}): Promise<DuckDbStore> {
    const log = options.log ?? (() => {});
    const settings: Record<string, string> = {
      ...INSTANCE_SETTINGS,
      ...(options.threads ? { threads: String(options.threads) } : {}),
      ...(options.memoryMb ? { memory_limit: `${options.memoryMb}MiB` } : {}),
    };
    const instance = await openInstance(path, settings, log);
    return new DuckDbStore(instance, options.poolSize ?? 4, path, log, settings.memory_limit ?? null);
  }

  /**
   * A free connection; waiting for one ends when the signal aborts (the waiter leaves the queue)
   * or the store closes.
   */
  private async acquire(name: string, signal?: AbortSignal): Promise<DuckDBConnection> {
    if (this.closed) throw new StoreClosedError();
    refuseIfAborted(name, signal);
    let c = this.idle.pop();
    if (!c && this.all.length + this.opening < this.poolSize) {
      // Counted while it opens: a burst of first requests would otherwise each open one.
      this.opening++;
      try {
        c = await this.instance.connect();
      } finally {
        this.opening--;
      }
      this.all.push(c);
    }
    if (!c) {
      c = await new Promise<DuckDBConnection>((resolve, reject) => {
        const waiter = {
          resolve: (free: DuckDBConnection) => {
            signal?.removeEventListener('abort', onAbort);
            resolve(free);
          },
          reject: (error: Error) => {
            signal?.removeEventListener('abort', onAbort);
            reject(error);
          },
        };
        const onAbort = () => {
          const at = this.waiting.indexOf(waiter);
          if (at >= 0) this.waiting.splice(at, 1);
          this.stats.cancelled++;
          reject(new StoreCancelledError(name, signal?.reason));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        this.waiting.push(waiter);
      });
    }
    this.busy.add(c);
    return c;
  }

  private release(c: DuckDBConnection): void {
    this.busy.delete(c);
    const next = this.closed ? undefined : this.waiting.shift();
    if (next) {
      this.busy.add(c);
      next.resolve(c);
    } else {
      this.idle.push(c);
    }
  }

  private async withConnection<T>(fn: (c: DuckDBConnection) => Promise<T>, name = 'statement', signal?: AbortSignal): Promise<T> {
    const c = await this.acquire(name, signal);
    try {
      return await fn(c);
    } finally {
      this.release(c);
    }
  }

  query<T extends Row = Row>(q: Sql, options: QueryOptions): Promise<T[]> {
    return this.aroundWrite(q.toQuery().text, () => this.withConnection((c) => runQuery<T>(c, q, options, this.stats, this.memoryLimit), options.name, options.signal));
  }

  async execute(q: Sql, options: QueryOptions): Promise<void> {
    await this.aroundWrite(q.toQuery().text, () => this.withConnection((c) => runQuery(c, q, options, this.stats, this.memoryLimit), options.name, options.signal));
  }

  /**
   * A statement on its own that writes spend (or any figure's table) moves the version before it
   * starts and after it ends (docs/rollups.md). `text` null: a bulk load of spend lines.
   */
  private async aroundWrite<T>(text: string | null, run: () => Promise<T>): Promise<T> {
    const writes = writeKinds(text);
    const versions = [...(writes.spend ? [this.spendVersion] : []), ...(writes.figures ? [this.dataVersion] : [])];
    for (const v of versions) v.begin();
    try {
      return await run();
    } finally {
      for (const v of versions) v.end();
    }
  }

  async *stream(q: Sql, options: QueryOptions): AsyncGenerator<StreamChunk> {
    const c = await this.acquire(options.name, options.signal);
    try {
      yield* streamOn(c, q, options, this.stats, this.memoryLimit);
    } finally {
      this.release(c);
    }
  }

  transaction<T>(fn: (tx: Store) => Promise<T>, options: { signal?: AbortSignal } = {}): Promise<T> {
    return this.withConnection(async (c) => {
      refuseIfAborted('transaction', options.signal);
      await c.run('BEGIN TRANSACTION');
      const tx = new ConnectionStore(c, this.stats, this.spendVersion, this.dataVersion, this.memoryLimit);
      try {
        const result = await fn(tx);
        await c.run('COMMIT');
        return result;
      } catch (error) {
        await c.run('ROLLBACK');
        throw writeConflict(error) ?? error;
      } finally {
        // Its spend writes are visible (or gone) only now: what was derived meanwhile is stale.
        if (tx.wroteSpend) this.spendVersion.end();
        if (tx.wroteFigures) this.dataVersion.end();
      }
    }, 'transaction', options.signal);
  }

  loadCsv(table: BulkTable, columns: readonly string[], filePath: string): Promise<void> {
    return this.aroundWrite(table === 'spend_lines' ? null : `COPY ${table}`, () => this.withConnection((c) => loadCsvOn(c, table, columns, filePath, this.memoryLimit)));
  }

  statementStats(): StatementStats {
    return { ...this.stats };
  }

  /** Folds the write-ahead log into the database file, so a crash right after has nothing to replay. */
  async checkpoint(): Promise<void> {
    if (this.path === ':memory:') return;
    await this.withConnection((c) => c.run('CHECKPOINT'));
  }

  /**
   * Checkpoints every `intervalMs` while the log holds anything. DuckDB also checkpoints by
   * itself once the log passes its size threshold; this bounds how much a crash leaves to replay.
   * A checkpoint that cannot run now (another write is in flight) is simply tried next time.
   */
  startPeriodicCheckpoints(intervalMs: number): void {
    if (this.path === ':memory:' || this.checkpointTimer) return;
    this.checkpointTimer = setInterval(() => {
      if (this.closed || walSize(this.path) === 0) return;
      this.checkpoint().catch((error: unknown) => this.log(`Periodic checkpoint skipped: ${firstLine(error)}`));
    }, intervalMs);
    this.checkpointTimer.unref();
  }

  /** Cancels every statement running now (shutdown: in-flight work is given up, not waited for). */
  interrupt(): void {
    for (const c of this.busy) c.interrupt();
  }

  /**
   * Refuses new work, interrupts what still runs after `graceMs`, checkpoints and closes. Never
   * closes a connection a statement is still using: the native close would wait on it.
   */
  async close(options: { graceMs?: number } = {}): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.checkpointTimer) clearInterval(this.checkpointTimer);
    for (const w of this.waiting.splice(0)) w.reject(new StoreClosedError());
    const graceMs = options.graceMs ?? 2_000;
    await waitFor(() => this.busy.size === 0, graceMs);
    if (this.busy.size > 0) {
      this.interrupt();
      await waitFor(() => this.busy.size === 0, 2_000);
    }
    if (this.busy.size === 0 && this.path !== ':memory:') {
      try {
        const c = this.idle[0] ?? (await this.instance.connect());
        if (!this.all.includes(c)) this.all.push(c);
        await c.run('CHECKPOINT');
      } catch (error) {
        this.log(`Checkpoint on close failed (the write-ahead log will be replayed on the next start): ${firstLine(error)}`);
      }
    }
    for (const c of this.all) if (!this.busy.has(c)) c.closeSync();
    this.all.length = 0;
    this.idle.length = 0;
    if (this.busy.size === 0) this.instance.closeSync();
  }
}


function walSize(path: string): number {
  try {
    return statSync(`${path}.wal`).size;
  } catch {
    return 0;
  }
}

async function waitFor(done: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!done() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
}

/**
 * Opens the file; when the engine cannot replay the write-ahead log as it stands (DuckDB 1.x fails
 * on some logged schema changes while opening the main database), replays it by attaching the file
 * to an in-memory instance, where the same log replays, and checkpointing there; then opens again.
 * Anything else that stops the open becomes a StoreOpenError with a message for the operator.
 */
async function openInstance(path: string, settings: Record<string, string>, log: (message: string) => void): Promise<DuckDBInstance> {
  try {
    return await DuckDBInstance.create(path, settings);
  } catch (error) {
    const message = firstLine(error);
    if (/lock/i.test(message)) {
      throw new StoreOpenError(`The database ${path} is in use by another process: ${message.replace(/^IO Error: /, '')}`);
    }
    if (path === ':memory:' || !existsSync(`${path}.wal`) || !/WAL|write-ahead/i.test(message)) {
      throw new StoreOpenError(`The database ${path} could not be opened: ${message}`);
    }
    log(`The write-ahead log of ${path} could not be replayed on open (${message}); recovering it through an attached copy …`);
    await recoverWal(path, settings);
    log(`Recovered: the write-ahead log of ${path} was replayed and checkpointed.`);
    try {
      return await DuckDBInstance.create(path, settings);
    } catch (again) {
      throw new StoreOpenError(`The database ${path} could not be opened after recovering its write-ahead log: ${firstLine(again)}`);
    }
  }
}

/**
 * Replays `path`'s write-ahead log from an in-memory instance (ATTACH replays it with a default
 * database set) and checkpoints it into the file. A copy of the log is kept until that succeeded;
 * if it fails, the copy stays beside the file and the error names the recovery steps in
 * docs/durability.md.
 */
export async function recoverWal(path: string, settings: Record<string, string> = INSTANCE_SETTINGS): Promise<void> {
  const wal = `${path}.wal`;
  const backup = `${wal}.before-recovery`;
  copyFileSync(wal, backup);
  const instance = await DuckDBInstance.create(':memory:', settings);
  const c = await instance.connect();
  try {
    await c.run(`ATTACH '${path.replaceAll("'", "''")}' AS recovering`);
    await c.run('CHECKPOINT recovering');
    await c.run('DETACH recovering');
  } catch (error) {
    throw new StoreOpenError(
      `The database ${path} could not be recovered: ${firstLine(error)}. The write-ahead log is kept as ${backup}; see docs/durability.md ("Recovery").`,
    );
  } finally {
    c.closeSync();
    instance.closeSync();
  }
  rmSync(backup, { force: true });
}

/** A Store bound to one connection, used inside a transaction. */
class ConnectionStore implements Store {
  readonly dialect = 'duckdb' as const;
  /** Whether a statement of this transaction wrote spend lines: its end moves the version again. */
  wroteSpend = false;
  /** Likewise for a table some figure is computed from. */
  wroteFigures = false;
  constructor(
    private readonly c: DuckDBConnection, private readonly stats: StatementStats, readonly spendVersion: DataVersion, readonly dataVersion: DataVersion,
    private readonly memoryLimit: string | null,
  ) {}
  /** The first spend (or figures) write of the transaction moves the version before it runs; null: a bulk load of spend lines. */
  private noteWrite(text: string | null): void {
    if (this.wroteSpend && this.wroteFigures) return;
    const writes = writeKinds(text);
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
    return runQuery<T>(this.c, q, options, this.stats, this.memoryLimit);
  }
  async execute(q: Sql, options: QueryOptions): Promise<void> {
    this.noteWrite(q.toQuery().text);
    await runQuery(this.c, q, options, this.stats, this.memoryLimit);
  }
  stream(q: Sql, options: QueryOptions): AsyncGenerator<StreamChunk> {
    return streamOn(this.c, q, options, this.stats, this.memoryLimit);
  }
  transaction<T>(fn: (tx: Store) => Promise<T>): Promise<T> {
    return fn(this); // already inside one
  }
  loadCsv(table: BulkTable, columns: readonly string[], filePath: string): Promise<void> {
    this.noteWrite(table === 'spend_lines' ? null : `COPY ${table}`);
    return loadCsvOn(this.c, table, columns, filePath, this.memoryLimit);
  }
  async checkpoint(): Promise<void> {} // never inside a transaction; the owner checkpoints after COMMIT
  interrupt(): void {
    this.c.interrupt();
  }
  statementStats(): StatementStats {
    return { ...this.stats };
  }
  async close(): Promise<void> {}
}

/**
 * Interrupts `c` when the statement's time runs out or its signal aborts, and says which it was,
 * so a cancelled statement is told apart from a failed one (docs/request-limits.md).
 */
function watchStatement(c: DuckDBConnection, options: QueryOptions, stats: StatementStats, defaultTimeoutMs: number | null) {
  refuseIfAborted(options.name, options.signal);
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  let stopped: 'timeout' | 'cancelled' | null = null;
  // An interrupt that reaches the connection before the engine has begun the statement is lost
  // (the statement would then run its whole course), so once stopped it is repeated until the
  // statement has ended.
  let repeat: NodeJS.Timeout | undefined;
  const stop = (why: 'timeout' | 'cancelled') => {
    stopped ??= why;
    c.interrupt();
    repeat ??= setInterval(() => c.interrupt(), 50);
  };
  const timer = timeoutMs === null ? undefined : setTimeout(() => stop('timeout'), timeoutMs);
  const onAbort = () => stop('cancelled');
  options.signal?.addEventListener('abort', onAbort, { once: true });
  stats.active++;
  return {
    /** The error to throw for a statement that failed: the cause when it was stopped. */
    failure(error: unknown): unknown {
      if (stopped === 'timeout') return new StoreTimeoutError(options.name, timeoutMs ?? 0);
      if (stopped === 'cancelled' || options.signal?.aborted) {
        stats.cancelled++;
        return new StoreCancelledError(options.name, options.signal?.reason);
      }
      return error;
    },
    /** Between chunks of a stream: stop here when the signal aborted while the reader was away. */
    check(): void {
      if (options.signal?.aborted) {
        stopped ??= 'cancelled';
        throw new Error('aborted between chunks');
      }
    },
    done(): void {
      clearTimeout(timer);
      clearInterval(repeat);
      options.signal?.removeEventListener('abort', onAbort);
      stats.active--;
    },
  };
}

/**
 * Hands the memory DuckDB's allocator keeps after a large statement back to the system: setting
 * `memory_limit` (to the value it has) makes the engine flush its allocator's caches and arenas.
 * Without it, each export range or import chunk left tens of MB behind, and an export of a million
 * lines grew the process by twice what any one statement needed (docs/architecture.md, "Memory").
 */
async function releaseFreedMemory(c: DuckDBConnection, memoryLimit: string | null): Promise<void> {
  if (memoryLimit !== null) await c.run(`SET memory_limit = '${memoryLimit}'`);
}

async function runQuery<T extends Row>(c: DuckDBConnection, q: Sql, options: QueryOptions, stats: StatementStats, memoryLimit: string | null): Promise<T[]> {
  const { text, values } = q.toQuery();
  const watch = watchStatement(c, options, stats, DEFAULT_TIMEOUT_MS);
  try {
    const bound = values.map((v) => (typeof v === 'bigint' ? v.toString() : v));
    // Not through a cache of prepared statements: reusing them returned rows of the wrong
    // statement after a transaction (a created rule came back as another); see the regression
    // test in classification.test.ts.
    const reader = await c.runAndReadAll(text, bound.length ? bound : undefined);
    if (options.releaseMemory) await releaseFreedMemory(c, memoryLimit);
    return reader.getRowObjectsJson() as T[];
  } catch (error) {
    throw watch.failure(error);
  } finally {
    watch.done();
  }
}

/** A stream has no time limit unless it names one: a download runs as long as its reader reads. */
async function* streamOn(c: DuckDBConnection, q: Sql, options: QueryOptions, stats: StatementStats, memoryLimit: string | null): AsyncGenerator<StreamChunk> {
  const { text, values } = q.toQuery();
  const bound = values.map((v) => (typeof v === 'bigint' ? v.toString() : v));
  const watch = watchStatement(c, options, stats, null);
  try {
    let result;
    try {
      result = await c.stream(text, bound.length ? bound : undefined);
    } catch (error) {
      const failure = watch.failure(error);
      throw failure === error ? new Error(`Query ${options.name} failed: ${(error as Error).message}`, { cause: error }) : failure;
    }
    const columns = result.columnNames();
    for (;;) {
      let chunk;
      try {
        watch.check();
        chunk = await result.fetchChunk();
      } catch (error) {
        throw watch.failure(error);
      }
      if (!chunk || chunk.rowCount === 0) break;
      // Column by column: primitives pass through, DECIMAL/DATE/BIGINT values become their exact text.
      const vectors = columns.map((_, j) => chunk.getColumnVector(j));
      const rows: Cell[][] = new Array(chunk.rowCount);
      for (let i = 0; i < chunk.rowCount; i++) {
        const row: Cell[] = new Array(vectors.length);
        for (let j = 0; j < vectors.length; j++) {
          const v = vectors[j].getItem(i);
          row[j] = v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : String(v);
        }
        rows[i] = row;
      }
      yield { columns, rows };
    }
    if (options.releaseMemory) await releaseFreedMemory(c, memoryLimit);
  } finally {
    watch.done();
  }
}

/** A bulk load, after which the memory it used is handed back (`releaseFreedMemory`): an import loads a chunk at a time. */
async function loadCsvOn(c: DuckDBConnection, table: BulkTable, columns: readonly string[], filePath: string, memoryLimit: string | null) {
  // Identifiers come from allow-lists; the path is quoted as a literal because COPY takes no parameters.
  if (!BULK_TABLES.includes(table)) throw new Error(`loadCsv: table ${table} is not allowed`);
  for (const col of columns) if (!IDENTIFIER.test(col)) throw new Error(`loadCsv: bad column ${col}`);
  const literal = `'${filePath.replaceAll("'", "''")}'`;
  // The dialect is stated, never sniffed: a sniffer that guesses "no quoting" from a sample would
  // split quoted commas and shift every later column of those rows.
  await c.run(`COPY ${table} (${columns.join(', ')}) FROM ${literal} (FORMAT csv, HEADER true, NULLSTR '', DELIM ',', QUOTE '"', ESCAPE '"', AUTO_DETECT false, STRICT_MODE true)`);
  await releaseFreedMemory(c, memoryLimit);
}

/**
 * DuckDB lets one of two transactions that change the same rows commit and aborts the other
 * (optimistic concurrency). That is not a server fault: the caller is told to try again, with the
 * catalogue's CONFLICT, and nothing of the aborted transaction was written (docs/durability.md).
 */
export function writeConflict(error: unknown): AppError | null {
  const message = error instanceof Error ? error.message : String(error);
  if (!/TransactionContext Error|write-write conflict|Conflict on (tuple|update)/i.test(message)) return null;
  return new AppError('CONFLICT', 'Someone changed the same data at the same moment; nothing was saved. Try again.', { retryable: true });
}

import { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import {
  BULK_TABLES, StoreCancelledError, StoreTimeoutError, refuseIfAborted,
  type BulkTable, type Cell, type QueryOptions, type Row, type StatementStats, type Store, type StreamChunk,
} from './store.js';
import type { Sql } from './sql.js';

const DEFAULT_TIMEOUT_MS = 30_000;
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * DuckDB behind the Store interface (after cube-js's DuckDBDriver): one instance opened lazily,
 * a small pool of connections so that concurrent requests do not queue behind each other,
 * parameterised statements only, and values converted to JSON-safe form at this boundary.
 */
export class DuckDbStore implements Store {
  readonly dialect = 'duckdb' as const;
  private readonly idle: DuckDBConnection[] = [];
  private readonly waiting: Array<(c: DuckDBConnection) => void> = [];
  private readonly all: DuckDBConnection[] = [];
  private readonly stats: StatementStats = { active: 0, cancelled: 0 };

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly poolSize: number,
  ) {}

  static async open(path: string, options: { poolSize?: number; threads?: number } = {}): Promise<DuckDbStore> {
    const instance = await DuckDBInstance.create(path, {
      // Offline machines: never try to download an extension.
      autoinstall_known_extensions: 'false',
      autoload_known_extensions: 'true',
      ...(options.threads ? { threads: String(options.threads) } : {}),
    });
    return new DuckDbStore(instance, options.poolSize ?? 4);
  }

  /** A free connection; waiting for one ends when the signal aborts (the waiter leaves the queue). */
  private async acquire(name: string, signal?: AbortSignal): Promise<DuckDBConnection> {
    refuseIfAborted(name, signal);
    const free = this.idle.pop();
    if (free) return free;
    if (this.all.length < this.poolSize) {
      const c = await this.instance.connect();
      this.all.push(c);
      return c;
    }
    return new Promise((resolve, reject) => {
      const waiter = (c: DuckDBConnection) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(c);
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

  private release(c: DuckDBConnection): void {
    const next = this.waiting.shift();
    if (next) next(c);
    else this.idle.push(c);
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
    return this.withConnection((c) => runQuery<T>(c, q, options, this.stats), options.name, options.signal);
  }

  async execute(q: Sql, options: QueryOptions): Promise<void> {
    await this.withConnection((c) => runQuery(c, q, options, this.stats), options.name, options.signal);
  }

  async *stream(q: Sql, options: QueryOptions): AsyncGenerator<StreamChunk> {
    const c = await this.acquire(options.name, options.signal);
    try {
      yield* streamOn(c, q, options, this.stats);
    } finally {
      this.release(c);
    }
  }

  transaction<T>(fn: (tx: Store) => Promise<T>, options: { signal?: AbortSignal } = {}): Promise<T> {
    return this.withConnection(async (c) => {
      refuseIfAborted('transaction', options.signal);
      await c.run('BEGIN TRANSACTION');
      const tx = new ConnectionStore(c, this.stats);
      try {
        const result = await fn(tx);
        await c.run('COMMIT');
        return result;
      } catch (error) {
        await c.run('ROLLBACK');
        throw error;
      }
    }, 'transaction', options.signal);
  }

  loadCsv(table: BulkTable, columns: readonly string[], filePath: string): Promise<void> {
    return this.withConnection((c) => loadCsvOn(c, table, columns, filePath));
  }

  statementStats(): StatementStats {
    return { ...this.stats };
  }

  async close(): Promise<void> {
    for (const c of this.all) c.closeSync();
    this.all.length = 0;
    this.idle.length = 0;
    this.instance.closeSync();
  }
}

/** A Store bound to one connection, used inside a transaction. */
class ConnectionStore implements Store {
  readonly dialect = 'duckdb' as const;
  constructor(private readonly c: DuckDBConnection, private readonly stats: StatementStats) {}
  query<T extends Row = Row>(q: Sql, options: QueryOptions): Promise<T[]> {
    return runQuery<T>(this.c, q, options, this.stats);
  }
  async execute(q: Sql, options: QueryOptions): Promise<void> {
    await runQuery(this.c, q, options, this.stats);
  }
  stream(q: Sql, options: QueryOptions): AsyncGenerator<StreamChunk> {
    return streamOn(this.c, q, options, this.stats);
  }
  transaction<T>(fn: (tx: Store) => Promise<T>): Promise<T> {
    return fn(this); // already inside one
  }
  loadCsv(table: BulkTable, columns: readonly string[], filePath: string): Promise<void> {
    return loadCsvOn(this.c, table, columns, filePath);
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
  const timer =
    timeoutMs === null
      ? undefined
      : setTimeout(() => {
        stopped ??= 'timeout';
        c.interrupt();
      }, timeoutMs);
  const onAbort = () => {
    stopped ??= 'cancelled';
    c.interrupt();
  };
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
      options.signal?.removeEventListener('abort', onAbort);
      stats.active--;
    },
  };
}

async function runQuery<T extends Row>(c: DuckDBConnection, q: Sql, options: QueryOptions, stats: StatementStats): Promise<T[]> {
  const { text, values } = q.toQuery();
  const watch = watchStatement(c, options, stats, DEFAULT_TIMEOUT_MS);
  try {
    const bound = values.map((v) => (typeof v === 'bigint' ? v.toString() : v));
    // Not through a cache of prepared statements: reusing them returned rows of the wrong
    // statement after a transaction (a created rule came back as another); see the regression
    // test in classification.test.ts.
    const reader = await c.runAndReadAll(text, bound.length ? bound : undefined);
    return reader.getRowObjectsJson() as T[];
  } catch (error) {
    throw watch.failure(error);
  } finally {
    watch.done();
  }
}

/** A stream has no time limit unless it names one: a download runs as long as its reader reads. */
async function* streamOn(c: DuckDBConnection, q: Sql, options: QueryOptions, stats: StatementStats): AsyncGenerator<StreamChunk> {
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
  } finally {
    watch.done();
  }
}

async function loadCsvOn(c: DuckDBConnection, table: BulkTable, columns: readonly string[], filePath: string) {
  // Identifiers come from allow-lists; the path is quoted as a literal because COPY takes no parameters.
  if (!BULK_TABLES.includes(table)) throw new Error(`loadCsv: table ${table} is not allowed`);
  for (const col of columns) if (!IDENTIFIER.test(col)) throw new Error(`loadCsv: bad column ${col}`);
  const literal = `'${filePath.replaceAll("'", "''")}'`;
  // The dialect is stated, never sniffed: a sniffer that guesses "no quoting" from a sample would
  // split quoted commas and shift every later column of those rows.
  await c.run(`COPY ${table} (${columns.join(', ')}) FROM ${literal} (FORMAT csv, HEADER true, NULLSTR '', DELIM ',', QUOTE '"', ESCAPE '"', AUTO_DETECT false, STRICT_MODE true)`);
}

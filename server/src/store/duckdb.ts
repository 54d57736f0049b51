import { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { BULK_TABLES, StoreTimeoutError, type BulkTable, type Cell, type QueryOptions, type Row, type Store, type StreamChunk } from './store.js';
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

  private async acquire(): Promise<DuckDBConnection> {
    const free = this.idle.pop();
    if (free) return free;
    if (this.all.length < this.poolSize) {
      const c = await this.instance.connect();
      this.all.push(c);
      return c;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(c: DuckDBConnection): void {
    const next = this.waiting.shift();
    if (next) next(c);
    else this.idle.push(c);
  }

  private async withConnection<T>(fn: (c: DuckDBConnection) => Promise<T>): Promise<T> {
    const c = await this.acquire();
    try {
      return await fn(c);
    } finally {
      this.release(c);
    }
  }

  query<T extends Row = Row>(q: Sql, options: QueryOptions): Promise<T[]> {
    return this.withConnection((c) => runQuery<T>(c, q, options));
  }

  async execute(q: Sql, options: QueryOptions): Promise<void> {
    await this.withConnection((c) => runQuery(c, q, options));
  }

  async *stream(q: Sql, options: QueryOptions): AsyncGenerator<StreamChunk> {
    const c = await this.acquire();
    try {
      yield* streamOn(c, q, options);
    } finally {
      this.release(c);
    }
  }

  transaction<T>(fn: (tx: Store) => Promise<T>): Promise<T> {
    return this.withConnection(async (c) => {
      await c.run('BEGIN TRANSACTION');
      const tx = new ConnectionStore(c);
      try {
        const result = await fn(tx);
        await c.run('COMMIT');
        return result;
      } catch (error) {
        await c.run('ROLLBACK');
        throw error;
      }
    });
  }

  loadCsv(table: BulkTable, columns: readonly string[], filePath: string): Promise<void> {
    return this.withConnection((c) => loadCsvOn(c, table, columns, filePath));
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
  constructor(private readonly c: DuckDBConnection) {}
  query<T extends Row = Row>(q: Sql, options: QueryOptions): Promise<T[]> {
    return runQuery<T>(this.c, q, options);
  }
  async execute(q: Sql, options: QueryOptions): Promise<void> {
    await runQuery(this.c, q, options);
  }
  stream(q: Sql, options: QueryOptions): AsyncGenerator<StreamChunk> {
    return streamOn(this.c, q, options);
  }
  transaction<T>(fn: (tx: Store) => Promise<T>): Promise<T> {
    return fn(this); // already inside one
  }
  loadCsv(table: BulkTable, columns: readonly string[], filePath: string): Promise<void> {
    return loadCsvOn(this.c, table, columns, filePath);
  }
  async close(): Promise<void> {}
}

async function runQuery<T extends Row>(c: DuckDBConnection, q: Sql, options: QueryOptions): Promise<T[]> {
  const { text, values } = q.toQuery();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    c.interrupt();
  }, timeoutMs);
  try {
    const bound = values.map((v) => (typeof v === 'bigint' ? v.toString() : v));
    // Not through a cache of prepared statements: reusing them returned rows of the wrong
    // statement after a transaction (a created rule came back as another); see the regression
    // test in classification.test.ts.
    const reader = await c.runAndReadAll(text, bound.length ? bound : undefined);
    return reader.getRowObjectsJson() as T[];
  } catch (error) {
    if (timedOut) throw new StoreTimeoutError(options.name, timeoutMs);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

async function* streamOn(c: DuckDBConnection, q: Sql, options: QueryOptions): AsyncGenerator<StreamChunk> {
  const { text, values } = q.toQuery();
  const bound = values.map((v) => (typeof v === 'bigint' ? v.toString() : v));
  let result;
  try {
    result = await c.stream(text, bound.length ? bound : undefined);
  } catch (error) {
    throw new Error(`Query ${options.name} failed: ${(error as Error).message}`, { cause: error });
  }
  const columns = result.columnNames();
  for (;;) {
    const chunk = await result.fetchChunk();
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

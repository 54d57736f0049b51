import type { Sql } from './sql.js';
import type { DataVersion } from './data-version.js';

/** A row as it leaves the store: JSON-safe values only (DECIMAL and BIGINT as strings, dates as ISO strings). */
export type Row = Record<string, string | number | boolean | null>;

export type Cell = string | number | boolean | null;

export interface StreamChunk {
  columns: string[];
  rows: Cell[][];
}

export interface QueryOptions {
  /** Names the statement in logs and timeouts. */
  name: string;
  /** Interrupt the statement after this many milliseconds (default 30 s). */
  timeoutMs?: number;
  /**
   * Interrupts the statement when aborted (the request's time budget ran out or its client went
   * away); an already-aborted signal refuses to start it. Either way StoreCancelledError.
   */
  signal?: AbortSignal;
  /**
   * After the statement, hand the memory its work freed back to the system (DuckDB's allocator
   * otherwise keeps it for the next statement: docs/architecture.md, "Memory"). For the large
   * statements of exports and imports; no effect on PostgreSQL, whose work runs in its own process.
   */
  releaseMemory?: boolean;
}

/** Statements running now and cancelled so far: for readiness checks, logs and tests. */
export interface StatementStats {
  active: number;
  cancelled: number;
}

/**
 * The storage boundary. Implementations: DuckDB (embedded default) and PostgreSQL. SQL passed in
 * is kept to the subset both engines share; where they differ, `dialect.ts` writes each its own.
 */
export interface Store {
  readonly dialect: 'duckdb' | 'postgres';
  /** Moves whenever spend lines are written (docs/rollups.md); shared by every view of one database. */
  readonly spendVersion: DataVersion;
  /** Moves whenever a table some figure is computed from is written: the result cache's version (docs/rollups.md). */
  readonly dataVersion: DataVersion;
  query<T extends Row = Row>(q: Sql, options: QueryOptions): Promise<T[]>;
  execute(q: Sql, options: QueryOptions): Promise<void>;
  /**
   * Streams a result in chunks (rows as arrays in column order), holding one connection until the
   * iteration ends or is abandoned, so exports of any size run in bounded memory.
   */
  stream(q: Sql, options: QueryOptions): AsyncGenerator<StreamChunk>;
  /** Runs `fn` on one connection inside BEGIN/COMMIT; ROLLBACK when it throws (or its signal aborts a statement). */
  transaction<T>(fn: (tx: Store) => Promise<T>, options?: { signal?: AbortSignal }): Promise<T>;
  /** Bulk-loads a CSV file (header row, columns in the given order) into a table. */
  loadCsv(table: BulkTable, columns: readonly string[], filePath: string): Promise<void>;
  /** Makes every committed write durable in the database file itself (docs/durability.md). */
  checkpoint(): Promise<void>;
  /** Cancels the statements running now; they fail in their callers. */
  interrupt(): void;
  /** Refuses new work, lets running statements finish for up to `graceMs`, then cancels them and closes. */
  close(options?: { graceMs?: number }): Promise<void>;
  statementStats(): StatementStats;
  /** Only where several processes share the database (PostgreSQL): what they tell each other (docs/scale-out.md). */
  readonly shared?: SharedState;
}

/** The counters the processes on one database share (store/shared-versions.ts). */
export type SharedName = 'spend' | 'figures' | 'directory' | 'auth' | 'rollups_built' | 'prices_built';

export interface SharedState {
  /** The value last read or written by this process. */
  value(name: SharedName): number | undefined;
  /** Calls `listener` whenever `name` is seen to have moved; returns the function that stops it. */
  onChange(name: SharedName, listener: () => void): () => void;
  /** Reads every counter (each request does, before anything else). */
  refresh(signal?: AbortSignal): Promise<void>;
}

/** Tables that may be bulk-loaded; the allow-list for identifiers in `loadCsv`. */
export const BULK_TABLES = [
  'business_units', 'cost_centers', 'gl_accounts', 'categories', 'suppliers', 'supplier_aliases',
  'contracts', 'contract_categories', 'contract_business_units', 'fx_rates', 'spend_lines',
  'users', 'user_scopes', 'import_batches', 'import_rows', 'import_problems', 'category_import', 'import_contracts', 'import_texts',
  // A classifier version's suggestions, written in bulk when it scores the unclassified lines.
  'line_suggestions', 'suggestion_features',
  // The PostgreSQL demo seed's temporary table of lines, matched to contracts before they are stored.
  'seed_lines',
] as const;
export type BulkTable = (typeof BULK_TABLES)[number];

export class StoreTimeoutError extends Error {
  constructor(name: string, ms: number) {
    super(`Query ${name} exceeded ${ms} ms`);
  }
}

/** Thrown for work asked of a store that is closing or closed (the server is shutting down). */
export class StoreClosedError extends Error {
  constructor() {
    super('The database is closing.');
  }
}

/** The database cannot be opened; the message is written for the operator, without a stack trace. */
export class StoreOpenError extends Error {}

/** A statement interrupted (or refused) because its signal aborted; `reason` is the signal's. */
export class StoreCancelledError extends Error {
  constructor(name: string, readonly reason: unknown) {
    super(`Query ${name} was cancelled`);
  }
}

/** Throws StoreCancelledError when the signal has already aborted: nothing new starts then. */
export function refuseIfAborted(name: string, signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new StoreCancelledError(name, signal.reason);
}

/**
 * A write refused by a primary key or unique constraint, on either engine (PostgreSQL's SQLSTATE
 * 23505; DuckDB's constraint error), looking through errors that wrap it: two writers added the
 * same key at the same moment, which the caller answers with a typed CONFLICT.
 */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string; cause?: unknown } | null;
  if (!e) return false;
  if (e.code === '23505' || /duplicate key|violates (?:primary key|unique) constraint/i.test(e.message ?? '')) return true;
  return e.cause !== undefined && e.cause !== error && isUniqueViolation(e.cause);
}

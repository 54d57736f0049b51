/**
 * Staging files loaded while the rows are still being read (docs/imports.md, "How a file is
 * validated"): rows go to a CSV file of at most `chunkRows` rows; a full file is handed to the
 * store's bulk load (COPY) and the next file is written while the engine loads it, on its own
 * threads. Loads run one after another on the caller's transaction, so the batch is staged whole
 * or not at all, and a writer that gets ahead of the engine by one file waits for it: memory and
 * disk hold at most two files per table.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { CsvWriter } from '../../lib/csv-file.js';
import { removeLeftovers } from '../../lib/leftovers.js';
import type { BulkTable, Store } from '../../store/store.js';

/** A chunk file's name: `<batch id>.<table>.<n>.csv` (`StagingLoads.nextPath`). */
const CHUNK_FILE = /^\d+\.[a-z_]+\.\d+\.csv$/;

/**
 * Removes chunk files a validation left when its process was killed (the rows in them were never
 * committed: the transaction that loads them died too). Run at start, before any validation.
 */
export function removeStagingLeftovers(dir: string, olderThanMs = 0): Promise<number> {
  return removeLeftovers(dir, CHUNK_FILE, olderThanMs);
}

/** Bulk loads of one transaction, one at a time, in the order they were asked for. */
export class StagingLoads {
  private chain: Promise<void> = Promise.resolve();
  private failure: { error: unknown } | null = null;
  private readonly tables: StagingTable[] = [];
  private files = 0;

  constructor(private readonly tx: Store, private readonly dir: string, private readonly prefix: string) {}

  /** A staging table written through chunk files of at most `chunkRows` rows. */
  table(table: BulkTable, columns: readonly string[], chunkRows: number): StagingTable {
    const staging = new StagingTable(this, table, columns, chunkRows);
    this.tables.push(staging);
    return staging;
  }

  /** @internal A new chunk file's path. */
  nextPath(table: string): string {
    return join(this.dir, `${this.prefix}.${table}.${++this.files}.csv`);
  }

  /**
   * Queues the load of a closed file and returns once the load queued before it has finished, so
   * the caller writes the next file while this one loads. A failed load fails this call or a later one.
   */
  async load(table: BulkTable, columns: readonly string[], path: string): Promise<void> {
    const previous = this.chain;
    this.chain = previous.then(async () => {
      if (this.failure) return;
      try {
        await this.tx.loadCsv(table, columns, path);
      } catch (error) {
        this.failure = { error };
      } finally {
        await rm(path, { force: true });
      }
    });
    await previous;
    this.rethrow();
  }

  /** Loads what every table still holds and waits for all loads. */
  async finish(): Promise<void> {
    for (const t of this.tables) await t.flush();
    await this.chain;
    this.rethrow();
  }

  /**
   * Waits for loads in flight without loading more (after a failure elsewhere: the transaction
   * must not roll back under a running statement) and removes files never loaded.
   */
  async abandon(): Promise<void> {
    this.failure ??= { error: new Error('staging abandoned') };
    await this.chain;
    await Promise.all(this.tables.map((t) => t.discard()));
  }

  private rethrow(): void {
    if (this.failure) throw this.failure.error;
  }
}

/** One staging table's current chunk file. */
export class StagingTable {
  private writer: CsvWriter | null = null;
  private path = '';

  constructor(
    private readonly loads: StagingLoads,
    private readonly table: BulkTable,
    private readonly columns: readonly string[],
    private readonly chunkRows: number,
  ) {}

  /** Writes one row of values (see CsvWriter.writeValues); true when the chunk is full and `flush` is due. */
  writeValues(values: ReadonlyArray<string | number | null>): boolean {
    if (this.writer === null) {
      this.path = this.loads.nextPath(this.table);
      this.writer = new CsvWriter(this.path, this.columns);
    }
    this.writer.writeValues(values);
    return this.writer.rows >= this.chunkRows;
  }

  /** Closes the current chunk (if it holds rows) and hands it to the loads. */
  async flush(): Promise<void> {
    const writer = this.writer;
    if (writer === null) return;
    this.writer = null;
    writer.close();
    await this.loads.load(this.table, this.columns, this.path);
  }

  /** @internal Closes and removes a chunk that will not be loaded. */
  async discard(): Promise<void> {
    if (this.writer === null) return;
    this.writer.close();
    this.writer = null;
    await rm(this.path, { force: true });
  }
}

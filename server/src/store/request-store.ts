import type { Sql } from './sql.js';
import { StoreCancelledError, refuseIfAborted, type BulkTable, type QueryOptions, type Row, type StatementStats, type Store, type StreamChunk } from './store.js';

/**
 * Per-key limit on statements running at once (one key per user, or per address when signed
 * out), so that one user's requests cannot hold every pooled connection; the rest of that user's
 * statements wait their turn in order, and leave the queue when their request is cancelled.
 * See docs/request-limits.md.
 */
export class StatementGate {
  private readonly lanes = new Map<string, { running: number; waiting: Array<() => void> }>();

  constructor(private readonly perKey: number) {}

  /** Resolves with a release function once `key` may run one more statement. */
  async enter(key: string, name: string, signal?: AbortSignal): Promise<() => void> {
    refuseIfAborted(name, signal);
    let lane = this.lanes.get(key);
    if (!lane) this.lanes.set(key, (lane = { running: 0, waiting: [] }));
    const release = () => {
      const next = lane.waiting.shift();
      if (next) next(); // the turn passes on; `running` stays the same
      else if (--lane.running === 0) this.lanes.delete(key);
    };
    if (lane.running < this.perKey) {
      lane.running++;
      return release;
    }
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        const at = lane.waiting.indexOf(turn);
        if (at >= 0) lane.waiting.splice(at, 1);
        reject(new StoreCancelledError(name, signal?.reason));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      lane.waiting.push(turn);
    });
    return release;
  }

  /** Statements running under `key` now (for tests and diagnostics). */
  running(key: string): number {
    return this.lanes.get(key)?.running ?? 0;
  }
}

/**
 * The store as one request sees it: every statement carries the request's abort signal and
 * passes the caller's gate, so no call site has to remember either. A statement cancelled by
 * the signal fails with the signal's reason when that is an Error (e.g. QUERY_TOO_COMPLEX for
 * a spent time budget), so the client learns why.
 */
export class RequestStore implements Store {
  readonly dialect: Store['dialect'];
  readonly spendVersion: Store['spendVersion'];
  readonly dataVersion: Store['dataVersion'];

  constructor(
    private readonly inner: Store,
    private readonly signal: AbortSignal,
    private readonly gate: StatementGate | null,
    private readonly key: string,
  ) {
    this.dialect = inner.dialect;
    this.spendVersion = inner.spendVersion;
    this.dataVersion = inner.dataVersion;
  }

  private async gated<T>(name: string, run: () => Promise<T>): Promise<T> {
    try {
      const release = this.gate ? await this.gate.enter(this.key, name, this.signal) : () => {};
      try {
        return await run();
      } finally {
        release();
      }
    } catch (error) {
      throw this.reason(error);
    }
  }

  private reason(error: unknown): unknown {
    return error instanceof StoreCancelledError && error.reason instanceof Error ? error.reason : error;
  }

  private withSignal(options: QueryOptions): QueryOptions {
    return { ...options, signal: options.signal ? AbortSignal.any([options.signal, this.signal]) : this.signal };
  }

  query<T extends Row = Row>(q: Sql, options: QueryOptions): Promise<T[]> {
    return this.gated(options.name, () => this.inner.query<T>(q, this.withSignal(options)));
  }

  execute(q: Sql, options: QueryOptions): Promise<void> {
    return this.gated(options.name, () => this.inner.execute(q, this.withSignal(options)));
  }

  async *stream(q: Sql, options: QueryOptions): AsyncGenerator<StreamChunk> {
    let release = () => {};
    try {
      if (this.gate) release = await this.gate.enter(this.key, options.name, this.signal);
      yield* this.inner.stream(q, this.withSignal(options));
    } catch (error) {
      throw this.reason(error);
    } finally {
      release();
    }
  }

  /** One gate turn for the whole transaction; its statements carry the signal but do not queue again. */
  transaction<T>(fn: (tx: Store) => Promise<T>): Promise<T> {
    return this.gated('transaction', () =>
      this.inner.transaction((tx) => fn(new RequestStore(tx, this.signal, null, this.key)), { signal: this.signal }),
    );
  }

  loadCsv(table: BulkTable, columns: readonly string[], filePath: string): Promise<void> {
    return this.gated(`loadCsv.${table}`, () => this.inner.loadCsv(table, columns, filePath));
  }

  statementStats(): StatementStats {
    return this.inner.statementStats();
  }

  /** Not gated and not cancelled with the request: a checkpoint serves every later request. */
  checkpoint(): Promise<void> {
    return this.inner.checkpoint();
  }

  interrupt(): void {
    // Other users' statements are not the request's to stop; its own stop with its signal.
  }

  async close(): Promise<void> {
    // The request does not own the store.
  }
}

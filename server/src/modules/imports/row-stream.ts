/**
 * Raw rows in, validated rows out: rows come from the tokenizer a batch at a time and are
 * validated one by one as the consumer asks for them.
 */
import type { RawRow, ValidatedRow } from './types.js';
import type { RowValidator } from './validate.js';

/** Raw rows a batch at a time (null at the end): per-row work then needs no await. */
export interface RowBatches {
  next(): Promise<RawRow[] | null>;
}

/** One row per batch, for sources that cannot batch (XLSX). */
export function singleRows(rows: AsyncIterable<RawRow>): RowBatches {
  const iterator = rows[Symbol.asyncIterator]();
  return {
    async next() {
      const next = await iterator.next();
      return next.done ? null : [next.value];
    },
  };
}

/** Takes the first `n` rows and returns them plus the rows already read after them. */
export async function peekRows(source: RowBatches, n: number): Promise<{ head: RawRow[]; extra: RawRow[] }> {
  const head: RawRow[] = [];
  let extra: RawRow[] = [];
  while (head.length < n) {
    const batch = await source.next();
    if (batch === null) break;
    const take = Math.min(n - head.length, batch.length);
    for (let i = 0; i < take; i++) head.push(batch[i]);
    if (take < batch.length) extra = batch.slice(take);
  }
  return { head, extra };
}

/**
 * The validated rows of a table: raw rows come in batches and are validated one at a time as
 * the consumer asks for them, so a row costs one resolved promise rather than a chain of async
 * generator steps.
 */
export class ValidatedRows implements AsyncIterableIterator<ValidatedRow> {
  private batch: RawRow[];
  private index = 0;
  private finished = false;
  private pending: Promise<IteratorResult<ValidatedRow>> | null = null;

  constructor(
    first: RawRow[],
    private readonly source: RowBatches | null,
    private readonly validator: RowValidator,
  ) {
    this.batch = first;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<ValidatedRow>> {
    if (this.pending !== null) {
      // A call made while a batch is being read waits its turn, as with an async generator.
      return this.pending.then(
        () => this.next(),
        () => this.next(),
      );
    }
    if (this.index < this.batch.length && !this.finished) {
      try {
        return Promise.resolve({ value: this.take(), done: false });
      } catch (error) {
        // As with an async generator: the failure rejects this call and ends the iteration.
        this.finished = true;
        return Promise.reject(error);
      }
    }
    const pending = this.refill();
    this.pending = pending;
    const clear = () => {
      if (this.pending === pending) this.pending = null;
    };
    pending.then(clear, clear);
    return pending;
  }

  return(): Promise<IteratorResult<ValidatedRow>> {
    this.finished = true;
    this.batch = [];
    this.index = 0;
    return Promise.resolve({ value: undefined, done: true });
  }

  private async refill(): Promise<IteratorResult<ValidatedRow>> {
    if (this.finished) return { value: undefined, done: true };
    while (this.index >= this.batch.length) {
      let next: RawRow[] | null;
      try {
        next = this.source === null ? null : await this.source.next();
      } catch (error) {
        this.finished = true;
        this.batch = [];
        this.index = 0;
        throw error;
      }
      if (this.finished) return { value: undefined, done: true };
      if (next === null) {
        this.finished = true;
        this.batch = [];
        this.index = 0;
        return { value: undefined, done: true };
      }
      this.batch = next;
      this.index = 0;
    }
    try {
      return { value: this.take(), done: false };
    } catch (error) {
      this.finished = true;
      throw error;
    }
  }

  private take(): ValidatedRow {
    return this.validator.validate(this.batch[this.index++]);
  }
}

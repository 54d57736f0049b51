import type { DataVersion } from '../store/data-version.js';
import type { Store } from '../store/store.js';

/**
 * Results of the heavy figure queries (cube, summary, category tree, opportunities), shared by
 * every request of one process (docs/rollups.md, "The result cache"). An entry is keyed by the
 * request as validated, the caller's data scope and the store's data version, which moves on
 * every write to a table figures are computed from, so an entry can be neither out of scope nor
 * older than an acknowledged write. Concurrent identical requests share one computation.
 */
export class ResultCache {
  private static readonly attached = new WeakMap<DataVersion, ResultCache>();
  /** Insertion order is recency: a hit moves its entry to the end, the oldest leave first. */
  private readonly entries = new Map<string, Promise<unknown>>();
  /** Whole results kept by `put` (GraphQL responses, docs/rollups.md), in the same recency order. */
  private readonly finished = new Map<string, unknown>();
  private hits = 0;
  private misses = 0;

  private constructor(private readonly version: DataVersion, private readonly maxEntries: number) {
    // A new version makes every entry unreachable; drop them at once rather than let them age out.
    version.onChange(() => {
      this.entries.clear();
      this.finished.clear();
    });
  }

  /** The cache of the database `store` belongs to. */
  static of(store: Store, maxEntries = 500): ResultCache {
    let cache = ResultCache.attached.get(store.dataVersion);
    if (!cache) ResultCache.attached.set(store.dataVersion, (cache = new ResultCache(store.dataVersion, maxEntries)));
    return cache;
  }

  /**
   * The cached result for `key`, or `compute()`'s, remembered when `keep` accepts it. A waiter
   * whose shared computation failed (e.g. the first asker went away and its statement was
   * cancelled) computes on its own instead of inheriting that failure.
   */
  async get<T>(key: string, compute: () => Promise<T>, keep: (result: T) => boolean = () => true): Promise<T> {
    const versioned = `${this.version.current}\u0000${key}`;
    const shared = this.entries.get(versioned) as Promise<T> | undefined;
    if (shared) {
      this.hits++;
      this.entries.delete(versioned);
      this.entries.set(versioned, shared);
      try {
        return await shared;
      } catch {
        return compute();
      }
    }
    this.misses++;
    const mine = compute();
    this.entries.set(versioned, mine);
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    try {
      const result = await mine;
      if (!keep(result) && this.entries.get(versioned) === mine) this.entries.delete(versioned);
      return result;
    } catch (error) {
      if (this.entries.get(versioned) === mine) this.entries.delete(versioned);
      throw error;
    }
  }

  /**
   * The key of `key` at the version current now. A caller that may store a result later takes it
   * before computing, so the result is filed under the version it was computed from.
   */
  versioned(key: string): string {
    return `${this.version.current}\u0000${key}`;
  }

  /** A finished result filed under a `versioned` key, or undefined. */
  peek<T>(versioned: string): T | undefined {
    const entry = this.finished.get(versioned) as T | undefined;
    if (entry !== undefined) {
      this.hits++;
      this.finished.delete(versioned);
      this.finished.set(versioned, entry);
    }
    return entry;
  }

  /** Files a finished result; nothing when the version has moved since the key was taken. */
  put(versioned: string, value: unknown): void {
    if (!versioned.startsWith(`${this.version.current}\u0000`)) return;
    this.finished.set(versioned, value);
    while (this.finished.size > this.maxEntries) this.finished.delete(this.finished.keys().next().value!);
  }

  stats(): { entries: number; hits: number; misses: number } {
    return { entries: this.entries.size + this.finished.size, hits: this.hits, misses: this.misses };
  }
}

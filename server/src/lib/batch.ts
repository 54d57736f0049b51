/**
 * A minimal per-request batch loader: calls made in the same tick are collected and answered
 * by one query, so list fields never issue one statement per row (no N+1).
 */
export class BatchLoader<K, V> {
  private pending: Array<{ key: K; resolve: (v: V) => void; reject: (e: unknown) => void }> = [];
  private readonly cache = new Map<K, Promise<V>>();

  constructor(private readonly batch: (keys: K[]) => Promise<Map<K, V>>, private readonly missing: (key: K) => V) {}

  load(key: K): Promise<V> {
    const cached = this.cache.get(key);
    if (cached) return cached;
    const promise = new Promise<V>((resolve, reject) => {
      this.pending.push({ key, resolve, reject });
      if (this.pending.length === 1) queueMicrotask(() => void this.flush());
    });
    this.cache.set(key, promise);
    return promise;
  }

  private async flush() {
    const calls = this.pending;
    this.pending = [];
    try {
      const results = await this.batch([...new Set(calls.map((c) => c.key))]);
      for (const c of calls) c.resolve(results.has(c.key) ? results.get(c.key)! : this.missing(c.key));
    } catch (error) {
      for (const c of calls) c.reject(error);
    }
  }
}

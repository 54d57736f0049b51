import DataLoader from 'dataloader';

/**
 * A DataLoader over a query that answers a Map by key, made per request (services are): loads
 * made in the same tick are answered by one query, so list fields never issue one statement per
 * row (no N+1), and each key is asked once per request. A key the query leaves out gets
 * `missing(key)`.
 */
export function keyedLoader<K, V>(query: (keys: K[]) => Promise<Map<K, V>>, missing: (key: K) => V): DataLoader<K, V> {
  return new DataLoader<K, V>(async (keys) => {
    const found = await query([...keys]);
    return keys.map((key) => (found.has(key) ? found.get(key)! : missing(key)));
  });
}

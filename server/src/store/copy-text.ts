/**
 * Rows of one text column written to a file, one per line (the engine's own CSV writer on DuckDB,
 * docs/architecture.md "Exports"): how line exports get CSV text out of the engine without
 * reading every row into JavaScript.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { sql, type Sql } from './sql.js';
import type { QueryOptions, Store } from './store.js';

/**
 * Writes the single text column of `q`'s rows to `filePath`, each followed by `\n`, verbatim (no
 * quoting: the text is already the line). DuckDB runs it as one `COPY … TO`, in parallel and
 * in the rows' order, and hands the memory the statement freed back to the system after it
 * (`releaseMemory`); other engines stream the rows through this process.
 */
export async function copyTextTo(store: Store, q: Sql, filePath: string, options: QueryOptions): Promise<void> {
  if (store.dialect === 'duckdb') {
    await store.execute(sql`COPY (${q}) TO ${sql.filePath(filePath)} (FORMAT csv, HEADER false, QUOTE '', ESCAPE '')`, { ...options, releaseMemory: true });
    return;
  }
  const out = createWriteStream(filePath);
  try {
    for await (const chunk of store.stream(q, options)) {
      let text = '';
      for (const row of chunk.rows) text += `${String(row[0])}\n`;
      if (!out.write(text)) await once(out, 'drain');
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/store/sql.js';
import { exportRanges, linesCsvStatement, type LineSortField } from '../src/modules/spend/lines.queries.js';
import { rawLines, type RawLine } from './expected.js';
import { startTestServer, type TestServer } from './harness.js';

let server: TestServer;
let lines: RawLine[];
let names: { suppliers: Map<number, string>; categories: Map<number, string> };

beforeAll(async () => {
  server = await startTestServer();
  lines = await rawLines(server.store);
  const named = async (table: 'suppliers' | 'categories') =>
    new Map((await server.store.query<{ id: number; name: string }>(sql`SELECT id, name FROM ${table === 'suppliers' ? sql`suppliers` : sql`categories`}`, { name: 't' })).map((r) => [r.id, r.name]));
  names = { suppliers: await named('suppliers'), categories: await named('categories') };
});
afterAll(() => server?.close());

/** The line ids in export order, computed from the raw rows: key, then id, in the direction; NULL keys last. */
function expectedIds(field: LineSortField, ascending: boolean): number[] {
  const key = (l: RawLine): string | bigint | null =>
    field === 'INVOICE_DATE' ? l.invoiceDate
      : field === 'AMOUNT' ? l.cents
        : field === 'SUPPLIER' ? names.suppliers.get(l.supplierId)!
          : field === 'CATEGORY' ? (l.categoryId === null ? null : names.categories.get(l.categoryId)!)
            : null;
  const sign = ascending ? 1 : -1;
  return [...lines].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    if (ka === kb) return sign * (a.id - b.id);
    if (ka === null) return 1;
    if (kb === null) return -1;
    return sign * (ka < kb ? -1 : 1);
  }).map((l) => l.id);
}

describe('a lines export read range by range (exportRanges)', () => {
  const cases: Array<[LineSortField, boolean]> = [['INVOICE_DATE', false], ['AMOUNT', true], ['SUPPLIER', false], ['CATEGORY', true], ['CATEGORY', false]];
  it.each(cases)('gives every line exactly once in the export order: %s, ascending %s', async (field, ascending) => {
    const where = sql`s.invoice_date >= CAST(${'2000-01-01'} AS DATE)`; // every line, through a bound value
    const ranges = await exportRanges(server.store, where, field, ascending, 997);
    // Several ranges of about 997 lines (a key's lines stay together), then the NULL keys'.
    expect(ranges.length).toBeGreaterThan(Math.floor(lines.length / 997 / 2));
    const ids: number[] = [];
    for (const range of ranges) {
      for await (const chunk of server.store.stream(linesCsvStatement(sql.and([where, range]), field, ascending), { name: 't' })) {
        for (const [line] of chunk.rows) ids.push(Number(String(line).split(',').at(-1)));
      }
    }
    expect(ids).toEqual(expectedIds(field, ascending));
  });
});

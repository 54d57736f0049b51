import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/store/sql.js';
import { parseCsv } from './csv-parse.js';
import { centsToString, toCents } from './expected.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { startTestServer, type TestServer } from './harness.js';

/**
 * DuckDB's buffer pool is bounded (SPENDSCOPE_DUCKDB_MEMORY_MB, docs/architecture.md, "Memory"):
 * an import whose staged rows and uncommitted lines are several times that size spills to disk
 * and still commits every line, to the cent. On PostgreSQL the setting does not apply; the import
 * runs the same.
 */
const ROWS = 200_000;
/** The smallest pool the setting allows; an import's CSV buffers need about 60 MB of it. */
const POOL_MB = 128;

let server: TestServer;
let finance: GraphQLClient;

beforeAll(async () => {
  server = await startTestServer({ lines: 10_000, env: { SPENDSCOPE_DUCKDB_MEMORY_MB: String(POOL_MB) } });
  finance = await GraphQLClient.signedIn(server.url, DEMO.finance);
});
afterAll(() => server?.close());

describe('an import larger than the DuckDB buffer pool', () => {
  it('validates and commits every row, to the cent, with the pool at its configured size', async () => {
    await expectPoolAtItsSize();
    // Wide rows (long descriptions) so staging and the lines outgrow the pool several times over.
    let cents = 0n;
    const lines = ['Date,Supplier,Amount,Description,Transaction Number'];
    for (let i = 1; i <= ROWS; i++) {
      const amount = 100 + ((i * 7919) % 900_000); // cents
      cents += BigInt(amount);
      lines.push(`2025-0${1 + (i % 9)}-1${i % 10},Pool Supplier ${i % 500} Ltd,${(amount / 100).toFixed(2)},${'Consultancy and repairs, phase '.repeat(12).replaceAll(',', ';')}${i},POOL-${i}`);
    }
    const res = await fetch(`${server.url}/api/imports?fileName=pool.csv&sourceName=Pool`, {
      method: 'POST', headers: { cookie: finance.sessionCookie, 'content-type': 'text/csv' }, body: lines.join('\n') + '\n',
    });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { data: { id: string } }).data.id;
    const { importBatch } = await finance.ok<{ importBatch: { columns: Array<{ index: number; field: string | null }> } }>(
      `query($id: ID!) { importBatch(id: $id) { columns { index field } } }`, { id });
    const columns = importBatch.columns.filter((c) => c.field).map((c) => ({ field: c.field, column: c.index }));
    const validated = await finance.ok<{ validateImport: { acceptedCount: number } }>(
      `mutation($id: ID!, $m: ImportMappingInput!) { validateImport(id: $id, mapping: $m) { acceptedCount } }`, { id, m: { columns, defaultCurrency: 'EUR' } });
    expect(validated.validateImport.acceptedCount).toBe(ROWS);
    await finance.ok(`mutation($id: ID!) { commitImport(id: $id) { status } }`, { id });
    const [row] = await server.store.query<{ n: string; total: string }>(
      sql`SELECT COUNT(*) AS n, CAST(SUM(amount) AS VARCHAR) AS total FROM spend_lines WHERE import_batch_id = ${Number(id)}`, { name: 'test.poolLines' });
    expect({ n: Number(row.n), total: row.total }).toEqual({ n: ROWS, total: centsToString(cents) });
    // Staging loads and line chunks hand their memory back by setting the limit again: to its own value.
    await expectPoolAtItsSize();
  });

  it('exports every line as CSV, range by range, and handing back the memory of each range leaves the pool at its size', async () => {
    const res = await fetch(`${server.url}/api/exports/lines?format=csv`, { headers: { cookie: finance.sessionCookie } });
    expect(res.status).toBe(200);
    const csv = parseCsv((await res.text()).replace(/^\uFEFF/, ''));
    const [head, ...rows] = csv;
    const amount = head.indexOf('Amount');
    const [row] = await server.store.query<{ n: string; total: string }>(
      sql`SELECT COUNT(*) AS n, CAST(SUM(amount) AS VARCHAR) AS total FROM spend_lines`, { name: 'test.allLines' });
    expect(rows.length).toBe(Number(row.n));
    expect(centsToString(rows.reduce((sum, r) => sum + toCents(r[amount]), 0n))).toBe(row.total);
    await expectPoolAtItsSize();
  });
});

/** On DuckDB, the buffer pool's limit is the configured size. */
async function expectPoolAtItsSize() {
  if (server.store.dialect !== 'duckdb') return;
  const [limit] = await server.store.query<{ v: string }>(sql`SELECT current_setting('memory_limit') AS v`, { name: 'test.memoryLimit' });
  expect(limit.v).toMatch(new RegExp(`^${POOL_MB}(\\.0)? MiB$`));
}

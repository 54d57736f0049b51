import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { openStore } from '../src/server.js';
import { sql } from '../src/store/sql.js';
import { centsToString, toCents } from './expected.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { testBackend } from './harness.js';
import { createPgDatabase } from './pg-databases.js';
import { kill9, sleep, spawnServer } from './process.js';

// A million flattened spendLines rows through /api/exports/query, from a real server process, in
// bounded memory: the export walks the list a page at a time (docs/architecture.md, the query
// workbench, "Export"). The bound asserted is generous; the number measured is printed.
const LINES = 1_000_000;
const PEAK_RSS_BOUND_MB = 600;
const DOCUMENT = `{ spendLines { nodes { id invoiceDate supplierName categoryName amountReporting } } }`;

let dir: string;
let pgDatabase: Awaited<ReturnType<typeof createPgDatabase>> | null = null;
let server: ReturnType<typeof spawnServer>;
let expected: { count: number; cents: bigint };

function peakRssMb(pid: number): number {
  return Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'spendscope-1m-'));
  const db = join(dir, 'export.duckdb');
  // The DuckDB file, or a fresh PostgreSQL database (SPENDSCOPE_TEST_BACKEND), for the seed and the server alike.
  if (testBackend() === 'postgres') pgDatabase = await createPgDatabase();
  const backend: Record<string, string> = pgDatabase ? { SPENDSCOPE_DATABASE_URL: pgDatabase.url } : {};
  // Seeded here, not by the server, so the server's peak RSS is the export's alone.
  const { store } = await openStore(loadConfig({ SPENDSCOPE_DB: db, SPENDSCOPE_DEMO_LINES: String(LINES), SPENDSCOPE_AS_OF: '2026-11-21', ...backend }));
  const [row] = await store.query<{ n: string; total: string }>(
    sql`SELECT COUNT(*) AS n, CAST(SUM(amount_reporting) AS VARCHAR) AS total FROM spend_lines`,
    // The first read of a million freshly loaded rows on PostgreSQL also writes their hint bits:
    // seconds, more on a busy machine, so not the default 30 s limit.
    { name: 'test.total', timeoutMs: 300_000 },
  );
  expected = { count: Number(row.n), cents: toCents(row.total) };
  await store.close();
  // Rollups off: their build at start would put its own working memory into the peak measured
  // here, and the export reads the lines either way (docs/rollups.md). The JavaScript heap is
  // capped at 192 MB: V8 otherwise grows its heap lazily up to the machine's size, so an
  // uncapped peak says more about the collector than about the export; under the cap, an export
  // that held its rows would fail outright.
  server = spawnServer(db, { SPENDSCOPE_ROLLUPS: 'false', NODE_OPTIONS: '--max-old-space-size=192', ...backend });
  await server.ready();
}, 300_000);

afterAll(async () => {
  if (server) await kill9(server);
  if (dir) rmSync(dir, { recursive: true, force: true });
  await pgDatabase?.drop();
});

describe('query export of 1,000,000 spendLines rows', () => {
  it('streams every row as CSV, the sum tying to SQL, with the server peak RSS bounded', async () => {
    const client = await GraphQLClient.signedIn(server.url!, DEMO.finance);
    const started = performance.now();
    const res = await fetch(`${server.url}/api/exports/query?${new URLSearchParams({ document: DOCUMENT, format: 'csv' }).toString()}`, {
      headers: { cookie: client.sessionCookie },
    });
    expect(res.status).toBe(200);
    // Counted and summed as the bytes arrive: ids, dates and decimals hold no commas or quotes, so
    // the amount is the text after the last comma (names may be quoted, they come before it).
    const decoder = new TextDecoder();
    let rest = '';
    let rows = -1; // the header line
    let cents = 0n;
    const take = (line: string) => {
      if (!line) return;
      rows++;
      if (rows === 0) {
        expect(line).toBe('id,invoiceDate,supplierName,categoryName,amountReporting');
        return;
      }
      const amount = line.slice(line.lastIndexOf(',') + 1);
      if (amount) cents += toCents(amount);
    };
    for await (const chunk of res.body!) {
      const text = rest + decoder.decode(chunk as Uint8Array, { stream: true });
      const parts = text.split('\r\n');
      rest = parts.pop()!;
      for (const line of parts) take(line);
    }
    take(rest);
    const seconds = (performance.now() - started) / 1000;
    const peak = peakRssMb(server.proc.pid!);
    console.log(`query export: ${rows.toLocaleString('en-GB')} rows in ${seconds.toFixed(1)} s (${Math.round(rows / seconds).toLocaleString('en-GB')} rows/s), server peak RSS ${peak.toFixed(0)} MB`);
    expect(rows).toBe(expected.count);
    expect(rows).toBeGreaterThanOrEqual(LINES);
    expect(centsToString(cents)).toBe(centsToString(expected.cents));
    expect(peak).toBeLessThan(PEAK_RSS_BOUND_MB);
  }, 240_000);

  it('a client that goes away stops the walk', async () => {
    const client = await GraphQLClient.signedIn(server.url!, DEMO.finance);
    const abort = new AbortController();
    const res = await fetch(`${server.url}/api/exports/query?${new URLSearchParams({ document: DOCUMENT, format: 'csv' }).toString()}`, {
      headers: { cookie: client.sessionCookie }, signal: abort.signal,
    });
    const reader = res.body!.getReader();
    await reader.read();
    abort.abort();
    for (let i = 0; i < 100 && !server.output().includes('export.cancelled'); i++) await sleep(100);
    expect(server.output()).toContain('export.cancelled');
    // The server is still there and answers.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  }, 60_000);
});

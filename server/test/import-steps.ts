import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { expect } from 'vitest';
import { sql } from '../src/store/sql.js';
import { centsToString, toCents } from './expected.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { startTestServer, type TestServer } from './harness.js';

/** Upload → validate → commit over HTTP, as the import screen does: shared by the files that import real files. */
export const SUMMARY_FIELDS = `id status format failure encoding defaultCurrency currencyBasis currencyRequired contractCount rowCount acceptedCount rejectedCount warningCount duplicateCount totalAmount
  totalsByCurrency { currency amount } columns { index header field } notes`;
/** The batch without its problems, preview and progress: what the loops over hundreds of real files check. */
export const SUMMARY = `query($id: ID!) { importBatch(id: $id) { ${SUMMARY_FIELDS} } }`;
export const VALIDATE = `mutation($id: ID!, $m: ImportMappingInput!) { validateImport(id: $id, mapping: $m) { id status acceptedCount rejectedCount duplicateCount totalAmount totalsByCurrency { currency amount } } }`;
export const COMMIT = `mutation($id: ID!) { commitImport(id: $id) { id status totalAmount duplicateCount } }`;

export interface BatchSummary {
  id: string; status: string; failure: string | null; encoding: string | null; defaultCurrency: string | null; rowCount: number; acceptedCount: number;
  currencyBasis: string | null; currencyRequired: boolean; contractCount: number;
  rejectedCount: number; warningCount: number; duplicateCount: number; totalAmount: string; totalsByCurrency: Array<{ currency: string; amount: string }>;
  columns: Array<{ index: number; header: string; field: string | null }>; notes: string[];
}

export const sumTotals = (b: BatchSummary) => centsToString(b.totalsByCurrency.reduce((s, t) => s + toCents(t.amount), 0n));

export class Importer {
  constructor(readonly server: TestServer, readonly client: GraphQLClient) {}

  /** A test server sized for real files (10,000 demo lines, 60 MB uploads) and finance signed in to it. */
  static async start(env: Record<string, string> = {}): Promise<Importer> {
    const server = await startTestServer({ lines: 10_000, importMaxMb: 60, env });
    return new Importer(server, await GraphQLClient.signedIn(server.url, DEMO.finance));
  }

  async upload(client: GraphQLClient, body: Buffer, fileName: string, sourceName: string) {
    const res = await fetch(`${this.server.url}/api/imports?fileName=${encodeURIComponent(fileName)}&sourceName=${encodeURIComponent(sourceName)}`, {
      method: 'POST', headers: { cookie: client.sessionCookie, 'content-type': 'application/octet-stream' }, body: new Uint8Array(body),
    });
    return { status: res.status, body: (await res.json()) as { data?: { id: string }; errors?: Array<{ message: string; extensions: Record<string, unknown> }> } };
  }

  async summary(id: string): Promise<BatchSummary> {
    return (await this.client.ok<{ importBatch: BatchSummary }>(SUMMARY, { id })).importBatch;
  }

  /** Upload and validate with the proposed (or remembered) mapping; no currency is chosen unless given. */
  async validateFile(path: string, sourceName: string, defaultCurrency?: string): Promise<BatchSummary> {
    const up = await this.upload(this.client, readFileSync(path), basename(path), sourceName);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const id = up.body.data!.id;
    const detected = await this.summary(id);
    expect(detected.status).toBe('UPLOADED');
    // No manual step: every real file says (or its source remembers) its currency.
    if (!defaultCurrency) expect({ path, required: detected.currencyRequired }).toEqual({ path, required: false });
    const columns = detected.columns.filter((c) => c.field).map((c) => ({ field: c.field, column: c.index }));
    await this.client.ok(VALIDATE, { id, m: { columns, ...(defaultCurrency ? { defaultCurrency } : {}) } });
    return this.summary(id);
  }

  /** The batch's lines in the store, counted and summed by SQL of the test's own. */
  async linesOf(id: string) {
    const [row] = await this.server.store.query<{ n: string; total: string | null }>(
      sql`SELECT COUNT(*) AS n, CAST(SUM(amount) AS VARCHAR) AS total FROM spend_lines WHERE import_batch_id = ${Number(id)}`,
      { name: 'test.batchLines' },
    );
    return { count: Number(row.n), total: row.total ?? '0.00' };
  }
}

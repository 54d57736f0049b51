import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/store/sql.js';
import { COUNCILS, DATASETS, OXFORD, expectFromCsv, expectFromOcds, listJson } from './dataset-expectations.js';
import { parseCsv } from './csv-parse.js';
import { centsToString, toCents } from './expected.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { startTestServer, type TestServer } from './harness.js';

const BATCH = `query($id: ID!) { importBatch(id: $id) {
  id status format failure encoding defaultCurrency rowCount acceptedCount rejectedCount warningCount duplicateCount totalAmount
  totalsByCurrency { currency amount } columns { index header field } notes progress { phase rowsProcessed }
  problems(page: { limit: 5 }) { totalCount nodes { rowNumber severity code column rawValue } }
  preview(limit: 3) { rowNumber amount currency supplierName sourceRef }
} }`;
const VALIDATE = `mutation($id: ID!, $m: ImportMappingInput!) { validateImport(id: $id, mapping: $m) { id status acceptedCount rejectedCount duplicateCount totalAmount totalsByCurrency { currency amount } } }`;
const COMMIT = `mutation($id: ID!) { commitImport(id: $id) { id status totalAmount duplicateCount } }`;
const ROLLBACK = `mutation($id: ID!) { rollbackImport(id: $id) { id status } }`;
const TOTAL = `{ spendCube(query: { dimensions: [], measures: [SPEND, LINE_COUNT] }) { totals { values } } }`;

interface Batch {
  id: string; status: string; failure: string | null; encoding: string | null; defaultCurrency: string | null; rowCount: number; acceptedCount: number;
  rejectedCount: number; warningCount: number; duplicateCount: number; totalAmount: string; totalsByCurrency: Array<{ currency: string; amount: string }>;
  columns: Array<{ index: number; header: string; field: string | null }>; notes: string[];
  problems: { totalCount: number; nodes: Array<{ rowNumber: number; severity: string; code: string }> };
  preview: Array<{ rowNumber: number; amount: string; currency: string; supplierName: string }>;
}

let server: TestServer;
let finance: GraphQLClient;

async function upload(client: GraphQLClient, body: Buffer, fileName: string, sourceName: string) {
  const res = await fetch(`${server.url}/api/imports?fileName=${encodeURIComponent(fileName)}&sourceName=${encodeURIComponent(sourceName)}`, {
    method: 'POST', headers: { cookie: client.sessionCookie, 'content-type': 'application/octet-stream' }, body: new Uint8Array(body),
  });
  return { status: res.status, body: (await res.json()) as { data?: { id: string }; errors?: Array<{ message: string; extensions: Record<string, unknown> }> } };
}

async function batch(id: string): Promise<Batch> {
  return (await finance.ok<{ importBatch: Batch }>(BATCH, { id })).importBatch;
}

/** Upload and validate with the proposed (or remembered) mapping. */
async function validateFile(path: string, sourceName: string, defaultCurrency?: string): Promise<Batch> {
  const up = await upload(finance, readFileSync(path), basename(path), sourceName);
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  const id = up.body.data!.id;
  const detected = await batch(id);
  expect(detected.status).toBe('UPLOADED');
  const columns = detected.columns.filter((c) => c.field).map((c) => ({ field: c.field, column: c.index }));
  await finance.ok(VALIDATE, { id, m: { columns, ...(defaultCurrency ? { defaultCurrency } : {}) } });
  return batch(id);
}

async function linesOf(id: string) {
  const [row] = await server.store.query<{ n: string; total: string | null }>(
    sql`SELECT COUNT(*) AS n, CAST(SUM(amount) AS VARCHAR) AS total FROM spend_lines WHERE import_batch_id = ${Number(id)}`,
    { name: 'test.batchLines' },
  );
  return { count: Number(row.n), total: row.total ?? '0.00' };
}

async function dashboardTotal(): Promise<string> {
  return (await finance.ok<{ spendCube: { totals: { values: string[] } } }>(TOTAL)).spendCube.totals.values[0];
}

const sumTotals = (b: Batch) => centsToString(b.totalsByCurrency.reduce((s, t) => s + toCents(t.amount), 0n));

beforeAll(async () => {
  server = await startTestServer({ lines: 10_000, importMaxMb: 60 });
  // Small commit chunks, so every real file below commits in several statements.
  server.imports.commitChunkRows = 997;
  finance = await GraphQLClient.signedIn(server.url, DEMO.finance);
});
afterAll(() => server?.close());

describe('real public files import through upload → validate → commit, matching an independent parser to the cent', () => {
  it('every Oxford City Council file, remembering the mapping for the source', async () => {
    const dir = join(DATASETS, 'uk-oxford-city-spend-over-500');
    const before = await dashboardTotal();
    let added = 0n;
    let remembered = 0;
    let expectedRemembered = 0;
    let previousHeader = '';
    // In publication order, as a finance team would load them quarter after quarter.
    const quarter = (f: string) => f.replace(/.*-(\d{4})\.csv$/, '$1') + ['jan', 'apr', 'jul', 'oct'].indexOf(f.split('-')[3]);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.csv')).sort((a, b) => quarter(a).localeCompare(quarter(b)))) {
      // Independently: a file maps itself when its header line reads like the previous file's.
      const header = readFileSync(join(dir, file), 'utf8').split(/\r?\n/)[0].split(',').map((h) => h.trim()).join(',');
      if (header === previousHeader) expectedRemembered++;
      previousHeader = header;
      const key = file.replace('expenditure-over-500-', '').replace('.csv', '');
      const expected = expectFromCsv(join(dir, file), OXFORD[key]);
      const b = await validateFile(join(dir, file), 'Oxford City Council', 'GBP');
      if (b.notes.some((n) => n.includes('mapped as the last file'))) remembered++;
      expect({ file, status: b.status, accepted: b.acceptedCount, total: sumTotals(b) }).toEqual({
        file, status: 'VALIDATED', accepted: expected.accepted, total: centsToString(expected.total),
      });
      expect(b.rowCount).toBe(expected.rows);
      const committed = (await finance.ok<{ commitImport: { status: string; totalAmount: string } }>(COMMIT, { id: b.id })).commitImport;
      expect(committed.status).toBe('COMMITTED');
      expect(await linesOf(b.id)).toEqual({ count: expected.accepted, total: centsToString(expected.total) });
      added += toCents(committed.totalAmount);
    }
    expect(expectedRemembered).toBeGreaterThan(0);
    expect(remembered, 'later files of the same source map themselves').toBe(expectedRemembered);
    // The dashboard grew by exactly the committed batches' reporting totals.
    expect(await dashboardTotal()).toBe(centsToString(toCents(before) + added));
  });

  it('every file of the 15 other UK bodies', async () => {
    const dir = join(DATASETS, 'uk-councils-spend-odileeds');
    for (const file of Object.keys(COUNCILS).sort()) {
      const expected = expectFromCsv(join(dir, file), COUNCILS[file]);
      // One source per file: a council's card ledger and main ledger number their lines independently.
      const b = await validateFile(join(dir, file), `UK ${file.replace('.csv', '')}`, 'GBP');
      expect({ file, accepted: b.acceptedCount, total: sumTotals(b) }).toEqual({ file, accepted: expected.accepted, total: centsToString(expected.total) });
      if (b.acceptedCount > 0) {
        await finance.ok(COMMIT, { id: b.id });
        expect(await linesOf(b.id)).toEqual({ count: expected.accepted, total: centsToString(expected.total) });
      }
    }
  });

  it('USAspending contracts (US dates, de-obligations) and a sample of 50 OCDS files from every publisher', async () => {
    const usDir = join(DATASETS, 'usaspending-treasury-contracts-fy2016');
    const usFile = readdirSync(usDir).find((f) => f.endsWith('.csv'))!;
    const us = await validateFile(join(usDir, usFile), 'USAspending', 'USD');
    expect(us.acceptedCount).toBe(126);
    await finance.ok(COMMIT, { id: us.id });
    expect((await linesOf(us.id)).count).toBe(126);

    const root = join(DATASETS, 'ocds-real-examples');
    const all = listJson(root).sort();
    const publisher = (p: string) => p.slice(root.length + 1).split('/')[0];
    // Deterministic sample: every publisher's files in turn until 50 are taken.
    const byPublisher = new Map<string, string[]>();
    for (const f of all) byPublisher.set(publisher(f), [...(byPublisher.get(publisher(f)) ?? []), f]);
    const sample: string[] = [];
    for (let i = 0; sample.length < 50; i++) for (const files of byPublisher.values()) if (files[i] && sample.length < 50) sample.push(files[i]);
    expect(new Set(sample.map(publisher)).size).toBe(byPublisher.size);
    for (const file of sample) {
      const expected = expectFromOcds(file);
      const b = await validateFile(file, `OCDS ${publisher(file)}`);
      expect({ file, accepted: b.acceptedCount, total: sumTotals(b) }).toEqual({ file, accepted: expected.accepted, total: centsToString(expected.total) });
      if (b.acceptedCount > 0) {
        const committed = (await finance.ok<{ commitImport: { duplicateCount: number } }>(COMMIT, { id: b.id })).commitImport;
        expect((await linesOf(b.id)).count).toBe(expected.accepted - committed.duplicateCount);
      } else {
        // Nothing to import is explained: rows rejected with reasons, or a note on the file.
        expect(b.rejectedCount > 0 || b.notes.length > 0, file).toBe(true);
      }
    }
  });
});

describe('commit is atomic and idempotent; roll back restores the totals exactly', () => {
  const file = join(DATASETS, 'uk-oxford-city-spend-over-500', 'expenditure-over-500-jan-mar-2015.csv');

  it('re-importing the same file adds nothing and says so', async () => {
    const again = await validateFile(file, 'Oxford City Council', 'GBP');
    expect(again.acceptedCount).toBeGreaterThan(0);
    expect(again.duplicateCount).toBe(again.acceptedCount);
    const before = await dashboardTotal();
    const committed = (await finance.ok<{ commitImport: { totalAmount: string; duplicateCount: number } }>(COMMIT, { id: again.id })).commitImport;
    expect(committed).toMatchObject({ totalAmount: '0.00', duplicateCount: again.acceptedCount });
    expect((await linesOf(again.id)).count).toBe(0);
    expect(await dashboardTotal()).toBe(before);
  });

  it('a failure injected in the middle of a commit leaves no line, supplier or unit of that batch', async () => {
    const fresh = await validateFile(file, 'Oxford City Council (second ledger)', 'GBP');
    const count = async () => (await server.store.query<{ lines: string; suppliers: string; units: string }>(
      sql`SELECT (SELECT COUNT(*) FROM spend_lines) AS lines, (SELECT COUNT(*) FROM suppliers) AS suppliers, (SELECT COUNT(*) FROM business_units) AS units`,
      { name: 'test.counts' },
    ))[0];
    const before = await count();
    server.imports.faultBeforeCommitEnds = () => {
      throw new Error('injected failure after the lines were inserted');
    };
    try {
      expect((await finance.errorCode(COMMIT, { id: fresh.id })).code).toBe('INTERNAL_SERVER_ERROR');
    } finally {
      server.imports.faultBeforeCommitEnds = null;
    }
    expect(await count()).toEqual(before);
    expect((await batch(fresh.id)).status).toBe('VALIDATED');
    server.loggedErrors.length = 0;
    // Once the fault is gone the same batch commits in full.
    await finance.ok(COMMIT, { id: fresh.id });
    expect((await linesOf(fresh.id)).count).toBe(fresh.acceptedCount);

    const totalWith = await dashboardTotal();
    const batchTotal = (await batch(fresh.id)).totalAmount;
    expect((await finance.ok<{ rollbackImport: { status: string } }>(ROLLBACK, { id: fresh.id })).rollbackImport.status).toBe('ROLLED_BACK');
    expect((await linesOf(fresh.id)).count).toBe(0);
    expect(await dashboardTotal()).toBe(centsToString(toCents(totalWith) - toCents(batchTotal)));
    expect((await finance.errorCode(ROLLBACK, { id: fresh.id })).code).toBe('INVALID_STATE');
    expect((await finance.errorCode(COMMIT, { id: fresh.id })).code).toBe('INVALID_STATE');
  });
});

describe('bad files get a clear message and write nothing', () => {
  const lineCount = async () => Number((await server.store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM spend_lines`, { name: 't' }))[0].n);

  it.each([
    ['empty.csv', Buffer.alloc(0), /empty/i],
    ['binary.csv', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37) % 256)), /binary|not.*text/i],
    ['wide.csv', Buffer.from(Array.from({ length: 10_000 }, (_, i) => `col${i}`).join(',') + '\n' + Array.from({ length: 10_000 }, () => '1').join(',') + '\n'), /columns/i],
    ['one-long-line.csv', Buffer.alloc(50 * 1024 * 1024, 'a'), /line|long|record/i],
    ['garbage.json', Buffer.from('{"releases": [ {"ocid": '), /JSON/i],
  ])('%s', async (name, body, message) => {
    const before = await lineCount();
    const res = await upload(finance, body, name, 'Bad files');
    expect(res.status).toBe(422);
    expect(res.body.errors?.[0].extensions.code).toBe('IMPORT_INVALID');
    expect(res.body.errors?.[0].message).toMatch(message);
    const failed = await batch(String(res.body.errors?.[0].extensions.batchId));
    expect(failed.status).toBe('FAILED');
    expect(failed.failure).toBe(res.body.errors?.[0].message);
    expect(await lineCount()).toBe(before);
  });

  it('a header-only file validates to zero rows; a file over the size limit is refused', async () => {
    const up = await upload(finance, Buffer.from('Date,Supplier,Amount\n'), 'header-only.csv', 'Bad files');
    expect(up.status).toBe(201);
    const b = await batch(up.body.data!.id);
    const columns = b.columns.filter((c) => c.field).map((c) => ({ field: c.field, column: c.index }));
    const v = (await finance.ok<{ validateImport: { acceptedCount: number; status: string } }>(VALIDATE, { id: b.id, m: { columns, defaultCurrency: 'GBP' } })).validateImport;
    expect(v).toMatchObject({ status: 'VALIDATED', acceptedCount: 0 });
    const big = await upload(finance, Buffer.alloc(61 * 1024 * 1024, 'x'), 'huge.csv', 'Bad files');
    expect(big.status).toBe(413);
    expect(big.body.errors?.[0].message).toMatch(/larger than the 60 MB/);
  });

  it('Windows-1252 text and formula-looking cells import as text, with warnings for the formulas', async () => {
    const text = 'Date,Supplier,Amount,Description\n01/02/2025,Caf\xe9 N\xe9ro Ltd,12.50,Coffee\n02/02/2025,=HYPERLINK("http://x"),5.00,@SUM(A1)\n';
    const b = await (async () => {
      const up = await upload(finance, Buffer.from(text, 'latin1'), 'cp1252.csv', 'Encoding test');
      const detected = await batch(up.body.data!.id);
      const columns = detected.columns.filter((c) => c.field).map((c) => ({ field: c.field, column: c.index }));
      await finance.ok(VALIDATE, { id: detected.id, m: { columns, defaultCurrency: 'GBP', dateFormat: 'DMY' } });
      return batch(detected.id);
    })();
    expect(b.encoding).toBe('windows-1252');
    expect(b.acceptedCount).toBe(2);
    expect(b.preview.map((p) => p.supplierName)).toEqual(['Café Néro Ltd', '=HYPERLINK("http://x")']);
    expect(b.problems.nodes.map((p) => p.code)).toContain('FORMULA_LIKE_TEXT');
    // The download holds every problem, once, with the raw value as found in the file.
    const csv = await fetch(`${server.url}/api/imports/${b.id}/problems.csv`, { headers: { cookie: finance.sessionCookie } });
    expect(csv.headers.get('content-disposition')).toContain(`import-${b.id}-problems.csv`);
    const [head, ...rows] = parseCsv(await csv.text());
    expect(head).toEqual(['Row', 'Severity', 'Column', 'Code', 'Message', 'Value']);
    expect(rows).toHaveLength(b.problems.totalCount);
    expect(rows.find((r) => r[3] === 'FORMULA_LIKE_TEXT')?.[5]).toMatch(/^'?=HYPERLINK|^'?@SUM/);
  });

  it('the mapping is checked, states are enforced, and only finance and admins import', async () => {
    const up = await upload(finance, Buffer.from('Date,Supplier,Amount\n2025-01-02,Acme,1.00\n'), 'small.csv', 'Checks');
    const id = up.body.data!.id;
    const outOfRange = await finance.errorCode(VALIDATE, { id, m: { columns: [{ field: 'AMOUNT', column: 7 }] } });
    expect(outOfRange).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { field: 'mapping.columns.0.column' } });
    // Without a date column every row is rejected, and says why.
    await finance.ok(VALIDATE, { id, m: { columns: [{ field: 'AMOUNT', column: 2 }, { field: 'SUPPLIER_NAME', column: 1 }], defaultCurrency: 'GBP' } });
    const undated = await batch(id);
    expect(undated).toMatchObject({ acceptedCount: 0, rejectedCount: 1 });
    expect(undated.problems.nodes.map((p) => p.code)).toEqual(['DATE_MISSING']);
    const twice = await finance.errorCode(VALIDATE, { id, m: { columns: [{ field: 'AMOUNT', column: 2 }, { field: 'AMOUNT', column: 1 }] } });
    expect(twice.code).toBe('BAD_USER_INPUT');
    await finance.ok(`mutation($id: ID!) { discardImport(id: $id) { status } }`, { id });
    expect((await finance.errorCode(COMMIT, { id })).code).toBe('INVALID_STATE');
    const analyst = await GraphQLClient.signedIn(server.url, DEMO.analyst);
    expect((await upload(analyst, Buffer.from('a,b\n1,2\n'), 'x.csv', 'x')).status).toBe(403);
    expect((await analyst.errorCode(`{ importBatches { totalCount } }`)).code).toBe('FORBIDDEN');
    expect(server.loggedErrors).toEqual([]);
  });
});

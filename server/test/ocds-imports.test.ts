import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/store/sql.js';
import { DATASETS, expectFromOcds, listJson } from './dataset-expectations.js';
import { centsToString } from './expected.js';
import type { GraphQLClient } from './graphql-client.js';
import { testBackend, type TestServer } from './harness.js';
import { COMMIT, Importer, sumTotals } from './import-steps.js';

/**
 * The Open Contracting files of the datasets (all on PostgreSQL, a quarter on DuckDB: see
 * FILES_PER_PUBLISHER), uploaded, validated and committed over HTTP (docs/imports.md, "Open
 * Contracting (OCDS) JSON"): what they store, lines and contracts, read back by SQL of the test's
 * own and compared with an independent reading of the files.
 *
 * On a server of its own, apart from the other real files (imports.test.ts), and without rollups:
 * nothing here reads a figure from them, and they would be rebuilt after each of some 300 commits
 * beside the imports, a sixth of this file's time (docs/architecture.md, "Tests"). That the
 * rollups follow every write exactly is rollups.test.ts's subject; the correction of an OCDS
 * payment moving the dashboard is imports.test.ts's.
 */
/**
 * Every file on PostgreSQL; on DuckDB, each publisher's first files in name order (about a
 * quarter, processes and their later releases together). Reading a file is the same code on both
 * engines and is checked on every file there; what DuckDB adds is the statements that stage and
 * commit, and they are the same for every file. The whole set on DuckDB took 250 s of CI on slow
 * machines, with the whole of CI close to its 30-minute limit (docs/architecture.md, "Tests").
 */
const FILES_PER_PUBLISHER = testBackend() === 'postgres' ? Infinity : 10;
const FILES_READ = FILES_PER_PUBLISHER === Infinity ? 'every OCDS file of every publisher' : `each publisher's first ${FILES_PER_PUBLISHER} OCDS files`;

let server: TestServer;
let finance: GraphQLClient;
let importer: Importer;
const validateFile = (path: string, sourceName: string) => importer.validateFile(path, sourceName);

beforeAll(async () => {
  importer = await Importer.start({ SPENDSCOPE_ROLLUPS: 'false' });
  ({ server, client: finance } = importer);
});
afterAll(() => server?.close());

describe('every real Open Contracting file imports: payments as spend, contracts and awards as contracts', () => {
  it('the official OCDS example: spend is the payments, the award and contract are one contract', async () => {
    const file = join(DATASETS, 'ocds-real-examples/_fictional-example-1.1/ocds-213czf-000-00001.json');
    // Independently: the implementation transactions of the raw file.
    const raw = JSON.parse(readFileSync(file, 'utf8')) as { releases: Array<{ contracts?: Array<{ value?: { amount: number }; implementation?: { transactions?: Array<{ value: { amount: number } }> } }> }> };
    const implementation = raw.releases.at(-1)!;
    const payments = implementation.contracts!.flatMap((c) => c.implementation?.transactions ?? []).reduce((s, t) => s + BigInt(Math.round(t.value.amount * 100)), 0n);
    const ceiling = BigInt(Math.round(implementation.contracts![0].value!.amount * 100));
    const b = await validateFile(file, 'OCDS example');
    expect({ accepted: b.acceptedCount, total: sumTotals(b), contracts: b.contractCount }).toEqual({ accepted: 2, total: centsToString(payments), contracts: 1 });
    expect(sumTotals(b)).toBe('60000.00');
    await finance.ok(COMMIT, { id: b.id });
    const [k] = await server.store.query<{ n: string; ceiling: string }>(
      sql`SELECT COUNT(*) AS n, CAST(MAX(ceiling) AS VARCHAR) AS ceiling FROM contracts WHERE ocid = 'ocds-213czf-000-00001'`,
      { name: 'test.exampleContract' },
    );
    expect({ n: Number(k.n), ceiling: k.ceiling }).toEqual({ n: 1, ceiling: centsToString(ceiling) });
    // The same process in its separate release files and its record adds nothing: later files update.
    for (const name of ['ocds-213czf-000-00001-04-award.json', 'ocds-213czf-000-00001-05-contract.json', 'ocds-213czf-000-00001-06-implementation.json', 'record/ocds-213czf-000-00001.json']) {
      const again = await validateFile(join(DATASETS, 'ocds-real-examples/_fictional-example-1.1', name), 'OCDS example (release files)');
      await finance.ok(COMMIT, { id: again.id });
    }
    const [after] = await server.store.query<{ lines: string; total: string; contracts: string }>(
      sql`SELECT (SELECT COUNT(*) FROM spend_lines l JOIN import_batches b ON b.id = l.import_batch_id WHERE b.source_name LIKE 'OCDS example%') AS lines,
                 (SELECT CAST(SUM(l.amount) AS VARCHAR) FROM spend_lines l JOIN import_batches b ON b.id = l.import_batch_id WHERE b.source_name LIKE 'OCDS example%') AS total,
                 (SELECT COUNT(*) FROM contracts WHERE ocid = 'ocds-213czf-000-00001') AS contracts`,
      { name: 'test.exampleAfter' },
    );
    expect({ lines: Number(after.lines), total: after.total, contracts: Number(after.contracts) }).toEqual({ lines: 2, total: '60000.00', contracts: 1 });
  });

  it(`${FILES_READ}: payments as spend, contracts and awards as contracts, later files updating`, async () => {
    const root = join(DATASETS, 'ocds-real-examples');
    const publisher = (p: string) => p.slice(root.length + 1).split('/')[0];
    const taken = new Map<string, number>();
    const all = listJson(root).sort().filter((file) => {
      const n = taken.get(publisher(file)) ?? 0;
      taken.set(publisher(file), n + 1);
      return n < FILES_PER_PUBLISHER;
    });
    expect(all.length).toBeGreaterThan(FILES_PER_PUBLISHER === Infinity ? 400 : 100);
    const payments = new Map<string, bigint>();
    const contracts = new Map<string, bigint>();
    const implemented = new Set<string>();
    for (const file of all) {
      const expected = expectFromOcds(file);
      const b = await validateFile(file, `OCDS ${publisher(file)}`);
      expect({ file, accepted: b.acceptedCount, total: sumTotals(b), contracts: b.contractCount }).toEqual({
        file, accepted: expected.accepted, total: centsToString(expected.total), contracts: expected.contracts,
      });
      if (b.acceptedCount > 0 || b.contractCount > 0) await finance.ok(COMMIT, { id: b.id });
      else expect(b.notes.length, file).toBeGreaterThan(0);
      for (const [ref, c] of expected.paymentRefs) payments.set(ref, c);
      for (const [ref, c] of expected.contractRefs) contracts.set(ref, c);
      for (const ref of expected.implementedAwards) implemented.add(ref);
    }
    for (const ref of implemented) contracts.delete(ref);
    // Every OCDS line in the store (the example's, imported above, are among these files too): one per payment.
    const lines = await server.store.query<{ ref: string; amount: string }>(
      sql`SELECT l.source_ref AS ref, CAST(l.amount AS VARCHAR) AS amount FROM spend_lines l JOIN import_batches b ON b.id = l.import_batch_id
          WHERE b.format = 'OCDS_JSON' ORDER BY 1`,
      { name: 'test.ocdsLines' },
    );
    expect(lines.map((l) => [l.ref, l.amount])).toEqual([...payments].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([r, c]) => [r, centsToString(c)]));
    const stored = await server.store.query<{ ref: string; ceiling: string }>(
      sql`SELECT source_ref AS ref, CAST(ceiling AS VARCHAR) AS ceiling FROM contracts WHERE source_ref IS NOT NULL ORDER BY 1`,
      { name: 'test.ocdsContracts' },
    );
    expect(stored.map((k) => [k.ref, k.ceiling])).toEqual([...contracts].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([r, c]) => [r, centsToString(c)]));
  }, 600_000); // up to 463 real files, each uploaded, validated and committed over HTTP

});

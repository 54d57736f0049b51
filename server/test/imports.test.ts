import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/store/sql.js';
import { COUNCILS, CURRENCY_BASIS, DATASETS, OXFORD, expectFromCsv } from './dataset-expectations.js';
import { parseCsv } from './csv-parse.js';
import { centsToString, toCents } from './expected.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { MIGRATIONS_DIR, splitStatements, sqlFromFile } from '../src/store/migrate.js';
import { SharedVersions } from '../src/store/shared-versions.js';
import { testBackend, type TestServer } from './harness.js';
import { COMMIT, Importer, SUMMARY_FIELDS, VALIDATE, sumTotals, type BatchSummary } from './import-steps.js';

const BATCH = `query($id: ID!) { importBatch(id: $id) {
  ${SUMMARY_FIELDS} progress { phase rowsProcessed }
  problems(page: { limit: 5 }) { totalCount nodes { rowNumber severity code column rawValue } }
  preview(limit: 3) { rowNumber amount currency supplierName sourceRef }
} }`;
const ROLLBACK = `mutation($id: ID!) { rollbackImport(id: $id) { id status } }`;
const TOTAL = `{ spendCube(query: { dimensions: [], measures: [SPEND, LINE_COUNT] }) { totals { values } } }`;

interface Batch extends BatchSummary {
  problems: { totalCount: number; nodes: Array<{ rowNumber: number; severity: string; code: string }> };
  preview: Array<{ rowNumber: number; amount: string; currency: string; supplierName: string }>;
}

let server: TestServer;
let finance: GraphQLClient;
let importer: Importer;
const upload = (...a: Parameters<Importer['upload']>) => importer.upload(...a);
const summary = (id: string) => importer.summary(id);
const validateFile = (...a: Parameters<Importer['validateFile']>) => importer.validateFile(...a);
const linesOf = (id: string) => importer.linesOf(id);

async function batch(id: string): Promise<Batch> {
  return (await finance.ok<{ importBatch: Batch }>(BATCH, { id })).importBatch;
}

async function dashboardTotal(): Promise<string> {
  return (await finance.ok<{ spendCube: { totals: { values: string[] } } }>(TOTAL)).spendCube.totals.values[0];
}

beforeAll(async () => {
  importer = await Importer.start();
  ({ server, client: finance } = importer);
  // Small commit chunks, so every real file below commits in several statements.
  server.imports.commitChunkRows = 997;
});
afterAll(() => server?.close());

describe('real public files import through upload → validate → commit, matching an independent parser to the cent', () => {
  it('every Oxford City Council file, remembering the mapping for the source', async () => {
    const dir = join(DATASETS, 'uk-oxford-city-spend-over-500');
    const before = await dashboardTotal();
    let added = 0n;
    let blankRows = 0;
    let blankTotal = 0n;
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
      const b = await validateFile(join(dir, file), 'Oxford City Council');
      // The first file's GBP comes from its UK column names; later ones from the source's memory.
      expect(b.defaultCurrency).toBe('GBP');
      expect(['HEADER_VOCABULARY', 'SAVED_FOR_SOURCE']).toContain(b.currencyBasis);
      if (b.notes.some((n) => n.includes('mapped as the last file'))) remembered++;
      expect({ file, status: b.status, accepted: b.acceptedCount, total: sumTotals(b) }).toEqual({
        file, status: 'VALIDATED', accepted: expected.accepted, total: centsToString(expected.total),
      });
      expect(b.rowCount).toBe(expected.rows);
      if (expected.accepted === 0) {
        // Every row rejected (one quarter's dates all read "00:00:00"): nothing to commit, so it is discarded.
        expect((await finance.errorCode(COMMIT, { id: b.id })).code).toBe('INVALID_STATE');
        await finance.ok(`mutation($id: ID!) { discardImport(id: $id) { status } }`, { id: b.id });
        continue;
      }
      const committed = (await finance.ok<{ commitImport: { status: string; totalAmount: string } }>(COMMIT, { id: b.id })).commitImport;
      expect(committed.status).toBe('COMMITTED');
      expect(await linesOf(b.id)).toEqual({ count: expected.accepted, total: centsToString(expected.total) });
      // Rows with a blank payee are kept, under the redacted/undisclosed payee, with a warning.
      const [blank] = await server.store.query<{ n: string; total: string | null }>(
        sql`SELECT COUNT(*) AS n, CAST(SUM(l.amount) AS VARCHAR) AS total FROM spend_lines l JOIN suppliers s ON s.id = l.supplier_id
            WHERE l.import_batch_id = ${Number(b.id)} AND s.name = 'REDACTED' AND l.raw_supplier_name = '(no payee given)'`,
        { name: 'test.blankPayees' },
      );
      expect({ file, n: Number(blank.n), total: blank.total ?? '0.00' }).toEqual({ file, n: expected.blankPayee, total: centsToString(expected.blankPayeeTotal) });
      // Each kept row carries the warning (rows rejected for other reasons are not counted).
      const [warned] = await server.store.query<{ n: string }>(
        sql`SELECT COUNT(*) AS n FROM import_problems w WHERE w.batch_id = ${Number(b.id)} AND w.code = 'SUPPLIER_UNDISCLOSED'
              AND NOT EXISTS (SELECT 1 FROM import_problems e WHERE e.batch_id = w.batch_id AND e.row_number = w.row_number AND e.severity = 'ERROR')`,
        { name: 'test.blankWarnings' },
      );
      expect(Number(warned.n)).toBe(expected.blankPayee);
      blankRows += expected.blankPayee;
      blankTotal += expected.blankPayeeTotal;
      added += toCents(committed.totalAmount);
    }
    // The repro of the issue: 200 rows, £318,595.88, computed here from the raw files.
    expect({ blankRows, blankTotal: centsToString(blankTotal) }).toEqual({ blankRows: 200, blankTotal: '318595.88' });
    expect(expectedRemembered).toBeGreaterThan(0);
    expect(remembered, 'later files of the same source map themselves').toBe(expectedRemembered);
    // The dashboard grew by exactly the committed batches' reporting totals.
    expect(await dashboardTotal()).toBe(centsToString(toCents(before) + added));
    // Every file committed in several chunks, each numbering its lines after the largest id so
    // far: no two lines share an id.
    const [ids] = await server.store.query<{ n: string; distinct_ids: string }>(
      sql`SELECT COUNT(*) AS n, COUNT(DISTINCT id) AS distinct_ids FROM spend_lines`, { name: 'test.lineIds' },
    );
    expect(Number(ids.distinct_ids)).toBe(Number(ids.n));
  }, 180_000); // 17 real files, each uploaded, validated and committed over HTTP

  it('every file of the 15 other UK bodies', async () => {
    const dir = join(DATASETS, 'uk-councils-spend-odileeds');
    for (const file of Object.keys(COUNCILS).sort()) {
      const expected = expectFromCsv(join(dir, file), COUNCILS[file]);
      // One source per file: a council's card ledger and main ledger number their lines independently.
      const b = await validateFile(join(dir, file), `UK ${file.replace('.csv', '')}`);
      // None has a £ or a currency column: GBP is detected, on the basis stated per file.
      expect({ file, currency: b.defaultCurrency, basis: b.currencyBasis }).toEqual({ file, currency: 'GBP', basis: CURRENCY_BASIS[file] });
      expect({ file, accepted: b.acceptedCount, total: sumTotals(b) }).toEqual({ file, accepted: expected.accepted, total: centsToString(expected.total) });
      if (COUNCILS[file].date !== null) expect(b.acceptedCount, file).toBeGreaterThan(0);
      if (b.acceptedCount > 0) {
        await finance.ok(COMMIT, { id: b.id });
        expect(await linesOf(b.id)).toEqual({ count: expected.accepted, total: centsToString(expected.total) });
      }
    }
  }, 180_000); // 15 real files, 67,000 rows in all

  it('USAspending contracts (US dates, de-obligations), with USD detected from the federal column names', async () => {
    const usDir = join(DATASETS, 'usaspending-treasury-contracts-fy2016');
    const usFile = readdirSync(usDir).find((f) => f.endsWith('.csv'))!;
    const expected = expectFromCsv(join(usDir, usFile), { amount: 'dollarsobligated', date: 'signeddate', supplier: 'vendorname', order: 'MDY' });
    const us = await validateFile(join(usDir, usFile), 'USAspending');
    expect(us).toMatchObject({ defaultCurrency: 'USD', currencyBasis: 'HEADER_VOCABULARY', acceptedCount: expected.accepted });
    expect(sumTotals(us)).toBe(centsToString(expected.total));
    await finance.ok(COMMIT, { id: us.id });
    expect(await linesOf(us.id)).toEqual({ count: expected.accepted, total: centsToString(expected.total) });
  });

  it('a later release that corrects a payment updates its line, never adds one, and the totals move by the correction', async () => {
    // The official example's implementation release under a process id of its own (so the real
    // files above are untouched), then the same release with one payment corrected.
    const original = readFileSync(join(DATASETS, 'ocds-real-examples/_fictional-example-1.1/ocds-213czf-000-00001-06-implementation.json'), 'utf8')
      .replaceAll('ocds-213czf-000-00001', 'ocds-213czf-000-corrected');
    type Release = { releases: Array<{ contracts: Array<{ implementation: { transactions: Array<{ id: string; date: string; value: { amount: number } }> } }> }> };
    const corrected = JSON.parse(original) as Release;
    const [first, second] = corrected.releases[0].contracts[0].implementation.transactions;
    first.value.amount = 45_000.5;
    first.date = '2010-08-15T00:00:00Z';
    const dir = mkdtempSync(join(tmpdir(), 'spendscope-ocds-'));
    const v1 = join(dir, 'corrected-v1.json');
    const v2 = join(dir, 'corrected-v2.json');
    writeFileSync(v1, original);
    writeFileSync(v2, JSON.stringify(corrected));
    const linesOfProcess = () => server.store.query<{ batch: number; amount: string; date: string }>(
      sql`SELECT l.import_batch_id AS batch, CAST(l.amount AS VARCHAR) AS amount, CAST(l.invoice_date AS VARCHAR) AS date
          FROM spend_lines l WHERE l.source_ref LIKE ${'%ocds-213czf-000-corrected%'} ORDER BY l.source_ref`,
      { name: 'test.correctedLines' },
    );
    try {
      const b1 = await validateFile(v1, 'OCDS corrections');
      expect({ accepted: b1.acceptedCount, total: sumTotals(b1) }).toEqual({ accepted: 2, total: '60000.00' });
      await finance.ok(COMMIT, { id: b1.id });
      const before = await dashboardTotal();
      const reportingBefore = await server.store.query<{ total: string }>(
        sql`SELECT CAST(SUM(amount_reporting) AS VARCHAR) AS total FROM spend_lines WHERE import_batch_id = ${Number(b1.id)}`, { name: 'test.correctedReporting' });
      expect(await linesOfProcess()).toEqual([
        { batch: Number(b1.id), amount: '50000.00', date: '2010-08-01' },
        { batch: Number(b1.id), amount: '10000.00', date: '2010-10-01' },
      ]);

      const b2 = await validateFile(v2, 'OCDS corrections');
      await finance.ok(COMMIT, { id: b2.id });
      // One line per payment still, in the first batch, the first one corrected.
      expect(await linesOfProcess()).toEqual([
        { batch: Number(b1.id), amount: '45000.50', date: '2010-08-15' },
        { batch: Number(b1.id), amount: '10000.00', date: second.date.slice(0, 10) },
      ]);
      expect((await linesOf(b2.id)).count).toBe(0);
      // The dashboard's total moved by exactly what the lines' reporting amounts moved by.
      const [reportingAfter] = await server.store.query<{ total: string }>(
        sql`SELECT CAST(SUM(amount_reporting) AS VARCHAR) AS total FROM spend_lines WHERE import_batch_id = ${Number(b1.id)}`, { name: 'test.correctedReporting' });
      expect(toCents(reportingAfter.total)).toBeLessThan(toCents(reportingBefore[0].total));
      expect(centsToString(toCents(await dashboardTotal()) - toCents(before))).toBe(centsToString(toCents(reportingAfter.total) - toCents(reportingBefore[0].total)));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the default currency is detected with its basis, or asked for', () => {
  it('a file that does not say is not validated until the currency is chosen; the choice is remembered for the source', async () => {
    const body = Buffer.from('Date,Supplier,Amount\n2025-01-02,Acme,10.00\n2025-01-03,Beta,5.50\n');
    const up = await upload(finance, body, 'plain.csv', 'Currency test');
    const b = await batch(up.body.data!.id);
    expect(b).toMatchObject({ defaultCurrency: null, currencyBasis: null, currencyRequired: true });
    expect(b.notes.join(' ')).toMatch(/choose it in the mapping step/);
    const columns = b.columns.filter((c) => c.field).map((c) => ({ field: c.field, column: c.index }));
    const refused = await finance.errorCode(VALIDATE, { id: b.id, m: { columns } });
    expect(refused).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { field: 'mapping.defaultCurrency' } });
    expect((await batch(b.id)).status).toBe('UPLOADED');
    await finance.ok(VALIDATE, { id: b.id, m: { columns, defaultCurrency: 'EUR' } });
    const validated = await batch(b.id);
    expect(validated).toMatchObject({ status: 'VALIDATED', defaultCurrency: 'EUR', currencyBasis: 'CHOSEN', acceptedCount: 2 });
    // The upload's advice to choose a currency is gone once one was chosen.
    expect(validated.notes.join(' ')).not.toMatch(/mapping step/);
    const next = await batch((await upload(finance, body, 'plain-2.csv', 'Currency test')).body.data!.id);
    expect(next).toMatchObject({ defaultCurrency: 'EUR', currencyBasis: 'SAVED_FOR_SOURCE', currencyRequired: false });
    expect(next.notes.join(' ')).toMatch(/as chosen for Currency test before; change it in the mapping step if wrong/);
    await finance.ok(VALIDATE, { id: next.id, m: { columns, defaultCurrency: 'EUR' } });
    expect((await batch(next.id)).notes.join(' ')).not.toMatch(/mapping step/);
  });

  it('currency symbols in the amounts say it; a mapped currency column needs no default', async () => {
    const sym = await batch((await upload(finance, Buffer.from('Date,Supplier,Amount\n2025-01-02,Acme,£10.00\n'), 'sym.csv', 'Symbols')).body.data!.id);
    expect(sym).toMatchObject({ defaultCurrency: 'GBP', currencyBasis: 'AMOUNT_SYMBOLS', currencyRequired: false });
    const col = await batch((await upload(finance, Buffer.from('Date,Supplier,Amount,Currency\n2025-01-02,Acme,10.00,USD\n'), 'col.csv', 'Currency column')).body.data!.id);
    expect(col.currencyRequired).toBe(false);
    const columns = col.columns.filter((c) => c.field).map((c) => ({ field: c.field, column: c.index }));
    await finance.ok(VALIDATE, { id: col.id, m: { columns } });
    expect(await batch(col.id)).toMatchObject({ acceptedCount: 1, totalsByCurrency: [{ currency: 'USD', amount: '10.00' }] });
  });
});

describe('the source category stays on the line and rules can match it', () => {
  it('a category matching no taxonomy node is kept and classified by a sourceCategoryContains rule', async () => {
    const text = 'Date,Supplier,Amount,Expense Type\n2025-02-03,Widget Works Ltd,120.00,Zorblax Sprockets (local code)\n';
    const up = await upload(finance, Buffer.from(text), 'cat.csv', 'Category test');
    const b = await batch(up.body.data!.id);
    const columns = b.columns.filter((c) => c.field).map((c) => ({ field: c.field, column: c.index }));
    expect(columns.map((c) => c.field)).toContain('CATEGORY');
    await finance.ok(VALIDATE, { id: b.id, m: { columns, defaultCurrency: 'GBP' } });
    // Said before the commit: the row's category text matches nothing, so its line will be unclassified.
    expect((await batch(b.id)).notes).toContain(
      "1 row names a category that matches none in the taxonomy (1 different text): their lines keep the file's text as their source category and stay unclassified unless a classification rule files them (rules run at the commit) or an admin does.",
    );
    // Validated again without the category column, the note goes: it said what the earlier mapping would do.
    await finance.ok(VALIDATE, { id: b.id, m: { columns: columns.filter((c) => c.field !== 'CATEGORY'), defaultCurrency: 'GBP' } });
    expect((await batch(b.id)).notes.join(' ')).not.toContain('matches none in the taxonomy');
    await finance.ok(VALIDATE, { id: b.id, m: { columns, defaultCurrency: 'GBP' } });
    await finance.ok(COMMIT, { id: b.id });
    const line = async () => (await server.store.query<{ source_category: string | null; category_id: number | null; classification_source: string }>(
      sql`SELECT source_category, category_id, classification_source FROM spend_lines WHERE import_batch_id = ${Number(b.id)}`, { name: 'test.catLine' },
    ))[0];
    expect(await line()).toMatchObject({ source_category: 'Zorblax Sprockets (local code)', category_id: null, classification_source: 'NONE' });
    const admin = await GraphQLClient.signedIn(server.url, DEMO.admin);
    const [target] = await server.store.query<{ id: number }>(sql`SELECT MIN(id) AS id FROM categories`, { name: 'test.someCategory' });
    await admin.ok(`mutation($i: ClassificationRuleInput!) { createClassificationRule(input: $i) { id sourceCategoryContains } }`, {
      i: { priority: 1, sourceCategoryContains: 'zorblax', categoryId: String(target.id) },
    });
    await admin.ok(`mutation { runClassificationRules { ruleClassified } }`);
    expect(await line()).toMatchObject({ category_id: target.id, classification_source: 'RULE' });
    // The console and exports see it too.
    const { spendLines } = await admin.ok<{ spendLines: { nodes: Array<{ sourceCategory: string | null; categoryId: string | null }> } }>(
      `query($f: SpendFilter) { spendLines(filter: $f) { nodes { sourceCategory categoryId } } }`,
      { f: { supplierIds: [String((await server.store.query<{ s: number }>(sql`SELECT MIN(supplier_id) AS s FROM spend_lines WHERE import_batch_id = ${Number(b.id)}`, { name: 'test.catSupplier' }))[0].s)] } },
    );
    expect(spendLines.nodes).toEqual([{ sourceCategory: 'Zorblax Sprockets (local code)', categoryId: String(target.id) }]);

    // With the rule in place, the next file's matching line is filed at its commit, and says so;
    // the line the rule does not match stays unclassified.
    const next = 'Date,Supplier,Amount,Expense Type\n2025-03-04,Widget Works Ltd,80.00,ZORBLAX sprockets (new code)\n2025-03-05,Widget Works Ltd,20.00,Gizmo Parts (local code)\n';
    const nb = await batch((await upload(finance, Buffer.from(next), 'cat-next.csv', 'Category test')).body.data!.id);
    await finance.ok(VALIDATE, { id: nb.id, m: { columns, defaultCurrency: 'GBP' } });
    await finance.ok(COMMIT, { id: nb.id });
    const filed = await server.store.query<{ amount: string; category_id: number | null; classification_source: string; classification_rule_id: number | null }>(
      sql`SELECT CAST(amount AS VARCHAR) AS amount, category_id, classification_source, classification_rule_id FROM spend_lines WHERE import_batch_id = ${Number(nb.id)} ORDER BY amount DESC`, { name: 'test.filed' },
    );
    const [rule] = await server.store.query<{ id: number }>(sql`SELECT id FROM classification_rules WHERE source_category_contains = 'zorblax'`, { name: 'test.rule' });
    expect(filed).toEqual([
      { amount: '80.00', category_id: target.id, classification_source: 'RULE', classification_rule_id: rule.id },
      { amount: '20.00', category_id: null, classification_source: 'NONE', classification_rule_id: null },
    ]);
    expect((await batch(nb.id)).notes).toContain('Classification rules filed 1 of its lines into categories.');

    // The API says which batch brought each line and which rule filed it, as the table does.
    const supplier = String((await server.store.query<{ s: number }>(sql`SELECT MIN(supplier_id) AS s FROM spend_lines WHERE import_batch_id = ${Number(nb.id)}`, { name: 'test.nbSupplier' }))[0].s);
    const { spendLines: api } = await admin.ok<{ spendLines: { nodes: Array<Record<string, string | null>> } }>(
      `query($f: SpendFilter) { spendLines(filter: $f, sort: { field: AMOUNT, direction: DESC }) { nodes { amount importBatchId classificationRuleId quantity unitPrice createdAt updatedAt } } }`,
      { f: { supplierIds: [supplier], dateFrom: '2025-03-01', dateTo: '2025-03-31' } },
    );
    expect(api.nodes.map(({ createdAt, updatedAt, ...rest }) => ({ ...rest, stamped: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(String(createdAt)) && createdAt === updatedAt }))).toEqual([
      { amount: '80.00', importBatchId: nb.id, classificationRuleId: String(rule.id), quantity: null, unitPrice: null, stamped: true },
      { amount: '20.00', importBatchId: nb.id, classificationRuleId: null, quantity: null, unitPrice: null, stamped: true },
    ]);
    // A demo line's quantity and unit price, to the sixth decimal, as stored: found by its supplier and day.
    const [raw] = await server.store.query<{ id: string; q: string; p: string; b: number; s: number; d: string }>(
      sql`SELECT CAST(id AS VARCHAR) AS id, CAST(quantity AS VARCHAR) AS q, CAST(unit_price AS VARCHAR) AS p, import_batch_id AS b, supplier_id AS s,
            CAST(invoice_date AS VARCHAR) AS d FROM spend_lines WHERE quantity IS NOT NULL ORDER BY id LIMIT 1`, { name: 'test.quantity' },
    );
    const { spendLines: demo } = await admin.ok<{ spendLines: { nodes: Array<{ id: string; quantity: string; unitPrice: string; importBatchId: string }> } }>(
      `query($f: SpendFilter) { spendLines(filter: $f, page: { limit: 500 }) { nodes { id quantity unitPrice importBatchId } } }`,
      { f: { supplierIds: [String(raw.s)], dateFrom: raw.d, dateTo: raw.d } },
    );
    const shown = demo.nodes.find((n) => n.id === raw.id);
    expect(shown).toEqual({ id: raw.id, quantity: raw.q, unitPrice: raw.p, importBatchId: String(raw.b) });
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

describe('a commit clears only its own staged rows, and commits one batch once', () => {
  const file = join(DATASETS, 'uk-oxford-city-spend-over-500', 'expenditure-over-500-jan-mar-2015.csv');
  const DISCARD = `mutation($id: ID!) { discardImport(id: $id) { id } }`;
  const staged = async (id: string) => Number((await server.store.query<{ n: string }>(
    sql`SELECT COUNT(*) AS n FROM import_rows WHERE batch_id = ${Number(id)}`, { name: 'test.staged' },
  ))[0].n);
  // PostgreSQL gives a truncated table a new file; a delete keeps the old one.
  const stagingFile = async () => server.backend === 'postgres'
    ? (await server.store.query<{ f: string }>(sql`SELECT CAST(pg_relation_filenode('import_rows') AS VARCHAR) AS f`, { name: 'test.filenode' }))[0].f
    : null;

  it('another validated file keeps its rows, a commit beside a reader does not wait for it, and a lone one empties the table', async () => {
    // Files earlier tests left validated would keep their rows, and every commit would delete.
    const waiting = await server.store.query<{ id: number }>(sql`SELECT id FROM import_batches WHERE status = 'VALIDATED'`, { name: 'test.waiting' });
    for (const { id } of waiting) await finance.ok(DISCARD, { id: String(id) });
    const first = await validateFile(file, 'Oxford City Council (staging A)', 'GBP');
    const second = await validateFile(file, 'Oxford City Council (staging B)', 'GBP');
    expect(await staged(first.id)).toBe(first.acceptedCount);
    expect(await staged(second.id)).toBe(second.acceptedCount);

    const before = await stagingFile();
    await finance.ok(COMMIT, { id: first.id });
    expect(await staged(first.id)).toBe(0);
    // Emptying the whole table (PostgreSQL's fast path) would have taken the second file's rows.
    expect(await staged(second.id)).toBe(second.acceptedCount);
    expect((await batch(second.id)).preview).toHaveLength(3);
    expect(await stagingFile()).toBe(before);

    const commitSecond = () => finance.ok(COMMIT, { id: second.id });
    if (server.backend === 'postgres') {
      // A transaction that has read the staging table holds a lock a truncation would wait for:
      // the commit must not wait (it would until this test timed out) but delete its rows instead.
      await server.store.transaction(async (tx) => {
        await tx.query(sql`SELECT COUNT(*) AS n FROM import_rows`, { name: 'test.holdStaging' });
        await commitSecond();
      });
      expect(await stagingFile()).toBe(before);
    } else {
      await commitSecond();
    }
    expect(await staged(second.id)).toBe(0);
    expect((await linesOf(second.id)).count).toBe(second.acceptedCount);
    expect((await linesOf(first.id)).count).toBe(first.acceptedCount);

    // Alone, with nobody reading the table: PostgreSQL empties it rather than deleting the rows.
    const third = await validateFile(file, 'Oxford City Council (staging C)', 'GBP');
    await finance.ok(COMMIT, { id: third.id });
    expect(await staged(third.id)).toBe(0);
    expect((await linesOf(third.id)).count).toBe(third.acceptedCount);
    if (server.backend === 'postgres') expect(await stagingFile()).not.toBe(before);
    for (const id of [first.id, second.id, third.id]) await finance.ok(ROLLBACK, { id });
  });

  it('a batch is committed once: a commit after it, or one that waited for another process\'s, adds nothing', async () => {
    const fresh = await validateFile(file, 'Oxford City Council (committed twice)', 'GBP');
    const recorded = async () => (await server.store.query<{ total_amount: string; duplicate_count: string; lines: string }>(
      sql`SELECT CAST(total_amount AS VARCHAR) AS total_amount, CAST(duplicate_count AS VARCHAR) AS duplicate_count,
                 CAST((SELECT COUNT(*) FROM spend_lines WHERE import_batch_id = ${Number(fresh.id)}) AS VARCHAR) AS lines
          FROM import_batches WHERE id = ${Number(fresh.id)}`, { name: 'test.batchRecord' },
    ))[0];
    if (testBackend() === 'postgres') {
      const waitingForLock = async () => Number((await server.store.query<{ n: string }>(
        sql`SELECT COUNT(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`, { name: 'test.lockWaits' },
      ))[0].n);
      let answer: Promise<{ code: string }> | undefined;
      // This transaction stands in for another process committing the batch: it holds the commit
      // lock while the server's commit, which read VALIDATED before it asked, waits for it.
      await server.store.transaction(async (tx) => {
        await SharedVersions.exclusive(tx, 'import_commit');
        answer = finance.errorCode(COMMIT, { id: fresh.id });
        const until = Date.now() + 20_000;
        while ((await waitingForLock()) === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
        expect(await waitingForLock()).toBeGreaterThan(0);
        await tx.execute(sql`UPDATE import_batches SET status = 'COMMITTED' WHERE id = ${Number(fresh.id)}`, { name: 'test.otherCommit' });
      });
      expect((await answer!).code).toBe('INVALID_STATE');
      // Its staged rows were there: going on would have stored a total of 0.00 over the other commit's.
      expect(await recorded()).toEqual({ total_amount: fresh.totalAmount, duplicate_count: String(fresh.duplicateCount), lines: '0' });
      await server.store.execute(sql`UPDATE import_batches SET status = 'VALIDATED' WHERE id = ${Number(fresh.id)}`, { name: 'test.restore' });
    }
    await finance.ok(COMMIT, { id: fresh.id });
    const once = await recorded();
    expect(once.lines).toBe(String(fresh.acceptedCount));
    expect((await finance.errorCode(COMMIT, { id: fresh.id })).code).toBe('INVALID_STATE');
    expect(await recorded()).toEqual(once);
    await finance.ok(ROLLBACK, { id: fresh.id });
  });

  it('validation notes the distinct texts of its staged rows, as read from them (and as migration 029 reads them), in bounded memory; commit and discard remove them', async () => {
    const waiting = await server.store.query<{ id: number }>(sql`SELECT id FROM import_batches WHERE status = 'VALIDATED'`, { name: 'test.waiting' });
    for (const { id } of waiting) await finance.ok(DISCARD, { id: String(id) });
    const fresh = await validateFile(file, 'Oxford City Council (texts)', 'GBP');
    type Text = { kind: string; text_key: string | null; raw_name: string | null; name: string | null; n: string };
    const order = sql`ORDER BY kind, text_key, raw_name, name`;
    const noted = (id: string) => server.store.query<Text>(
      sql`SELECT kind, text_key, raw_name, name, CAST(rows_n AS VARCHAR) AS n FROM import_texts WHERE batch_id = ${Number(id)} ${order}`, { name: 'test.noted' },
    );
    // A text noted more than once (memory bounded) counts its rows each time: readers add them up.
    const summed = (id: string) => server.store.query<Text>(
      sql`SELECT kind, text_key, raw_name, name, CAST(SUM(rows_n) AS VARCHAR) AS n FROM import_texts WHERE batch_id = ${Number(id)}
          GROUP BY kind, text_key, raw_name, name ${order}`, { name: 'test.summed' },
    );
    // What the look-ups used to read from every staged row, read here from the staged rows themselves.
    const fromRows = (id: string) => server.store.query<Text>(sql`SELECT * FROM (
        SELECT 'SUPPLIER' AS kind, supplier_key AS text_key, raw_supplier_name AS raw_name, supplier_name AS name, CAST(COUNT(*) AS VARCHAR) AS n
          FROM import_rows WHERE batch_id = ${Number(id)} GROUP BY supplier_key, raw_supplier_name, supplier_name
        UNION ALL SELECT 'UNIT', business_unit, NULL, NULL, CAST(COUNT(*) AS VARCHAR) FROM import_rows WHERE batch_id = ${Number(id)} GROUP BY business_unit
        UNION ALL SELECT 'CATEGORY', category, NULL, NULL, CAST(COUNT(*) AS VARCHAR) FROM import_rows WHERE batch_id = ${Number(id)} AND category IS NOT NULL GROUP BY category
      ) x ${order}`, { name: 'test.fromRows' });
    const texts = await noted(fresh.id);
    expect(texts.filter((t) => t.kind === 'SUPPLIER').length).toBeGreaterThan(100);
    expect(texts.filter((t) => t.kind === 'UNIT').length).toBeGreaterThan(3);
    expect(texts.filter((t) => t.kind === 'CATEGORY').length).toBeGreaterThan(3);
    expect(texts).toEqual(await fromRows(fresh.id));
    const staged = (kind: string) => texts.filter((t) => t.kind === kind).reduce((n, t) => n + Number(t.n), 0);
    expect([staged('SUPPLIER'), staged('UNIT')]).toEqual([fresh.acceptedCount, fresh.acceptedCount]);

    // A batch validated before migration 029 has no noted texts: the migration reads them from its staged rows.
    await server.store.execute(sql`DELETE FROM import_texts`, { name: 'test.forget' });
    const backfill = splitStatements(readFileSync(join(MIGRATIONS_DIR, '029_import_texts.sql'), 'utf8')).filter((s) => s.startsWith('INSERT'));
    expect(backfill).toHaveLength(3);
    for (const statement of backfill) await server.store.execute(sqlFromFile(statement), { name: 'test.backfill' });
    expect(await noted(fresh.id)).toEqual(texts);

    // With room for a few hundred characters of texts, validation writes them out many times over.
    const room = server.imports.stagedTextChars;
    server.imports.stagedTextChars = 300;
    let other: BatchSummary;
    try {
      other = await validateFile(file, 'Oxford City Council (texts, discarded)', 'GBP');
    } finally {
      server.imports.stagedTextChars = room;
    }
    expect((await noted(other.id)).length).toBeGreaterThan(texts.length + 100);
    expect(await summed(other.id)).toEqual(await fromRows(other.id));
    expect((await summary(other.id)).notes).toEqual((await summary(fresh.id)).notes);

    await finance.ok(COMMIT, { id: fresh.id });
    expect(await noted(fresh.id)).toEqual([]);
    expect((await linesOf(fresh.id)).count).toBe(fresh.acceptedCount);
    await finance.ok(DISCARD, { id: other.id });
    expect((await server.store.query(sql`SELECT 1 FROM import_texts`, { name: 'test.anyTexts' }))).toEqual([]);
    await finance.ok(ROLLBACK, { id: fresh.id });
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
    // Nothing to commit: refused, and the batch stays as it was, to be discarded.
    const empty = await finance.errorCode(COMMIT, { id: b.id });
    expect(empty.code).toBe('INVALID_STATE');
    expect(empty.message).toMatch(/^Nothing to commit/);
    expect((await batch(b.id)).status).toBe('VALIDATED');
    await finance.ok(`mutation($id: ID!) { discardImport(id: $id) { status } }`, { id: b.id });
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

describe('every accepted row becomes exactly one line, however its names resolve', () => {
  const lineRows = async (id: string) => server.store.query<{ supplier_id: number; business_unit_id: number; category_id: number | null; amount: string }>(
    sql`SELECT supplier_id, business_unit_id, category_id, CAST(amount AS VARCHAR) AS amount FROM spend_lines WHERE import_batch_id = ${Number(id)} ORDER BY source_ref`,
    { name: 'test.batchLineRows' },
  );
  const importCsv = async (text: string, name: string) => {
    const up = await upload(finance, Buffer.from(text), name, name);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const detected = await batch(up.body.data!.id);
    const columns = detected.columns.filter((c) => c.field).map((c) => ({ field: c.field, column: c.index }));
    await finance.ok(VALIDATE, { id: detected.id, m: { columns, defaultCurrency: 'GBP' } });
    const validated = await batch(detected.id);
    await finance.ok(COMMIT, { id: detected.id });
    return { validated, committed: await batch(detected.id) };
  };

  it('a unit named by its code, a category text that is one code and another name, a supplier merged 33 times', async () => {
    const admin = await GraphQLClient.signedIn(server.url, DEMO.admin);
    // A category whose name is another category's code: the text matches both.
    const create = `mutation($i: CreateCategoryInput!) { createCategory(input: $i) { id } }`;
    const byCode = (await admin.ok<{ createCategory: { id: string } }>(create, { i: { code: 'RESOLVE-A', name: 'Resolve by code' } })).createCategory.id;
    await admin.ok(create, { i: { code: 'RESOLVE-B', name: 'resolve-a' } });
    // A business unit whose code is not its name, written in the file by its code.
    const [unit] = await server.store.query<{ id: number; code: string }>(
      sql`SELECT id, code FROM business_units WHERE lower(code) <> lower(name) AND lower(code) NOT IN (SELECT lower(name) FROM business_units) ORDER BY id LIMIT 1`,
      { name: 'test.unitByCode' },
    );
    expect(unit).toBeDefined();
    // A chain of 33 merges: Chain 00 → Chain 01 → … → Chain 33.
    const chain = Array.from({ length: 34 }, (_, i) => `Chain Supplier ${String(i).padStart(2, '0')}`);
    await importCsv('Date,Supplier,Amount,Transaction Number\n' + chain.map((s, i) => `2025-03-01,${s},1.00,CHAIN-SEED-${i}`).join('\n') + '\n', 'Chain seed');
    const ids = new Map((await server.store.query<{ id: number; name: string }>(
      sql`SELECT id, name FROM suppliers WHERE name LIKE 'Chain Supplier %'`, { name: 'test.chainIds' },
    )).map((r) => [r.name, r.id]));
    for (let i = 0; i < chain.length - 1; i++) {
      await admin.ok(`mutation($s: ID!, $t: ID!) { mergeSuppliers(sourceId: $s, targetId: $t) { id } }`, { s: String(ids.get(chain[i])), t: String(ids.get(chain[i + 1])) });
    }

    const rows = [
      ['2025-04-01', chain[0], '10.01', 'Office supplies', 'Somewhere', 'RESOLVE-1'],
      ['2025-04-02', 'Unit By Code Ltd', '20.02', 'Office supplies', unit.code, 'RESOLVE-2'],
      ['2025-04-03', 'Category Text Ltd', '30.03', 'resolve-a', 'Somewhere', 'RESOLVE-3'],
    ];
    const text = 'Date,Supplier,Amount,Category,Business Unit,Transaction Number\n' + rows.map((r) => r.join(',')).join('\n') + '\n';
    const before = await dashboardTotal();
    const { validated, committed } = await importCsv(text, 'Resolution test');
    expect(validated.acceptedCount).toBe(rows.length);
    expect(committed).toMatchObject({ status: 'COMMITTED', duplicateCount: 0 });
    const lines = await lineRows(committed.id);
    expect(lines.map((l) => l.amount)).toEqual(rows.map((r) => r[2]));
    expect(lines[0].supplier_id).toBe(ids.get(chain[chain.length - 1]));
    expect(lines[1].business_unit_id).toBe(unit.id);
    expect(String(lines[2].category_id)).toBe(byCode);
    // The file's GBP total, in the lines; the overview moves by the batch's total in euros.
    expect(lines.reduce((s, l) => s + toCents(l.amount), 0n)).toBe(rows.reduce((s, r) => s + toCents(r[2]), 0n));
    expect(toCents(committed.totalAmount)).toBeGreaterThan(0n);
    expect(await dashboardTotal()).toBe(centsToString(toCents(before) + toCents(committed.totalAmount)));
  });

  it('a new business unit spelled in three cases becomes one unit holding all its rows, announced before the commit; "-" is no unit', async () => {
    const spellings = ['Harbour Works', 'HARBOUR WORKS', 'harbour works '];
    const rows = spellings.map((unit, i) => ['2025-05-01', 'Harbour Supplier Ltd', `${i + 1}.25`, unit, `HARBOUR-${i}`]);
    const text = 'Date,Supplier,Amount,Business Unit,Transaction Number\n' + rows.map((r) => r.join(',')).join('\n') + '\n2025-05-02,Harbour Supplier Ltd,9.00,-,HARBOUR-DASH\n';
    const { validated, committed } = await importCsv(text, 'Unit spellings');
    // The "-" row has no unit: it goes to "Unassigned" (one unit, new unless an earlier import made it).
    expect(validated.notes.find((n) => n.startsWith('Committing creates'))).toMatch(/^Committing creates [12] new business units?: .*“HARBOUR WORKS”/);
    expect(validated.notes.join(' ')).not.toContain('“-”');
    const [unassigned] = await server.store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM business_units WHERE lower(name) = 'unassigned'`, { name: 'test.unassigned' });
    expect(Number(unassigned.n)).toBe(1);
    const [dash] = await server.store.query<{ name: string }>(
      sql`SELECT b.name FROM spend_lines l JOIN business_units b ON b.id = l.business_unit_id WHERE l.source_ref = 'HARBOUR-DASH'`, { name: 'test.dashUnit' },
    );
    expect(dash.name).toBe('Unassigned');
    const units = await server.store.query<{ id: number; name: string }>(
      sql`SELECT id, name FROM business_units WHERE lower(name) = 'harbour works'`, { name: 'test.harbourUnits' },
    );
    // One unit, named by one of the spellings (the smallest in the database's collation).
    expect(units).toHaveLength(1);
    expect(spellings.map((u) => u.trim())).toContain(units[0].name);
    const lines = (await lineRows(committed.id)).filter((l) => l.business_unit_id === units[0].id);
    expect(lines).toHaveLength(3);
    expect(lines.reduce((s, l) => s + toCents(l.amount), 0n)).toBe(rows.reduce((s, r) => s + toCents(r[2]), 0n));
  });

  it('rows in a currency with no rate are announced with their amount, kept as published, and left out of the reporting total', async () => {
    const rows = [
      ['2025-06-10', 'Peso Supplier SA', '1200000.25', 'MXN', 'PESO-1'],
      ['2025-06-11', 'Peso Supplier SA', '34500.00', 'MXN', 'PESO-2'],
      ['2025-06-12', 'Euro Supplier SA', '99.99', 'EUR', 'PESO-3'],
    ];
    const text = 'Date,Supplier,Amount,Currency,Transaction Number\n' + rows.map((r) => r.join(',')).join('\n') + '\n';
    const { validated, committed } = await importCsv(text, 'No rate for pesos');
    const note = '2 rows (1,234,500.25 MXN as in the file) have no MXN rate for their month, so the total in EUR leaves them out: '
      + 'their lines count in EUR totals only once a rate for MXN is added under FX rates.';
    expect(validated.notes).toContain(note);
    // The reporting total is the EUR row alone; the MXN rows keep their published amounts.
    expect(validated.totalAmount).toBe('99.99');
    expect(validated.totalsByCurrency).toEqual(expect.arrayContaining([{ currency: 'MXN', amount: '1234500.25' }]));
    expect(committed.notes).toContain(note);
    const lines = await server.store.query<{ amount: string; amount_reporting: string | null }>(
      sql`SELECT CAST(amount AS VARCHAR) AS amount, CAST(amount_reporting AS VARCHAR) AS amount_reporting FROM spend_lines
          WHERE import_batch_id = ${Number(committed.id)} AND currency = 'MXN' ORDER BY source_ref`, { name: 'test.pesoLines' });
    expect(lines).toEqual([{ amount: '1200000.25', amount_reporting: null }, { amount: '34500.00', amount_reporting: null }]);
  });

  it('rolling a batch back removes the units and suppliers its commit created, unless something else refers to them by now', async () => {
    const admin = await GraphQLClient.signedIn(server.url, DEMO.admin);
    const header = 'Date,Supplier,Amount,Business Unit,Transaction Number\n';
    const first = await importCsv(header + [
      '2025-06-01,Rollback Only Ltd,11.10,Quay Depot,ORPHAN-1',
      '2025-06-01,ROLLBACK ONLY LTD.,12.20,Quay Depot,ORPHAN-2',
      '2025-06-02,Shared Later Ltd,13.30,Lighthouse Office,ORPHAN-3',
      '2025-06-03,Kept By Rule Ltd,14.40,Quay Depot,ORPHAN-4',
    ].join('\n') + '\n', 'Orphans on roll back');
    expect(first.committed.status).toBe('COMMITTED');
    // What validation announced ("Committing creates 2 new business units…") becomes what the commit did.
    expect(first.validated.notes.some((n) => n.startsWith('Committing creates 2 new business units'))).toBe(true);
    expect(first.committed.notes.filter((n) => /^Committing creates|^The commit created/.test(n)))
      .toEqual(['The commit created 2 business units and 3 suppliers that were not in Spendscope before.']);
    const unitsNamed = async () => (await server.store.query<{ name: string }>(
      sql`SELECT name FROM business_units WHERE name IN ('Quay Depot', 'Lighthouse Office') ORDER BY name`, { name: 'test.orphanUnits' })).map((u) => u.name);
    const suppliersNamed = async () => (await server.store.query<{ name: string; aliases: string }>(
      sql`SELECT s.name, (SELECT COUNT(*) FROM supplier_aliases a WHERE a.supplier_id = s.id) AS aliases FROM suppliers s
          WHERE s.name IN ('Rollback Only Ltd', 'ROLLBACK ONLY LTD.', 'Shared Later Ltd', 'Kept By Rule Ltd') ORDER BY s.name`, { name: 'test.orphanSuppliers' }))
      .map((s) => `${s.name} (${Number(s.aliases)} aliases)`);
    expect(await unitsNamed()).toEqual(['Lighthouse Office', 'Quay Depot']);
    const created = await suppliersNamed();
    expect(created).toHaveLength(3);
    expect(created.find((s) => s.toLowerCase().startsWith('rollback only'))).toMatch(/\(2 aliases\)$/);

    // Since the commit: another batch spends with one new supplier in one new unit, and a rule names another supplier.
    const second = await importCsv(header + '2025-06-04,Shared Later Ltd,15.50,Lighthouse Office,ORPHAN-5\n', 'Orphans, later batch');
    const [kept] = await server.store.query<{ id: number }>(sql`SELECT id FROM suppliers WHERE name = 'Kept By Rule Ltd'`, { name: 'test.keptSupplier' });
    const [category] = await server.store.query<{ id: number }>(sql`SELECT MIN(id) AS id FROM categories`, { name: 'test.anyCategory' });
    await admin.ok(`mutation($i: ClassificationRuleInput!) { createClassificationRule(input: $i) { id } }`, {
      i: { priority: 7, supplierId: String(kept.id), categoryId: String(category.id) },
    });
    const unitsListed = async () => (await admin.ok<{ businessUnits: Array<{ name: string }> }>(`{ businessUnits { name } }`)).businessUnits.map((u) => u.name);
    expect(await unitsListed()).toContain('Quay Depot');

    const before = await dashboardTotal();
    await finance.ok(ROLLBACK, { id: first.committed.id });
    expect(await dashboardTotal()).toBe(centsToString(toCents(before) - toCents(first.committed.totalAmount)));
    // Quay Depot and Rollback Only Ltd (with both its aliases) are gone; the later batch's unit and
    // supplier and the rule's supplier stay, and the later batch's line still names them.
    expect(await unitsNamed()).toEqual(['Lighthouse Office']);
    expect(await suppliersNamed()).toEqual(['Kept By Rule Ltd (1 aliases)', 'Shared Later Ltd (1 aliases)']);
    expect(await unitsListed()).not.toContain('Quay Depot');
    const [line] = await server.store.query<{ unit: string; supplier: string }>(
      sql`SELECT b.name AS unit, s.name AS supplier FROM spend_lines l JOIN business_units b ON b.id = l.business_unit_id JOIN suppliers s ON s.id = l.supplier_id
          WHERE l.import_batch_id = ${Number(second.committed.id)}`, { name: 'test.laterLine' });
    expect(line).toEqual({ unit: 'Lighthouse Office', supplier: 'Shared Later Ltd' });
    const [event] = await server.store.query<{ after: string }>(
      sql`SELECT after FROM audit_events WHERE action = 'import.rollback' AND entity_id = ${String(first.committed.id)}`, { name: 'test.rollbackAudit' });
    expect(JSON.parse(event.after)).toEqual({ removedBusinessUnits: 1, removedSuppliers: 1 });
    expect((await batch(first.committed.id)).notes.slice(-2)).toEqual([
      'Rolling back removed 1 business unit and 1 supplier that nothing else used.',
      'It kept 1 business unit and 2 suppliers it had created: other spend, a contract, a rule, a merge or a user’s scope uses them by now.',
    ]);
  });
});

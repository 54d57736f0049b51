/**
 * Every real public file in the datasets beside the repository goes through readSpendFile with the proposed mapping; the
 * accepted count and exact total are compared with an expectation computed here by a separate,
 * deliberately simple parser (no import of the library's parsing code).
 */
import { createReadStream, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ImportLedger } from './ledger.js';
import { readSpendFile, type SpendFileRead } from './reader.js';
import { NO_PAYEE_GIVEN, REDACTED_SUPPLIER } from './cell-checks.js';
import { COUNCILS, CURRENCY_BASIS, DATASETS, OXFORD, TODAY, expectFromCsv, expectFromOcds, listJson, type Expectation } from '../../../test/dataset-expectations.js';

/** Read with nothing chosen by hand: the default currency is whatever the reader detects. */
async function readThrough(path: string) {
  const read = await readSpendFile({ fileName: path, stream: createReadStream(path) }, { today: TODAY });
  const ledger = new ImportLedger();
  const rejectedCodes = new Set<string>();
  let blankPayee = 0;
  for await (const row of read.rows) {
    ledger.add(row);
    if (!row.ok) for (const e of row.errors) rejectedCodes.add(e.code);
    else if (row.row.rawSupplierName === NO_PAYEE_GIVEN && row.row.supplierName === REDACTED_SUPPLIER) blankPayee++;
  }
  return { read, ledger, rejectedCodes, blankPayee };
}

/** The ledger of a read's rows, for tests that look at nothing else. */
async function ledgerOf(read: SpendFileRead): Promise<ImportLedger> {
  const ledger = new ImportLedger();
  for await (const row of read.rows) ledger.add(row);
  return ledger;
}

/** Cents of the accepted amounts whatever their currency (the expectations add them up so). */
function totalCents(ledger: ImportLedger): bigint {
  let total = 0n;
  for (const cents of ledger.centsByCurrency().values()) total += cents;
  return total;
}

const folderTotals: Record<string, { files: number; accepted: number; rejected: number; rows: number }> = {};
function tally(folder: string, accepted: number, rejected: number) {
  const t = (folderTotals[folder] ??= { files: 0, accepted: 0, rejected: 0, rows: 0 });
  t.files++;
  t.accepted += accepted;
  t.rejected += rejected;
  t.rows += accepted + rejected;
}

describe('uk-oxford-city-spend-over-500', () => {
  const dir = join(DATASETS, 'uk-oxford-city-spend-over-500');
  const files = readdirSync(dir).filter((f) => f.endsWith('.csv')).sort();
  it('has the 17 files', () => expect(files).toHaveLength(17));
  for (const file of files) {
    it(file, async () => {
      const key = /expenditure-over-500-(.+)\.csv/.exec(file)?.[1] ?? '';
      const expected = expectFromCsv(join(dir, file), OXFORD[key]);
      const { ledger, rejectedCodes, read, blankPayee } = await readThrough(join(dir, file));
      expect(read.headers[read.mapping.columns.amount ?? -1]).toBe(OXFORD[key].amount);
      expect(ledger.rowCount).toBe(expected.rows);
      expect(ledger.acceptedCount).toBe(expected.accepted);
      expect(totalCents(ledger)).toBe(expected.total);
      // No £ in any amount: GBP comes from the UK spend-transparency column names, and says so.
      expect(read.currencyGuess).toMatchObject({ currency: 'GBP', basis: 'HEADER_VOCABULARY' });
      expect(ledger.problemCounts.CURRENCY_INVALID ?? 0).toBe(0);
      // Blank payees (refunds, payments to individuals, ±0.01 differences) are kept with a warning.
      expect(blankPayee).toBe(expected.blankPayee);
      if (key === 'apr-jun-2014') {
        // Every Paid Date is "00:00:00": the dates were lost, so every row is rejected for it.
        expect(ledger.acceptedCount).toBe(0);
        expect(ledger.problemCounts.DATE_MISSING).toBe(ledger.rowCount);
      } else {
        // Otherwise only, once, a row without date and amount.
        for (const code of rejectedCodes) expect(['DATE_MISSING', 'AMOUNT_MISSING']).toContain(code);
      }
      tally('uk-oxford-city-spend-over-500', ledger.acceptedCount, ledger.rejectedCount);
    });
  }
});

describe('uk-councils-spend-odileeds', () => {
  const dir = join(DATASETS, 'uk-councils-spend-odileeds');
  const files = readdirSync(dir).filter((f) => f.endsWith('.csv')).sort();
  it('has an expectation for every file', () => expect(files).toEqual(Object.keys(COUNCILS).sort()));
  for (const file of files) {
    it(file, async () => {
      const e = COUNCILS[file];
      const expected = expectFromCsv(join(dir, file), e);
      const { ledger, read } = await readThrough(join(dir, file));
      expect(read.headers[read.mapping.columns.amount ?? -1]).toBe(e.amount);
      expect(read.headers[read.mapping.columns.supplierName ?? -1]).toBe(e.supplier);
      if (e.date) expect(read.headers[read.mapping.columns.invoiceDate ?? -1]).toBe(e.date);
      expect(ledger.rowCount).toBe(expected.rows);
      expect(ledger.acceptedCount).toBe(expected.accepted);
      expect(totalCents(ledger)).toBe(expected.total);
      // No file has a £ sign or a currency column; each says GBP on one stated basis.
      expect({ file, currency: read.currencyGuess?.currency, basis: read.currencyGuess?.basis }).toEqual({ file, currency: 'GBP', basis: CURRENCY_BASIS[file] });
      expect(ledger.problemCounts.CURRENCY_INVALID ?? 0).toBe(0);
      tally('uk-councils-spend-odileeds', ledger.acceptedCount, ledger.rejectedCount);
    });
  }

  it('reads the special cases as documented', async () => {
    const co = await readThrough(join(dir, 'cabinetoffice_2019-06.csv'));
    expect(co.read.encoding).toBe('windows-1252');
    const gh = await readThrough(join(dir, 'gateshead_2015-04.csv'));
    expect(gh.read.encoding).toBe('utf-8 (BOM)');
    expect(gh.read.mapping.dateFormat).toBe('YYYYMM');
    expect(gh.ledger.problemCounts.AMOUNT_MISSING).toBe(1250);
    const mc = await readThrough(join(dir, 'manchester_2022-05.csv'));
    expect(mc.read.encoding).toBe('utf-8 (double-encoded BOM)');
    expect(mc.read.headers[0]).toBe('Body Name');
    const dl = await readThrough(join(dir, 'darlington_2013-02.csv'));
    expect(dl.read.headerRow).toBe(19);
    expect(dl.ledger.acceptedCount).toBe(0);
    expect(dl.read.proposedMapping.missingRequired).toEqual(['invoiceDate']);
    const nc = await readThrough(join(dir, 'newcastle_2022-08.csv'));
    expect(nc.read.headers).toHaveLength(11);
    expect(nc.ledger.rejectedCount).toBe(0);
    // Its "Extended Description" is empty in every row: the description is the filled "Purpose of Spend".
    const cd = await readThrough(join(dir, 'calderdale_2022-08.csv'));
    expect(cd.read.headers[cd.read.mapping.columns.description!]).toBe('Purpose of Spend (Summary)');
  });
});

describe('usaspending-treasury-contracts-fy2016', () => {
  it('reads every transaction, de-obligations included, in US date order', async () => {
    const path = join(DATASETS, 'usaspending-treasury-contracts-fy2016/usaspending_treasury_contracts.csv');
    const e: Expectation = { amount: 'dollarsobligated', date: 'signeddate', supplier: 'vendorname', order: 'MDY' };
    const expected = expectFromCsv(path, e);
    const read = await readSpendFile({ fileName: path, stream: createReadStream(path) }, { today: TODAY });
    const ledger = await ledgerOf(read);
    expect(read.defaultCurrency).toBe('USD');
    expect(read.mapping.dateFormat).toBe('MDY');
    expect(expected.accepted).toBe(126);
    expect(ledger.acceptedCount).toBe(expected.accepted);
    expect(totalCents(ledger)).toBe(expected.total);
    tally('usaspending-treasury-contracts-fy2016', ledger.acceptedCount, ledger.rejectedCount);
  });
});

// ---- OCDS: an independent reading of the documented precedence ------------------------------

describe('ocds-real-examples', () => {
  const root = join(DATASETS, 'ocds-real-examples');
  // All 463 files: they are small, so the "sample" is the whole folder, sorted (deterministic).
  const files = listJson(root).sort();
  const publisherOf = (p: string) => p.slice(root.length + 1).split('/').slice(0, 2).join('/').replace(/\/(sample|[^/]+\.json)$/, '');
  it('covers every publisher', () => {
    expect(files.length).toBeGreaterThanOrEqual(50);
    expect(new Set(files.map(publisherOf)).size).toBeGreaterThanOrEqual(14);
  });
  it('imports each file with the documented amount precedence', async () => {
    const byPublisher: Record<string, { files: number; accepted: number; rejected: number; zero: number }> = {};
    for (const file of files) {
      const expected = expectFromOcds(file);
      const read = await readSpendFile({ fileName: file, stream: createReadStream(file) }, { today: TODAY });
      const s = await ledgerOf(read);
      expect({ file, rows: s.rowCount, accepted: s.acceptedCount, total: totalCents(s), commitments: read.commitments.length }).toEqual({
        file, rows: expected.items, accepted: expected.accepted, total: expected.total, commitments: expected.contracts,
      });
      if (s.rowCount === 0) expect(read.notes.join(' ')).toMatch(/nothing to import|no amounts/);
      const p = (byPublisher[publisherOf(file)] ??= { files: 0, accepted: 0, rejected: 0, zero: 0 });
      p.files++;
      p.accepted += s.acceptedCount;
      p.rejected += s.rejectedCount;
      if (s.rowCount === 0) p.zero++;
      tally('ocds-real-examples', s.acceptedCount, s.rejectedCount);
    }
    console.log('OCDS per publisher', byPublisher);
    console.log('Per folder', folderTotals);
  }, 60_000);
});

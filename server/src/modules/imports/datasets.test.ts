/**
 * Every real file in shared/datasets goes through readSpendFile with the proposed mapping; the
 * accepted count and exact total are compared with an expectation computed here by a separate,
 * deliberately simple parser (no import of the library's parsing code).
 */
import { createReadStream, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSpendFile } from './reader.js';

const DATASETS = join(import.meta.dirname, '../../../../../shared/datasets');
const TODAY = '2026-11-21';

// ---- the independent expectation ------------------------------------------------------------

function decode(bytes: Buffer): string {
  let b = bytes;
  if (b[0] === 0xc3 && b[1] === 0xaf && b[2] === 0xc2) b = b.subarray(6);
  else if (b[0] === 0xef && b[1] === 0xbb) b = b.subarray(3);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(b);
  } catch {
    return b.toString('latin1');
  }
}

/** Minimal CSV: one regex for a quoted or plain field and its terminator. */
function simpleCsv(text: string): string[][] {
  const records: string[][] = [];
  let row: string[] = [];
  const field = /(?:"((?:[^"]|"")*)"|([^,\r\n]*))(,|\r\n|\n|\r|$)/gy;
  let m: RegExpExecArray | null;
  while (field.lastIndex < text.length && (m = field.exec(text)) !== null) {
    row.push(m[1] !== undefined ? m[1].replace(/""/g, '"') : m[2]);
    if (m[3] !== ',') {
      if (!(row.length === 1 && row[0] === '')) records.push(row);
      row = [];
      if (m[3] === '') break;
    }
  }
  if (row.length > 0) records.push(row);
  return records;
}

/** Cents from a plain decimal string, half-even beyond 2 places; null if not a plain number. */
function cents(text: string): bigint | null {
  let t = text.trim();
  // London writes credits as (1,332.82): accounting brackets with thousands commas.
  const bracketed = /^\(([\d,]+(?:\.\d+)?)\)$/.exec(t);
  if (bracketed) t = `-${bracketed[1]}`;
  if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(t)) t = t.replace(/,/g, '');
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(t);
  if (!m) return null;
  const frac = m[3] ?? '';
  let value = BigInt(m[2]) * 100n + BigInt((frac + '00').slice(0, 2));
  const rest = frac.slice(2);
  if (rest !== '' && /[1-9]/.test(rest)) {
    const half = BigInt('5'.padEnd(rest.length, '0'));
    const r = BigInt(rest);
    if (r > half || (r === half && value % 2n === 1n)) value += 1n;
  }
  return m[1] === '-' ? -value : value;
}

function validDate(y: number, m: number, d: number): boolean {
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

function dateOk(text: string, order: 'ISO' | 'DMY' | 'MDY' | 'YYYYMM'): boolean {
  const t = text.trim();
  if (order === 'ISO') {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
    return m !== null && validDate(+m[1], +m[2], +m[3]);
  }
  if (order === 'YYYYMM') return /^\d{4}(0[1-9]|1[0-2])$/.test(t);
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  if (!m) return false;
  return order === 'DMY' ? validDate(+m[3], +m[2], +m[1]) : validDate(+m[3], +m[1], +m[2]);
}

interface Expectation {
  /** Header text of the columns this test reads, by hand from each file. */
  amount: string;
  date: string | null;
  supplier: string;
  order: 'ISO' | 'DMY' | 'MDY' | 'YYYYMM';
  /** Where the header is, when preamble lines come first. */
  headerStartsWith?: string;
  /** Width of data rows when it differs from the header's (Newcastle's trailing column). */
  width?: number;
}

function expectFromCsv(path: string, e: Expectation): { accepted: number; total: bigint; rows: number } {
  const records = simpleCsv(decode(readFileSync(path)));
  const h = e.headerStartsWith ? records.findIndex((r) => r.join(',').startsWith(e.headerStartsWith ?? '')) : 0;
  const header = records[h].map((c) => c.trim());
  const col = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`${path}: no column ${name}`);
    return i;
  };
  const a = col(e.amount);
  const d = e.date === null ? -1 : col(e.date);
  const s = col(e.supplier);
  const width = e.width ?? header.length;
  let accepted = 0;
  let total = 0n;
  const data = records.slice(h + 1).filter((r) => r.some((c) => c !== ''));
  for (const r of data) {
    if (r.length !== width) continue;
    const amount = cents(r[a]);
    const supplier = r[s].trim();
    if (amount === null || d < 0 || !dateOk(r[d], e.order) || supplier === '' || supplier.length > 200) continue;
    accepted++;
    total += amount;
  }
  return { accepted, total, rows: data.length };
}

// ---- which columns each real file has (read by eye from the files) ---------------------------

const OXFORD_OLD: Expectation = { amount: 'Amount', date: 'Paid Date', supplier: 'Supplier Name', order: 'DMY' };
const OXFORD_SNAKE: Expectation = { amount: 'amount', date: 'paid_date', supplier: 'supplier_name', order: 'DMY' };
const OXFORD: Record<string, Expectation> = {
  'apr-jun-2014': OXFORD_OLD, 'apr-jun-2015': OXFORD_OLD, 'apr-jun-2016': OXFORD_SNAKE, 'apr-jun-2017': OXFORD_OLD,
  'jan-mar-2014': OXFORD_SNAKE, 'jan-mar-2015': OXFORD_OLD, 'jan-mar-2016': OXFORD_SNAKE, 'jan-mar-2017': OXFORD_OLD,
  'jan-mar-2018': OXFORD_OLD, 'jul-sep-2014': OXFORD_OLD, 'jul-sep-2015': OXFORD_OLD, 'jul-sep-2016': OXFORD_OLD,
  'jul-sep-2017': OXFORD_OLD, 'oct-dec-2014': OXFORD_SNAKE, 'oct-dec-2015': OXFORD_OLD, 'oct-dec-2016': OXFORD_OLD,
  'oct-dec-2017': OXFORD_OLD,
};

const COUNCILS: Record<string, Expectation> = {
  'cabinetoffice_2019-06.csv': { amount: 'Amount', date: 'Date', supplier: 'Supplier', order: 'ISO' },
  'cabinetoffice_2022-07.csv': { amount: 'Amount', date: 'Date', supplier: 'Supplier', order: 'ISO' },
  'calderdale_2022-08-card.csv': { amount: 'Net Amount', date: 'Transaction Date', supplier: 'Supplier Name', order: 'ISO' },
  'calderdale_2022-08.csv': { amount: 'Net Amount', date: 'Date', supplier: 'Supplier(Beneficiary) Name', order: 'ISO' },
  // The real header of the SQL export is on line 19; it has no date column at all.
  'darlington_2013-02.csv': {
    amount: 'Invoice Line Value (net of VAT)', date: null, supplier: 'Supplier', order: 'ISO', headerStartsWith: ',,Directotate',
  },
  'darlington_2022-09.csv': { amount: 'Invoice Line Value (net of VAT)', date: 'Transaction Date', supplier: 'Supplier', order: 'ISO' },
  'gateshead_2015-04.csv': { amount: 'Amount', date: 'Period', supplier: 'Supplier ID(T)', order: 'YYYYMM' },
  'harrogate_2022-08.csv': { amount: 'Net Amount', date: 'Payment Date', supplier: 'Supplier Name', order: 'ISO' },
  'leeds_2012-11.csv': { amount: 'NetAmount', date: 'DatePaid', supplier: 'SupplierName', order: 'ISO' },
  'london_2022-P13.csv': { amount: 'Amount', date: 'Clearing Date', supplier: 'Vendor Name', order: 'ISO' },
  'manchester_2022-05.csv': { amount: 'Net Amount', date: 'Invoice Payment Date', supplier: 'Supplier Name', order: 'ISO' },
  'networkrail_2017-03.csv': { amount: 'Spend', date: 'Invoice GL Date', supplier: 'Supplier Name', order: 'ISO' },
  'newcastle_2022-08.csv': {
    amount: 'Total (excludes VAT)', date: 'Paid Date', supplier: 'Supplier Name', order: 'ISO', width: 11,
  },
  'northtyneside_2022-07_p.csv': { amount: 'Net Amount', date: 'Payment Date', supplier: 'Supplier (Beneficiary) Name', order: 'ISO' },
  'salford_2022-06.csv': { amount: 'Net', date: 'Date of Payment', supplier: 'Vendor Name', order: 'ISO' },
  'sheffield_2015-10.csv': { amount: 'Invoiced Value', date: 'GL Date', supplier: 'Supplier Name', order: 'ISO' },
  'tfl_2023-P05.csv': { amount: 'Amount', date: 'Clearing Date', supplier: 'Vendor Name', order: 'ISO' },
  'wakefield_2021-Q4.csv': { amount: 'Net Amount', date: 'Payment Date', supplier: 'Supplier Name', order: 'ISO' },
};

async function readThrough(path: string, defaultCurrency: string) {
  const read = await readSpendFile({ fileName: path, stream: createReadStream(path) }, { today: TODAY, defaultCurrency });
  const rejectedCodes = new Set<string>();
  for await (const row of read.rows) if (!row.ok) for (const e of row.errors) rejectedCodes.add(e.code);
  return { read, summary: read.summary(), rejectedCodes };
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
      const { summary, rejectedCodes, read } = await readThrough(join(dir, file), 'GBP');
      expect(read.headers[read.mapping.columns.amount ?? -1]).toBe(OXFORD[key].amount);
      expect(summary.rowCount).toBe(expected.rows);
      expect(summary.acceptedCount).toBe(expected.accepted);
      expect(summary.totalCents).toBe(expected.total);
      if (key === 'apr-jun-2014') {
        // Every Paid Date is "00:00:00": the dates were lost, so every row is rejected for it.
        expect(summary.acceptedCount).toBe(0);
        expect(summary.problemCounts.DATE_MISSING).toBe(summary.rowCount);
      } else {
        // Otherwise only rows without supplier (the ±0.01 "Difference A/c" lines) or, once, without date/amount.
        for (const code of rejectedCodes) expect(['SUPPLIER_MISSING', 'DATE_MISSING', 'AMOUNT_MISSING']).toContain(code);
      }
      tally('uk-oxford-city-spend-over-500', summary.acceptedCount, summary.rejectedCount);
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
      const { summary, read } = await readThrough(join(dir, file), 'GBP');
      expect(read.headers[read.mapping.columns.amount ?? -1]).toBe(e.amount);
      expect(read.headers[read.mapping.columns.supplierName ?? -1]).toBe(e.supplier);
      if (e.date) expect(read.headers[read.mapping.columns.invoiceDate ?? -1]).toBe(e.date);
      expect(summary.rowCount).toBe(expected.rows);
      expect(summary.acceptedCount).toBe(expected.accepted);
      expect(summary.totalCents).toBe(expected.total);
      tally('uk-councils-spend-odileeds', summary.acceptedCount, summary.rejectedCount);
    });
  }

  it('reads the special cases as documented', async () => {
    const co = await readThrough(join(dir, 'cabinetoffice_2019-06.csv'), 'GBP');
    expect(co.read.encoding).toBe('windows-1252');
    const gh = await readThrough(join(dir, 'gateshead_2015-04.csv'), 'GBP');
    expect(gh.read.encoding).toBe('utf-8 (BOM)');
    expect(gh.read.mapping.dateFormat).toBe('YYYYMM');
    expect(gh.summary.problemCounts.AMOUNT_MISSING).toBe(1250);
    const mc = await readThrough(join(dir, 'manchester_2022-05.csv'), 'GBP');
    expect(mc.read.encoding).toBe('utf-8 (double-encoded BOM)');
    expect(mc.read.headers[0]).toBe('Body Name');
    const dl = await readThrough(join(dir, 'darlington_2013-02.csv'), 'GBP');
    expect(dl.read.headerRow).toBe(19);
    expect(dl.summary.acceptedCount).toBe(0);
    expect(dl.read.proposedMapping.missingRequired).toEqual(['invoiceDate']);
    const nc = await readThrough(join(dir, 'newcastle_2022-08.csv'), 'GBP');
    expect(nc.read.headers).toHaveLength(11);
    expect(nc.summary.rejectedCount).toBe(0);
  });
});

describe('usaspending-treasury-contracts-fy2016', () => {
  it('reads every transaction, de-obligations included, in US date order', async () => {
    const path = join(DATASETS, 'usaspending-treasury-contracts-fy2016/usaspending_treasury_contracts.csv');
    const e: Expectation = { amount: 'dollarsobligated', date: 'signeddate', supplier: 'vendorname', order: 'MDY' };
    const expected = expectFromCsv(path, e);
    const read = await readSpendFile({ fileName: path, stream: createReadStream(path) }, { today: TODAY });
    for await (const _row of read.rows) void _row;
    const summary = read.summary();
    expect(read.defaultCurrency).toBe('USD');
    expect(read.mapping.dateFormat).toBe('MDY');
    expect(expected.accepted).toBe(126);
    expect(summary.acceptedCount).toBe(expected.accepted);
    expect(summary.totalCents).toBe(expected.total);
    tally('usaspending-treasury-contracts-fy2016', summary.acceptedCount, summary.rejectedCount);
  });
});

// ---- OCDS: an independent reading of the documented precedence ------------------------------

type J = Record<string, unknown>;
const obj = (v: unknown): J => (v && typeof v === 'object' && !Array.isArray(v) ? (v as J) : {});
const list = (v: unknown): J[] => (Array.isArray(v) ? v.map(obj) : []);
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

function ocdsAmount(value: unknown): string {
  const a = obj(value).amount;
  if (typeof a === 'number') return String(a);
  if (typeof a === 'string') return a.trim();
  return '';
}

function expectFromOcds(path: string): { accepted: number; total: bigint; items: number } {
  const doc: unknown = JSON.parse(readFileSync(path, 'utf8'));
  const docs = Array.isArray(doc) ? doc : [doc];
  const releases: J[] = [];
  for (const d of docs.map(obj)) {
    if (Array.isArray(d.records)) {
      for (const r of list(d.records)) {
        if (r.compiledRelease) releases.push(obj(r.compiledRelease));
        else releases.push(...list(r.releases).filter((x) => 'ocid' in x || 'awards' in x || 'contracts' in x));
      }
    } else if (Array.isArray(d.releases)) releases.push(...list(d.releases));
    else if ('ocid' in d) releases.push(d);
  }
  const byRef = new Map<string, { date: string; amount: string; currency: string; supplier: string; at: string }>();
  for (const r of releases) {
    const ocid = str(r.ocid) || str(r.id) || 'unknown';
    const supplierParty = str(list(r.parties).find((p) => Array.isArray(p.roles) && p.roles.includes('supplier'))?.name);
    const found: [string, { date: string; amount: string; currency: string; supplier: string; at: string }][] = [];
    const day = (...xs: unknown[]) => xs.map(str).find((x) => /^\d{4}-\d{2}-\d{2}/.test(x))?.slice(0, 10) ?? '';
    list(r.contracts).forEach((c, ci) => {
      const cid = str(c.id) || String(ci + 1);
      const award = list(r.awards).find((a) => str(a.id) !== '' && str(a.id) === str(c.awardID));
      const awardSupplier = str(list(award?.suppliers)[0]?.name);
      const txs = list(obj(c.implementation).transactions).filter((t) => ocdsAmount(t.value ?? t.amount) !== '');
      if (txs.length > 0) {
        txs.forEach((t, ti) => {
          const v = obj(t.value ?? t.amount);
          const payee = str(obj(t.payee).name) || str(obj(t.receiverOrganization).name);
          found.push([`${ocid}/c/${cid}/t/${str(t.id) || ti + 1}`, {
            date: day(t.date, c.dateSigned, r.date), amount: ocdsAmount(v), currency: str(v.currency),
            supplier: payee || awardSupplier || supplierParty, at: str(r.date),
          }]);
        });
      } else if (ocdsAmount(c.value) !== '') {
        found.push([`${ocid}/c/${cid}`, {
          date: day(c.dateSigned, obj(c.period).startDate, r.date), amount: ocdsAmount(c.value),
          currency: str(obj(c.value).currency), supplier: awardSupplier || supplierParty, at: str(r.date),
        }]);
      }
    });
    if (found.length === 0) {
      list(r.awards).forEach((a, ai) => {
        if (ocdsAmount(a.value) === '') return;
        found.push([`${ocid}/a/${str(a.id) || ai + 1}`, {
          date: day(a.date, r.date), amount: ocdsAmount(a.value), currency: str(obj(a.value).currency),
          supplier: str(list(a.suppliers)[0]?.name) || supplierParty, at: str(r.date),
        }]);
      });
    }
    for (const [ref, item] of found) {
      const prev = byRef.get(ref);
      if (!prev || item.at >= prev.at) byRef.set(ref, item);
    }
  }
  let accepted = 0;
  let total = 0n;
  for (const item of byRef.values()) {
    const c = cents(item.amount);
    if (c === null || item.date === '' || item.supplier.trim() === '' || !/^[a-z]{3}$/i.test(item.currency)) continue;
    accepted++;
    total += c;
  }
  return { accepted, total, items: byRef.size };
}

function listJson(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? listJson(p) : name.endsWith('.json') ? [p] : [];
  });
}

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
      for await (const _row of read.rows) void _row;
      const s = read.summary();
      expect({ file, rows: s.rowCount, accepted: s.acceptedCount, total: s.totalCents }).toEqual({
        file, rows: expected.items, accepted: expected.accepted, total: expected.total,
      });
      if (s.rowCount === 0) expect(s.notes.join(' ')).toMatch(/nothing to import|no amounts/);
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

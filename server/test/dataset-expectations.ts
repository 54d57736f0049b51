/**
 * Independent expectations for the real files in shared/datasets: a separate, deliberately simple
 * CSV and OCDS reader (no import of the library's parsing code), shared by the reader's unit test
 * and the import pipeline's integration test.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const DATASETS = join(import.meta.dirname, '../../../shared/datasets');
export const TODAY = '2026-11-21';

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

export interface Expectation {
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

export function expectFromCsv(path: string, e: Expectation): { accepted: number; total: bigint; rows: number } {
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
export const OXFORD: Record<string, Expectation> = {
  'apr-jun-2014': OXFORD_OLD, 'apr-jun-2015': OXFORD_OLD, 'apr-jun-2016': OXFORD_SNAKE, 'apr-jun-2017': OXFORD_OLD,
  'jan-mar-2014': OXFORD_SNAKE, 'jan-mar-2015': OXFORD_OLD, 'jan-mar-2016': OXFORD_SNAKE, 'jan-mar-2017': OXFORD_OLD,
  'jan-mar-2018': OXFORD_OLD, 'jul-sep-2014': OXFORD_OLD, 'jul-sep-2015': OXFORD_OLD, 'jul-sep-2016': OXFORD_OLD,
  'jul-sep-2017': OXFORD_OLD, 'oct-dec-2014': OXFORD_SNAKE, 'oct-dec-2015': OXFORD_OLD, 'oct-dec-2016': OXFORD_OLD,
  'oct-dec-2017': OXFORD_OLD,
};

export const COUNCILS: Record<string, Expectation> = {
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

export function expectFromOcds(path: string): { accepted: number; total: bigint; items: number } {
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

export function listJson(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? listJson(p) : name.endsWith('.json') ? [p] : [];
  });
}


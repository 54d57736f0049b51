/**
 * Independent expectations for the real public files in the datasets beside the repository: a separate, deliberately simple
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

export function expectFromCsv(path: string, e: Expectation): { accepted: number; total: bigint; rows: number; blankPayee: number; blankPayeeTotal: bigint } {
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
  let blankPayee = 0;
  let blankPayeeTotal = 0n;
  const data = records.slice(h + 1).filter((r) => r.some((c) => c !== ''));
  for (const r of data) {
    if (r.length !== width) continue;
    const amount = cents(r[a]);
    const supplier = r[s].trim();
    // A blank payee is kept (under the undisclosed payee), so the published total ties.
    if (amount === null || d < 0 || !dateOk(r[d], e.order) || supplier.length > 200) continue;
    accepted++;
    total += amount;
    if (supplier === '') {
      blankPayee++;
      blankPayeeTotal += amount;
    }
  }
  return { accepted, total, rows: data.length, blankPayee, blankPayeeTotal };
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

/**
 * Why each UK file is read as GBP (none has a £ or a currency column): UK spend-transparency column
 * names, else the suppliers' UK legal forms. Read by eye from each file's header and first rows.
 */
export const CURRENCY_BASIS: Record<string, string> = {
  'cabinetoffice_2019-06.csv': 'HEADER_VOCABULARY', // Departmental Family, Expense Area
  'cabinetoffice_2022-07.csv': 'HEADER_VOCABULARY',
  'calderdale_2022-08-card.csv': 'HEADER_VOCABULARY', // Body, Expense Area
  'calderdale_2022-08.csv': 'HEADER_VOCABULARY', // BVACOP, Proclass
  'darlington_2013-02.csv': 'HEADER_VOCABULARY', // Directotate
  'darlington_2022-09.csv': 'HEADER_VOCABULARY',
  'gateshead_2015-04.csv': 'SUPPLIER_LEGAL_FORMS', // cryptic CIPFA headers; suppliers such as CRACK LTD
  'harrogate_2022-08.csv': 'HEADER_VOCABULARY',
  'leeds_2012-11.csv': 'HEADER_VOCABULARY',
  'london_2022-P13.csv': 'HEADER_VOCABULARY', // Directorate
  'manchester_2022-05.csv': 'HEADER_VOCABULARY',
  'networkrail_2017-03.csv': 'SUPPLIER_LEGAL_FORMS', // Supplier Name, Category Family, Spend; Costain Ltd…
  'newcastle_2022-08.csv': 'HEADER_VOCABULARY',
  'northtyneside_2022-07_p.csv': 'HEADER_VOCABULARY',
  'salford_2022-06.csv': 'HEADER_VOCABULARY',
  'sheffield_2015-10.csv': 'HEADER_VOCABULARY',
  'tfl_2023-P05.csv': 'SUPPLIER_LEGAL_FORMS', // Entity, Vendor Name, Clearing Date; … LIMITED
  'wakefield_2021-Q4.csv': 'HEADER_VOCABULARY',
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

export interface OcdsExpectation {
  /** Payments: implementation transactions with a value, latest release of each. */
  accepted: number;
  total: bigint;
  items: number;
  /** Commitments: contracts with a value, plus awards no contract of the process implements. */
  contracts: number;
  /** Sum of their ceilings in cents, all currencies together. */
  ceilings: bigint;
  /** Accepted payments and commitments by reference (as the importer names them), in cents. */
  paymentRefs: Map<string, bigint>;
  contractRefs: Map<string, bigint>;
  /** Awards (ocid/award/<id>) that a contract with a value implements. */
  implementedAwards: Set<string>;
}

export function expectFromOcds(path: string): OcdsExpectation {
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
  type Pay = { date: string; amount: string; currency: string; at: string };
  type Commit = { kind: 'c' | 'a'; ocid: string; awardId: string; start: string; amount: string; currency: string; supplier: string; at: string };
  const payments = new Map<string, Pay>();
  const commits = new Map<string, Commit>();
  const implemented = new Set<string>();
  const day = (...xs: unknown[]) => xs.map(str).find((x) => /^\d{4}-\d{2}-\d{2}/.test(x))?.slice(0, 10) ?? '';
  for (const r of releases) {
    const ocid = str(r.ocid) || str(r.id) || 'unknown';
    const at = str(r.date);
    const supplierParty = str(list(r.parties).find((p) => Array.isArray(p.roles) && p.roles.includes('supplier'))?.name);
    const keep = <T extends { at: string }>(m: Map<string, T>, ref: string, v: T) => {
      const prev = m.get(ref);
      if (!prev || v.at >= prev.at) m.set(ref, v);
    };
    list(r.contracts).forEach((c, ci) => {
      const cid = str(c.id) || String(ci + 1);
      const award = list(r.awards).find((a) => str(a.id) !== '' && str(a.id) === str(c.awardID));
      list(obj(c.implementation).transactions).forEach((t, ti) => {
        const v = obj(t.value ?? t.amount);
        if (ocdsAmount(v) === '') return;
        keep(payments, `${ocid}/contract/${cid}/transaction/${str(t.id) || ti + 1}`, { date: day(t.date, c.dateSigned, r.date), amount: ocdsAmount(v), currency: str(v.currency), at });
      });
      if (ocdsAmount(c.value) === '') return;
      if (str(c.awardID) !== '') implemented.add(`${ocid} ${str(c.awardID)}`);
      keep(commits, `${ocid}/contract/${cid}`, {
        kind: 'c', ocid, awardId: str(c.awardID), start: day(obj(c.period).startDate, c.dateSigned, award?.date, r.date), amount: ocdsAmount(c.value),
        currency: str(obj(c.value).currency), supplier: str(list(award?.suppliers)[0]?.name) || supplierParty, at,
      });
    });
    list(r.awards).forEach((a, ai) => {
      if (ocdsAmount(a.value) === '') return;
      keep(commits, `${ocid}/award/${str(a.id) || ai + 1}`, {
        kind: 'a', ocid, awardId: str(a.id), start: day(obj(a.contractPeriod).startDate, a.date, r.date), amount: ocdsAmount(a.value),
        currency: str(obj(a.value).currency), supplier: str(list(a.suppliers)[0]?.name) || supplierParty, at,
      });
    });
  }
  let accepted = 0;
  let total = 0n;
  const paymentRefs = new Map<string, bigint>();
  for (const [ref, p] of payments) {
    const c = cents(p.amount);
    // A blank payee is kept under the undisclosed payee; date and ISO currency are required.
    if (c === null || p.date === '' || !/^[a-z]{3}$/i.test(p.currency)) continue;
    accepted++;
    total += c;
    paymentRefs.set(ref, c);
  }
  let contracts = 0;
  let ceilings = 0n;
  const contractRefs = new Map<string, bigint>();
  for (const [ref, k] of commits) {
    if (k.kind === 'a' && implemented.has(`${k.ocid} ${k.awardId}`)) continue;
    const c = cents(k.amount);
    if (c === null || k.start === '' || !/^[a-z]{3}$/i.test(k.currency) || k.supplier.trim() === '') continue;
    contracts++;
    ceilings += c;
    contractRefs.set(ref, c);
  }
  const implementedAwards = new Set([...implemented].map((k) => {
    const at = k.indexOf(' ');
    return `${k.slice(0, at)}/award/${k.slice(at + 1)}`;
  }));
  return { accepted, total, items: payments.size, contracts, ceilings, paymentRefs, contractRefs, implementedAwards };
}

export function listJson(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? listJson(p) : name.endsWith('.json') ? [p] : [];
  });
}


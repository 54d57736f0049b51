/**
 * Per-row validation, exactly SPEC §5: an error rejects the row, a warning keeps it; every
 * problem carries row number, column, code, message and raw value. Money never touches floating
 * point: amounts become BigInt cents and decimal strings.
 */
import { isMoreThanAYearAhead, parseDate, type DateParse } from './dates.js';
import {
  LIMITS,
  TARGET_FIELDS,
  type AcceptedRow,
  type DateFormat,
  type Mapping,
  type ProblemCode,
  type RawRow,
  type RowProblem,
  type TargetField,
  type ValidatedRow,
} from './types.js';

// ---------------------------------------------------------------------------------------------
// Amounts

export type AmountParse =
  | { ok: true; cents: bigint; amount: string; rounded: boolean; currency: string | undefined }
  | { ok: false; code: 'AMOUNT_MISSING' | 'AMOUNT_INVALID'; message: string };

const PLAIN_AMOUNT = /^(-?)(\d{1,15})(?:\.(\d{1,2}))?$/;
const SYMBOLS: Record<string, string> = { '£': 'GBP', '$': 'USD', '€': 'EUR', '¥': 'JPY' };
/** DECIMAL(18,2): at most 16 integer digits. */
const MAX_CENTS = 10n ** 18n;

function centsToString(cents: bigint): string {
  const negative = cents < 0n;
  const digits = (negative ? -cents : cents).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** Rounds a digit string with `frac` decimals to cents, half-even. */
function toCents(whole: string, frac: string): { cents: bigint; rounded: boolean } {
  let cents = BigInt((whole === '' ? '0' : whole) + frac.padEnd(2, '0').slice(0, 2));
  const rest = frac.slice(2);
  const rounded = /[1-9]/.test(rest);
  if (rounded) {
    const first = rest.charCodeAt(0) - 48;
    const tail = /[1-9]/.test(rest.slice(1));
    if (first > 5 || (first === 5 && (tail || cents % 2n === 1n))) cents += 1n;
  }
  return { cents, rounded };
}

/**
 * Parses an amount: currency symbols and ISO codes, thousands separators and spaces removed;
 * `(12.50)`, a leading or trailing minus mean negative; more than 2 decimals round half-even.
 * A lone comma followed by 1–2 digits is a decimal comma ("12,5"); groups of 3 are thousands.
 */
export function parseAmount(raw: string): AmountParse {
  const fast = PLAIN_AMOUNT.exec(raw);
  if (fast) {
    // The common case of council files: a plain number with at most 2 decimals.
    const cents = BigInt(fast[2] + (fast[3] ?? '').padEnd(2, '0'));
    const signed = fast[1] === '-' ? -cents : cents;
    return { ok: true, cents: signed, amount: centsToString(signed), rounded: false, currency: undefined };
  }
  let s = raw.replace(/[\s\u00a0\u2009\u202f]+/g, '');
  if (s === '') return { ok: false, code: 'AMOUNT_MISSING', message: 'The amount is empty.' };
  const invalid = (why = 'is not a number'): AmountParse => ({
    ok: false,
    code: 'AMOUNT_INVALID',
    message: `"${raw.trim()}" ${why}.`,
  });
  let negative = false;
  if (s.startsWith('(') && s.endsWith(')')) {
    negative = true;
    s = s.slice(1, -1);
  }
  let currency: string | undefined;
  const code = /^([A-Za-z]{3})(?=[-\d.,(£$€¥])|(?<=[\d.)])([A-Za-z]{3})$/.exec(s);
  if (code) {
    currency = (code[1] ?? code[2]).toUpperCase();
    s = code[1] !== undefined ? s.slice(3) : s.slice(0, -3);
  }
  for (const [symbol, iso] of Object.entries(SYMBOLS)) {
    if (s.includes(symbol)) {
      currency ??= iso;
      s = s.replace(symbol, '');
    }
  }
  if (s.startsWith('(') && s.endsWith(')')) {
    negative = !negative;
    s = s.slice(1, -1);
  }
  if (s.startsWith('-') || s.startsWith('\u2212')) {
    negative = !negative;
    s = s.slice(1);
  } else if (s.endsWith('-')) {
    negative = !negative;
    s = s.slice(0, -1);
  } else if (s.startsWith('+')) {
    s = s.slice(1);
  }
  s = s.replace(/'/g, '');
  const commas = (s.match(/,/g) ?? []).length;
  const dots = (s.match(/\./g) ?? []).length;
  if (commas > 0 && dots > 0) {
    // The separator that comes last is the decimal one: 1,234.56 or 1.234,56.
    if (s.lastIndexOf(',') > s.lastIndexOf('.')) s = s.replace(/\./g, '').replace(',', '.');
    else s = s.replace(/,/g, '');
  } else if (commas > 0) {
    if (/^\d{1,3}(,\d{3})+$/.test(s)) s = s.replace(/,/g, '');
    else if (commas === 1 && /^\d*,\d{1,2}$/.test(s)) s = s.replace(',', '.');
    else return invalid();
  } else if (dots > 1) {
    if (/^\d{1,3}(\.\d{3})+$/.test(s)) s = s.replace(/\./g, '');
    else return invalid();
  }
  const m = /^(\d*)(?:\.(\d*))?$/.exec(s);
  if (!m || (m[1] === '' && (m[2] ?? '') === '')) return invalid();
  const { cents, rounded } = toCents(m[1], m[2] ?? '');
  if (cents >= MAX_CENTS) return invalid('is too large');
  const signed = negative ? -cents : cents;
  return { ok: true, cents: signed, amount: centsToString(signed), rounded, currency };
}

// ---------------------------------------------------------------------------------------------
// Suppliers, currencies, text

const REDACTED_PATTERNS = [
  /\bredacted\b/,
  /^reacted personal/,
  /^personal (data|information|details|expenses?)$/,
  /\bwithheld\b/,
  /^(name )?not disclosed$/,
  /^private individual/,
  /^data protection$/,
];

/**
 * Every pattern needs one of these words in the key. Letters of the key are the ASCII letters of
 * the lowercased name, and case-insensitive matching (without the u flag) pairs ASCII letters
 * only with ASCII letters, so a name without any of them, in any case, cannot be a redaction.
 */
const REDACTION_WORDS = /redacted|reacted|personal|withheld|disclosed|private|protection/i;

/** "Redacted personal data", "REDACTED COMMERCIAL CONFIDENTIALITY", "Personal Expense", … */
export function isRedactedName(name: string): boolean {
  if (!REDACTION_WORDS.test(name)) return false;
  const key = name.toLowerCase().replace(/[^a-z ]+/g, ' ').replace(/\s+/g, ' ').trim();
  return REDACTED_PATTERNS.some((p) => p.test(key));
}

export const REDACTED_SUPPLIER = 'REDACTED';
/** The raw supplier name recorded for a row whose payee cell was blank. */
export const NO_PAYEE_GIVEN = '(no payee given)';

const ISO_CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

export function isIsoCurrency(code: string): boolean {
  return ISO_CURRENCIES.has(code);
}

/**
 * Text that a spreadsheet would run as a formula. It is stored unchanged (the import keeps data
 * as published; exports escape on the way out) and flagged so a reviewer sees it.
 */
export function looksLikeFormula(text: string): boolean {
  return /^[=@]|^[+-](?![\d.,\s]|$)/.test(text);
}

// ---------------------------------------------------------------------------------------------
// Source references

/** cyrb53: a fast 53-bit string hash; stable across runs and platforms. */
export function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

// ---------------------------------------------------------------------------------------------
// Rows

export interface ValidatorOptions {
  headers: readonly string[];
  mapping: Mapping;
  /** Currency of rows that carry none (the batch default); undefined = such rows are rejected. */
  defaultCurrency: string | undefined;
  /** 'YYYY-MM-DD'; dates more than a year after it warn. */
  today: string;
}

const TEXT_FIELDS = ['description', 'category', 'businessUnit', 'costCenter', 'glAccount', 'poNumber'] as const;

/** Distinct date strings remembered per file (a file has a few thousand at most; the cap bounds memory). */
const DATE_CACHE_LIMIT = 50_000;

interface CachedDate {
  parse: DateParse;
  future: boolean;
}

/**
 * parseAmount's fast path without regular expressions or BigInt: the amount text for what
 * PLAIN_AMOUNT matches (a plain number with at most 2 decimals), undefined for anything else.
 */
function plainAmount(raw: string): string | undefined {
  const n = raw.length;
  let i = 0;
  const negative = n > 0 && raw.charCodeAt(0) === 45;
  if (negative) i = 1;
  const wholeStart = i;
  while (i < n) {
    const c = raw.charCodeAt(i);
    if (c < 48 || c > 57) break;
    i++;
  }
  const wholeEnd = i;
  if (wholeEnd === wholeStart || wholeEnd - wholeStart > 15) return undefined;
  let frac = '00';
  if (i < n) {
    if (raw.charCodeAt(i) !== 46) return undefined;
    const fracStart = ++i;
    while (i < n) {
      const c = raw.charCodeAt(i);
      if (c < 48 || c > 57) return undefined;
      i++;
    }
    const fracLength = i - fracStart;
    if (fracLength === 2) frac = raw.slice(fracStart, i);
    else if (fracLength === 1) frac = `${raw[fracStart]}0`;
    else return undefined;
  }
  let w = wholeStart;
  while (w < wholeEnd - 1 && raw.charCodeAt(w) === 48) w++;
  const zero = w === wholeEnd - 1 && raw.charCodeAt(w) === 48 && frac === '00';
  // Already in canonical form ("1234.50", "-7.05"): the text itself.
  if (w === wholeStart && n - wholeEnd === 3 && !(negative && zero)) return raw;
  const whole = raw.slice(w, wholeEnd);
  return negative && !zero ? `-${whole}.${frac}` : `${whole}.${frac}`;
}

/** A first character looksLikeFormula can match on: = @ + -. */
function mayBeFormula(text: string): boolean {
  const c = text.charCodeAt(0);
  return (c === 61 || c === 64 || c === 43 || c === 45) && looksLikeFormula(text);
}

/**
 * Validates rows of one file. Stateful only for source references: repeated references get an
 * occurrence suffix so each line of a file keeps a distinct, reproducible sourceRef. That map is
 * the one per-row cost in memory (a number pair per distinct reference).
 */
export class RowValidator {
  private readonly width: number;
  private readonly occurrences = new OccurrenceCounter();
  private readonly dateFormat: DateFormat | undefined;
  private readonly columns: Partial<Record<TargetField, number>>;
  /** Column index per field, -1 when unmapped. */
  private readonly amountColumn: number;
  private readonly dateColumn: number;
  private readonly supplierColumn: number;
  private readonly currencyColumn: number;
  private readonly sourceRefColumn: number;
  private readonly textColumns: number[];
  /** Column name per field, as problems report it. */
  private readonly names: Record<TargetField, string>;
  private readonly dates = new Map<string, CachedDate>();
  private lastDateRaw = '';
  /** A currency code already found valid on an earlier row. */
  private lastCurrency = '';
  private lastDate: CachedDate | undefined;

  constructor(private readonly options: ValidatorOptions) {
    this.width = options.headers.length;
    this.columns = options.mapping.columns;
    this.dateFormat = options.mapping.dateFormat;
    const index = (field: TargetField) => this.columns[field] ?? -1;
    this.amountColumn = index('amount');
    this.dateColumn = index('invoiceDate');
    this.supplierColumn = index('supplierName');
    this.currencyColumn = index('currency');
    this.sourceRefColumn = index('sourceRef');
    this.textColumns = TEXT_FIELDS.map(index);
    this.names = Object.fromEntries(TARGET_FIELDS.map((f) => [f, this.columnName(f)])) as Record<TargetField, string>;
  }

  private columnName(field: TargetField): string {
    const c = this.columns[field];
    return c === undefined ? field : this.options.headers[c] || `Column ${c + 1}`;
  }

  private problem(rowNumber: number, field: TargetField | null, code: ProblemCode, message: string, rawValue: string | null): RowProblem {
    return { rowNumber, column: field === null ? null : this.names[field], code, message, rawValue };
  }

  private date(raw: string): CachedDate {
    // Files are often sorted by date: the previous row's date is the likeliest.
    if (raw === this.lastDateRaw && this.lastDate !== undefined) return this.lastDate;
    let cached = this.dates.get(raw);
    if (cached === undefined) {
      const parse = parseDate(raw, this.dateFormat);
      cached = { parse, future: parse.ok && isMoreThanAYearAhead(parse.iso, this.options.today) };
      // A copy of a long key: a cell sliced from the file's text would keep its whole chunk alive.
      if (this.dates.size < DATE_CACHE_LIMIT) this.dates.set(raw.length < 13 ? raw : ` ${raw}`.slice(1), cached);
    }
    this.lastDateRaw = raw;
    this.lastDate = cached;
    return cached;
  }

  validate(raw: RawRow): ValidatedRow {
    const { rowNumber, cells } = raw;
    // Most rows have no error: the array is made when the first one is found.
    let errors: RowProblem[] | null = null;
    const warnings: RowProblem[] = [];

    if (cells.length !== this.width && !this.onlyEmptyExtras(cells)) {
      errors = [
        this.problem(
          rowNumber,
          null,
          'ROW_RAGGED',
          `The row has ${cells.length} cells but the header has ${this.width}.`,
          truncate(cells.join(','), 200),
        ),
      ];
      return { ok: false, rowNumber, errors, warnings };
    }

    const amountRaw = this.amountColumn < 0 ? undefined : cells[this.amountColumn];
    let amountText: string | undefined;
    let amountCurrency: string | undefined;
    if (amountRaw === undefined) {
      (errors ??= []).push(this.problem(rowNumber, 'amount', 'AMOUNT_MISSING', 'No column is mapped to the amount.', null));
    } else {
      amountText = plainAmount(amountRaw);
      if (amountText === undefined) {
        const amount = parseAmount(amountRaw);
        if (!amount.ok) {
          (errors ??= []).push(this.problem(rowNumber, 'amount', amount.code, amount.message, amountRaw));
        } else {
          amountText = amount.amount;
          amountCurrency = amount.currency;
          if (amount.rounded) {
            warnings.push(
              this.problem(rowNumber, 'amount', 'AMOUNT_ROUNDED', `Rounded to ${amount.amount} (more than 2 decimals).`, amountRaw),
            );
          }
        }
      }
    }

    const dateRaw = this.dateColumn < 0 ? undefined : cells[this.dateColumn];
    let invoiceDate = '';
    if (dateRaw === undefined) {
      (errors ??= []).push(this.problem(rowNumber, 'invoiceDate', 'DATE_MISSING', 'No column is mapped to the date.', null));
    } else {
      const { parse: d, future } = this.date(dateRaw);
      if (!d.ok) (errors ??= []).push(this.problem(rowNumber, 'invoiceDate', d.code, d.message, dateRaw));
      else {
        invoiceDate = d.iso;
        if (future) {
          warnings.push(this.problem(rowNumber, 'invoiceDate', 'DATE_FUTURE', `${d.iso} is more than a year ahead.`, dateRaw));
        }
      }
    }

    const supplierRaw = this.supplierColumn < 0 ? undefined : cells[this.supplierColumn];
    const supplierTrimmed = supplierRaw?.trim() ?? '';
    let supplierName = supplierTrimmed;
    let supplierRedacted = false;
    if (supplierRaw === undefined) {
      (errors ??= []).push(this.problem(rowNumber, 'supplierName', 'SUPPLIER_MISSING', 'No column is mapped to the supplier.', null));
    } else if (supplierTrimmed === '') {
      // A blank payee is still money paid (refunds, payments to individuals): kept under the
      // redacted/undisclosed payee so published totals tie (docs/imports.md).
      supplierRedacted = true;
      supplierName = REDACTED_SUPPLIER;
      warnings.push(
        this.problem(rowNumber, 'supplierName', 'SUPPLIER_UNDISCLOSED', 'No payee given; kept under the REDACTED (undisclosed payee) supplier.', supplierRaw),
      );
    } else if (supplierTrimmed.length > LIMITS.maxSupplierChars) {
      (errors ??= []).push(
        this.problem(
          rowNumber,
          'supplierName',
          'SUPPLIER_TOO_LONG',
          `The supplier name has ${supplierTrimmed.length} characters (at most ${LIMITS.maxSupplierChars}).`,
          truncate(supplierTrimmed, 300),
        ),
      );
    } else if (isRedactedName(supplierTrimmed)) {
      supplierRedacted = true;
      supplierName = REDACTED_SUPPLIER;
      warnings.push(
        this.problem(rowNumber, 'supplierName', 'SUPPLIER_REDACTED', 'Kept under the REDACTED supplier.', supplierRaw ?? null),
      );
    } else if (mayBeFormula(supplierTrimmed)) {
      warnings.push(this.formulaWarning(rowNumber, 'supplierName', supplierTrimmed));
    }

    const currencyRaw = this.currencyColumn < 0 ? undefined : cells[this.currencyColumn];
    let currency = currencyRaw?.trim().toUpperCase() ?? '';
    if (currency === '') currency = amountCurrency ?? this.options.defaultCurrency ?? '';
    if (currency === '') {
      (errors ??= []).push(this.problem(rowNumber, 'currency', 'CURRENCY_INVALID', 'No currency in the row and no default currency.', null));
    } else if (currency !== this.lastCurrency) {
      if (isIsoCurrency(currency)) this.lastCurrency = currency;
      else {
        (errors ??= []).push(
          this.problem(rowNumber, 'currency', 'CURRENCY_INVALID', `"${currency}" is not an ISO 4217 currency code.`, currencyRaw ?? null),
        );
      }
    }

    const description = this.text(rowNumber, cells, 0, warnings);
    const category = this.text(rowNumber, cells, 1, warnings);
    const businessUnit = this.text(rowNumber, cells, 2, warnings);
    const costCenter = this.text(rowNumber, cells, 3, warnings);
    const glAccount = this.text(rowNumber, cells, 4, warnings);
    const poNumber = this.text(rowNumber, cells, 5, warnings);

    if (errors !== null || amountText === undefined) return { ok: false, rowNumber, errors: errors ?? [], warnings };

    const row: AcceptedRow = {
      rowNumber,
      invoiceDate,
      amount: amountText,
      currency,
      supplierName,
      // Stored lines need a raw name; a blank one is written as a marker rather than left empty.
      rawSupplierName: supplierTrimmed === '' ? NO_PAYEE_GIVEN : supplierTrimmed,
      supplierRedacted,
      description,
      category,
      businessUnit,
      costCenter,
      glAccount,
      poNumber,
      sourceRef: this.sourceRef(cells),
    };
    return { ok: true, rowNumber, row, warnings };
  }

  /** The TEXT_FIELDS[i] value of a row, trimmed and cut (null when blank), with its warnings. */
  private text(rowNumber: number, cells: readonly string[], i: number, warnings: RowProblem[]): string | null {
    const column = this.textColumns[i];
    if (column < 0) return null;
    const value = cells[column]?.trim();
    if (!value) return null;
    const field = TEXT_FIELDS[i];
    let kept = value;
    if (value.length > LIMITS.maxTextChars) {
      warnings.push(
        this.problem(rowNumber, field, 'TEXT_TRUNCATED', `Cut to ${LIMITS.maxTextChars} characters.`, truncate(value, 300)),
      );
      kept = value.slice(0, LIMITS.maxTextChars);
    }
    if (mayBeFormula(value)) warnings.push(this.formulaWarning(rowNumber, field, value));
    return kept;
  }

  private formulaWarning(rowNumber: number, field: TargetField, value: string): RowProblem {
    return this.problem(rowNumber, field, 'FORMULA_LIKE_TEXT', 'Starts like a spreadsheet formula; kept as plain text.', truncate(value, 300));
  }

  /** Extra trailing cells that are all empty (a trailing comma) do not make a row ragged. */
  private onlyEmptyExtras(cells: readonly string[]): boolean {
    if (cells.length < this.width) return false;
    for (let i = this.width; i < cells.length; i++) if (cells[i].trim() !== '') return false;
    return true;
  }

  /**
   * The mapped reference, or a hash of the row's trimmed cells; a repeat within the file gets
   * "#n", so importing the same file again yields the same references (idempotent commit).
   */
  private sourceRef(cells: readonly string[]): string {
    const mapped = this.sourceRefColumn < 0 ? undefined : cells[this.sourceRefColumn]?.trim();
    const base = mapped ? mapped : `h${hashCells(cells, this.width).toString(36)}`;
    const n = this.occurrences.increment(hash53(base));
    return n === 1 ? base : `${base}#${n}`;
  }
}

/**
 * Occurrences per 53-bit key: an open-addressing table of the keys in a Float64Array (8 bytes a
 * slot, 0 = empty) and a Map for the few keys seen more than once, so a file of millions of
 * distinct references costs neither a Map entry nor a boxed number each.
 */
class OccurrenceCounter {
  private keys = new Float64Array(1024);
  private mask = 1023;
  private size = 0;
  /** Counts of the keys seen at least twice. */
  private readonly repeats = new Map<number, number>();
  /** The key 0 marks an empty slot, so it is counted apart. */
  private zeros = 0;

  /** Adds one occurrence of `key` (an integer below 2^53, already well mixed) and returns how many there are now. */
  increment(key: number): number {
    if (key === 0) return ++this.zeros;
    const keys = this.keys;
    const mask = this.mask;
    let slot = key & mask;
    for (;;) {
      const k = keys[slot];
      if (k === 0) {
        keys[slot] = key;
        if (++this.size * 2 > mask) this.grow();
        return 1;
      }
      if (k === key) {
        const n = (this.repeats.get(key) ?? 1) + 1;
        this.repeats.set(key, n);
        return n;
      }
      slot = (slot + 1) & mask;
    }
  }

  private grow(): void {
    const old = this.keys;
    const mask = old.length * 2 - 1;
    const keys = new Float64Array(old.length * 2);
    for (let i = 0; i < old.length; i++) {
      const k = old[i];
      if (k === 0) continue;
      let slot = k & mask;
      while (keys[slot] !== 0) slot = (slot + 1) & mask;
      keys[slot] = k;
    }
    this.keys = keys;
    this.mask = mask;
  }
}

/** hash53 of the first `width` cells, trimmed and joined with U+001F, without building that string. */
function hashCells(cells: readonly string[], width: number): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  const count = Math.min(width, cells.length);
  for (let c = 0; c < count; c++) {
    if (c > 0) {
      h1 = Math.imul(h1 ^ 0x1f, 2654435761);
      h2 = Math.imul(h2 ^ 0x1f, 1597334677);
    }
    const text = cells[c].trim();
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ ch, 2654435761);
      h2 = Math.imul(h2 ^ ch, 1597334677);
    }
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * Per-row validation, exactly SPEC §5: an error rejects the row, a warning keeps it; every
 * problem carries row number, column, code, message and raw value. Money never touches floating
 * point: amounts become BigInt cents and decimal strings.
 */
import { isMoreThanAYearAhead, parseDate } from './dates.js';
import {
  LIMITS,
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

/** "Redacted personal data", "REDACTED COMMERCIAL CONFIDENTIALITY", "Personal Expense", … */
export function isRedactedName(name: string): boolean {
  const key = name.toLowerCase().replace(/[^a-z ]+/g, ' ').replace(/\s+/g, ' ').trim();
  return REDACTED_PATTERNS.some((p) => p.test(key));
}

export const REDACTED_SUPPLIER = 'REDACTED';

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

/**
 * Validates rows of one file. Stateful only for source references: repeated references get an
 * occurrence suffix so each line of a file keeps a distinct, reproducible sourceRef. That map is
 * the one per-row cost in memory (a number pair per distinct reference).
 */
export class RowValidator {
  private readonly width: number;
  private readonly occurrences = new Map<number, number>();
  private readonly dateFormat: DateFormat | undefined;
  private readonly columns: Partial<Record<TargetField, number>>;

  constructor(private readonly options: ValidatorOptions) {
    this.width = options.headers.length;
    this.columns = options.mapping.columns;
    this.dateFormat = options.mapping.dateFormat;
  }

  private columnName(field: TargetField): string {
    const c = this.columns[field];
    return c === undefined ? field : this.options.headers[c] || `Column ${c + 1}`;
  }

  private cell(cells: readonly string[], field: TargetField): string | undefined {
    const c = this.columns[field];
    return c === undefined ? undefined : cells[c];
  }

  validate(raw: RawRow): ValidatedRow {
    const { rowNumber, cells } = raw;
    const errors: RowProblem[] = [];
    const warnings: RowProblem[] = [];
    const problem = (field: TargetField | null, code: ProblemCode, message: string, rawValue: string | null) => ({
      rowNumber,
      column: field === null ? null : this.columnName(field),
      code,
      message,
      rawValue,
    });

    if (cells.length !== this.width && !this.onlyEmptyExtras(cells)) {
      errors.push(
        problem(
          null,
          'ROW_RAGGED',
          `The row has ${cells.length} cells but the header has ${this.width}.`,
          truncate(cells.join(','), 200),
        ),
      );
      return { ok: false, rowNumber, errors, warnings };
    }

    const amountRaw = this.cell(cells, 'amount');
    const amount = amountRaw === undefined ? undefined : parseAmount(amountRaw);
    if (amount === undefined) {
      errors.push(problem('amount', 'AMOUNT_MISSING', 'No column is mapped to the amount.', null));
    } else if (!amount.ok) {
      errors.push(problem('amount', amount.code, amount.message, amountRaw ?? null));
    } else if (amount.rounded) {
      warnings.push(
        problem('amount', 'AMOUNT_ROUNDED', `Rounded to ${amount.amount} (more than 2 decimals).`, amountRaw ?? null),
      );
    }

    const dateRaw = this.cell(cells, 'invoiceDate');
    let invoiceDate = '';
    if (dateRaw === undefined) {
      errors.push(problem('invoiceDate', 'DATE_MISSING', 'No column is mapped to the date.', null));
    } else {
      const d = parseDate(dateRaw, this.dateFormat);
      if (!d.ok) errors.push(problem('invoiceDate', d.code, d.message, dateRaw));
      else {
        invoiceDate = d.iso;
        if (isMoreThanAYearAhead(d.iso, this.options.today)) {
          warnings.push(problem('invoiceDate', 'DATE_FUTURE', `${d.iso} is more than a year ahead.`, dateRaw));
        }
      }
    }

    const supplierRaw = this.cell(cells, 'supplierName');
    const supplierTrimmed = supplierRaw?.trim() ?? '';
    let supplierName = supplierTrimmed;
    let supplierRedacted = false;
    if (supplierTrimmed === '') {
      errors.push(problem('supplierName', 'SUPPLIER_MISSING', 'The supplier name is empty.', supplierRaw ?? null));
    } else if (supplierTrimmed.length > LIMITS.maxSupplierChars) {
      errors.push(
        problem(
          'supplierName',
          'SUPPLIER_TOO_LONG',
          `The supplier name has ${supplierTrimmed.length} characters (at most ${LIMITS.maxSupplierChars}).`,
          truncate(supplierTrimmed, 300),
        ),
      );
    } else if (isRedactedName(supplierTrimmed)) {
      supplierRedacted = true;
      supplierName = REDACTED_SUPPLIER;
      warnings.push(problem('supplierName', 'SUPPLIER_REDACTED', 'Kept under the REDACTED supplier.', supplierRaw ?? null));
    } else if (looksLikeFormula(supplierTrimmed)) {
      warnings.push(formulaWarning(problem, 'supplierName', supplierTrimmed));
    }

    const currencyRaw = this.cell(cells, 'currency');
    let currency = currencyRaw?.trim().toUpperCase() ?? '';
    if (currency === '') currency = (amount?.ok ? amount.currency : undefined) ?? this.options.defaultCurrency ?? '';
    if (currency === '') {
      errors.push(problem('currency', 'CURRENCY_INVALID', 'No currency in the row and no default currency.', null));
    } else if (!isIsoCurrency(currency)) {
      errors.push(problem('currency', 'CURRENCY_INVALID', `"${currency}" is not an ISO 4217 currency code.`, currencyRaw ?? null));
    }

    const text: Record<(typeof TEXT_FIELDS)[number], string | null> = {
      description: null, category: null, businessUnit: null, costCenter: null, glAccount: null, poNumber: null,
    };
    for (const field of TEXT_FIELDS) {
      const value = this.cell(cells, field)?.trim();
      if (!value) continue;
      if (value.length > LIMITS.maxTextChars) {
        warnings.push(problem(field, 'TEXT_TRUNCATED', `Cut to ${LIMITS.maxTextChars} characters.`, truncate(value, 300)));
        text[field] = value.slice(0, LIMITS.maxTextChars);
      } else {
        text[field] = value;
      }
      if (looksLikeFormula(value)) warnings.push(formulaWarning(problem, field, value));
    }

    if (errors.length > 0 || amount === undefined || !amount.ok) return { ok: false, rowNumber, errors, warnings };

    const row: AcceptedRow = {
      rowNumber,
      invoiceDate,
      amount: amount.amount,
      currency,
      supplierName,
      rawSupplierName: supplierTrimmed,
      supplierRedacted,
      ...text,
      sourceRef: this.sourceRef(cells),
    };
    return { ok: true, rowNumber, row, warnings };
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
    const mapped = this.cell(cells, 'sourceRef')?.trim();
    const base = mapped ? mapped : `h${hash53(cells.slice(0, this.width).map((c) => c.trim()).join('\u001f')).toString(36)}`;
    const key = hash53(base);
    const n = (this.occurrences.get(key) ?? 0) + 1;
    this.occurrences.set(key, n);
    return n === 1 ? base : `${base}#${n}`;
  }
}

function formulaWarning(
  problem: (field: TargetField, code: ProblemCode, message: string, raw: string) => RowProblem,
  field: TargetField,
  value: string,
): RowProblem {
  return problem(field, 'FORMULA_LIKE_TEXT', 'Starts like a spreadsheet formula; kept as plain text.', truncate(value, 300));
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * Per-row validation (docs/imports.md): an error rejects the row, a warning keeps it; every
 * problem carries row number, column, code, message and raw value. Money never touches floating
 * point: amounts become decimal strings.
 */
import { parseAmount, parseDecimal, plainAmount } from './amount.js';
import { isIsoCountry } from '../../lib/country.js';
import { isIsoCurrency } from '../../lib/currency.js';
import { detached } from '../../lib/csv.js';
import { isPlaceholder, isRedactedName, mayBeFormula, NO_PAYEE_GIVEN, REDACTED_SUPPLIER, truncate } from './cell-checks.js';
import { isMoreThanAYearAhead, parseDate, type DateParse } from './dates.js';
import { SourceRefs } from './source-ref.js';
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

export interface ValidatorOptions {
  headers: readonly string[];
  mapping: Mapping;
  /** Currency of rows that carry none (the batch default); undefined = such rows are rejected. */
  defaultCurrency: string | undefined;
  /** 'YYYY-MM-DD'; dates more than a year after it warn. */
  today: string;
}

const TEXT_FIELDS = ['description', 'category', 'businessUnit', 'costCenter', 'glAccount', 'poNumber'] as const;

/** An optional field's cell, trimmed; null when the field is unmapped, or the cell blank or a placeholder such as "-". */
function optionalCell(cells: readonly string[], column: number): string | null {
  const raw = column < 0 ? undefined : cells[column]?.trim();
  return !raw || isPlaceholder(raw) ? null : raw;
}

/** Distinct date strings remembered per file (a file has a few thousand at most; the cap bounds memory). */
const DATE_CACHE_LIMIT = 50_000;

interface CachedDate {
  parse: DateParse;
  future: boolean;
}

/** The column a field's problems are reported on: its header, else its position; the field's name when unmapped. */
export function columnLabel(headers: readonly string[], mapping: Mapping, field: TargetField): string {
  const c = mapping.columns[field];
  return c === undefined ? field : headers[c] || `Column ${c + 1}`;
}

/**
 * Validates rows of one file. Stateful for source references (repeated references get an
 * occurrence suffix so each line of a file keeps a distinct, reproducible sourceRef) and for
 * caches of dates and currencies already seen.
 */
export class RowValidator {
  private readonly width: number;
  private readonly sourceRefs: SourceRefs;
  private readonly dateFormat: DateFormat | undefined;
  private readonly columns: Partial<Record<TargetField, number>>;
  /** Column index per field, -1 when unmapped. */
  private readonly amountColumn: number;
  private readonly dateColumn: number;
  private readonly supplierColumn: number;
  private readonly currencyColumn: number;
  private readonly postingDateColumn: number;
  private readonly quantityColumn: number;
  private readonly unitPriceColumn: number;
  private readonly countryColumn: number;
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
    this.postingDateColumn = index('postingDate');
    this.quantityColumn = index('quantity');
    this.unitPriceColumn = index('unitPrice');
    this.countryColumn = index('country');
    this.sourceRefs = new SourceRefs(this.width, index('sourceRef'));
    this.textColumns = TEXT_FIELDS.map(index);
    this.names = Object.fromEntries(TARGET_FIELDS.map((f) => [f, columnLabel(options.headers, options.mapping, f)])) as Record<TargetField, string>;
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
      if (this.dates.size < DATE_CACHE_LIMIT) this.dates.set(detached(raw), cached);
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
    const postingDate = this.postingDate(rowNumber, cells, warnings);
    const quantity = this.number(rowNumber, cells, 'quantity', warnings);
    const unitPrice = this.number(rowNumber, cells, 'unitPrice', warnings);
    const country = this.country(rowNumber, cells, warnings);

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
      postingDate,
      quantity,
      unitPrice,
      country,
      sourceRef: this.sourceRefs.of(cells),
    };
    return { ok: true, rowNumber, row, warnings };
  }

  /** The TEXT_FIELDS[i] value of a row, trimmed and cut (null when blank or a placeholder such as "-"), with its warnings. */
  private text(rowNumber: number, cells: readonly string[], i: number, warnings: RowProblem[]): string | null {
    const column = this.textColumns[i];
    if (column < 0) return null;
    const value = cells[column]?.trim();
    if (!value || isPlaceholder(value)) return null;
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

  /**
   * The posting date, written like the invoice date (the mapping's one date format); blank gives
   * null (the line posts on its invoice date), and one that cannot be read warns and does the same:
   * the money is real whatever its posting date (docs/imports.md, "Optional facts").
   */
  private postingDate(rowNumber: number, cells: readonly string[], warnings: RowProblem[]): string | null {
    const raw = optionalCell(cells, this.postingDateColumn);
    if (raw === null) return null;
    const { parse } = this.date(raw);
    if (parse.ok) return parse.iso;
    warnings.push(this.problem(rowNumber, 'postingDate', 'POSTING_DATE_INVALID', `${parse.message} The line posts on its invoice date.`, raw));
    return null;
  }

  /**
   * A quantity or unit price (6 decimal places, written as amounts are); blank gives null, and one
   * that cannot be read or does not fit warns and is left out, never the line (docs/imports.md).
   */
  private number(rowNumber: number, cells: readonly string[], field: 'quantity' | 'unitPrice', warnings: RowProblem[]): string | null {
    const raw = optionalCell(cells, field === 'quantity' ? this.quantityColumn : this.unitPriceColumn);
    if (raw === null) return null;
    const n = parseDecimal(raw, 6);
    const what = field === 'quantity' ? 'quantity' : 'unit price';
    if (!n.ok) {
      const why = n.reason === 'TOO_LARGE' ? 'is too large to store' : 'is not a number';
      warnings.push(this.problem(rowNumber, field, field === 'quantity' ? 'QUANTITY_INVALID' : 'UNIT_PRICE_INVALID', `"${truncate(raw, 60)}" ${why}; the line is kept without a ${what}.`, truncate(raw, 300)));
      return null;
    }
    if (n.rounded) warnings.push(this.problem(rowNumber, field, 'NUMBER_ROUNDED', `The ${what} is rounded to ${n.text} (more than 6 decimals).`, truncate(raw, 300)));
    return n.text;
  }

  /**
   * The country a line was bought in: an ISO 3166-1 alpha-2 code in any case, or "UK" (GB as
   * British ledgers write it). Blank gives null; anything else warns and is left out, never the line.
   */
  private country(rowNumber: number, cells: readonly string[], warnings: RowProblem[]): string | null {
    const raw = optionalCell(cells, this.countryColumn);
    if (raw === null) return null;
    const code = raw.length === 2 ? raw.toUpperCase() : raw;
    if (code === 'UK') return 'GB';
    if (isIsoCountry(code)) return code;
    warnings.push(this.problem(rowNumber, 'country', 'COUNTRY_INVALID', `"${truncate(raw, 60)}" is not an ISO 3166 country code (two letters, e.g. GB); the line is kept without a country.`, truncate(raw, 300)));
    return null;
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
}

import { MAX_RECORD_CHARS } from '../../lib/csv.js';
/** Shared types of the import file reader (docs/imports.md, docs/domain.md). */

export type ImportFormat = 'CSV' | 'XLSX' | 'OCDS_JSON';

/** The SpendLine fields a source column can feed. */
export const TARGET_FIELDS = [
  'invoiceDate',
  'amount',
  'supplierName',
  'description',
  'category',
  'businessUnit',
  'costCenter',
  'glAccount',
  'currency',
  'sourceRef',
  'poNumber',
  'postingDate',
  'quantity',
  'unitPrice',
  'country',
] as const;
export type TargetField = (typeof TARGET_FIELDS)[number];

/** Formats the date column may be written in (ISO, day/month, month/day, yyyymm, Excel serials, and the `dd-MMM-yy` style of UK ledgers). */
export type DateFormat = 'ISO' | 'DMY' | 'MDY' | 'YYYYMM' | 'EXCEL_SERIAL' | 'D_MON_Y';

/** Column index → field, the `mapping` stored on an ImportBatch. */
export interface Mapping {
  columns: Partial<Record<TargetField, number>>;
  /** How the invoiceDate column is written; detected from sample values when not given. */
  dateFormat?: DateFormat;
}

export interface ProposedColumn {
  column: number;
  header: string;
  field: TargetField;
  /** 1 = exact synonym, lower = partial/heuristic match. */
  confidence: number;
}

export interface ProposedMapping extends Mapping {
  proposals: ProposedColumn[];
  /** Required fields (amount, invoiceDate, supplierName) no column was matched to. */
  missingRequired: TargetField[];
}

export type ProblemCode =
  | 'AMOUNT_MISSING'
  | 'AMOUNT_INVALID'
  | 'AMOUNT_ROUNDED'
  | 'DATE_MISSING'
  | 'DATE_INVALID'
  | 'DATE_AMBIGUOUS'
  | 'DATE_FUTURE'
  | 'SUPPLIER_MISSING'
  | 'SUPPLIER_TOO_LONG'
  | 'SUPPLIER_REDACTED'
  /** A blank payee cell: the row is kept under the REDACTED (undisclosed payee) supplier. */
  | 'SUPPLIER_UNDISCLOSED'
  | 'CURRENCY_INVALID'
  | 'ROW_RAGGED'
  | 'FORMULA_LIKE_TEXT'
  | 'TEXT_TRUNCATED'
  /** Optional facts of a line (posting date, quantity, unit price, country) that cannot be read: a warning, the line is kept without them. */
  | 'POSTING_DATE_INVALID'
  | 'QUANTITY_INVALID'
  | 'UNIT_PRICE_INVALID'
  | 'COUNTRY_INVALID'
  /** A quantity or unit price with more than 6 decimals, rounded half-even (a warning). */
  | 'NUMBER_ROUNDED'
  /** Set when staging: no FX rate for the line's currency and month (a warning; the line is kept unconverted). */
  | 'FX_RATE_MISSING'
  /** Set when staging: the amount at its month's FX rate does not fit a stored amount (an error; fx.ts). */
  | 'REPORTING_AMOUNT_TOO_LARGE';

/** One row-level problem as stored in ImportBatch.errors. */
export interface RowProblem {
  rowNumber: number;
  /** Header of the column at fault (or the field name when no column is mapped). */
  column: string | null;
  code: ProblemCode;
  message: string;
  rawValue: string | null;
}

/** A row that passed validation, shaped for a SpendLine (amount is an exact decimal string). */
export interface AcceptedRow {
  rowNumber: number;
  invoiceDate: string;
  amount: string;
  currency: string;
  supplierName: string;
  /** The name as published (trimmed); differs from supplierName for redactions. */
  rawSupplierName: string;
  /** True when the source name was a redaction; the line belongs to the REDACTED supplier. */
  supplierRedacted: boolean;
  description: string | null;
  category: string | null;
  businessUnit: string | null;
  costCenter: string | null;
  glAccount: string | null;
  sourceRef: string;
  poNumber: string | null;
  /** ISO date when the file gives one; the line's posting date is its invoice date otherwise. */
  postingDate: string | null;
  /** Exact decimal strings of 6 places, when the file gives them. */
  quantity: string | null;
  unitPrice: string | null;
  /** ISO 3166-1 alpha-2 code of the country the line was bought in, when the file gives one. */
  country: string | null;
}

export type ValidatedRow =
  | { ok: true; rowNumber: number; row: AcceptedRow; warnings: RowProblem[] }
  | { ok: false; rowNumber: number; errors: RowProblem[]; warnings: RowProblem[] };

/** A physical record read from a file, before validation. */
export type { RawRow } from '../../lib/csv.js';

/** The file cannot be read at all: the batch goes UPLOADED → FAILED (docs/domain.md, states; code IMPORT_INVALID). */
export class ImportFileError extends Error {
  readonly code = 'IMPORT_INVALID';
  constructor(
    message: string,
    /** Machine-readable reason for tests and logs; the message is for the user. */
    readonly reason:
      | 'EMPTY'
      | 'BINARY'
      | 'LINE_TOO_LONG'
      | 'TOO_MANY_COLUMNS'
      | 'NO_HEADER'
      | 'UNSUPPORTED_ENCODING'
      | 'UNSUPPORTED_FORMAT'
      | 'TOO_LARGE'
      | 'INVALID_JSON'
      | 'INVALID_XLSX',
  ) {
    super(message);
    this.name = 'ImportFileError';
  }
}

/** Limits that keep memory bounded whatever the upload looks like. */
export const LIMITS = {
  /** A single CSV record longer than this is refused (a 50 MB line must not be buffered). */
  maxRecordChars: MAX_RECORD_CHARS,
  maxColumns: 1_000,
  /** JSON has to be parsed whole; an import file is capped at 200 MB by default. */
  maxJsonBytes: 200 * 1024 * 1024,
  /** Bytes sniffed for encoding, binary content and the header row. */
  sniffBytes: 1024 * 1024,
  /** Candidate header rows considered (preamble lines above the header). */
  headerSearchRows: 50,
  maxSupplierChars: 200,
  /** Free text is cut to this length (with a warning) so one cell cannot bloat a batch. */
  maxTextChars: 2_000,
} as const;

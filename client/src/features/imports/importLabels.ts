import type { ImportDateFormat, ImportField, ImportStatus } from '../../gql/graphql';

/** Statuses in the user's words, with a line on what each means (docs/domain.md, states). */
export const importStatusLabels: Record<ImportStatus, { label: string; description: string }> = {
  UPLOADED: { label: 'Uploaded', description: 'Columns detected; not validated yet.' },
  VALIDATED: { label: 'Validated', description: 'Every row checked; accepted rows wait for commit.' },
  COMMITTED: { label: 'Committed', description: 'The accepted rows are spend lines.' },
  ROLLED_BACK: { label: 'Rolled back', description: 'The batch’s lines were removed again.' },
  DISCARDED: { label: 'Discarded', description: 'Validated but given up without committing.' },
  FAILED: { label: 'Failed', description: 'The file could not be read.' },
};

export const importFieldLabels: Record<ImportField, string> = {
  INVOICE_DATE: 'Invoice date',
  AMOUNT: 'Amount',
  SUPPLIER_NAME: 'Supplier name',
  DESCRIPTION: 'Description',
  CATEGORY: 'Category',
  BUSINESS_UNIT: 'Business unit',
  COST_CENTER: 'Cost centre',
  GL_ACCOUNT: 'GL account',
  CURRENCY: 'Currency',
  SOURCE_REF: 'Source reference',
  PO_NUMBER: 'PO number',
  POSTING_DATE: 'Posting date',
  QUANTITY: 'Quantity',
  UNIT_PRICE: 'Unit price',
  COUNTRY: 'Country',
};

/** In the order the select offers them: required fields first. */
export const importFields = Object.keys(importFieldLabels) as ImportField[];

export const requiredImportFields: readonly ImportField[] = ['INVOICE_DATE', 'AMOUNT', 'SUPPLIER_NAME'];

export const importDateFormatLabels: Record<ImportDateFormat, string> = {
  ISO: 'ISO — 2025-01-31',
  DMY: 'Day/month/year — 31/01/2025',
  MDY: 'Month/day/year — 01/31/2025',
  D_MON_Y: 'Day-month name-year — 31-Jan-25',
  YYYYMM: 'Year and month — 202501',
  EXCEL_SERIAL: 'Excel serial day number',
};

export const importDateFormats = Object.keys(importDateFormatLabels) as ImportDateFormat[];

const delimiterNames: Record<string, string> = { ',': 'Comma', ';': 'Semicolon', '\t': 'Tab', '|': 'Pipe' };

export function describeDelimiter(delimiter: string | null | undefined): string | null {
  if (!delimiter) return null;
  const name = delimiterNames[delimiter];
  return name ? `${name} (${delimiter === '\t' ? '⇥' : delimiter})` : `“${delimiter}”`;
}

export const acceptedImportExtensions = ['.csv', '.tsv', '.txt', '.xlsx', '.json'] as const;

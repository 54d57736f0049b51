import type { Resolvers } from '../../generated/graphql.js';
import { money } from '../../lib/decimal.js';
import { KEY_TO_FIELD, type StoredMapping } from './imports.service.js';
import type { TargetField } from './types.js';
import { noteText, type BatchNote } from './notes.js';

const json = <T>(text: string | null, fallback: T): T => (text ? (JSON.parse(text) as T) : fallback);

export const importsResolvers: Resolvers = {
  Query: {
    importBatches: (_p, { page }, ctx) => ctx.imports.list(page),
    importBatch: (_p, { id }, ctx) => ctx.imports.batch(id),
  },
  Mutation: {
    validateImport: (_p, { id, mapping }, ctx) => ctx.imports.validate(id, mapping),
    commitImport: (_p, { id }, ctx) => ctx.imports.commit(id),
    rollbackImport: (_p, { id }, ctx) => ctx.imports.rollback(id),
    discardImport: (_p, { id }, ctx) => ctx.imports.discard(id),
  },
  ImportBatch: {
    id: (b) => String(b.id),
    fileName: (b) => b.file_name,
    sourceName: (b) => b.source_name,
    format: (b) => b.format as 'CSV' | 'XLSX' | 'OCDS_JSON',
    status: (b) => b.status as 'UPLOADED' | 'VALIDATED' | 'COMMITTED' | 'ROLLED_BACK' | 'DISCARDED' | 'FAILED',
    headerRow: (b) => b.header_row,
    columns: (b) => {
      const headers = json<string[]>(b.headers, []);
      const mapping = json<StoredMapping>(b.mapping, { columns: {} });
      const fieldOf = new Map(Object.entries(mapping.columns).map(([key, column]) => [column, KEY_TO_FIELD[key as TargetField]]));
      return headers.map((header, index) => ({
        index, header, field: fieldOf.get(index) ?? null, confidence: fieldOf.has(index) ? (mapping.confidence?.[index] ?? null) : null,
      }));
    },
    dateFormat: (b) => json<StoredMapping>(b.mapping, { columns: {} }).dateFormat ?? null,
    defaultCurrency: (b) => b.default_currency,
    currencyBasis: (b) => b.currency_basis as 'CHOSEN' | 'AMOUNT_SYMBOLS' | 'SAVED_FOR_SOURCE' | 'HEADER_VOCABULARY' | 'SUPPLIER_LEGAL_FORMS' | null,
    currencyRequired: (b) =>
      b.default_currency === null && b.format !== 'OCDS_JSON' && json<StoredMapping>(b.mapping, { columns: {} }).columns.currency === undefined,
    contractCount: (b) => Number(b.contract_count ?? 0),
    rowCount: (b) => Number(b.row_count ?? 0),
    acceptedCount: (b) => Number(b.accepted_count ?? 0),
    rejectedCount: (b) => Number(b.rejected_count ?? 0),
    warningCount: (b) => Number(b.warning_count ?? 0),
    duplicateCount: (b) => Number(b.duplicate_count ?? 0),
    totalAmount: (b) => money(b.total_amount),
    reportingCurrency: (_b, _a, ctx) => ctx.data.config.reportingCurrency,
    totalsByCurrency: (b) => json<Array<{ currency: string; amount: string }>>(b.source_totals, []),
    notes: (b) => json<BatchNote[]>(b.notes, []).map(noteText),
    progress: (b, _a, ctx) => ctx.imports.progress(b.id),
    problems: (b, { severity, page }, ctx) => ctx.imports.problems(b.id, severity, page),
    preview: (b, { limit }, ctx) => ctx.imports.preview(b.id, limit ?? 20),
    uploadedBy: (b) => b.uploaded_by_name,
    committedAt: (b) => b.committed_at,
    rolledBackAt: (b) => b.rolled_back_at,
    createdAt: (b) => b.created_at,
    updatedAt: (b) => b.updated_at,
  },
};

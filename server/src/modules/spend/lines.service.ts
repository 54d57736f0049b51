import type { PageInput, SpendFilter, SpendLineSort } from '../../generated/graphql.js';
import { money } from '../../lib/decimal.js';
import { validatePage } from '../../lib/page.js';
import { removeLeftovers } from '../../lib/leftovers.js';
import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Config } from '../../config.js';
import { copyTextTo } from '../../store/copy-text.js';
import type { Row, Store, StreamChunk } from '../../store/store.js';
import * as q from './lines.queries.js';
import { sql, type Sql } from '../../store/sql.js';
import type { RequestData } from '../../core/request-data.js';
import { spendWhere, validateFilter, type ValidFilter } from '../../core/spend-filter.js';
import { LINES } from '../../core/spend-rollup.js';

/** The lines export's column layout, shared with the CSV and XLSX writers in modules/exports. */
export { EXPORT_COLUMNS, UNIT_SEPARATOR, isNumberColumn } from './lines.queries.js';

/** Ids and the 6-decimal quantities as text; null stays null. */
const text = (v: Row[string]) => (v === null ? null : String(v));

/**
 * The GraphQL shape of a line row from LINE_SELECT, each field worked out when it is read: GraphQL
 * reads only the fields asked for, and the row holds only their columns (`lineColumnsFor`).
 */
class SpendLineRow {
  constructor(private readonly r: Row) {}
  get id() { return String(this.r.id); }
  get sourceRef() { return String(this.r.source_ref); }
  get invoiceDate() { return String(this.r.invoice_date); }
  get postingDate() { return String(this.r.posting_date); }
  get supplierId() { return String(this.r.supplier_id); }
  get supplierName() { return String(this.r.supplier_name ?? this.r.raw_supplier_name); }
  get rawSupplierName() { return String(this.r.raw_supplier_name); }
  get categoryId() { return text(this.r.category_id); }
  get categoryName() { return this.r.category_name as string | null; }
  get classificationSource() { return this.r.classification_source as 'RULE' | 'MANUAL' | 'SOURCE' | 'MODEL' | 'NONE'; }
  get classificationConfidence() { return this.r.classification_confidence === null ? null : Number(this.r.classification_confidence); }
  get classificationModelVersion() { return this.r.classification_model_version === null ? null : Number(this.r.classification_model_version); }
  get businessUnitId() { return String(this.r.business_unit_id); }
  get businessUnitName() { return String(this.r.business_unit_name ?? ''); }
  get costCenterName() { return this.r.cost_center_name as string | null; }
  get glAccountName() { return this.r.gl_account_name as string | null; }
  get description() { return this.r.description as string | null; }
  get sourceCategory() { return this.r.source_category as string | null; }
  get amount() { return money(this.r.amount as string); }
  get currency() { return String(this.r.currency); }
  get amountReporting() { return this.r.amount_reporting === null ? null : money(this.r.amount_reporting as string); }
  get contractId() { return text(this.r.contract_id); }
  get contractNumber() { return this.r.contract_number as string | null; }
  get poNumber() { return this.r.po_number as string | null; }
  get countryCode() { return this.r.country_code as string | null; }
  get quantity() { return text(this.r.quantity); }
  get unitPrice() { return text(this.r.unit_price); }
  get importBatchId() { return String(this.r.import_batch_id); }
  get classificationRuleId() { return text(this.r.classification_rule_id); }
  get createdAt() { return String(this.r.created_at); }
  get updatedAt() { return String(this.r.updated_at); }
}

export type SpendLineField = Exclude<keyof SpendLineRow, 'r'>;

/** The output columns of LINE_SELECT each field of SpendLineRow reads. */
const FIELD_COLUMNS: Record<SpendLineField, readonly q.LineColumn[]> = {
  id: ['id'], sourceRef: ['source_ref'], invoiceDate: ['invoice_date'], postingDate: ['posting_date'], supplierId: ['supplier_id'],
  supplierName: ['supplier_name', 'raw_supplier_name'], rawSupplierName: ['raw_supplier_name'], categoryId: ['category_id'],
  categoryName: ['category_name'], classificationSource: ['classification_source'], businessUnitId: ['business_unit_id'],
  businessUnitName: ['business_unit_name'], costCenterName: ['cost_center_name'], glAccountName: ['gl_account_name'],
  description: ['description'], sourceCategory: ['source_category'], amount: ['amount'], currency: ['currency'],
  amountReporting: ['amount_reporting'], contractId: ['contract_id'], contractNumber: ['contract_number'], poNumber: ['po_number'],
  countryCode: ['country_code'], quantity: ['quantity'], unitPrice: ['unit_price'], importBatchId: ['import_batch_id'],
  classificationRuleId: ['classification_rule_id'], classificationConfidence: ['classification_confidence'],
  classificationModelVersion: ['classification_model_version'], createdAt: ['created_at'], updatedAt: ['updated_at'],
};

/**
 * The columns a page must read for these SpendLine fields; null (every column) when the fields are
 * not known. A name that is not a field (`__typename`) needs none.
 */
export function lineColumnsFor(fields: Iterable<string> | null): ReadonlySet<q.LineColumn> | null {
  if (fields === null) return null;
  const columns = new Set<q.LineColumn>(['id']);
  for (const field of fields) for (const column of FIELD_COLUMNS[field as SpendLineField] ?? []) columns.add(column);
  return columns;
}

/** The GraphQL shape of a line row from LINE_SELECT. */
export function toSpendLine(r: Row): SpendLineRow {
  return new SpendLineRow(r);
}

type Totals = Awaited<ReturnType<typeof q.countAndSum>>;

export class LinesService {
  constructor(private readonly data: RequestData) {}

  /**
   * Lines by id for another module's list (the classifier's suggestions), which has already
   * applied the caller's scope and role to the ids; missing ids are left out.
   */
  async byIds(ids: readonly string[], fields: Iterable<string> | null = null): Promise<Map<string, SpendLineRow>> {
    const rows = await q.linesByIds(this.data.store, ids, lineColumnsFor(fields));
    return new Map(rows.map((r) => [String(r.id), toSpendLine(r)]));
  }

  /** `fields`: the SpendLine fields the caller selected (`selectedFields`); null reads every column. */
  async list(
    filterInput: SpendFilter | null | undefined, sort: SpendLineSort | null | undefined, page: PageInput | null | undefined,
    fields: Iterable<string> | null = null,
  ) {
    const viewer = this.data.viewer();
    viewer.require('explore');
    const { offset, limit } = validatePage(page, this.data.pageLimits());
    const filter = validateFilter(filterInput);
    await this.data.displayCurrency(filter);
    const field = sort?.field ?? 'INVOICE_DATE';
    const ascending = sort?.direction === 'ASC';
    const { rows, count, total } = await this.page(filter, field, ascending, offset, limit, lineColumnsFor(fields));
    return {
      nodes: rows.map(toSpendLine),
      totalCount: count,
      totalAmount: money(total),
      currency: this.data.currencyOf(filter),
      pageInfo: { offset, limit, hasNextPage: offset + rows.length < count },
    };
  }

  /** One page of the lines under a filter (and the viewer's scope), with the count and total of them all. */
  private async page(filter: ValidFilter, field: q.LineSortField, ascending: boolean, offset: number, limit: number, columns: ReadonlySet<q.LineColumn> | null) {
    const { scope } = this.data.viewer();
    const directory = await this.data.directory();
    const options = this.data.opportunityOptions(filter);
    if (filter.opportunity === 'PRICE_VARIANCE' && options.pricesIndexed) {
      // Picked and counted in the unit-price index (docs/rollups.md): as a semi join of
      // spend_lines on millions of ids it took seconds.
      const base = spendWhere({ ...filter, opportunity: null }, scope, directory);
      return q.pageAboveBenchmark(this.data.store, base, options, options.pricesIndexed, field, ascending, offset, limit, columns);
    }
    // Two statements on two pooled connections: the page (top-N) and the count/sum of everything,
    // the latter from a rollup when one holds every column the filter names (docs/rollups.md).
    const where = spendWhere(filter, scope, directory, options);
    const lines = this.data.linesFor(filter);
    // In an export's page walk, the page after the last line of the one before, and the first page's totals (PageWalk).
    const walk = this.data.walk;
    const list = walk && JSON.stringify([field, ascending, where.toQuery()], (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
    const place = walk && list ? walk.at<q.LineKey, Totals>(list, offset) : null;
    const [rows, totals] = await Promise.all([
      q.pageOfLines(this.data.store, where, field, ascending, offset, limit, lines, place?.after ?? null, columns, lines),
      place?.totals ?? q.countAndSum(this.data.store, where, this.data.linesTotalsSource(filter)),
    ]);
    const last = rows.at(-1);
    if (walk && list && last) walk.leave(list, { next: offset + rows.length, after: { sortKey: last.sort_key as q.LineKey['sortKey'], id: last.id as q.LineKey['id'] }, totals });
    return { rows, ...totals };
  }

  /**
   * The same lines as `list`, for an export: their count and total, and every line in the
   * export's layout (CSV text formatted by the engine, or typed cells for XLSX), in the requested
   * order, handed to `write` as a stream. Scope and role are checked here, as for the list.
   * Everything is read in one transaction (one snapshot: the count, the total and the lines agree),
   * one range of the sort key at a time (`exportRanges`), so the engine never sorts every line at once.
   * CSV ranges are written by the engine itself to files (`rangeFiles`), the next range while the
   * previous file is sent (docs/architecture.md, "Exports").
   */
  async export<T>(
    filterInput: SpendFilter | null | undefined, sort: SpendLineSort | null | undefined, format: 'csv' | 'xlsx',
    write: (lines: {
      filter: ReturnType<typeof validateFilter>; count: number; total: string;
      /** XLSX: typed rows. */
      chunks: AsyncIterable<StreamChunk>;
      /** CSV: files of finished lines, in order, each removed once the next is asked for. */
      csvFiles: AsyncIterable<string>;
    }) => Promise<T>,
  ): Promise<T> {
    const viewer = this.data.viewer();
    viewer.require('explore');
    const filter = validateFilter(filterInput, 'filter');
    await this.data.displayCurrency(filter);
    const where = spendWhere(filter, viewer.scope, await this.data.directory(), this.data.opportunityOptions(filter));
    const lines = this.data.linesFor(filter);
    const source = { ...LINES, relation: lines };
    const field = sort?.field ?? 'INVOICE_DATE';
    const ascending = sort?.direction === 'ASC';
    const dir = exportFilesDir(this.data.config);
    return this.data.store.transaction(async (tx) => {
      const totals = await q.countAndSum(tx, where, source);
      const ranges = await q.exportRanges(tx, where, field, ascending, q.EXPORT_RANGE_LINES, lines);
      async function* chunks(): AsyncGenerator<StreamChunk> {
        for (const range of ranges) yield* tx.stream(q.linesSheetStatement(sql.and([where, range]), field, ascending, lines), { name: 'export.linesXlsx', releaseMemory: true });
      }
      const files = () => rangeFiles(tx, dir, ranges.map((range) => q.linesCsvStatement(sql.and([where, range]), field, ascending, lines)));
      return write({ filter, count: totals.count, total: money(totals.total), chunks: chunks(), csvFiles: files() });
    });
  }
}

/** Where line exports put their range files: beside the database, swept at start (`removeExportLeftovers`). */
export function exportFilesDir(config: Config): string {
  return join(dirname(config.dbPath), 'exports');
}

const RANGE_FILE = /^lines-[0-9a-f-]+-\d+\.csv$/;

/** Removes range files an export left when its process was killed (older than `olderThanMs`). Run at start. */
export function removeExportLeftovers(dir: string, olderThanMs = 0): Promise<number> {
  return removeLeftovers(dir, RANGE_FILE, olderThanMs);
}

/**
 * Each statement's text rows written to a file by the engine (`copyTextTo`), yielded in order. The
 * next file is being written while the caller sends the previous one; a file is removed when the
 * caller asks for the next (or stops), and nothing is left when it stops early or a statement fails.
 */
async function* rangeFiles(tx: Store, dir: string, statements: Sql[]): AsyncGenerator<string> {
  await mkdir(dir, { recursive: true });
  const id = randomUUID();
  const paths = statements.map((_, i) => join(dir, `lines-${id}-${i}.csv`));
  const write = (i: number) => copyTextTo(tx, statements[i], paths[i], { name: 'export.linesCsv' });
  let pending: Promise<void> | null = statements.length > 0 ? write(0) : null;
  // The next range may fail while the caller is still sending this one: it is awaited (and thrown) in turn.
  pending?.catch(() => undefined);
  try {
    for (let i = 0; i < statements.length; i++) {
      await pending;
      pending = i + 1 < statements.length ? write(i + 1) : null;
      pending?.catch(() => undefined);
      try {
        yield paths[i];
      } finally {
        await rm(paths[i], { force: true });
      }
    }
  } finally {
    // Leave the transaction only once its last statement has ended.
    await pending?.catch(() => undefined);
    await Promise.all(paths.map((p) => rm(p, { force: true })));
  }
}

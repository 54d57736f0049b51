import type { PageInput, SpendFilter, SpendLineSort } from '../../generated/graphql.js';
import { money } from '../../lib/decimal.js';
import { validatePage } from '../../lib/page.js';
import type { Row, StreamChunk } from '../../store/store.js';
import * as q from './lines.queries.js';
import { sql } from '../../store/sql.js';
import type { RequestData } from '../../core/request-data.js';
import { spendWhere, validateFilter } from '../../core/spend-filter.js';

/** The lines export's column layout, shared with the CSV and XLSX writers in modules/exports. */
export { EXPORT_COLUMNS, UNIT_SEPARATOR } from './lines.queries.js';

/** The GraphQL shape of a line row from LINE_SELECT. */
export function toSpendLine(r: Row) {
  const id = (v: Row[string]) => (v === null ? null : String(v));
  return {
    id: String(r.id), sourceRef: String(r.source_ref), invoiceDate: String(r.invoice_date), postingDate: String(r.posting_date),
    supplierId: String(r.supplier_id), supplierName: String(r.supplier_name ?? r.raw_supplier_name), rawSupplierName: String(r.raw_supplier_name),
    categoryId: id(r.category_id), categoryName: r.category_name as string | null,
    classificationSource: r.classification_source as 'RULE' | 'MANUAL' | 'SOURCE' | 'NONE',
    businessUnitId: String(r.business_unit_id), businessUnitName: String(r.business_unit_name ?? ''),
    costCenterName: r.cost_center_name as string | null, glAccountName: r.gl_account_name as string | null,
    description: r.description as string | null, sourceCategory: r.source_category as string | null, amount: money(r.amount as string), currency: String(r.currency),
    amountReporting: r.amount_reporting === null ? null : money(r.amount_reporting as string), contractId: id(r.contract_id), contractNumber: r.contract_number as string | null,
    poNumber: r.po_number as string | null, countryCode: r.country_code as string | null,
  };
}

export class LinesService {
  constructor(private readonly data: RequestData) {}

  async list(filterInput: SpendFilter | null | undefined, sort: SpendLineSort | null | undefined, page: PageInput | null | undefined) {
    const viewer = this.data.viewer();
    viewer.require('explore');
    const { offset, limit } = validatePage(page, this.data.pageLimits());
    const where = spendWhere(validateFilter(filterInput), viewer.scope, await this.data.directory(), this.data.config);
    const field = sort?.field ?? 'INVOICE_DATE';
    const ascending = sort?.direction === 'ASC';
    // Two statements on two pooled connections: the page (top-N) and the count/sum of everything.
    const [rows, totals] = await Promise.all([
      q.pageOfLines(this.data.store, where, field, ascending, offset, limit),
      q.countAndSum(this.data.store, where),
    ]);
    return {
      nodes: rows.map(toSpendLine),
      totalCount: totals.count,
      totalAmount: money(totals.total),
      currency: this.data.config.reportingCurrency,
      pageInfo: { offset, limit, hasNextPage: offset + rows.length < totals.count },
    };
  }

  /**
   * The same lines as `list`, for an export: their count and total, and every line in the
   * export's layout (CSV text formatted by the engine, or typed cells for XLSX), in the requested
   * order, handed to `write` as a stream. Scope and role are checked here, as for the list.
   * Everything is read in one transaction (one snapshot: the count, the total and the lines agree),
   * one range of the sort key at a time (`exportRanges`), so the engine never sorts every line at once.
   */
  async export<T>(
    filterInput: SpendFilter | null | undefined, sort: SpendLineSort | null | undefined, format: 'csv' | 'xlsx',
    write: (lines: { filter: ReturnType<typeof validateFilter>; count: number; total: string; chunks: AsyncIterable<StreamChunk> }) => Promise<T>,
  ): Promise<T> {
    const viewer = this.data.viewer();
    viewer.require('explore');
    const filter = validateFilter(filterInput, 'filter');
    const where = spendWhere(filter, viewer.scope, await this.data.directory(), this.data.config);
    const field = sort?.field ?? 'INVOICE_DATE';
    const ascending = sort?.direction === 'ASC';
    return this.data.store.transaction(async (tx) => {
      const totals = await q.countAndSum(tx, where);
      const ranges = await q.exportRanges(tx, where, field, ascending);
      async function* chunks(): AsyncGenerator<StreamChunk> {
        for (const range of ranges) {
          const scoped = sql.and([where, range]);
          yield* format === 'csv'
            ? tx.stream(q.linesCsvStatement(scoped, field, ascending), { name: 'export.linesCsv' })
            : tx.stream(q.linesSheetStatement(scoped, field, ascending), { name: 'export.linesXlsx' });
        }
      }
      return write({ filter, count: totals.count, total: money(totals.total), chunks: chunks() });
    });
  }
}

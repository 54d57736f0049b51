import { notFound } from '../../errors.js';
import type { PageInput, SpendFilter, SupplierSort } from '../../generated/graphql.js';
import { keyedLoader } from '../../lib/loader.js';
import { validatePage } from '../../lib/page.js';
import { containsPattern } from '../../lib/search.js';
import { sql } from '../../store/sql.js';
import type { RequestData } from '../../core/request-data.js';
import { spendWhere, validateFilter } from '../../core/spend-filter.js';
import { parseId } from '../../core/ids.js';
import type { SupplierRecord } from './suppliers.mappers.js';
import * as q from './suppliers.queries.js';

export class SuppliersService {
  /** Suppliers the viewer may see, by id; a scoped viewer sees only suppliers with spend in scope. */
  private readonly visible = keyedLoader<number, SupplierRecord | null>(async (ids) => {
    const viewer = this.data.viewer();
    const scoped = viewer.scope.categoryIds !== null || viewer.scope.businessUnitIds !== null;
    const where = scoped ? spendWhere(validateFilter(null), viewer.scope, await this.data.directory()) : null;
    return q.findSuppliers(this.data.store, ids, where);
  }, () => null);

  /** Suppliers by id regardless of spend scope: the party of a contract the viewer may already see. */
  private readonly parties = keyedLoader<number, SupplierRecord | null>((ids) => q.findSuppliers(this.data.store, ids, null), () => null);

  private readonly aliasLoader = keyedLoader<number, string[]>((ids) => q.aliases(this.data.store, ids), () => []);

  constructor(private readonly data: RequestData) {}

  async list(search: string | null | undefined, filterInput: SpendFilter | null | undefined, sort: SupplierSort | null | undefined, page: PageInput | null | undefined) {
    const viewer = this.data.viewer();
    viewer.require('read');
    const { offset, limit } = validatePage(page, this.data.config);
    const where = spendWhere(validateFilter(filterInput), viewer.scope, await this.data.directory());
    const term = search?.trim().slice(0, 200);
    const p = term ? containsPattern(term) : null;
    const searchWhere = p
      ? sql`(lower(sup.name) LIKE ${p} ESCAPE '\\' OR sup.id IN (SELECT supplier_id FROM supplier_aliases WHERE lower(raw_name) LIKE ${p} ESCAPE '\\'))`
      : sql`TRUE`;
    const field = sort?.field ?? 'SPEND';
    const ascending = (sort?.direction ?? (field === 'NAME' ? 'ASC' : 'DESC')) === 'ASC';
    const result = await q.listSuppliers(this.data.store, where, searchWhere, field, ascending, offset, limit);
    const totalCount = result.totalCount ?? (offset > 0 ? await q.countSuppliers(this.data.store, where, searchWhere) : 0);
    return { nodes: result.rows, totalCount, pageInfo: { offset, limit, hasNextPage: offset + result.rows.length < totalCount } };
  }

  async byId(id: string): Promise<SupplierRecord> {
    this.data.viewer().require('read');
    const found = await this.visible.load(parseId(id, 'id'));
    if (!found) throw notFound('Supplier', id);
    return found;
  }

  /** A related supplier (parent, contract party) if the viewer may see it. */
  related(id: number | null): Promise<SupplierRecord | null> {
    return id === null ? Promise.resolve(null) : this.visible.load(id);
  }

  async contractParty(id: number): Promise<SupplierRecord> {
    const found = await this.parties.load(id);
    if (!found) throw notFound('Supplier', id);
    return found;
  }

  aliases(supplier: SupplierRecord): Promise<string[]> {
    return this.aliasLoader.load(supplier.id);
  }

  async spend(supplier: SupplierRecord, filter: SpendFilter | null | undefined) {
    const bySupplier = await this.data.spendByKey('supplier', validateFilter(filter));
    const found = bySupplier.get(supplier.id);
    return { total: found?.spend ?? '0.00', lineCount: found?.lines ?? 0, onContract: found?.onContract ?? '0.00' };
  }
}

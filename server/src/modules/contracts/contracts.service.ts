import { asOfDate } from '../../config.js';
import { badInput, notFound } from '../../errors.js';
import type { ContractFilter, ContractStatus, PageInput } from '../../generated/graphql.js';
import { keyedLoader } from '../../lib/loader.js';
import { containsPattern } from '../../lib/search.js';
import { sql, type Sql } from '../../store/sql.js';
import type { DataScope } from '../../core/viewer.js';
import type { Directory } from '../../core/directory.js';
import type { RequestData } from '../../core/request-data.js';
import { validateFilter, type ValidFilter } from '../../core/spend-filter.js';
import { parseId } from '../../core/ids.js';
import { validatePage } from '../../lib/page.js';
import type { ContractRecord } from './contracts.mappers.js';
import { addDays, daysBetween } from '../../core/time.js';
import * as q from './contracts.queries.js';

/** A century: longer than any contract runs, and its end stays a real date. */
const MAX_EXPIRY_WINDOW_DAYS = 36_500;

/**
 * Contracts visible under a scope: a category manager sees contracts covering one of their
 * categories; a viewer, contracts covering one of their business units.
 */
export function contractScope(scope: DataScope, directory: Directory): Sql {
  const c: Sql[] = [];
  if (scope.categoryIds !== null) {
    const ids = directory.categoryDescendants(scope.categoryIds);
    c.push(ids.length ? sql`k.id IN (SELECT contract_id FROM contract_categories WHERE category_id IN ${sql.list(ids)})` : sql`FALSE`);
  }
  if (scope.businessUnitIds !== null) {
    const ids = directory.businessUnitDescendants(scope.businessUnitIds);
    c.push(ids.length ? sql`k.id IN (SELECT contract_id FROM contract_business_units WHERE business_unit_id IN ${sql.list(ids)})` : sql`FALSE`);
  }
  return sql.and(c);
}

/** A spend filter's categories and business units as a contract condition, narrowed to the scope. */
function contractFilterFromSpend(filter: ValidFilter, scope: DataScope, directory: Directory) {
  const narrow = (wanted: number[] | null, allowed: Set<number> | null, expand: (ids: number[]) => number[]) =>
    wanted === null || allowed === null ? wanted : expand(wanted).filter((id) => allowed.has(id));
  return contractScope({
    categoryIds: narrow(filter.categoryIds, directory.visibleCategoryIds(scope), (ids) => directory.categoryDescendants(ids)),
    businessUnitIds: narrow(filter.businessUnitIds, directory.visibleBusinessUnitIds(scope), (ids) => directory.businessUnitDescendants(ids)),
  }, directory);
}

export class ContractsService {
  private readonly links = {
    categories: keyedLoader<number, number[]>((ids) => q.contractLinks(this.data.store, 'categories', ids), () => []),
    businessUnits: keyedLoader<number, number[]>((ids) => q.contractLinks(this.data.store, 'businessUnits', ids), () => []),
  };

  constructor(private readonly data: RequestData) {}

  /** ACTIVE contracts ending within the warning window, in scope and under a spend filter (the overview KPI). */
  async countExpiring(filter: ValidFilter): Promise<number> {
    const viewer = this.data.viewer();
    const directory = await this.data.directory();
    const { asOf, warningEnd } = this.window();
    return q.countExpiringContracts(
      this.data.store,
      sql.and([contractScope(viewer.scope, directory), contractFilterFromSpend(filter, viewer.scope, directory)]),
      asOf,
      warningEnd,
    );
  }

  private window() {
    const asOf = asOfDate(this.data.config);
    const warningEnd = addDays(asOf, this.data.config.expiryWarningDays);
    return { asOf, warningEnd };
  }

  async list(filter: ContractFilter | null | undefined, page: PageInput | null | undefined) {
    const viewer = this.data.viewer();
    viewer.require('read');
    const { offset, limit } = validatePage(page, this.data.config);
    const { asOf, warningEnd } = this.window();
    const c: Sql[] = [contractScope(viewer.scope, await this.data.directory())];
    if (filter?.statuses?.length) c.push(sql`${q.derivedStatus(asOf, warningEnd)} IN ${sql.list(filter.statuses)}`);
    if (filter?.supplierId) c.push(sql`k.supplier_id = ${parseId(filter.supplierId, 'filter.supplierId')}`);
    if (filter?.expiringWithinDays !== null && filter?.expiringWithinDays !== undefined) {
      // Bounded so the window's end is a real date (docs/request-limits.md).
      if (filter.expiringWithinDays < 0 || filter.expiringWithinDays > MAX_EXPIRY_WINDOW_DAYS) {
        throw badInput('filter.expiringWithinDays', `filter.expiringWithinDays must be from 0 to ${MAX_EXPIRY_WINDOW_DAYS} days, got ${filter.expiringWithinDays}.`);
      }
      const end = addDays(asOf, filter.expiringWithinDays);
      c.push(sql`k.status = 'ACTIVE' AND k.end_date >= CAST(${asOf} AS DATE) AND k.end_date <= CAST(${end} AS DATE)`);
    }
    if (filter?.search) {
      const p = containsPattern(filter.search.slice(0, 200));
      c.push(sql`(lower(k.number) LIKE ${p} ESCAPE '\\' OR lower(k.title) LIKE ${p} ESCAPE '\\')`);
    }
    const { nodes, totalCount } = await q.listContracts(this.data.store, sql.and(c), offset, limit);
    return { nodes, totalCount, pageInfo: { offset, limit, hasNextPage: offset + nodes.length < totalCount } };
  }

  async byId(id: string): Promise<ContractRecord> {
    const viewer = this.data.viewer();
    viewer.require('read');
    const numeric = parseId(id, 'id');
    const found = await q.findContract(this.data.store, numeric, contractScope(viewer.scope, await this.data.directory()));
    if (!found) throw notFound('Contract', id);
    return found;
  }

  status(contract: ContractRecord): ContractStatus {
    if (contract.storedStatus !== 'ACTIVE') return contract.storedStatus;
    const { asOf, warningEnd } = this.window();
    if (contract.endDate < asOf) return 'EXPIRED';
    return contract.endDate <= warningEnd ? 'EXPIRING' : 'ACTIVE';
  }

  daysToExpiry(contract: ContractRecord): number {
    return daysBetween(this.window().asOf, contract.endDate);
  }

  async spend(contract: ContractRecord): Promise<string> {
    const byContract = await this.data.spendByKey('contract', validateFilter(null));
    return byContract.get(contract.id)?.spend ?? '0.00';
  }

  async categoryIds(contract: ContractRecord): Promise<number[]> {
    return this.links.categories.load(contract.id);
  }

  async businessUnitIds(contract: ContractRecord): Promise<number[]> {
    return this.links.businessUnits.load(contract.id);
  }

  /**
   * Contracts in the viewer's scope linked to one of `categoryIds` (a category page passes the
   * category, its ancestors and its descendants), expiring ones first.
   */
  async covering(categoryIds: number[], page: PageInput | null | undefined) {
    const viewer = this.data.viewer();
    viewer.require('read');
    const { offset, limit } = validatePage(page, this.data.config);
    const { asOf, warningEnd } = this.window();
    const where = contractScope(viewer.scope, await this.data.directory());
    const { nodes, totalCount } = await q.listContractsCovering(this.data.store, where, categoryIds, asOf, warningEnd, offset, limit);
    return { nodes, totalCount, pageInfo: { offset, limit, hasNextPage: offset + nodes.length < totalCount } };
  }
}

import { asOfDate } from '../../config.js';
import type { SpendCubeQuery, SpendFilter } from '../../generated/graphql.js';
import { money, ratio, subtractMoney } from '../../lib/decimal.js';
import type { ContractsService } from '../contracts/contracts.service.js';
import { planCube, shapeCube, type CubeResult } from './cube.js';
import type { RequestData } from '../../core/request-data.js';
import { spendWhere, validateFilter, type ValidFilter } from '../../core/spend-filter.js';
import { addDays, daysBetween } from '../../core/time.js';
import * as q from './spend.queries.js';

export type { CubeResult };

/** A period and the one before it, as `YYYY-MM-DD` dates. */
export interface Period {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
}


export class SpendService {
  constructor(
    private readonly data: RequestData,
    private readonly contracts: ContractsService,
  ) {}

  async cube(query: SpendCubeQuery): Promise<CubeResult> {
    const viewer = this.data.viewer();
    viewer.require('read');
    const filter = validateFilter(query.filter, 'query.filter');
    const where = spendWhere(filter, viewer.scope, await this.data.directory(), this.data.config);
    const plan = planCube(query, where, {
      defaultRows: this.data.config.cubeDefaultRows, maxRows: this.data.config.cubeMaxRows, scope: await this.data.scopeWhere(),
    });
    return shapeCube(plan, await q.runCube(this.data.store, plan.statement), this.data.config.reportingCurrency);
  }

  async dataRange() {
    const viewer = this.data.viewer();
    const where = spendWhere(validateFilter(null), viewer.scope, await this.data.directory());
    return { ...(await q.dataRange(this.data.store, where)), asOfDate: asOfDate(this.data.config) };
  }

  /**
   * The period a filter covers (its dates, or the span of the caller's data under the rest of it)
   * and the previous period: the same length, ending the day before this one starts.
   */
  async period(filter: ValidFilter): Promise<Period> {
    const viewer = this.data.viewer();
    let { dateFrom: from, dateTo: to } = filter;
    if (!from || !to) {
      const undated = spendWhere({ ...filter, dateFrom: null, dateTo: null, opportunity: null }, viewer.scope, await this.data.directory());
      const range = await q.dataRange(this.data.store, undated);
      from ??= range.minDate ?? asOfDate(this.data.config);
      to ??= range.maxDate ?? asOfDate(this.data.config);
    }
    const days = daysBetween(from, to) + 1;
    return { from, to, previousFrom: addDays(from, -days), previousTo: addDays(from, -1) };
  }

  async summary(input: SpendFilter | null | undefined) {
    const viewer = this.data.viewer();
    viewer.require('read');
    const filter = validateFilter(input);
    const directory = await this.data.directory();
    const { from, to, previousFrom, previousTo } = await this.period(filter);
    const where = spendWhere({ ...filter, dateFrom: null, dateTo: null }, viewer.scope, directory);
    const row = await q.summary(this.data.store, where, from, to, previousFrom, previousTo);
    const total = money(row?.total);
    const previous = money(row?.previous);
    const contractsExpiring = await this.contracts.countExpiring(filter);
    return {
      dateFrom: from,
      dateTo: to,
      totalSpend: total,
      previousPeriodSpend: previous,
      change: ratio(subtractMoney(total, previous), previous),
      activeSuppliers: Number(row?.suppliers ?? 0),
      onContractShare: ratio(money(row?.on_contract), total),
      poCoverage: ratio(money(row?.with_po), total),
      classifiedShare: ratio(money(row?.classified), total),
      contractsExpiring,
      expiryWarningDays: this.data.config.expiryWarningDays,
      lineCount: Number(row?.lines ?? 0),
      currency: this.data.config.reportingCurrency,
    };
  }
}

/**
 * The category and business-unit parts of a spend filter, applied to contracts, each narrowed to
 * the viewer's scope first: a contract that covers one of the viewer's categories and also a
 * filtered category outside the scope must not be counted (docs/scope.md).
 */

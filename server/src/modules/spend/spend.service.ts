import { asOfDate } from '../../config.js';
import type { SpendCubeQuery, SpendFilter } from '../../generated/graphql.js';
import { money, ratio, subtractMoney } from '../../lib/decimal.js';
import type { ContractsService } from '../contracts/contracts.service.js';
import { cubeColumns, needsPreviousPeriod, planCube, shapeCube, type CubeResult, type PeriodPlan } from './cube.js';
import { filterColumns, isWholeMonths, periodColumns, type SpendColumn } from '../../core/spend-rollup.js';
import type { DataScope } from '../../core/viewer.js';
import type { RequestData } from '../../core/request-data.js';
import { spendWhere, validateFilter, type ValidFilter } from '../../core/spend-filter.js';
import { previousPeriod } from '../../core/time.js';
import * as q from './spend.queries.js';
import type { Store } from '../../store/store.js';

export type { CubeResult };

/** A period and the one before it, as `YYYY-MM-DD` dates. */
export interface Period {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
}

/**
 * What a cube request reads (docs/rollups.md): its filter's columns under the scope, its
 * dimensions' and measures'; null when only the lines can answer it (a period of part months, a
 * text search, a cost centre …).
 */
export function cubeSourceColumns(query: SpendCubeQuery, filter: ValidFilter, scope: DataScope, period: PeriodPlan | null): Set<SpendColumn> | null {
  const fromFilter = filterColumns(filter, scope);
  const fromQuery = cubeColumns(query);
  if (!fromFilter || !fromQuery) return null;
  if (period && !(isWholeMonths(period.from, period.to) && isWholeMonths(period.previousFrom, period.previousTo))) return null;
  return new Set([...fromFilter, ...fromQuery]);
}

/** Gives lines written without an item key theirs (the demo seed, a path that forgot): docs/domain.md, price variance. */
export function fillItemKeys(store: Store): Promise<void> {
  return q.fillItemKeys(store);
}

/** Cube results up to this many rows are shared between requests; bigger ones are computed each time. */
const CACHED_ROWS = 5_000;

export class SpendService {
  constructor(
    private readonly data: RequestData,
    private readonly contracts: ContractsService,
  ) {}

  async cube(query: SpendCubeQuery): Promise<CubeResult> {
    const viewer = this.data.viewer();
    viewer.require('read');
    const filter = validateFilter(query.filter, 'query.filter');
    await this.data.displayCurrency(filter);
    const { dimensions, measures, sort, limit, subtotals, columnDimensions } = query;
    return this.data.cached('cube', { dimensions, measures, sort, limit, subtotals, columnDimensions: columnDimensions ?? 0, filter }, () => this.computeCube(query, filter), (r) => r.rows.length <= CACHED_ROWS);
  }

  private async computeCube(query: SpendCubeQuery, filter: ValidFilter): Promise<CubeResult> {
    const viewer = this.data.viewer();
    const { config } = this.data;
    const where = spendWhere(filter, viewer.scope, await this.data.directory(), this.data.opportunityOptions(filter));
    const period = needsPreviousPeriod(query.measures) ? await this.period(filter) : null;
    const plan = planCube(query, where, {
      defaultRows: config.cubeDefaultRows, maxRows: config.cubeMaxRows, scope: await this.data.scopeWhere(),
      calendar: { fiscalYearStartMonth: config.fiscalYearStartMonth },
      period,
      reportingCurrency: config.reportingCurrency,
      displayCurrency: filter.displayCurrency,
      source: this.data.sourceFor(filter, cubeSourceColumns(query, filter, viewer.scope, period)),
    });
    return shapeCube(plan, await q.runCube(this.data.store, plan.statement), this.data.currencyOf(filter));
  }

  /**
   * The filter's period and the one before it (docs/domain.md, "Previous period"). Without dates
   * the period is the span of the lines the rest of the filter selects (an open end is filled from
   * it), and with no such lines the as-of date.
   */
  async period(filter: ValidFilter): Promise<PeriodPlan> {
    const { scope } = this.data.viewer();
    const undatedFilter = { ...filter, dateFrom: null, dateTo: null };
    const undated = spendWhere(undatedFilter, scope, await this.data.directory(), this.data.opportunityOptions(undatedFilter));
    let { dateFrom: from, dateTo: to } = filter;
    if (!from || !to) {
      const range = await q.dataRange(this.data.store, undated);
      from ??= range.minDate ?? asOfDate(this.data.config);
      to ??= range.maxDate ?? asOfDate(this.data.config);
      // An open end filled from the data may fall on the wrong side of the given one: the period is then that one day.
      if (from > to) {
        if (filter.dateTo) from = to;
        else to = from;
      }
    }
    const previous = previousPeriod(from, to);
    return { where: undated, from, to, previousFrom: previous.from, previousTo: previous.to, months: previous.months, days: previous.days };
  }

  async dataRange() {
    const viewer = this.data.viewer();
    const where = spendWhere(validateFilter(null), viewer.scope, await this.data.directory());
    return { ...(await q.dataRange(this.data.store, where)), asOfDate: asOfDate(this.data.config) };
  }

  async summary(input: SpendFilter | null | undefined) {
    this.data.viewer().require('read');
    const filter = validateFilter(input);
    await this.data.displayCurrency(filter);
    return this.data.cached('summary', filter, () => this.computeSummary(filter));
  }

  private async computeSummary(filter: ValidFilter) {
    const viewer = this.data.viewer();
    // The period and the one before it follow the cube's rule (docs/domain.md, "Previous period").
    // No opportunity rules here: the summary refuses `filter.opportunity` (it has no meaning for the KPIs).
    const where = spendWhere({ ...filter, dateFrom: null, dateTo: null }, viewer.scope, await this.data.directory());
    const { from, to, previousFrom, previousTo } = await this.period(filter);
    // Month, supplier, contract, PO and category: the full rollup answers whole-month periods (docs/rollups.md).
    const columns = periodColumns({ ...filter, dateFrom: null, dateTo: null }, viewer.scope, { from, to, previousFrom, previousTo },
      ['supplier', 'onContract', 'po', 'category']);
    const row = await q.summary(this.data.store, where, from, to, previousFrom, previousTo, this.data.sourceFor(filter, columns));
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
      currency: this.data.currencyOf(filter),
    };
  }

  /**
   * Lines under `input` (and the viewer's scope) left out of its figures for want of a rate: no
   * reporting amount, or with a display currency no rate into it for their month (docs/domain.md,
   * "Display currency").
   */
  async linesWithoutFxRate(input: SpendFilter) {
    const viewer = this.data.viewer();
    viewer.require('read');
    const filter = validateFilter(input);
    await this.data.displayCurrency(filter);
    const where = spendWhere(filter, viewer.scope, await this.data.directory(), this.data.opportunityOptions(filter));
    return q.linesWithoutAmount(this.data.store, where, this.data.linesFor(filter));
  }
}

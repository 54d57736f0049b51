import { asOfDate } from '../../config.js';
import { AppError, badInput, forbidden, notFound } from '../../errors.js';
import type { ContractFilter, ContractInput, ContractStatus, PageInput } from '../../generated/graphql.js';
import { divRoundHalfEven, fromScaled, money, ratio, toScaled } from '../../lib/decimal.js';
import { keyedLoader } from '../../lib/loader.js';
import { containsPattern } from '../../lib/search.js';
import { sql, type Sql } from '../../store/sql.js';
import type { Store } from '../../store/store.js';
import type { DataScope, Viewer } from '../../core/viewer.js';
import type { Directory } from '../../core/directory.js';
import type { RequestData } from '../../core/request-data.js';
import { audit } from '../../core/audit.js';
import { dateProblem, spendWhere, validateFilter, type ValidFilter } from '../../core/spend-filter.js';
import { parseId } from '../../core/ids.js';
import { validatePage } from '../../lib/page.js';
import type { ContractLeakageRecord, ContractRecord, ContractValues } from './contracts.mappers.js';
import { addDays, daysBetween, sqlTimestamp } from '../../core/time.js';
import { isIsoCurrency } from '../../lib/currency.js';
import type { SuppliersService } from '../suppliers/suppliers.service.js';
import * as q from './contracts.queries.js';

/** A century: longer than any contract runs, and its end stays a real date. */
const MAX_EXPIRY_WINDOW_DAYS = 36_500;
const STATUSES: ContractStatus[] = ['DRAFT', 'ACTIVE', 'EXPIRING', 'EXPIRED', 'TERMINATED'];
const MAX_LIST = 1000;
/** The trailing window of the run-rate that projects when a ceiling is reached: 183 days up to the as-of date. */
const RUN_RATE_DAYS = 183;
const MAX_CEILING_CENTS = 10n ** 16n - 1n; // DECIMAL(18,2)

/**
 * Contracts visible under a scope: those that can cover a line in it (docs/scope.md, "Contracts").
 * A category manager sees contracts naming one of their categories, a category below them, or one
 * above them (a contract covers the categories below its own), and contracts naming no category
 * (they cover every one); a viewer likewise by business unit, where naming none means every unit.
 * Also the condition of a spend filter's categories and units on contracts (`contractFilterFromSpend`).
 */
export function contractScope(scope: DataScope, directory: Directory): Sql {
  // A contract names its categories (units) in a link table; naming none, it covers them all.
  const covering = (links: Sql, column: Sql, ids: number[]) =>
    ids.length ? sql`(k.id IN (SELECT contract_id FROM ${links} WHERE ${column} IN ${sql.list(ids)}) OR NOT EXISTS (SELECT 1 FROM ${links} l WHERE l.contract_id = k.id))` : sql`FALSE`;
  const c: Sql[] = [];
  if (scope.categoryIds !== null) c.push(covering(sql`contract_categories`, sql`category_id`, directory.categoryReach(scope.categoryIds)));
  if (scope.businessUnitIds !== null) c.push(covering(sql`contract_business_units`, sql`business_unit_id`, directory.businessUnitReach(scope.businessUnitIds)));
  return sql.and(c);
}

/**
 * Categories, business units and suppliers of a filter as a contract condition: categories and
 * units narrowed to the scope first; suppliers are the contracts' own party (a family member's
 * id does not reach its parent's contract), and the contract scope decides what is visible. The
 * overview's count and the contract list both filter through here, so they agree.
 */
function contractFilterFromSpend(filter: Pick<ValidFilter, 'categoryIds' | 'businessUnitIds' | 'supplierIds'>, scope: DataScope, directory: Directory) {
  const narrow = (wanted: number[] | null, allowed: Set<number> | null, expand: (ids: number[]) => number[]) =>
    wanted === null || allowed === null ? wanted : expand(wanted).filter((id) => allowed.has(id));
  const suppliers = filter.supplierIds === null ? sql`` : filter.supplierIds.length ? sql`k.supplier_id IN ${sql.list(filter.supplierIds)}` : sql`FALSE`;
  return sql.and([
    contractScope({
      categoryIds: narrow(filter.categoryIds, directory.visibleCategoryIds(scope), (ids) => directory.categoryDescendants(ids)),
      businessUnitIds: narrow(filter.businessUnitIds, directory.visibleBusinessUnitIds(scope), (ids) => directory.businessUnitDescendants(ids)),
    }, directory),
    suppliers,
  ]);
}

/**
 * Re-matches spend lines to contracts (docs/domain.md, "Matching spend to contracts"): the lines
 * `lines` selects (a condition over `spend_lines s`), the lines matched to `contractIds`, and the
 * lines those contracts could match now (their suppliers and families, within their terms). The
 * one implementation of the rule, used by contract writes, imports and the demo seed. Runs inside
 * the caller's transaction when given one; returns how many lines changed contract.
 */
export async function rematchSpendLines(
  store: Store,
  change: { lines?: Sql; contractIds?: readonly number[]; previousTerms?: ReadonlyArray<{ from: string; to: string }> },
): Promise<number> {
  const parts: Sql[] = [];
  if (change.lines) parts.push(change.lines);
  const ids = [...new Set(change.contractIds ?? [])];
  let span: { from: string; to: string } | null = null;
  if (ids.length) {
    parts.push(sql`s.contract_id IN ${sql.list(ids)}`);
    const reach = await q.rematchBounds(store, ids);
    if (reach.supplierIds.length && reach.from && reach.to) {
      parts.push(sql`(s.supplier_id IN ${sql.list(reach.supplierIds)}
        AND s.invoice_date >= CAST(${reach.from} AS DATE) AND s.invoice_date <= CAST(${reach.to} AS DATE))`);
    }
    // Lines matched to a contract lie within its term as it was: with the terms before and after
    // the change, the whole reach is bounded by dates, which the engine prunes on.
    if (!change.lines && change.previousTerms) {
      const terms = [...change.previousTerms, ...(reach.from && reach.to ? [{ from: reach.from, to: reach.to }] : [])];
      if (terms.length) span = { from: terms.map((t) => t.from).sort()[0], to: terms.map((t) => t.to).sort().pop()! };
    }
  }
  if (!parts.length) return 0;
  const reach = sql.join(parts.map((p) => sql`(${p})`), sql` OR `);
  return q.rematchLines(store, span
    ? sql`s.invoice_date >= CAST(${span.from} AS DATE) AND s.invoice_date <= CAST(${span.to} AS DATE) AND (${reach})`
    : reach);
}

function text(value: string, field: string, max: number, what: string): string {
  const trimmed = value.trim();
  if (trimmed.length < 1 || trimmed.length > max) throw badInput(field, `${what} must be 1 to ${max} characters.`);
  return trimmed;
}

function wholeNumber(value: number, field: string, min: number, max: number, what: string): number {
  if (!Number.isInteger(value) || value < min || value > max) throw badInput(field, `${what} must be a whole number from ${min} to ${max}.`);
  return value;
}

function date(value: string, field: string, what: string): string {
  const problem = dateProblem(value);
  if (problem) throw badInput(field, `${what} ${problem}.`);
  return value;
}

/** A contract's values as the audit log records them. */
function snapshot(c: ContractRecord, categoryIds: number[], businessUnitIds: number[]) {
  return {
    number: c.number, title: c.title, supplierId: c.supplierId, categoryIds, businessUnitIds, startDate: c.startDate, endDate: c.endDate,
    ceiling: c.ceiling, currency: c.currency, ownerUserId: c.ownerUserId, paymentTermsDays: c.paymentTermsDays, renewal: c.renewal,
    noticeDays: c.noticeDays, status: c.storedStatus, terminatedAt: c.terminatedAt, terminationReason: c.terminationReason, version: c.version,
  };
}

/**
 * Contract writes run one at a time in this process: a new contract takes the next id after the
 * largest, and two re-matches of one supplier's lines would otherwise collide in the engine.
 */
let writeQueue: Promise<unknown> = Promise.resolve();
function serially<T>(work: () => Promise<T>): Promise<T> {
  const run = writeQueue.then(work, work);
  writeQueue = run.catch(() => undefined);
  return run;
}

const stale = () => new AppError('CONFLICT', 'This contract was changed by someone else since you opened it. Review the changes and save again.', { field: 'version' });

export class ContractsService {
  private readonly links = {
    categories: keyedLoader<number, number[]>((ids) => q.contractLinks(this.data.store, 'categories', ids), () => []),
    businessUnits: keyedLoader<number, number[]>((ids) => q.contractLinks(this.data.store, 'businessUnits', ids), () => []),
  };
  private readonly ownerNames = keyedLoader<number, string | null>((ids) => q.userNames(this.data.store, ids), () => null);
  /** Matched spend of the contracts a page shows, in one statement bounded by their terms. */
  private readonly matchedSpend = keyedLoader<ContractRecord, string>(async (contracts) => {
    const where = spendWhere(validateFilter(null), this.data.viewer().scope, await this.data.directory());
    const from = contracts.map((k) => k.startDate).sort()[0];
    const to = contracts.map((k) => k.effectiveEndDate).sort().pop()!;
    const byId = await q.spendByContracts(this.data.store, where, contracts.map((k) => k.id), from, to);
    return new Map(contracts.map((k) => [k, money(byId.get(k.id) ?? '0')]));
  }, () => '0.00');

  /** Matched spend per day of every contract the request asks about, in one statement. */
  private readonly days = keyedLoader<ContractRecord, Array<{ day: string; spend: string; lines: number }>>(async (contracts) => {
    const where = spendWhere(validateFilter(null), this.data.viewer().scope, await this.data.directory());
    const from = contracts.map((k) => k.startDate).sort()[0];
    const to = contracts.map((k) => k.effectiveEndDate).sort().pop()!;
    // Matched lines lie within their term (the rule guarantees it): the span lets the engine skip the rest.
    const rows = from <= to ? await q.dailySpendByContracts(this.data.store, where, contracts.map((k) => k.id), from, to) : [];
    const byId = new Map<number, Array<{ day: string; spend: string; lines: number }>>();
    for (const r of rows) byId.set(r.contractId, [...(byId.get(r.contractId) ?? []), { day: r.day, spend: r.spend, lines: r.lines }]);
    return new Map(contracts.map((k) => [k, byId.get(k.id) ?? []]));
  }, () => []);
  /** The rate converting each contract's ceiling (docs/domain.md, utilisation), one statement for the request. */
  private readonly ceilingRates = keyedLoader<ContractRecord, { month: string | null; rate: string } | null>(async (contracts) => {
    const reporting = this.data.config.reportingCurrency;
    const rates = await q.ratesOf(this.data.store, [...new Set(contracts.map((k) => k.currency).filter((c) => c !== reporting))]);
    return new Map(contracts.map((k): [ContractRecord, { month: string | null; rate: string } | null] => {
      if (k.currency === reporting) return [k, { month: null, rate: '1.000000' }];
      const start = `${k.startDate.slice(0, 7)}-01`;
      const own = rates.filter((r) => r.currency === k.currency);
      // The start month's rate, else the latest before it, else the earliest after it.
      const found = [...own].reverse().find((r) => r.month <= start) ?? own.find((r) => r.month > start) ?? null;
      return [k, found && { month: found.month, rate: found.rate }];
    }));
  }, () => null);

  constructor(
    private readonly data: RequestData,
    private readonly suppliers: SuppliersService,
  ) {}

  /** ACTIVE contracts ending within the warning window, in scope and under a spend filter's categories, units and suppliers (the overview KPI). */
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

  private ids(values: readonly string[] | null | undefined, field: string): number[] | null {
    if (values === null || values === undefined) return null;
    if (values.length > MAX_LIST) throw badInput(field, `${field} may list at most ${MAX_LIST} ids.`);
    return values.map((v) => parseId(v, field));
  }

  async list(filter: ContractFilter | null | undefined, page: PageInput | null | undefined) {
    const viewer = this.data.viewer();
    viewer.require('read');
    const { offset, limit } = validatePage(page, this.data.pageLimits());
    const { asOf, warningEnd } = this.window();
    const directory = await this.data.directory();
    const c: Sql[] = [contractScope(viewer.scope, directory)];
    const categoryIds = this.ids(filter?.categoryIds, 'filter.categoryIds');
    const businessUnitIds = this.ids(filter?.businessUnitIds, 'filter.businessUnitIds');
    const supplierIds = this.ids(filter?.supplierIds, 'filter.supplierIds');
    if (categoryIds || businessUnitIds || supplierIds) c.push(contractFilterFromSpend({ categoryIds, businessUnitIds, supplierIds }, viewer.scope, directory));
    if (filter?.supplierId) c.push(sql`k.supplier_id = ${parseId(filter.supplierId, 'filter.supplierId')}`);
    const owners = this.ids(filter?.ownerIds, 'filter.ownerIds');
    if (owners) c.push(owners.length ? sql`k.owner_user_id IN ${sql.list(owners)}` : sql`FALSE`);
    if (filter?.expiringWithinDays !== null && filter?.expiringWithinDays !== undefined) {
      // Bounded so the window's end is a real date (docs/request-limits.md).
      if (filter.expiringWithinDays < 0 || filter.expiringWithinDays > MAX_EXPIRY_WINDOW_DAYS) {
        throw badInput('filter.expiringWithinDays', `filter.expiringWithinDays must be from 0 to ${MAX_EXPIRY_WINDOW_DAYS} days, got ${filter.expiringWithinDays}.`);
      }
      const end = addDays(asOf, filter.expiringWithinDays);
      c.push(sql`k.status = 'ACTIVE' AND k.end_date >= CAST(${asOf} AS DATE) AND k.end_date <= CAST(${end} AS DATE)`);
    }
    if (filter?.search?.trim()) {
      const p = containsPattern(filter.search.trim().slice(0, 200));
      c.push(sql`(lower(k.number) LIKE ${p} ESCAPE '\\' OR lower(k.title) LIKE ${p} ESCAPE '\\'
                  OR k.supplier_id IN (SELECT sup.id FROM suppliers sup WHERE lower(sup.name) LIKE ${p} ESCAPE '\\'))`);
    }
    const withoutStatus = sql.and(c);
    // As a set: a status repeated adds nothing, and a list of 100,000 repeats would be as many bound values.
    const statuses = filter?.statuses?.length ? [...new Set(filter.statuses)] : null;
    const where = statuses ? sql.and([withoutStatus, sql`${q.derivedStatus(asOf, warningEnd)} IN ${sql.list(statuses)}`]) : withoutStatus;
    const [{ nodes, totalCount }, counts] = await Promise.all([
      q.listContracts(this.data.store, where, q.listOrder(asOf, warningEnd), offset, limit),
      q.statusCounts(this.data.store, withoutStatus, asOf, warningEnd),
    ]);
    return {
      nodes, totalCount, pageInfo: { offset, limit, hasNextPage: offset + nodes.length < totalCount },
      statusCounts: STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 })),
    };
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

  spend(contract: ContractRecord): Promise<string> {
    return this.matchedSpend.load(contract);
  }

  async categoryIds(contract: ContractRecord): Promise<number[]> {
    return this.links.categories.load(contract.id);
  }

  async businessUnitIds(contract: ContractRecord): Promise<number[]> {
    return this.links.businessUnits.load(contract.id);
  }

  async owner(contract: ContractRecord): Promise<{ id: number; name: string } | null> {
    if (contract.ownerUserId === null) return null;
    const name = await this.ownerNames.load(contract.ownerUserId);
    return name === null ? null : { id: contract.ownerUserId, name };
  }

  /** Owners of contracts the caller sees; for editors, also everyone who could own one. */
  async owners(): Promise<Array<{ id: string; name: string }>> {
    const viewer = this.data.viewer();
    viewer.require('read');
    const where = contractScope(viewer.scope, await this.data.directory());
    const rows = await q.listOwners(this.data.store, where, viewer.can('editContracts') ? ['ADMIN', 'CATEGORY_MANAGER'] : []);
    return rows.map((r) => ({ id: String(r.id), name: r.name }));
  }

  /** Admins may edit any contract; a category manager one whose every category is in their scope. */
  private async mayEdit(viewer: Viewer, categoryIds: readonly number[]): Promise<boolean> {
    if (!viewer.can('editContracts')) return false;
    const allowed = (await this.data.directory()).visibleCategoryIds(viewer.scope);
    return allowed === null || (categoryIds.length > 0 && categoryIds.every((id) => allowed.has(id)));
  }

  async canEdit(contract: ContractRecord): Promise<boolean> {
    return this.mayEdit(this.data.viewer(), await this.categoryIds(contract));
  }

  // ---- utilisation and leakage (docs/domain.md, "Utilisation" and "Leakage")

  async utilisation(contract: ContractRecord) {
    const { asOf } = this.window();
    const reportingCurrency = this.data.config.reportingCurrency;
    const startMonth = `${contract.startDate.slice(0, 7)}-01`;
    const [days, rate] = await Promise.all([this.days.load(contract), this.ceilingRates.load(contract)]);
    const cents = days.map((d) => toScaled(d.spend, 2));
    const total = cents.reduce((a, b) => a + b, 0n);
    const lineCount = days.reduce((a, d) => a + d.lines, 0);
    const ceilingCents = rate ? divRoundHalfEven(toScaled(contract.ceiling, 2) * toScaled(rate.rate, 6), 1_000_000n) : null;

    // Monthly burn, months without spend included, from the start month on.
    const lastSpendMonth = days.length ? days[days.length - 1].day.slice(0, 7) : null;
    const coveredTo = (asOf < contract.effectiveEndDate ? asOf : contract.effectiveEndDate).slice(0, 7);
    const lastMonth = [lastSpendMonth, coveredTo].filter((m): m is string => m !== null).sort().pop()!;
    const byMonth = new Map<string, bigint>();
    days.forEach((d, i) => byMonth.set(d.day.slice(0, 7), (byMonth.get(d.day.slice(0, 7)) ?? 0n) + cents[i]));
    const burn: Array<{ month: string; spend: string; cumulative: string }> = [];
    let running = 0n;
    for (let m = startMonth.slice(0, 7); m <= lastMonth; m = nextMonth(m)) {
      const spend = byMonth.get(m) ?? 0n;
      running += spend;
      burn.push({ month: `${m}-01`, spend: fromScaled(spend, 2), cumulative: fromScaled(running, 2) });
    }

    // When cumulative spend first reached the ceiling.
    let ceilingReachedOn: string | null = null;
    if (ceilingCents !== null) {
      let sum = 0n;
      for (let i = 0; i < days.length && ceilingReachedOn === null; i++) {
        sum += cents[i];
        if (sum >= ceilingCents) ceilingReachedOn = days[i].day;
      }
    }

    // Linear projection on the trailing window's run-rate.
    let projection: { from: string; to: string; monthly: string; date: string | null } | null = null;
    if (ceilingCents !== null && contract.startDate <= asOf && asOf <= contract.effectiveEndDate) {
      const from = [contract.startDate, addDays(asOf, -(RUN_RATE_DAYS - 1))].sort().pop()!;
      const windowDays = BigInt(daysBetween(from, asOf) + 1);
      let windowCents = 0n;
      let toDate = 0n;
      days.forEach((d, i) => {
        if (d.day <= asOf) toDate += cents[i];
        if (d.day >= from && d.day <= asOf) windowCents += cents[i];
      });
      if (windowCents > 0n) {
        const remaining = ceilingCents - toDate;
        let projected: string | null = null;
        if (remaining > 0n && ceilingReachedOn === null) {
          const daysNeeded = (remaining * windowDays + windowCents - 1n) / windowCents; // ⌈remaining ÷ daily rate⌉
          const candidate = daysNeeded <= 100_000n ? addDays(asOf, Number(daysNeeded)) : null;
          projected = candidate !== null && candidate <= contract.effectiveEndDate ? candidate : null;
        }
        projection = { from, to: asOf, monthly: fromScaled(divRoundHalfEven(windowCents * 304_375n, windowDays * 10_000n), 2), date: projected };
      }
    }

    const spend = fromScaled(total, 2);
    const ceilingReporting = ceilingCents === null ? null : fromScaled(ceilingCents, 2);
    return {
      spend, lineCount, reportingCurrency, ceilingReporting,
      fxRate: rate?.rate ?? null, fxMonth: rate?.month ?? null,
      share: ceilingReporting === null ? null : ratio(spend, ceilingReporting),
      remaining: ceilingCents === null ? null : fromScaled(ceilingCents - total, 2),
      burn,
      runRateFrom: projection?.from ?? null, runRateTo: projection?.to ?? null, monthlyRunRate: projection?.monthly ?? null,
      ceilingReachedOn, projectedCeilingDate: projection?.date ?? null,
    };
  }

  /** The spend filter behind a contract's leakage (what the console's drill to /lines sends too). */
  async leakageFilter(contract: ContractRecord): Promise<ValidFilter> {
    const [categoryIds, businessUnitIds] = await Promise.all([this.categoryIds(contract), this.businessUnitIds(contract)]);
    return {
      ...validateFilter(null), dateFrom: contract.startDate, dateTo: contract.effectiveEndDate,
      categoryIds: categoryIds.length ? categoryIds : null, businessUnitIds: businessUnitIds.length ? businessUnitIds : null,
    };
  }

  async leakage(contract: ContractRecord): Promise<ContractLeakageRecord> {
    const viewer = this.data.viewer();
    const filter = await this.leakageFilter(contract);
    const rows = filter.dateFrom! <= filter.dateTo!
      ? await q.spendBySupplier(this.data.store, spendWhere(filter, viewer.scope, await this.data.directory()))
      : [];
    let addressable = 0n;
    let leaked = 0n;
    let lineCount = 0;
    for (const r of rows) {
      addressable += toScaled(r.spend, 2);
      leaked += toScaled(r.offSpend, 2);
      lineCount += r.offLines;
    }
    const leaking = rows
      .filter((r) => r.offLines > 0)
      .map((r) => ({
        supplierId: r.supplierId, spend: money(r.offSpend), lineCount: r.offLines, cents: toScaled(r.offSpend, 2),
        contractParty: r.supplierId === contract.supplierId || r.parentId === contract.supplierId,
      }))
      .sort((a, b) => (a.cents === b.cents ? a.supplierId - b.supplierId : a.cents > b.cents ? -1 : 1));
    return {
      dateFrom: filter.dateFrom!, dateTo: filter.dateTo!, addressableSpend: fromScaled(addressable, 2), spend: fromScaled(leaked, 2),
      share: addressable === 0n ? null : ratio(fromScaled(leaked, 2), fromScaled(addressable, 2)), lineCount, supplierCount: leaking.length,
      rows: leaking.map(({ supplierId, spend, lineCount: lines, contractParty }) => ({ supplierId, spend, lineCount: lines, contractParty })),
    };
  }

  leakageSuppliers(leakage: ContractLeakageRecord, limit: number | null | undefined) {
    const n = limit ?? 10;
    if (!Number.isInteger(n) || n < 1 || n > 100) throw badInput('limit', 'limit must be from 1 to 100.');
    return leakage.rows.slice(0, n);
  }

  // ---- writes

  /** The role may write contracts at all; viewers, analysts and finance may not (FORBIDDEN before anything else). */
  private editor(): Viewer {
    const viewer = this.data.viewer();
    viewer.require('editContracts');
    return viewer;
  }

  /** A visible contract the caller may change: NOT_FOUND when not visible, FORBIDDEN when a category is not theirs. */
  private async editable(viewer: Viewer, id: string): Promise<{ contract: ContractRecord; categoryIds: number[]; businessUnitIds: number[] }> {
    const contract = await this.byId(id);
    const [categoryIds, businessUnitIds] = await Promise.all([this.categoryIds(contract), this.businessUnitIds(contract)]);
    if (!(await this.mayEdit(viewer, categoryIds))) {
      throw forbidden('change a contract that covers categories outside your own');
    }
    return { contract, categoryIds, businessUnitIds };
  }

  /** Checks every value; throws BAD_USER_INPUT naming the field. Reads only. */
  private async values(viewer: Viewer, input: ContractInput, current: ContractRecord | null): Promise<ContractValues> {
    const number = text(input.number, 'input.number', 64, 'The contract number');
    const title = text(input.title, 'input.title', 300, 'The title');
    const startDate = date(input.startDate, 'input.startDate', 'The start date');
    const endDate = date(input.endDate, 'input.endDate', 'The end date');
    if (endDate < startDate) throw badInput('input.endDate', `The end date (${endDate}) is before the start date (${startDate}).`);

    const ceilingText = input.ceiling.trim();
    if (!/^-?\d+(\.\d{1,2})?$/.test(ceilingText)) throw badInput('input.ceiling', 'The ceiling must be an amount with at most 2 decimals.');
    const ceilingCents = toScaled(ceilingText, 2);
    if (ceilingCents <= 0n) throw badInput('input.ceiling', 'The ceiling must be more than 0.');
    if (ceilingCents > MAX_CEILING_CENTS) throw badInput('input.ceiling', 'The ceiling is too large.');
    const currency = input.currency.trim().toUpperCase();
    if (!isIsoCurrency(currency)) throw badInput('input.currency', `"${input.currency.trim().slice(0, 20)}" is not an ISO 4217 currency code; use one such as EUR, GBP or USD.`);

    const supplierId = parseId(input.supplierId, 'input.supplierId');
    if (!current || current.supplierId !== supplierId) {
      // A supplier the caller cannot see answers like one that does not exist (docs/scope.md).
      const supplier = await this.suppliers.related(supplierId);
      if (!supplier) throw badInput('input.supplierId', `Supplier ${input.supplierId} was not found.`);
      if (supplier.status === 'MERGED') throw badInput('input.supplierId', `${supplier.name} was merged into another supplier; choose that one.`);
      if (supplier.status === 'BLOCKED') throw badInput('input.supplierId', `${supplier.name} is blocked; a blocked supplier cannot take a contract.`);
    }

    const directory = await this.data.directory();
    const visibleCategories = directory.visibleCategoryIds(viewer.scope);
    if (input.categoryIds.length > MAX_LIST) throw badInput('input.categoryIds', `A contract may list at most ${MAX_LIST} categories.`);
    const categoryIds = [...new Set(input.categoryIds.map((id) => parseId(id, 'input.categoryIds')))].sort((a, b) => a - b);
    if (!categoryIds.length) throw badInput('input.categoryIds', 'Choose at least one category the contract covers.');
    for (const id of categoryIds) {
      // Out of a category manager's scope is the same as unknown.
      if (!directory.categoriesById.has(id) || (visibleCategories !== null && !visibleCategories.has(id))) {
        throw badInput('input.categoryIds', `Category ${id} was not found.`);
      }
    }
    if (input.businessUnitIds.length > MAX_LIST) throw badInput('input.businessUnitIds', `A contract may list at most ${MAX_LIST} business units.`);
    const businessUnitIds = [...new Set(input.businessUnitIds.map((id) => parseId(id, 'input.businessUnitIds')))].sort((a, b) => a - b);
    const visibleUnits = directory.visibleBusinessUnitIds(viewer.scope);
    for (const id of businessUnitIds) {
      if (!directory.businessUnitsById.has(id) || (visibleUnits !== null && !visibleUnits.has(id))) {
        throw badInput('input.businessUnitIds', `Business unit ${id} was not found.`);
      }
    }

    let ownerUserId: number | null;
    if (input.ownerId === null || input.ownerId === undefined) ownerUserId = current ? current.ownerUserId : viewer.user.id;
    else {
      ownerUserId = parseId(input.ownerId, 'input.ownerId');
      if (ownerUserId !== current?.ownerUserId && !(await q.activeUserExists(this.data.store, ownerUserId))) {
        throw badInput('input.ownerId', `User ${input.ownerId} was not found.`);
      }
    }
    return {
      number, title, supplierId, categoryIds, businessUnitIds, startDate, endDate, ceiling: fromScaled(ceilingCents, 2), currency, ownerUserId,
      paymentTermsDays: wholeNumber(input.paymentTermsDays ?? 30, 'input.paymentTermsDays', 0, 365, 'Payment terms'),
      renewal: input.renewal ?? 'NONE',
      noticeDays: wholeNumber(input.noticeDays ?? 0, 'input.noticeDays', 0, 3650, 'The notice period'),
    };
  }

  private async numberFree(tx: Store, number: string, exceptId: number | null) {
    if (await q.numberTaken(tx, number, exceptId)) {
      throw new AppError('CONFLICT', `Contract number ${number} is already used by another contract.`, { field: 'input.number' });
    }
  }

  /** The stored row inside a transaction, NOT_FOUND once deleted, CONFLICT when its version moved on. */
  private async current(tx: Store, id: number, version: number): Promise<ContractRecord> {
    const row = await q.findContract(tx, id, sql`TRUE`);
    if (!row) throw notFound('Contract', id);
    if (row.version !== version) throw stale();
    return row;
  }

  /** Re-matches what a change of this contract can reach; `before` is its term before the change. */
  private rematchedAfter(tx: Store, contractId: number, before: ContractRecord | null) {
    return rematchSpendLines(tx, { contractIds: [contractId], previousTerms: before ? [{ from: before.startDate, to: before.effectiveEndDate }] : [] });
  }

  async create(input: ContractInput) {
    const viewer = this.editor();
    const v = await this.values(viewer, input, null);
    const id = await serially(() => this.data.store.transaction(async (tx) => {
      await this.numberFree(tx, v.number, null);
      const newId = await q.insertContract(tx, v, sqlTimestamp(new Date()));
      await q.replaceLinks(tx, newId, v.categoryIds, v.businessUnitIds);
      const rematched = await this.rematchedAfter(tx, newId, null);
      const created = (await q.findContract(tx, newId, sql`TRUE`))!;
      await audit(tx, { userId: viewer.user.id, action: 'contract.create', entity: 'Contract', entityId: newId,
        after: { ...snapshot(created, v.categoryIds, v.businessUnitIds), rematchedLines: rematched } });
      return newId;
    }));
    return this.byId(String(id));
  }

  async update(id: string, version: number, input: ContractInput) {
    const viewer = this.editor();
    const { contract } = await this.editable(viewer, id);
    if (contract.storedStatus === 'TERMINATED') {
      throw new AppError('INVALID_STATE', 'A terminated contract cannot be changed.', { status: 'TERMINATED' });
    }
    const v = await this.values(viewer, input, contract);
    await serially(() => this.data.store.transaction(async (tx) => {
      const before = await this.current(tx, contract.id, version);
      const [beforeCategories, beforeUnits] = await Promise.all([
        q.contractLinks(tx, 'categories', [contract.id]), q.contractLinks(tx, 'businessUnits', [contract.id]),
      ]);
      const numberChanged = v.number !== before.number;
      if (v.number.toLowerCase() !== before.number.toLowerCase()) await this.numberFree(tx, v.number, contract.id);
      if (!(await q.updateContract(tx, contract.id, version, v, numberChanged, sqlTimestamp(new Date())))) throw stale();
      await q.replaceLinks(tx, contract.id, v.categoryIds, v.businessUnitIds);
      const rematched = await this.rematchedAfter(tx, contract.id, before);
      const after = (await q.findContract(tx, contract.id, sql`TRUE`))!;
      await audit(tx, {
        userId: viewer.user.id, action: 'contract.update', entity: 'Contract', entityId: contract.id,
        before: snapshot(before, beforeCategories.get(contract.id) ?? [], beforeUnits.get(contract.id) ?? []),
        after: { ...snapshot(after, v.categoryIds, v.businessUnitIds), rematchedLines: rematched },
      });
    }));
    this.links.categories.clear(contract.id);
    this.links.businessUnits.clear(contract.id);
    return this.byId(id);
  }

  async activate(id: string, version: number) {
    const viewer = this.editor();
    const { contract, categoryIds, businessUnitIds } = await this.editable(viewer, id);
    if (contract.storedStatus !== 'DRAFT') {
      throw new AppError('INVALID_STATE', `Only a draft contract can be activated; this one is ${this.status(contract).toLowerCase()}.`, { status: this.status(contract) });
    }
    await serially(() => this.data.store.transaction(async (tx) => {
      const before = await this.current(tx, contract.id, version);
      if (!(await q.setStatus(tx, contract.id, version, { status: 'ACTIVE', terminatedAt: null, reason: null }, sqlTimestamp(new Date())))) throw stale();
      const rematched = await this.rematchedAfter(tx, contract.id, before);
      const after = (await q.findContract(tx, contract.id, sql`TRUE`))!;
      await audit(tx, {
        userId: viewer.user.id, action: 'contract.activate', entity: 'Contract', entityId: contract.id,
        before: snapshot(before, categoryIds, businessUnitIds), after: { ...snapshot(after, categoryIds, businessUnitIds), rematchedLines: rematched },
      });
    }));
    return this.byId(id);
  }

  async terminate(id: string, version: number, reasonInput: string, terminatedOn: string | null | undefined) {
    const viewer = this.editor();
    const { contract, categoryIds, businessUnitIds } = await this.editable(viewer, id);
    const status = this.status(contract);
    if (status !== 'ACTIVE' && status !== 'EXPIRING') {
      throw new AppError('INVALID_STATE', `Only an active contract can be terminated; this one is ${status.toLowerCase()}.`, { status });
    }
    const reason = text(reasonInput, 'reason', 500, 'The reason');
    // The day is the last one the contract covers: at the earliest the day before it starts (it then
    // covers nothing), which is also the default for a contract ended before its start.
    const earliest = addDays(contract.startDate, -1);
    const day = terminatedOn ? date(terminatedOn, 'terminatedOn', 'The termination date') : (this.window().asOf > earliest ? this.window().asOf : earliest);
    if (day > contract.endDate) throw badInput('terminatedOn', `The termination date (${day}) is after the end date (${contract.endDate}).`);
    if (day < earliest) {
      throw badInput('terminatedOn', `The termination date (${day}) is before the contract starts (${contract.startDate}). To end it before any spend counts, give ${earliest}, the day before it starts.`);
    }
    await serially(() => this.data.store.transaction(async (tx) => {
      const before = await this.current(tx, contract.id, version);
      const now = sqlTimestamp(new Date());
      if (!(await q.setStatus(tx, contract.id, version, { status: 'TERMINATED', terminatedAt: `${day} 00:00:00`, reason }, now))) throw stale();
      const rematched = await this.rematchedAfter(tx, contract.id, before);
      const after = (await q.findContract(tx, contract.id, sql`TRUE`))!;
      await audit(tx, {
        userId: viewer.user.id, action: 'contract.terminate', entity: 'Contract', entityId: contract.id,
        before: snapshot(before, categoryIds, businessUnitIds), after: { ...snapshot(after, categoryIds, businessUnitIds), rematchedLines: rematched },
      });
    }));
    return this.byId(id);
  }

  async remove(id: string, version: number): Promise<boolean> {
    const viewer = this.editor();
    const { contract, categoryIds, businessUnitIds } = await this.editable(viewer, id);
    if (contract.storedStatus !== 'DRAFT') {
      throw new AppError('INVALID_STATE', `Only a draft contract can be deleted; this one is ${this.status(contract).toLowerCase()}.`, { status: this.status(contract) });
    }
    await serially(() => this.data.store.transaction(async (tx) => {
      const before = await this.current(tx, contract.id, version);
      if (!(await q.deleteContract(tx, contract.id, version))) throw stale();
      const rematched = await this.rematchedAfter(tx, contract.id, before);
      await audit(tx, {
        userId: viewer.user.id, action: 'contract.delete', entity: 'Contract', entityId: contract.id,
        before: snapshot(before, categoryIds, businessUnitIds), after: { rematchedLines: rematched },
      });
    }));
    return true;
  }

  /**
   * Contracts in the viewer's scope linked to one of `categoryIds` (a category page passes the
   * category, its ancestors and its descendants), expiring ones first.
   */
  async covering(categoryIds: number[], page: PageInput | null | undefined) {
    const viewer = this.data.viewer();
    viewer.require('read');
    const { offset, limit } = validatePage(page, this.data.pageLimits());
    const { asOf, warningEnd } = this.window();
    const where = contractScope(viewer.scope, await this.data.directory());
    const [{ nodes, totalCount }, counts] = await Promise.all([
      q.listContractsCovering(this.data.store, where, categoryIds, asOf, warningEnd, offset, limit),
      q.statusCounts(this.data.store, sql.and([where, q.coveringCategories(categoryIds)]), asOf, warningEnd),
    ]);
    return {
      nodes, totalCount, pageInfo: { offset, limit, hasNextPage: offset + nodes.length < totalCount },
      statusCounts: STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 })),
    };
  }
}

/** `YYYY-MM` → the following month. */
function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

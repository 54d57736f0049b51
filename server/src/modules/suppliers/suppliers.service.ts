import { asOfDate } from '../../config.js';
import { AppError, badInput, notFound } from '../../errors.js';
import { isIsoCountry } from '../../lib/country.js';
import type { PageInput, SpendFilter, SupplierFilter, SupplierSort } from '../../generated/graphql.js';
import { money, ratio, subtractMoney, sumMoney, toScaled } from '../../lib/decimal.js';
import { keyedLoader } from '../../lib/loader.js';
import { supplierSearchKey, supplierSearchTerms } from '../../lib/normalise.js';
import { validatePage } from '../../lib/page.js';
import { sql, type Sql } from '../../store/sql.js';
import { isUniqueViolation, type Store } from '../../store/store.js';
import { audit } from '../../core/audit.js';
import { parentKey } from '../../core/dimensions.js';
import type { RequestData } from '../../core/request-data.js';
import { spendWhere, validateFilter, type ValidFilter } from '../../core/spend-filter.js';
import { periodColumns } from '../../core/spend-rollup.js';
import { parseId } from '../../core/ids.js';
import { previousPeriod, sqlTimestamp } from '../../core/time.js';
import type {
  Period, SupplierBusinessUnitSpendRecord, SupplierCategorySpendRecord, SupplierRecord, SupplierRowRecord, SupplierStatusName,
} from './suppliers.mappers.js';
import * as q from './suppliers.queries.js';

const STATUSES: readonly SupplierStatusName[] = ['ACTIVE', 'BLOCKED', 'MERGED'];
const MAX_LIST = 1000;
/** Suppliers `suppliersByIds` names at once: a filter's choice, not a list. */
const MAX_BY_IDS = 100;
const MAX_REASON = 500;
/** Suppliers whose search keys are written per statement. */
const KEY_BATCH = 1000;

/**
 * Recomputes the search keys (docs/domain.md, "Finding suppliers") of the targeted suppliers,
 * inside the caller's transaction when given one: after an import records new aliases, after a
 * merge or its undo moves aliases, and at start for suppliers that have none yet.
 */
export async function refreshSupplierSearchKeys(store: Store, targets: q.SearchKeyTargets): Promise<number> {
  const ids = [...(targets.ids ?? [])];
  let written = 0;
  // Ids in chunks so that no statement binds thousands of values; suppliers without a key once.
  const chunks: q.SearchKeyTargets[] = [];
  for (let i = 0; i < ids.length; i += KEY_BATCH) chunks.push({ ids: ids.slice(i, i + KEY_BATCH) });
  if (targets.missing) chunks.push({ missing: true });
  for (const chunk of chunks) {
    const sources = await q.searchKeySources(store, chunk);
    for (let i = 0; i < sources.length; i += KEY_BATCH) {
      const keys = sources.slice(i, i + KEY_BATCH).map((s) => [s.id, supplierSearchKey(s.name, s.aliases, s.taxId)] as const);
      await q.writeSearchKeys(store, keys);
      written += keys.length;
    }
  }
  return written;
}

export class SuppliersService {
  /** Suppliers the viewer may see, by id; a scoped viewer sees only suppliers with spend in scope. */
  private readonly visible = keyedLoader<number, SupplierRecord | null>(async (ids) => {
    return q.findSuppliers(this.data.store, ids, await this.data.scopeWhere());
  }, () => null);

  /** Suppliers by id regardless of spend scope: the party of a contract the viewer may already see. */
  private readonly parties = keyedLoader<number, SupplierRecord | null>((ids) => q.findSuppliers(this.data.store, ids, null), () => null);

  private readonly aliasLoader = keyedLoader<number, string[]>((ids) => q.aliases(this.data.store, ids), () => []);

  private readonly childLoader = keyedLoader<number, number[]>((ids) => q.childIds(this.data.store, ids), () => []);

  private readonly periods = new Map<string, Promise<Period>>();

  private readonly profiles = new Map<string, Promise<{ period: Period; current: q.ProfileRow[]; previous: q.ProfileRow | undefined }>>();

  constructor(private readonly data: RequestData) {}

  private async where(filter: ValidFilter): Promise<Sql> {
    // Every figure of a supplier goes through here: its display currency is checked first.
    await this.data.displayCurrency(filter);
    return spendWhere(filter, this.data.viewer().scope, await this.data.directory());
  }

  /**
   * The period a filter's figures cover: its dates, or where it has none the first and last
   * invoice dates in the caller's scope under the rest of the filter (as `spendSummary`); and the
   * period of the same length before it, for the change (docs/domain.md, "Previous period").
   */
  private period(filter: ValidFilter): Promise<Period> {
    const key = JSON.stringify(filter);
    let found = this.periods.get(key);
    if (!found) {
      found = (async () => {
        let { dateFrom: from, dateTo: to } = filter;
        if (!from || !to) {
          const range = await q.span(this.data.store, await this.where({ ...filter, dateFrom: null, dateTo: null }));
          const fallback = asOfDate(this.data.config);
          from ??= range.minDate ?? fallback;
          to ??= range.maxDate ?? fallback;
          // An open end filled from the data may fall on the wrong side of the given one: the period is then that one day.
          if (from > to) {
            if (filter.dateTo) from = to;
            else to = from;
          }
        }
        const previous = previousPeriod(from, to);
        return { from, to, previousFrom: previous.from, previousTo: previous.to };
      })();
      this.periods.set(key, found);
    }
    return found;
  }

  /** Search, status, country and family as one condition over `sup`; null when none is given. */
  private async supplierCondition(search: string | null | undefined, only: SupplierFilter | null | undefined): Promise<Sql | null> {
    const c: Sql[] = [];
    if (search !== null && search !== undefined && search.trim() !== '') {
      const terms = supplierSearchTerms(search);
      // A plain substring test (terms hold letters, digits and spaces only): far cheaper than
      // LIKE … ESCAPE over every key. Text with nothing searchable in it ("…") finds nothing.
      c.push(terms.length ? sql.join(terms.map((t) => sql`strpos(sup.search_key, ${t}) > 0`), sql` OR `) : sql`FALSE`);
    }
    if (only?.statuses) {
      const statuses = STATUSES.filter((status) => only.statuses!.includes(status));
      c.push(statuses.length ? sql`sup.status IN ${sql.list(statuses)}` : sql`FALSE`);
    }
    if (only?.countryCodes) {
      if (only.countryCodes.length > MAX_LIST) throw badInput('supplierFilter.countryCodes', `supplierFilter.countryCodes may list at most ${MAX_LIST} codes.`);
      const codes = only.countryCodes.map((code) => {
        if (!/^[A-Za-z]{2}$/.test(code)) throw badInput('supplierFilter.countryCodes', `supplierFilter.countryCodes must contain ISO 3166-1 alpha-2 codes, got "${code.slice(0, 40)}".`);
        return code.toUpperCase();
      });
      c.push(codes.length ? sql`sup.country_code IN ${sql.list(codes)}` : sql`FALSE`);
    }
    if (only?.familyId !== null && only?.familyId !== undefined) {
      c.push(sql`${parentKey(await this.data.scopeWhere())} = ${parseId(only.familyId, 'supplierFilter.familyId')}`);
    }
    return c.length ? sql.and(c) : null;
  }

  async list(
    search: string | null | undefined, filterInput: SpendFilter | null | undefined, only: SupplierFilter | null | undefined,
    sort: SupplierSort | null | undefined, page: PageInput | null | undefined,
  ) {
    const viewer = this.data.viewer();
    viewer.require('read');
    const { offset, limit } = validatePage(page, this.data.pageLimits());
    const filter = validateFilter(filterInput);
    const period = await this.period(filter);
    const scope = await this.data.scopeWhere();
    const field = sort?.field ?? 'SPEND';
    const undated = { ...filter, dateFrom: null, dateTo: null };
    const query: q.SupplierListQuery = {
      where: await this.where(undated),
      period,
      // The figures need the supplier and its categories: a rollup answers whole-month periods (docs/rollups.md).
      source: this.data.sourceFor(filter, periodColumns(undated, viewer.scope, period, ['supplier', 'category'])),
      suppliers: await this.supplierCondition(search, only),
      // Without spend, a scoped user still sees only suppliers with a line in their scope.
      withoutSpend: only?.includeWithoutSpend ? (scope ? sql`sup.id IN (SELECT s.supplier_id FROM spend_lines s WHERE ${scope})` : sql`TRUE`) : null,
      order: field,
      // A search or a family leaves few suppliers; statuses and countries do not.
      few: Boolean(search?.trim()) || (only?.familyId !== null && only?.familyId !== undefined),
      ascending: (sort?.direction ?? (field === 'NAME' || field === 'COUNTRY' ? 'ASC' : 'DESC')) === 'ASC',
    };
    const result = await q.listSuppliers(this.data.store, query, offset, limit);
    const totalCount = result.totalCount ?? (offset > 0 ? await q.countSuppliers(this.data.store, query) : 0);
    const nodes: SupplierRowRecord[] = result.rows.map((r) => {
      const spend = money(r.spend);
      const previousPeriodSpend = money(r.previous);
      return {
        supplier: r.supplier, spend, previousPeriodSpend, change: ratio(subtractMoney(spend, previousPeriodSpend), previousPeriodSpend),
        lineCount: r.lines, categoryCount: r.categories,
      };
    });
    return { nodes, totalCount, dateFrom: period.from, dateTo: period.to, pageInfo: { offset, limit, hasNextPage: offset + nodes.length < totalCount } };
  }

  async countries(filterInput: SpendFilter | null | undefined) {
    this.data.viewer().require('read');
    const { where } = await this.periodWhere(filterInput);
    return (await q.countries(this.data.store, where)).map((r) => ({ code: r.code, supplierCount: Number(r.n) }));
  }

  async byId(id: string): Promise<SupplierRecord> {
    this.data.viewer().require('read');
    const found = await this.visible.load(parseId(id, 'id'));
    if (!found) throw notFound('Supplier', id);
    return found;
  }

  /** The visible suppliers among `ids`, in the order asked; unknown and out-of-scope ids are left out (the filter bar's names). */
  async byIds(ids: readonly string[]): Promise<SupplierRecord[]> {
    this.data.viewer().require('read');
    if (ids.length > MAX_BY_IDS) throw badInput('ids', `ids may list at most ${MAX_BY_IDS} suppliers.`);
    const wanted = [...new Set(ids.map((id) => parseId(id, 'ids')))];
    const found = await this.visible.loadMany(wanted);
    const failed = found.find((s) => s instanceof Error);
    if (failed) throw failed;
    return found.filter((s): s is SupplierRecord => s !== null && !(s instanceof Error));
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

  async children(supplier: SupplierRecord): Promise<SupplierRecord[]> {
    const ids = await this.childLoader.load(supplier.id);
    return (await this.visible.loadMany(ids)).filter((s): s is SupplierRecord => s !== null && !(s instanceof Error));
  }

  async spend(supplier: SupplierRecord, filter: SpendFilter | null | undefined) {
    const bySupplier = await this.data.spendByKey('supplier', validateFilter(filter));
    const found = bySupplier.get(supplier.id);
    return { total: found?.spend ?? '0.00', lineCount: found?.lines ?? 0, onContract: found?.onContract ?? '0.00' };
  }

  /** The supplier's figures under a filter, read once per request for all the 360's panels. */
  private profile(supplier: SupplierRecord, filterInput: SpendFilter | null | undefined) {
    const filter = validateFilter(filterInput);
    const key = `${supplier.id}:${JSON.stringify(filter)}`;
    let found = this.profiles.get(key);
    if (!found) {
      found = (async () => {
        const period = await this.period(filter);
        const rows = await q.profile(this.data.store, supplier.id, await this.where({ ...filter, dateFrom: null, dateTo: null }), period, this.data.linesFor(filter));
        return { period, current: rows.filter((r) => r.current), previous: rows.find((r) => !r.current && r.by === 'total') };
      })();
      this.profiles.set(key, found);
    }
    return found;
  }

  async summary(supplier: SupplierRecord, filter: SpendFilter | null | undefined) {
    const { period, current, previous: before } = await this.profile(supplier, filter);
    const total = current.find((r) => r.by === 'total');
    const spend = money(total?.spend);
    const previous = money(before?.spend);
    const onContract = money(total?.onContract);
    return {
      dateFrom: period.from,
      dateTo: period.to,
      spend,
      previousPeriodSpend: previous,
      change: ratio(subtractMoney(spend, previous), previous),
      lineCount: total?.lines ?? 0,
      categoryCount: current.filter((r) => r.by === 'category' && r.key !== null).length,
      businessUnitCount: current.filter((r) => r.by === 'businessUnit').length,
      onContractSpend: onContract,
      onContractShare: ratio(onContract, spend),
      currency: this.data.currencyOf(validateFilter(filter)),
    };
  }

  /** The filter's lines within the resolved period (dates filled in when the filter has none). */
  private async periodWhere(filterInput: SpendFilter | null | undefined) {
    const filter = validateFilter(filterInput);
    const period = await this.period(filter);
    return { period, filter, where: await this.where({ ...filter, dateFrom: period.from, dateTo: period.to }) };
  }

  async monthlySpend(supplier: SupplierRecord, filter: SpendFilter | null | undefined) {
    const { period, current } = await this.profile(supplier, filter);
    const byMonth = new Map(current.filter((r) => r.by === 'month').map((r) => [r.key, r]));
    const months = [];
    // Every month of the period, in time order, so a trend is always a regular time series.
    const last = Number(period.to.slice(0, 4)) * 12 + Number(period.to.slice(5, 7)) - 1;
    for (let index = Number(period.from.slice(0, 4)) * 12 + Number(period.from.slice(5, 7)) - 1; index <= last; index++) {
      const [y, m] = [Math.floor(index / 12), (index % 12) + 1];
      const row = byMonth.get(y * 100 + m);
      months.push({ month: `${y}-${String(m).padStart(2, '0')}`, spend: money(row?.spend), lineCount: row?.lines ?? 0 });
    }
    return months;
  }

  private async grouped(supplier: SupplierRecord, by: 'category' | 'businessUnit', filter: SpendFilter | null | undefined) {
    const { current } = await this.profile(supplier, filter);
    const total = money(current.find((r) => r.by === 'total')?.spend);
    return current
      .filter((r) => r.by === by)
      .map((r) => ({ id: r.key, spend: money(r.spend), lineCount: r.lines, share: ratio(money(r.spend), total) }))
      .sort((a, b) => compareMoneyDesc(a.spend, b.spend) || (a.id ?? 0) - (b.id ?? 0));
  }

  async categorySpend(supplier: SupplierRecord, filter: SpendFilter | null | undefined): Promise<SupplierCategorySpendRecord[]> {
    const directory = await this.data.directory();
    return (await this.grouped(supplier, 'category', filter)).map(({ id, ...figures }) => ({
      category: id === null ? null : (directory.categoriesById.get(id) ?? null), ...figures,
    }));
  }

  async businessUnitSpend(supplier: SupplierRecord, filter: SpendFilter | null | undefined): Promise<SupplierBusinessUnitSpendRecord[]> {
    const directory = await this.data.directory();
    return (await this.grouped(supplier, 'businessUnit', filter)).flatMap(({ id, ...figures }) => {
      const businessUnit = id === null ? undefined : directory.businessUnitsById.get(id);
      return businessUnit ? [{ businessUnit, ...figures }] : [];
    });
  }

  /** The recorded aliases and every name its lines in the period were written with (a scoped merge moves lines, not aliases). */
  async aliasUsage(supplier: SupplierRecord, filter: SpendFilter | null | undefined) {
    const [{ current }, recorded] = await Promise.all([this.profile(supplier, filter), this.aliases(supplier)]);
    const used = new Map(current.filter((r) => r.by === 'name' && r.name !== null).map((r) => [r.name!, r]));
    const names = [...new Set([...recorded, ...used.keys()])];
    return names
      .map((name) => ({ name, recorded: recorded.includes(name), lineCount: used.get(name)?.lines ?? 0, spend: money(used.get(name)?.spend) }))
      .sort((a, b) => b.lineCount - a.lineCount || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** The family as SUPPLIER_PARENT groups it: the parent the viewer may see, else the supplier itself, and its children. */
  async family(supplier: SupplierRecord, filterInput: SpendFilter | null | undefined) {
    const head = (await this.related(supplier.parentId)) ?? supplier;
    const members = [head, ...(await this.children(head))];
    const { where, filter } = await this.periodWhere(filterInput);
    const figures = await q.spendOfSuppliers(this.data.store, members.map((m) => m.id), where, this.data.linesFor(filter));
    const totalSpend = sumMoney(members.map((m) => money(figures.get(m.id)?.spend)));
    return {
      head,
      totalSpend,
      lineCount: members.reduce((n, m) => n + (figures.get(m.id)?.lines ?? 0), 0),
      members: members
        .map((m) => {
          const spend = money(figures.get(m.id)?.spend);
          return { supplier: m, isHead: m.id === head.id, spend, lineCount: figures.get(m.id)?.lines ?? 0, share: ratio(spend, totalSpend) };
        })
        .sort((a, b) => compareMoneyDesc(a.spend, b.spend) || a.supplier.id - b.supplier.id),
    };
  }

  /**
   * Blocks or unblocks a supplier. Only admins: the status is one for every category and unit,
   * and a category manager's change must never reach outside their scope (docs/scope.md).
   */
  async setBlocked(id: string, version: number, blocked: boolean, reasonInput: string | null | undefined): Promise<SupplierRecord> {
    const viewer = this.data.viewer();
    viewer.require('manageSuppliers');
    const supplier = await this.byId(id);
    const reason = reasonInput?.trim() || null;
    if (reason && reason.length > MAX_REASON) throw badInput('reason', `reason may be at most ${MAX_REASON} characters.`);
    const [from, to]: SupplierStatusName[] = blocked ? ['ACTIVE', 'BLOCKED'] : ['BLOCKED', 'ACTIVE'];
    if (supplier.version !== version) throw conflict();
    if (supplier.status !== from) {
      throw new AppError('INVALID_STATE', `Only an ${from.toLowerCase()} supplier can be ${blocked ? 'blocked' : 'unblocked'}; this one is ${supplier.status.toLowerCase()}.`, { status: supplier.status });
    }
    await this.data.store.transaction(async (tx) => {
      if (!(await q.setStatus(tx, supplier.id, version, to, sqlTimestamp(new Date())))) throw conflict();
      await audit(tx, {
        userId: viewer.user.id, action: blocked ? 'supplier.block' : 'supplier.unblock', entity: 'Supplier', entityId: supplier.id,
        before: { status: from, version }, after: { status: to, version: version + 1, reason },
      });
    });
    return this.reload(supplier.id);
  }

  /**
   * Corrects a supplier's display name, country or tax id (docs/domain.md, "Suppliers"). Only
   * admins, as for blocking. The key imports match it by, and its aliases, stay as they are.
   */
  async update(id: string, version: number, input: { name?: string | null; countryCode?: string | null; taxId?: string | null }): Promise<SupplierRecord> {
    const viewer = this.data.viewer();
    viewer.require('manageSuppliers');
    const supplier = await this.byId(id);
    const name = input.name === undefined ? supplier.name : (input.name ?? '').trim();
    if (!name || name.length > 200) throw badInput('input.name', 'A supplier name is 1 to 200 characters.');
    const countryCode = input.countryCode === undefined ? supplier.countryCode : input.countryCode?.trim().toUpperCase() || null;
    if (countryCode !== null && !isIsoCountry(countryCode)) throw badInput('input.countryCode', `"${input.countryCode}" is not an ISO 3166-1 alpha-2 country code (two letters, e.g. GB).`);
    const taxId = input.taxId === undefined ? supplier.taxId : input.taxId?.trim() || null;
    if (taxId !== null && taxId.length > MAX_TAX_ID) throw badInput('input.taxId', `A tax id is at most ${MAX_TAX_ID} characters.`);
    if (supplier.version !== version) throw conflict();
    if (supplier.status === 'MERGED') throw new AppError('INVALID_STATE', 'A merged supplier is edited through the supplier it was merged into.', { status: supplier.status });
    const before = { name: supplier.name, countryCode: supplier.countryCode, taxId: supplier.taxId };
    const after = { name, countryCode, taxId };
    const changed = (Object.keys(after) as Array<keyof typeof after>).filter((k) => after[k] !== before[k]);
    if (changed.length === 0) return supplier;
    const now = sqlTimestamp(new Date());
    await this.data.store.transaction(async (tx) => {
      const moved: number[] = [];
      if (taxId !== null && taxId !== supplier.taxId) {
        for (const holder of await q.taxIdHolders(tx, taxId, supplier.id)) {
          // A supplier merged into this one gives its tax id up: they are one company now.
          if (holder.merged_into_id === supplier.id) {
            await q.clearTaxId(tx, holder.id, now);
            moved.push(holder.id);
            continue;
          }
          // Only admins get here, and they see every supplier: the other one is named.
          throw taxIdTaken(holder.name, taxId);
        }
      }
      try {
        if (!(await q.setDetails(tx, supplier.id, version, after, now))) throw conflict();
      } catch (error) {
        // Another admin gave the same tax id to another supplier at the same moment.
        if (isUniqueViolation(error)) throw taxIdTaken('another supplier', taxId ?? '');
        throw error;
      }
      // The supplier search reads the name and the tax id (docs/domain.md, "Finding suppliers").
      if (changed.includes('name') || changed.includes('taxId')) await refreshSupplierSearchKeys(tx, { ids: [supplier.id] });
      await audit(tx, {
        userId: viewer.user.id, action: 'supplier.update', entity: 'Supplier', entityId: supplier.id,
        before: Object.fromEntries(changed.map((k) => [k, before[k]])),
        after: { ...Object.fromEntries(changed.map((k) => [k, after[k]])), ...(moved.length ? { taxIdFrom: moved } : {}) },
      });
    });
    return this.reload(supplier.id);
  }

  /** A supplier as stored now, primed for the rest of the request (after a write). */
  private async reload(id: number): Promise<SupplierRecord> {
    const record = (await q.findSuppliers(this.data.store, [id], null)).get(id)!;
    this.visible.clear(id).prime(id, record);
    return record;
  }
}

const MAX_TAX_ID = 64;

const taxIdTaken = (holder: string, taxId: string) =>
  new AppError('CONFLICT', `${holder[0].toUpperCase()}${holder.slice(1)} has the tax id ${taxId}. Merge the two if they are one company.`, { field: 'input.taxId' });

const conflict = () => new AppError('CONFLICT', 'This supplier was changed by someone else. Reload it and try again.', { field: 'version' });

function compareMoneyDesc(a: string, b: string): number {
  const d = toScaled(b, 2) - toScaled(a, 2);
  return d > 0n ? 1 : d < 0n ? -1 : 0;
}

import { asOfDate, type Config } from '../config.js';
import { ResultCache } from './result-cache.js';
import { unauthenticated } from '../errors.js';
import type { Store } from '../store/store.js';
import type { Viewer } from './viewer.js';
import type { Directory, DirectoryCache } from './directory.js';
import { spendWhere, validateFilter, type ValidFilter } from './spend-filter.js';
import { sql, type Sql } from '../store/sql.js';
import { money } from '../lib/decimal.js';
import type { OpportunityOptions } from './opportunities.js';
import { displaySource, filterColumns, pricesIndexed, spendSource, type SpendColumn, type SpendSource } from './spend-rollup.js';
import { displayLines, resolveDisplayCurrency } from './display-currency.js';

/**
 * Where a query export's page walk left a list (docs/architecture.md, the query workbench,
 * "Export"): the next page is read after the last row (`after`, keyset) instead of skipping
 * `offset` rows, and the count and total of the whole list are the first page's. Skipping made the
 * walk quadratic: every page sorted all the rows before it again (a million lines on PostgreSQL,
 * 90 s; 37–45 s after).
 */
export interface WalkPlace<K, T> {
  /** The offset the next page of the walk asks for. */
  next: number;
  after: K;
  totals: T;
}

/** The places of the lists one export walks, by the statement that pages them. */
export class PageWalk {
  private readonly places = new Map<string, WalkPlace<unknown, unknown>>();

  /** Where the walk of `list` left off, when `offset` is the page after it; else null (read it by offset). */
  at<K, T>(list: string, offset: number): WalkPlace<K, T> | null {
    const place = this.places.get(list);
    return place && place.next === offset ? (place as WalkPlace<K, T>) : null;
  }

  leave<K, T>(list: string, place: WalkPlace<K, T>): void {
    this.places.set(list, place);
  }
}

export interface KeyedSpend {
  spend: string;
  lines: number;
  onContract: string;
}

/**
 * What every service of one request shares: the store, config, the signed-in viewer, the
 * directory of small dimension tables, and per-filter spend roll-ups (one query each).
 */
export class RequestData {
  private readonly spendCache = new Map<string, Promise<Map<number | null, KeyedSpend>>>();
  /** The currencies this request's figures were read in (a query export's header names the one it used). */
  readonly currenciesShown = new Set<string>();
  /** Display currencies checked against the FX table in this request. */
  private readonly displayChecks = new Map<string, Promise<string | null>>();
  /** Set only by the query export's page walk (docs/request-limits.md, section 2). */
  private exportPageMax: number | null = null;
  /** A query export's page walk: where it left each list it pages; null for any other request. */
  walk: PageWalk | null = null;

  constructor(
    readonly store: Store,
    readonly config: Config,
    private readonly currentViewer: Viewer | null,
    private readonly directories: DirectoryCache,
  ) {}

  viewer(): Viewer {
    if (!this.currentViewer) throw unauthenticated();
    return this.currentViewer;
  }

  get signedIn(): Viewer | null {
    return this.currentViewer;
  }

  /**
   * The page bounds of this request: 50 by default and 500 at most, except in a query export's
   * page walk, which reads its list in larger pages (docs/request-limits.md, section 2). Only the
   * export route calls `allowExportPages`; an ordinary GraphQL request never has it.
   */
  pageLimits(): { pageDefault: number; pageMax: number } {
    return { pageDefault: this.config.pageDefault, pageMax: this.exportPageMax ?? this.config.pageMax };
  }

  allowExportPages(max: number): void {
    this.exportPageMax = Math.max(max, this.config.pageMax);
    this.walk = new PageWalk();
  }

  directory(): Promise<Directory> {
    return this.directories.get();
  }

  /**
   * The display currency `filter` names, checked against the FX table (`BAD_USER_INPUT` naming
   * the field when it has no rates): null for the reporting currency. Every path that reads spend
   * figures under a filter awaits this before it reads them (docs/domain.md, "Display currency").
   */
  displayCurrency(filter: ValidFilter): Promise<string | null> {
    const code = filter.displayCurrency;
    this.currenciesShown.add(this.currencyOf(filter));
    if (code === null || code === this.config.reportingCurrency) return Promise.resolve(null);
    let check = this.displayChecks.get(code);
    if (!check) {
      check = resolveDisplayCurrency(this.store, this.config.reportingCurrency, code, filter.displayCurrencyField);
      this.displayChecks.set(code, check);
    }
    return check;
  }

  /** The currency figures under `filter` are in: its display currency, else the reporting currency. */
  currencyOf(filter: ValidFilter): string {
    return filter.displayCurrency ?? this.config.reportingCurrency;
  }

  /**
   * The lines as `s` for `filter`: `spend_lines s`, or with a display currency the lines with
   * `amount_reporting` in it (`displayLines`). Call `displayCurrency(filter)` first.
   */
  linesFor(filter: ValidFilter): Sql {
    const code = filter.displayCurrency;
    return code === null || code === this.config.reportingCurrency ? sql`spend_lines s` : displayLines(this.store.dialect, code);
  }

  /**
   * Where spend figures under `filter` are read from when they need `columns` (null: the lines
   * only): `spendSource`, or with a display currency the converted lines (docs/rollups.md,
   * "Display currency").
   */
  sourceFor(filter: ValidFilter, columns: ReadonlySet<SpendColumn> | null): SpendSource {
    const code = filter.displayCurrency;
    if (code === null || code === this.config.reportingCurrency) return spendSource(this.store, columns);
    return displaySource(this.store, columns, code);
  }

  /**
   * Where the supplier-based opportunity sets (tail, fragmentation, off-contract) are worked out
   * under `filter`: the smallest current rollup that holds the filter's columns and theirs, else
   * the lines (docs/rollups.md). The opportunities' figures and their drill-downs both read it.
   */
  opportunitySetsSource(filter: ValidFilter): SpendSource {
    // With a display currency, over the converted lines: the sets are worked out on the amounts shown.
    const columns = filterColumns({ ...filter, opportunity: null }, this.viewer().scope);
    return this.sourceFor(filter, columns && new Set([...columns, 'category', 'supplier', 'onContract']));
  }

  /**
   * Where the lines screen's count and total under `filter` are read: the smallest current rollup
   * holding every column the filter and the viewer's scope name (for a tail or fragmentation
   * drill-down, the column its set is a list of), else the lines. Unit-price variance is a
   * condition on each line's price, which no rollup holds.
   */
  linesTotalsSource(filter: ValidFilter): SpendSource {
    if (filter.opportunity === 'PRICE_VARIANCE') return this.sourceFor(filter, null);
    const set = filter.opportunity === 'TAIL_SPEND' ? 'supplier' : filter.opportunity === 'SUPPLIER_FRAGMENTATION' ? 'category' : null;
    const columns = filterColumns({ ...filter, opportunity: set ? null : filter.opportunity }, this.viewer().scope);
    return this.sourceFor(filter, columns && (set ? new Set([...columns, set]) : columns));
  }

  /**
   * What `spendWhere` needs for a filter: the configured constants and, only for a filter naming
   * a savings opportunity, how its drill-down reads unit prices and the supplier-based sets.
   */
  opportunityOptions(filter: ValidFilter): OpportunityOptions {
    if (filter.opportunity === null) return { ...this.config, dialect: this.store.dialect };
    return {
      ...this.config,
      dialect: this.store.dialect,
      // The unit-price index holds reporting amounts: a display currency reads the converted lines.
      pricesIndexed: filter.displayCurrency === null || filter.displayCurrency === this.config.reportingCurrency
        ? pricesIndexed(this.store, filter, this.viewer().scope, this.config) : false,
      pricedFrom: this.linesFor(filter),
      setsFrom: this.opportunitySetsSource(filter).relation,
    };
  }

  /**
   * A figure result shared with other requests (docs/rollups.md, "The result cache"): keyed by
   * `kind`, the request's own arguments as validated, the viewer's data scope and the as-of date;
   * `keep` says whether a result is worth remembering (not a huge one).
   */
  cached<T>(kind: string, args: unknown, compute: () => Promise<T>, keep?: (result: T) => boolean): Promise<T> {
    if (!this.config.resultCache) return compute();
    const { scope } = this.viewer();
    const key = JSON.stringify([kind, scope.categoryIds, scope.businessUnitIds, asOfDate(this.config), args]);
    return ResultCache.of(this.store).get(key, compute, keep);
  }

  /**
   * The viewer's scope as a condition over `spend_lines s`, or null when the viewer is not
   * scoped. Reads and writes use this same condition, so a scoped user's merges, rule runs and
   * counts touch exactly the lines they can see (docs/scope.md).
   */
  async scopeWhere(): Promise<Sql | null> {
    const { scope } = this.viewer();
    if (scope.categoryIds === null && scope.businessUnitIds === null) return null;
    return spendWhere(validateFilter(null), scope, await this.directory());
  }

  /** Spend per key under a filter and the viewer's scope, cached for the request. */
  spendByKey(key: 'category' | 'businessUnit' | 'contract' | 'supplier', filter: ValidFilter): Promise<Map<number | null, KeyedSpend>> {
    const cacheKey = `${key}:${JSON.stringify(filter)}`;
    let cached = this.spendCache.get(cacheKey);
    if (!cached) {
      cached = (async () => {
        await this.displayCurrency(filter);
        const where = spendWhere(filter, this.viewer().scope, await this.directory(), this.opportunityOptions(filter));
        const rows = await spendBy(this.store, key, where, this.linesFor(filter));
        return new Map(rows.map((r) => [r.k, { spend: money(r.spend), lines: Number(r.lines), onContract: money(r.on_contract) }]));
      })();
      this.spendCache.set(cacheKey, cached);
    }
    return cached;
  }
}

/** Spend per stored key (category id, business unit id, contract id, supplier id) under a filter. */
async function spendBy(store: Store, key: 'category' | 'businessUnit' | 'contract' | 'supplier', where: Sql, lines: Sql) {
  const column = { category: sql`s.category_id`, businessUnit: sql`s.business_unit_id`, contract: sql`s.contract_id`, supplier: sql`s.supplier_id` }[key];
  return store.query<{ k: number | null; spend: string; lines: string; on_contract: string }>(
    sql`SELECT ${column} AS k, SUM(s.amount_reporting) AS spend, COUNT(*) AS lines,
               SUM(CASE WHEN s.contract_id IS NOT NULL THEN s.amount_reporting ELSE 0 END) AS on_contract
        FROM ${lines} WHERE ${where} GROUP BY ${column}`,
    { name: `spend.by.${key}` },
  );
}

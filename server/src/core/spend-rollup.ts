import type { SpendDimension } from '../generated/graphql.js';
import { firstLine } from '../lib/first-line.js';
import { refreshStatistics } from '../store/dialect.js';
import { sql, type Sql } from '../store/sql.js';
import { SharedVersions } from '../store/shared-versions.js';
import type { Store } from '../store/store.js';
import { PRICE_POINTS_BUILD, priceEverythingBuild, type OpportunityRules, type PriceIndex } from './opportunities.js';
import type { ValidFilter } from './spend-filter.js';
import type { DataScope } from './viewer.js';
import { displayLines } from './display-currency.js';

/**
 * Aggregate awareness (docs/rollups.md). Spend figures are sums and counts over `spend_lines s`;
 * a rollup holds the same sums per month and a few keys, exposed under the lines' own column
 * names, so the statements that compute figures read either one unchanged except for counting
 * lines. A request is answered from the smallest rollup that holds every column it filters or
 * groups on, and only while that rollup was built from the lines as they are now; otherwise from
 * the lines.
 */

/** Columns a request needs from the spend it reads. */
export type SpendColumn = 'month'
  /** Time only to whole calendar quarters (quarter and year keys, periods from a quarter's first day to a quarter's last): every rollup by month holds it too. */
  | 'quarter'
  | 'category' | 'businessUnit' | 'supplier' | 'contract' | 'onContract' | 'po' | 'currency' | 'country'
  /** Distinct suppliers counted, never grouped or filtered by: a rollup with the supplier or with supplier sets answers it. */
  | 'supplierCount';

/** Where spend figures are read from: a relation aliased `s` and how it counts lines. */
export interface SpendSource {
  name: 'lines' | 'spend_rollup' | 'spend_rollup_small' | 'spend_rollup_units' | 'spend_rollup_sets' | 'spend_rollup_sets_quarters' | 'spend_rollup_display';
  /** `spend_lines s`, or a rollup under the lines' column names (`invoice_date` is the month's, or the quarter's, first day). */
  relation: Sql;
  /** How many lines satisfy `condition` (all when null): 0, never NULL, when none does. */
  count(condition: Sql | null): Sql;
  /**
   * A rollup that holds, instead of the supplier, the set of its rows' suppliers: that column (a
   * bit string). Distinct suppliers are then `bit_count(bit_or(set))` (docs/rollups.md, "Supplier sets").
   */
  supplierSet?: Sql;
}

export const LINES: SpendSource = {
  name: 'lines',
  relation: sql`spend_lines s`,
  count: (condition) => (condition ? sql`COUNT(CASE WHEN ${condition} THEN 1 END)` : sql`COUNT(*)`),
};

const rollupCount = (condition: Sql | null) =>
  condition ? sql`COALESCE(SUM(CASE WHEN ${condition} THEN s.line_count END), 0)` : sql`COALESCE(SUM(s.line_count), 0)`;

interface RollupDef extends SpendSource {
  name: 'spend_rollup' | 'spend_rollup_small' | 'spend_rollup_units' | 'spend_rollup_sets' | 'spend_rollup_sets_quarters';
  columns: ReadonlySet<SpendColumn>;
  /** Rebuilds the table from the lines (inside the rebuild's transaction). */
  build: Sql[];
}

/** How soon a process looks again while another one on the same database builds the rollups. */
const BUSY_RETRY_MS = 2_000;
/** Under a stream of writes, the gap after a rebuild is at least this many times its length. */
const REBUILD_PACE = 2;

/** How long to wait before a rebuild asked for `now`: `delayMs`, or longer while the last one (`lastMs` long, ended at `lastEnd`) is recent. */
export function pacedDelay(delayMs: number, lastEnd: number, lastMs: number, now: number): number {
  return Math.max(delayMs, lastEnd + REBUILD_PACE * lastMs - now);
}

/**
 * Smallest first: the first that holds every needed column answers. Each is written in month
 * order, so a period reads only the row groups of its months (docs/rollups.md, "Layout").
 */
const ROLLUPS: readonly RollupDef[] = [
  {
    name: 'spend_rollup_units',
    columns: new Set<SpendColumn>(['month', 'quarter', 'category', 'businessUnit', 'onContract', 'po']),
    relation: sql`(SELECT r.month AS invoice_date, r.category_id, r.business_unit_id, CASE WHEN r.on_contract THEN 0 END AS contract_id,
      CASE WHEN r.has_po THEN 'PO' END AS po_number, r.amount_reporting, r.quantity, r.line_count FROM spend_rollup_units r) s`,
    count: rollupCount,
    build: [
      sql`DELETE FROM spend_rollup_units`,
      sql`INSERT INTO spend_rollup_units
        SELECT month, category_id, business_unit_id, contract_id IS NOT NULL, has_po, SUM(amount_reporting), SUM(quantity), SUM(line_count)
        FROM spend_rollup GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2`,
    ],
  },
  {
    name: 'spend_rollup_sets_quarters',
    columns: new Set<SpendColumn>(['quarter', 'category', 'businessUnit', 'supplierCount']),
    relation: sql`(SELECT r.quarter AS invoice_date, r.category_id, r.business_unit_id, r.amount_reporting, r.quantity, r.line_count,
      r.suppliers AS supplier_set FROM spend_rollup_sets_quarters r) s`,
    count: rollupCount,
    supplierSet: sql`s.supplier_set`,
    // Built by `buildSupplierSets` with the sets by month.
    build: [],
  },
  {
    name: 'spend_rollup_sets',
    columns: new Set<SpendColumn>(['month', 'quarter', 'category', 'businessUnit', 'supplierCount']),
    relation: sql`(SELECT r.month AS invoice_date, r.category_id, r.business_unit_id, r.amount_reporting, r.quantity, r.line_count,
      r.suppliers AS supplier_set FROM spend_rollup_sets r) s`,
    count: rollupCount,
    supplierSet: sql`s.supplier_set`,
    // Built by `buildSupplierSets`, after the others: whether it is built depends on its size.
    build: [],
  },
  {
    name: 'spend_rollup_small',
    columns: new Set<SpendColumn>(['month', 'quarter', 'category', 'supplier', 'onContract']),
    // `contract_id` only says whether a line is on contract (0 or NULL): no request that needs the contract itself reads it.
    relation: sql`(SELECT r.month AS invoice_date, r.category_id, r.supplier_id, CASE WHEN r.on_contract THEN 0 END AS contract_id,
      r.amount_reporting, r.quantity, r.line_count FROM spend_rollup_small r) s`,
    count: rollupCount,
    build: [
      sql`DELETE FROM spend_rollup_small`,
      sql`INSERT INTO spend_rollup_small
        SELECT month, category_id, supplier_id, contract_id IS NOT NULL, SUM(amount_reporting), SUM(quantity), SUM(line_count)
        FROM spend_rollup GROUP BY 1, 2, 3, 4 ORDER BY 1, 2`,
    ],
  },
  {
    name: 'spend_rollup',
    columns: new Set<SpendColumn>(['month', 'quarter', 'category', 'businessUnit', 'supplier', 'contract', 'onContract', 'po', 'currency', 'country']),
    relation: sql`(SELECT r.month AS invoice_date, r.category_id, r.business_unit_id, r.supplier_id, r.contract_id,
      CASE WHEN r.has_po THEN 'PO' END AS po_number, r.currency, r.country_code, r.amount_reporting, r.quantity, r.line_count
      FROM spend_rollup r) s`,
    count: rollupCount,
    build: [
      sql`DELETE FROM spend_rollup`,
      sql`INSERT INTO spend_rollup
        SELECT CAST(date_trunc('month', invoice_date) AS DATE), category_id, business_unit_id, supplier_id, contract_id,
               po_number IS NOT NULL, currency, country_code, SUM(amount_reporting), SUM(quantity), COUNT(*)
        FROM spend_lines GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2`,
    ],
  },
];

/**
 * What each grain of the display currency's rollup holds (docs/rollups.md, "Display currency"):
 * the units rollup's columns, the small rollup's, and the small rollup's with the PO flag (the
 * overview's summary), smallest first.
 */
const DISPLAY_GRAINS: ReadonlyArray<{ grain: number; columns: ReadonlySet<SpendColumn>; relation: (currency: string) => Sql }> = [
  {
    grain: 0,
    columns: new Set<SpendColumn>(['month', 'quarter', 'category', 'businessUnit', 'onContract', 'po']),
    relation: (currency) => sql`(SELECT r.month AS invoice_date, r.category_id, r.business_unit_id, CASE WHEN r.on_contract THEN 0 END AS contract_id,
      CASE WHEN r.has_po THEN 'PO' END AS po_number, r.amount_reporting, r.quantity, r.line_count
      FROM spend_rollup_display r WHERE r.currency = ${currency} AND r.grain = 0) s`,
  },
  {
    grain: 1,
    columns: new Set<SpendColumn>(['month', 'quarter', 'category', 'supplier', 'supplierCount', 'onContract']),
    relation: (currency) => sql`(SELECT r.month AS invoice_date, r.category_id, r.supplier_id, CASE WHEN r.on_contract THEN 0 END AS contract_id,
      r.amount_reporting, r.quantity, r.line_count
      FROM spend_rollup_display r WHERE r.currency = ${currency} AND r.grain = 1) s`,
  },
  {
    grain: 2,
    columns: new Set<SpendColumn>(['month', 'quarter', 'category', 'supplier', 'supplierCount', 'onContract', 'po']),
    relation: (currency) => sql`(SELECT r.month AS invoice_date, r.category_id, r.supplier_id, CASE WHEN r.on_contract THEN 0 END AS contract_id,
      CASE WHEN r.has_po THEN 'PO' END AS po_number, r.amount_reporting, r.quantity, r.line_count
      FROM spend_rollup_display r WHERE r.currency = ${currency} AND r.grain = 2) s`,
  },
];

/**
 * Fills `spend_rollup_display` from the lines (in the rebuild's transaction): for each currency
 * of the FX table, the lines converted into it by the one rule (`displayLines`, the relation the
 * lines path reads), summed at both grains in one pass over the lines per currency.
 */
async function buildDisplayRollup(tx: Store, reporting: string | null): Promise<void> {
  await tx.execute(sql`DELETE FROM spend_rollup_display`, { name: 'rollup.spend_rollup_display' });
  // Not the reporting currency's own rates (the demo keeps them): figures in it never read this table.
  const currencies = await tx.query<{ currency: string }>(
    sql`SELECT DISTINCT currency FROM fx_rates WHERE currency <> ${reporting ?? ''} ORDER BY currency`, { name: 'rollup.spend_rollup_display.currencies' });
  for (const { currency } of currencies) {
    await tx.execute(sql`INSERT INTO spend_rollup_display
      SELECT ${currency}, CAST(CASE WHEN GROUPING(l.supplier_id) = 1 THEN 0 WHEN GROUPING(l.has_po) = 1 THEN 1 ELSE 2 END AS SMALLINT), l.month, l.category_id, l.business_unit_id, l.supplier_id, l.on_contract, l.has_po,
             SUM(l.amount_reporting), SUM(l.quantity), COUNT(*)
      FROM (SELECT CAST(date_trunc('month', s.invoice_date) AS DATE) AS month, s.category_id, s.business_unit_id, s.supplier_id,
                   s.contract_id IS NOT NULL AS on_contract, s.po_number IS NOT NULL AS has_po, s.amount_reporting, s.quantity
            FROM ${displayLines(tx.dialect, currency)}) l
      GROUP BY GROUPING SETS ((l.month, l.category_id, l.business_unit_id, l.on_contract, l.has_po), (l.month, l.category_id, l.supplier_id, l.on_contract),
        (l.month, l.category_id, l.supplier_id, l.on_contract, l.has_po))
      ORDER BY 2, 3, 4`, { name: 'rollup.spend_rollup_display', timeoutMs: 600_000 });
  }
}

/**
 * Where figures in the display currency `currency` (not the reporting one) are read from for a
 * request that needs `columns` (null: the lines): a grain of the display rollup when it is current
 * and holds them, else the lines converted one by one. Both apply the same rule, so they give the
 * same cents.
 */
export function displaySource(store: Store, columns: ReadonlySet<SpendColumn> | null, currency: string): SpendSource {
  const lines: SpendSource = { ...LINES, relation: displayLines(store.dialect, currency) };
  if (columns === null) return lines;
  const rollups = RollupMaintainer.of(store);
  if (!rollups || !rollups.isCurrent()) return lines;
  const grain = DISPLAY_GRAINS.find((g) => [...columns].every((c) => g.columns.has(c)));
  return grain ? { name: 'spend_rollup_display', relation: grain.relation(currency), count: rollupCount } : lines;
}

/** Whether `rollup` can answer for `column`: a rollup that keeps the supplier can count suppliers. */
const holds = (rollup: RollupDef, column: SpendColumn) => rollup.columns.has(column) || (column === 'supplierCount' && rollup.columns.has('supplier'));

/**
 * The supplier sets are built only while all of them together stay under this size (rows × one
 * bit per supplier with spend): 2,000 suppliers over the 10M demo's 43,000 rows take 11 MB; an
 * organisation with tens of thousands of suppliers counts them from the rollups that keep the
 * supplier instead.
 */
export const SUPPLIER_SETS_MAX_BYTES = 256 * 1024 * 1024;

/** A rollup's `month` as the first day of its calendar quarter. */
const QUARTER_OF_MONTH = sql`CAST(date_trunc('quarter', month) AS DATE)`;

/**
 * Fills `spend_rollup_sets` from the full rollup (just rebuilt, in the same transaction): each
 * supplier with spend gets a number 1…n in id order, and each row the bit string of its
 * suppliers' numbers; then `spend_rollup_sets_quarters`, each quarter's row the OR of its months'.
 * False, with both tables left empty, when the sets together would pass `maxBytes`.
 */
async function buildSupplierSets(tx: Store, maxBytes: number): Promise<boolean> {
  for (const table of [sql`spend_rollup_sets`, sql`spend_rollup_sets_quarters`]) await tx.execute(sql`DELETE FROM ${table}`, { name: 'rollup.spend_rollup_sets' });
  const [size] = await tx.query<{ suppliers: string | number; cells: string | number }>(
    sql`SELECT (SELECT COUNT(DISTINCT supplier_id) FROM spend_rollup) AS suppliers,
      (SELECT COUNT(*) FROM (SELECT DISTINCT month, category_id, business_unit_id FROM spend_rollup_units) u)
      + (SELECT COUNT(*) FROM (SELECT DISTINCT ${QUARTER_OF_MONTH}, category_id, business_unit_id FROM spend_rollup_units) q) AS cells`,
    { name: 'rollup.spend_rollup_sets.size' },
  );
  const suppliers = Number(size.suppliers);
  if (suppliers === 0) return true;
  if (Number(size.cells) * Math.ceil(suppliers / 8) > maxBytes) return false;
  const n = sql.int(suppliers);
  const set = tx.dialect === 'duckdb' ? sql`bitstring_agg(o.ordinal, 1, ${n})` : sql`bit_or(set_bit(CAST(repeat('0', ${n}) AS BIT VARYING), o.ordinal - 1, 1))`;
  await tx.execute(sql`INSERT INTO spend_rollup_sets
    SELECT r.month, r.category_id, r.business_unit_id, SUM(r.amount_reporting), SUM(r.quantity), SUM(r.line_count), ${set}
    FROM spend_rollup r
    JOIN (SELECT supplier_id, CAST(dense_rank() OVER (ORDER BY supplier_id) AS INTEGER) AS ordinal FROM (SELECT DISTINCT supplier_id FROM spend_rollup) d) o
      ON o.supplier_id = r.supplier_id
    GROUP BY 1, 2, 3 ORDER BY 1, 2`, { name: 'rollup.spend_rollup_sets', timeoutMs: 600_000 });
  await tx.execute(sql`INSERT INTO spend_rollup_sets_quarters
    SELECT ${QUARTER_OF_MONTH}, category_id, business_unit_id, SUM(amount_reporting), SUM(quantity), SUM(line_count), bit_or(suppliers)
    FROM spend_rollup_sets GROUP BY 1, 2, 3 ORDER BY 1, 2`, { name: 'rollup.spend_rollup_sets_quarters', timeoutMs: 600_000 });
  return true;
}

/**
 * Whether the supplier sets were built with the other rollups now in the database (for a process
 * that adopts another's build): they are, unless the table is empty while the units rollup is not.
 */
async function supplierSetsPresent(store: Store): Promise<boolean> {
  const [row] = await store.query<{ present: boolean }>(
    sql`SELECT (EXISTS (SELECT 1 FROM spend_rollup_sets) OR NOT EXISTS (SELECT 1 FROM spend_rollup_units)) AS present`,
    { name: 'rollup.spend_rollup_sets.present' },
  );
  return Boolean(row?.present);
}

/** The columns each dimension groups on; null: no rollup holds it. */
const DIMENSION_COLUMNS: Record<SpendDimension, SpendColumn | null> = {
  SUPPLIER: 'supplier', SUPPLIER_PARENT: 'supplier',
  CATEGORY_L1: 'category', CATEGORY_L2: 'category', CATEGORY_L3: 'category', CATEGORY_L4: 'category',
  BUSINESS_UNIT: 'businessUnit', COST_CENTER: null, GL_ACCOUNT: null, COUNTRY: 'country', CURRENCY: 'currency',
  CONTRACT: 'contract', ON_CONTRACT: 'onContract', PO_FLAG: 'po',
  // Fiscal years may start in any month, so their keys need the month (docs/rollups.md, "Supplier sets by quarter").
  YEAR: 'quarter', QUARTER: 'quarter', MONTH: 'month', FISCAL_YEAR: 'month', FISCAL_QUARTER: 'month',
};

export function dimensionColumn(dimension: SpendDimension): SpendColumn | null {
  return DIMENSION_COLUMNS[dimension];
}

const firstOfMonth = (d: string) => d.endsWith('-01');
function lastOfMonth(d: string): boolean {
  const next = new Date(`${d}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.getUTCDate() === 1;
}
/** Whether a period end (`YYYY-MM-DD`) is in a quarter's first month (a first day) or its last (a last day). */
const quarterMonth = (d: string, first: boolean) => (Number(d.slice(5, 7)) - (first ? 1 : 3)) % 3 === 0;
/** The time grain a period end needs: the quarter on a quarter's boundary, else the month; null between month boundaries. */
function endGrain(d: string, first: boolean): SpendColumn | null {
  if (!(first ? firstOfMonth(d) : lastOfMonth(d))) return null;
  return quarterMonth(d, first) ? 'quarter' : 'month';
}

/**
 * The columns a filter (under a scope) reads, or null when some part of it needs the lines
 * themselves: a date that is not a month boundary, text search, cost centre or GL account
 * members, or an opportunity other than off-contract.
 */
export function filterColumns(filter: ValidFilter, scope: DataScope): Set<SpendColumn> | null {
  const columns = new Set<SpendColumn>();
  for (const [date, first] of [[filter.dateFrom, true], [filter.dateTo, false]] as const) {
    if (date === null) continue;
    const grain = endGrain(date, first);
    if (grain === null) return null;
    columns.add(grain);
  }
  if (filter.search !== null) return null;
  if (filter.opportunity !== null && filter.opportunity !== 'OFF_CONTRACT') return null;
  if (filter.opportunity === 'OFF_CONTRACT' || filter.onContract !== null) columns.add('onContract');
  if (filter.categoryIds !== null || scope.categoryIds !== null) columns.add('category');
  if (filter.businessUnitIds !== null || scope.businessUnitIds !== null) columns.add('businessUnit');
  if (filter.supplierIds !== null) columns.add('supplier');
  if (filter.contractIds !== null) columns.add('contract');
  if (filter.countryCodes !== null) columns.add('country');
  if (filter.currencies !== null) columns.add('currency');
  if (filter.hasPo !== null) columns.add('po');
  for (const m of filter.members) {
    const column = DIMENSION_COLUMNS[m.dimension];
    if (column === null) return null;
    columns.add(column);
  }
  return columns;
}

/** A whole-month period (each end on a month boundary): the only kind a rollup can split. */
export function isWholeMonths(from: string, to: string): boolean {
  return firstOfMonth(from) && lastOfMonth(to);
}

/**
 * What a statement over a period and the one before it reads (the undated filter under the scope,
 * the month, and `needed`); null when only the lines can answer it: the filter needs them, or
 * either period does not start and end on month boundaries.
 */
export function periodColumns(
  undated: ValidFilter, scope: DataScope, period: { from: string; to: string; previousFrom: string; previousTo: string }, needed: readonly SpendColumn[],
): Set<SpendColumn> | null {
  const columns = filterColumns(undated, scope);
  if (!columns || !isWholeMonths(period.from, period.to) || !isWholeMonths(period.previousFrom, period.previousTo)) return null;
  for (const c of ['month', ...needed] as const) columns.add(c);
  return columns;
}

/**
 * Where to read spend from for a request that needs `columns` (null: the lines). Only a rollup
 * built at the store's current spend version is ever chosen.
 */
export function spendSource(store: Store, columns: ReadonlySet<SpendColumn> | null): SpendSource {
  if (columns === null) return LINES;
  const rollups = RollupMaintainer.of(store);
  if (!rollups || !rollups.isCurrent()) return LINES;
  return ROLLUPS.find((r) => (!r.supplierSet || rollups.supplierSetsCurrent()) && [...columns].every((c) => holds(r, c))) ?? LINES;
}

/**
 * Whether unit-price variance under `filter` may read the unit-price index (docs/rollups.md): it
 * was rebuilt at the store's current spend version, and the filter names only
 * columns it holds. Any dates will do for `price_points`, which keeps each line's own date; its
 * monthly totals per bucket (`price_buckets`) serve filters on whole months and categories only.
 */
export function pricesIndexed(store: Store, filter: ValidFilter, scope: DataScope, rules: OpportunityRules): PriceIndex {
  const rollups = RollupMaintainer.of(store);
  if (!rollups || !rollups.pricesCurrent()) return false;
  if (filterColumns({ ...filter, dateFrom: null, dateTo: null, opportunity: null }, scope) === null) return false;
  // With its dates, as a rollup would read it: null unless they fall on month boundaries.
  const monthly = filterColumns({ ...filter, opportunity: null }, scope);
  // No dates and nothing but categories: whole items, whose benchmarks the rebuild worked out.
  if (monthly !== null && [...monthly].every((c) => c === 'category') && rollups.pricesPrecomputedFor(rules)) return 'everything';
  return monthly !== null && [...monthly].every((c) => c === 'month' || c === 'quarter' || c === 'category') ? 'buckets' : 'points';
}

/** Every source a set of columns can be read from, for tests that compare them. */
export function sourcesFor(columns: ReadonlySet<SpendColumn>): SpendSource[] {
  return [LINES, ...ROLLUPS.filter((r) => [...columns].every((c) => holds(r, c)))];
}

/** The configuration a maintainer builds with: the opportunity rules, and the reporting currency (the display rollup leaves it out). */
type MaintainerRules = OpportunityRules & { reportingCurrency?: string };

/**
 * Keeps the rollups (and the unit-price index) of one database in step with its lines: rebuilt in the background shortly
 * after any spend write (writes close together share one rebuild), and trusted only while the
 * store's spend version is the one the rebuild started from (docs/rollups.md).
 */
export class RollupMaintainer {
  private static readonly attached = new WeakMap<object, RollupMaintainer>();
  /** The spend version the rollups were built at; -1 until the first build. */
  private builtAt = -1;
  /** The spend version the supplier sets were built at (with the other rollups, when they fit). */
  private setsBuiltAt = -1;
  /** The spend version the unit-price index was built at (after the rollups, in its own transaction). */
  private pricesBuiltAt = -1;
  private running: Promise<void> | null = null;
  /** How long the last rebuild took, and when it ended (ms): writes in a burst pace the next one. */
  private lastRebuildMs = 0;
  private lastRebuildEnd = 0;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly unsubscribe: () => void;

  private constructor(
    private readonly store: Store,
    private readonly log: (message: string) => void,
    private readonly delayMs: number,
    private readonly rules: MaintainerRules | null,
    private readonly supplierSetsMaxBytes: number,
  ) {
    const stops = [store.spendVersion.onChange(() => this.schedule())];
    // Several processes on one database (docs/scale-out.md): one rebuilds, the others take its
    // marks when they read them, so long as they hold no write of their own the marks predate.
    const shared = store.shared;
    if (shared) {
      const adopt = () => {
        if (this.running || store.spendVersion.writing > 0 || shared.value('spend') === undefined) return;
        if (shared.value('rollups_built') === shared.value('spend') && this.builtAt !== store.spendVersion.current) {
          const version = store.spendVersion.current;
          this.builtAt = version;
          this.setsBuiltAt = -1;
          // Whether the builder's sets fitted: until known, counts come from a rollup with the supplier.
          void supplierSetsPresent(store).then((present) => {
            if (present && this.builtAt === version) this.setsBuiltAt = version;
          }, () => undefined);
        }
        if (shared.value('prices_built') === shared.value('spend')) this.pricesBuiltAt = store.spendVersion.current;
      };
      stops.push(shared.onChange('rollups_built', adopt), shared.onChange('prices_built', adopt), shared.onChange('spend', adopt));
    }
    this.unsubscribe = () => stops.forEach((stop) => stop());
  }

  /**
   * Starts keeping `store`'s rollups (built once now, in the background); with `rules`, the
   * unit-price index also works out every line's benchmarks under them (`price_everything`).
   */
  static attach(
    store: Store, log: (message: string) => void = () => {}, delayMs = 250, rules: MaintainerRules | null = null, supplierSetsMaxBytes = SUPPLIER_SETS_MAX_BYTES,
  ): RollupMaintainer {
    const existing = RollupMaintainer.attached.get(store.spendVersion);
    if (existing && !existing.stopped) return existing;
    const maintainer = new RollupMaintainer(store, log, delayMs, rules, supplierSetsMaxBytes);
    RollupMaintainer.attached.set(store.spendVersion, maintainer);
    maintainer.schedule(0);
    return maintainer;
  }

  /** The maintainer of the database `store` belongs to (any view of it: a request's, a transaction's). */
  static of(store: Store): RollupMaintainer | undefined {
    return RollupMaintainer.attached.get(store.spendVersion);
  }

  isCurrent(): boolean {
    return this.builtAt === this.store.spendVersion.current;
  }

  /** Whether the supplier sets were built with the current rollups (they are left out when too large). */
  supplierSetsCurrent(): boolean {
    return this.isCurrent() && this.setsBuiltAt === this.store.spendVersion.current;
  }

  /** Whether the unit-price index matches the lines. */
  pricesCurrent(): boolean {
    return this.pricesBuiltAt === this.store.spendVersion.current;
  }

  /** Whether `price_everything` is current and was worked out for these rules. */
  pricesPrecomputedFor(rules: OpportunityRules): boolean {
    // Every current build of the index worked them out for this maintainer's rules, which never change.
    return this.pricesCurrent() && this.rules !== null
      && this.rules.priceBenchmarkPercentile === rules.priceBenchmarkPercentile
      && this.rules.priceVarianceMinLines === rules.priceVarianceMinLines;
  }

  private allCurrent(): boolean {
    return this.isCurrent() && this.pricesCurrent();
  }

  /** Resolves once the rollups and the unit-price index match the lines; false when they could not be built. For tests and benchmarks. */
  async settle(): Promise<boolean> {
    for (let attempt = 0; attempt < 5 && !this.stopped && !this.allCurrent(); attempt++) {
      if (this.timer) {
        clearTimeout(this.timer);
        this.timer = null;
      }
      if (this.running) await this.running;
      if (!this.allCurrent()) await this.rebuild();
    }
    return this.allCurrent();
  }

  stop(): void {
    this.stopped = true;
    this.unsubscribe();
    if (this.timer) clearTimeout(this.timer);
  }

  private schedule(delayMs = this.delayMs): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    // Writes in a steady stream (an import after another) would otherwise have a rebuild running
    // all the time beside them: the next starts no sooner than REBUILD_PACE times the last one's
    // length after it ended, so rebuilds take at most a third of the time (docs/rollups.md).
    const paced = pacedDelay(delayMs, this.lastRebuildEnd, this.lastRebuildMs, Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.rebuild();
    }, paced);
    this.timer.unref();
  }

  /**
   * Runs `build` in a transaction; where processes share the database, only when no other is
   * building the same thing and it was not already built from the lines as they are (then false
   * when another is at it: this process looks again a little later, in case that one dies).
   */
  private async buildOnce(job: 'rollups_built' | 'prices_built', build: (tx: Store) => Promise<void>): Promise<boolean> {
    if (!this.store.shared) {
      await this.store.transaction(build);
      return true;
    }
    const done = await this.store.transaction(async (tx) => {
      const claim = await SharedVersions.claim(tx, job);
      if (claim === null) return false;
      if (claim.built !== claim.spend) {
        await build(tx);
        await SharedVersions.mark(tx, job, claim.spend);
      }
      return true;
    });
    return done;
  }

  private rebuild(): Promise<void> {
    if (this.running) return this.running;
    this.again = false;
    // The version is read before the rebuild's snapshot: a write that moves it after this point
    // leaves the result marked stale, never trusted.
    const version = this.store.spendVersion.current;
    const started = Date.now();
    this.running = (async () => {
      let failed = false;
      /** Another process is building them: look again later. */
      let busy = false;
      let building = 'Spend rollups not rebuilt (figures come from the lines meanwhile)';
      try {
        // Largest first: the small rollup is built from the full one.
        let sets: boolean | null = null;
        const rollups = await this.buildOnce('rollups_built', async (tx) => {
          for (const r of [...ROLLUPS].reverse()) for (const statement of r.build) await tx.execute(statement, { name: `rollup.${r.name}`, timeoutMs: 600_000 });
          sets = await buildSupplierSets(tx, this.supplierSetsMaxBytes);
          await buildDisplayRollup(tx, this.rules?.reportingCurrency ?? null);
          for (const statement of refreshStatistics(tx.dialect, [...ROLLUPS.map((r) => r.name), 'spend_rollup_display'])) await tx.execute(statement, { name: 'rollup.analyze', timeoutMs: 600_000 });
        });
        if (!rollups) return void (busy = true);
        // Another process had built them from these lines already: whether its sets fitted is in the table.
        sets ??= await supplierSetsPresent(this.store);
        this.builtAt = version;
        this.setsBuiltAt = sets ? version : -1;
        // A write since the version was read: the next rebuild does the index (the `finally` below schedules it).
        if (this.store.spendVersion.current !== version) return;
        // The unit-price index takes several times as long (docs/rollups.md): in a transaction of
        // its own, so the rollups serve again as soon as they are built. Marked with the version
        // read before the rollups, so a write since then leaves it stale, never trusted.
        building = 'Unit-price index not rebuilt (unit-price variance comes from the lines meanwhile)';
        const prices = await this.buildOnce('prices_built', async (tx) => {
          for (const statement of PRICE_POINTS_BUILD) await tx.execute(statement, { name: 'rollup.price_points', timeoutMs: 600_000 });
          const everything = this.rules ? priceEverythingBuild(this.rules, tx.dialect) : [sql`DELETE FROM price_everything`];
          for (const statement of everything) await tx.execute(statement, { name: 'rollup.price_everything', timeoutMs: 600_000 });
          for (const statement of refreshStatistics(tx.dialect, ['price_items', 'price_points', 'price_buckets', 'price_everything'])) {
            await tx.execute(statement, { name: 'rollup.analyze', timeoutMs: 600_000 });
          }
        });
        if (!prices) return void (busy = true);
        this.pricesBuiltAt = version;
      } catch (error) {
        failed = true;
        if (!this.stopped) this.log(`${building}: ${firstLine(error)}`);
      } finally {
        this.running = null;
        this.lastRebuildEnd = Date.now();
        this.lastRebuildMs = this.lastRebuildEnd - started;
        // A failed rebuild is tried again at the next spend write, not in a loop.
        if (!this.stopped && busy) this.schedule(BUSY_RETRY_MS);
        else if (!this.stopped && (this.again || (!failed && !this.allCurrent()))) this.schedule();
      }
    })();
    return this.running;
  }
}

import { boundArray, percentileDisc, percentileDiscRank, type Dialect } from '../store/dialect.js';
import { sql, type Sql } from '../store/sql.js';

/**
 * The line sets behind each savings opportunity (docs/domain.md, savings opportunities), as SQL
 * over `spend_lines s`. The opportunities module sums them and `spendWhere` uses the same
 * builders for `SpendFilter.opportunity`, so the lines a drill-down lists are exactly the ones
 * behind the number it came from. Every set is computed under a base condition (the rest of the
 * filter and the caller's scope): the tail of IT spend is the tail within IT.
 */
export type OpportunityKind = 'TAIL_SPEND' | 'SUPPLIER_FRAGMENTATION' | 'OFF_CONTRACT' | 'PRICE_VARIANCE';

/** The constants the opportunities use; the server's config supplies them. */
export interface OpportunityRules {
  /** Tail: suppliers that together make the bottom this-many percent of spend. */
  tailSpendPercent: number;
  /** Fragmented: more than this many suppliers make `fragmentationPercent` of a category's spend. */
  fragmentationSuppliers: number;
  fragmentationPercent: number;
  /** The benchmark unit price of an item: this percentile of its prices (0 = the lowest). */
  priceBenchmarkPercentile: number;
  /** Items bought on fewer lines are not compared. */
  priceVarianceMinLines: number;
}

/**
 * The rules, and how this request may read unit prices: from the unit-price index when it matches
 * the lines and the filter names nothing it lacks (`pricesIndexed` in core/spend-rollup).
 */
export interface OpportunityOptions extends OpportunityRules {
  /** The engine the statement runs on (the unit-price benchmark is written differently on each). */
  dialect: Dialect;
  pricesIndexed?: PriceIndex;
  /**
   * Where the supplier-based sets (tail suppliers, fragmented categories) are worked out: the
   * lines, or a rollup under their column names, aliased `s` (`spendSource` in core/spend-rollup).
   */
  setsFrom?: Sql;
  /** The lines priced lines are read from, as `s` (the converted lines in a display currency); `spend_lines s` when absent. */
  pricedFrom?: Sql;
}

const SPEND_LINES = sql`spend_lines s`;

/** Net spend per supplier under `where` (read from `spend`): `(supplier_id, spend)`. */
export function supplierSpend(where: Sql, spend: Sql = SPEND_LINES): Sql {
  return sql`SELECT s.supplier_id, COALESCE(SUM(s.amount_reporting), 0) AS spend FROM ${spend} WHERE ${where} GROUP BY s.supplier_id`;
}

/**
 * Tail suppliers of a `(supplier_id, spend)` relation: ordered from the smallest spend (then by
 * id), those whose running total stays within the tail share of the total. Nothing is tail when
 * the total is not positive.
 */
export function tailSuppliers(spendBySupplier: Sql, rules: OpportunityRules): Sql {
  return sql`SELECT t.supplier_id FROM (
      SELECT ss.supplier_id,
             SUM(ss.spend) OVER (ORDER BY ss.spend, ss.supplier_id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS running,
             SUM(ss.spend) OVER () AS total
      FROM (${spendBySupplier}) ss) t
    WHERE t.total > 0 AND t.running * 100 <= t.total * ${sql.int(rules.tailSpendPercent)}`;
}

/** Net spend per (category, supplier) of classified lines under `where` (read from `spend`): `(category_id, supplier_id, spend)`. */
export function categorySupplierSpend(where: Sql, spend: Sql = SPEND_LINES): Sql {
  return sql`SELECT s.category_id, s.supplier_id, COALESCE(SUM(s.amount_reporting), 0) AS spend
    FROM ${spend} WHERE ${where} AND s.category_id IS NOT NULL GROUP BY s.category_id, s.supplier_id`;
}

/**
 * Fragmented categories of a `(category_id, supplier_id, spend)` relation, with `spend` (the
 * category's), `suppliers` (all of them) and `suppliers_for_share`: how many of its largest
 * suppliers it takes to reach the share. A supplier is needed while the suppliers above it have
 * not yet reached the share. Categories with no positive spend are never fragmented.
 */
export function fragmentedCategories(pairs: Sql, rules: OpportunityRules): Sql {
  const needed = sql`COUNT(CASE WHEN t.before * 100 < t.total * ${sql.int(rules.fragmentationPercent)} THEN 1 END)`;
  return sql`SELECT t.category_id, MAX(t.total) AS spend, COUNT(*) AS suppliers, ${needed} AS suppliers_for_share FROM (
      SELECT p.category_id, p.supplier_id,
             COALESCE(SUM(p.spend) OVER (PARTITION BY p.category_id ORDER BY p.spend DESC, p.supplier_id
                                         ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before,
             SUM(p.spend) OVER (PARTITION BY p.category_id) AS total
      FROM (${pairs}) p) t
    WHERE t.total > 0
    GROUP BY t.category_id
    HAVING ${needed} > ${sql.int(rules.fragmentationSuppliers)}`;
}

/**
 * What makes two lines the same item: the category and the description, case and outer spaces
 * aside. The stored `item_key` is that description (migration 013): every writer of lines sets it
 * (imports; the seed and each start fill any line written without one), so it is read as it is.
 * Keying from the description at query time cost a third of the opportunity's time at 10M lines
 * (docs/rollups.md, "Not rolled up").
 */
const ITEM_CATEGORY = sql`COALESCE(s.category_id, 0)`;
const ITEM_DESCRIPTION = sql`s.item_key`;
/**
 * A line's unit price in the reporting currency: amount over quantity. It orders and compares
 * prices only (a double, the same expression everywhere); money is never computed from it.
 */
const UNIT_PRICE = sql`CAST(s.amount_reporting AS DOUBLE PRECISION) / CAST(s.quantity AS DOUBLE PRECISION)`;

/** What makes a line of `spend_lines s` priced: a description, and a positive amount and quantity. */
const PRICED = sql`${ITEM_DESCRIPTION} IS NOT NULL AND ${ITEM_DESCRIPTION} <> '' AND s.quantity > 0 AND s.amount_reporting > 0`;

/**
 * Lines that have a unit price under `where`: a description, and a positive amount and quantity
 * (credit notes and zero-quantity lines are not purchases at a price). Columns: `id`,
 * `item_category` (0 for unclassified lines), `item`, `amount` (reporting), `quantity`, `unit_price`.
 */
export function pricedLines(where: Sql, lines: Sql = SPEND_LINES): Sql {
  return sql`SELECT s.id, ${ITEM_CATEGORY} AS item_category, ${ITEM_DESCRIPTION} AS item, s.amount_reporting AS amount,
      s.quantity, ${UNIT_PRICE} AS unit_price
    FROM ${lines}
    WHERE ${where} AND ${PRICED}`;
}

/** The benchmark's percentile as a fraction. */
const benchmarkFraction = (rules: OpportunityRules) => sql`(${sql.int(rules.priceBenchmarkPercentile)} / 100.0)`;

/**
 * The 0-based position of an item's benchmark among its `n` prices in ascending order, exactly as
 * the percentile aggregate picks it (nearest rank: max(1, ceil(n × q)) − 1, with the engine's own
 * double arithmetic), so both ways of finding the benchmark agree on every count.
 */
function benchmarkRank(n: Sql, rules: OpportunityRules, dialect: Dialect): Sql {
  return percentileDiscRank(dialect, n, benchmarkFraction(rules));
}

/**
 * The benchmark unit price per item of a `pricedLines` relation: the chosen percentile of the
 * prices paid (nearest rank, `percentileDisc`: a price actually paid), for items bought on at least
 * the minimum number of lines. Columns: `item_category`, `item`, `benchmark` (the price as
 * compared), `benchmark_price` (it as DECIMAL(18,6), what excess is computed from), `lines`.
 */
export function priceBenchmarks(priced: Sql, rules: OpportunityRules, dialect: Dialect): Sql {
  return sql`SELECT q.*, CAST(q.benchmark AS DECIMAL(18,6)) AS benchmark_price FROM (
      SELECT pl.item_category, pl.item, ${percentileDisc(dialect, sql`pl.unit_price`, benchmarkFraction(rules))} AS benchmark, COUNT(*) AS lines
      FROM (${priced}) pl GROUP BY pl.item_category, pl.item HAVING COUNT(*) >= ${sql.int(rules.priceVarianceMinLines)}) q`;
}

/*
 * The unit-price index (docs/rollups.md, "The unit-price index"). `price_points` holds every
 * priced line once with its unit price, the columns a filter can name (all but cost centre, GL
 * account and text) and `item_bucket`: the item's number times 64 (PRICE_BUCKET_BITS) plus the line's
 * bucket, a monotone function of its unit price within the item (equal prices, equal buckets; a
 * higher bucket, a higher price). Counting lines per bucket under a filter therefore says which
 * bucket holds an item's benchmark rank and how many prices lie below it; only that one bucket's
 * lines need sorting, and every line in a higher bucket is above the benchmark. Exact for any
 * bucketing that is monotone; the buckets' spread only decides how fast.
 */
export const PRICE_BUCKET_BITS = 6;

/**
 * Where unit prices are read: from the lines (false), from the unit-price index, from the
 * index with the lines per bucket counted from its monthly totals (`price_buckets`: about a tenth
 * of the rows; for filters on whole months and categories only), or from the benchmarks of every
 * line worked out at the index's rebuild (`price_everything`: for a filter and scope that name
 * categories at most, under the rules it was built with; `pricesIndexed` in core/spend-rollup
 * decides). An item is a category and a description, so a filter on categories keeps or drops
 * each item whole, with every one of its lines: its benchmark is the one over all its lines.
 */
export type PriceIndex = false | 'points' | 'buckets' | 'everything';

const PRICE_BUCKETS = 1 << PRICE_BUCKET_BITS;

/**
 * Rebuilds `price_items`, `price_points` and `price_buckets` from the lines (in a transaction of
 * its own, after the rollups').
 */
export const PRICE_POINTS_BUILD: readonly Sql[] = [
  sql`DELETE FROM price_points`,
  sql`DELETE FROM price_items`,
  // Each item's bucket range: its prices within three standard deviations of their mean (and
  // within its lowest and highest), so one stray price does not squeeze the rest into one bucket.
  sql`INSERT INTO price_items (item_id, item_category, item, low_price, high_price)
    SELECT CAST(row_number() OVER (ORDER BY r.item_category, r.item) AS INTEGER), r.item_category, r.item,
           GREATEST(r.lowest, r.mean - 3 * r.deviation), LEAST(r.highest, r.mean + 3 * r.deviation)
    FROM (SELECT ${ITEM_CATEGORY} AS item_category, ${ITEM_DESCRIPTION} AS item, MIN(${UNIT_PRICE}) AS lowest, MAX(${UNIT_PRICE}) AS highest,
                 AVG(${UNIT_PRICE}) AS mean, COALESCE(stddev_pop(${UNIT_PRICE}), 0) AS deviation
          FROM spend_lines s WHERE ${PRICED} GROUP BY 1, 2) r`,
  // Linear within the range, clamped at its ends: subtracting, scaling by a positive constant,
  // flooring and clamping each keep order, so the bucket never decreases as the price rises.
  sql`INSERT INTO price_points (item_bucket, id, unit_price, amount_reporting, quantity, invoice_date, category_id, business_unit_id,
                                supplier_id, contract_id, has_po, currency, country_code)
    SELECT (i.item_id << ${sql.int(PRICE_BUCKET_BITS)}) + CASE WHEN i.high_price > i.low_price
             THEN CAST(LEAST(${sql.int(PRICE_BUCKETS - 1)}, GREATEST(0, floor((${UNIT_PRICE} - i.low_price) * (${sql.int(PRICE_BUCKETS)} / (i.high_price - i.low_price))))) AS INTEGER)
             ELSE 0 END,
           s.id, ${UNIT_PRICE}, s.amount_reporting, s.quantity, s.invoice_date, s.category_id, s.business_unit_id, s.supplier_id, s.contract_id,
           s.po_number IS NOT NULL, s.currency, s.country_code
    FROM spend_lines s JOIN price_items i ON i.item_category = ${ITEM_CATEGORY} AND i.item = ${ITEM_DESCRIPTION}
    WHERE ${PRICED}`,
  sql`DELETE FROM price_buckets`,
  sql`INSERT INTO price_buckets (month, item_bucket, category_id, line_count, amount_reporting, quantity)
    SELECT CAST(date_trunc('month', p.invoice_date) AS DATE), p.item_bucket, p.category_id, COUNT(*), SUM(p.amount_reporting), SUM(p.quantity)
    FROM price_points p GROUP BY 1, 2, 3 ORDER BY 1, 2`,
];

/**
 * Fills `price_everything` (after PRICE_POINTS_BUILD, in the same transaction): every item's
 * benchmark over all lines, and the lines above it, computed by the same statements a request
 * would run (`indexedItems` over every line), for `rules`.
 */
export function priceEverythingBuild(rules: OpportunityRules, dialect: Dialect): Sql[] {
  return [
    sql`DELETE FROM price_everything`,
    sql`INSERT INTO price_everything (item_id, item_bucket, item_category, item, benchmark, benchmark_price, lines, spend, quantity, above)
      WITH ${indexedItems(sql`TRUE`, rules, 'buckets', dialect)}
      SELECT b.item_id, b.item_bucket, b.item_category, b.item, b.benchmark, b.benchmark_price, b.lines, i.spend, i.quantity, COALESCE(i.above, 0)
      FROM benchmarks b LEFT JOIN by_item i ON i.item_category = b.item_category AND i.item = b.item`,
  ];
}

/** `price_points` under the lines' column names, aliased `s`, so a filter's condition reads it unchanged. */
const PRICE_POINTS = sql`(SELECT p.id, p.item_bucket, p.unit_price, p.amount_reporting, p.quantity, p.invoice_date, p.category_id,
    p.business_unit_id, p.supplier_id, p.contract_id, CASE WHEN p.has_po THEN 'PO' END AS po_number, p.currency, p.country_code
  FROM price_points p) s`;

/** `price_everything` with its items' category under the lines' column name (NULL: unclassified), aliased `s`. */
const PRICE_EVERYTHING = sql`(SELECT e.*, CASE WHEN e.item_category = 0 THEN NULL ELSE e.item_category END AS category_id FROM price_everything e) s`;

/** `price_buckets` under the lines' column names (`invoice_date` is the month's first day), aliased `s`. */
const PRICE_BUCKETS_BY_MONTH = sql`(SELECT b.month AS invoice_date, b.category_id, b.item_bucket, b.line_count, b.amount_reporting, b.quantity
  FROM price_buckets b) s`;

/**
 * CTEs over the unit-price index under `where` ending in `benchmarks` (as `priceBenchmarks`,
 * plus `item_id` and `item_bucket`, the bucket holding the benchmark) and `pv_cum` (per bucket:
 * lines, amount, quantity). `pv_edge_lines` holds the lines of the benchmarks' buckets.
 */
function indexedBenchmarks(where: Sql, rules: OpportunityRules, index: Exclude<PriceIndex, false>, dialect: Dialect): Sql {
  // Worked out at the rebuild; chosen only when `where` names categories at most (pricesIndexed).
  if (index === 'everything') {
    return sql`benchmarks AS MATERIALIZED (
      SELECT s.item_category, s.item, s.item_id, s.item_bucket, s.benchmark, s.benchmark_price, s.lines FROM ${PRICE_EVERYTHING} WHERE ${where})`;
  }
  const bits = sql.int(PRICE_BUCKET_BITS);
  const rank = benchmarkRank(sql`c.total`, rules, dialect);
  const perBucket = index === 'buckets'
    ? sql`SELECT s.item_bucket, CAST(SUM(s.line_count) AS BIGINT) AS n, SUM(s.amount_reporting) AS amount, SUM(s.quantity) AS quantity
        FROM ${PRICE_BUCKETS_BY_MONTH} WHERE ${where} GROUP BY s.item_bucket`
    : sql`SELECT s.item_bucket, COUNT(*) AS n, SUM(s.amount_reporting) AS amount, SUM(s.quantity) AS quantity
        FROM ${PRICE_POINTS} WHERE ${where} GROUP BY s.item_bucket`;
  return sql`pv_buckets AS MATERIALIZED (${perBucket}),
    pv_cum AS MATERIALIZED (
      SELECT b.item_bucket >> ${bits} AS item_id, b.item_bucket, b.n, b.amount, b.quantity,
             COALESCE(SUM(b.n) OVER (PARTITION BY b.item_bucket >> ${bits} ORDER BY b.item_bucket ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS below,
             SUM(b.n) OVER (PARTITION BY b.item_bucket >> ${bits}) AS total
      FROM pv_buckets b),
    pv_edge AS MATERIALIZED (
      SELECT e.item_id, e.item_bucket, e.total, e.rank - e.below AS position
      FROM (SELECT c.*, ${rank} AS rank FROM pv_cum c WHERE c.total >= ${sql.int(rules.priceVarianceMinLines)}) e
      WHERE e.rank >= e.below AND e.rank < e.below + e.n),
    pv_edge_lines AS MATERIALIZED (
      SELECT s.item_bucket, s.unit_price, s.amount_reporting, s.quantity,
             row_number() OVER (PARTITION BY s.item_bucket ORDER BY s.unit_price) - 1 AS position
      FROM ${PRICE_POINTS} WHERE ${where} AND s.item_bucket IN (SELECT item_bucket FROM pv_edge)),
    benchmarks AS MATERIALIZED (
      SELECT i.item_category, i.item, e.item_id, e.item_bucket, l.unit_price AS benchmark, CAST(l.unit_price AS DECIMAL(18,6)) AS benchmark_price,
             e.total AS lines
      FROM pv_edge e JOIN pv_edge_lines l ON l.item_bucket = e.item_bucket AND l.position = e.position JOIN price_items i ON i.item_id = e.item_id)`;
}

/**
 * `by_item` after `indexedBenchmarks`: above the benchmark are whole buckets higher than its
 * bucket, and the lines of its bucket priced higher.
 */
const INDEXED_BY_ITEM = sql`by_item AS MATERIALIZED (
    SELECT b.item_category, b.item, b.benchmark_price, b.lines, SUM(x.amount) AS spend, SUM(x.quantity) AS quantity, SUM(x.n) AS above
    FROM benchmarks b JOIN (
      SELECT c.item_id, c.item_bucket, c.amount, c.quantity, c.n, CAST(NULL AS DOUBLE PRECISION) AS unit_price FROM pv_cum c
      UNION ALL
      SELECT l.item_bucket >> ${sql.int(PRICE_BUCKET_BITS)}, l.item_bucket, l.amount_reporting, l.quantity, 1, l.unit_price FROM pv_edge_lines l
    ) x ON x.item_id = b.item_id AND (x.item_bucket > b.item_bucket OR (x.item_bucket = b.item_bucket AND x.unit_price > b.benchmark))
    GROUP BY b.item_category, b.item, b.benchmark_price, b.lines)`;

/** `indexedBenchmarks` and `by_item` over the unit-price index under `where`. */
function indexedItems(where: Sql, rules: OpportunityRules, index: Exclude<PriceIndex, false>, dialect: Dialect): Sql {
  if (index === 'everything') {
    return sql`${indexedBenchmarks(where, rules, index, dialect)}, by_item AS MATERIALIZED (
      SELECT s.item_category, s.item, s.benchmark_price, s.lines, s.spend, s.quantity, s.above FROM ${PRICE_EVERYTHING} WHERE ${where} AND s.above > 0)`;
  }
  return sql`${indexedBenchmarks(where, rules, index, dialect)}, ${INDEXED_BY_ITEM}`;
}

/**
 * CTEs under `where` that end in `benchmarks` (see `priceBenchmarks`) and `by_item`: per item
 * with at least one line above its benchmark, `item_category`, `item`, `benchmark_price`,
 * `lines`, and the `spend`, `quantity` and count (`above`) of those lines. From the unit-price
 * index when `indexed`, else from the lines.
 */
export function priceVarianceItems(where: Sql, rules: OpportunityRules, indexed: PriceIndex, dialect: Dialect, lines: Sql = SPEND_LINES): Sql {
  if (!indexed) {
    return sql`benchmarks AS MATERIALIZED (${priceBenchmarks(pricedLines(where, lines), rules, dialect)}),
      by_item AS MATERIALIZED (
        SELECT b.item_category, b.item, b.benchmark_price, b.lines, SUM(pl.amount) AS spend, SUM(pl.quantity) AS quantity, COUNT(*) AS above
        FROM (${pricedLines(where, lines)}) pl JOIN benchmarks b ON b.item_category = pl.item_category AND b.item = pl.item
        WHERE pl.unit_price > b.benchmark
        GROUP BY b.item_category, b.item, b.benchmark_price, b.lines)`;
  }
  return indexedItems(where, rules, indexed, dialect);
}

/**
 * Each item's benchmark under `base` from the unit-price index (`item_id`, `item_bucket`, the
 * bucket holding it, and `benchmark`, the price), with `total_count` and `total_amount` of the
 * lines above them on every row (one row of totals and no benchmark when there is none).
 */
export function indexedBenchmarksWithTotals(base: Sql, rules: OpportunityRules, index: Exclude<PriceIndex, false>, dialect: Dialect): Sql {
  return sql`WITH ${indexedItems(base, rules, index, dialect)}
    SELECT b.item_id, b.item_bucket, b.benchmark, t.total_count, t.total_amount
    FROM (SELECT COALESCE(SUM(above), 0) AS total_count, SUM(spend) AS total_amount FROM by_item) t LEFT JOIN benchmarks b ON TRUE`;
}

/** One item's benchmark as `indexedBenchmarksWithTotals` finds it. */
export interface IndexedBenchmark { item_id: number; item_bucket: number; benchmark: number; [k: string]: string | number | boolean | null }

/**
 * The indexed lines under `base` above the given benchmarks (found in the same snapshot: item
 * numbers change at each rebuild), as a relation aliased `s` with the lines' id, date, amount and
 * keys. The benchmarks travel as two bound lists indexed by item number, so the condition is a
 * plain filter on the index: a page in date order then reads only the latest row groups. Prices
 * cross as JSON numbers, which JavaScript writes and the engine reads back exactly.
 */
export function indexedLinesAbove(base: Sql, benchmarks: readonly IndexedBenchmark[], dialect: Dialect): Sql {
  const size = Math.max(0, ...benchmarks.map((b) => b.item_id)) + 1;
  // Items without a benchmark get a bucket no line reaches.
  const buckets = new Array<number>(size).fill(2 ** 31 - 1);
  const prices = new Array<number>(size).fill(0);
  for (const b of benchmarks) {
    buckets[b.item_id] = b.item_bucket;
    prices[b.item_id] = b.benchmark;
  }
  const item = sql`(s.item_bucket >> ${sql.int(PRICE_BUCKET_BITS)}) + 1`;
  const edge = sql`(${boundArray(dialect, buckets, 'INTEGER')})[${item}]`;
  return sql`(SELECT s.* FROM ${PRICE_POINTS} WHERE ${base} AND (s.item_bucket > ${edge}
    OR (s.item_bucket = ${edge} AND s.unit_price > (${boundArray(dialect, prices, 'DOUBLE PRECISION')})[${item}]))) s`;
}

/**
 * Whether a line of `spend_lines s` is bought above its item's benchmark (priceBenchmarks over the
 * lines under `base`): the same comparison the opportunity's figures make, expressed per line so a
 * filter can use it. Lines of items without a benchmark are not above it. Written as a semi join on
 * the line id of the priced lines above their benchmark: as a correlated look-up of each line's
 * benchmark it took twice as long (docs/rollups.md, "Not rolled up"). From the unit-price index
 * when `indexed`.
 */
export function aboveBenchmark(base: Sql, rules: OpportunityRules, indexed: PriceIndex, dialect: Dialect, lines: Sql = SPEND_LINES): Sql {
  if (indexed) {
    return sql`s.id IN (WITH ${indexedBenchmarks(base, rules, indexed, dialect)}
      SELECT s.id FROM ${PRICE_POINTS} JOIN benchmarks b ON b.item_id = s.item_bucket >> ${sql.int(PRICE_BUCKET_BITS)}
      WHERE ${base} AND (s.item_bucket > b.item_bucket OR (s.item_bucket = b.item_bucket AND s.unit_price > b.benchmark)))`;
  }
  return sql`s.id IN (SELECT pl.id FROM (${pricedLines(base, lines)}) pl
    JOIN (${priceBenchmarks(pricedLines(base, lines), rules, dialect)}) b ON b.item_category = pl.item_category AND b.item = pl.item
    WHERE pl.unit_price > b.benchmark)`;
}

/** The condition over `spend_lines s` that keeps exactly the lines behind an opportunity, under `base`. */
export function opportunityCondition(kind: OpportunityKind, base: Sql, rules: OpportunityOptions): Sql {
  switch (kind) {
    case 'TAIL_SPEND':
      return sql`s.supplier_id IN (${tailSuppliers(supplierSpend(base, rules.setsFrom), rules)})`;
    case 'SUPPLIER_FRAGMENTATION':
      return sql`s.category_id IN (SELECT f.category_id FROM (${fragmentedCategories(categorySupplierSpend(base, rules.setsFrom), rules)}) f)`;
    case 'OFF_CONTRACT':
      return sql`s.contract_id IS NULL`;
    case 'PRICE_VARIANCE':
      return aboveBenchmark(base, rules, rules.pricesIndexed ?? false, rules.dialect, rules.pricedFrom);
  }
}

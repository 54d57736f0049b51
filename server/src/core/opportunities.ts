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

/** Net spend per supplier under `where`: `(supplier_id, spend)`. */
export function supplierSpend(where: Sql): Sql {
  return sql`SELECT s.supplier_id, COALESCE(SUM(s.amount_reporting), 0) AS spend FROM spend_lines s WHERE ${where} GROUP BY s.supplier_id`;
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

/** Net spend per (category, supplier) of classified lines under `where`: `(category_id, supplier_id, spend)`. */
export function categorySupplierSpend(where: Sql): Sql {
  return sql`SELECT s.category_id, s.supplier_id, COALESCE(SUM(s.amount_reporting), 0) AS spend
    FROM spend_lines s WHERE ${where} AND s.category_id IS NOT NULL GROUP BY s.category_id, s.supplier_id`;
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
 * (docs/opportunities.md, "Speed").
 */
const ITEM_CATEGORY = sql`COALESCE(s.category_id, 0)`;
const ITEM_DESCRIPTION = sql`s.item_key`;
/**
 * A line's unit price in the reporting currency: amount over quantity. It orders and compares
 * prices only (a double, the same expression everywhere); money is never computed from it.
 */
const UNIT_PRICE = sql`CAST(s.amount_reporting AS DOUBLE) / CAST(s.quantity AS DOUBLE)`;

/**
 * Lines that have a unit price under `where`: a description, and a positive amount and quantity
 * (credit notes and zero-quantity lines are not purchases at a price). Columns: `id`,
 * `item_category` (0 for unclassified lines), `item`, `amount` (reporting), `quantity`, `unit_price`.
 */
export function pricedLines(where: Sql): Sql {
  return sql`SELECT s.id, ${ITEM_CATEGORY} AS item_category, ${ITEM_DESCRIPTION} AS item, s.amount_reporting AS amount,
      s.quantity, ${UNIT_PRICE} AS unit_price
    FROM spend_lines s
    WHERE ${where} AND ${ITEM_DESCRIPTION} IS NOT NULL AND ${ITEM_DESCRIPTION} <> '' AND s.quantity > 0 AND s.amount_reporting > 0`;
}

/**
 * The benchmark unit price per item of a `pricedLines` relation: the chosen percentile of the
 * prices paid (nearest rank, `quantile_disc`: a price actually paid), for items bought on at least
 * the minimum number of lines. Columns: `item_category`, `item`, `benchmark` (the price as
 * compared), `benchmark_price` (it as DECIMAL(18,6), what excess is computed from), `lines`.
 */
export function priceBenchmarks(priced: Sql, rules: OpportunityRules): Sql {
  const fraction = sql`${sql.int(rules.priceBenchmarkPercentile)} / 100.0`;
  return sql`SELECT q.*, CAST(q.benchmark AS DECIMAL(18,6)) AS benchmark_price FROM (
      SELECT pl.item_category, pl.item, quantile_disc(pl.unit_price, ${fraction}) AS benchmark, COUNT(*) AS lines
      FROM (${priced}) pl GROUP BY pl.item_category, pl.item HAVING COUNT(*) >= ${sql.int(rules.priceVarianceMinLines)}) q`;
}

/**
 * Whether a line of `spend_lines s` is bought above its item's benchmark (priceBenchmarks over the
 * lines under `base`): the same comparison the opportunity's figures make, expressed per line so a
 * filter can use it. Lines of items without a benchmark are not above it. Written as a semi join on
 * the line id of the priced lines above their benchmark: as a correlated look-up of each line's
 * benchmark it took twice as long (docs/rollups.md, "Not rolled up").
 */
export function aboveBenchmark(base: Sql, rules: OpportunityRules): Sql {
  return sql`s.id IN (SELECT pl.id FROM (${pricedLines(base)}) pl
    JOIN (${priceBenchmarks(pricedLines(base), rules)}) b ON b.item_category = pl.item_category AND b.item = pl.item
    WHERE pl.unit_price > b.benchmark)`;
}

/** The condition over `spend_lines s` that keeps exactly the lines behind an opportunity, under `base`. */
export function opportunityCondition(kind: OpportunityKind, base: Sql, rules: OpportunityRules): Sql {
  switch (kind) {
    case 'TAIL_SPEND':
      return sql`s.supplier_id IN (${tailSuppliers(supplierSpend(base), rules)})`;
    case 'SUPPLIER_FRAGMENTATION':
      return sql`s.category_id IN (SELECT f.category_id FROM (${fragmentedCategories(categorySupplierSpend(base), rules)}) f)`;
    case 'OFF_CONTRACT':
      return sql`s.contract_id IS NULL`;
    case 'PRICE_VARIANCE':
      return aboveBenchmark(base, rules);
  }
}

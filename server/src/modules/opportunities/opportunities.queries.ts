import { fragmentedCategories, priceVarianceItems, tailSuppliers, type OpportunityRules, type PriceIndex } from '../../core/opportunities.js';
import { jsonArrayAgg } from '../../store/dialect.js';
import { sql, type Sql } from '../../store/sql.js';
import { LINES, type SpendSource } from '../../core/spend-rollup.js';
import type { Store } from '../../store/store.js';

/** Lists the panel shows at most; the API's `limit` arguments slice them. */
export const MAX_LISTED = 100;

export interface SupplierSetRow {
  total: string | null;
  all_suppliers: string | null;
  tail_spend: string | null;
  tail_lines: string | null;
  tail_suppliers: string | null;
  fragmented_spend: string | null;
  fragmented_lines: string | null;
  /** JSON: `[{ category_id, spend, suppliers, suppliers_for_share }]`, money as text. */
  fragmented_categories: string | null;
  off_spend: string | null;
  off_lines: string | null;
  off_suppliers: string | null;
  [k: string]: string | number | boolean | null;
}

export interface FragmentedCategoryRow { category_id: number; spend: string; suppliers: number; suppliers_for_share: number }

/**
 * Tail, fragmentation and off-contract figures in one statement: the lines under `where` are
 * grouped once by (category, supplier); the tail suppliers and fragmented categories are found on
 * those partial sums with the same builders `SpendFilter.opportunity` uses over the lines.
 */
export async function supplierSetFigures(store: Store, where: Sql, rules: OpportunityRules, source: SpendSource = LINES): Promise<SupplierSetRow> {
  const [row] = await store.query<SupplierSetRow>(
    sql`WITH pairs AS MATERIALIZED (
          SELECT s.category_id, s.supplier_id, COALESCE(SUM(s.amount_reporting), 0) AS spend, ${source.count(null)} AS lines,
                 COALESCE(SUM(CASE WHEN s.contract_id IS NULL THEN s.amount_reporting END), 0) AS off_spend,
                 ${source.count(sql`s.contract_id IS NULL`)} AS off_lines
          FROM ${source.relation} WHERE ${where} GROUP BY s.category_id, s.supplier_id
        ),
        by_supplier AS MATERIALIZED (SELECT supplier_id, SUM(spend) AS spend, SUM(lines) AS lines FROM pairs GROUP BY supplier_id),
        tail AS (${tailSuppliers(sql`SELECT supplier_id, spend FROM by_supplier`, rules)}),
        fragmented AS MATERIALIZED (${fragmentedCategories(sql`SELECT category_id, supplier_id, spend FROM pairs WHERE category_id IS NOT NULL`, rules)})
        SELECT
          (SELECT SUM(spend) FROM pairs) AS total,
          (SELECT COUNT(*) FROM by_supplier) AS all_suppliers,
          (SELECT SUM(spend) FROM by_supplier WHERE supplier_id IN (SELECT supplier_id FROM tail)) AS tail_spend,
          (SELECT SUM(lines) FROM by_supplier WHERE supplier_id IN (SELECT supplier_id FROM tail)) AS tail_lines,
          (SELECT COUNT(*) FROM tail) AS tail_suppliers,
          (SELECT SUM(spend) FROM pairs WHERE category_id IN (SELECT category_id FROM fragmented)) AS fragmented_spend,
          (SELECT SUM(lines) FROM pairs WHERE category_id IN (SELECT category_id FROM fragmented)) AS fragmented_lines,
          (SELECT ${jsonArrayAgg(store.dialect, [
            ['category_id', sql`f.category_id`], ['spend', sql`CAST(f.spend AS VARCHAR)`], ['suppliers', sql`f.suppliers`],
            ['suppliers_for_share', sql`f.suppliers_for_share`]], sql`f.spend DESC, f.category_id`)}
           FROM fragmented f) AS fragmented_categories,
          (SELECT SUM(off_spend) FROM pairs) AS off_spend,
          (SELECT SUM(off_lines) FROM pairs) AS off_lines,
          (SELECT COUNT(DISTINCT supplier_id) FROM pairs WHERE off_lines > 0) AS off_suppliers`,
    { name: 'opportunities.supplierSets' },
  );
  return row;
}

export interface PriceVarianceRow {
  items: string | null;
  excess: string | null;
  spend: string | null;
  lines: string | null;
  /** JSON: `[{ item_category, item, lines, benchmark_price, spend, excess }]`, money and prices as text. */
  top: string | null;
  [k: string]: string | number | boolean | null;
}

export interface PriceVarianceItemRow { item_category: number; item: string; lines: number; benchmark_price: string; spend: string; excess: string }

/**
 * Unit-price variance in one statement: each item's benchmark, then the lines above it summed per
 * item (amount, quantity, count), from the unit-price index when `indexed` (docs/rollups.md) or
 * from the lines, and the excess worked out per item from those exact sums: amount less
 * benchmark × quantity, rounded half to even to the cent, not below zero.
 */
export async function priceVarianceFigures(store: Store, where: Sql, rules: OpportunityRules, indexed: PriceIndex = false, lines?: Sql): Promise<PriceVarianceRow> {
  const atBenchmark = sql.roundHalfEvenCents(sql`CAST(i.benchmark_price AS DECIMAL(38,6)) * i.quantity`);
  const [row] = await store.query<PriceVarianceRow>(
    sql`WITH ${priceVarianceItems(where, rules, indexed, store.dialect, lines)},
        items AS MATERIALIZED (SELECT i.*, GREATEST(i.spend - ${atBenchmark}, 0) AS excess FROM by_item i),
        top AS (SELECT * FROM items ORDER BY excess DESC, item_category, item LIMIT ${sql.int(MAX_LISTED)})
        SELECT
          (SELECT COUNT(*) FROM benchmarks) AS items,
          (SELECT SUM(excess) FROM items) AS excess,
          (SELECT SUM(spend) FROM items) AS spend,
          (SELECT SUM(above) FROM items) AS lines,
          (SELECT ${jsonArrayAgg(store.dialect, [
            ['item_category', sql`t.item_category`], ['item', sql`t.item`], ['lines', sql`t.lines`],
            ['benchmark_price', sql`CAST(t.benchmark_price AS VARCHAR)`], ['spend', sql`CAST(t.spend AS VARCHAR)`],
            ['excess', sql`CAST(t.excess AS VARCHAR)`]], sql`t.excess DESC, t.item_category, t.item`)}
           FROM top t) AS top`,
    { name: indexed ? `opportunities.priceVariance.${indexed}` : 'opportunities.priceVariance' },
  );
  return row;
}

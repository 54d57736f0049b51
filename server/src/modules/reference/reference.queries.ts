import { sql, type Sql } from '../../store/sql.js';
import type { Store } from '../../store/store.js';

export function fxRates(store: Store, currency: string | null) {
  return store.query<{ currency: string; month: string; rate: string; updated_at: string }>(
    sql`SELECT currency, CAST(month AS VARCHAR) AS month, CAST(rate_to_reporting AS VARCHAR) AS rate, updated_at FROM fx_rates
        ${currency ? sql`WHERE currency = ${currency}` : sql``} ORDER BY month DESC, currency`,
    { name: 'fx.list' },
  );
}

/** Lines without a reporting amount, within `scope` (a condition over `spend_lines s`). */
export async function linesWithoutRate(store: Store, scope: Sql): Promise<number> {
  const [row] = await store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM spend_lines s WHERE s.amount_reporting IS NULL AND ${scope}`, { name: 'fx.missing' });
  return Number(row.n);
}

/** Inserts or replaces one month's rate; true when it replaced one. */
export async function upsertRate(store: Store, currency: string, month: string, rate: string, now: string): Promise<boolean> {
  const existing = await store.query(sql`SELECT 1 AS x FROM fx_rates WHERE currency = ${currency} AND month = CAST(${month} AS DATE)`, { name: 'fx.exists' });
  await store.execute(
    existing.length
      ? sql`UPDATE fx_rates SET rate_to_reporting = CAST(${rate} AS DECIMAL(18,6)), updated_at = CAST(${now} AS TIMESTAMP)
            WHERE currency = ${currency} AND month = CAST(${month} AS DATE)`
      : sql`INSERT INTO fx_rates (currency, month, rate_to_reporting, created_at, updated_at)
            VALUES (${currency}, CAST(${month} AS DATE), CAST(${rate} AS DECIMAL(18,6)), CAST(${now} AS TIMESTAMP), CAST(${now} AS TIMESTAMP))`,
    { name: 'fx.upsert' },
  );
  return existing.length > 0;
}

/** Re-converts the lines of every month whose rate was set at `now` (exact, half-even to the cent). */
export async function reconvert(store: Store, now: string): Promise<number> {
  const rows = await store.query<{ id: string }>(
    sql`UPDATE spend_lines AS s SET amount_reporting = ${sql.roundHalfEvenCents(sql`s.amount * r.rate_to_reporting`)}
        FROM fx_rates r
        WHERE r.currency = s.currency AND r.month = CAST(date_trunc('month', s.invoice_date) AS DATE) AND r.updated_at = CAST(${now} AS TIMESTAMP)
        RETURNING s.id`,
    { name: 'fx.reconvert', timeoutMs: 600_000 },
  );
  return rows.length;
}

export function categories(store: Store) {
  return store.query<{ id: number; code: string; name: string; parent_id: number | null; naics_code: string | null }>(
    sql`SELECT id, code, name, parent_id, naics_code FROM categories`,
    { name: 'taxonomy.current' },
  );
}

export const taxonomySteps = {
  clear: sql`DELETE FROM category_import`,
  insertNew: (now: string) => sql`
    INSERT INTO categories (id, code, name, parent_id, level, l1_id, l2_id, l3_id, l4_id, naics_code, created_at, updated_at)
    SELECT id, code, name, parent_id, level, l1_id, l2_id, l3_id, l4_id, naics_code, CAST(${now} AS TIMESTAMP), CAST(${now} AS TIMESTAMP)
    FROM category_import WHERE is_new`,
  updateExisting: (now: string) => sql`
    UPDATE categories AS c SET name = ci.name, parent_id = ci.parent_id, level = ci.level, l1_id = ci.l1_id, l2_id = ci.l2_id,
      l3_id = ci.l3_id, l4_id = ci.l4_id, naics_code = COALESCE(ci.naics_code, c.naics_code), version = c.version + 1,
      updated_at = CAST(${now} AS TIMESTAMP)
    FROM category_import ci WHERE ci.id = c.id AND NOT ci.is_new`,
};

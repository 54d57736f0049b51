import { atVersion } from '../../core/versions.js';
import { fromScaled, MAX_AMOUNT_CENTS } from '../../lib/decimal.js';
import { sql, type Sql } from '../../store/sql.js';
import type { Store } from '../../store/store.js';

/** Rates, newest month first: all, one currency's, or (with `month`, its first day) one month's of it. */
export function fxRates(store: Store, currency: string | null, month: string | null = null) {
  return store.query<{ currency: string; month: string; rate: string; version: number; created_at: string; updated_at: string }>(
    sql`SELECT currency, CAST(month AS VARCHAR) AS month, CAST(rate_to_reporting AS VARCHAR) AS rate, version, created_at, updated_at FROM fx_rates
        ${currency ? sql`WHERE currency = ${currency}` : sql``} ${currency && month ? sql`AND month = CAST(${month} AS DATE)` : sql``}
        ORDER BY month DESC, currency`,
    { name: 'fx.list' },
  );
}

/** Lines without a reporting amount, within `scope` (a condition over `spend_lines s`). */
export async function linesWithoutRate(store: Store, scope: Sql): Promise<number> {
  const [row] = await store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM spend_lines s WHERE s.amount_reporting IS NULL AND ${scope}`, { name: 'fx.missing' });
  return Number(row.n);
}

/**
 * Inserts or replaces one month's rate. `expectedVersion`: the version the caller saw (0: it saw
 * no rate for the month), or undefined to replace whatever is there (a CSV import). Returns the
 * rate it replaced (null when the month had none), or `stale` when the month's rate is not at
 * `expectedVersion` any more; the version check is in the write itself, so two writers at one
 * moment cannot both pass it.
 */
export async function upsertRate(store: Store, currency: string, month: string, rate: string, now: string, expectedVersion?: number): Promise<{ replaced: string | null } | 'stale'> {
  const [existing] = await store.query<{ rate: string; version: number }>(
    sql`SELECT CAST(rate_to_reporting AS VARCHAR) AS rate, version FROM fx_rates WHERE currency = ${currency} AND month = CAST(${month} AS DATE)`, { name: 'fx.exists' });
  if (expectedVersion !== undefined && (existing?.version ?? 0) !== expectedVersion) return 'stale';
  if (!existing) {
    await store.execute(
      sql`INSERT INTO fx_rates (currency, month, rate_to_reporting, version, created_at, updated_at)
          VALUES (${currency}, CAST(${month} AS DATE), CAST(${rate} AS DECIMAL(18,6)), 1, CAST(${now} AS TIMESTAMP), CAST(${now} AS TIMESTAMP))`,
      { name: 'fx.insert' },
    );
    return { replaced: null };
  }
  const updated = await store.query(
    sql`UPDATE fx_rates SET rate_to_reporting = CAST(${rate} AS DECIMAL(18,6)), version = version + 1, updated_at = CAST(${now} AS TIMESTAMP)
        WHERE currency = ${currency} AND month = CAST(${month} AS DATE) AND ${atVersion(expectedVersion)} RETURNING version`,
    { name: 'fx.update' },
  );
  return updated.length === 1 ? { replaced: existing.rate } : 'stale';
}

/**
 * A line's amount at its month's rate, half to even at the cent (DECIMAL(38,2), exact like the
 * conversion at import, modules/imports/fx.ts). The amount is widened first: DuckDB multiplies
 * DECIMAL(18,2) by DECIMAL(18,6) in 64 bits, which overflowed once amount × rate reached 10^8.
 */
const CONVERTED = sql.roundHalfEvenCentsWide(sql`CAST(s.amount AS DECIMAL(38,2)) * r.rate_to_reporting`);

/** A line `s` meets the rate `r` of its currency and month, when that rate was set at `now`. */
const rateSetAt = (now: string) =>
  sql`r.currency = s.currency AND r.month = CAST(date_trunc('month', s.invoice_date) AS DATE) AND r.updated_at = CAST(${now} AS TIMESTAMP)`;

/** The lines of every month whose rate was set at `now`, with that rate as `r`. */
const ratedAt = (now: string) => sql`spend_lines s JOIN fx_rates r ON ${rateSetAt(now)}`;

/** The limit of a stored amount (DECIMAL(18,2)) as SQL: a converted amount this large in absolute value does not fit. */
const TOO_LARGE = sql`CAST(${fromScaled(MAX_AMOUNT_CENTS, 2)} AS DECIMAL(38,2))`;

export interface OversizedConversion {
  /** Lines whose amount at the new rate does not fit a stored amount. */
  lines: number;
  /** The rates (currency and month) that make them. */
  rates: Array<{ currency: string; month: string; lines: number }>;
  /** The first such line. */
  example: { id: string; amount: string; currency: string; invoiceDate: string; rate: string; converted: string };
}

/**
 * The lines that the rates set at `now` would convert to ±10^16 or more, which a stored amount
 * cannot hold (docs/imports.md, "Amounts that do not fit"), or null when there are none.
 */
export async function oversizedConversions(store: Store, now: string): Promise<OversizedConversion | null> {
  const byRate = await store.query<{ currency: string; month: string; n: string; first_id: string }>(
    sql`SELECT r.currency, CAST(r.month AS VARCHAR) AS month, COUNT(*) AS n, CAST(MIN(s.id) AS VARCHAR) AS first_id
        FROM ${ratedAt(now)} WHERE ABS(${CONVERTED}) >= ${TOO_LARGE}
        GROUP BY r.currency, r.month ORDER BY MIN(s.id)`,
    { name: 'fx.oversized', timeoutMs: 600_000 },
  );
  if (!byRate.length) return null;
  const [example] = await store.query<{ id: string; amount: string; currency: string; invoice_date: string; rate: string; converted: string }>(
    sql`SELECT CAST(s.id AS VARCHAR) AS id, CAST(s.amount AS VARCHAR) AS amount, s.currency, CAST(s.invoice_date AS VARCHAR) AS invoice_date,
          CAST(r.rate_to_reporting AS VARCHAR) AS rate, CAST(${CONVERTED} AS VARCHAR) AS converted
        FROM ${ratedAt(now)} WHERE s.id = ${Number(byRate[0].first_id)}`,
    { name: 'fx.oversizedExample' },
  );
  return {
    lines: byRate.reduce((n, r) => n + Number(r.n), 0),
    rates: byRate.map((r) => ({ currency: r.currency, month: r.month.slice(0, 7), lines: Number(r.n) })),
    example: { id: example.id, amount: example.amount, currency: example.currency, invoiceDate: example.invoice_date, rate: example.rate, converted: example.converted },
  };
}

/**
 * Re-converts the lines of every month whose rate was set at `now` (exact, half-even to the cent).
 * Every result must fit a stored amount: `oversizedConversions` first.
 */
export async function reconvert(store: Store, now: string): Promise<number> {
  const rows = await store.query<{ id: string }>(
    sql`UPDATE spend_lines AS s SET amount_reporting = CAST(${CONVERTED} AS DECIMAL(18,2))
        FROM fx_rates r WHERE ${rateSetAt(now)}
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

import { badInput } from '../errors.js';
import type { Dialect } from '../store/dialect.js';
import { sql, type Sql } from '../store/sql.js';
import type { Store } from '../store/store.js';

/**
 * The display currency (docs/domain.md, "Display currency"): every figure under a filter naming
 * `displayCurrency` is in that currency. One rule for every figure: each line's reporting amount
 * is divided by the display currency's rate for the line's month (`fx_rates.rate_to_reporting`,
 * reporting units per display unit) and rounded half to even at the cent, exactly (integer
 * arithmetic in the engine); figures are sums of those line amounts. So a parent is the sum of its
 * children to the cent, a drill-down's lines total the cell, and an export ties to the screen. A
 * line whose month has no display rate has no display amount (NULL): it is left out of the sums
 * and counted, as a line without a reporting rate is.
 */

/** Every column of `spend_lines`, in table order; `server/test/display-currency.test.ts` holds it to the catalogue. */
export const SPEND_LINE_COLUMNS = [
  'id', 'import_batch_id', 'source_ref', 'invoice_date', 'posting_date', 'supplier_id', 'raw_supplier_name', 'category_id',
  'classification_source', 'classification_rule_id', 'business_unit_id', 'cost_center_id', 'gl_account_id', 'description', 'quantity',
  'unit_price', 'amount', 'currency', 'amount_reporting', 'contract_id', 'po_number', 'country_code', 'created_at', 'updated_at',
  'source_category', 'item_key', 'classification_confidence', 'classification_model_version',
] as const;

/** A rate (DECIMAL(18,6)) as a 64-bit integer of millionths; widened first, as 10^12 × 10^6 overflows DuckDB's 18-digit product. */
export function rateMicros(rate: Sql): Sql {
  return sql`CAST(CAST(NULLIF(${rate}, 0) AS DECIMAL(38,6)) * 1000000 AS BIGINT)`;
}

/**
 * The display amount of each row of `from` (which names the reporting amount `l.amount_reporting`
 * and the display rate in millionths `d.r` (`rateMicros`), NULL when there is none), with the columns `keep`
 * (over `x`). `n` is the absolute amount in cents times 10^6 and `r` the rate times 10^6, so
 * `n / r` is the display amount in cents: `q` its integer part, `n - q·r` the remainder, rounded
 * half to even. In 64-bit integers while `n` fits them (amounts under 90 billion, every real
 * line), else in 38 digits: DuckDB's 128-bit division took 1 µs a line, 14 times the 64-bit one.
 */
export function convertedRows(dialect: Dialect, from: Sql, keep: readonly Sql[]): Sql {
  const wide = dialect === 'duckdb' ? sql`HUGEINT` : sql`NUMERIC`;
  const divide = (a: Sql, b: Sql, narrow: boolean) => (dialect === 'duckdb' ? sql`((${a}) // (${b}))` : narrow ? sql`((${a}) / (${b}))` : sql`div(${a}, ${b})`);
  const rounded = (q: Sql, n: Sql, r: Sql) => {
    const rem = sql`(${n} - ${q} * ${r})`;
    return sql`(${q} + CASE WHEN 2 * ${rem} > ${r} OR (2 * ${rem} = ${r} AND ${q} % 2 = 1) THEN 1 ELSE 0 END)`;
  };
  const cents = (value: Sql) => sql`CAST(CAST(x.sg * ${value} AS DECIMAL(38,0)) * 0.01 AS DECIMAL(38,2))`;
  return sql`SELECT ${sql.join([...keep, sql`CASE WHEN x.r IS NULL OR x.sg IS NULL THEN NULL
        WHEN x.small THEN ${cents(rounded(sql`x.q`, sql`x.n`, sql`x.r`))}
        ELSE ${cents(rounded(sql`x.qw`, sql`x.nw`, sql`CAST(x.r AS ${wide})`))} END AS amount_reporting`], sql`, `)}
    FROM (SELECT z.*, CASE WHEN z.small THEN ${divide(sql`z.n`, sql`z.r`, true)} END AS q,
                 CASE WHEN NOT z.small THEN ${divide(sql`z.nw`, sql`CAST(z.r AS ${wide})`, false)} END AS qw
      FROM (SELECT y.*,
                   CASE WHEN y.small THEN ABS(CAST(y.amount_reporting * 100 AS BIGINT)) * 1000000 END AS n,
                   CASE WHEN NOT y.small THEN ABS(CAST(CAST(y.amount_reporting AS DECIMAL(38,2)) * 100 AS ${wide})) * CAST(1000000 AS ${wide}) END AS nw
        FROM (SELECT l.*, SIGN(l.amount_reporting) AS sg, ABS(l.amount_reporting) < 90000000000 AS small, d.r
              FROM ${from}) y) z) x`;
}

/** `spend_lines` as `s` with `amount_reporting` in `currency`: the rule above. */
export function displayLines(dialect: Dialect, currency: string): Sql {
  const columns = SPEND_LINE_COLUMNS.filter((c) => c !== 'amount_reporting').map((c) => sql`x.${sql.identifier(c)}`);
  return sql`(${convertedRows(dialect, sql`spend_lines l
    LEFT JOIN (SELECT month, ${rateMicros(sql`rate_to_reporting`)} AS r FROM fx_rates WHERE currency = ${currency}) d
      ON d.month = CAST(date_trunc('month', l.invoice_date) AS DATE)`, columns)}) s`;
}

/**
 * The display currency a validated filter names, checked against the FX table: null for the
 * reporting currency (named or left out); `BAD_USER_INPUT` naming the field when no rate into it exists.
 */
export async function resolveDisplayCurrency(store: Store, reporting: string, currency: string | null, field: string): Promise<string | null> {
  if (currency === null || currency === reporting) return null;
  const rows = await store.query(sql`SELECT 1 AS found FROM fx_rates WHERE currency = ${currency} LIMIT 1`, { name: 'fx.displayCurrency' });
  if (rows.length === 0) {
    throw badInput(field, `${field}: there are no FX rates for ${currency}, so figures cannot be shown in it; use ${reporting} or a currency on the FX rates page.`);
  }
  return currency;
}

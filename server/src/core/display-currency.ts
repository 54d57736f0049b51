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

/** An integer type as wide as a line's cents times 10^6 needs (38 digits). */
function wideInt(dialect: Dialect): Sql {
  return dialect === 'duckdb' ? sql`HUGEINT` : sql`NUMERIC`;
}

function intDivide(dialect: Dialect, a: Sql, b: Sql): Sql {
  return dialect === 'duckdb' ? sql`((${a}) // (${b}))` : sql`div(${a}, ${b})`;
}

/**
 * `spend_lines` as `s` with `amount_reporting` in `currency`: the rule above. `n` is the line's
 * absolute amount in cents times 10^6 and `r` the rate times 10^6, so `n / r` is the display amount
 * in cents; `q` its integer part and `n - q·r` the remainder, rounded half to even.
 */
export function displayLines(dialect: Dialect, currency: string): Sql {
  const int = wideInt(dialect);
  const columns = SPEND_LINE_COLUMNS.filter((c) => c !== 'amount_reporting').map((c) => sql`x.${sql.identifier(c)}`);
  const rem = sql`(x.n - x.q * x.r)`;
  const rounded = sql`(x.q + CASE WHEN 2 * ${rem} > x.r OR (2 * ${rem} = x.r AND x.q % 2 = 1) THEN 1 ELSE 0 END)`;
  return sql`(SELECT ${sql.join(columns, sql`, `)},
      CASE WHEN x.q IS NULL THEN NULL ELSE CAST(CAST(x.sg * ${rounded} AS DECIMAL(38,0)) * 0.01 AS DECIMAL(38,2)) END AS amount_reporting
    FROM (SELECT y.*, ${intDivide(dialect, sql`y.n`, sql`y.r`)} AS q
      FROM (SELECT l.*, SIGN(l.amount_reporting) AS sg,
              ABS(CAST(l.amount_reporting * 100 AS ${int})) * CAST(1000000 AS ${int}) AS n,
              CAST(NULLIF(d.rate_to_reporting, 0) * 1000000 AS ${int}) AS r
            FROM spend_lines l
            LEFT JOIN fx_rates d ON d.currency = ${currency} AND d.month = CAST(date_trunc('month', l.invoice_date) AS DATE)) y) x) s`;
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

import { Sql, sql } from './sql.js';
import type { Store } from './store.js';

/**
 * The few places where DuckDB's SQL and PostgreSQL's differ (docs/postgres.md, "SQL that differs
 * between the engines"). Everything else is written once, in the subset both engines share; a
 * statement that needs one of these takes the store's dialect and asks here, so no module
 * branches on the engine itself.
 */
export type Dialect = Store['dialect'];

/**
 * The discrete percentile of `expr` within a group (`fraction` in [0, 1]): a value actually in
 * the group, the first whose cumulative share reaches the fraction (nearest rank).
 */
export function percentileDisc(dialect: Dialect, expr: Sql, fraction: Sql): Sql {
  return dialect === 'duckdb'
    ? sql`quantile_disc(${expr}, ${fraction})`
    : sql`percentile_disc(${fraction}) WITHIN GROUP (ORDER BY ${expr})`;
}

/**
 * The 0-based position, among `n` values in ascending order, of the one `percentileDisc` picks
 * for `fraction`, with the engine's own double arithmetic, so counting positions finds exactly the
 * value the aggregate would. DuckDB: max(1, n − floor(n − n × q)) − 1; PostgreSQL:
 * max(1, ceil(q × n)) − 1. The same number in exact arithmetic, not always in doubles.
 */
export function percentileDiscRank(dialect: Dialect, n: Sql, fraction: Sql): Sql {
  const count = sql`CAST(${n} AS DOUBLE PRECISION)`;
  const q = sql`CAST(${fraction} AS DOUBLE PRECISION)`;
  return dialect === 'duckdb'
    ? sql`(GREATEST(1, ${n} - CAST(floor(${count} - ${count} * ${q}) AS BIGINT)) - 1)`
    : sql`(GREATEST(1, CAST(ceil(${q} * ${count}) AS BIGINT)) - 1)`;
}

/** Integer division of two integers, truncating (DuckDB's `/` of integers gives a double). */
export function intDiv(dialect: Dialect, a: Sql, b: Sql): Sql {
  return dialect === 'duckdb' ? sql`((${a}) // (${b}))` : sql`div(${a}, ${b})`;
}

export type ArrayElement = 'INTEGER' | 'DOUBLE PRECISION';

/**
 * A list of numbers bound as one value and read as an array of `element` (1-based subscripts in
 * both engines). Each engine reads its own array text: JSON's `[…]` on DuckDB, `{…}` on
 * PostgreSQL. Numbers cross as JavaScript writes them, which both read back exactly.
 */
export function boundArray(dialect: Dialect, values: readonly number[], element: ArrayElement): Sql {
  for (const v of values) if (!Number.isFinite(v)) throw new Error('boundArray: non-finite number');
  const text = dialect === 'duckdb' ? JSON.stringify(values) : `{${values.map((v) => JSON.stringify(v)).join(',')}}`;
  const type = element === 'INTEGER' ? sql`INTEGER[]` : sql`DOUBLE PRECISION[]`;
  return sql`CAST(${text} AS ${type})`;
}

/** Keys of a JSON object built in SQL: written into the text, so only lower-case names. */
const JSON_KEY = /^[a-z_][a-z0-9_]*$/;

/**
 * An aggregate: the group's rows as a JSON array (text) of objects with the given keys, in
 * `orderBy`'s order; NULL for no rows. Numbers stay JSON numbers, text stays text.
 */
export function jsonArrayAgg(dialect: Dialect, fields: ReadonlyArray<readonly [string, Sql]>, orderBy: Sql): Sql {
  for (const [key] of fields) if (!JSON_KEY.test(key)) throw new Error(`jsonArrayAgg: bad key ${key}`);
  const key = (k: string) => new Sql([`'${k}'`], []);
  if (dialect === 'duckdb') {
    const struct = sql.join(fields.map(([k, v]) => sql`${key(k)}: ${v}`));
    return sql`CAST(to_json(list({ ${struct} } ORDER BY ${orderBy})) AS VARCHAR)`;
  }
  const object = sql.join(fields.map(([k, v]) => sql`${key(k)}, ${v}`));
  return sql`CAST(json_agg(json_build_object(${object}) ORDER BY ${orderBy}) AS VARCHAR)`;
}

/** Tables written in bulk whose planner statistics are refreshed afterwards (the allow-list for `refreshStatistics`). */
const BULK_WRITTEN = [
  'spend_lines', 'spend_rollup', 'spend_rollup_small', 'spend_rollup_units', 'spend_rollup_sets', 'spend_rollup_sets_quarters', 'spend_rollup_display', 'price_items', 'price_points', 'price_buckets', 'price_everything', 'import_rows', 'import_contracts',
  'import_staged_names', 'import_supplier_ids', 'import_business_unit_ids', 'import_category_ids',
] as const;
export type BulkWrittenTable = (typeof BULK_WRITTEN)[number];

/**
 * Statements that bring the planner's statistics up to date after a bulk write, or none.
 * DuckDB keeps its statistics as it writes. PostgreSQL's planner reads statistics that autovacuum
 * refreshes only some time after a bulk write; until then it takes a freshly filled table for a
 * row or two and plans nested loops over it (the price-variance drill-down took over 30 s instead
 * of 0.1 s, an import's commit 10 s per chunk of staged rows). An ANALYZE inside the writing transaction counts its own rows. With no tables named,
 * every table of the database.
 */
export function refreshStatistics(dialect: Dialect, tables: readonly BulkWrittenTable[] = []): Sql[] {
  if (dialect === 'duckdb') return [];
  for (const t of tables) if (!BULK_WRITTEN.includes(t)) throw new Error(`refreshStatistics: table ${t} is not allowed`);
  const statements = [tables.length ? new Sql([`ANALYZE ${tables.join(', ')}`], []) : sql`ANALYZE`];
  // The lines' block-range index knows nothing of pages written since it was last summarised and
  // hands them to every scan until autovacuum gets to them (migration 028).
  if (tables.length === 0 || tables.includes('spend_lines')) statements.push(sql`SELECT brin_summarize_new_values('spend_lines_batch')`);
  return statements;
}

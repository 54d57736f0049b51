import { intDiv } from '../../store/dialect.js';
import { sql, type Sql } from '../../store/sql.js';
import type { Row, Store } from '../../store/store.js';
import { LINES, type SpendSource } from '../../core/spend-rollup.js';
import { indexedBenchmarksWithTotals, indexedLinesAbove, type IndexedBenchmark, type OpportunityRules, type PriceIndex } from '../../core/opportunities.js';

export type LineSortField = 'INVOICE_DATE' | 'AMOUNT' | 'SUPPLIER' | 'CATEGORY' | 'BUSINESS_UNIT';

const ORDER: Record<LineSortField, Sql> = {
  INVOICE_DATE: sql`s.invoice_date`,
  AMOUNT: sql`s.amount_reporting`,
  SUPPLIER: sql`sup.name`,
  CATEGORY: sql`c.name`,
  BUSINESS_UNIT: sql`bu.name`,
};

/** The SQL type of each sort key, for a key read back as text: an export's range bounds, a page walk's last line. */
const KEY_TYPE: Record<LineSortField, Sql> = {
  INVOICE_DATE: sql`DATE`,
  AMOUNT: sql`DECIMAL(18,2)`,
  SUPPLIER: sql`VARCHAR`,
  CATEGORY: sql`VARCHAR`,
  BUSINESS_UNIT: sql`VARCHAR`,
};

/** The last row of a page in its order: the next page starts after it. */
export interface LineKey {
  sortKey: string | number | null;
  id: string | number;
}

/** The lines after `after` in the order `key DIR NULLS LAST, s.id DIR`. */
function afterKey(field: LineSortField, ascending: boolean, after: LineKey): Sql {
  const key = ORDER[field];
  const beyond = ascending ? sql`>` : sql`<`;
  const id = sql`s.id ${beyond} CAST(${String(after.id)} AS BIGINT)`;
  if (after.sortKey === null) return sql`(${key} IS NULL AND ${id})`;
  const value = sql`CAST(${String(after.sortKey)} AS ${KEY_TYPE[field]})`;
  // A line's own date is never missing: a plain bound on it, which the engines can use to skip
  // whole blocks of lines (DuckDB's zone maps), and the id only among equal dates.
  if (field === 'INVOICE_DATE') return sql`(${key} ${beyond}= ${value} AND (${key} ${beyond} ${value} OR ${id}))`;
  return sql`(${key} ${beyond} ${value} OR (${key} = ${value} AND ${id}) OR ${key} IS NULL)`;
}

/** The names LINE_SELECT joins to a line: its output column, the table (as `alias`), the line's key, and the name over the table's row. */
const NAMES = [
  { column: sql`supplier_name`, table: sql`suppliers`, alias: sql`sup`, key: sql`s.supplier_id`, name: (t: Sql) => sql`${t}.name` },
  { column: sql`category_name`, table: sql`categories`, alias: sql`c`, key: sql`s.category_id`, name: (t: Sql) => sql`${t}.name` },
  { column: sql`business_unit_name`, table: sql`business_units`, alias: sql`bu`, key: sql`s.business_unit_id`, name: (t: Sql) => sql`${t}.name` },
  { column: sql`cost_center_name`, table: sql`cost_centers`, alias: sql`cc`, key: sql`s.cost_center_id`, name: (t: Sql) => sql`${t}.name` },
  { column: sql`gl_account_name`, table: sql`gl_accounts`, alias: sql`gl`, key: sql`s.gl_account_id`, name: (t: Sql) => sql`${t}.code || ' ' || ${t}.name` },
  { column: sql`contract_number`, table: sql`contracts`, alias: sql`k`, key: sql`s.contract_id`, name: (t: Sql) => sql`${t}.number` },
] as const;

/** Names LINE_SELECT joins (the output columns of NAMES), told apart from the line's own columns. */
const JOINED_NAMES: ReadonlySet<string> = new Set(NAMES.map((n) => n.column.toQuery().text));

/** The line's own columns LINE_SELECT gives, and where its joined names go, in output order. */
const OUTPUT_COLUMNS = [
  'id', 'source_ref', 'invoice_date', 'posting_date', 'supplier_id', 'supplier_name', 'raw_supplier_name', 'category_id', 'category_name',
  'classification_source', 'business_unit_id', 'business_unit_name', 'cost_center_name', 'gl_account_name', 'description', 'source_category',
  'amount', 'currency', 'amount_reporting', 'contract_id', 'contract_number', 'po_number', 'country_code', 'quantity', 'unit_price',
  'import_batch_id', 'classification_rule_id', 'classification_confidence', 'classification_model_version', 'created_at', 'updated_at',
] as const;
export type LineColumn = (typeof OUTPUT_COLUMNS)[number];

/**
 * The line columns with their related names over `lines` (spend lines as `s`), shared by the list
 * and the exports. With `shown`, each name comes as `shown(name)`, computed in the join once per
 * supplier, category, … rather than once per line (an export's cells: `linesCsvStatement`); the
 * joined tables keep their aliases and columns (`sup.name`, …) for conditions and sort keys.
 * `extra` adds columns over them. With `columns`, only those (and the id) are read, and only the
 * names among them are joined: a page of a list whose caller asked for five fields of a line
 * reads five columns, not twenty-nine (`lineColumnsFor`, docs/architecture.md, "The page walk").
 */
function lineSelect(lines: Sql, shown: ((name: Sql) => Sql) | null = null, extra: Sql | null = null, columns: ReadonlySet<LineColumn> | null = null): Sql {
  const names: Record<string, Sql> = {};
  const joins: Sql[] = [];
  for (const n of NAMES) {
    const column = n.column.toQuery().text;
    if (columns !== null && !columns.has(column as LineColumn)) continue;
    if (shown === null) {
      names[column] = sql`${n.name(n.alias)} AS ${n.column}`;
      joins.push(sql`LEFT JOIN ${n.table} ${n.alias} ON ${n.alias}.id = ${n.key}`);
    } else {
      names[column] = sql`${n.alias}.shown AS ${n.column}`;
      joins.push(sql`LEFT JOIN (SELECT ${n.alias}.*, ${shown(n.name(n.alias))} AS shown FROM ${n.table} ${n.alias}) ${n.alias} ON ${n.alias}.id = ${n.key}`);
    }
  }
  const selected = OUTPUT_COLUMNS.filter((column) => column === 'id' || columns === null || columns.has(column))
    .map((column) => names[column] ?? sql`s.${sql.identifier(column)}`);
  return sql`SELECT ${sql.join(selected, sql`, `)}
    ${extra === null ? sql`` : sql`, ${extra}`}
  FROM ${lines}
  ${sql.join(joins, sql` `)}`;
}

/** The lines as `s` in the reporting currency; a display currency's are `RequestData.linesFor`. */
const SPEND_LINES = sql`spend_lines s`;

export const LINE_SELECT = lineSelect(SPEND_LINES);

/** Some lines by id, with only `columns` (and the id) read; any order. */
export function linesByIds(store: Store, ids: readonly string[], columns: ReadonlySet<LineColumn> | null): Promise<Row[]> {
  if (!ids.length) return Promise.resolve([]);
  return store.query(sql`${lineSelect(sql`spend_lines s`, null, null, columns)} WHERE s.id IN ${sql.list([...ids])}`, { name: 'lines.byIds' });
}

export function linesStatement(where: Sql, field: LineSortField, ascending: boolean): Sql {
  const dir = ascending ? sql`ASC` : sql`DESC`;
  return sql`${LINE_SELECT} WHERE ${where} ORDER BY ${ORDER[field]} ${dir} NULLS LAST, s.id ${dir}`;
}

/** The join a sort key needs before the page is cut (none for the line's own columns). */
const SORT_JOIN: Record<LineSortField, Sql> = {
  INVOICE_DATE: sql``,
  AMOUNT: sql``,
  SUPPLIER: sql`LEFT JOIN suppliers sup ON sup.id = s.supplier_id`,
  CATEGORY: sql`LEFT JOIN categories c ON c.id = s.category_id`,
  BUSINESS_UNIT: sql`LEFT JOIN business_units bu ON bu.id = s.business_unit_id`,
};

/**
 * One page: the page's line ids are picked first (a top-N over the id and the sort key only, with
 * at most the one join the key needs; limit and offset written as literals so DuckDB plans a top-N
 * heap), then only those lines are read in full and get their names joined. Joining and reading
 * every line first made a page of 10M lines take seconds. The ids are picked from `lines`: the
 * lines, or a relation under their column names (the unit-price index). With `after` (an export's
 * page walk, `PageWalk`), the page is the `limit` lines after that one, and `offset` is not used.
 * Each row carries its `sort_key`.
 */
export function pageOfLines(
  store: Store, where: Sql, field: LineSortField, ascending: boolean, offset: number, limit: number, lines: Sql = sql`spend_lines s`,
  after: LineKey | null = null, columns: ReadonlySet<LineColumn> | null = null, from: Sql = SPEND_LINES,
): Promise<Row[]> {
  const dir = ascending ? sql`ASC` : sql`DESC`;
  const picked = after === null ? where : sql.and([where, afterKey(field, ascending, after)]);
  const ids = sql`SELECT s.id, ${ORDER[field]} AS sort_key FROM ${lines} ${SORT_JOIN[field]} WHERE ${picked}
    ORDER BY sort_key ${dir} NULLS LAST, s.id ${dir} LIMIT ${sql.int(limit)} OFFSET ${sql.int(after === null ? offset : 0)}`;
  const page = sql`(SELECT s.*, p.sort_key FROM ${from} JOIN (${ids}) p ON p.id = s.id) s`;
  return store.query(sql`${lineSelect(page, null, sql`s.sort_key`, columns)} ORDER BY s.sort_key ${dir} NULLS LAST, s.id ${dir}`, { name: 'lines.page' });
}

/**
 * A page of the lines above their unit-price benchmark under `base`, with their count and total,
 * from the unit-price index (docs/rollups.md): the benchmarks and the totals in one statement,
 * then the page picked from the index under them, both in one transaction (one snapshot).
 */
export function pageAboveBenchmark(
  store: Store, base: Sql, rules: OpportunityRules, index: Exclude<PriceIndex, false>,
  field: LineSortField, ascending: boolean, offset: number, limit: number, columns: ReadonlySet<LineColumn> | null = null,
): Promise<{ rows: Row[]; count: number; total: string | null }> {
  return store.transaction(async (tx) => {
    const found = await tx.query<IndexedBenchmark & { total_count: string; total_amount: string | null }>(
      indexedBenchmarksWithTotals(base, rules, index, tx.dialect), { name: 'lines.priceBenchmarks' });
    const count = Number(found[0].total_count);
    const benchmarks = found.filter((b) => b.item_id !== null);
    const rows = count > offset ? await pageOfLines(tx, sql`TRUE`, field, ascending, offset, limit, indexedLinesAbove(base, benchmarks, tx.dialect), null, columns) : [];
    return { rows, count, total: found[0].total_amount };
  });
}

/**
 * How many lines `where` keeps and their total, from the lines or from a rollup that holds every
 * column `where` names (`linesTotalsSource` in core/request-data): the same sums, a tenth of the rows.
 */
export async function countAndSum(store: Store, where: Sql, source: SpendSource = LINES) {
  const [row] = await store.query<{ n: string; total: string | null }>(
    sql`SELECT ${source.count(null)} AS n, SUM(s.amount_reporting) AS total FROM ${source.relation} WHERE ${where}`,
    { name: 'lines.countAndSum' },
  );
  return { count: Number(row.n), total: row.total };
}

/**
 * Columns of a line export, in order: the output column of LINE_SELECT and how to write it;
 * `repeats`: text that recurs from line to line (names, codes), which a spreadsheet keeps once.
 */
export const EXPORT_COLUMNS = [
  { source: sql`invoice_date`, title: 'Invoice date', kind: 'date' },
  { source: sql`posting_date`, title: 'Posting date', kind: 'date' },
  { source: sql`supplier_name`, title: 'Supplier', kind: 'text', repeats: true },
  { source: sql`raw_supplier_name`, title: 'Supplier (as in source)', kind: 'text', repeats: true },
  { source: sql`category_name`, title: 'Category', kind: 'text', repeats: true },
  { source: sql`source_category`, title: 'Category (as in source)', kind: 'text', repeats: true },
  { source: sql`business_unit_name`, title: 'Business unit', kind: 'text', repeats: true },
  { source: sql`cost_center_name`, title: 'Cost centre', kind: 'text', repeats: true },
  { source: sql`gl_account_name`, title: 'GL account', kind: 'text', repeats: true },
  { source: sql`description`, title: 'Description', kind: 'text' },
  { source: sql`amount`, title: 'Amount', kind: 'money' },
  { source: sql`currency`, title: 'Currency', kind: 'text', repeats: true },
  { source: sql`amount_reporting`, title: 'Amount (reporting)', kind: 'reportingMoney' },
  // As the file gave them (docs/imports.md, "Optional facts"); the unit price is in the line's currency.
  { source: sql`quantity`, title: 'Quantity', kind: 'decimal' },
  { source: sql`unit_price`, title: 'Unit price', kind: 'decimal' },
  { source: sql`contract_number`, title: 'Contract', kind: 'text', repeats: true },
  { source: sql`po_number`, title: 'PO number', kind: 'text' },
  { source: sql`country_code`, title: 'Country', kind: 'text', repeats: true },
  { source: sql`source_ref`, title: 'Source reference', kind: 'text' },
  { source: sql`id`, title: 'Line id', kind: 'id' },
] as const;

export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

/** Columns a spreadsheet gets as numbers (amounts, quantities, unit prices), not text. */
export function isNumberColumn(c: ExportColumn): boolean {
  return c.kind === 'money' || c.kind === 'reportingMoney' || c.kind === 'decimal';
}

/**
 * The rows of an export, sorted by the engine in one statement (key, then id; NULL keys last).
 * `cells` are computed over LINE_SELECT's output `l` (its names as `shown` gives them), each named
 * once (`AS <column>`), and `row` over those names (`t.<column>`): a cell used several times in
 * `row` is computed once. The sort key is the name itself, whatever `shown` makes of it.
 */
function sortedLines(
  cells: Sql, row: Sql, where: Sql, field: LineSortField, ascending: boolean, shown: ((name: Sql) => Sql) | null = null, from: Sql = SPEND_LINES,
): Sql {
  const dir = ascending ? sql`ASC` : sql`DESC`;
  const lines = lineSelect(from, shown, sql`${ORDER[field]} AS sort_key`);
  return sql`SELECT ${row} FROM (SELECT ${cells}, l.sort_key, l.id AS sort_id FROM (${lines} WHERE ${where}) l) t
    ORDER BY t.sort_key ${dir} NULLS LAST, t.sort_id ${dir}`;
}

/** Lines an export sorts at most in one statement (about; all lines of one key value go together). */
export const EXPORT_RANGE_LINES = 50_000;

/**
 * An export's lines as consecutive ranges of the sort key, each holding about `linesPerRange`
 * lines, in the export's order: conditions over spend lines `s` (and the names LINE_SELECT joins),
 * to add to the export's WHERE. The engine sorts one range at a time, so an export's memory is
 * that of a range, not of every line (docs/architecture.md, "Exports"). The ranges cover every
 * key: the first and last are open, and NULL keys come last, as in the list. Read in one
 * transaction with the ranges, every line comes exactly once. A range's bound is its last key in
 * the export's order: the keys are distinct and their running count rises with them, so that is
 * the group's largest key ascending, its smallest descending.
 */
export async function exportRanges(
  store: Store, where: Sql, field: LineSortField, ascending: boolean, linesPerRange = EXPORT_RANGE_LINES, from: Sql = SPEND_LINES,
): Promise<Sql[]> {
  const key = ORDER[field];
  const dir = ascending ? sql`ASC` : sql`DESC`;
  const bounds = await store.query<{ bound: string }>(
    sql`WITH k AS (SELECT ${key} AS key, COUNT(*) AS n FROM ${from} ${SORT_JOIN[field]} WHERE (${where}) AND ${key} IS NOT NULL GROUP BY 1),
      c AS (SELECT key, SUM(n) OVER (ORDER BY key ${dir} ROWS UNBOUNDED PRECEDING) AS upto FROM k)
    SELECT CAST(${ascending ? sql`MAX(key)` : sql`MIN(key)`} AS VARCHAR) AS bound FROM c
    GROUP BY ${intDiv(store.dialect, sql`upto - 1`, sql.int(linesPerRange))} ORDER BY MIN(upto)`,
    { name: 'export.lineRanges' },
  );
  const value = (i: number) => sql`CAST(${bounds[i].bound} AS ${KEY_TYPE[field]})`;
  const after = (i: number) => (ascending ? sql`${key} > ${value(i)}` : sql`${key} < ${value(i)}`);
  const upTo = (i: number) => (ascending ? sql`${key} <= ${value(i)}` : sql`${key} >= ${value(i)}`);
  const ranges: Sql[] = [];
  for (let i = 0; i < Math.max(bounds.length, 1); i++) {
    const first = i === 0;
    const last = i >= bounds.length - 1;
    ranges.push(sql.and([sql`${key} IS NOT NULL`, first ? sql`` : after(i - 1), last ? sql`` : upTo(i)]));
  }
  ranges.push(sql`${key} IS NULL`);
  return ranges;
}

/**
 * Text as a spreadsheet cannot evaluate it: a leading = + - @ tab or CR gets an apostrophe (as
 * lib/cells.ts does). One anchored regexp_replace names the column once: as a CASE over
 * `left(x, 1) IN (…)` it named it three times and every IN list became a join, so planning the
 * export's statement alone took seconds.
 */
function neutralisedText(column: Sql): Sql {
  return sql`regexp_replace(${column}, '^([=+@\\t\\r-])', '''\\1')`;
}

/** RFC 4180 quoting of a named cell (`t.<column>`); NULL stays NULL. */
function quoted(text: Sql): Sql {
  return sql`CASE WHEN strpos(${text}, '"') > 0 OR strpos(${text}, ',') > 0 OR strpos(${text}, chr(10)) > 0 OR strpos(${text}, chr(13)) > 0
    THEN '"' || replace(${text}, '"', '""') || '"' ELSE ${text} END`;
}

/**
 * One CSV line per row, formatted by the engine and ending in CR (the file writer adds the LF:
 * `copyTextTo`). Numbers and dates are written exactly as stored; text is neutralised and quoted,
 * the joined names once per supplier, category, … (`lineSelect`), the line's own text per line:
 * per line, the 13 text cells took most of an export's time. The cells are joined by one
 * `concat_ws` (none is NULL, so none is skipped): a chain of `||` copied the growing line once per cell.
 */
export function linesCsvStatement(where: Sql, field: LineSortField, ascending: boolean, from: Sql = SPEND_LINES): Sql {
  const cells = EXPORT_COLUMNS.map((c) => {
    const value = sql`CAST(l.${c.source} AS VARCHAR)`;
    return sql`${perLineText(c) ? neutralisedText(value) : value} AS ${c.source}`;
  });
  const line = EXPORT_COLUMNS.map((c) => sql`COALESCE(${perLineText(c) ? quoted(sql`t.${c.source}`) : sql`t.${c.source}`}, '')`);
  return sortedLines(sql.join(cells), sql`concat_ws(',', ${sql.join(line)}) || chr(13) AS line`, where, field, ascending, (name) => quoted(neutralisedText(name)), from);
}

/** A text cell of the line's own (not a name `lineSelect` joins, which exports make once per name). */
function perLineText(c: ExportColumn): boolean {
  return c.kind === 'text' && !JOINED_NAMES.has(c.source.toQuery().text);
}

/** Separates packed text cells; removed from the values themselves so it cannot collide. */
export const UNIT_SEPARATOR = '\u001f';

/**
 * Rows for a spreadsheet export: dates as ISO text, amounts as numbers, and every text column
 * neutralised and packed into one string (split on UNIT_SEPARATOR), for the same reason as
 * linesCsvStatement: one string per row reads fast from Node, many do not.
 */
export function linesSheetStatement(where: Sql, field: LineSortField, ascending: boolean, from: Sql = SPEND_LINES): Sql {
  const cells = EXPORT_COLUMNS.map((c) => {
    const value = sql`CAST(l.${c.source} AS VARCHAR)`;
    if (c.kind === 'date') return sql`${value} AS ${c.source}`;
    if (isNumberColumn(c)) return sql`CAST(l.${c.source} AS DOUBLE PRECISION) AS ${c.source}`;
    return sql`${perLineText(c) ? neutralisedText(value) : value} AS ${c.source}`;
  });
  const typed = EXPORT_COLUMNS.filter((c) => c.kind === 'date' || isNumberColumn(c)).map((c) => sql`t.${c.source} AS ${c.source}`);
  const texts = EXPORT_COLUMNS.filter((c) => c.kind === 'text' || c.kind === 'id').map((c) => sql`COALESCE(replace(t.${c.source}, chr(31), ' '), '')`);
  return sortedLines(sql.join(cells), sql`${sql.join(typed)}, ${sql.join(texts, sql` || chr(31) || `)} AS packed_text`, where, field, ascending, neutralisedText, from);
}

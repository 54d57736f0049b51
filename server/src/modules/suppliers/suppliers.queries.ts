import { sql, type Sql } from '../../store/sql.js';
import type { SpendSource } from '../../core/spend-rollup.js';
import type { Store } from '../../store/store.js';
import type { Period, SupplierRecord, SupplierStatusName } from './suppliers.mappers.js';

interface SupplierRow {
  id: number; name: string; normalized_name: string; parent_id: number | null; country_code: string | null; tax_id: string | null;
  status: string; merged_into_id: number | null; version: number; created_at: string; updated_at: string;
  [k: string]: string | number | boolean | null;
}

const COLUMNS = sql`sup.id, sup.name, sup.normalized_name, sup.parent_id, sup.country_code, sup.tax_id, sup.status, sup.merged_into_id,
  sup.version, sup.created_at, sup.updated_at`;

function toRecord(r: SupplierRow): SupplierRecord {
  return {
    id: r.id, name: r.name, normalizedName: r.normalized_name, parentId: r.parent_id, countryCode: r.country_code, taxId: r.tax_id,
    status: r.status as SupplierStatusName, mergedIntoId: r.merged_into_id, version: r.version, createdAt: r.created_at, updatedAt: r.updated_at,
  };
}

const between = (from: string, to: string) => sql`s.invoice_date BETWEEN CAST(${from} AS DATE) AND CAST(${to} AS DATE)`;

export type SupplierOrder = 'NAME' | 'SPEND' | 'CHANGE' | 'LINE_COUNT' | 'CATEGORY_COUNT' | 'COUNTRY';

export interface SupplierListQuery {
  /** The spend filter and scope without dates, over `spend_lines s`. */
  where: Sql;
  period: Period;
  /** Search, status, country and family, over `sup`; null when nothing narrows the suppliers. */
  suppliers: Sql | null;
  /**
   * Suppliers listed although they have no line in the period: null lists only suppliers with
   * lines; otherwise a condition over `sup` saying which the caller may see.
   */
  withoutSpend: Sql | null;
  order: SupplierOrder;
  ascending: boolean;
  /** Where the period figures are read: the lines, or a rollup holding every column `where` names (docs/rollups.md). */
  source: SpendSource;
  /**
   * The suppliers condition leaves few suppliers (a search, a family): then one scan computes
   * every figure for all of them, instead of ranking first and reading the page's lines again.
   */
  few: boolean;
}

/**
 * What ranking needs, per supplier: spend and lines in the period (membership and the tie-break),
 * plus the sort's own figure. Only the figure sorted by is computed over every supplier: the
 * previous period is read only to sort by change, categories only to sort by them; the page's
 * other figures come after, for its rows alone (`pageFigures`). For few suppliers, everything at once.
 */
function rankFigures(q: SupplierListQuery): Sql {
  const narrow = q.suppliers ? sql`AND s.supplier_id IN (SELECT sup.id FROM suppliers sup WHERE ${q.suppliers})` : sql``;
  const { period } = q;
  const lines = q.source.relation;
  if (q.few) {
    // Few suppliers (a search, a family): every figure in one scan of both periods (they are
    // adjacent), summed per supplier, category and period first so categories count cheaply.
    return sql`SELECT supplier_id, SUM(CASE WHEN cur THEN spend END) AS spend, SUM(CASE WHEN cur THEN NULL ELSE spend END) AS previous,
        SUM(CASE WHEN cur THEN lines ELSE 0 END) AS lines, COUNT(CASE WHEN cur THEN category_id END) AS categories
      FROM (SELECT s.supplier_id, s.category_id, s.invoice_date >= CAST(${period.from} AS DATE) AS cur,
                   SUM(s.amount_reporting) AS spend, ${q.source.count(null)} AS lines
            FROM ${lines} WHERE ${between(period.previousFrom, period.to)} AND ${q.where} ${narrow}
            GROUP BY s.supplier_id, s.category_id, cur) cells
      GROUP BY supplier_id`;
  }
  if (q.order === 'CHANGE') {
    const current = between(period.from, period.to);
    return sql`SELECT s.supplier_id, SUM(CASE WHEN ${current} THEN s.amount_reporting END) AS spend,
        ${q.source.count(current)} AS lines,
        SUM(CASE WHEN ${between(period.previousFrom, period.previousTo)} THEN s.amount_reporting END) AS previous
      FROM ${lines} WHERE ${between(period.previousFrom, period.to)} AND ${q.where} ${narrow} GROUP BY s.supplier_id`;
  }
  if (q.order === 'CATEGORY_COUNT') {
    // Per supplier and category first: counting the groups is much cheaper than COUNT(DISTINCT).
    return sql`SELECT supplier_id, SUM(spend) AS spend, SUM(lines) AS lines, COUNT(category_id) AS categories
      FROM (SELECT s.supplier_id, s.category_id, SUM(s.amount_reporting) AS spend, ${q.source.count(null)} AS lines
            FROM ${lines} WHERE ${between(period.from, period.to)} AND ${q.where} ${narrow} GROUP BY s.supplier_id, s.category_id) c
      GROUP BY supplier_id`;
  }
  return sql`SELECT s.supplier_id, SUM(s.amount_reporting) AS spend, ${q.source.count(null)} AS lines
    FROM ${lines} WHERE ${between(period.from, period.to)} AND ${q.where} ${narrow} GROUP BY s.supplier_id`;
}

/** Whether ranking already computed the previous period's spend, and the categories. */
const hasPrevious = (q: SupplierListQuery) => q.few || q.order === 'CHANGE';
const hasCategories = (q: SupplierListQuery) => q.few || q.order === 'CATEGORY_COUNT';

const spendOf = sql`COALESCE(agg.spend, 0)`;
/**
 * The change as a sort key: a quotient of whole cents, so equal ratios give equal keys and the
 * order follows the exact ratio the API reports (rounded to 6 places only for display).
 */
const changeOf = sql`CASE WHEN COALESCE(agg.previous, 0) <> 0
  THEN CAST(CAST((${spendOf} - agg.previous) * 100 AS BIGINT) AS DOUBLE PRECISION) / CAST(CAST(agg.previous * 100 AS BIGINT) AS DOUBLE PRECISION) END`;
const SORT_KEY: Record<SupplierOrder, Sql> = {
  NAME: sql`sup.name`,
  SPEND: spendOf,
  CHANGE: changeOf,
  LINE_COUNT: sql`COALESCE(agg.lines, 0)`,
  CATEGORY_COUNT: sql`COALESCE(agg.categories, 0)`,
  COUNTRY: sql`sup.country_code`,
};

/** The listed suppliers, each with its spend and sort key: what is paged and counted. */
function ranked(q: SupplierListQuery): Sql {
  return sql`WITH agg AS (${rankFigures(q)})
    SELECT ${COLUMNS}, ${spendOf} AS spend, COALESCE(agg.lines, 0) AS lines, ${SORT_KEY[q.order]} AS sort_key,
           ${hasPrevious(q) ? sql`agg.previous` : sql`NULL`} AS ranked_previous,
           ${hasCategories(q) ? sql`agg.categories` : sql`NULL`} AS ranked_categories
    FROM suppliers sup ${q.withoutSpend ? sql`LEFT JOIN` : sql`JOIN`} agg ON agg.supplier_id = sup.id
    WHERE ${sql.and([q.suppliers ?? sql``, q.withoutSpend ?? sql`agg.lines > 0`])}`;
}

/**
 * The figures ranking did not compute, for the suppliers of one page only: the previous period's
 * spend (unless sorted by change) and the distinct categories (unless sorted by them), each over
 * its own period.
 */
function pageFigures(q: SupplierListQuery, page: Sql): Sql {
  const onPage = sql`s.supplier_id IN (SELECT id FROM ${page})`;
  const previous = hasPrevious(q) ? sql`SELECT id AS supplier_id, ranked_previous AS previous FROM ${page}`
    : sql`SELECT s.supplier_id, SUM(s.amount_reporting) AS previous FROM ${q.source.relation}
          WHERE ${between(q.period.previousFrom, q.period.previousTo)} AND ${q.where} AND ${onPage} GROUP BY s.supplier_id`;
  const categories = hasCategories(q) ? sql`SELECT id AS supplier_id, ranked_categories AS categories FROM ${page}`
    : sql`SELECT supplier_id, COUNT(category_id) AS categories
          FROM (SELECT DISTINCT s.supplier_id, s.category_id FROM ${q.source.relation}
                WHERE ${between(q.period.from, q.period.to)} AND ${q.where} AND ${onPage}) c
          GROUP BY supplier_id`;
  return sql`previous AS (${previous}), categories AS (${categories})`;
}

type ListRow = SupplierRow & { spend: string; previous: string | null; lines: string; categories: string | null; total_count: string };

/**
 * One page of suppliers with their figures, and the total count, in one statement: rank every
 * listed supplier by the sort's figure, cut the page, then compute the rest for its rows only
 * (the first pages hold the largest suppliers, whose lines are most of the scan).
 */
export async function listSuppliers(store: Store, q: SupplierListQuery, offset: number, limit: number) {
  const order = sql`sort_key ${q.ascending ? sql`ASC` : sql`DESC`} NULLS LAST, spend DESC, id`;
  const rows = await store.query<ListRow>(
    sql`WITH listed AS (${ranked(q)}),
        page AS (SELECT listed.*, COUNT(*) OVER () AS total_count FROM listed ORDER BY ${order} LIMIT ${sql.int(limit)} OFFSET ${offset}),
        ${pageFigures(q, sql`page`)}
        SELECT page.*, previous.previous, categories.categories
        FROM page LEFT JOIN previous ON previous.supplier_id = page.id LEFT JOIN categories ON categories.supplier_id = page.id
        ORDER BY ${order}`,
    { name: 'suppliers.list' },
  );
  return {
    rows: rows.map((r) => ({
      supplier: toRecord(r), spend: r.spend, previous: r.previous, lines: Number(r.lines), categories: Number(r.categories ?? 0),
    })),
    totalCount: rows.length ? Number(rows[0].total_count) : null,
  };
}

export async function countSuppliers(store: Store, q: SupplierListQuery): Promise<number> {
  const [row] = await store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM (${ranked(q)}) l`, { name: 'suppliers.count' });
  return Number(row.n);
}

/** Countries of the suppliers with a line under `where`, with how many suppliers each. */
export function countries(store: Store, where: Sql) {
  return store.query<{ code: string; n: string }>(
    sql`SELECT sup.country_code AS code, COUNT(*) AS n FROM suppliers sup
        WHERE sup.country_code IS NOT NULL AND sup.id IN (SELECT s.supplier_id FROM spend_lines s WHERE ${where})
        GROUP BY sup.country_code ORDER BY n DESC, code`,
    { name: 'suppliers.countries' },
  );
}

/** Suppliers by id; with `spendWhere`, only those having at least one line under it (scope check). */
export async function findSuppliers(store: Store, ids: number[], spendWhere: Sql | null): Promise<Map<number, SupplierRecord>> {
  if (!ids.length) return new Map();
  const visible = spendWhere ? sql`AND EXISTS (SELECT 1 FROM spend_lines s WHERE s.supplier_id = sup.id AND ${spendWhere})` : sql``;
  const rows = await store.query<SupplierRow>(sql`SELECT ${COLUMNS} FROM suppliers sup WHERE sup.id IN ${sql.list(ids)} ${visible}`, {
    name: 'suppliers.byIds',
  });
  return new Map(rows.map((r) => [r.id, toRecord(r)]));
}

export async function aliases(store: Store, ids: number[]): Promise<Map<number, string[]>> {
  if (!ids.length) return new Map();
  const rows = await store.query<{ supplier_id: number; raw_name: string }>(
    sql`SELECT supplier_id, raw_name FROM supplier_aliases WHERE supplier_id IN ${sql.list(ids)} ORDER BY raw_name`,
    { name: 'suppliers.aliases' },
  );
  const out = new Map<number, string[]>();
  for (const r of rows) out.set(r.supplier_id, [...(out.get(r.supplier_id) ?? []), r.raw_name]);
  return out;
}

/** Ids of the suppliers whose family parent is one of `ids`, by name. */
export async function childIds(store: Store, ids: number[]): Promise<Map<number, number[]>> {
  if (!ids.length) return new Map();
  const rows = await store.query<{ id: number; parent_id: number }>(
    sql`SELECT id, parent_id FROM suppliers WHERE parent_id IN ${sql.list(ids)} ORDER BY name, id`,
    { name: 'suppliers.children' },
  );
  const out = new Map<number, number[]>();
  for (const r of rows) out.set(r.parent_id, [...(out.get(r.parent_id) ?? []), r.id]);
  return out;
}

/** The first and last invoice dates under a condition over `spend_lines s`. */
export async function span(store: Store, where: Sql) {
  const [row] = await store.query<{ min_date: string | null; max_date: string | null }>(
    sql`SELECT MIN(s.invoice_date) AS min_date, MAX(s.invoice_date) AS max_date FROM spend_lines s WHERE ${where}`,
    { name: 'suppliers.span' },
  );
  return { minDate: row?.min_date ?? null, maxDate: row?.max_date ?? null };
}

export interface ProfileRow {
  /** Which breakdown the row belongs to: the period total, a month, a category, a business unit or a raw name. */
  by: 'total' | 'month' | 'category' | 'businessUnit' | 'name';
  /** True for the period, false for the previous one. */
  current: boolean;
  /** The month (`202503`), category or business unit id; null for a total, a name or an unclassified line. */
  key: number | null;
  /** The name as the file wrote it, for `name` rows. */
  name: string | null;
  spend: string | null;
  onContract: string | null;
  lines: number;
}

/**
 * A supplier's figures for the period and the one before it from one scan of its lines: totals
 * per period, and per month, category, business unit and raw name (GROUPING SETS), so the 360's
 * panels do not each read the lines again.
 */
export async function profile(store: Store, supplierId: number, where: Sql, period: Period, lines: Sql = sql`spend_lines s`): Promise<ProfileRow[]> {
  const rows = await store.query<{
    g_month: string; g_category: string; g_unit: string; g_name: string; cur: boolean; month_key: number | null; category_id: number | null;
    business_unit_id: number | null; raw_supplier_name: string | null; spend: string | null; on_contract: string | null; lines: string;
  }>(
    sql`SELECT GROUPING(month_key) AS g_month, GROUPING(category_id) AS g_category, GROUPING(business_unit_id) AS g_unit,
               GROUPING(raw_supplier_name) AS g_name, cur, month_key, category_id, business_unit_id, raw_supplier_name,
               SUM(amount_reporting) AS spend, SUM(CASE WHEN contract_id IS NOT NULL THEN amount_reporting END) AS on_contract, COUNT(*) AS lines
        FROM (SELECT s.invoice_date >= CAST(${period.from} AS DATE) AS cur, s.category_id, s.business_unit_id, s.raw_supplier_name,
                     s.amount_reporting, s.contract_id,
                     CAST(EXTRACT(YEAR FROM s.invoice_date) AS INTEGER) * 100 + CAST(EXTRACT(MONTH FROM s.invoice_date) AS INTEGER) AS month_key
              FROM ${lines}
              WHERE s.supplier_id = ${supplierId} AND ${between(period.previousFrom, period.to)} AND ${where}) l
        GROUP BY GROUPING SETS ((cur), (cur, month_key), (cur, category_id), (cur, business_unit_id), (cur, raw_supplier_name))`,
    { name: 'suppliers.profile' },
  );
  return rows.map((r) => {
    // GROUPING(x) is 0 when the row is grouped by x (BIGINT, so it arrives as text).
    const by = Number(r.g_month) === 0 ? 'month' : Number(r.g_category) === 0 ? 'category' : Number(r.g_unit) === 0 ? 'businessUnit'
      : Number(r.g_name) === 0 ? 'name' : 'total';
    const key = by === 'month' ? r.month_key : by === 'category' ? r.category_id : by === 'businessUnit' ? r.business_unit_id : null;
    const name = by === 'name' ? r.raw_supplier_name : null;
    return { by, current: Boolean(r.cur), key, name, spend: r.spend, onContract: r.on_contract, lines: Number(r.lines) };
  });
}

/** Spend and lines of some suppliers under a condition over `spend_lines s`. */
export async function spendOfSuppliers(store: Store, ids: number[], where: Sql, lines: Sql = sql`spend_lines s`) {
  if (!ids.length) return new Map<number, { spend: string | null; lines: number }>();
  const rows = await store.query<{ supplier_id: number; spend: string | null; lines: string }>(
    sql`SELECT s.supplier_id, SUM(s.amount_reporting) AS spend, COUNT(*) AS lines
        FROM ${lines} WHERE s.supplier_id IN ${sql.list(ids)} AND ${where} GROUP BY s.supplier_id`,
    { name: 'suppliers.spendOf' },
  );
  return new Map(rows.map((r) => [r.supplier_id, { spend: r.spend, lines: Number(r.lines) }]));
}

/**
 * Blocks or unblocks a supplier if it still has the version the caller saw; false when it does
 * not (someone changed it since).
 */
export async function setStatus(store: Store, id: number, version: number, status: SupplierStatusName, now: string): Promise<boolean> {
  const rows = await store.query(
    sql`UPDATE suppliers SET status = ${status}, version = version + 1, updated_at = CAST(${now} AS TIMESTAMP)
        WHERE id = ${id} AND version = ${version} RETURNING id`,
    { name: 'suppliers.setStatus' },
  );
  return rows.length === 1;
}

/** A tax id as compared: letters and digits only, in capitals ("nl 123-456" is "NL123456"). */
const TAX_KEY = (column: Sql) => sql`upper(regexp_replace(${column}, '[^A-Za-z0-9]', '', 'g'))`;

/** The suppliers (other than `id`) whose tax id is this one, written in any way (`TAX_KEY`). */
export function taxIdHolders(store: Store, taxId: string, id: number) {
  return store.query<{ id: number; name: string; merged_into_id: number | null }>(
    sql`SELECT id, name, merged_into_id FROM suppliers WHERE ${TAX_KEY(sql`tax_id`)} = ${TAX_KEY(sql`${taxId}`)} AND id <> ${id} ORDER BY id`,
    { name: 'suppliers.taxIdHolders' });
}

/** Takes the tax id off a supplier (one merged into the supplier that now takes it). */
export function clearTaxId(store: Store, id: number, now: string) {
  return store.execute(sql`UPDATE suppliers SET tax_id = NULL, version = version + 1, updated_at = CAST(${now} AS TIMESTAMP) WHERE id = ${id}`, { name: 'suppliers.clearTaxId' });
}

/** Sets a supplier's details if it still has the version the caller saw; false when it does not. */
export async function setDetails(
  store: Store, id: number, version: number, details: { name: string; countryCode: string | null; taxId: string | null }, now: string,
): Promise<boolean> {
  const rows = await store.query(
    sql`UPDATE suppliers SET name = ${details.name}, country_code = ${details.countryCode}, tax_id = ${details.taxId},
          version = version + 1, updated_at = CAST(${now} AS TIMESTAMP)
        WHERE id = ${id} AND version = ${version} RETURNING id`,
    { name: 'suppliers.setDetails' },
  );
  return rows.length === 1;
}

/** Which suppliers' search keys to compute: these ids, and/or every supplier without a key yet. */
export interface SearchKeyTargets {
  ids?: readonly number[];
  missing?: boolean;
}

/** Name, tax id and aliases of the targeted suppliers, the inputs of their search keys. */
export async function searchKeySources(store: Store, targets: SearchKeyTargets) {
  const which: Sql[] = [];
  if (targets.ids?.length) which.push(sql`sup.id IN ${sql.list([...targets.ids])}`);
  if (targets.missing) which.push(sql`sup.search_key IS NULL`);
  if (!which.length) return [];
  const rows = await store.query<{ id: number; name: string; tax_id: string | null; raw_name: string | null }>(
    sql`SELECT sup.id, sup.name, sup.tax_id, a.raw_name
        FROM suppliers sup LEFT JOIN supplier_aliases a ON a.supplier_id = sup.id
        WHERE ${sql.join(which.map((c) => sql`(${c})`), sql` OR `)}
        ORDER BY sup.id, a.raw_name`,
    { name: 'suppliers.searchKeySources' },
  );
  const out = new Map<number, { id: number; name: string; taxId: string | null; aliases: string[] }>();
  for (const r of rows) {
    const entry = out.get(r.id) ?? { id: r.id, name: r.name, taxId: r.tax_id, aliases: [] };
    if (r.raw_name !== null) entry.aliases.push(r.raw_name);
    out.set(r.id, entry);
  }
  return [...out.values()];
}

export function writeSearchKeys(store: Store, keys: ReadonlyArray<readonly [number, string]>) {
  const values = sql.join(keys.map(([id, key]) => sql`(CAST(${id} AS INTEGER), CAST(${key} AS VARCHAR))`));
  return store.execute(
    sql`UPDATE suppliers SET search_key = v.search_key FROM (VALUES ${values}) AS v(id, search_key) WHERE suppliers.id = v.id`,
    { name: 'suppliers.writeSearchKeys' },
  );
}

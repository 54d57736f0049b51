import { sql, type Sql } from '../../store/sql.js';
import type { Store } from '../../store/store.js';
import type { SupplierRecord } from './suppliers.mappers.js';

interface SupplierRow {
  id: number; name: string; normalized_name: string; parent_id: number | null; country_code: string | null; status: string;
  created_at: string; updated_at: string;
  [k: string]: string | number | boolean | null;
}

const COLUMNS = sql`sup.id, sup.name, sup.normalized_name, sup.parent_id, sup.country_code, sup.status, sup.created_at, sup.updated_at`;

function toRecord(r: SupplierRow): SupplierRecord {
  return {
    id: r.id, name: r.name, normalizedName: r.normalized_name, parentId: r.parent_id, countryCode: r.country_code,
    status: r.status as SupplierRecord['status'], createdAt: r.created_at, updatedAt: r.updated_at,
  };
}

export type SupplierOrder = 'NAME' | 'SPEND' | 'LINE_COUNT';
const ORDER: Record<SupplierOrder, Sql> = { NAME: sql`sup.name`, SPEND: sql`agg.spend`, LINE_COUNT: sql`agg.lines` };

/** Suppliers with spend under `spendWhere`, one page, with the total count in the same statement. */
export async function listSuppliers(
  store: Store, spendWhere: Sql, searchWhere: Sql, order: SupplierOrder, ascending: boolean, offset: number, limit: number,
) {
  const rows = await store.query<SupplierRow & { spend: string; lines: string; total_count: string }>(
    sql`WITH agg AS (
          SELECT s.supplier_id, SUM(s.amount_reporting) AS spend, COUNT(*) AS lines FROM spend_lines s WHERE ${spendWhere} GROUP BY s.supplier_id
        )
        SELECT ${COLUMNS}, agg.spend, agg.lines, COUNT(*) OVER () AS total_count
        FROM agg JOIN suppliers sup ON sup.id = agg.supplier_id
        WHERE ${searchWhere}
        ORDER BY ${ORDER[order]} ${ascending ? sql`ASC` : sql`DESC`}, sup.id
        LIMIT ${limit} OFFSET ${offset}`,
    { name: 'suppliers.list' },
  );
  return { rows: rows.map((r) => ({ supplier: toRecord(r), spend: r.spend, lineCount: Number(r.lines) })), totalCount: rows.length ? Number(rows[0].total_count) : null };
}

export async function countSuppliers(store: Store, spendWhere: Sql, searchWhere: Sql): Promise<number> {
  const [row] = await store.query<{ n: string }>(
    sql`SELECT COUNT(*) AS n FROM suppliers sup WHERE sup.id IN (SELECT s.supplier_id FROM spend_lines s WHERE ${spendWhere}) AND ${searchWhere}`,
    { name: 'suppliers.count' },
  );
  return Number(row.n);
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

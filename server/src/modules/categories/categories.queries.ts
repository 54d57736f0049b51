import { sql, type Sql } from '../../store/sql.js';
import type { Store } from '../../store/store.js';
import type { CategoryRecord } from '../../core/directory.js';
import { LINES, type SpendSource } from '../../core/spend-rollup.js';

export async function listCategories(store: Store): Promise<CategoryRecord[]> {
  const rows = await store.query<{
    id: number; code: string; name: string; level: number; parent_id: number | null; naics_code: string | null;
    owner_user_id: number | null; created_at: string; updated_at: string;
  }>(sql`SELECT id, code, name, level, parent_id, naics_code, owner_user_id, created_at, updated_at FROM categories ORDER BY code`, {
    name: 'categories.list',
  });
  return rows.map((r) => ({
    id: r.id, code: r.code, name: r.name, level: r.level, parentId: r.parent_id, naicsCode: r.naics_code,
    ownerUserId: r.owner_user_id, createdAt: r.created_at, updatedAt: r.updated_at,
  }));
}

/** Display names of users by id (category owners). */
export async function userNames(store: Store, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await store.query<{ id: number; name: string }>(sql`SELECT id, name FROM users WHERE id IN ${sql.list(ids)}`, {
    name: 'categories.ownerNames',
  });
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A node's figures as the engine returns them: sums as exact text, counts as text. */
export interface TreeFigureRow {
  /** GROUPING(l1, l2, l3, l4): bit 3 is l1 rolled up … bit 0 is l4. */
  g: number;
  l1_id: number | null;
  l2_id: number | null;
  l3_id: number | null;
  l4_id: number | null;
  spend: string | null;
  previous: string | null;
  on_contract: string | null;
  lines: string | null;
  suppliers: string | null;
  [k: string]: string | number | boolean | null;
}

/**
 * Every category node's figures in one statement: lines of both periods are first grouped by
 * (category, supplier) in one scan, then rolled up over the category path with GROUPING SETS,
 * so each node counts its suppliers distinct over its whole subtree (the engine counts, nothing
 * is summed across children). `where` must not restrict dates: the periods are applied here.
 */
export function categoryTreeFigures(
  store: Store, where: Sql, from: string, to: string, previousFrom: string, previousTo: string, source: SpendSource = LINES,
) {
  const current = sql`s.invoice_date BETWEEN CAST(${from} AS DATE) AND CAST(${to} AS DATE)`;
  const previous = sql`s.invoice_date BETWEEN CAST(${previousFrom} AS DATE) AND CAST(${previousTo} AS DATE)`;
  return store.query<TreeFigureRow>(
    sql`WITH pre AS (
          SELECT s.category_id, s.supplier_id,
                 SUM(CASE WHEN ${current} THEN s.amount_reporting END) AS spend,
                 SUM(CASE WHEN ${current} AND s.contract_id IS NOT NULL THEN s.amount_reporting END) AS on_contract,
                 ${source.count(current)} AS lines,
                 SUM(CASE WHEN ${previous} THEN s.amount_reporting END) AS previous
          FROM ${source.relation}
          WHERE ((${current}) OR (${previous})) AND ${where}
          GROUP BY s.category_id, s.supplier_id
        ), base AS (
          SELECT c.l1_id, c.l2_id, c.l3_id, c.l4_id, p.* FROM pre p LEFT JOIN categories c ON c.id = p.category_id
        )
        SELECT l1_id, l2_id, l3_id, l4_id, GROUPING(l1_id, l2_id, l3_id, l4_id) AS g,
               SUM(spend) AS spend, SUM(previous) AS previous, SUM(on_contract) AS on_contract, SUM(lines) AS lines,
               COUNT(DISTINCT CASE WHEN lines > 0 THEN supplier_id END) AS suppliers
        FROM base
        GROUP BY GROUPING SETS ((), (l1_id), (l1_id, l2_id), (l1_id, l2_id, l3_id), (l1_id, l2_id, l3_id, l4_id))`,
    { name: 'categories.tree' },
  );
}

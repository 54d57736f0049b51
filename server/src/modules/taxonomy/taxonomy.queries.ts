import { sql } from '../../store/sql.js';
import type { Store } from '../../store/store.js';

export interface CategoryRow {
  id: number;
  code: string;
  name: string;
  parent_id: number | null;
  level: number;
  owner_user_id: number | null;
  naics_code: string | null;
  version: number;
  [k: string]: string | number | boolean | null;
}

export function categoryRows(store: Store): Promise<CategoryRow[]> {
  return store.query<CategoryRow>(
    sql`SELECT id, code, name, parent_id, level, owner_user_id, naics_code, version FROM categories ORDER BY id`,
    { name: 'taxonomy.rows' },
  );
}

export async function codeTaken(store: Store, code: string): Promise<boolean> {
  const rows = await store.query(sql`SELECT 1 AS taken FROM categories WHERE lower(code) = ${code.toLowerCase()}`, { name: 'taxonomy.codeTaken' });
  return rows.length > 0;
}

/** Whether a user exists and may sign in, for owners. */
export async function userState(store: Store, id: number): Promise<{ name: string; disabled: boolean } | null> {
  const [row] = await store.query<{ name: string; disabled: boolean }>(
    sql`SELECT name, disabled_at IS NOT NULL AS disabled FROM users WHERE id = ${id}`,
    { name: 'taxonomy.owner' },
  );
  return row ?? null;
}

export async function userEmails(store: Store, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await store.query<{ id: number; email: string }>(sql`SELECT id, email FROM users WHERE id IN ${sql.list(ids)}`, { name: 'taxonomy.ownerEmails' });
  return new Map(rows.map((r) => [r.id, r.email]));
}

export async function nextCategoryId(store: Store): Promise<number> {
  const [row] = await store.query<{ id: number }>(sql`SELECT CAST(COALESCE(MAX(id), 0) + 1 AS INTEGER) AS id FROM categories`, { name: 'taxonomy.nextId' });
  return row.id;
}

/** A category's place and fields as written: the path ids l1…l4 denormalise its ancestry. */
export interface CategoryWrite {
  id: number;
  name: string;
  parentId: number | null;
  path: number[];
  ownerUserId: number | null;
  naicsCode: string | null;
}

export function insertCategory(store: Store, c: CategoryWrite & { code: string }, now: string) {
  const [l1, l2 = null, l3 = null, l4 = null] = c.path;
  return store.execute(
    sql`INSERT INTO categories (id, code, name, parent_id, level, l1_id, l2_id, l3_id, l4_id, owner_user_id, naics_code, version, created_at, updated_at)
        VALUES (${c.id}, ${c.code}, ${c.name}, ${c.parentId}, ${c.path.length}, ${l1}, ${l2}, ${l3}, ${l4}, ${c.ownerUserId}, ${c.naicsCode}, 1,
                CAST(${now} AS TIMESTAMP), CAST(${now} AS TIMESTAMP))`,
    { name: 'taxonomy.insert' },
  );
}

/**
 * Writes categories in one statement (an edited category and the subtree that moved with it),
 * each row once: DuckDB refuses a second write of a row with a unique key in one transaction.
 */
export async function updateCategories(store: Store, rows: CategoryWrite[], now: string): Promise<void> {
  if (!rows.length) return;
  const values = rows.map((c) => {
    const [l1, l2 = null, l3 = null, l4 = null] = c.path;
    return sql`(${c.id}, ${c.name}, ${c.parentId}, ${c.path.length}, ${l1}, ${l2}, ${l3}, ${l4}, ${c.ownerUserId}, ${c.naicsCode})`;
  });
  await store.execute(
    sql`UPDATE categories AS c SET name = v.name, parent_id = CAST(v.parent_id AS INTEGER), level = CAST(v.level AS INTEGER),
          l1_id = CAST(v.l1 AS INTEGER), l2_id = CAST(v.l2 AS INTEGER), l3_id = CAST(v.l3 AS INTEGER), l4_id = CAST(v.l4 AS INTEGER),
          owner_user_id = CAST(v.owner AS INTEGER), naics_code = CAST(v.naics AS VARCHAR), version = c.version + 1,
          updated_at = CAST(${now} AS TIMESTAMP)
        FROM (VALUES ${sql.join(values)}) AS v(id, name, parent_id, level, l1, l2, l3, l4, owner, naics)
        WHERE c.id = CAST(v.id AS INTEGER)`,
    { name: 'taxonomy.update' },
  );
}

import { sql } from '../../store/sql.js';
import type { Store } from '../../store/store.js';
import type { CategoryRecord } from '../../core/directory.js';

export async function listCategories(store: Store): Promise<CategoryRecord[]> {
  const rows = await store.query<{
    id: number; code: string; name: string; level: number; parent_id: number | null; naics_code: string | null;
    created_at: string; updated_at: string;
  }>(sql`SELECT id, code, name, level, parent_id, naics_code, created_at, updated_at FROM categories ORDER BY code`, {
    name: 'categories.list',
  });
  return rows.map((r) => ({
    id: r.id, code: r.code, name: r.name, level: r.level, parentId: r.parent_id, naicsCode: r.naics_code,
    createdAt: r.created_at, updatedAt: r.updated_at,
  }));
}

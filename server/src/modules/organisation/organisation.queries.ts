import { sql } from '../../store/sql.js';
import type { Store } from '../../store/store.js';
import type { BusinessUnitRecord } from '../../core/directory.js';

export async function listBusinessUnits(store: Store): Promise<BusinessUnitRecord[]> {
  const rows = await store.query<{
    id: number; code: string; name: string; parent_id: number | null; created_at: string; updated_at: string;
  }>(sql`SELECT id, code, name, parent_id, created_at, updated_at FROM business_units ORDER BY code`, {
    name: 'businessUnits.list',
  });
  return rows.map((r) => ({ id: r.id, code: r.code, name: r.name, parentId: r.parent_id, createdAt: r.created_at, updatedAt: r.updated_at }));
}

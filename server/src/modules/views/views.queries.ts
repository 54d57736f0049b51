import { sql, type Sql } from '../../store/sql.js';
import type { Store } from '../../store/store.js';
import type { SavedViewRecord } from './views.mappers.js';

interface ViewRow {
  id: number; name: string; kind: string; definition: string; shared: boolean; owner_id: number; owner_name: string | null;
  version: number; created_at: string; updated_at: string;
  [k: string]: string | number | boolean | null;
}

const toRecord = (r: ViewRow): SavedViewRecord => ({
  id: r.id, name: r.name, kind: r.kind as SavedViewRecord['kind'], definition: r.definition, shared: r.shared, ownerId: r.owner_id,
  ownerName: r.owner_name ?? 'Former user', version: r.version, createdAt: r.created_at, updatedAt: r.updated_at,
});

const SELECT = sql`SELECT v.id, v.name, v.kind, v.definition, v.shared, v.owner_id, u.name AS owner_name, v.version, v.created_at, v.updated_at
  FROM saved_views v LEFT JOIN users u ON u.id = v.owner_id`;

export async function listViews(store: Store, visible: Sql, kind: string | null): Promise<SavedViewRecord[]> {
  const rows = await store.query<ViewRow>(
    sql`${SELECT} WHERE ${visible} ${kind ? sql`AND v.kind = ${kind}` : sql``} ORDER BY v.updated_at DESC, v.id DESC`,
    { name: 'views.list' },
  );
  return rows.map(toRecord);
}

export async function findView(store: Store, id: number, visible: Sql): Promise<SavedViewRecord | null> {
  const [row] = await store.query<ViewRow>(sql`${SELECT} WHERE v.id = ${id} AND ${visible}`, { name: 'views.byId' });
  return row ? toRecord(row) : null;
}

export async function nameTaken(store: Store, ownerId: number, name: string, exceptId: number | null): Promise<boolean> {
  const rows = await store.query(
    sql`SELECT 1 AS taken FROM saved_views WHERE owner_id = ${ownerId} AND name = ${name} ${exceptId === null ? sql`` : sql`AND id <> ${exceptId}`}`,
    { name: 'views.nameTaken' },
  );
  return rows.length > 0;
}

export async function insertView(store: Store, v: { name: string; kind: string; definition: string; shared: boolean; ownerId: number; now: string }) {
  const [row] = await store.query<{ id: number }>(
    sql`INSERT INTO saved_views (id, name, owner_id, shared, kind, definition, version, created_at, updated_at)
        VALUES (nextval('saved_views_id_seq'), ${v.name}, ${v.ownerId}, ${v.shared}, ${v.kind}, ${v.definition}, 1,
                CAST(${v.now} AS TIMESTAMP), CAST(${v.now} AS TIMESTAMP))
        RETURNING id`,
    { name: 'views.insert' },
  );
  return row.id;
}

/** Updates when the version matches; returns false when it was stale. */
export async function updateView(store: Store, id: number, version: number, v: { name: string; definition: string; shared: boolean; now: string }) {
  const rows = await store.query(
    sql`UPDATE saved_views SET name = ${v.name}, definition = ${v.definition}, shared = ${v.shared}, version = version + 1,
               updated_at = CAST(${v.now} AS TIMESTAMP)
        WHERE id = ${id} AND version = ${version} RETURNING id`,
    { name: 'views.update' },
  );
  return rows.length === 1;
}

export function deleteView(store: Store, id: number) {
  return store.execute(sql`DELETE FROM saved_views WHERE id = ${id}`, { name: 'views.delete' });
}

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

/** A cost centre or GL account: the ledger's codes a line and a classification rule name. */
export interface LedgerCodeRecord {
  id: number;
  code: string;
  name: string;
  businessUnitId: number | null;
  createdAt: string;
  updatedAt: string;
}

/** Cost centres or GL accounts, ordered by code (the table is one of the two the type allows, never from input). */
export async function listLedgerCodes(store: Store, table: 'cost_centers' | 'gl_accounts'): Promise<LedgerCodeRecord[]> {
  const rows = await store.query<{ id: number; code: string; name: string; business_unit_id: number | null; created_at: string; updated_at: string }>(
    sql`SELECT id, code, name, business_unit_id, created_at, updated_at FROM ${sql.identifier(table)} ORDER BY code, id`,
    { name: `${table}.list` },
  );
  return rows.map((r) => ({ id: r.id, code: r.code, name: r.name, businessUnitId: r.business_unit_id, createdAt: r.created_at, updatedAt: r.updated_at }));
}

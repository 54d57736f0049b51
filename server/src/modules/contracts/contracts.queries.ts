import { sql, type Sql } from '../../store/sql.js';
import type { Store } from '../../store/store.js';
import type { ContractRecord } from './contracts.mappers.js';

/** The derived status (docs/domain.md, states), computed against the as-of date. */
export function derivedStatus(asOf: string, warningEnd: string): Sql {
  return sql`CASE WHEN k.status = 'ACTIVE' AND k.end_date < CAST(${asOf} AS DATE) THEN 'EXPIRED'
                  WHEN k.status = 'ACTIVE' AND k.end_date <= CAST(${warningEnd} AS DATE) THEN 'EXPIRING'
                  ELSE k.status END`;
}

interface ContractRow {
  id: number; number: string; title: string; supplier_id: number; start_date: string; end_date: string; ceiling: string;
  currency: string; status: string; renewal: string; notice_days: number; payment_terms_days: number; version: number;
  created_at: string; updated_at: string; total_count: string | null;
  [k: string]: string | number | boolean | null;
}

const COLUMNS = sql`k.id, k.number, k.title, k.supplier_id, k.start_date, k.end_date, k.ceiling, k.currency, k.status, k.renewal,
  k.notice_days, k.payment_terms_days, k.version, k.created_at, k.updated_at`;

function toRecord(r: ContractRow): ContractRecord {
  return {
    id: r.id, number: r.number, title: r.title, supplierId: r.supplier_id, startDate: r.start_date, endDate: r.end_date,
    ceiling: r.ceiling, currency: r.currency, storedStatus: r.status as ContractRecord['storedStatus'],
    renewal: r.renewal as ContractRecord['renewal'], noticeDays: r.notice_days, paymentTermsDays: r.payment_terms_days,
    version: r.version, createdAt: r.created_at, updatedAt: r.updated_at,
  };
}

export async function listContracts(store: Store, where: Sql, offset: number, limit: number) {
  const rows = await store.query<ContractRow>(
    sql`SELECT ${COLUMNS}, COUNT(*) OVER () AS total_count FROM contracts k WHERE ${where}
        ORDER BY k.end_date, k.number LIMIT ${limit} OFFSET ${offset}`,
    { name: 'contracts.list' },
  );
  let totalCount = rows.length ? Number(rows[0].total_count) : 0;
  if (!rows.length && offset > 0) {
    const [c] = await store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM contracts k WHERE ${where}`, { name: 'contracts.count' });
    totalCount = Number(c.n);
  }
  return { nodes: rows.map(toRecord), totalCount };
}

export async function findContract(store: Store, id: number, where: Sql): Promise<ContractRecord | null> {
  const [row] = await store.query<ContractRow>(sql`SELECT ${COLUMNS} FROM contracts k WHERE k.id = ${id} AND ${where}`, {
    name: 'contracts.byId',
  });
  return row ? toRecord(row) : null;
}

export async function countExpiringContracts(store: Store, where: Sql, asOf: string, warningEnd: string): Promise<number> {
  const [row] = await store.query<{ n: string }>(
    sql`SELECT COUNT(*) AS n FROM contracts k
        WHERE k.status = 'ACTIVE' AND k.end_date >= CAST(${asOf} AS DATE) AND k.end_date <= CAST(${warningEnd} AS DATE) AND ${where}`,
    { name: 'contracts.expiringCount' },
  );
  return Number(row?.n ?? 0);
}

export async function contractLinks(store: Store, table: 'categories' | 'businessUnits', contractIds: number[]) {
  if (!contractIds.length) return new Map<number, number[]>();
  const rows = await store.query<{ contract_id: number; ref_id: number }>(
    table === 'categories'
      ? sql`SELECT contract_id, category_id AS ref_id FROM contract_categories WHERE contract_id IN ${sql.list(contractIds)} ORDER BY ref_id`
      : sql`SELECT contract_id, business_unit_id AS ref_id FROM contract_business_units WHERE contract_id IN ${sql.list(contractIds)} ORDER BY ref_id`,
    { name: `contracts.links.${table}` },
  );
  const out = new Map<number, number[]>();
  for (const r of rows) out.set(r.contract_id, [...(out.get(r.contract_id) ?? []), r.ref_id]);
  return out;
}

/**
 * Contracts under `where` linked to one of `categoryIds`, one page with the total count: expiring
 * first, then active, draft, expired and terminated, by end date within each.
 */
export async function listContractsCovering(
  store: Store, where: Sql, categoryIds: number[], asOf: string, warningEnd: string, offset: number, limit: number,
) {
  if (!categoryIds.length) return { nodes: [], totalCount: 0 };
  const status = derivedStatus(asOf, warningEnd);
  const covering = sql`k.id IN (SELECT contract_id FROM contract_categories WHERE category_id IN ${sql.list(categoryIds)})`;
  const rows = await store.query<ContractRow>(
    sql`SELECT ${COLUMNS}, COUNT(*) OVER () AS total_count FROM contracts k WHERE ${covering} AND ${where}
        ORDER BY CASE ${status} WHEN 'EXPIRING' THEN 0 WHEN 'ACTIVE' THEN 1 WHEN 'DRAFT' THEN 2 WHEN 'EXPIRED' THEN 3 ELSE 4 END,
                 k.end_date, k.number
        LIMIT ${limit} OFFSET ${offset}`,
    { name: 'contracts.covering' },
  );
  let totalCount = rows.length ? Number(rows[0].total_count) : 0;
  if (!rows.length && offset > 0) {
    const [c] = await store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM contracts k WHERE ${covering} AND ${where}`, { name: 'contracts.coveringCount' });
    totalCount = Number(c.n);
  }
  return { nodes: rows.map(toRecord), totalCount };
}

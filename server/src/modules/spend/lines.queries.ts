import { sql, type Sql } from '../../store/sql.js';
import type { Row, Store } from '../../store/store.js';

export type LineSortField = 'INVOICE_DATE' | 'AMOUNT' | 'SUPPLIER' | 'CATEGORY' | 'BUSINESS_UNIT';

const ORDER: Record<LineSortField, Sql> = {
  INVOICE_DATE: sql`s.invoice_date`,
  AMOUNT: sql`s.amount_reporting`,
  SUPPLIER: sql`sup.name`,
  CATEGORY: sql`c.name`,
  BUSINESS_UNIT: sql`bu.name`,
};

/** The line columns with their related names, shared by the list and the exports. */
export const LINE_SELECT = sql`SELECT s.id, s.source_ref, s.invoice_date, s.posting_date, s.supplier_id, sup.name AS supplier_name,
    s.raw_supplier_name, s.category_id, c.name AS category_name, s.classification_source, s.business_unit_id, bu.name AS business_unit_name,
    cc.name AS cost_center_name, CASE WHEN gl.id IS NULL THEN NULL ELSE gl.code || ' ' || gl.name END AS gl_account_name,
    s.description, s.amount, s.currency, s.amount_reporting, s.contract_id, k.number AS contract_number, s.po_number, s.country_code
  FROM spend_lines s
  LEFT JOIN suppliers sup ON sup.id = s.supplier_id
  LEFT JOIN categories c ON c.id = s.category_id
  LEFT JOIN business_units bu ON bu.id = s.business_unit_id
  LEFT JOIN cost_centers cc ON cc.id = s.cost_center_id
  LEFT JOIN gl_accounts gl ON gl.id = s.gl_account_id
  LEFT JOIN contracts k ON k.id = s.contract_id`;

export function linesStatement(where: Sql, field: LineSortField, ascending: boolean): Sql {
  const dir = ascending ? sql`ASC` : sql`DESC`;
  return sql`${LINE_SELECT} WHERE ${where} ORDER BY ${ORDER[field]} ${dir} NULLS LAST, s.id ${dir}`;
}

export function pageOfLines(store: Store, where: Sql, field: LineSortField, ascending: boolean, offset: number, limit: number): Promise<Row[]> {
  return store.query(sql`${linesStatement(where, field, ascending)} LIMIT ${limit} OFFSET ${offset}`, { name: 'lines.page' });
}

export async function countAndSum(store: Store, where: Sql) {
  const [row] = await store.query<{ n: string; total: string | null }>(
    sql`SELECT COUNT(*) AS n, SUM(s.amount_reporting) AS total FROM spend_lines s WHERE ${where}`,
    { name: 'lines.countAndSum' },
  );
  return { count: Number(row.n), total: row.total };
}

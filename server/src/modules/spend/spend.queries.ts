import { itemKey } from '../../core/item-key.js';
import { sql, type Sql } from '../../store/sql.js';
import type { Row, Store } from '../../store/store.js';
import { LINES, type SpendSource } from '../../core/spend-rollup.js';

export function runCube(store: Store, statement: Sql): Promise<Row[]> {
  return store.query(statement, { name: 'spend.cube', timeoutMs: 60_000 });
}

export async function dataRange(store: Store, where: Sql) {
  const [row] = await store.query<{ min_date: string | null; max_date: string | null }>(
    sql`SELECT MIN(s.invoice_date) AS min_date, MAX(s.invoice_date) AS max_date FROM spend_lines s WHERE ${where}`,
    { name: 'spend.dataRange' },
  );
  return { minDate: row?.min_date ?? null, maxDate: row?.max_date ?? null };
}

/**
 * Current and previous period figures in one scan over both periods, from the lines or a rollup
 * that holds month, supplier, contract, PO and category (docs/rollups.md).
 */
export async function summary(store: Store, where: Sql, from: string, to: string, previousFrom: string, previousTo: string, source: SpendSource = LINES) {
  const current = sql`s.invoice_date BETWEEN CAST(${from} AS DATE) AND CAST(${to} AS DATE)`;
  const [row] = await store.query<{
    total: string | null; previous: string | null; suppliers: string; on_contract: string | null;
    with_po: string | null; classified: string | null; lines: string;
  }>(
    sql`SELECT
          SUM(CASE WHEN ${current} THEN s.amount_reporting END) AS total,
          SUM(CASE WHEN s.invoice_date BETWEEN CAST(${previousFrom} AS DATE) AND CAST(${previousTo} AS DATE) THEN s.amount_reporting END) AS previous,
          COUNT(DISTINCT CASE WHEN ${current} THEN s.supplier_id END) AS suppliers,
          SUM(CASE WHEN ${current} AND s.contract_id IS NOT NULL THEN s.amount_reporting END) AS on_contract,
          SUM(CASE WHEN ${current} AND s.po_number IS NOT NULL THEN s.amount_reporting END) AS with_po,
          SUM(CASE WHEN ${current} AND s.category_id IS NOT NULL THEN s.amount_reporting END) AS classified,
          ${source.count(current)} AS lines
        FROM ${source.relation}
        WHERE s.invoice_date BETWEEN CAST(${previousFrom} AS DATE) AND CAST(${to} AS DATE) AND ${where}`,
    { name: 'spend.summary' },
  );
  return row;
}


/** Stores the item key of lines written without one (migration 013); returns nothing, changes only those lines. */
export function fillItemKeys(store: Store): Promise<void> {
  return store.execute(sql`UPDATE spend_lines SET item_key = ${itemKey(sql`description`)} WHERE item_key IS NULL AND description IS NOT NULL`,
    { name: 'spend.fillItemKeys', timeoutMs: 600_000 });
}

/** Lines `where` keeps that have no amount in the currency of `lines` (a relation over the lines as `s`). */
export async function linesWithoutAmount(store: Store, where: Sql, lines: Sql): Promise<number> {
  const [row] = await store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM ${lines} WHERE s.amount_reporting IS NULL AND ${where}`, { name: 'spend.linesWithoutAmount' });
  return Number(row.n);
}

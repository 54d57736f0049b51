import { sql, type Sql } from '../../store/sql.js';
import type { Store } from '../../store/store.js';
import type { ContractRecord, ContractValues } from './contracts.mappers.js';

/** The last day a contract covers: its end date, or the termination date when that is earlier. */
const EFFECTIVE_END = sql`CASE WHEN k.status = 'TERMINATED' AND k.terminated_at IS NOT NULL AND CAST(k.terminated_at AS DATE) < k.end_date
  THEN CAST(k.terminated_at AS DATE) ELSE k.end_date END`;

/** The derived status (docs/domain.md, states), computed against the as-of date. */
export function derivedStatus(asOf: string, warningEnd: string): Sql {
  return sql`CASE WHEN k.status = 'ACTIVE' AND k.end_date < CAST(${asOf} AS DATE) THEN 'EXPIRED'
                  WHEN k.status = 'ACTIVE' AND k.end_date <= CAST(${warningEnd} AS DATE) THEN 'EXPIRING'
                  ELSE k.status END`;
}

/**
 * The order of every contract list (docs/domain.md, "Contract lists"): what needs attention
 * first. Expiring, then active, then drafts, each by end date, soonest first; then expired and
 * terminated, the most recent first, so ten-year-old contracts do not open the list.
 */
export function listOrder(asOf: string, warningEnd: string): Sql {
  const status = derivedStatus(asOf, warningEnd);
  return sql`CASE ${status} WHEN 'EXPIRING' THEN 0 WHEN 'ACTIVE' THEN 1 WHEN 'DRAFT' THEN 2 WHEN 'EXPIRED' THEN 3 ELSE 4 END,
    CASE WHEN ${status} IN ('EXPIRED', 'TERMINATED') THEN NULL ELSE k.end_date END, k.end_date DESC, k.number`;
}

interface ContractRow {
  id: number; number: string; title: string; supplier_id: number; start_date: string; end_date: string; effective_end: string; ceiling: string;
  currency: string; status: string; renewal: string; notice_days: number; payment_terms_days: number; owner_user_id: number | null;
  terminated_at: string | null; termination_reason: string | null; version: number; created_at: string; updated_at: string;
  total_count: string | null;
  [k: string]: string | number | boolean | null;
}

const COLUMNS = sql`k.id, k.number, k.title, k.supplier_id, k.start_date, k.end_date, ${EFFECTIVE_END} AS effective_end, CAST(k.ceiling AS VARCHAR) AS ceiling,
  k.currency, k.status, k.renewal, k.notice_days, k.payment_terms_days, k.owner_user_id, k.terminated_at, k.termination_reason, k.version,
  k.created_at, k.updated_at`;

function toRecord(r: ContractRow): ContractRecord {
  return {
    id: r.id, number: r.number, title: r.title, supplierId: r.supplier_id, startDate: r.start_date, endDate: r.end_date,
    effectiveEndDate: r.effective_end, ceiling: r.ceiling, currency: r.currency, storedStatus: r.status as ContractRecord['storedStatus'],
    renewal: r.renewal as ContractRecord['renewal'], noticeDays: r.notice_days, paymentTermsDays: r.payment_terms_days,
    ownerUserId: r.owner_user_id, terminatedAt: r.terminated_at, terminationReason: r.termination_reason,
    version: r.version, createdAt: r.created_at, updatedAt: r.updated_at,
  };
}

export async function listContracts(store: Store, where: Sql, order: Sql, offset: number, limit: number) {
  const rows = await store.query<ContractRow>(
    sql`SELECT ${COLUMNS}, COUNT(*) OVER () AS total_count FROM contracts k WHERE ${where}
        ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
    { name: 'contracts.list' },
  );
  let totalCount = rows.length ? Number(rows[0].total_count) : 0;
  if (!rows.length && offset > 0) {
    const [c] = await store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM contracts k WHERE ${where}`, { name: 'contracts.count' });
    totalCount = Number(c.n);
  }
  return { nodes: rows.map(toRecord), totalCount };
}

/** Contracts per derived status under a condition (the list's chips). */
export async function statusCounts(store: Store, where: Sql, asOf: string, warningEnd: string): Promise<Map<string, number>> {
  const rows = await store.query<{ status: string; n: string }>(
    sql`SELECT ${derivedStatus(asOf, warningEnd)} AS status, COUNT(*) AS n FROM contracts k WHERE ${where} GROUP BY 1`,
    { name: 'contracts.statusCounts' },
  );
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
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

/** Names of users by id (contract owners). */
export async function userNames(store: Store, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await store.query<{ id: number; name: string }>(sql`SELECT id, name FROM users WHERE id IN ${sql.list(ids)}`, { name: 'contracts.owners.byId' });
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Owners of the contracts under a condition, plus (when `roles` is given) every active user with one of those roles. */
export async function listOwners(store: Store, where: Sql, roles: string[]): Promise<Array<{ id: number; name: string }>> {
  const editors = roles.length ? sql`OR (u.disabled_at IS NULL AND u.role IN ${sql.list(roles)})` : sql``;
  return store.query<{ id: number; name: string }>(
    sql`SELECT u.id, u.name FROM users u
        WHERE u.id IN (SELECT k.owner_user_id FROM contracts k WHERE k.owner_user_id IS NOT NULL AND ${where}) ${editors}
        ORDER BY u.name, u.id`,
    { name: 'contracts.owners' },
  );
}

export async function activeUserExists(store: Store, id: number): Promise<boolean> {
  const rows = await store.query(sql`SELECT id FROM users WHERE id = ${id} AND disabled_at IS NULL`, { name: 'contracts.ownerExists' });
  return rows.length === 1;
}

/** The contract (other than `exceptId`) that already carries this number, compared without case. */
export async function numberTaken(store: Store, number: string, exceptId: number | null): Promise<boolean> {
  const rows = await store.query(
    sql`SELECT id FROM contracts WHERE lower(number) = lower(${number}) ${exceptId === null ? sql`` : sql`AND id <> ${exceptId}`}`,
    { name: 'contracts.numberTaken' },
  );
  return rows.length > 0;
}

export async function insertContract(store: Store, v: ContractValues, now: string): Promise<number> {
  // Ids as elsewhere in the store (imports too): the next after the largest, inside the caller's transaction.
  const [row] = await store.query<{ id: number }>(
    sql`INSERT INTO contracts (id, number, title, supplier_id, start_date, end_date, ceiling, currency, status, owner_user_id,
          payment_terms_days, renewal, notice_days, version, created_at, updated_at)
        SELECT COALESCE(MAX(id), 0) + 1, ${v.number}, ${v.title}, ${v.supplierId}, CAST(${v.startDate} AS DATE), CAST(${v.endDate} AS DATE),
          CAST(${v.ceiling} AS DECIMAL(18,2)), ${v.currency}, 'DRAFT', ${v.ownerUserId}, ${v.paymentTermsDays}, ${v.renewal}, ${v.noticeDays}, 1,
          CAST(${now} AS TIMESTAMP), CAST(${now} AS TIMESTAMP)
        FROM contracts
        RETURNING id`,
    { name: 'contracts.insert' },
  );
  return row.id;
}

/** Changes the values when the version is still `version`; false when someone else changed it first. */
export async function updateContract(store: Store, id: number, version: number, v: ContractValues, numberChanged: boolean, now: string): Promise<boolean> {
  // The number is only written when it changes: DuckDB checks a unique key on every write of its column.
  const number = numberChanged ? sql`number = ${v.number},` : sql``;
  const rows = await store.query(
    sql`UPDATE contracts SET ${number} title = ${v.title}, supplier_id = ${v.supplierId}, start_date = CAST(${v.startDate} AS DATE),
          end_date = CAST(${v.endDate} AS DATE), ceiling = CAST(${v.ceiling} AS DECIMAL(18,2)), currency = ${v.currency},
          owner_user_id = ${v.ownerUserId}, payment_terms_days = ${v.paymentTermsDays}, renewal = ${v.renewal}, notice_days = ${v.noticeDays},
          version = version + 1, updated_at = CAST(${now} AS TIMESTAMP)
        WHERE id = ${id} AND version = ${version} RETURNING id`,
    { name: 'contracts.update' },
  );
  return rows.length === 1;
}

export async function replaceLinks(store: Store, id: number, categoryIds: number[], businessUnitIds: number[]): Promise<void> {
  await store.execute(sql`DELETE FROM contract_categories WHERE contract_id = ${id}`, { name: 'contracts.links.clearCategories' });
  await store.execute(sql`DELETE FROM contract_business_units WHERE contract_id = ${id}`, { name: 'contracts.links.clearUnits' });
  if (categoryIds.length) {
    await store.execute(
      sql`INSERT INTO contract_categories (contract_id, category_id) VALUES ${sql.join(categoryIds.map((c) => sql`(${id}, ${c})`))}`,
      { name: 'contracts.links.categories' },
    );
  }
  if (businessUnitIds.length) {
    await store.execute(
      sql`INSERT INTO contract_business_units (contract_id, business_unit_id) VALUES ${sql.join(businessUnitIds.map((b) => sql`(${id}, ${b})`))}`,
      { name: 'contracts.links.units' },
    );
  }
}

/** A state change (activate, terminate) when the version is still `version`. */
export async function setStatus(
  store: Store, id: number, version: number, change: { status: 'ACTIVE' | 'TERMINATED'; terminatedAt: string | null; reason: string | null }, now: string,
): Promise<boolean> {
  const rows = await store.query(
    sql`UPDATE contracts SET status = ${change.status}, terminated_at = CAST(${change.terminatedAt} AS TIMESTAMP),
          termination_reason = ${change.reason}, version = version + 1, updated_at = CAST(${now} AS TIMESTAMP)
        WHERE id = ${id} AND version = ${version} RETURNING id`,
    { name: 'contracts.setStatus' },
  );
  return rows.length === 1;
}

export async function deleteContract(store: Store, id: number, version: number): Promise<boolean> {
  const rows = await store.query(sql`DELETE FROM contracts WHERE id = ${id} AND version = ${version} RETURNING id`, { name: 'contracts.delete' });
  if (rows.length !== 1) return false;
  await replaceLinks(store, id, [], []);
  return true;
}

// ---- matching spend lines to contracts (docs/domain.md, "Matching spend to contracts")

/**
 * The best contract for each line `affected` selects (a condition over `spend_lines s`), or NULL:
 * a contract in force (ACTIVE, or TERMINATED up to its termination) whose supplier is the line's
 * supplier or its family parent, whose term holds the invoice date, and whose categories and
 * business units (with their descendants; none listed = all) hold the line's. Ties: the line's own
 * supplier, then the deepest matching category, then a contract naming business units, then the
 * latest start, then the highest id.
 */
function bestContracts(affected: Sql, lines: ContractMatchLines = 'spend_lines'): Sql {
  return sql`
    WITH RECURSIVE category_up (category_id, ancestor_id, depth) AS (
      SELECT id, id, 0 FROM categories
      UNION ALL
      SELECT u.category_id, c.parent_id, u.depth + 1 FROM category_up u JOIN categories c ON c.id = u.ancestor_id
      WHERE c.parent_id IS NOT NULL AND u.depth < 16
    ),
    unit_up (business_unit_id, ancestor_id, depth) AS (
      SELECT id, id, 0 FROM business_units
      UNION ALL
      SELECT u.business_unit_id, b.parent_id, u.depth + 1 FROM unit_up u JOIN business_units b ON b.id = u.ancestor_id
      WHERE b.parent_id IS NOT NULL AND u.depth < 16
    ),
    eligible AS (
      SELECT k.id, k.supplier_id, k.start_date, ${EFFECTIVE_END} AS last_day,
             EXISTS (SELECT 1 FROM contract_categories cc WHERE cc.contract_id = k.id) AS lists_categories,
             EXISTS (SELECT 1 FROM contract_business_units cb WHERE cb.contract_id = k.id) AS lists_units
      FROM contracts k WHERE k.status IN ('ACTIVE', 'TERMINATED')
    ),
    parties AS (
      SELECT e.id AS contract_id, e.supplier_id, 0 AS family FROM eligible e
      UNION ALL
      SELECT e.id, sup.id, 1 FROM eligible e JOIN suppliers sup ON sup.parent_id = e.supplier_id AND sup.id <> e.supplier_id
    ),
    category_cover AS (
      SELECT cc.contract_id, u.category_id, MAX(c.level) AS specificity
      FROM contract_categories cc JOIN category_up u ON u.ancestor_id = cc.category_id JOIN categories c ON c.id = cc.category_id
      GROUP BY cc.contract_id, u.category_id
    ),
    unit_cover AS (
      SELECT DISTINCT cb.contract_id, u.business_unit_id
      FROM contract_business_units cb JOIN unit_up u ON u.ancestor_id = cb.business_unit_id
    ),
    -- Only lines that have a contract or whose supplier is party to one can change: an import of
    -- a million lines from suppliers with no contract reads them once here and joins nothing.
    lines AS (
      SELECT s.id, s.supplier_id, s.invoice_date, s.category_id, s.business_unit_id, s.contract_id FROM ${sql.identifier(lines)} s
      WHERE (${affected}) AND (s.contract_id IS NOT NULL OR s.supplier_id IN (SELECT supplier_id FROM parties))
    ),
    ranked AS (
      SELECT l.id, e.id AS contract_id,
             ROW_NUMBER() OVER (PARTITION BY l.id ORDER BY p.family, COALESCE(cv.specificity, 0) DESC,
                                CASE WHEN e.lists_units THEN 0 ELSE 1 END, e.start_date DESC, e.id DESC) AS rank
      FROM lines l
      JOIN parties p ON p.supplier_id = l.supplier_id
      JOIN eligible e ON e.id = p.contract_id AND l.invoice_date >= e.start_date AND l.invoice_date <= e.last_day
      LEFT JOIN category_cover cv ON cv.contract_id = e.id AND cv.category_id = l.category_id
      LEFT JOIN unit_cover uv ON uv.contract_id = e.id AND uv.business_unit_id = l.business_unit_id
      WHERE (NOT e.lists_categories OR cv.contract_id IS NOT NULL) AND (NOT e.lists_units OR uv.contract_id IS NOT NULL)
    )
    SELECT l.id, r.contract_id AS new_contract_id
    FROM lines l LEFT JOIN ranked r ON r.id = l.id AND r.rank = 1
    WHERE l.contract_id IS DISTINCT FROM r.contract_id`;
}

/**
 * The tables whose rows the matching rule reads as lines: the lines, or the PostgreSQL demo seed's
 * lines before they are stored (`matchLines`). An allow-list: the name goes into the statement.
 */
export type ContractMatchLines = 'spend_lines' | 'seed_lines';

/**
 * The rows `affected` selects in `lines` whose contract the rule changes, as the temporary table
 * `contract_rematch (id, new_contract_id)`. Over `seed_lines` it matches a bulk load before it is
 * written, so the load writes each line once instead of writing it and then updating it.
 */
export async function matchLines(store: Store, affected: Sql, lines: ContractMatchLines = 'spend_lines', timeoutMs = 600_000): Promise<void> {
  await store.execute(sql`DROP TABLE IF EXISTS contract_rematch`, { name: 'contracts.rematch.drop' });
  await store.execute(sql`CREATE TEMPORARY TABLE contract_rematch AS ${bestContracts(affected, lines)}`, { name: 'contracts.rematch.plan', timeoutMs });
}

/**
 * Re-matches the lines `affected` selects, set-based, and returns how many changed contract.
 * Runs inside the caller's transaction, so a contract change and its re-match commit together.
 */
export async function rematchLines(store: Store, affected: Sql): Promise<number> {
  await matchLines(store, affected);
  const [row] = await store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM contract_rematch`, { name: 'contracts.rematch.count' });
  if (Number(row.n) > 0) {
    // The same condition again on the target, so the engine scans only the row groups it can touch.
    await store.execute(
      sql`UPDATE spend_lines AS s SET contract_id = m.new_contract_id FROM contract_rematch m WHERE s.id = m.id AND (${affected})`,
      { name: 'contracts.rematch.apply', timeoutMs: 600_000 },
    );
  }
  await store.execute(sql`DROP TABLE contract_rematch`, { name: 'contracts.rematch.done' });
  return Number(row.n);
}

/**
 * What a change to these contracts can affect, as bounds the engine can prune on: the suppliers
 * they name and those suppliers' family members, and the span of their terms. Contracts that no
 * longer exist contribute nothing (their lines are found by `contract_id`).
 */
export async function rematchBounds(store: Store, contractIds: number[]): Promise<{ supplierIds: number[]; from: string | null; to: string | null }> {
  if (!contractIds.length) return { supplierIds: [], from: null, to: null };
  const suppliers = await store.query<{ id: number }>(
    sql`SELECT supplier_id AS id FROM contracts WHERE id IN ${sql.list(contractIds)}
        UNION SELECT sup.id FROM suppliers sup JOIN contracts k ON sup.parent_id = k.supplier_id WHERE k.id IN ${sql.list(contractIds)}`,
    { name: 'contracts.rematch.suppliers' },
  );
  const [span] = await store.query<{ lo: string | null; hi: string | null }>(
    sql`SELECT CAST(MIN(start_date) AS VARCHAR) AS lo, CAST(MAX(end_date) AS VARCHAR) AS hi FROM contracts WHERE id IN ${sql.list(contractIds)}`,
    { name: 'contracts.rematch.span' },
  );
  return { supplierIds: suppliers.map((s) => s.id), from: span?.lo ?? null, to: span?.hi ?? null };
}

// ---- utilisation and leakage

/**
 * Matched spend per contract under a condition over `spend_lines s`. Matched lines lie within
 * their contract's term (the matching rule guarantees it), so the span of the terms bounds the
 * scan and the engine skips row groups outside it.
 */
export async function spendByContracts(store: Store, where: Sql, ids: number[], from: string, to: string): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await store.query<{ contract_id: number; spend: string | null }>(
    sql`SELECT s.contract_id, CAST(SUM(s.amount_reporting) AS VARCHAR) AS spend FROM spend_lines s
        WHERE ${where} AND s.contract_id IN ${sql.list(ids)} AND s.invoice_date >= CAST(${from} AS DATE) AND s.invoice_date <= CAST(${to} AS DATE)
        GROUP BY s.contract_id`,
    { name: 'contracts.spend' },
  );
  return new Map(rows.map((r) => [r.contract_id, r.spend ?? '0']));
}

/**
 * Matched spend per contract and invoice day (reporting currency; lines without a rate left out),
 * for every contract a request asks about at once, bounded by the span of their terms.
 */
export async function dailySpendByContracts(
  store: Store, where: Sql, ids: number[], from: string, to: string,
): Promise<Array<{ contractId: number; day: string; spend: string; lines: number }>> {
  if (!ids.length) return [];
  const rows = await store.query<{ contract_id: number; day: string; spend: string; lines: string }>(
    sql`SELECT s.contract_id, CAST(s.invoice_date AS VARCHAR) AS day, CAST(SUM(s.amount_reporting) AS VARCHAR) AS spend, COUNT(*) AS lines
        FROM spend_lines s
        WHERE ${where} AND s.contract_id IN ${sql.list(ids)} AND s.amount_reporting IS NOT NULL
          AND s.invoice_date >= CAST(${from} AS DATE) AND s.invoice_date <= CAST(${to} AS DATE)
        GROUP BY s.contract_id, s.invoice_date ORDER BY s.contract_id, s.invoice_date`,
    { name: 'contracts.dailySpend' },
  );
  return rows.map((r) => ({ contractId: r.contract_id, day: r.day, spend: r.spend, lines: Number(r.lines) }));
}

/** Every monthly rate of these currencies, by month. */
export async function ratesOf(store: Store, currencies: string[]): Promise<Array<{ currency: string; month: string; rate: string }>> {
  if (!currencies.length) return [];
  return store.query<{ currency: string; month: string; rate: string }>(
    sql`SELECT currency, CAST(month AS VARCHAR) AS month, CAST(rate_to_reporting AS VARCHAR) AS rate FROM fx_rates
        WHERE currency IN ${sql.list(currencies)} ORDER BY currency, month`,
    { name: 'contracts.ceilingRates' },
  );
}

/** Spend and lines per supplier under a condition, with the part on no contract. */
export async function spendBySupplier(store: Store, where: Sql): Promise<Array<{
  supplierId: number; parentId: number | null; spend: string; lines: number; offSpend: string; offLines: number;
}>> {
  const rows = await store.query<{ supplier_id: number; parent_id: number | null; spend: string | null; lines: string; off_spend: string | null; off_lines: string }>(
    sql`SELECT t.supplier_id, sup.parent_id, t.spend, t.lines, t.off_spend, t.off_lines
        FROM (SELECT s.supplier_id, CAST(SUM(s.amount_reporting) AS VARCHAR) AS spend, COUNT(*) AS lines,
                     CAST(SUM(CASE WHEN s.contract_id IS NULL THEN s.amount_reporting END) AS VARCHAR) AS off_spend,
                     COUNT(CASE WHEN s.contract_id IS NULL THEN 1 END) AS off_lines
              FROM spend_lines s WHERE ${where} GROUP BY s.supplier_id) t
        LEFT JOIN suppliers sup ON sup.id = t.supplier_id`,
    { name: 'contracts.spendBySupplier' },
  );
  return rows.map((r) => ({
    supplierId: r.supplier_id, parentId: r.parent_id, spend: r.spend ?? '0', lines: Number(r.lines), offSpend: r.off_spend ?? '0', offLines: Number(r.off_lines),
  }));
}

/** Contracts linked to one of the categories. */
export function coveringCategories(categoryIds: number[]): Sql {
  return categoryIds.length ? sql`k.id IN (SELECT contract_id FROM contract_categories WHERE category_id IN ${sql.list(categoryIds)})` : sql`FALSE`;
}

/** Contracts under `where` linked to one of `categoryIds`, one page with the total count, in `listOrder`. */
export async function listContractsCovering(
  store: Store, where: Sql, categoryIds: number[], asOf: string, warningEnd: string, offset: number, limit: number,
) {
  if (!categoryIds.length) return { nodes: [], totalCount: 0 };
  const covering = coveringCategories(categoryIds);
  const rows = await store.query<ContractRow>(
    sql`SELECT ${COLUMNS}, COUNT(*) OVER () AS total_count FROM contracts k WHERE ${covering} AND ${where}
        ORDER BY ${listOrder(asOf, warningEnd)}
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

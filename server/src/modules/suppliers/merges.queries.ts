import { sql, type Sql } from '../../store/sql.js';
import { atVersion } from '../../core/versions.js';
import type { Store } from '../../store/store.js';

export interface MergeRecord {
  id: number;
  sourceId: number;
  targetId: number;
  linesMoved: number;
  mergedAt: string;
  undoneAt: string | null;
}

/** Active suppliers with their spend under `spendWhere` (only those with spend when `withSpendOnly`). */
export function candidates(store: Store, spendWhere: Sql, withSpendOnly: boolean) {
  return store.query<{ id: number; normalized_name: string; spend: string | null }>(
    sql`SELECT sup.id, sup.normalized_name, agg.spend
        FROM suppliers sup
        LEFT JOIN (SELECT s.supplier_id, SUM(s.amount_reporting) AS spend FROM spend_lines s WHERE ${spendWhere} GROUP BY s.supplier_id) agg
          ON agg.supplier_id = sup.id
        WHERE sup.status = 'ACTIVE' ${withSpendOnly ? sql`AND agg.supplier_id IS NOT NULL` : sql``}`,
    { name: 'merges.candidates' },
  );
}

export async function dismissed(store: Store): Promise<Set<string>> {
  const rows = await store.query<{ a: number; b: number }>(sql`SELECT supplier_a AS a, supplier_b AS b FROM dismissed_merge_suggestions`, { name: 'merges.dismissed' });
  return new Set(rows.map((r) => `${r.a}:${r.b}`));
}

export function dismiss(store: Store, a: number, b: number, by: number, now: string) {
  return store.execute(
    sql`INSERT INTO dismissed_merge_suggestions (supplier_a, supplier_b, dismissed_by, dismissed_at)
        VALUES (${Math.min(a, b)}, ${Math.max(a, b)}, ${by}, CAST(${now} AS TIMESTAMP)) ON CONFLICT DO NOTHING`,
    { name: 'merges.dismiss' },
  );
}

const MERGE_SELECT = sql`SELECT m.id, m.source_id, m.target_id, m.merged_at, m.undone_at,
  (SELECT COUNT(*) FROM supplier_merge_lines ml WHERE ml.merge_id = m.id) AS lines_moved FROM supplier_merges m`;

const toMerge = (r: { id: number; source_id: number; target_id: number; merged_at: string; undone_at: string | null; lines_moved: string }): MergeRecord => ({
  id: r.id, sourceId: r.source_id, targetId: r.target_id, linesMoved: Number(r.lines_moved), mergedAt: r.merged_at, undoneAt: r.undone_at,
});

/**
 * Only merges within `scope` (a condition over `spend_lines s`; null = unrestricted): merges that
 * moved at least one line and whose moved lines all lie in the scope today (docs/scope.md).
 * A line whose category or unit is missing counts as outside.
 */
function withinScope(scope: Sql | null): Sql {
  if (scope === null) return sql`TRUE`;
  return sql`EXISTS (SELECT 1 FROM supplier_merge_lines ml WHERE ml.merge_id = m.id)
    AND NOT EXISTS (SELECT 1 FROM supplier_merge_lines ml JOIN spend_lines s ON s.id = ml.line_id
                    WHERE ml.merge_id = m.id AND NOT COALESCE((${scope}), FALSE))`;
}

export async function listMerges(store: Store, scope: Sql | null): Promise<MergeRecord[]> {
  const rows = await store.query<Parameters<typeof toMerge>[0] & Record<string, string | number | null>>(
    sql`${MERGE_SELECT} WHERE ${withinScope(scope)} ORDER BY m.id DESC`, { name: 'merges.list' },
  );
  return rows.map(toMerge);
}

export async function findMerge(store: Store, id: number, scope: Sql | null): Promise<MergeRecord | null> {
  const [row] = await store.query<Parameters<typeof toMerge>[0] & Record<string, string | number | null>>(
    sql`${MERGE_SELECT} WHERE m.id = ${id} AND ${withinScope(scope)}`, { name: 'merges.byId' },
  );
  return row ? toMerge(row) : null;
}

/** Whether a later merge still in force moved the same source (undo this one after that one). */
export async function laterActiveMerge(store: Store, merge: MergeRecord): Promise<boolean> {
  const rows = await store.query(
    sql`SELECT 1 AS x FROM supplier_merges WHERE source_id = ${merge.sourceId} AND id > ${merge.id} AND undone_at IS NULL LIMIT 1`,
    { name: 'merges.later' },
  );
  return rows.length > 0;
}

/** The merge, as statements run in one transaction by the service. */
export const mergeSteps = {
  record: (source: number, target: number, by: number, now: string) => sql`
    INSERT INTO supplier_merges (id, source_id, target_id, merged_by, merged_at)
    VALUES (nextval('supplier_merges_id_seq'), ${source}, ${target}, ${by}, CAST(${now} AS TIMESTAMP)) RETURNING id`,
  // `scope` limits a scoped user's merge to the lines they can see (docs/scope.md); TRUE for everyone else.
  rememberLines: (merge: number, source: number, scope: Sql) => sql`
    INSERT INTO supplier_merge_lines (merge_id, line_id) SELECT ${merge}, s.id FROM spend_lines s WHERE s.supplier_id = ${source} AND ${scope}`,
  moveLines: (merge: number, target: number) => sql`
    UPDATE spend_lines SET supplier_id = ${target} WHERE id IN (SELECT line_id FROM supplier_merge_lines WHERE merge_id = ${merge})`,
  // Only aliases the target did not have are recorded, so undo removes exactly what the merge added.
  rememberAliases: (merge: number, source: number, target: number) => sql`
    INSERT INTO supplier_merge_aliases (merge_id, raw_name)
    SELECT ${merge}, a.raw_name FROM supplier_aliases a
    WHERE a.supplier_id = ${source} AND NOT EXISTS (SELECT 1 FROM supplier_aliases t WHERE t.supplier_id = ${target} AND t.raw_name = a.raw_name)`,
  moveAliases: (merge: number, target: number) => sql`
    INSERT INTO supplier_aliases (supplier_id, raw_name) SELECT ${target}, raw_name FROM supplier_merge_aliases WHERE merge_id = ${merge}`,
  dropSourceAliases: (source: number) => sql`DELETE FROM supplier_aliases WHERE supplier_id = ${source}`,
  // The source's family members join the target's family; the target itself, if it was one, heads it.
  rememberChildren: (merge: number, source: number) => sql`
    INSERT INTO supplier_merge_children (merge_id, supplier_id, parent_id) SELECT ${merge}, id, parent_id FROM suppliers WHERE parent_id = ${source}`,
  moveChildren: (merge: number, target: number, now: string) => sql`
    UPDATE suppliers SET parent_id = NULLIF(${target}, id), version = version + 1, updated_at = CAST(${now} AS TIMESTAMP)
    WHERE id IN (SELECT supplier_id FROM supplier_merge_children WHERE merge_id = ${merge})`,
  /**
   * The merge's first write: the source, only while it is still active. It holds the source's row
   * until the merge commits, so a block made meanwhile either came first (and this finds no row)
   * or waits for the merge, whose new version then refuses it.
   */
  claimActiveSource: (source: number, version: number | null) =>
    sql`UPDATE suppliers SET version = version WHERE id = ${source} AND status = 'ACTIVE' AND ${atVersion(version)} RETURNING id`,
  /**
   * The target, held the same way: a merge into a supplier that was merged away meanwhile, or
   * changed since the caller saw it (when a version was sent), finds no row.
   */
  claimTarget: (target: number, version: number | null) =>
    sql`UPDATE suppliers SET version = version WHERE id = ${target} AND status <> 'MERGED' AND ${atVersion(version)} RETURNING id`,
  markMerged: (source: number, target: number, now: string) => sql`
    UPDATE suppliers SET status = 'MERGED', merged_into_id = ${target}, version = version + 1, updated_at = CAST(${now} AS TIMESTAMP) WHERE id = ${source}`,
};

export const undoSteps = {
  moveLinesBack: (merge: number, source: number) => sql`
    UPDATE spend_lines SET supplier_id = ${source} WHERE id IN (SELECT line_id FROM supplier_merge_lines WHERE merge_id = ${merge})`,
  restoreAliases: (merge: number, source: number) => sql`
    INSERT INTO supplier_aliases (supplier_id, raw_name)
    SELECT ${source}, m.raw_name FROM supplier_merge_aliases m WHERE m.merge_id = ${merge}
      AND NOT EXISTS (SELECT 1 FROM supplier_aliases a WHERE a.supplier_id = ${source} AND a.raw_name = m.raw_name)`,
  removeAddedAliases: (merge: number, target: number) => sql`
    DELETE FROM supplier_aliases WHERE supplier_id = ${target} AND raw_name IN (SELECT raw_name FROM supplier_merge_aliases WHERE merge_id = ${merge})`,
  // Family members go back to the source unless someone has moved them since.
  restoreChildren: (merge: number, target: number, now: string) => sql`
    UPDATE suppliers SET parent_id = (SELECT c.parent_id FROM supplier_merge_children c WHERE c.merge_id = ${merge} AND c.supplier_id = suppliers.id),
      version = version + 1, updated_at = CAST(${now} AS TIMESTAMP)
    WHERE id IN (SELECT supplier_id FROM supplier_merge_children WHERE merge_id = ${merge})
      AND (parent_id = ${target} OR (id = ${target} AND parent_id IS NULL))`,
  reactivate: (source: number, now: string) => sql`
    UPDATE suppliers SET status = 'ACTIVE', merged_into_id = NULL, version = version + 1, updated_at = CAST(${now} AS TIMESTAMP) WHERE id = ${source}`,
  markUndone: (merge: number, now: string) => sql`UPDATE supplier_merges SET undone_at = CAST(${now} AS TIMESTAMP) WHERE id = ${merge}`,
};

/** Sets a supplier's family parent if it still has `version` (when given); false when it does not. */
export async function setParent(store: Store, id: number, parentId: number | null, version: number | null, now: string): Promise<boolean> {
  const rows = await store.query(
    sql`UPDATE suppliers SET parent_id = ${parentId}, version = version + 1, updated_at = CAST(${now} AS TIMESTAMP) WHERE id = ${id} AND ${atVersion(version)} RETURNING id`,
    { name: 'suppliers.setParent' },
  );
  return rows.length > 0;
}

export async function parentChain(store: Store, start: number): Promise<number[]> {
  const rows = await store.query<{ id: number; parent_id: number | null }>(sql`SELECT id, parent_id FROM suppliers WHERE parent_id IS NOT NULL`, { name: 'suppliers.parents' });
  const parent = new Map(rows.map((r) => [r.id, r.parent_id]));
  const chain: number[] = [];
  for (let cur: number | null | undefined = start; cur != null && !chain.includes(cur); cur = parent.get(cur)) chain.push(cur);
  return chain;
}

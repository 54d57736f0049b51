import { containsPattern } from '../../lib/search.js';
import { atVersion } from '../../core/versions.js';
import { sql, type Sql } from '../../store/sql.js';
import type { Store } from '../../store/store.js';
import type { RuleRecord } from './classification.mappers.js';
import { dropSuggestions, pruneSuggestions } from './classifier.queries.js';

interface RuleRow {
  id: number; priority: number; supplier_id: number | null; gl_account_id: number | null; cost_center_id: number | null;
  description_contains: string | null; raw_supplier_name_matches: string | null; source_category_contains: string | null; category_id: number; enabled: boolean;
  version: number; created_at: string; updated_at: string;
  [k: string]: string | number | boolean | null;
}

const toRecord = (r: RuleRow): RuleRecord => ({
  id: r.id, priority: r.priority, supplierId: r.supplier_id, glAccountId: r.gl_account_id, costCenterId: r.cost_center_id,
  descriptionContains: r.description_contains, rawSupplierNameMatches: r.raw_supplier_name_matches,
  sourceCategoryContains: r.source_category_contains, categoryId: r.category_id,
  enabled: r.enabled, version: r.version, createdAt: r.created_at, updatedAt: r.updated_at,
});

export async function listRules(store: Store, onlyEnabled = false): Promise<RuleRecord[]> {
  const rows = await store.query<RuleRow>(
    sql`SELECT * FROM classification_rules ${onlyEnabled ? sql`WHERE enabled` : sql``} ORDER BY priority, id`,
    { name: 'rules.list' },
  );
  return rows.map(toRecord);
}

export type RuleValues = Omit<RuleRecord, 'id' | 'version' | 'createdAt' | 'updatedAt'>;

export async function insertRule(store: Store, v: RuleValues, createdBy: number, now: string): Promise<number> {
  const [row] = await store.query<{ id: number }>(
    sql`INSERT INTO classification_rules (id, priority, supplier_id, gl_account_id, cost_center_id, description_contains,
          raw_supplier_name_matches, source_category_contains, category_id, enabled, created_by, version, created_at, updated_at)
        VALUES (nextval('classification_rules_id_seq'), ${v.priority}, ${v.supplierId}, ${v.glAccountId}, ${v.costCenterId},
          ${v.descriptionContains}, ${v.rawSupplierNameMatches}, ${v.sourceCategoryContains}, ${v.categoryId}, ${v.enabled}, ${createdBy}, 1,
          CAST(${now} AS TIMESTAMP), CAST(${now} AS TIMESTAMP))
        RETURNING id`,
    { name: 'rules.insert' },
  );
  return row.id;
}

export async function updateRule(store: Store, id: number, version: number, v: RuleValues, now: string): Promise<boolean> {
  const rows = await store.query(
    sql`UPDATE classification_rules SET priority = ${v.priority}, supplier_id = ${v.supplierId}, gl_account_id = ${v.glAccountId},
          cost_center_id = ${v.costCenterId}, description_contains = ${v.descriptionContains},
          raw_supplier_name_matches = ${v.rawSupplierNameMatches},
          source_category_contains = ${v.sourceCategoryContains}, category_id = ${v.categoryId}, enabled = ${v.enabled},
          version = version + 1, updated_at = CAST(${now} AS TIMESTAMP)
        WHERE id = ${id} AND version = ${version} RETURNING id`,
    { name: 'rules.update' },
  );
  return rows.length === 1;
}

/** Deletes a rule if it still has `version` (when given); false when it does not. */
export async function deleteRule(store: Store, id: number, version: number | null): Promise<boolean> {
  return (await store.query(sql`DELETE FROM classification_rules WHERE id = ${id} AND ${atVersion(version)} RETURNING id`, { name: 'rules.delete' })).length > 0;
}

/** A rule's version now, or null when there is no such rule. */
export async function ruleVersion(store: Store, id: number): Promise<number | null> {
  const [row] = await store.query<{ version: number }>(sql`SELECT version FROM classification_rules WHERE id = ${id}`, { name: 'rules.version' });
  return row ? Number(row.version) : null;
}

/** A rule's conditions over `spend_lines s`, every value bound. */
function matches(rule: RuleRecord): Sql {
  const c: Sql[] = [];
  if (rule.supplierId !== null) c.push(sql`s.supplier_id = ${rule.supplierId}`);
  if (rule.glAccountId !== null) c.push(sql`s.gl_account_id = ${rule.glAccountId}`);
  if (rule.costCenterId !== null) c.push(sql`s.cost_center_id = ${rule.costCenterId}`);
  if (rule.descriptionContains !== null) c.push(sql`lower(s.description) LIKE ${containsPattern(rule.descriptionContains)} ESCAPE '\\'`);
  if (rule.rawSupplierNameMatches !== null) c.push(sql`lower(s.raw_supplier_name) LIKE ${containsPattern(rule.rawSupplierNameMatches)} ESCAPE '\\'`);
  if (rule.sourceCategoryContains !== null) c.push(sql`lower(s.source_category) LIKE ${containsPattern(rule.sourceCategoryContains)} ESCAPE '\\'`);
  return sql.and(c);
}

/**
 * Re-classifies every line (within `scope`) not set by a person or by its file, in one statement: the rules, in
 * priority order, become one CASE chain, so each line is evaluated once and the first match wins.
 */
export async function runRules(store: Store, rules: RuleRecord[], scope: Sql): Promise<void> {
  const ruleOf = rules.length
    ? sql`CASE ${sql.join(rules.map((r) => sql`WHEN ${matches(r)} THEN CAST(${r.id} AS INTEGER)`), sql` `)} END`
    : sql`CAST(NULL AS INTEGER)`;
  const categoryOf = rules.length
    ? sql`CASE ${sql.join(rules.map((r) => sql`WHEN ${matches(r)} THEN CAST(${r.categoryId} AS INTEGER)`), sql` `)} END`
    : sql`CAST(NULL AS INTEGER)`;
  // A MODEL line is the classifier's until a rule matches it (docs/domain.md, "Classification"):
  // a rule replaces it, and without one it keeps its category. The lines it classified leave the
  // review queue (their suggestions go).
  await store.execute(
    sql`UPDATE spend_lines AS s SET classification_rule_id = ${ruleOf}, category_id = ${categoryOf},
          classification_source = CASE WHEN ${ruleOf} IS NULL THEN 'NONE' ELSE 'RULE' END,
          classification_confidence = NULL, classification_model_version = NULL
        WHERE (s.classification_source IN ('NONE', 'RULE') OR (s.classification_source = 'MODEL' AND ${ruleOf} IS NOT NULL)) AND ${scope}`,
    { name: 'rules.run', timeoutMs: 600_000 },
  );
  await pruneSuggestions(store, scope);
}

/** How many lines (within `scope`) rules classified, and how many are left unclassified. */
export async function ruleState(store: Store, scope: Sql) {
  const [row] = await store.query<{ rule: string; none: string }>(
    sql`SELECT COUNT(CASE WHEN classification_source = 'RULE' THEN 1 END) AS rule,
               COUNT(CASE WHEN classification_source = 'NONE' THEN 1 END) AS none
        FROM spend_lines s WHERE ${scope}`,
    { name: 'rules.state' },
  );
  return { rule: Number(row.rule), none: Number(row.none) };
}

/** Lines whose category a run would change, counted before running. */
export async function wouldChange(store: Store, rules: RuleRecord[], scope: Sql): Promise<number> {
  const categoryOf = rules.length
    ? sql`CASE ${sql.join(rules.map((r) => sql`WHEN ${matches(r)} THEN CAST(${r.categoryId} AS INTEGER)`), sql` `)} END`
    : sql`CAST(NULL AS INTEGER)`;
  const [row] = await store.query<{ n: string }>(
    sql`SELECT COUNT(*) AS n FROM spend_lines s WHERE (s.classification_source IN ('NONE', 'RULE') OR (s.classification_source = 'MODEL' AND ${categoryOf} IS NOT NULL))
          AND ${scope} AND s.category_id IS DISTINCT FROM ${categoryOf}`,
    { name: 'rules.wouldChange', timeoutMs: 600_000 },
  );
  return Number(row.n);
}

/** Classifies the lines under `where` as a person's choice; their suggestions go. Returns their ids. */
export async function classifyManually(store: Store, where: Sql, categoryId: number | null) {
  const rows = await store.query<{ id: string }>(
    sql`UPDATE spend_lines AS s SET category_id = ${categoryId}, classification_source = 'MANUAL', classification_rule_id = NULL,
          classification_confidence = NULL, classification_model_version = NULL
        WHERE ${where} RETURNING s.id`,
    { name: 'rules.manual', timeoutMs: 600_000 },
  );
  if (rows.length > 10_000) await pruneSuggestions(store);
  else for (let i = 0; i < rows.length; i += 1000) await dropSuggestions(store, sql.join(rows.slice(i, i + 1000).map((r) => sql`${r.id}`), sql`, `));
  return rows;
}

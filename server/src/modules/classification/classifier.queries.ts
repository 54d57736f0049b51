import { sql, type Sql } from '../../store/sql.js';
import type { Row, Store } from '../../store/store.js';

/**
 * SQL of the classifier (docs/domain.md, "Classification"): what it learns from, what it scores,
 * where its suggestions and decisions are kept. Counting that grows with the lines happens here,
 * in the engine: training reads the classified lines already grouped by their features.
 */

/** How a line's amount becomes the model's amount band (0 credit notes, then 1..6 by size). */
export const AMOUNT_BAND = sql`CASE WHEN s.amount_reporting IS NULL THEN NULL WHEN s.amount_reporting < 0 THEN 0 WHEN s.amount_reporting < 100 THEN 1
  WHEN s.amount_reporting < 500 THEN 2 WHEN s.amount_reporting < 2000 THEN 3 WHEN s.amount_reporting < 10000 THEN 4
  WHEN s.amount_reporting < 100000 THEN 5 ELSE 6 END`;

/**
 * The file's category text as a feature. Not on SOURCE lines: their category was looked up from
 * that very text, so it would teach the model the label itself, while a line that needs a
 * suggestion has either no such text or one that matched nothing (measured on the council files
 * of bench/classify.ts: 4 points of top-1, and confidences of 1 that were right 81% of the time).
 */
const SOURCE_TEXT = sql`CASE WHEN s.classification_source = 'SOURCE' THEN NULL ELSE s.source_category END`;

/**
 * The features of `spend_lines s` (with `suppliers sup` joined), in the order `featureReader` reads
 * them. An empty text is no text (NULL), so a feature set survives the CSV it is stored through
 * (which reads an empty field as NULL) and finds its lines again (`insertScored`).
 */
const FEATURE_EXPRS = [sql`s.supplier_id`, sql`sup.parent_id`, sql`NULLIF(s.raw_supplier_name, '')`, sql`NULLIF(s.description, '')`,
  sql`NULLIF(${SOURCE_TEXT}, '')`, sql`s.gl_account_id`, sql`s.cost_center_id`, sql`s.business_unit_id`, AMOUNT_BAND];
const FEATURE_NAMES = ['supplier_id', 'family_id', 'raw_supplier_name', 'description', 'source_category', 'gl_account_id',
  'cost_center_id', 'business_unit_id', 'band'] as const;
const FEATURES = sql.join(FEATURE_EXPRS.map((e, i) => sql`${e} AS ${sql.identifier(FEATURE_NAMES[i])}`), sql`, `);
const FEATURE_GROUP = sql.join(FEATURE_EXPRS, sql`, `);
/** Which features are texts (the rest are numbers): how `insertScored` matches a line to its set. */
const TEXT_FEATURES = new Set<string>(['raw_supplier_name', 'description', 'source_category']);

/** Lines per fold of a group, `f0`…`f4`: the cross-validation's fold of a line is its id modulo 5. */
const PER_FOLD = sql`COUNT(CASE WHEN s.id % 5 = 0 THEN 1 END) AS f0, COUNT(CASE WHEN s.id % 5 = 1 THEN 1 END) AS f1,
  COUNT(CASE WHEN s.id % 5 = 2 THEN 1 END) AS f2, COUNT(CASE WHEN s.id % 5 = 3 THEN 1 END) AS f3, COUNT(CASE WHEN s.id % 5 = 4 THEN 1 END) AS f4`;

/** Leaf categories: the ones the classifier predicts and learns. */
const LEAF = sql`NOT EXISTS (SELECT 1 FROM categories ch WHERE ch.parent_id = s.category_id)`;

/**
 * The lines a person, a rule or a file classified into a leaf, grouped by features and category,
 * with how many lines each group holds in each fold of the cross-validation; never MODEL lines
 * (the model does not learn from itself). Grouped by the fold as well, 10M demo lines were 2M
 * rows, whose reading was most of a training's time (bench:classify-speed); the model is the same.
 */
export function trainingRows(): Sql {
  return sql`SELECT ${FEATURES}, s.category_id, ${PER_FOLD}
    FROM spend_lines s LEFT JOIN suppliers sup ON sup.id = s.supplier_id
    WHERE s.classification_source IN ('MANUAL', 'RULE', 'SOURCE') AND s.category_id IS NOT NULL AND ${LEAF}
    GROUP BY ${FEATURE_GROUP}, s.category_id`;
}

/**
 * The columns of a line its suggestion keeps a copy of (`line_suggestions`, after the suggestion's
 * own): what the review queue filters, sorts and groups on without joining the lines.
 */
export const LINE_COPY = ['amount_reporting', 'supplier_id', 'business_unit_id', 'invoice_date', 'import_batch_id'] as const;
export const SUGGESTION_COLUMNS = ['model_version', 'line_id', 'category_id', 'confidence', 'alternatives', ...LINE_COPY, 'feature_id'] as const;

/** A feature set of `suggestion_features`, in `featureReader`'s names (the columns of FEATURES). */
export const FEATURE_COLUMNS = FEATURE_NAMES;
export const FEATURE_SET_COLUMNS = ['model_version', 'feature_id', ...FEATURE_COLUMNS] as const;
/** A scored feature set as `scoreUnclassified` stores it: the set, the categories rejected for it, the version's suggestion. */
export const SCORED_SET_COLUMNS = [...FEATURE_SET_COLUMNS, 'rejected', 'category_id', 'confidence', 'alternatives'] as const;
const FEATURE_SELECT = sql.join(FEATURE_COLUMNS.map((c) => sql`f.${sql.identifier(c)}`), sql`, `);

/**
 * The unclassified lines under `where` with their features, the categories people rejected for
 * each, and the columns their suggestions copy (`copy_amount`, ...; the date as text).
 */
export function unclassifiedLines(where: Sql = sql`TRUE`): Sql {
  return sql`SELECT s.id, ${FEATURES}, rj.rejected
    FROM spend_lines s LEFT JOIN suppliers sup ON sup.id = s.supplier_id LEFT JOIN ${REJECTED} rj ON rj.line_id = s.id
    WHERE s.classification_source = 'NONE' AND ${where}`;
}

/** Each line's rejected categories as one text, in id order (the same text for the same set, in both statements that read it). */
const REJECTED = sql`(SELECT line_id, STRING_AGG(CAST(category_id AS VARCHAR), ',' ORDER BY category_id) AS rejected FROM line_rejections GROUP BY line_id)`;

/** The distinct feature sets (with the categories rejected) of the unclassified lines: what scoring predicts, each once. */
export function unclassifiedSets(): Sql {
  return sql`SELECT ${FEATURES}, rj.rejected
    FROM spend_lines s LEFT JOIN suppliers sup ON sup.id = s.supplier_id LEFT JOIN ${REJECTED} rj ON rj.line_id = s.id
    WHERE s.classification_source = 'NONE'
    GROUP BY ${FEATURE_GROUP}, rj.rejected`;
}

/**
 * Every unclassified line's suggestion at `version`, from its feature set's (`suggestion_features`,
 * as `scoreUnclassified` stored them), joined in the engine on the set's columns: a missing value
 * matches a missing one (ids are positive and texts never empty, so -1 and '' stand for NULL).
 * Returns how many lines were scored.
 */
export async function insertScored(store: Store, version: number): Promise<number> {
  const key = (e: Sql, name: string) => (TEXT_FEATURES.has(name) ? sql`COALESCE(${e}, '')` : sql`COALESCE(${e}, -1)`);
  const match = sql.join(FEATURE_EXPRS.map((e, i) => sql`${key(sql`f.${sql.identifier(FEATURE_NAMES[i])}`, FEATURE_NAMES[i])} = ${key(e, FEATURE_NAMES[i])}`), sql` AND `);
  await store.execute(
    sql`INSERT INTO line_suggestions (${sql.join(SUGGESTION_COLUMNS.map((c) => sql.identifier(c)), sql`, `)})
        SELECT ${version}, s.id, f.category_id, f.confidence, f.alternatives, ${sql.join(LINE_COPY.map((c) => sql`s.${sql.identifier(c)}`), sql`, `)}, f.feature_id
        FROM spend_lines s LEFT JOIN suppliers sup ON sup.id = s.supplier_id LEFT JOIN ${REJECTED} rj ON rj.line_id = s.id
        JOIN suggestion_features f ON f.model_version = ${version} AND f.category_id IS NOT NULL AND ${match}
          AND COALESCE(f.rejected, '') = COALESCE(rj.rejected, '')
        WHERE s.classification_source = 'NONE'`,
    { name: 'classifier.insertScored', timeoutMs: 600_000 },
  );
  const [row] = await store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM line_suggestions WHERE model_version = ${version}`, { name: 'classifier.scoredCount' });
  return Number(row?.n ?? 0);
}

/** RULE lines grouped by features and rule: what the disputed-rules list is scored from. */
export function ruleLineGroups(): Sql {
  return sql`SELECT ${FEATURES}, s.classification_rule_id AS rule_id, s.category_id, COUNT(*) AS n, SUM(s.amount_reporting) AS spend
    FROM spend_lines s LEFT JOIN suppliers sup ON sup.id = s.supplier_id
    WHERE s.classification_source = 'RULE' AND s.classification_rule_id IS NOT NULL
    GROUP BY ${FEATURE_GROUP}, s.classification_rule_id, s.category_id`;
}

export interface SettingsRow {
  auto_classify: boolean; threshold: string | null; requested: string; trained_request: string; last_error: string | null;
  trainer: string | null; trainer_beat: string | null; requested_at: string | null; updated_by: number | null;
  [k: string]: string | number | boolean | null;
}

export async function settings(store: Store): Promise<SettingsRow> {
  const [row] = await store.query<SettingsRow>(sql`SELECT * FROM classifier_settings WHERE id = 1`, { name: 'classifier.settings' });
  return row;
}

/** Asks every process on the database for a retrain, `requested_at` now (the debounce counts from it). */
export function requestRetrain(store: Store, now: string): Promise<void> {
  return store.execute(
    sql`UPDATE classifier_settings SET requested = requested + 1, requested_at = CAST(${now} AS TIMESTAMP) WHERE id = 1`,
    { name: 'classifier.request' },
  );
}

/**
 * Claims the training of the pending request for `owner`: when a request is newer than the last
 * training, it is at least `quietSince` old (debounce), and no other live process holds the claim.
 * Returns the request claimed, or null.
 */
export async function claimTraining(store: Store, owner: string, now: string, quietSince: string, staleBefore: string, force: boolean): Promise<number | null> {
  const rows = await store.query<{ requested: string }>(
    sql`UPDATE classifier_settings SET trainer = ${owner}, trainer_beat = CAST(${now} AS TIMESTAMP)
        WHERE id = 1 AND (${force} OR (requested > trained_request AND (requested_at IS NULL OR requested_at <= CAST(${quietSince} AS TIMESTAMP))))
          AND (trainer IS NULL OR trainer = ${owner} OR trainer_beat < CAST(${staleBefore} AS TIMESTAMP))
        RETURNING requested`,
    { name: 'classifier.claim' },
  );
  return rows.length ? Number(rows[0].requested) : null;
}

export function beat(store: Store, owner: string, now: string): Promise<void> {
  return store.execute(sql`UPDATE classifier_settings SET trainer_beat = CAST(${now} AS TIMESTAMP) WHERE id = 1 AND trainer = ${owner}`, { name: 'classifier.beat' });
}

/** Ends a claim: the request trained (or failed, with its error) no longer waits. */
export function release(store: Store, owner: string, trainedRequest: number, error: string | null): Promise<void> {
  return store.execute(
    sql`UPDATE classifier_settings SET trainer = NULL, trainer_beat = NULL, trained_request = ${trainedRequest}, last_error = ${error}
        WHERE id = 1 AND trainer = ${owner}`,
    { name: 'classifier.release' },
  );
}

export function setAutoClassify(store: Store, enabled: boolean, threshold: number | null, userId: number, now: string): Promise<void> {
  return store.execute(
    sql`UPDATE classifier_settings SET auto_classify = ${enabled}, threshold = ${threshold}, updated_by = ${userId}, updated_at = CAST(${now} AS TIMESTAMP) WHERE id = 1`,
    { name: 'classifier.setAuto' },
  );
}

export interface ModelRow {
  version: number; trained_at: string; method: string; training_lines: string; categories: number; cv_accuracy: string | null;
  scored_lines: string; [k: string]: string | number | boolean | null;
}

/** The live model's row (without its text), or null before the first training. */
export async function liveModel(store: Store): Promise<ModelRow | null> {
  const [row] = await store.query<ModelRow>(
    sql`SELECT version, trained_at, method, training_lines, categories, cv_accuracy, scored_lines FROM classifier_models
        WHERE live ORDER BY version DESC LIMIT 1`,
    { name: 'classifier.live' },
  );
  return row ?? null;
}

export async function modelText(store: Store, version: number): Promise<string | null> {
  const [row] = await store.query<{ model: string }>(sql`SELECT model FROM classifier_models WHERE version = ${version}`, { name: 'classifier.modelText' });
  return row?.model ?? null;
}

export async function nextVersion(store: Store): Promise<number> {
  const [row] = await store.query<{ v: number | null }>(sql`SELECT MAX(version) AS v FROM classifier_models`, { name: 'classifier.nextVersion' });
  return Number(row?.v ?? 0) + 1;
}

export function insertModel(
  store: Store, m: { version: number; trainedAt: string; method: string; lines: number; categories: number; cvAccuracy: number | null; text: string },
): Promise<void> {
  return store.execute(
    sql`INSERT INTO classifier_models (version, trained_at, method, training_lines, categories, cv_accuracy, scored_lines, live, model)
        VALUES (${m.version}, CAST(${m.trainedAt} AS TIMESTAMP), ${m.method}, ${m.lines}, ${m.categories},
          ${m.cvAccuracy === null ? null : m.cvAccuracy.toFixed(6)}, 0, FALSE, ${m.text})`,
    { name: 'classifier.insertModel' },
  );
}

/** Makes `version` live with its suggestions and disputes; earlier versions' go (the last two models are kept). */
export async function goLive(tx: Store, version: number, scored: number): Promise<void> {
  await tx.execute(sql`UPDATE classifier_models SET live = TRUE, scored_lines = ${scored} WHERE version = ${version}`, { name: 'classifier.goLive' });
  await tx.execute(sql`DELETE FROM line_suggestions WHERE model_version <> ${version}`, { name: 'classifier.dropOldSuggestions', timeoutMs: 600_000 });
  await tx.execute(sql`DELETE FROM suggestion_features WHERE model_version <> ${version}`, { name: 'classifier.dropOldFeatures', timeoutMs: 600_000 });
  // Lines classified while this version scored them (in this process or another) lose their suggestion.
  await pruneSuggestions(tx);
  await tx.execute(sql`DELETE FROM rule_disputes WHERE model_version <> ${version}`, { name: 'classifier.dropOldDisputes' });
  await tx.execute(sql`DELETE FROM classifier_models WHERE version < ${version - 1}`, { name: 'classifier.dropOldModels' });
  // PostgreSQL's statistics still describe the previous version's rows (or none): the planner takes
  // the new version for one row and joins it to the lines by a million index probes (the review
  // queue's count took 21 s instead of 4.6 s at 1M suggestions, bench/classify-speed.ts).
  // ANALYZE inside this transaction counts its own rows, as `refreshStatistics` (store/dialect.ts) does
  // for the other bulk-written tables. DuckDB keeps its statistics as it writes.
  // suggestion_features too: without its statistics the planner took 1M scored sets for none and
  // a page's reasons (`featuresOf`) ran past the statement timeout (bench/classify-speed.ts, 10M lines).
  if (tx.dialect === 'postgres') {
    await tx.execute(sql`ANALYZE line_suggestions, suggestion_features, rule_disputes`, { name: 'classifier.analyzeSuggestions', timeoutMs: 600_000 });
  }
}

/** Removes a version that did not go live (a training that failed halfway). */
export async function dropVersion(store: Store, version: number): Promise<void> {
  await store.execute(sql`DELETE FROM line_suggestions WHERE model_version = ${version}`, { name: 'classifier.dropVersionSuggestions', timeoutMs: 600_000 });
  await store.execute(sql`DELETE FROM suggestion_features WHERE model_version = ${version}`, { name: 'classifier.dropVersionFeatures', timeoutMs: 600_000 });
  await store.execute(sql`DELETE FROM rule_disputes WHERE model_version = ${version}`, { name: 'classifier.dropVersionDisputes' });
  await store.execute(sql`DELETE FROM classifier_models WHERE version = ${version} AND NOT live`, { name: 'classifier.dropVersion' });
}

export function insertDisputes(store: Store, version: number, rows: Array<{ ruleId: number; categoryId: number; lines: number; spend: string; confidenceSum: number; minConfidence: number }>) {
  if (!rows.length) return Promise.resolve();
  return store.execute(
    sql`INSERT INTO rule_disputes (model_version, rule_id, category_id, lines, spend, confidence_sum, min_confidence) VALUES
      ${sql.join(rows.map((r) => sql`(${version}, ${r.ruleId}, ${r.categoryId}, ${r.lines}, CAST(${r.spend} AS DECIMAL(18,2)),
        CAST(${r.confidenceSum.toFixed(4)} AS DECIMAL(18,4)), CAST(${r.minConfidence.toFixed(4)} AS DECIMAL(5,4)))`), sql`, `)}`,
    { name: 'classifier.insertDisputes' },
  );
}

/**
 * The review queue: the live model's suggestions (docs/classification-model.md, "Speed and memory").
 * `alone`: the suggestions only, as `line_suggestions s`, whose copies of the line's columns
 * (LINE_COPY) bear the lines' names, so a spend filter over those columns reads the same; the
 * suggestion's own columns are `s.` too. Otherwise joined to the lines (`spend_lines s`,
 * `line_suggestions g`) for a filter on other columns, and for decisions, which write the lines.
 * Both hold only unclassified lines: a suggestion is deleted with its line's classification.
 */
export interface Queue {
  alone: boolean;
  /** The suggestion's alias: `s` alone, `g` joined. */
  g: Sql;
  /** The line's id. */
  id: Sql;
}

export function queueOf(alone: boolean): Queue {
  return alone ? { alone, g: sql`s`, id: sql`s.line_id` } : { alone, g: sql`g`, id: sql`s.id` };
}

/** The queue's rows under `where` (built with `queueOf`'s aliases): FROM … WHERE …. */
export function queueRows(queue: Queue, version: number, where: Sql): Sql {
  return queue.alone
    ? sql`line_suggestions s WHERE s.model_version = ${version} AND ${where}`
    : sql`line_suggestions g JOIN spend_lines s ON s.id = g.line_id WHERE g.model_version = ${version} AND s.classification_source = 'NONE' AND ${where}`;
}

/** The joined queue (decisions). */
export function queue(version: number, where: Sql): Sql {
  return queueRows(queueOf(false), version, where);
}

export async function queueTotals(store: Store, queue: Queue, version: number, where: Sql) {
  const [row] = await store.query<{ n: string; total: string | null }>(
    sql`SELECT COUNT(*) AS n, SUM(s.amount_reporting) AS total FROM ${queueRows(queue, version, where)}`,
    { name: 'classifier.queueTotals' },
  );
  return { count: Number(row?.n ?? 0), total: row?.total ?? null };
}

/** A page of the queue, largest spend first. */
export function suggestionPage(store: Store, queue: Queue, version: number, where: Sql, offset: number, limit: number) {
  const { g, id } = queue;
  return store.query<{ line_id: string; category_id: number; confidence: string; alternatives: string | null } & Row>(
    sql`SELECT ${id} AS line_id, ${g}.category_id, ${g}.confidence, ${g}.alternatives FROM ${queueRows(queue, version, where)}
        ORDER BY s.amount_reporting DESC NULLS LAST, ${id} LIMIT ${limit} OFFSET ${offset}`,
    { name: 'classifier.suggestionPage' },
  );
}

/**
 * Lines by id, as a join to a list of ids: on DuckDB a hash join whose few ids filter the scan of
 * the lines, faster than `IN (…)` by a third at 1,000 ids (no index: ids follow the file order,
 * so row groups' ranges skip most of the table); on PostgreSQL index probes either way.
 */
function byIds(ids: readonly string[]): Sql {
  return sql`(VALUES ${sql.join(ids.map((id) => sql`(CAST(${id} AS BIGINT))`), sql`, `)}) AS ids (id)`;
}

/**
 * Some queue lines' features (what a suggestion's reasons explain), by line id: from the feature
 * sets the live version stored when it scored them (`suggestion_features`), not from the lines.
 */
export function featuresOf(store: Store, version: number, ids: readonly string[]) {
  if (!ids.length) return Promise.resolve([] as Row[]);
  return store.query(
    sql`SELECT g.line_id AS id, ${FEATURE_SELECT} FROM ${byIds(ids)}
        JOIN line_suggestions g ON g.line_id = ids.id AND g.model_version = ${version}
        JOIN suggestion_features f ON f.model_version = g.model_version AND f.feature_id = g.feature_id`,
    { name: 'classifier.featuresOf' },
  );
}

/**
 * The commonest feature set of each (supplier, category) group of the live version (a tie goes to
 * the set of the lowest line id), with the group's keys: what the group's reasons explain.
 */
export function groupFeatures(store: Store, version: number, keys: Array<{ supplierId: number; categoryId: number }>) {
  if (!keys.length) return Promise.resolve([] as Array<{ group_supplier_id: number; group_category_id: number } & Row>);
  const pairs = sql.join(keys.map((k) => sql`(CAST(${k.supplierId} AS INTEGER), CAST(${k.categoryId} AS INTEGER))`), sql`, `);
  return store.query<{ group_supplier_id: number; group_category_id: number } & Row>(
    sql`SELECT x.supplier_id AS group_supplier_id, x.category_id AS group_category_id, ${FEATURE_SELECT} FROM (
          SELECT s.supplier_id, s.category_id, s.feature_id,
            ROW_NUMBER() OVER (PARTITION BY s.supplier_id, s.category_id ORDER BY COUNT(*) DESC, MIN(s.line_id)) AS rn
          FROM (VALUES ${pairs}) AS k (supplier_id, category_id)
          JOIN line_suggestions s ON s.supplier_id = k.supplier_id AND s.category_id = k.category_id
          WHERE s.model_version = ${version}
          GROUP BY s.supplier_id, s.category_id, s.feature_id) x
        JOIN suggestion_features f ON f.model_version = ${version} AND f.feature_id = x.feature_id
        WHERE x.rn = 1`,
    { name: 'classifier.groupFeatures' },
  );
}

export interface GroupRow {
  supplier_id: number; supplier_name: string | null; category_id: number; n: string; spend: string | null; mean_confidence: string; min_confidence: string;
  [k: string]: string | number | boolean | null;
}

/** A page of the queue's (supplier, suggested category) groups, largest spend first, with the count and totals of all of them. */
export async function groups(store: Store, queue: Queue, version: number, where: Sql, offset: number, limit: number) {
  const { g } = queue;
  // One pass over the suggestions: the groups' own totals come with the page, as window sums.
  const rows = await store.query<GroupRow & { all_groups: string; all_lines: string | null; all_spend: string | null }>(
    sql`SELECT q.*, sup.name AS supplier_name FROM (
          SELECT s.supplier_id, ${g}.category_id, COUNT(*) AS n, SUM(s.amount_reporting) AS spend,
            AVG(${g}.confidence) AS mean_confidence, MIN(${g}.confidence) AS min_confidence,
            COUNT(*) OVER () AS all_groups, SUM(COUNT(*)) OVER () AS all_lines, SUM(SUM(s.amount_reporting)) OVER () AS all_spend
          FROM ${queueRows(queue, version, where)} GROUP BY s.supplier_id, ${g}.category_id) q
        LEFT JOIN suppliers sup ON sup.id = q.supplier_id
        ORDER BY q.spend DESC NULLS LAST, q.supplier_id, q.category_id LIMIT ${limit} OFFSET ${offset}`,
    { name: 'classifier.groups' },
  );
  if (rows.length === 0 && offset > 0) {
    // Past the last page: the totals still count every group.
    const [totals] = await store.query<{ groups: string; n: string | null; total: string | null }>(
      sql`SELECT COUNT(*) AS groups, SUM(n) AS n, SUM(spend) AS total FROM (
            SELECT COUNT(*) AS n, SUM(s.amount_reporting) AS spend FROM ${queueRows(queue, version, where)} GROUP BY s.supplier_id, ${g}.category_id) q`,
      { name: 'classifier.groupTotals' },
    );
    return { rows, groups: Number(totals?.groups ?? 0), lines: Number(totals?.n ?? 0), total: totals?.total ?? null };
  }
  const first = rows[0];
  return { rows, groups: Number(first?.all_groups ?? 0), lines: Number(first?.all_lines ?? 0), total: first?.all_spend ?? null };
}

// ---- keeping suggestions in step with their lines ----

/**
 * Deletes every suggestion whose line is no longer unclassified (or no longer exists): after a
 * statement that classifies lines by a condition (a rules run, a go-live).
 * `lines`, over `spend_lines s`, narrows the lines looked at.
 */
export function pruneSuggestions(tx: Store, lines: Sql | null = null): Promise<void> {
  return tx.execute(
    lines === null
      ? sql`DELETE FROM line_suggestions WHERE NOT EXISTS (
              SELECT 1 FROM spend_lines s WHERE s.id = line_suggestions.line_id AND s.classification_source = 'NONE')`
      : sql`DELETE FROM line_suggestions WHERE line_id IN (SELECT s.id FROM spend_lines s WHERE s.classification_source <> 'NONE' AND ${lines})`,
    { name: 'classifier.pruneSuggestions', timeoutMs: 600_000 },
  );
}

/** Deletes the suggestions of some lines, by id (a person classified them, or they are about to go). */
export async function dropSuggestions(tx: Store, lineIds: Sql): Promise<void> {
  await tx.execute(sql`DELETE FROM line_suggestions WHERE line_id IN (${lineIds})`, { name: 'classifier.dropSuggestions', timeoutMs: 600_000 });
}

/**
 * Copies the lines' columns into their suggestions again (LINE_COPY) where they differ, for the
 * suggestions under `which` (over `line_suggestions g`): after an amount, a supplier or a date of
 * a line changed (an FX rate, a supplier merge, a corrected Open Contracting release).
 */
export function refreshSuggestions(tx: Store, which: Sql): Promise<void> {
  const differs = sql.join(LINE_COPY.map((c) => sql`g.${sql.identifier(c)} IS DISTINCT FROM s.${sql.identifier(c)}`), sql` OR `);
  return tx.execute(
    sql`UPDATE line_suggestions AS g SET ${sql.join(LINE_COPY.map((c) => sql`${sql.identifier(c)} = s.${sql.identifier(c)}`), sql`, `)}
        FROM spend_lines s WHERE s.id = g.line_id AND (${which}) AND (${differs})`,
    { name: 'classifier.refreshSuggestions', timeoutMs: 600_000 },
  );
}

/** The import batches of the queue's lines under `where`, newest first (at most 200). */
export function queueBatches(store: Store, queue: Queue, version: number, where: Sql) {
  return store.query<{ id: number; file_name: string; source_name: string; committed_at: string | null; n: string; spend: string | null }>(
    sql`SELECT b.id, b.file_name, b.source_name, b.committed_at, q.n, q.spend FROM (
          SELECT s.import_batch_id, COUNT(*) AS n, SUM(s.amount_reporting) AS spend FROM ${queueRows(queue, version, where)} GROUP BY s.import_batch_id) q
        JOIN import_batches b ON b.id = q.import_batch_id
        ORDER BY b.id DESC LIMIT 200`,
    { name: 'classifier.queueBatches' },
  );
}

/** Spend and lines by how they were classified, under `where`. */
export async function coverage(store: Store, where: Sql) {
  const [row] = await store.query<Record<string, string | null>>(
    sql`SELECT SUM(s.amount_reporting) AS total,
          SUM(CASE WHEN s.classification_source = 'SOURCE' AND s.category_id IS NOT NULL THEN s.amount_reporting END) AS file,
          SUM(CASE WHEN s.classification_source = 'RULE' AND s.category_id IS NOT NULL THEN s.amount_reporting END) AS rule,
          SUM(CASE WHEN s.classification_source = 'MANUAL' AND s.category_id IS NOT NULL THEN s.amount_reporting END) AS person,
          SUM(CASE WHEN s.classification_source = 'MODEL' AND s.category_id IS NOT NULL THEN s.amount_reporting END) AS model,
          SUM(CASE WHEN s.category_id IS NULL THEN s.amount_reporting END) AS unclassified,
          COUNT(CASE WHEN s.classification_source = 'MODEL' AND s.category_id IS NOT NULL THEN 1 END) AS model_lines,
          COUNT(CASE WHEN s.category_id IS NULL THEN 1 END) AS unclassified_lines
        FROM spend_lines s WHERE ${where}`,
    { name: 'classifier.coverage' },
  );
  return row;
}

// ---- decisions (accept, reject, auto-classify) and their undo ----

export async function insertAction(tx: Store, kind: string, userId: number | null, modelVersion: number | null, now: string): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    sql`INSERT INTO classification_actions (id, kind, user_id, model_version, lines, spend, created_at)
        VALUES (nextval('classification_actions_id_seq'), ${kind}, ${userId}, ${modelVersion}, 0, 0, CAST(${now} AS TIMESTAMP)) RETURNING id`,
    { name: 'classifier.insertAction' },
  );
  return Number(row.id);
}

/** Records the lines under `which` (over `spend_lines s`, optionally joined by `from`) as the action's, with what they are now. */
export function recordLines(tx: Store, actionId: number, from: Sql, afterCategory: Sql, afterSource: string): Promise<void> {
  return tx.execute(
    sql`INSERT INTO classification_action_lines (action_id, line_id, before_category_id, before_source, before_rule_id, before_confidence,
          before_model_version, after_category_id, after_source)
        SELECT ${actionId}, s.id, s.category_id, s.classification_source, s.classification_rule_id, s.classification_confidence,
          s.classification_model_version, ${afterCategory}, ${afterSource}
        FROM ${from}`,
    { name: 'classifier.recordLines', timeoutMs: 600_000 },
  );
}

/** Applies an accept (MANUAL) or auto-classify (MODEL) to the action's recorded lines; their suggestions go. */
export async function applyAction(tx: Store, actionId: number, source: 'MANUAL' | 'MODEL', version: number | null): Promise<void> {
  const model = source === 'MODEL';
  await tx.execute(
    sql`UPDATE spend_lines AS s SET category_id = a.after_category_id, classification_source = ${source}, classification_rule_id = NULL,
          classification_confidence = ${model ? sql`g.confidence` : sql`CAST(NULL AS DECIMAL(5,4))`},
          classification_model_version = ${model ? sql`CAST(${version} AS INTEGER)` : sql`CAST(NULL AS INTEGER)`}
        FROM classification_action_lines a ${model ? sql`, line_suggestions g` : sql``}
        WHERE a.action_id = ${actionId} AND a.line_id = s.id ${model ? sql`AND g.line_id = s.id AND g.model_version = ${version}` : sql``}`,
    { name: 'classifier.applyAction', timeoutMs: 600_000 },
  );
  await dropSuggestions(tx, sql`SELECT line_id FROM classification_action_lines WHERE action_id = ${actionId}`);
}

/** After a rules run: each recorded line's classification now; lines the run left as they were are dropped from the action. */
export async function settleRecordedLines(tx: Store, actionId: number): Promise<void> {
  await tx.execute(
    sql`UPDATE classification_action_lines AS a SET after_category_id = s.category_id, after_source = s.classification_source
        FROM spend_lines s WHERE a.action_id = ${actionId} AND s.id = a.line_id`,
    { name: 'classifier.settleLines', timeoutMs: 600_000 },
  );
  await tx.execute(
    sql`DELETE FROM classification_action_lines WHERE action_id = ${actionId}
        AND after_source = before_source AND after_category_id IS NOT DISTINCT FROM before_category_id`,
    { name: 'classifier.dropUnchanged', timeoutMs: 600_000 },
  );
}

/** Writes the action's line count and spend from its recorded lines; returns them. */
export async function totalAction(tx: Store, actionId: number): Promise<{ lines: number; spend: string }> {
  const [row] = await tx.query<{ n: string; spend: string | null }>(
    sql`SELECT COUNT(*) AS n, SUM(s.amount_reporting) AS spend FROM classification_action_lines a JOIN spend_lines s ON s.id = a.line_id
        WHERE a.action_id = ${actionId}`,
    { name: 'classifier.actionTotals', timeoutMs: 600_000 },
  );
  const lines = Number(row?.n ?? 0);
  const spend = row?.spend ?? '0';
  await tx.execute(sql`UPDATE classification_actions SET lines = ${lines}, spend = CAST(${spend} AS DECIMAL(18,2)) WHERE id = ${actionId}`, { name: 'classifier.totalAction' });
  return { lines, spend };
}

export function setActionRules(tx: Store, actionId: number, ruleIds: number[]): Promise<void> {
  return tx.execute(sql`UPDATE classification_actions SET rule_ids = ${ruleIds.join(',')} WHERE id = ${actionId}`, { name: 'classifier.actionRules' });
}

export interface ActionRow {
  id: number; kind: string; user_id: number | null; user_email: string | null; model_version: number | null; lines: string; spend: string;
  rule_ids: string | null; created_at: string; undone_at: string | null; restored_lines: string | null;
  [k: string]: string | number | boolean | null;
}

const ACTION_SELECT = sql`SELECT a.id, a.kind, a.user_id, u.email AS user_email, a.model_version, a.lines, a.spend, a.rule_ids, a.created_at,
  a.undone_at, a.restored_lines FROM classification_actions a LEFT JOIN users u ON u.id = a.user_id`;

export async function action(store: Store, id: number): Promise<ActionRow | null> {
  const [row] = await store.query<ActionRow>(sql`${ACTION_SELECT} WHERE a.id = ${id}`, { name: 'classifier.action' });
  return row ?? null;
}

export async function actions(store: Store, userId: number | null, offset: number, limit: number) {
  const who = userId === null ? sql`TRUE` : sql`a.user_id = ${userId}`;
  const [rows, [count]] = await Promise.all([
    store.query<ActionRow>(sql`${ACTION_SELECT} WHERE ${who} ORDER BY a.id DESC LIMIT ${limit} OFFSET ${offset}`, { name: 'classifier.actions' }),
    store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM classification_actions a WHERE ${who}`, { name: 'classifier.actionCount' }),
  ]);
  return { rows, count: Number(count?.n ?? 0) };
}

/**
 * Undoes an accept or auto-classify: each recorded line that still holds what the action set gets
 * back what it had. Returns how many lines were restored.
 */
export async function restoreLines(tx: Store, actionId: number): Promise<number> {
  const still = sql`s.classification_source = a.after_source AND s.category_id IS NOT DISTINCT FROM a.after_category_id`;
  const [row] = await tx.query<{ n: string }>(
    sql`SELECT COUNT(*) AS n FROM classification_action_lines a JOIN spend_lines s ON s.id = a.line_id WHERE a.action_id = ${actionId} AND ${still}`,
    { name: 'classifier.restorable', timeoutMs: 600_000 },
  );
  await tx.execute(
    sql`UPDATE spend_lines AS s SET category_id = a.before_category_id, classification_source = a.before_source,
          classification_rule_id = a.before_rule_id, classification_confidence = a.before_confidence,
          classification_model_version = a.before_model_version
        FROM classification_action_lines a WHERE a.action_id = ${actionId} AND a.line_id = s.id AND ${still}`,
    { name: 'classifier.restore', timeoutMs: 600_000 },
  );
  return Number(row?.n ?? 0);
}

export function markUndone(tx: Store, actionId: number, userId: number, restored: number, now: string): Promise<void> {
  return tx.execute(
    sql`UPDATE classification_actions SET undone_at = CAST(${now} AS TIMESTAMP), undone_by = ${userId}, restored_lines = ${restored} WHERE id = ${actionId}`,
    { name: 'classifier.markUndone' },
  );
}

/** Records a reject: the recorded lines' suggested categories become their rejections. */
export async function reject(tx: Store, actionId: number, version: number): Promise<void> {
  await tx.execute(
    sql`INSERT INTO line_rejections (line_id, category_id, action_id)
        SELECT a.line_id, g.category_id, ${actionId} FROM classification_action_lines a
        JOIN line_suggestions g ON g.line_id = a.line_id AND g.model_version = ${version} WHERE a.action_id = ${actionId}`,
    { name: 'classifier.reject', timeoutMs: 600_000 },
  );
  await tx.execute(
    sql`DELETE FROM line_suggestions WHERE model_version = ${version} AND line_id IN (SELECT line_id FROM classification_action_lines WHERE action_id = ${actionId})`,
    { name: 'classifier.dropRejected', timeoutMs: 600_000 },
  );
}

export async function undoReject(tx: Store, actionId: number): Promise<number> {
  const rows = await tx.query<{ line_id: string }>(sql`DELETE FROM line_rejections WHERE action_id = ${actionId} RETURNING line_id`, { name: 'classifier.undoReject' });
  return rows.length;
}

/**
 * Replaces the suggestions of an action's lines with `rows` of the live model (after a reject, or
 * an undo that gave lines back to the queue), each with its line's columns (LINE_COPY) and a
 * feature set of its own, numbered minus the line's id.
 */
export async function replaceSuggestions(
  tx: Store, version: number, actionId: number, rows: Array<{ lineId: string; categoryId: number; confidence: number; alternatives: string }>,
): Promise<void> {
  const actionLines = sql`SELECT line_id FROM classification_action_lines WHERE action_id = ${actionId}`;
  await dropSuggestions(tx, actionLines);
  await tx.execute(sql`DELETE FROM suggestion_features WHERE model_version = ${version} AND feature_id IN (SELECT -line_id FROM (${actionLines}) a)`,
    { name: 'classifier.dropLineFeatures', timeoutMs: 600_000 });
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const values = sql`(VALUES ${sql.join(chunk.map((r) => sql`(CAST(${r.lineId} AS BIGINT), CAST(${r.categoryId} AS INTEGER), CAST(${r.confidence.toFixed(4)} AS DECIMAL(5,4)), ${r.alternatives})`), sql`, `)})
          AS x (line_id, category_id, confidence, alternatives)`;
    await tx.execute(
      sql`INSERT INTO line_suggestions (${sql.join(SUGGESTION_COLUMNS.map((c) => sql.identifier(c)), sql`, `)})
        SELECT ${version}, s.id, x.category_id, x.confidence, x.alternatives, ${sql.join(LINE_COPY.map((c) => sql`s.${sql.identifier(c)}`), sql`, `)}, -s.id
        FROM ${values} JOIN spend_lines s ON s.id = x.line_id`,
      { name: 'classifier.insertSuggestions' },
    );
    await tx.execute(
      sql`INSERT INTO suggestion_features (${sql.join(FEATURE_SET_COLUMNS.map((c) => sql.identifier(c)), sql`, `)})
        SELECT ${version}, -s.id, ${FEATURES} FROM ${values} JOIN spend_lines s ON s.id = x.line_id LEFT JOIN suppliers sup ON sup.id = s.supplier_id`,
      { name: 'classifier.insertLineFeatures' },
    );
  }
}

export interface DisputeRow {
  rule_id: number; category_id: number; n: string; spend: string | null; confidence_sum: string; rule_lines: string;
  [k: string]: string | number | boolean | null;
}

/**
 * The live version's disputes at or above `minConfidence`, by rule and the model's category, with
 * how many lines each rule files now: counted for the listed rules in one pass over the lines (a
 * count per dispute row was a scan of the lines each, up to 200 of them on PostgreSQL).
 */
export function disputes(store: Store, version: number, minConfidence: number, ruleIds: readonly number[] | null) {
  return store.query<DisputeRow>(
    sql`WITH disputed AS (
          SELECT d.rule_id, d.category_id, SUM(d.lines) AS n, SUM(d.spend) AS spend, SUM(d.confidence_sum) AS confidence_sum
          FROM rule_disputes d WHERE d.model_version = ${version} AND d.min_confidence >= ${minConfidence}
            ${ruleIds === null ? sql`` : ruleIds.length ? sql`AND d.rule_id IN ${sql.list([...ruleIds])}` : sql`AND FALSE`}
          GROUP BY d.rule_id, d.category_id ORDER BY SUM(d.spend) DESC NULLS LAST, d.rule_id, d.category_id LIMIT 200)
        SELECT x.rule_id, x.category_id, x.n, x.spend, x.confidence_sum, COALESCE(r.n, 0) AS rule_lines
        FROM disputed x
        LEFT JOIN (SELECT s.classification_rule_id AS rule_id, COUNT(*) AS n FROM spend_lines s
                   WHERE s.classification_source = 'RULE' AND s.classification_rule_id IN (SELECT rule_id FROM disputed)
                   GROUP BY s.classification_rule_id) r ON r.rule_id = x.rule_id
        ORDER BY x.spend DESC NULLS LAST, x.rule_id, x.category_id`,
    { name: 'classifier.disputes' },
  );
}

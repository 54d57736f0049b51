import { AppError, badInput, notFound } from '../../errors.js';
import type {
  ClassificationDecisionInput, ClassificationSuggestionFilter, PageInput, SpendFilter,
} from '../../generated/graphql.js';
import { sql, type Sql } from '../../store/sql.js';
import type { Store } from '../../store/store.js';
import { sqlTimestamp } from '../../core/time.js';
import type { Viewer } from '../../core/viewer.js';
import { audit } from '../../core/audit.js';
import type { RequestData } from '../../core/request-data.js';
import { spendWhere, validateFilter, type ValidFilter } from '../../core/spend-filter.js';
import { parseId } from '../../core/ids.js';
import { validatePage } from '../../lib/page.js';
import { money } from '../../lib/decimal.js';
import type { CategoryRecord } from '../../core/directory.js';
import { rematchSpendLines } from '../contracts/contracts.service.js';
import { LinesService } from '../spend/lines.service.js';
import { DEFAULT_AUTO_THRESHOLD, type Reason } from './model/index.js';
import { autoClassify, decodeAlternatives, featuresFromRow, type ClassifierRuntime } from './classifier.runtime.js';
import * as q from './classifier.queries.js';
import * as rules from './classification.queries.js';

/**
 * For the modules whose writes change or delete lines (imports, supplier merges, FX rates): the
 * review queue's suggestions follow their lines (docs/domain.md, "Classification").
 */
export { dropSuggestions, refreshSuggestions } from './classifier.queries.js';

const MAX_LINES = 10_000;

/**
 * A decision that names no open suggestion: the lines were classified, rejected or retrained since
 * the screen showed them, or never were the caller's to review (the same answer either way, as
 * scope asks).
 */
const noneOpen = () => new AppError('NOT_FOUND',
  'None of these suggestions is open any more: the lines were classified or rejected meanwhile, or the classifier was retrained. Reload the list.');
const MAX_GROUPS = 500;

/** Asks for a retrain (debounced, shared by every process: docs/domain.md, "Classification"). */
export function requestRetrain(store: Store): Promise<void> {
  return q.requestRetrain(store, sqlTimestamp(new Date()));
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/** A reason in the words a steward reads. */
export function reasonText(reason: Reason, category: string): string {
  switch (reason.kind) {
    case 'SUPPLIER': return `${reason.categoryLines.toLocaleString('en-GB')} of ${plural(reason.supplierLines, 'line')} from this supplier are ${category}`;
    case 'FAMILY': return `${reason.categoryLines.toLocaleString('en-GB')} of ${plural(reason.familyLines, 'line')} from this supplier's family are ${category}`;
    case 'RAW_NAME': return `${reason.categoryLines.toLocaleString('en-GB')} of ${plural(reason.nameLines, 'line')} with this supplier name as written are ${category}`;
    case 'WORDS': return `Description words: ${reason.words.join(', ')}`;
    case 'SOURCE_CATEGORY': return `${reason.categoryLines.toLocaleString('en-GB')} of ${plural(reason.textLines, 'line')} the file called “${reason.text}” are ${category}`;
    case 'GL_ACCOUNT': return `${reason.categoryLines.toLocaleString('en-GB')} of ${plural(reason.accountLines, 'line')} on this GL account are ${category}`;
    case 'COST_CENTER': return `${reason.categoryLines.toLocaleString('en-GB')} of ${plural(reason.centerLines, 'line')} on this cost centre are ${category}`;
  }
}

interface ValidBand { min: number | null; max: number | null; batches: number[] | null }

function validBand(minConfidence: number | null | undefined, s: ClassificationSuggestionFilter | null | undefined): ValidBand {
  const bound = (v: number | null | undefined, path: string) => {
    if (v === null || v === undefined) return null;
    if (!Number.isFinite(v) || v < 0 || v > 1) throw badInput(path, 'A confidence is a number from 0 to 1.');
    return v;
  };
  const min = bound(minConfidence ?? s?.minConfidence, minConfidence !== null && minConfidence !== undefined ? 'minConfidence' : 'suggestions.minConfidence');
  const max = bound(s?.maxConfidence, 'suggestions.maxConfidence');
  const ids = s?.importBatchIds;
  if (ids && ids.length > 100) throw badInput('suggestions.importBatchIds', 'At most 100 import batches.');
  return { min, max, batches: ids?.length ? ids.map((id, i) => parseId(id, `suggestions.importBatchIds.${i}`)) : null };
}

export class ClassifierService {
  constructor(private readonly data: RequestData, private readonly runtime: ClassifierRuntime, private readonly lines: LinesService) {}

  private steward(): Viewer {
    const viewer = this.data.viewer();
    viewer.require('manageClassification');
    return viewer;
  }

  private async liveVersion(): Promise<number | null> {
    return (await q.liveModel(this.data.store))?.version ?? null;
  }

  async status() {
    this.steward();
    const [live, settings] = await Promise.all([q.liveModel(this.data.store), q.settings(this.data.store)]);
    return {
      version: live?.version ?? null,
      trainedAt: live?.trained_at ?? null,
      method: live?.method ?? null,
      trainingLines: Number(live?.training_lines ?? 0),
      categories: Number(live?.categories ?? 0),
      crossValidatedAccuracy: live?.cv_accuracy == null ? null : Number(live.cv_accuracy),
      scoredLines: Number(live?.scored_lines ?? 0),
      training: this.runtime.busy || settings.trainer !== null || Number(settings.requested) > Number(settings.trained_request),
      lastError: settings.last_error,
      autoClassify: settings.auto_classify,
      autoClassifyThreshold: settings.threshold === null ? DEFAULT_AUTO_THRESHOLD : Number(settings.threshold),
      defaultThreshold: DEFAULT_AUTO_THRESHOLD,
    };
  }

  /**
   * The review queue and its condition: the spend filter over the lines (its categories select the
   * suggested category), the confidence band and batches, and the caller's scope: a category
   * manager sees only suggestions into their categories (docs/scope.md). The suggestions are read
   * alone when the filter needs no column of the line beyond those they copy (`q.queueOf`), joined
   * to the lines otherwise and for a decision (`decide`), which writes the lines.
   */
  private async queueWhere(filterInput: SpendFilter | null | undefined, band: ValidBand, decide = false): Promise<{ queue: q.Queue; where: Sql }> {
    const viewer = this.steward();
    const filter = validateFilter(filterInput);
    if (filter.opportunity !== null) throw badInput('filter.opportunity', 'Suggestions cannot be filtered by a savings opportunity.');
    const directory = await this.data.directory();
    const queue = q.queueOf(!decide && onCopiedColumns(filter));
    const { g } = queue;
    const c: Sql[] = [spendWhere({ ...filter, categoryIds: null }, { categoryIds: null, businessUnitIds: viewer.scope.businessUnitIds }, directory)];
    const visible = directory.visibleCategoryIds(viewer.scope);
    if (visible !== null) c.push(visible.size ? sql`${g}.category_id IN ${sql.list([...visible])}` : sql`FALSE`);
    if (filter.categoryIds) {
      const chosen = directory.categoryDescendants(filter.categoryIds);
      c.push(chosen.length ? sql`${g}.category_id IN ${sql.list(chosen)}` : sql`FALSE`);
    }
    if (band.min !== null) c.push(sql`${g}.confidence >= ${band.min}`);
    if (band.max !== null) c.push(sql`${g}.confidence < ${band.max}`);
    if (band.batches) c.push(sql`s.import_batch_id IN ${sql.list(band.batches)}`);
    return { queue, where: sql.and(c) };
  }

  private async category(id: number): Promise<CategoryRecord | null> {
    return (await this.data.directory()).categoriesById.get(id) ?? null;
  }

  /** Alternatives the caller may see (a category manager's are their categories only). */
  private async alternatives(text: string | null) {
    const viewer = this.data.viewer();
    const directory = await this.data.directory();
    const visible = directory.visibleCategoryIds(viewer.scope);
    return decodeAlternatives(text)
      .filter((a) => directory.categoriesById.has(a.categoryId) && (visible === null || visible.has(a.categoryId)))
      .map((a) => ({ category: directory.categoriesById.get(a.categoryId)!, confidence: a.confidence }));
  }

  private async reasons(version: number, features: Record<string, string | number | boolean | null>, categoryId: number): Promise<string[]> {
    const model = await this.runtime.model(this.data.store, version);
    const name = (await this.category(categoryId))?.name ?? 'this category';
    return model ? model.explain(featuresFromRow(features), categoryId).map((r) => reasonText(r, name)) : [];
  }

  async suggestions(filter: SpendFilter | null | undefined, minConfidence: number | null | undefined, s: ClassificationSuggestionFilter | null | undefined,
    page: PageInput | null | undefined, fields: Iterable<string> | null) {
    const { offset, limit } = validatePage(page, this.data.pageLimits());
    const { queue, where } = await this.queueWhere(filter, validBand(minConfidence, s));
    const version = await this.liveVersion();
    const empty = { nodes: [], totalCount: 0, totalAmount: money(null), currency: this.data.config.reportingCurrency, pageInfo: { offset, limit, hasNextPage: false } };
    if (version === null) return empty;
    // The count and total are the same for every page of one filter: kept with the figures (the
    // result cache, keyed by the live version as well), so paging does not count the queue again.
    const [rows, totals] = await Promise.all([
      q.suggestionPage(this.data.store, queue, version, where, offset, limit),
      this.data.cached('classificationQueueTotals', [version, validateFilter(filter), validBand(minConfidence, s)], () => q.queueTotals(this.data.store, queue, version, where)),
    ]);
    const ids = rows.map((r) => String(r.line_id));
    const [lines, featureRows] = await Promise.all([this.lines.byIds(ids, fields), q.featuresOf(this.data.store, version, ids)]);
    const features = new Map(featureRows.map((f) => [String(f.id), f]));
    const nodes = [];
    for (const r of rows) {
      const category = await this.category(r.category_id);
      const line = lines.get(String(r.line_id));
      const feature = features.get(String(r.line_id));
      if (!category || !line || !feature) continue;
      nodes.push({
        line, category, confidence: Number(r.confidence), alternatives: await this.alternatives(r.alternatives),
        reasons: await this.reasons(version, feature, r.category_id),
      });
    }
    return { nodes, totalCount: totals.count, totalAmount: money(totals.total), currency: this.data.config.reportingCurrency,
      pageInfo: { offset, limit, hasNextPage: offset + rows.length < totals.count } };
  }

  async groups(filter: SpendFilter | null | undefined, minConfidence: number | null | undefined, s: ClassificationSuggestionFilter | null | undefined,
    page: PageInput | null | undefined) {
    const { offset, limit } = validatePage(page, this.data.pageLimits());
    const band = validBand(minConfidence, s);
    const { queue, where } = await this.queueWhere(filter, band);
    const version = await this.liveVersion();
    const currency = this.data.config.reportingCurrency;
    if (version === null) return { nodes: [], totalCount: 0, totalLines: 0, totalAmount: money(null), currency, pageInfo: { offset, limit, hasNextPage: false } };
    // Keyed by the live version too: a new model answers anew although no figure moved.
    const result = await this.data.cached('classificationSuggestionGroups', [version, validateFilter(filter), band, offset, limit],
      () => q.groups(this.data.store, queue, version, where, offset, limit));
    // Each group's example: its commonest feature set, as the version stored it.
    const exampleRows = await q.groupFeatures(this.data.store, version, result.rows.map((r) => ({ supplierId: r.supplier_id, categoryId: r.category_id })));
    const examples = new Map(exampleRows.map((e) => [`${Number(e.group_supplier_id)}:${Number(e.group_category_id)}`, e]));
    const nodes = [];
    for (const r of result.rows) {
      const category = await this.category(r.category_id);
      if (!category) continue;
      const example = examples.get(`${r.supplier_id}:${r.category_id}`);
      nodes.push({
        supplierId: String(r.supplier_id), supplierName: r.supplier_name ?? `Supplier ${r.supplier_id}`, category, lines: Number(r.n),
        spend: money(r.spend), meanConfidence: Number(r.mean_confidence), minConfidence: Number(r.min_confidence),
        reasons: example ? await this.reasons(version, example, r.category_id) : [],
      });
    }
    return { nodes, totalCount: result.groups, totalLines: result.lines, totalAmount: money(result.total), currency,
      pageInfo: { offset, limit, hasNextPage: offset + result.rows.length < result.groups } };
  }

  /** The batches of the caller's queue (the review screen's batch filter; a category manager may not list imports). */
  async batches() {
    const { queue, where } = await this.queueWhere(null, validBand(null, null));
    const version = await this.liveVersion();
    if (version === null) return [];
    const rows = await this.data.cached('classificationQueueBatches', [version], () => q.queueBatches(this.data.store, queue, version, where));
    return rows.map((r) => ({
      id: String(r.id), fileName: r.file_name, sourceName: r.source_name, committedAt: r.committed_at, lines: Number(r.n), spend: money(r.spend),
    }));
  }

  async coverage(filterInput: SpendFilter | null | undefined) {
    const viewer = this.data.viewer();
    viewer.require('read');
    const filter = validateFilter(filterInput);
    if (filter.opportunity !== null) throw badInput('filter.opportunity', 'Coverage cannot be filtered by a savings opportunity.');
    const where = spendWhere(filter, viewer.scope, await this.data.directory());
    const row = await this.data.cached('classificationCoverage', filter, () => q.coverage(this.data.store, where));
    return {
      total: money(row?.total), file: money(row?.file), rule: money(row?.rule), person: money(row?.person), model: money(row?.model),
      unclassified: money(row?.unclassified), modelLines: Number(row?.model_lines ?? 0), unclassifiedLines: Number(row?.unclassified_lines ?? 0),
      currency: this.data.config.reportingCurrency,
    };
  }

  private toAction(r: q.ActionRow) {
    return {
      id: String(r.id), kind: r.kind as 'ACCEPT' | 'ACCEPT_RULE' | 'REJECT' | 'AUTO', lines: Number(r.lines), spend: money(r.spend),
      modelVersion: r.model_version === null ? null : Number(r.model_version), userEmail: r.user_email, createdAt: r.created_at,
      undoneAt: r.undone_at, restoredLines: r.restored_lines === null ? null : Number(r.restored_lines),
      ruleIds: r.rule_ids ? r.rule_ids.split(',').filter(Boolean) : [],
    };
  }

  /** A category manager sees their own actions; an admin every one (docs/scope.md). */
  async actions(page: PageInput | null | undefined) {
    const viewer = this.steward();
    const { offset, limit } = validatePage(page, this.data.pageLimits());
    const { rows, count } = await q.actions(this.data.store, viewer.can('admin') ? null : viewer.user.id, offset, limit);
    return { nodes: rows.map((r) => this.toAction(r)), totalCount: count, pageInfo: { offset, limit, hasNextPage: offset + rows.length < count } };
  }

  async disputedRules(minConfidence: number | null | undefined) {
    const viewer = this.steward();
    const min = minConfidence ?? 0.9;
    if (!Number.isFinite(min) || min < 0.5 || min > 1) throw badInput('minConfidence', 'minConfidence is a number from 0.5 to 1.');
    const version = await this.liveVersion();
    if (version === null) return [];
    const directory = await this.data.directory();
    const visible = directory.visibleCategoryIds(viewer.scope);
    const all = await rules.listRules(this.data.store);
    // A category manager's rules are those into their categories, as on the rules list.
    const mine = all.filter((r) => visible === null || visible.has(r.categoryId));
    const rows = await q.disputes(this.data.store, version, min, visible === null ? null : mine.map((r) => r.id));
    const byId = new Map(mine.map((r) => [r.id, r]));
    return rows.flatMap((r) => {
      const rule = byId.get(Number(r.rule_id));
      const suggested = directory.categoriesById.get(Number(r.category_id));
      if (!rule || !suggested) return [];
      const lines = Number(r.n);
      return [{ rule, suggestedCategory: suggested, lines, spend: money(r.spend), meanConfidence: lines ? Number(r.confidence_sum) / lines : 0, ruleLines: Number(r.rule_lines) }];
    });
  }

  /** The queue lines a decision names: by id, or whole groups under the filters the screen showed. */
  private async decisionWhere(input: ClassificationDecisionInput): Promise<{ where: Sql; groups: Array<{ supplierId: number; categoryId: number }> }> {
    const lineIds = input.lineIds ?? [];
    const groups = input.groups ?? [];
    if ((lineIds.length ? 1 : 0) + (groups.length ? 1 : 0) !== 1) throw badInput('input', 'Give either lineIds or groups.');
    if (lineIds.length > MAX_LINES) throw badInput('input.lineIds', `At most ${MAX_LINES.toLocaleString('en-GB')} lines at a time; accept groups instead.`);
    if (groups.length > MAX_GROUPS) throw badInput('input.groups', `At most ${MAX_GROUPS} groups at a time.`);
    if (lineIds.length) {
      const ids = lineIds.map((id, i) => parseId(id, `input.lineIds.${i}`));
      return { where: sql.and([(await this.queueWhere(null, validBand(null, null), true)).where, sql`s.id IN ${sql.list(ids)}`]), groups: [] };
    }
    const keys = groups.map((g, i) => ({ supplierId: parseId(g.supplierId, `input.groups.${i}.supplierId`), categoryId: parseId(g.categoryId, `input.groups.${i}.categoryId`) }));
    const pairs = sql.join(keys.map((k) => sql`(s.supplier_id = ${k.supplierId} AND g.category_id = ${k.categoryId})`), sql` OR `);
    return { where: sql.and([(await this.queueWhere(input.filter, validBand(null, input.suggestions), true)).where, sql`(${pairs})`]), groups: keys };
  }

  /** A decision's transaction, one at a time with the classifier's own writes in this process. */
  private decide<T>(work: (tx: Store) => Promise<T>): Promise<T> {
    return this.runtime.exclusive(() => this.data.store.transaction(work));
  }

  private async requireLive(): Promise<number> {
    const version = await this.liveVersion();
    if (version === null) throw new AppError('INVALID_STATE', 'The classifier has not been trained yet: there are no suggestions to act on.');
    return version;
  }

  private async actionById(id: number) {
    const row = await q.action(this.data.store, id);
    if (!row) throw notFound('Classification action', String(id));
    return this.toAction(row);
  }

  /** Accepts suggestions as the person's choice (MANUAL): the model learns from them at the next retrain. */
  async accept(input: ClassificationDecisionInput) {
    const viewer = this.steward();
    const version = await this.requireLive();
    const { where } = await this.decisionWhere(input);
    const id = await this.decide(async (tx) => {
      const now = sqlTimestamp(new Date());
      const actionId = await q.insertAction(tx, 'ACCEPT', viewer.user.id, version, now);
      await q.recordLines(tx, actionId, q.queue(version, where), sql`g.category_id`, 'MANUAL');
      const totals = await q.totalAction(tx, actionId);
      if (totals.lines === 0) throw noneOpen();
      await q.applyAction(tx, actionId, 'MANUAL', null);
      await rematchSpendLines(tx, { lines: sql`s.id IN (SELECT line_id FROM classification_action_lines WHERE action_id = ${actionId})` });
      await audit(tx, { userId: viewer.user.id, action: 'classification.accept', entity: 'ClassificationAction', entityId: actionId, after: { modelVersion: version, ...totals } });
      await requestRetrain(tx);
      return actionId;
    });
    return this.actionById(id);
  }

  /**
   * Accepts groups by making a supplier → category rule of each (after every existing rule) and
   * running the caller's rules over those suppliers' lines the caller may classify: the lines
   * become RULE, the supplier's future lines too.
   */
  async acceptAsRules(input: ClassificationDecisionInput) {
    const viewer = this.steward();
    const version = await this.requireLive();
    if (input.lineIds?.length) throw badInput('input.lineIds', 'A rule is made from groups (supplier and category), not from single lines.');
    const { where, groups } = await this.decisionWhere(input);
    const directory = await this.data.directory();
    const visible = directory.visibleCategoryIds(viewer.scope);
    const mayTarget = (id: number) => visible === null || visible.has(id);
    for (const [i, g] of groups.entries()) if (!directory.categoriesById.has(g.categoryId) || !mayTarget(g.categoryId)) throw notFound('Category', String(groups[i].categoryId));
    const suppliers = [...new Set(groups.map((g) => g.supplierId))];
    // The queue's lines of those groups, and the suppliers' lines the caller may already see.
    const scope = await this.data.scopeWhere();
    const inQueue = sql`s.id IN (SELECT s.id FROM ${q.queue(version, where)})`;
    const reach = sql`s.supplier_id IN ${sql.list(suppliers)} AND s.classification_source IN ('NONE', 'RULE', 'MODEL')
      AND (${scope === null ? sql`TRUE` : sql`(${scope}) OR ${inQueue}`})`;
    const id = await this.decide(async (tx) => {
      const now = sqlTimestamp(new Date());
      const actionId = await q.insertAction(tx, 'ACCEPT_RULE', viewer.user.id, version, now);
      const existing = await rules.listRules(tx);
      let priority = existing.reduce((m, r) => Math.max(m, r.priority), 0);
      const ruleIds: number[] = [];
      for (const g of groups) {
        priority = Math.min(1_000_000, priority + 10);
        const ruleId = await rules.insertRule(tx, { priority, supplierId: g.supplierId, glAccountId: null, costCenterId: null, descriptionContains: null,
          rawSupplierNameMatches: null, sourceCategoryContains: null, categoryId: g.categoryId, enabled: true }, viewer.user.id, now);
        ruleIds.push(ruleId);
        await audit(tx, { userId: viewer.user.id, action: 'rule.create', entity: 'ClassificationRule', entityId: ruleId, after: { supplierId: g.supplierId, categoryId: g.categoryId, priority, fromAction: actionId } });
      }
      await q.setActionRules(tx, actionId, ruleIds);
      await q.recordLines(tx, actionId, sql`spend_lines s WHERE ${reach}`, sql`s.category_id`, 'NONE');
      const run = (await rules.listRules(tx, true)).filter((r) => mayTarget(r.categoryId));
      await rules.runRules(tx, run, sql`s.id IN (SELECT line_id FROM classification_action_lines WHERE action_id = ${actionId})`);
      await q.settleRecordedLines(tx, actionId);
      const totals = await q.totalAction(tx, actionId);
      await rematchSpendLines(tx, { lines: sql`s.id IN (SELECT line_id FROM classification_action_lines WHERE action_id = ${actionId})` });
      await audit(tx, { userId: viewer.user.id, action: 'classification.acceptRule', entity: 'ClassificationAction', entityId: actionId, after: { modelVersion: version, ruleIds, ...totals } });
      await requestRetrain(tx);
      return actionId;
    });
    return this.actionById(id);
  }

  /** Rejects suggestions: the category is never suggested for those lines again; the next best takes its place. */
  async reject(input: ClassificationDecisionInput) {
    const viewer = this.steward();
    const version = await this.requireLive();
    const { where } = await this.decisionWhere(input);
    const id = await this.decide(async (tx) => {
      const now = sqlTimestamp(new Date());
      const actionId = await q.insertAction(tx, 'REJECT', viewer.user.id, version, now);
      await q.recordLines(tx, actionId, q.queue(version, where), sql`s.category_id`, 'NONE');
      const totals = await q.totalAction(tx, actionId);
      if (totals.lines === 0) throw noneOpen();
      await q.reject(tx, actionId, version);
      await this.rescoreAction(tx, version, actionId);
      await audit(tx, { userId: viewer.user.id, action: 'classification.reject', entity: 'ClassificationAction', entityId: actionId, after: { modelVersion: version, ...totals } });
      return actionId;
    });
    return this.actionById(id);
  }

  private async rescoreAction(tx: Store, version: number, actionId: number) {
    const which = sql`s.id IN (SELECT line_id FROM classification_action_lines WHERE action_id = ${actionId})`;
    await q.replaceSuggestions(tx, version, actionId, await this.runtime.rescore(tx, version, which));
  }

  /**
   * Undoes one action as one step: its lines get back what they had where nobody changed them
   * since; rules it made are deleted; a reject's categories may be suggested again. A category
   * manager undoes their own accepts and rejects; auto-classify runs are an admin's.
   */
  async undo(idText: string) {
    const viewer = this.steward();
    const id = parseId(idText, 'id');
    const row = await q.action(this.data.store, id);
    const admin = viewer.can('admin');
    if (!row || (!admin && row.user_id !== viewer.user.id)) throw notFound('Classification action', idText);
    if (row.undone_at !== null) throw new AppError('INVALID_STATE', 'This action has already been undone.');
    await this.decide(async (tx) => {
      const now = sqlTimestamp(new Date());
      let restored: number;
      if (row.kind === 'REJECT') {
        restored = await q.undoReject(tx, id);
        const version = await this.liveVersion();
        if (version !== null) await this.rescoreAction(tx, version, id);
      } else {
        if (row.kind === 'ACCEPT_RULE' && row.rule_ids) {
          const ruleIds = row.rule_ids.split(',').filter(Boolean).map(Number);
          for (const ruleId of ruleIds) await rules.deleteRule(tx, ruleId, null);
          await audit(tx, { userId: viewer.user.id, action: 'rule.delete', entity: 'ClassificationRule', entityId: ruleIds.join(','), before: { ruleIds, fromAction: id } });
        }
        restored = await q.restoreLines(tx, id);
        await rematchSpendLines(tx, { lines: sql`s.id IN (SELECT line_id FROM classification_action_lines WHERE action_id = ${id})` });
        // Lines back in the queue get the live model's suggestion again.
        const version = await this.liveVersion();
        if (version !== null) await this.rescoreAction(tx, version, id);
      }
      await q.markUndone(tx, id, viewer.user.id, restored, now);
      await audit(tx, { userId: viewer.user.id, action: 'classification.undo', entity: 'ClassificationAction', entityId: id, after: { kind: row.kind, restoredLines: restored } });
      if (row.kind !== 'REJECT') await requestRetrain(tx);
    });
    return this.actionById(id);
  }

  /** Trains now (an admin's) and answers once the new version is live. */
  async retrain() {
    const viewer = this.steward();
    viewer.require('admin');
    await requestRetrain(this.data.store);
    await audit(this.data.store, { userId: viewer.user.id, action: 'classifier.retrain', entity: 'Classifier', entityId: 'model' });
    // Another process may be training: wait for it, then train what it did not cover.
    const deadline = Date.now() + 10 * 60_000;
    for (;;) {
      const outcome = await this.runtime.tick(true);
      if (outcome) break;
      const settings = await q.settings(this.data.store);
      if (settings.trainer === null && Number(settings.trained_request) >= Number(settings.requested)) break;
      if (Date.now() > deadline) throw new AppError('RATE_LIMITED', 'The classifier is still training. Try again in a moment.', { retryAfterSeconds: 5 });
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return this.status();
  }

  /** Turns auto-classify on or off (an admin's); turning it on files the live model's confident suggestions now. */
  async setAutoClassify(enabled: boolean, threshold: number | null | undefined) {
    const viewer = this.steward();
    viewer.require('admin');
    const settings = await q.settings(this.data.store);
    let value = settings.threshold === null ? null : Number(settings.threshold);
    if (threshold !== null && threshold !== undefined) {
      if (!Number.isFinite(threshold) || threshold < 0.5 || threshold > 1) throw badInput('threshold', 'The threshold is a number from 0.5 to 1.');
      value = Math.round(threshold * 10_000) / 10_000;
    }
    await this.data.store.transaction(async (tx) => {
      await q.setAutoClassify(tx, enabled, value, viewer.user.id, sqlTimestamp(new Date()));
      await audit(tx, { userId: viewer.user.id, action: 'classifier.setAutoClassify', entity: 'Classifier', entityId: 'settings',
        before: { enabled: settings.auto_classify, threshold: settings.threshold === null ? null : Number(settings.threshold) }, after: { enabled, threshold: value } });
    });
    const version = await this.liveVersion();
    if (enabled && version !== null) await this.runtime.exclusive(() => autoClassify(this.data.store, version, value ?? DEFAULT_AUTO_THRESHOLD, viewer.user.id));
    return this.status();
  }
}

/**
 * True when a filter needs no column of the line beyond those its suggestion copies (dates, units,
 * suppliers; categories are the suggestion's own). The fields below read other columns of
 * `spend_lines s`: a new such field of `SpendFilter` belongs here (else the queue's statements
 * fail on a column `line_suggestions` does not have).
 */
function onCopiedColumns(filter: ValidFilter): boolean {
  return filter.contractIds === null && filter.countryCodes === null && filter.currencies === null && filter.onContract === null
    && filter.hasPo === null && filter.members.length === 0 && filter.search === null && filter.opportunity === null;
}

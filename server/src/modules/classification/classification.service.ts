import { AppError, badInput, notFound } from '../../errors.js';
import type { ClassificationRuleInput } from '../../generated/graphql.js';
import { sql, type Sql } from '../../store/sql.js';
import type { Store } from '../../store/store.js';
import { sqlTimestamp } from '../../core/time.js';
import type { Viewer } from '../../core/viewer.js';
import { audit } from '../../core/audit.js';
import type { RequestData } from '../../core/request-data.js';
import { spendWhere, validateFilter } from '../../core/spend-filter.js';
import { parseId } from '../../core/ids.js';
import { staleVersion } from '../../core/versions.js';
import type { RuleRecord } from './classification.mappers.js';
import { rematchSpendLines } from '../contracts/contracts.service.js';
import * as q from './classification.queries.js';
import { requestRetrain } from './classifier.service.js';

const MAX_LINES_PER_CALL = 10_000;

/**
 * The enabled rules over `lines` (a condition over `spend_lines s`), as a run applies them; how
 * many of those lines rules now file. An import's commit files its new lines this way
 * (docs/imports.md, "How a file is validated and committed", step 5).
 */
export async function fileByRules(tx: Store, lines: Sql): Promise<number> {
  const rules = await q.listRules(tx, true);
  if (rules.length === 0) return 0;
  await q.runRules(tx, rules, lines);
  return (await q.ruleState(tx, lines)).rule;
}

export class ClassificationService {
  constructor(private readonly data: RequestData) {}

  private async manager(): Promise<{ viewer: Viewer; mayTarget: (categoryId: number) => boolean }> {
    const viewer = this.data.viewer();
    viewer.require('manageClassification');
    const allowed = (await this.data.directory()).visibleCategoryIds(viewer.scope);
    return { viewer, mayTarget: (id) => allowed === null || allowed.has(id) };
  }

  private async values(input: ClassificationRuleInput, mayTarget: (id: number) => boolean): Promise<q.RuleValues> {
    const text = (v: string | null | undefined, field: string) => {
      if (v === null || v === undefined || v.trim() === '') return null;
      const t = v.trim();
      if (t.length < 2 || t.length > 200) throw badInput(`input.${field}`, `${field} must be 2 to 200 characters.`);
      return t;
    };
    const id = (v: string | null | undefined, field: string) => (v ? parseId(v, `input.${field}`) : null);
    const categoryId = parseId(input.categoryId, 'input.categoryId');
    const directory = await this.data.directory();
    if (!directory.categoriesById.has(categoryId) || !mayTarget(categoryId)) throw notFound('Category', input.categoryId);
    if (!Number.isInteger(input.priority) || input.priority < 0 || input.priority > 1_000_000) {
      throw badInput('input.priority', 'priority must be a whole number from 0 to 1,000,000.');
    }
    const v: q.RuleValues = {
      priority: input.priority, supplierId: id(input.supplierId, 'supplierId'), glAccountId: id(input.glAccountId, 'glAccountId'),
      costCenterId: id(input.costCenterId, 'costCenterId'), descriptionContains: text(input.descriptionContains, 'descriptionContains'),
      rawSupplierNameMatches: text(input.rawSupplierNameMatches, 'rawSupplierNameMatches'),
      sourceCategoryContains: text(input.sourceCategoryContains, 'sourceCategoryContains'), categoryId, enabled: input.enabled ?? true,
    };
    if (v.supplierId === null && v.glAccountId === null && v.costCenterId === null && v.descriptionContains === null && v.rawSupplierNameMatches === null
      && v.sourceCategoryContains === null) {
      throw badInput('input', 'A rule needs at least one condition (supplier, GL account, cost centre, description, raw supplier name or source category).');
    }
    return v;
  }

  /** Rules whose category the viewer may target; a category manager does not see the others (docs/scope.md). */
  async list(): Promise<RuleRecord[]> {
    const { mayTarget } = await this.manager();
    return (await q.listRules(this.data.store)).filter((r) => mayTarget(r.categoryId));
  }

  private async find(id: string, mayTarget: (id: number) => boolean): Promise<RuleRecord> {
    const rule = (await q.listRules(this.data.store)).find((r) => r.id === parseId(id, 'id'));
    // A category manager's view of rules stops at their categories: others look absent.
    if (!rule || !mayTarget(rule.categoryId)) throw notFound('Classification rule', id);
    return rule;
  }

  async create(input: ClassificationRuleInput): Promise<RuleRecord> {
    const { viewer, mayTarget } = await this.manager();
    const v = await this.values(input, mayTarget);
    const id = await this.data.store.transaction(async (tx) => {
      const newId = await q.insertRule(tx, v, viewer.user.id, sqlTimestamp(new Date()));
      await audit(tx, { userId: viewer.user.id, action: 'rule.create', entity: 'ClassificationRule', entityId: newId, after: v });
      return newId;
    });
    return this.find(String(id), mayTarget);
  }

  async update(id: string, version: number, input: ClassificationRuleInput): Promise<RuleRecord> {
    const { viewer, mayTarget } = await this.manager();
    const before = await this.find(id, mayTarget);
    const v = await this.values(input, mayTarget);
    await this.data.store.transaction(async (tx) => {
      if (!(await q.updateRule(tx, before.id, version, v, sqlTimestamp(new Date())))) {
        throw new AppError('CONFLICT', 'This rule was changed by someone else. Reload it and try again.', { field: 'version' });
      }
      await audit(tx, { userId: viewer.user.id, action: 'rule.update', entity: 'ClassificationRule', entityId: before.id, before, after: v });
    });
    return this.find(id, mayTarget);
  }

  async remove(id: string, version?: number | null): Promise<boolean> {
    const { viewer, mayTarget } = await this.manager();
    const rule = await this.find(id, mayTarget);
    // A rule edited since the caller saw it is not deleted on the strength of the old one.
    const stale = (current: number) => staleVersion('This rule', 'it was not deleted', 'version', current);
    if (version != null && rule.version !== version) throw stale(rule.version);
    await this.data.store.transaction(async (tx) => {
      if (!(await q.deleteRule(tx, rule.id, version ?? null))) {
        // Changed or deleted between the read and the delete: say which, with the version now.
        const current = await q.ruleVersion(tx, rule.id);
        throw current === null ? notFound('ClassificationRule', id) : stale(current);
      }
      await audit(tx, { userId: viewer.user.id, action: 'rule.delete', entity: 'ClassificationRule', entityId: rule.id, before: rule });
    });
    return true;
  }

  /**
   * Runs the rules. A scoped user runs only the rules for their categories, over only the lines
   * they can see, and gets counts of those lines (docs/scope.md).
   */
  async run() {
    const { viewer, mayTarget } = await this.manager();
    const started = performance.now();
    const scope = await this.data.scopeWhere();
    const lines = scope ?? sql`TRUE`;
    const rules = (await q.listRules(this.data.store, true)).filter((r) => mayTarget(r.categoryId));
    const changed = await q.wouldChange(this.data.store, rules, lines);
    await q.runRules(this.data.store, rules, lines);
    // A line's category decides its contract (docs/domain.md): lines rules own are matched again.
    await this.data.store.transaction((tx) => rematchSpendLines(tx, { lines: sql`s.classification_source IN ('NONE', 'RULE')` }));
    const state = await q.ruleState(this.data.store, lines);
    await audit(this.data.store, { userId: viewer.user.id, action: 'rules.run', entity: 'ClassificationRule', entityId: scope ? 'scope' : 'all', after: { ...state, changed } });
    await requestRetrain(this.data.store);
    return { ruleClassified: state.rule, unclassified: state.none, changed, durationMs: Math.round(performance.now() - started) };
  }

  /** A person's category for lines or a supplier's lines, within what the person may see. */
  async classify(lineIds: readonly string[] | null | undefined, supplierId: string | null | undefined, categoryId: string | null | undefined): Promise<number> {
    const { viewer, mayTarget } = await this.manager();
    if ((lineIds?.length ? 1 : 0) + (supplierId ? 1 : 0) !== 1) throw badInput('lineIds', 'Give either lineIds or supplierId.');
    if (lineIds && lineIds.length > MAX_LINES_PER_CALL) throw badInput('lineIds', `At most ${MAX_LINES_PER_CALL.toLocaleString('en-GB')} lines at a time; classify a supplier instead.`);
    const category = categoryId ? parseId(categoryId, 'categoryId') : null;
    if (category !== null && (!(await this.data.directory()).categoriesById.has(category) || !mayTarget(category))) throw notFound('Category', categoryId!);
    const visible = spendWhere(validateFilter(null), viewer.scope, await this.data.directory());
    const which = lineIds?.length
      ? sql`s.id IN ${sql.list(lineIds.map((id) => parseId(id, 'lineIds')))}`
      : sql`s.supplier_id = ${parseId(supplierId!, 'supplierId')}`;
    const changed = await this.data.store.transaction(async (tx) => {
      const rows = await q.classifyManually(tx, sql.and([visible, which]), category);
      await rematchSpendLines(tx, { lines: which });
      await audit(tx, { userId: viewer.user.id, action: 'lines.classify', entity: 'SpendLine', entityId: supplierId ? `supplier:${supplierId}` : `${rows.length} lines`, after: { categoryId: category, lines: rows.length } });
      await requestRetrain(tx);
      return rows.length;
    });
    return changed;
  }
}

import { notFound } from '../../errors.js';
import type { PageInput, SpendFilter } from '../../generated/graphql.js';
import { money, ratio, subtractMoney, sumMoney } from '../../lib/decimal.js';
import { keyedLoader } from '../../lib/loader.js';
import type { RequestData } from '../../core/request-data.js';
import { spendWhere, validateFilter, type ValidFilter } from '../../core/spend-filter.js';
import { periodColumns } from '../../core/spend-rollup.js';
import type { DataScope } from '../../core/viewer.js';
import { parseId } from '../../core/ids.js';
import type { CategoryRecord } from '../../core/directory.js';
import type { ContractsService } from '../contracts/contracts.service.js';
import type { Period, SpendService } from '../spend/spend.service.js';
import * as q from './categories.queries.js';

/** A node's figures (docs/domain.md, the category tree); money and ratios as exact decimal strings. */
export interface CategoryFigures {
  spend: string;
  previousPeriodSpend: string;
  change: string | null;
  shareOfParent: string | null;
  supplierCount: number;
  onContractSpend: string;
  onContractShare: string | null;
  lineCount: number;
}

interface RawFigures {
  spend: string;
  previous: string;
  onContract: string;
  lines: number;
  suppliers: number;
}

interface TreeFigures {
  period: Period;
  total: RawFigures;
  unclassified: RawFigures;
  byCategory: Map<number, RawFigures>;
}

const NONE: RawFigures = { spend: '0.00', previous: '0.00', onContract: '0.00', lines: 0, suppliers: 0 };

function figures(raw: RawFigures, parentSpend: string): CategoryFigures {
  return {
    spend: raw.spend,
    previousPeriodSpend: raw.previous,
    change: ratio(subtractMoney(raw.spend, raw.previous), raw.previous),
    shareOfParent: ratio(raw.spend, parentSpend),
    supplierCount: raw.suppliers,
    onContractSpend: raw.onContract,
    onContractShare: ratio(raw.onContract, raw.spend),
    lineCount: raw.lines,
  };
}

/** What the tree's statement reads (docs/rollups.md); null when only the lines can answer it. */
function treeColumns(undated: ValidFilter, scope: DataScope, period: { from: string; to: string; previousFrom: string; previousTo: string }) {
  return periodColumns(undated, scope, period, ['category', 'supplier', 'onContract']);
}

export class CategoriesService {
  private readonly trees = new Map<string, Promise<TreeFigures>>();
  private readonly owners = keyedLoader<number, string | null>((ids) => q.userNames(this.data.store, ids), () => null);

  constructor(
    private readonly data: RequestData,
    private readonly spendService: SpendService,
    private readonly contracts: ContractsService,
  ) {}

  private async visible(): Promise<CategoryRecord[]> {
    const viewer = this.data.viewer();
    viewer.require('read');
    const directory = await this.data.directory();
    const allowed = directory.visibleCategoryIds(viewer.scope);
    return directory.categories.filter((c) => allowed === null || allowed.has(c.id));
  }

  async list(level: number | null | undefined): Promise<CategoryRecord[]> {
    const all = await this.visible();
    return level === null || level === undefined ? all : all.filter((c) => c.level === level);
  }

  async byId(id: string): Promise<CategoryRecord> {
    const numeric = parseId(id, 'id');
    const found = (await this.visible()).find((c) => c.id === numeric);
    if (!found) throw notFound('Category', id);
    return found;
  }

  async children(category: CategoryRecord): Promise<CategoryRecord[]> {
    return (await this.visible()).filter((c) => c.parentId === category.id);
  }

  async parent(category: CategoryRecord): Promise<CategoryRecord | null> {
    if (category.parentId === null) return null;
    return (await this.visible()).find((c) => c.id === category.parentId) ?? null;
  }

  /** Visible ancestors, the top-level one first. */
  async ancestors(category: CategoryRecord): Promise<CategoryRecord[]> {
    const visible = new Map((await this.visible()).map((c) => [c.id, c]));
    const out: CategoryRecord[] = [];
    const byId = (await this.data.directory()).categoriesById;
    const seen = new Set<number>([category.id]);
    for (let id = category.parentId; id !== null && !seen.has(id); id = byId.get(id)?.parentId ?? null) {
      seen.add(id);
      const found = visible.get(id);
      if (found) out.unshift(found);
    }
    return out;
  }

  async ownerName(category: CategoryRecord): Promise<string | null> {
    return category.ownerUserId === null ? null : this.owners.load(category.ownerUserId);
  }

  /** Spend of the category and its descendants: one grouped query per filter, rolled up exactly. */
  async spend(category: CategoryRecord, filter: SpendFilter | null | undefined): Promise<string> {
    const byCategory = await this.data.spendByKey('category', validateFilter(filter));
    const ids = (await this.data.directory()).categoryDescendants([category.id]);
    return sumMoney(ids.map((id) => byCategory.get(id)?.spend ?? '0'));
  }

  /** The visible taxonomy with every node's figures (docs/domain.md, the category tree). */
  async tree(input: SpendFilter | null | undefined) {
    const visible = await this.visible();
    const tree = await this.treeFigures(validateFilter(input));
    const visibleIds = new Set(visible.map((c) => c.id));
    return {
      nodes: visible.map((category) => ({ category, figures: this.nodeFigures(tree, category, visibleIds) })),
      total: figures(tree.total, tree.total.spend),
      unclassified: figures(tree.unclassified, tree.total.spend),
      dateFrom: tree.period.from,
      dateTo: tree.period.to,
      previousDateFrom: tree.period.previousFrom,
      previousDateTo: tree.period.previousTo,
      currency: this.data.currencyOf(validateFilter(input)),
    };
  }

  /** One category's figures: its node of the tree for the same filter (one statement per filter and request). */
  async figures(category: CategoryRecord, input: SpendFilter | null | undefined): Promise<CategoryFigures> {
    const visibleIds = new Set((await this.visible()).map((c) => c.id));
    return this.nodeFigures(await this.treeFigures(validateFilter(input)), category, visibleIds);
  }

  /** Contracts covering the category: linked to it, an ancestor or a descendant; scoped by the contracts service. */
  async contractsCovering(category: CategoryRecord, page: PageInput | null | undefined) {
    const directory = await this.data.directory();
    const ids = new Set(directory.categoryDescendants([category.id]));
    for (let id = category.parentId; id !== null && !ids.has(id); id = directory.categoriesById.get(id)?.parentId ?? null) ids.add(id);
    return this.contracts.covering([...ids].sort((a, b) => a - b), page);
  }

  private nodeFigures(tree: TreeFigures, category: CategoryRecord, visibleIds: ReadonlySet<number>): CategoryFigures {
    // A node is compared with its parent; the top of what the caller sees, with all they see.
    const parent = category.parentId !== null && visibleIds.has(category.parentId) ? tree.byCategory.get(category.parentId) ?? NONE : tree.total;
    return figures(tree.byCategory.get(category.id) ?? NONE, parent.spend);
  }

  private treeFigures(filter: ValidFilter): Promise<TreeFigures> {
    const key = JSON.stringify(filter);
    let cached = this.trees.get(key);
    if (!cached) {
      cached = this.computeTree(filter);
      this.trees.set(key, cached);
    }
    return cached;
  }

  private computeTree(filter: ValidFilter): Promise<TreeFigures> {
    this.data.viewer().require('read');
    return this.data.cached('categoryTree', filter, () => this.readTree(filter));
  }

  private async readTree(filter: ValidFilter): Promise<TreeFigures> {
    const viewer = this.data.viewer();
    await this.data.displayCurrency(filter);
    // Without the config's rules an opportunity filter is refused: the tree's two periods would
    // each need their own opportunity set.
    const where = spendWhere({ ...filter, dateFrom: null, dateTo: null }, viewer.scope, await this.data.directory());
    const period = await this.spendService.period(filter);
    const rows = await q.categoryTreeFigures(this.data.store, where, period.from, period.to, period.previousFrom, period.previousTo,
      this.data.sourceFor(filter, treeColumns({ ...filter, dateFrom: null, dateTo: null }, viewer.scope, period)));
    const tree: TreeFigures = { period, total: NONE, unclassified: NONE, byCategory: new Map() };
    for (const r of rows) {
      const raw: RawFigures = {
        spend: money(r.spend), previous: money(r.previous), onContract: money(r.on_contract),
        lines: Number(r.lines ?? 0), suppliers: Number(r.suppliers ?? 0),
      };
      // GROUPING() sets a bit per rolled-up column, l1 the most significant: 15 is the grand
      // total, 7 groups by l1, 3 by l1–l2, 1 by l1–l3, 0 by the whole path.
      const g = Number(r.g);
      if (g === 15) tree.total = raw;
      else if (g === 7 && r.l1_id === null) tree.unclassified = raw;
      else {
        // A line classified above the deepest level has no key there: that row is not a node.
        const id = g === 7 ? r.l1_id : g === 3 ? r.l2_id : g === 1 ? r.l3_id : r.l4_id;
        if (id !== null) tree.byCategory.set(Number(id), raw);
      }
    }
    return tree;
  }
}

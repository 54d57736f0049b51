import { notFound } from '../../errors.js';
import type { SpendFilter } from '../../generated/graphql.js';
import { sumMoney } from '../../lib/decimal.js';
import type { RequestData } from '../../core/request-data.js';
import { validateFilter } from '../../core/spend-filter.js';
import { parseId } from '../../core/ids.js';
import type { CategoryRecord } from '../../core/directory.js';

export class CategoriesService {
  constructor(private readonly data: RequestData) {}

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

  /** Spend of the category and its descendants: one grouped query per filter, rolled up exactly. */
  async spend(category: CategoryRecord, filter: SpendFilter | null | undefined): Promise<string> {
    const byCategory = await this.data.spendByKey('category', validateFilter(filter));
    const ids = (await this.data.directory()).categoryDescendants([category.id]);
    return sumMoney(ids.map((id) => byCategory.get(id)?.spend ?? '0'));
  }
}

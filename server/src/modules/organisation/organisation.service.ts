import type { SpendFilter } from '../../generated/graphql.js';
import { sumMoney } from '../../lib/decimal.js';
import type { RequestData } from '../../core/request-data.js';
import { validateFilter } from '../../core/spend-filter.js';
import type { BusinessUnitRecord } from '../../core/directory.js';

export class OrganisationService {
  constructor(private readonly data: RequestData) {}

  async businessUnits(): Promise<BusinessUnitRecord[]> {
    const viewer = this.data.viewer();
    viewer.require('read');
    const directory = await this.data.directory();
    const allowed = directory.visibleBusinessUnitIds(viewer.scope);
    return directory.businessUnits.filter((b) => allowed === null || allowed.has(b.id));
  }

  async byIds(ids: number[]): Promise<BusinessUnitRecord[]> {
    const visible = await this.businessUnits();
    return visible.filter((b) => ids.includes(b.id));
  }

  async spend(unit: BusinessUnitRecord, filter: SpendFilter | null | undefined): Promise<string> {
    const byUnit = await this.data.spendByKey('businessUnit', validateFilter(filter));
    const ids = (await this.data.directory()).businessUnitDescendants([unit.id]);
    return sumMoney(ids.map((id) => byUnit.get(id)?.spend ?? '0'));
  }
}

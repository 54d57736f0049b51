import type { SpendFilter } from '../../generated/graphql.js';
import { sumMoney } from '../../lib/decimal.js';
import type { RequestData } from '../../core/request-data.js';
import { validateFilter } from '../../core/spend-filter.js';
import type { BusinessUnitRecord } from '../../core/directory.js';
import { listLedgerCodes, type LedgerCodeRecord } from './organisation.queries.js';

export class OrganisationService {
  constructor(private readonly data: RequestData) {}

  async businessUnits(): Promise<BusinessUnitRecord[]> {
    const viewer = this.data.viewer();
    viewer.require('read');
    const directory = await this.data.directory();
    const allowed = directory.visibleBusinessUnitIds(viewer.scope);
    return directory.businessUnits.filter((b) => allowed === null || allowed.has(b.id));
  }

  /**
   * Cost centres or GL accounts the viewer may see: all of them, or for a viewer scoped to business
   * units those of their units (and, for GL accounts, those of no unit: a chart of accounts is
   * usually shared), as every other read is scoped (docs/scope.md).
   */
  async ledgerCodes(table: 'cost_centers' | 'gl_accounts'): Promise<LedgerCodeRecord[]> {
    const viewer = this.data.viewer();
    viewer.require('read');
    const [rows, directory] = await Promise.all([listLedgerCodes(this.data.store, table), this.data.directory()]);
    const allowed = directory.visibleBusinessUnitIds(viewer.scope);
    if (allowed === null) return rows;
    return rows.filter((r) => (r.businessUnitId === null ? table === 'gl_accounts' : allowed.has(r.businessUnitId)));
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

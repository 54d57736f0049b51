// The contract list's state in the URL: `/contracts?status=EXPIRING&q=cloud&sup=12,15&cat=3,4&bu=2&owner=1&within=90&view=timeline&offset=50`.
// `cat`, `bu` and `sup` are the global filter bar's names, so categories, units and suppliers carry
// over from the overview (docs/domain.md, "The list and the overview's count").
import type { SpendFilterParams } from '../../filters/spendFilter';
import type { ContractFilter, ContractStatus, SpendFilter } from '../../gql/graphql';
import { lineFilterSearch } from '../lines/lineFilter';

export const contractStatuses: readonly ContractStatus[] = ['DRAFT', 'ACTIVE', 'EXPIRING', 'EXPIRED', 'TERMINATED'];

export type ContractView = 'table' | 'timeline';

export interface ContractListParams {
  statuses: ContractStatus[];
  search: string;
  /** The contracts' own suppliers (`sup`); a link from before holds one as `supplier`. */
  supplierIds: string[];
  categoryIds: string[];
  businessUnitIds: string[];
  ownerIds: string[];
  /** Ends within this many days of the as-of date. */
  within: number | null;
  view: ContractView;
}

const ID = /^\d{1,10}$/;

function ids(value: string | null): string[] {
  return [...new Set((value ?? '').split(',').map((id) => id.trim()).filter((id) => ID.test(id)))];
}

export function parseContractParams(search: URLSearchParams): ContractListParams {
  const statuses = (search.get('status') ?? '').split(',').filter((s): s is ContractStatus => (contractStatuses as readonly string[]).includes(s));
  const within = Number(search.get('within'));
  return {
    statuses: contractStatuses.filter((s) => statuses.includes(s)),
    search: (search.get('q') ?? '').slice(0, 200),
    supplierIds: ids(search.get('sup') || search.get('supplier')),
    categoryIds: ids(search.get('cat')),
    businessUnitIds: ids(search.get('bu')),
    ownerIds: ids(search.get('owner')),
    within: search.get('within') !== null && Number.isInteger(within) && within >= 0 && within <= 36_500 ? within : null,
    view: search.get('view') === 'timeline' ? 'timeline' : 'table',
  };
}

/**
 * Writes the list state into a copy of `search`, dropping empty values and (when the filter
 * changes) the page, so a new filter starts on its first page.
 */
export function writeContractParams(search: URLSearchParams, params: ContractListParams, options: { keepPage?: boolean } = {}): URLSearchParams {
  const next = new URLSearchParams(search);
  const entries: Array<[string, string | null]> = [
    ['status', params.statuses.join(',') || null],
    ['q', params.search.trim() || null],
    ['sup', params.supplierIds.join(',') || null],
    // The single supplier of older links is now one of `sup`.
    ['supplier', null],
    ['cat', params.categoryIds.join(',') || null],
    ['bu', params.businessUnitIds.join(',') || null],
    ['owner', params.ownerIds.join(',') || null],
    ['within', params.within === null ? null : String(params.within)],
    ['view', params.view === 'timeline' ? 'timeline' : null],
  ];
  for (const [key, value] of entries) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  if (!options.keepPage) next.delete('offset');
  return next;
}

/** The API filter for the list state. */
export function contractFilterOf(params: ContractListParams): ContractFilter {
  return {
    statuses: params.statuses.length ? params.statuses : null,
    search: params.search.trim() || null,
    supplierIds: params.supplierIds.length ? params.supplierIds : null,
    categoryIds: params.categoryIds.length ? params.categoryIds : null,
    businessUnitIds: params.businessUnitIds.length ? params.businessUnitIds : null,
    ownerIds: params.ownerIds.length ? params.ownerIds : null,
    expiringWithinDays: params.within,
  };
}

export function hasContractFilters(params: ContractListParams): boolean {
  return Boolean(params.statuses.length || params.search.trim() || params.supplierIds.length || params.categoryIds.length || params.businessUnitIds.length
    || params.ownerIds.length || params.within !== null);
}

/**
 * The link of the overview's "contracts expiring" tile: the EXPIRING list under the categories,
 * business units and suppliers the tile counted with (the filter bar's, less the ids it ignored),
 * so the list holds exactly what the tile counts. The period does not apply to expiry.
 */
export function expiringContractsLink(filter: Pick<SpendFilterParams, 'categoryIds' | 'businessUnitIds' | 'supplierIds'>): string {
  const next = new URLSearchParams();
  next.set('status', 'EXPIRING');
  const lists: Array<[string, string[]]> = [['cat', filter.categoryIds], ['bu', filter.businessUnitIds], ['sup', filter.supplierIds]];
  for (const [key, ids] of lists) {
    if (ids.length) next.set(key, ids.join(','));
  }
  return `/contracts?${next.toString()}`;
}

/** A `/lines` link for a spend filter: dates and units in the filter bar, the rest as the drill. */
export function linesLink(filter: SpendFilter, what: string): string {
  return `/lines?${lineFilterSearch(filter, undefined, what)}`;
}

// The supplier list's own state in the URL, beside the global filter (from, to, bu, cat):
// `?q=acme&status=BLOCKED&country=DE,FR&family=42&all=1&sort=CHANGE:asc&offset=50&limit=100`.
import type { SupplierFilter, SupplierSort, SupplierSortField, SupplierStatus } from '../../gql/graphql';

export interface SupplierListState {
  search: string;
  statuses: SupplierStatus[];
  countries: string[];
  familyId: string | null;
  /** Also list suppliers without spend in the period. */
  withoutSpend: boolean;
  sort: { field: SupplierSortField; direction: 'ASC' | 'DESC' };
}

const FIELDS: readonly SupplierSortField[] = ['NAME', 'SPEND', 'CHANGE', 'LINE_COUNT', 'CATEGORY_COUNT', 'COUNTRY'];
const STATUSES: readonly SupplierStatus[] = ['ACTIVE', 'BLOCKED', 'MERGED'];

/** The order the server uses when none is asked for: names and countries A–Z, figures largest first. */
export function defaultDirection(field: SupplierSortField): 'ASC' | 'DESC' {
  return field === 'NAME' || field === 'COUNTRY' ? 'ASC' : 'DESC';
}

function list(value: string | null): string[] {
  return value ? [...new Set(value.split(',').map((v) => v.trim()).filter(Boolean))] : [];
}

export function parseSupplierList(params: URLSearchParams): SupplierListState {
  const [field, direction] = (params.get('sort') ?? '').split(':');
  const sortField = FIELDS.find((f) => f === field) ?? 'SPEND';
  return {
    search: (params.get('q') ?? '').slice(0, 200),
    statuses: list(params.get('status')).filter((s): s is SupplierStatus => STATUSES.includes(s as SupplierStatus)),
    countries: list(params.get('country')).filter((c) => /^[A-Za-z]{2}$/.test(c)).map((c) => c.toUpperCase()),
    familyId: /^\d+$/.test(params.get('family') ?? '') ? params.get('family') : null,
    withoutSpend: params.get('all') === '1',
    sort: { field: sortField, direction: direction === 'asc' ? 'ASC' : direction === 'desc' ? 'DESC' : defaultDirection(sortField) },
  };
}

/**
 * Writes a change into a copy of the URL's parameters, leaving the global filter alone; any
 * change but paging starts again at the first page.
 */
export function writeSupplierList(params: URLSearchParams, change: Partial<SupplierListState>): URLSearchParams {
  const next = new URLSearchParams(params);
  const state = { ...parseSupplierList(params), ...change };
  const sortDefault = state.sort.field === 'SPEND' && state.sort.direction === 'DESC';
  const entries: [string, string | null][] = [
    ['q', state.search.trim() || null],
    ['status', state.statuses.join(',') || null],
    ['country', state.countries.join(',') || null],
    ['family', state.familyId],
    ['all', state.withoutSpend ? '1' : null],
    ['sort', sortDefault ? null : `${state.sort.field}:${state.sort.direction.toLowerCase()}`],
  ];
  for (const [key, value] of entries) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  next.delete('offset');
  return next;
}

/** What the API is asked for. Merged suppliers have no lines of their own, so asking for them lists suppliers without spend too. */
export function supplierQueryOf(state: SupplierListState): { search: string | null; only: SupplierFilter; sort: SupplierSort } {
  return {
    search: state.search.trim() || null,
    only: {
      statuses: state.statuses.length ? state.statuses : null,
      countryCodes: state.countries.length ? state.countries : null,
      familyId: state.familyId,
      includeWithoutSpend: state.withoutSpend || state.statuses.includes('MERGED'),
    },
    sort: state.sort,
  };
}

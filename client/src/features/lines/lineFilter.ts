// The /lines screen's filter in the URL: `?filter=<SpendFilter JSON>` (drill-down from the
// explorer, with `members`), or the overview-style `from`/`to`/`bu`/`cat` params.
import type { SpendFilter, SpendLineSort, SpendLineSortField } from '../../gql/graphql';
import { parseFilterParams } from '../../filters/spendFilter';

export const sortFields: SpendLineSortField[] = ['INVOICE_DATE', 'AMOUNT', 'SUPPLIER', 'CATEGORY', 'BUSINESS_UNIT'];

/** `what` is display text only (e.g. "IT & Telecoms › 2025"); the filter alone decides the lines. */
export function lineFilterSearch(filter: SpendFilter, back?: string, what?: string): string {
  const search = new URLSearchParams();
  search.set('filter', JSON.stringify(filter));
  if (what) search.set('what', what);
  if (back) search.set('back', back);
  return search.toString();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The filter the URL asks for; null when it has no filter at all (all lines in scope). */
export function parseLineFilter(search: URLSearchParams): { filter: SpendFilter; invalid: boolean } {
  const raw = search.get('filter');
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      // The server validates every field; here we only make sure it is an object.
      if (isRecord(parsed)) return { filter: parsed as SpendFilter, invalid: false };
    } catch {
      // fall through: report the bad link instead of showing every line
    }
    return { filter: {}, invalid: true };
  }
  const params = parseFilterParams(search);
  const filter: SpendFilter = {};
  if (params.from) filter.dateFrom = params.from;
  if (params.to) filter.dateTo = params.to;
  if (params.businessUnitIds.length) filter.businessUnitIds = params.businessUnitIds;
  if (params.categoryIds.length) filter.categoryIds = params.categoryIds;
  return { filter, invalid: false };
}

export function parseLineSort(search: URLSearchParams): SpendLineSort {
  const [field, direction] = (search.get('sort') ?? '').split(':');
  const known = sortFields.find((f) => f === field);
  return { field: known ?? 'INVOICE_DATE', direction: direction === 'asc' ? 'ASC' : 'DESC' };
}

/** The explorer page the user drilled from, when it is one (only same-app paths are followed). */
export function backToExplorer(search: URLSearchParams): string | null {
  const back = search.get('back');
  return back && back.startsWith('/explore') ? back : null;
}

// The /lines screen's filter in the URL: `?filter=<SpendFilter JSON>` (drill-down from the
// explorer, with `members`), or the overview-style `from`/`to`/`bu`/`cat` params.
import type { SavingsOpportunityKind, SpendFilter, SpendLineSort, SpendLineSortField } from '../../gql/graphql';
import { parseFilterParams } from '../../filters/spendFilter';
import { isDimension } from '../explore/explorerState';

export const sortFields: SpendLineSortField[] = ['INVOICE_DATE', 'AMOUNT', 'SUPPLIER', 'CATEGORY', 'BUSINESS_UNIT'];

/** `what` is display text only (e.g. "IT & Telecoms › 2025"); the filter alone decides the lines. */
export function lineFilterSearch(filter: SpendFilter, back?: string, what?: string): string {
  const search = new URLSearchParams();
  search.set('filter', JSON.stringify(filter));
  if (what) search.set('what', what);
  if (back) search.set('back', back);
  return search.toString();
}

/** The savings opportunities a drill-down can name (`SpendFilter.opportunity`), with their labels. */
export const opportunityLabels: Record<SavingsOpportunityKind, string> = {
  TAIL_SPEND: 'Tail spend',
  SUPPLIER_FRAGMENTATION: 'Supplier fragmentation',
  OFF_CONTRACT: 'Off-contract spend',
  PRICE_VARIANCE: 'Bought above the benchmark price',
};

function isOpportunity(value: unknown): value is SavingsOpportunityKind {
  return typeof value === 'string' && Object.hasOwn(opportunityLabels, value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/**
 * The parts of a `filter` JSON the console can send as they are; everything else (unknown keys,
 * wrong types, members of an unknown dimension) is left out and counted, so a hand-edited link
 * shows the lines it still describes and a readable notice instead of a raw GraphQL error.
 */
export function sanitizeLineFilter(raw: Record<string, unknown>): { filter: SpendFilter; ignored: number } {
  const filter: SpendFilter = {};
  let ignored = 0;
  for (const [key, value] of Object.entries(raw)) {
    if (value === null || value === undefined) continue;
    if ((key === 'dateFrom' || key === 'dateTo') && typeof value === 'string' && ISO_DATE.test(value)) filter[key] = value;
    else if (
      (key === 'categoryIds' || key === 'businessUnitIds' || key === 'supplierIds' || key === 'contractIds' || key === 'countryCodes' || key === 'currencies') &&
      isStringList(value)
    )
      filter[key] = value;
    else if ((key === 'onContract' || key === 'hasPo') && typeof value === 'boolean') filter[key] = value;
    else if (key === 'opportunity' && isOpportunity(value)) filter.opportunity = value;
    else if (key === 'members' && Array.isArray(value)) {
      const members = value.filter(
        (member): member is { dimension: NonNullable<SpendFilter['members']>[number]['dimension']; ids: (string | null)[] } =>
          isRecord(member) &&
          typeof member.dimension === 'string' &&
          isDimension(member.dimension) &&
          Array.isArray(member.ids) &&
          member.ids.every((id) => id === null || typeof id === 'string'),
      );
      ignored += value.length - members.length;
      if (members.length) filter.members = members.map((member) => ({ dimension: member.dimension, ids: member.ids }));
    } else ignored += 1;
  }
  return { filter, ignored };
}

/** The filter the URL asks for; `invalid` when the link's filter cannot be read at all. */
export function parseLineFilter(search: URLSearchParams): { filter: SpendFilter; invalid: boolean; ignored: number } {
  const raw = search.get('filter');
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (isRecord(parsed)) return { ...sanitizeLineFilter(parsed), invalid: false };
    } catch {
      // fall through: report the bad link instead of showing every line
    }
    return { filter: {}, invalid: true, ignored: 0 };
  }
  const params = parseFilterParams(search);
  const filter: SpendFilter = {};
  if (params.from) filter.dateFrom = params.from;
  if (params.to) filter.dateTo = params.to;
  if (params.businessUnitIds.length) filter.businessUnitIds = params.businessUnitIds;
  if (params.categoryIds.length) filter.categoryIds = params.categoryIds;
  return { filter, invalid: false, ignored: 0 };
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

/** The screen a drill-down came from, with a label for the way back; only the console's own screens are followed. */
export function backLink(search: URLSearchParams): { href: string; label: string; testId: string } | null {
  const explorer = backToExplorer(search);
  if (explorer) return { href: explorer, label: 'Back to explorer', testId: 'back-to-explorer' };
  const back = search.get('back');
  if (back?.startsWith('/categories')) return { href: back, label: back === '/categories' || back.startsWith('/categories?') ? 'Back to categories' : 'Back to the category', testId: 'back-link' };
  if (back === '/' || back?.startsWith('/?')) return { href: back, label: 'Back to the overview', testId: 'back-link' };
  return null;
}

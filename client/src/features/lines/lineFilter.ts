// The /lines screen's filter in the URL: the global filter bar's `from`/`to`/`bu`/`cat`/`sup` (as on
// every analytic screen), the drill-down's own part as `?filter=<SpendFilter JSON>` (members,
// suppliers, contract flags, deeper categories…), and the text search as `q`.
import type { SavingsOpportunityKind, SpendFilter, SpendLineSort, SpendLineSortField } from '../../gql/graphql';
import { noFilterParams, writeFilterParams, type SpendFilterParams } from '../../filters/spendFilter';
import { dimensionLabels, isDimension } from '../explore/explorerState';

export const sortFields: SpendLineSortField[] = ['INVOICE_DATE', 'AMOUNT', 'SUPPLIER', 'CATEGORY', 'BUSINESS_UNIT'];

/** The filter bar's part of a lines link. */
export type LinesBar = Partial<SpendFilterParams>;

/**
 * A /lines query string: the filter bar's params, the drill's filter, and `what` (display text
 * only, e.g. "IT & Telecoms › 2025"); `back` is the page to return to.
 */
export function linesSearch({ bar = {}, drill = {}, back, what, q }: { bar?: LinesBar; drill?: SpendFilter; back?: string; what?: string; q?: string }): string {
  const search = writeFilterParams(new URLSearchParams(), { ...noFilterParams, ...bar });
  const kept = Object.fromEntries(Object.entries(drill).filter(([, value]) => value !== null && value !== undefined));
  if (Object.keys(kept).length) search.set('filter', JSON.stringify(kept));
  if (q?.trim()) search.set('q', q.trim());
  if (what) search.set('what', what);
  if (back) search.set('back', back);
  return search.toString();
}

/**
 * A /lines query string for any filter: its dates, business units and suppliers go to the filter
 * bar, where the user sees them and can remove them; the rest (categories of any level included)
 * stays the drill's own part. An empty supplier list (no supplier at all) stays in the drill: the
 * bar would read it as every supplier.
 */
export function lineFilterSearch(filter: SpendFilter, back?: string, what?: string): string {
  const { dateFrom, dateTo, businessUnitIds, supplierIds, displayCurrency, ...rest } = filter;
  const suppliers = (supplierIds ?? []).map(String);
  const drill = supplierIds && !suppliers.length ? { ...rest, supplierIds } : rest;
  // The display currency is the bar's (`cur`), so the lines show the figure clicked in its currency.
  const bar = { from: dateFrom ?? null, to: dateTo ?? null, businessUnitIds: (businessUnitIds ?? []).map(String), supplierIds: suppliers, displayCurrency: displayCurrency ?? null };
  return linesSearch({ bar, drill, back, what });
}

/**
 * A link whose `filter` JSON still carries dates or business units (made before the lines screen
 * had a filter bar), or suppliers (made before they went to the bar), as the same link with those
 * in the bar's params; null when there is nothing to move. Suppliers move only when the bar names
 * none: with both, the lines are those of both (`combineLineFilter`), which one list cannot say.
 */
export function normaliseLinesSearch(search: URLSearchParams): URLSearchParams | null {
  const raw = search.get('filter');
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(parsed)) return null;
  const { dateFrom, dateTo, businessUnitIds, supplierIds, ...rest } = parsed;
  const movesSuppliers = isStringList(supplierIds) && supplierIds.length > 0 && !search.get('sup');
  if (!['dateFrom', 'dateTo', 'businessUnitIds'].some((key) => key in parsed) && !movesSuppliers) return null;
  const next = new URLSearchParams(search);
  if (typeof dateFrom === 'string' && ISO_DATE.test(dateFrom) && !next.get('from')) next.set('from', dateFrom);
  if (typeof dateTo === 'string' && ISO_DATE.test(dateTo) && !next.get('to')) next.set('to', dateTo);
  if (isStringList(businessUnitIds) && businessUnitIds.length && !next.get('bu')) next.set('bu', businessUnitIds.join(','));
  if (movesSuppliers) next.set('sup', supplierIds.join(','));
  else if (supplierIds !== undefined) rest.supplierIds = supplierIds;
  if (Object.keys(rest).length) next.set('filter', JSON.stringify(rest));
  else next.delete('filter');
  return next;
}

/**
 * The filter the lines are read with: the bar's period, units, top-level categories and suppliers,
 * the drill's own part, and the search. Categories and suppliers from both are kept together: the
 * bar's as a member filter (top-level categories, suppliers), the drill's as they are, so the
 * lines are those of both.
 */
export function combineLineFilter(bar: SpendFilter, drill: SpendFilter, q: string | null): SpendFilter {
  const combined: SpendFilter = {
    ...drill,
    dateFrom: bar.dateFrom ?? null,
    dateTo: bar.dateTo ?? null,
    businessUnitIds: bar.businessUnitIds ?? null,
    displayCurrency: bar.displayCurrency ?? null,
  };
  if (bar.categoryIds?.length) {
    if (drill.categoryIds?.length) combined.members = [...(drill.members ?? []), { dimension: 'CATEGORY_L1', ids: bar.categoryIds.map(String) }];
    else combined.categoryIds = bar.categoryIds;
  }
  if (bar.supplierIds?.length) {
    if (drill.supplierIds?.length) combined.members = [...(combined.members ?? []), { dimension: 'SUPPLIER', ids: bar.supplierIds.map(String) }];
    else combined.supplierIds = bar.supplierIds;
  }
  const search = q?.trim();
  if (search) combined.search = search;
  return Object.fromEntries(Object.entries(combined).filter(([, value]) => value !== null && value !== undefined)) as SpendFilter;
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
    else if (key === 'search' && typeof value === 'string') filter.search = value;
    else if (key === 'opportunity' && isOpportunity(value)) filter.opportunity = value;
    else if (key === 'members' && Array.isArray(value)) {
      const members = value.filter(
        (member): member is { dimension: NonNullable<SpendFilter['members']>[number]['dimension']; ids: (string | null)[]; exclude?: boolean } =>
          isRecord(member) &&
          typeof member.dimension === 'string' &&
          isDimension(member.dimension) &&
          Array.isArray(member.ids) &&
          member.ids.every((id) => id === null || typeof id === 'string') &&
          (member.exclude === undefined || typeof member.exclude === 'boolean'),
      );
      ignored += value.length - members.length;
      if (members.length) filter.members = members.map((member) => ({ dimension: member.dimension, ids: member.ids, ...(member.exclude ? { exclude: true } : {}) }));
    } else ignored += 1;
  }
  return { filter, ignored };
}

/**
 * The drill's own part of the filter (`?filter=`; the filter bar's params are read by
 * useSpendFilter); `invalid` when the link's filter cannot be read at all.
 */
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
  return { filter: {}, invalid: false, ignored: 0 };
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

/** The names the drill-down's chips show, by kind: a category and a business unit may share an id. */
export interface DrillNames {
  categories: ReadonlyMap<string, string>;
  businessUnits: ReadonlyMap<string, string>;
}

/** Which of `DrillNames` a dimension's ids are named from; null for the dimensions chips count. */
function namesKind(dimension: string): keyof DrillNames | null {
  return dimension.startsWith('CATEGORY') ? 'categories' : dimension === 'BUSINESS_UNIT' ? 'businessUnits' : null;
}

/** Whether the drill-down's chips name categories or business units, which need their names. */
export function drillNeedsNames(filter: SpendFilter, what: string | null): boolean {
  if (what) return false;
  return Boolean(filter.categoryIds?.length) || (filter.members ?? []).some((m) => namesKind(m.dimension) !== null);
}

/** "IT & Telecoms", "A, B and C", "A, B and 3 more": ids whose name is unknown (yet) are counted. */
function namesOf(ids: ReadonlyArray<string | number | null | undefined>, names: ReadonlyMap<string, string> | null): string | null {
  const known = ids.map((id) => (id === null || id === undefined ? undefined : names?.get(String(id))));
  if (known.some((name) => name === undefined)) return null;
  const list = known as string[];
  if (list.length <= 3) return list.length === 1 ? list[0] : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
  return `${list.slice(0, 2).join(', ')} and ${list.length - 2} more`;
}

/**
 * One chip per part of the drill-down's own filter (the filter bar shows the period, units and
 * top-level categories), so the user knows what the list holds. Categories and business units
 * are named from `names` once it is there, and counted until then.
 */
export function describeDrill(filter: SpendFilter, what: string | null, names: DrillNames | null = null): string[] {
  if (what) return [what];
  const parts: string[] = [];
  const categories = filter.categoryIds ?? [];
  if (categories.length) {
    const named = namesOf(categories, names?.categories ?? null);
    parts.push(named ? `${categories.length === 1 ? 'Category' : 'Categories'}: ${named}` : `${categories.length} categor${categories.length === 1 ? 'y' : 'ies'}`);
  }
  if (filter.supplierIds?.length) parts.push(`${filter.supplierIds.length} supplier(s)`);
  if (filter.contractIds?.length) parts.push(`${filter.contractIds.length} contract(s)`);
  if (filter.onContract === true || filter.onContract === false) parts.push(filter.onContract ? 'On contract' : 'Off contract');
  if (filter.hasPo === true || filter.hasPo === false) parts.push(filter.hasPo ? 'With PO' : 'Without PO');
  if (filter.opportunity) parts.push(`Savings opportunity: ${opportunityLabels[filter.opportunity]}`);
  for (const member of filter.members ?? []) {
    // A lone null key is the lines without a value: name it the way the cube labels it.
    const none = member.dimension.startsWith('CATEGORY') ? 'Unclassified' : member.dimension === 'CONTRACT' ? 'Off contract' : 'no value';
    const kind = namesKind(member.dimension);
    const which = member.ids.length === 1 && member.ids[0] === null ? none : (kind && namesOf(member.ids, names?.[kind] ?? null)) || `${member.ids.length} selected`;
    parts.push(`${dimensionLabels[member.dimension]}: ${member.exclude ? `all but ${which}` : which}`);
  }
  return parts;
}

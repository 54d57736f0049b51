// Pure helpers for the global filter bar: URL query string ⇄ filter state, default period, presets.

import { formatCountOf } from '../format/numbers';

/** Filter state as it lives in the URL (`?from=2025-01-01&to=2025-12-31&bu=3,4&cat=12&sup=815,4711&cur=USD`). */
export interface SpendFilterParams {
  from: string | null;
  to: string | null;
  businessUnitIds: string[];
  categoryIds: string[];
  supplierIds: string[];
  /**
   * The currency every figure is shown in (`cur`, ISO 4217, `SpendFilter.displayCurrency`); null
   * for the reporting currency. It chooses no lines: see docs/domain.md, "Display currency".
   */
  displayCurrency?: string | null;
}

/** Filter params with nothing chosen: the screen's default period, every unit, category and supplier, the reporting currency. */
export const noFilterParams: SpendFilterParams = { from: null, to: null, businessUnitIds: [], categoryIds: [], supplierIds: [], displayCurrency: null };

export interface DateSpan {
  from: string;
  to: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date in `YYYY-MM-DD` form: not 2026-02-30 or 2025-13-45, which the API refuses. */
export function isIsoDate(value: string | null | undefined): value is string {
  if (!value || !ISO_DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

function readDate(value: string | null): string | null {
  return isIsoDate(value) ? value : null;
}

/**
 * A period from two URL dates, either missing or malformed (null); one that ends before it
 * begins (a hand-edited link) is read the other way round rather than refused by the API.
 */
export function readPeriod(fromValue: string | null, toValue: string | null): { from: string | null; to: string | null; reversed: boolean } {
  const from = readDate(fromValue);
  const to = readDate(toValue);
  return from && to && to < from ? { from: to, to: from, reversed: true } : { from, to, reversed: false };
}

const CURRENCY_CODE = /^[A-Z]{3}$/;

/** An ISO 4217 code as the URL writes it (any case); null for none or anything else. */
export function readCurrency(value: string | null | undefined): string | null {
  const code = value?.trim().toUpperCase() ?? '';
  return CURRENCY_CODE.test(code) ? code : null;
}

function readIds(value: string | null): string[] {
  if (!value) return [];
  return [...new Set(value.split(',').map((id) => id.trim()).filter(Boolean))];
}

export function parseFilterParams(search: URLSearchParams): SpendFilterParams {
  const { from, to } = readPeriod(search.get('from'), search.get('to'));
  return {
    from,
    to,
    businessUnitIds: readIds(search.get('bu')),
    categoryIds: readIds(search.get('cat')),
    supplierIds: readIds(search.get('sup')),
    displayCurrency: readCurrency(search.get('cur')),
  };
}

/** The query parameters the filter bar keeps its state in: the period, units, categories, suppliers, display currency. */
export const FILTER_KEYS = ['from', 'to', 'bu', 'cat', 'sup', 'cur'] as const;

/**
 * The filter bar's part of a query string (`?from=…&to=…`, or '' when it holds none), for links
 * to another screen with the bar: the filter is global, so it goes along (docs/architecture.md).
 */
export function filterSearch(search: string): string {
  const all = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = all.get(key);
    if (value) kept.set(key, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

/** The period a screen shows when its URL names none (docs/architecture.md, "The filter bar"). */
export function defaultPeriodOf(pathname: string): DefaultPeriod {
  return pathname === '/lines' ? 'all' : 'last12Months';
}

/**
 * The filter a sidebar link carries from the screen at `fromPath` to the one at `toPath`: the bar's
 * parameters, and, when the URL names no period and the two screens' defaults differ (the overview's
 * last 12 months, the lines' all time), the period the user is looking at, written out, so the
 * figures do not change under them on the way.
 */
export function carriedSearch(search: string, fromPath: string, toPath: string, range: { minDate: string | null; maxDate: string | null } | null): string {
  const kept = new URLSearchParams(filterSearch(search));
  const from = defaultPeriodOf(fromPath);
  if (!kept.has('from') && !kept.has('to') && from !== defaultPeriodOf(toPath) && range?.maxDate) {
    const period = resolvePeriod(noFilterParams, range.maxDate, from === 'all' ? range.minDate : null);
    if (period) {
      kept.set('from', period.from);
      kept.set('to', period.to);
    }
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

/** Whether two filters keep the same lines: the same period and the same ids, in any order. */
function sameFilter(a: SpendFilterParams, b: SpendFilterParams): boolean {
  const ids = (list: readonly string[]) => [...new Set(list)].sort().join(',');
  return a.from === b.from && a.to === b.to && ids(a.businessUnitIds) === ids(b.businessUnitIds)
    && ids(a.categoryIds) === ids(b.categoryIds) && ids(a.supplierIds) === ids(b.supplierIds);
}

/** Writes the filter into a copy of `search`, leaving other parameters alone and dropping empty ones. */
export function writeFilterParams(search: URLSearchParams, params: SpendFilterParams): URLSearchParams {
  const next = new URLSearchParams(search);
  const entries: [string, string | null][] = [
    ['from', params.from],
    ['to', params.to],
    ['bu', params.businessUnitIds.join(',') || null],
    ['cat', params.categoryIds.join(',') || null],
    ['sup', params.supplierIds.join(',') || null],
    ['cur', params.displayCurrency ?? null],
  ];
  for (const [key, value] of entries) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  // Another filter is another list: a page kept from the old one would open the new one on page 2
  // without saying so (supplier and contract lists keep their page in `offset`). The filters are
  // compared as read, so a URL that only spells the same filter differently keeps its page.
  if (!sameFilter(parseFilterParams(search), params)) next.delete('offset');
  return next;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** The 12 whole months ending with the month of `maxDate`, up to `maxDate` itself. */
export function last12Months(maxDate: string): DateSpan {
  const [year, month] = maxDate.split('-').map(Number);
  const startMonthIndex = year * 12 + (month - 1) - 11;
  const startYear = Math.floor(startMonthIndex / 12);
  return { from: `${startYear}-${pad((startMonthIndex % 12) + 1)}-01`, to: maxDate };
}

/**
 * The period the screens use: the URL's dates, else the 12 months ending at the last invoice (or,
 * with `minDate`, every date of the data: the lines screen lists all lines of a filter).
 */
export function resolvePeriod(params: SpendFilterParams, maxDate: string | null, minDate: string | null = null): DateSpan | null {
  const fallback = maxDate ? (minDate ? { from: minDate, to: maxDate } : last12Months(maxDate)) : null;
  const from = params.from ?? fallback?.from ?? null;
  const to = params.to ?? fallback?.to ?? null;
  return from && to ? { from, to } : null;
}

export interface DatePreset {
  id: string;
  label: string;
  /** What the preset writes into the URL; nulls mean "the default period". */
  from: string | null;
  to: string | null;
  /** For the default period (no dates): the dates it stands for, so a link naming them explicitly shows it as chosen. */
  span?: DateSpan;
}

/**
 * Quick ranges offered next to the date inputs, derived from the span of the caller's data. The
 * screen's default period is written as no dates, so links stay short and follow new data.
 */
export function datePresets(minDate: string | null, maxDate: string | null, defaultPeriod: DefaultPeriod = 'last12Months'): DatePreset[] {
  if (!minDate || !maxDate) return [];
  const lastYear = Number(maxDate.slice(0, 4));
  const firstYear = Number(minDate.slice(0, 4));
  const last12 = last12Months(maxDate);
  const presets: DatePreset[] = [
    defaultPeriod === 'last12Months'
      ? { id: 'last-12-months', label: 'Last 12 months', from: null, to: null, span: last12 }
      : { id: 'last-12-months', label: 'Last 12 months', from: last12.from, to: last12.to },
    { id: 'year-to-date', label: 'Year to date', from: `${lastYear}-01-01`, to: maxDate },
  ];
  for (let year = lastYear - 1; year >= firstYear; year -= 1) {
    presets.push({ id: `year-${year}`, label: String(year), from: `${year}-01-01`, to: `${year}-12-31` });
  }
  presets.push(
    defaultPeriod === 'all'
      ? { id: 'all-time', label: 'All time', from: null, to: null, span: { from: minDate, to: maxDate } }
      : { id: 'all-time', label: 'All time', from: minDate, to: maxDate },
  );
  return presets;
}

/** The preset matching the URL's dates, if any (no dates match the screen's default period). */
export function activePresetId(params: SpendFilterParams, presets: DatePreset[]): string | null {
  const exact = presets.find((preset) => preset.from === params.from && preset.to === params.to);
  if (exact) return exact.id;
  return presets.find((preset) => preset.span && preset.span.from === params.from && preset.span.to === params.to)?.id ?? null;
}

/** What a screen shows when the URL names no dates. */
export type DefaultPeriod = 'last12Months' | 'all';

/**
 * Whether the filter narrows the lines (a period, units, categories or suppliers). The display
 * currency does not count: it changes how figures are shown, not which lines they hold, so
 * "Reset" keeps it (`clear` in useSpendFilter).
 */
export function hasActiveFilters(params: SpendFilterParams): boolean {
  return Boolean(params.from || params.to || params.businessUnitIds.length || params.categoryIds.length || params.supplierIds.length);
}

/** The ids the filter bar offers (the caller's business units and top-level categories). */
export interface FilterDirectory {
  businessUnitIds: ReadonlySet<string>;
  categoryIds: ReadonlySet<string>;
  /**
   * The URL's suppliers the caller may see (there are too many to list them all, so the URL's are
   * looked up by id); null when the look-up failed: then every id that can be a supplier's is kept.
   */
  supplierIds: ReadonlySet<string> | null;
  /**
   * The currencies figures can be shown in (the reporting currency and those the FX table has
   * rates for); null while unknown or when the look-up failed: then any well-formed code is kept.
   */
  currencies?: ReadonlySet<string> | null;
}

const SUPPLIER_ID = /^\d{1,10}$/;

/** Whether a URL value can be a supplier's id at all (the API refuses others outright). */
export function isSupplierId(value: string): boolean {
  return SUPPLIER_ID.test(value);
}

/** URL values the screens ignored: unknown or out-of-scope ids, and dates that are not dates; and a period read the other way round. */
export interface DroppedFilterValues {
  businessUnits: number;
  categories: number;
  suppliers: number;
  dates: number;
  reversed?: boolean;
  /** A `cur` that is not a currency, or one without exchange rates (0 or 1). */
  currencies?: number;
}

/**
 * Keeps only the ids the directory knows; a hand-edited or stale link would otherwise reach the
 * API and fail the whole screen with a GraphQL error. Without a directory (still loading, or
 * failed) nothing is dropped.
 */
export function keepKnownIds(params: SpendFilterParams, directory: FilterDirectory | null): SpendFilterParams {
  if (!directory) return params;
  return {
    ...params,
    businessUnitIds: params.businessUnitIds.filter((id) => directory.businessUnitIds.has(id)),
    categoryIds: params.categoryIds.filter((id) => directory.categoryIds.has(id)),
    supplierIds: params.supplierIds.filter((id) => (directory.supplierIds ? directory.supplierIds.has(id) : isSupplierId(id))),
    displayCurrency: params.displayCurrency && directory.currencies && !directory.currencies.has(params.displayCurrency) ? null : (params.displayCurrency ?? null),
  };
}

/** What `keepKnownIds` (and date parsing) left out of the URL's filter, counted for a notice. */
export function droppedFilterValues(search: URLSearchParams, kept: SpendFilterParams): DroppedFilterValues {
  const asked = parseFilterParams(search);
  return {
    businessUnits: asked.businessUnitIds.length - kept.businessUnitIds.length,
    categories: asked.categoryIds.length - kept.categoryIds.length,
    suppliers: asked.supplierIds.length - kept.supplierIds.length,
    dates: (['from', 'to'] as const).filter((key) => search.get(key) && !isIsoDate(search.get(key))).length,
    reversed: readPeriod(search.get('from'), search.get('to')).reversed,
    ...(search.get('cur') && !kept.displayCurrency ? { currencies: 1 } : {}),
  };
}

/** "a", "a and b", "a, b and c". */
function joinWithAnd(parts: string[]): string {
  return parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** "The link named 1 unknown business unit and 1 invalid date; they are ignored." or null. */
export function describeDroppedFilterValues(dropped: DroppedFilterValues): string | null {
  const parts = [
    dropped.businessUnits ? formatCountOf(dropped.businessUnits, 'business unit', 'business units') : null,
    dropped.categories ? formatCountOf(dropped.categories, 'category', 'categories') : null,
    dropped.suppliers ? formatCountOf(dropped.suppliers, 'supplier', 'suppliers') : null,
  ].filter((part): part is string => Boolean(part));
  const idCount = dropped.businessUnits + dropped.categories + dropped.suppliers;
  const ids = parts.length ? `${joinWithAnd(parts)} that ${idCount === 1 ? 'is' : 'are'} unknown or outside your scope` : null;
  const dates = dropped.dates ? `${formatCountOf(dropped.dates, 'date that is', 'dates that are')} not valid` : null;
  const named = [ids, dates].filter(Boolean).join(', and ');
  const ignored = named ? `This link asked for ${named}; ${idCount + dropped.dates === 1 ? 'it is' : 'they are'} ignored.` : null;
  const reversed = dropped.reversed ? "This link's period ended before it began; it is read the other way round." : null;
  const currency = dropped.currencies ? 'This link asked for a currency without exchange rates; figures are shown in the reporting currency.' : null;
  return [ignored, reversed, currency].filter(Boolean).join(' ') || null;
}

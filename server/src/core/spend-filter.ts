import { badInput } from '../errors.js';
import { parseId } from './ids.js';
import { isIsoCurrency } from '../lib/currency.js';
import type { SpendDimension, SpendFilter } from '../generated/graphql.js';
import { sql, type Sql } from '../store/sql.js';
import type { DataScope } from './viewer.js';
import type { Directory } from './directory.js';
import { memberCondition } from './dimensions.js';
import { opportunityCondition, type OpportunityKind, type OpportunityOptions } from './opportunities.js';

/** A SpendFilter after validation: ids as integers, dates checked. */
export interface ValidFilter {
  dateFrom: string | null;
  dateTo: string | null;
  categoryIds: number[] | null;
  businessUnitIds: number[] | null;
  supplierIds: number[] | null;
  contractIds: number[] | null;
  countryCodes: string[] | null;
  currencies: string[] | null;
  onContract: boolean | null;
  hasPo: boolean | null;
  members: Array<{ dimension: SpendDimension; ids: Array<string | null>; exclude: boolean }>;
  /** Lowercased text the supplier name or description must contain; null for none. */
  search: string | null;
  /** Only the lines behind this savings opportunity, computed under the rest of the filter. */
  opportunity: OpportunityKind | null;
  /**
   * ISO 4217 currency the figures are shown in, upper case; null for the reporting currency. Its
   * rates are checked against the FX table by `RequestData.displayCurrency` (docs/domain.md, "Display currency").
   */
  displayCurrency: string | null;
  /** Where `displayCurrency` was given (`filter.displayCurrency`), for the refusal of a currency without rates. */
  displayCurrencyField: string;
}

/** Longest text search accepted. */
export const MAX_SEARCH = 200;

const MAX_LIST = 1000;
/** Member filters in one filter: the explorer adds one per dimension, and there are fewer than 20 (docs/request-limits.md). */
const MAX_MEMBER_FILTERS = 20;

/** Dates the API accepts (docs/request-limits.md): spend, contracts and periods all fall inside. */
export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '2200-12-31';

/** What is wrong with text meant as a date (the `Date` scalar's check), or null for a real date. */
export function realDateProblem(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'must be a date written as YYYY-MM-DD';
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) return 'is not a real date';
  return null;
}

/**
 * What is wrong with a date a filter uses, or null for a real date within the bounds. Checked
 * where the input's path is known, so the refusal names the field.
 */
export function dateProblem(value: string): string | null {
  const problem = realDateProblem(value);
  if (problem) return problem;
  if (value < MIN_DATE || value > MAX_DATE) return `is outside the supported range ${MIN_DATE} to ${MAX_DATE}`;
  return null;
}

export function isValidDate(value: string): boolean {
  return dateProblem(value) === null;
}

function ids(values: readonly string[] | null | undefined, field: string): number[] | null {
  if (values === null || values === undefined) return null;
  if (values.length > MAX_LIST) throw badInput(field, `${field} may list at most ${MAX_LIST} ids.`);
  return values.map((v) => parseId(v, field));
}

function codes(values: readonly string[] | null | undefined, field: string, pattern: RegExp, what: string): string[] | null {
  if (values === null || values === undefined) return null;
  if (values.length > MAX_LIST) throw badInput(field, `${field} may list at most ${MAX_LIST} codes.`);
  return values.map((v) => {
    if (!pattern.test(v)) throw badInput(field, `${field} must contain ${what}, got "${v.slice(0, 40)}".`);
    return v.toUpperCase();
  });
}

function validSearch(value: string | null | undefined, field: string): string | null {
  const text = (value ?? '').trim();
  if (text.length > MAX_SEARCH) throw badInput(field, `${field} may be at most ${MAX_SEARCH} characters.`);
  return text === '' ? null : text.toLowerCase();
}

export function validateFilter(filter: SpendFilter | null | undefined, path = 'filter'): ValidFilter {
  const f = filter ?? {};
  for (const key of ['dateFrom', 'dateTo'] as const) {
    const v = f[key];
    const problem = v === null || v === undefined ? null : dateProblem(v);
    if (problem) throw badInput(`${path}.${key}`, `${path}.${key} ${problem}, got "${String(v).slice(0, 40)}".`);
  }
  if (f.dateFrom && f.dateTo && f.dateFrom > f.dateTo) {
    throw badInput(`${path}.dateTo`, `${path}.dateTo (${f.dateTo}) is before ${path}.dateFrom (${f.dateFrom}).`);
  }
  return {
    dateFrom: f.dateFrom ?? null,
    dateTo: f.dateTo ?? null,
    categoryIds: ids(f.categoryIds, `${path}.categoryIds`),
    businessUnitIds: ids(f.businessUnitIds, `${path}.businessUnitIds`),
    supplierIds: ids(f.supplierIds, `${path}.supplierIds`),
    contractIds: ids(f.contractIds, `${path}.contractIds`),
    countryCodes: codes(f.countryCodes, `${path}.countryCodes`, /^[A-Za-z]{2}$/, 'ISO 3166-1 alpha-2 codes'),
    currencies: codes(f.currencies, `${path}.currencies`, /^[A-Za-z]{3}$/, 'ISO 4217 codes'),
    onContract: f.onContract ?? null,
    hasPo: f.hasPo ?? null,
    members: memberFilters(f.members, path).map((m, i) => {
      if (m.ids.length > MAX_LIST) throw badInput(`${path}.members.${i}.ids`, `${path}.members.${i}.ids may list at most ${MAX_LIST} keys.`);
      // Parse now so that bad keys are reported before any SQL is built.
      memberCondition(m.dimension, m.ids, `${path}.members.${i}.ids`);
      return { dimension: m.dimension, ids: [...m.ids], exclude: m.exclude ?? false };
    }),
    search: validSearch(f.search, `${path}.search`),
    opportunity: f.opportunity ?? null,
    displayCurrency: displayCurrency(f.displayCurrency, `${path}.displayCurrency`),
    displayCurrencyField: `${path}.displayCurrency`,
  };
}

function displayCurrency(value: string | null | undefined, field: string): string | null {
  if (value === null || value === undefined) return null;
  const code = value.toUpperCase();
  if (!/^[A-Z]{3}$/.test(code) || !isIsoCurrency(code)) throw badInput(field, `${field} must be an ISO 4217 currency code such as EUR, got "${value.slice(0, 40)}".`);
  return code;
}

function memberFilters<T>(members: readonly T[] | null | undefined, path: string): readonly T[] {
  const list = members ?? [];
  if (list.length > MAX_MEMBER_FILTERS) throw badInput(`${path}.members`, `${path}.members may hold at most ${MAX_MEMBER_FILTERS} member filters, got ${list.length}.`);
  return list;
}

function inList(column: Sql, values: readonly (number | string)[]): Sql {
  return values.length === 0 ? sql`FALSE` : sql`${column} IN ${sql.list(values)}`;
}

/**
 * The WHERE condition over `spend_lines s` for a filter and the caller's scope. Every spend
 * figure (cube, summary, lists, exports) goes through here, so scope cannot be forgotten.
 * `rules` (the server's config, `RequestData.opportunityOptions`) are needed only by a filter
 * naming an opportunity; a path without them refuses such a filter rather than guess the constants.
 */
export function spendWhere(filter: ValidFilter, scope: DataScope, directory: Directory, rules?: OpportunityOptions): Sql {
  const c: Sql[] = [];
  if (scope.categoryIds !== null) c.push(inList(sql`s.category_id`, directory.categoryDescendants(scope.categoryIds)));
  if (scope.businessUnitIds !== null) {
    c.push(inList(sql`s.business_unit_id`, directory.businessUnitDescendants(scope.businessUnitIds)));
  }
  const scoped = c.length ? sql.and(c) : null;
  if (filter.dateFrom) c.push(sql`s.invoice_date >= CAST(${filter.dateFrom} AS DATE)`);
  if (filter.dateTo) c.push(sql`s.invoice_date <= CAST(${filter.dateTo} AS DATE)`);
  if (filter.categoryIds) c.push(inList(sql`s.category_id`, directory.categoryDescendants(filter.categoryIds)));
  if (filter.businessUnitIds) c.push(inList(sql`s.business_unit_id`, directory.businessUnitDescendants(filter.businessUnitIds)));
  if (filter.supplierIds) c.push(inList(sql`s.supplier_id`, filter.supplierIds));
  if (filter.contractIds) c.push(inList(sql`s.contract_id`, filter.contractIds));
  if (filter.countryCodes) c.push(inList(sql`s.country_code`, filter.countryCodes));
  if (filter.currencies) c.push(inList(sql`s.currency`, filter.currencies));
  if (filter.onContract !== null) c.push(filter.onContract ? sql`s.contract_id IS NOT NULL` : sql`s.contract_id IS NULL`);
  if (filter.hasPo !== null) c.push(filter.hasPo ? sql`s.po_number IS NOT NULL` : sql`s.po_number IS NULL`);
  const calendar = { fiscalYearStartMonth: directory.fiscalYearStartMonth };
  filter.members.forEach((m, i) => c.push(memberCondition(m.dimension, m.ids, `filter.members.${i}.ids`, { scope: scoped, calendar, exclude: m.exclude })));
  if (filter.search !== null) {
    // Case-insensitive "contains" without LIKE, so % and _ in the text are plain characters.
    const needle = filter.search;
    c.push(sql`(strpos(lower(s.description), ${needle}) > 0 OR strpos(lower(s.raw_supplier_name), ${needle}) > 0
      OR s.supplier_id IN (SELECT sup.id FROM suppliers sup WHERE strpos(lower(sup.name), ${needle}) > 0))`);
  }
  if (filter.opportunity === null) return sql.and(c);
  if (!rules) throw badInput('filter.opportunity', 'filter.opportunity is understood by spend lines, their exports, the cube and savings opportunities only.');
  // The opportunity's set (e.g. the tail suppliers) is computed under everything else in the filter.
  const base = sql.and(c);
  return sql.and([base, opportunityCondition(filter.opportunity, base, rules)]);
}

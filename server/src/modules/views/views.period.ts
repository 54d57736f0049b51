// The period a saved pivot opens and exports with (docs/domain.md, "Saved views"): its own dates,
// or a relative period resolved against the latest invoice date the caller can see — the same
// rule as the filter bar's presets (client/src/filters/spendFilter.ts).
import { badInput } from '../../errors.js';
import type { SavedViewRelativePeriod } from '../../generated/graphql.js';

export const RELATIVE_PERIODS: readonly SavedViewRelativePeriod[] = ['LAST_12_MONTHS', 'YEAR_TO_DATE', 'PREVIOUS_CALENDAR_YEAR'];

export interface ResolvedPeriod {
  relative: SavedViewRelativePeriod | null;
  dateFrom: string | null;
  dateTo: string | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The dates of a relative period, given the latest invoice date (`YYYY-MM-DD`). */
export function relativeDates(relative: SavedViewRelativePeriod, maxDate: string): { dateFrom: string; dateTo: string } {
  const [year, month] = maxDate.split('-').map(Number);
  if (relative === 'YEAR_TO_DATE') return { dateFrom: `${year}-01-01`, dateTo: maxDate };
  if (relative === 'PREVIOUS_CALENDAR_YEAR') return { dateFrom: `${year - 1}-01-01`, dateTo: `${year - 1}-12-31` };
  // The 12 whole months ending with the latest invoice's month, up to that date.
  const start = year * 12 + (month - 1) - 11;
  return { dateFrom: `${Math.floor(start / 12)}-${pad((start % 12) + 1)}-01`, dateTo: maxDate };
}

/**
 * A PIVOT definition's `period`: absent or `{ relative: null }` keeps the query's dates;
 * `{ relative: "LAST_12_MONTHS" | … }` moves with the data. Anything else is refused on the field.
 */
export function relativeOf(definition: Record<string, unknown>, field: string): SavedViewRelativePeriod | null {
  const period = definition.period;
  if (period === undefined || period === null) return null;
  if (!isRecord(period)) throw badInput(`${field}.period`, 'A view’s period must be an object such as { "relative": "LAST_12_MONTHS" }.');
  const relative = period.relative;
  if (relative === undefined || relative === null) return null;
  if (typeof relative !== 'string' || !RELATIVE_PERIODS.includes(relative as SavedViewRelativePeriod)) {
    throw badInput(`${field}.period.relative`, `Unknown relative period ${JSON.stringify(relative)}; use one of ${RELATIVE_PERIODS.join(', ')}, or null to keep the view’s own dates.`);
  }
  return relative as SavedViewRelativePeriod;
}

/** The query's own dates, as saved. */
export function savedDates(definition: Record<string, unknown>): { dateFrom: string | null; dateTo: string | null } {
  const query = isRecord(definition.query) ? definition.query : {};
  const filter = isRecord(query.filter) ? query.filter : {};
  const date = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);
  return { dateFrom: date(filter.dateFrom), dateTo: date(filter.dateTo) };
}

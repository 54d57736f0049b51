// A saved pivot's period in words (docs/domain.md, "Saved views"): the relative period the owner
// chose, or the view's own dates.
import { formatDate } from '../../format/numbers';

export type RelativePeriod = 'LAST_12_MONTHS' | 'YEAR_TO_DATE' | 'PREVIOUS_CALENDAR_YEAR';

export const relativePeriodLabels: Record<RelativePeriod, string> = {
  LAST_12_MONTHS: 'Last 12 months',
  YEAR_TO_DATE: 'Year to date',
  PREVIOUS_CALENDAR_YEAR: 'Previous calendar year',
};

export interface SavedPeriod {
  relative?: RelativePeriod | null;
  dateFrom?: string | null;
  dateTo?: string | null;
}

/** "1 Jan 2025 – 31 Dec 2025", or an open end in words. */
export function describeDates(from: string | null | undefined, to: string | null | undefined): string {
  if (from && to) return `${formatDate(from)} – ${formatDate(to)}`;
  if (from) return `From ${formatDate(from)}`;
  if (to) return `Up to ${formatDate(to)}`;
  return 'All dates';
}

/** "Last 12 months" or "1 Jan 2025 – 31 Dec 2025". */
export function describeSavedPeriod(period: SavedPeriod | null | undefined): string {
  if (!period) return '—';
  return period.relative ? relativePeriodLabels[period.relative] : describeDates(period.dateFrom, period.dateTo);
}

/** An overview filter saved without dates: it opens on the overview's default period, which follows the data. */
export function followsTheData(view: { kind: string; period?: SavedPeriod | null }): boolean {
  return !view.period && view.kind === 'DASHBOARD_FILTER';
}

/** A saved view's period in words: its own, or for an overview filter without dates the overview's default. */
export function describeViewPeriod(view: { kind: string; period?: SavedPeriod | null }): string {
  if (followsTheData(view)) return relativePeriodLabels.LAST_12_MONTHS;
  return describeSavedPeriod(view.period);
}

/**
 * Dates and timestamps as Spendscope passes them around: calendar dates as `YYYY-MM-DD` strings
 * (UTC, no time zone drift), timestamps as the text both engines cast from.
 */

const DAY_MS = 86_400_000;

/** UTC timestamp in the form both engines cast from: `YYYY-MM-DD HH:MM:SS.mmm`. */
export function sqlTimestamp(date: Date): string {
  return date.toISOString().replace('T', ' ').replace('Z', '');
}

/** The calendar date `days` after `date` (negative: before). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from one calendar date to another (`to` − `from`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Today's date in UTC. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Days in the month of a `YYYY-MM-DD` date. */
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The first day of the month `months` after the month of `date` (negative: before). */
export function addMonthsToMonthStart(date: string, months: number): string {
  const [y, m] = date.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** The last day of the month of `date`. */
export function monthEnd(date: string): string {
  const [y, m] = date.split('-').map(Number);
  return `${date.slice(0, 8)}${String(daysInMonth(y, m)).padStart(2, '0')}`;
}

/**
 * The period of the same length just before `from`…`to` (docs/domain.md, "Previous period"):
 * when the range is whole calendar months (from a 1st to a month's last day) the previous period
 * is the same number of whole months before it, and time members compare with the member that
 * many months earlier (`months`); otherwise it is the same number of days, ending the day before
 * `from` (`days`).
 */
export function previousPeriod(from: string, to: string): { from: string; to: string; months: number | null; days: number | null } {
  const wholeMonths = from.endsWith('-01') && to === monthEnd(to);
  if (wholeMonths) {
    const [fy, fm] = from.split('-').map(Number);
    const [ty, tm] = to.split('-').map(Number);
    const months = (ty - fy) * 12 + (tm - fm) + 1;
    return { from: addMonthsToMonthStart(from, -months), to: addDays(from, -1), months, days: null };
  }
  const days = daysBetween(from, to) + 1;
  return { from: addDays(from, -days), to: addDays(from, -1), months: null, days };
}

/**
 * The fiscal year and quarter of a date when the fiscal year starts in `startMonth` (1–12). A
 * fiscal year is named after the calendar year it ends in: with an October start, October 2025 to
 * September 2026 is FY2026 (docs/domain.md). With a January start it is the calendar year.
 */
export function fiscalPeriod(date: string, startMonth: number): { year: number; quarter: number } {
  const [y, m] = date.split('-').map(Number);
  // Shifting by (13 − start) months moves the fiscal year's first month to January.
  const shifted = y * 12 + (m - 1) + ((13 - startMonth) % 12);
  return { year: Math.floor(shifted / 12), quarter: Math.floor((shifted % 12) / 3) + 1 };
}

/** The first and last day of a fiscal year (or one of its quarters), inverse of fiscalPeriod. */
export function fiscalRange(year: number, startMonth: number, quarter: number | null = null): { from: string; to: string } {
  const shift = (13 - startMonth) % 12;
  const firstShifted = year * 12 + (quarter === null ? 0 : (quarter - 1) * 3);
  const months = quarter === null ? 12 : 3;
  const first = firstShifted - shift;
  const start = `${String(Math.floor(first / 12)).padStart(4, '0')}-${String((first % 12) + 1).padStart(2, '0')}-01`;
  return { from: start, to: monthEnd(addMonthsToMonthStart(start, months - 1)) };
}

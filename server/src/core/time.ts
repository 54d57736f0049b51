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

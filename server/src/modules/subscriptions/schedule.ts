/**
 * When a report subscription comes due (docs/domain.md, "Report subscriptions"): a wall-clock
 * time in an IANA time zone, daily, weekly on a day, or monthly on a day of the month or the Nth
 * working day (Monday to Friday, no holiday calendar). Worked out with Intl, so daylight saving
 * follows the zone's own rules: 08:00 in Europe/London is 07:00 UTC in summer and 08:00 in winter.
 *
 * Two wall-clock times are not one moment each:
 * - a time that does not exist that day (the clocks go forward through it) runs as many minutes
 *   after the jump as it lay after its start: 02:30 on the day London skips 01:00–02:00 is 01:30 GMT + 1 h;
 * - a time that happens twice (the clocks go back) runs the first time.
 */

export type Frequency = 'DAILY' | 'WEEKLY' | 'MONTHLY';

export interface Schedule {
  frequency: Frequency;
  /** 1 Monday … 7 Sunday (WEEKLY). */
  dayOfWeek: number | null;
  /** 1–31 (MONTHLY by date; the month's last day in shorter months). */
  dayOfMonth: number | null;
  /** 1–23 (MONTHLY by working day; the month's last working day when it has fewer). */
  workingDay: number | null;
  /** HH:MM, 24 hours. */
  time: string;
  timeZone: string;
}

export const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export const MAX_WORKING_DAY = 23;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's name as Intl spells it, or null when Intl does not know it. */
export function canonicalTimeZone(timeZone: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(timeZone)) return null;
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

interface Wall { y: number; m: number; d: number; h: number; mi: number }

/** The wall-clock reading in the zone at an instant (ms since the epoch). */
function wallAt(instant: number, timeZone: string): Wall & { s: number } {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instant))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return { y: parts.year, m: parts.month, d: parts.day, h: parts.hour, mi: parts.minute, s: parts.second };
}

/** The zone's offset from UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallAt(instant, timeZone);
  const asUtc = Date.UTC(w.y, w.m - 1, w.d, w.h, w.mi, w.s);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant a wall-clock time happens in the zone (the first of two; after the jump for one that does not exist). */
export function zonedInstant(wall: Wall, timeZone: string): number {
  const guess = Date.UTC(wall.y, wall.m - 1, wall.d, wall.h, wall.mi);
  const offsets = [...new Set([offsetAt(guess - 86_400_000, timeZone), offsetAt(guess, timeZone), offsetAt(guess + 86_400_000, timeZone)])];
  const matches = offsets
    .map((o) => guess - o)
    .filter((t) => {
      const w = wallAt(t, timeZone);
      return w.y === wall.y && w.m === wall.m && w.d === wall.d && w.h === wall.h && w.mi === wall.mi;
    });
  if (matches.length) return Math.min(...matches);
  // In the gap: the offset before the jump, which reads as the same distance past it.
  return guess - offsetAt(guess - 86_400_000, timeZone);
}

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** 1 Monday … 7 Sunday, of a calendar date. */
function isoWeekday(y: number, m: number, d: number): number {
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The day of the month of the Nth Monday–Friday (the last one when the month has fewer). */
export function nthWorkingDay(y: number, m: number, n: number): number {
  let count = 0;
  let last = 1;
  for (let d = 1; d <= daysInMonth(y, m); d++) {
    if (isoWeekday(y, m, d) <= 5) {
      count++;
      last = d;
      if (count === n) return d;
    }
  }
  return last;
}

function matches(schedule: Schedule, y: number, m: number, d: number): boolean {
  if (schedule.frequency === 'DAILY') return true;
  if (schedule.frequency === 'WEEKLY') return isoWeekday(y, m, d) === schedule.dayOfWeek;
  if (schedule.workingDay) return d === nthWorkingDay(y, m, schedule.workingDay);
  return d === Math.min(schedule.dayOfMonth ?? 1, daysInMonth(y, m));
}

/** The first moment after `after` (ms since the epoch) the schedule comes due. */
export function nextRun(schedule: Schedule, after: number): number {
  const [h, mi] = schedule.time.split(':').map(Number);
  const start = wallAt(after, schedule.timeZone);
  // Calendar days from the zone's today (a day back for safety), at most a little over a month ahead.
  const first = Date.UTC(start.y, start.m - 1, start.d) - 86_400_000;
  for (let i = 0; i < 40; i++) {
    const day = new Date(first + i * 86_400_000);
    const [y, m, d] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
    if (!matches(schedule, y, m, d)) continue;
    const at = zonedInstant({ y, m, d, h, mi }, schedule.timeZone);
    if (at > after) return at;
  }
  throw new Error(`No run within 40 days for ${JSON.stringify(schedule)}`);
}

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${suffix}`;
}

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The schedule in words: "Monthly on the 3rd working day at 08:00 (Europe/London)". */
export function describeSchedule(schedule: Schedule): string {
  const at = `at ${schedule.time} (${schedule.timeZone})`;
  if (schedule.frequency === 'DAILY') return `Daily ${at}`;
  if (schedule.frequency === 'WEEKLY') return `Weekly on ${DAY_NAMES[(schedule.dayOfWeek ?? 1) - 1]} ${at}`;
  if (schedule.workingDay) return `Monthly on the ${ordinal(schedule.workingDay)} working day ${at}`;
  const day = schedule.dayOfMonth ?? 1;
  return `Monthly on the ${ordinal(day)}${day > 28 ? ' (or the month\'s last day)' : ''} ${at}`;
}

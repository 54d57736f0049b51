import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, describeSchedule, nextRun, nthWorkingDay, zonedInstant, type Schedule } from './schedule.js';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
const base: Schedule = { frequency: 'DAILY', dayOfWeek: null, dayOfMonth: null, workingDay: null, time: '08:00', timeZone: 'Europe/London' };

describe('report schedules', () => {
  it('keeps the wall-clock time across daylight saving (London: 08:00 is 07:00 UTC in summer)', () => {
    expect(iso(nextRun(base, at('2026-03-28T09:00:00Z')))).toBe('2026-03-29T07:00:00.000Z');
    expect(iso(nextRun(base, at('2026-03-27T09:00:00Z')))).toBe('2026-03-28T08:00:00.000Z');
    expect(iso(nextRun(base, at('2026-10-24T08:00:00Z')))).toBe('2026-10-25T08:00:00.000Z');
  });

  it('a time the clocks skip runs after the jump; a time that happens twice runs the first time', () => {
    // London skips 01:00–02:00 on 29 March 2026; 01:30 runs at 02:30 BST = 01:30 UTC.
    expect(iso(zonedInstant({ y: 2026, m: 3, d: 29, h: 1, mi: 30 }, 'Europe/London'))).toBe('2026-03-29T01:30:00.000Z');
    // 01:30 happens twice on 25 October 2026: first in BST (00:30 UTC).
    expect(iso(zonedInstant({ y: 2026, m: 10, d: 25, h: 1, mi: 30 }, 'Europe/London'))).toBe('2026-10-25T00:30:00.000Z');
    // New York: 02:30 does not exist on 8 March 2026.
    expect(iso(zonedInstant({ y: 2026, m: 3, d: 8, h: 2, mi: 30 }, 'America/New_York'))).toBe('2026-03-08T07:30:00.000Z');
  });

  it('is worked out in the subscription\'s zone, not the server\'s', () => {
    const tokyo = { ...base, timeZone: 'Asia/Tokyo' };
    // 08:00 in Tokyo on 2 June is 23:00 UTC on 1 June.
    expect(iso(nextRun(tokyo, at('2026-06-01T22:00:00Z')))).toBe('2026-06-01T23:00:00.000Z');
    expect(iso(nextRun(tokyo, at('2026-06-01T23:00:00Z')))).toBe('2026-06-02T23:00:00.000Z');
  });

  it('weekly on a day', () => {
    const monday = { ...base, frequency: 'WEEKLY' as const, dayOfWeek: 1 };
    // 2026-11-21 is a Saturday.
    expect(iso(nextRun(monday, at('2026-11-21T12:00:00Z')))).toBe('2026-11-23T08:00:00.000Z');
  });

  it('monthly on a day; the last day in shorter months', () => {
    const the31st = { ...base, frequency: 'MONTHLY' as const, dayOfMonth: 31 };
    expect(iso(nextRun(the31st, at('2026-02-01T00:00:00Z')))).toBe('2026-02-28T08:00:00.000Z');
    expect(iso(nextRun(the31st, at('2026-02-28T08:00:00Z')))).toBe('2026-03-31T07:00:00.000Z');
  });

  it('monthly on the Nth working day, Monday to Friday', () => {
    // November 2026 starts on a Sunday: working days 2, 3, 4, …
    expect(nthWorkingDay(2026, 11, 1)).toBe(2);
    expect(nthWorkingDay(2026, 11, 3)).toBe(4);
    // February 2026 has 20 working days; the 23rd is its last (Friday 27th).
    expect(nthWorkingDay(2026, 2, 23)).toBe(27);
    const third = { ...base, frequency: 'MONTHLY' as const, workingDay: 3 };
    expect(iso(nextRun(third, at('2026-11-04T09:00:00Z')))).toBe('2026-12-03T08:00:00.000Z');
  });

  it('names zones as Intl does and refuses unknown ones', () => {
    expect(canonicalTimeZone('Europe/London')).toBe('Europe/London');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('Mars/Olympus')).toBeNull();
    expect(canonicalTimeZone("'; DROP")).toBeNull();
  });

  it('says the schedule in words', () => {
    expect(describeSchedule({ ...base, frequency: 'MONTHLY', workingDay: 3 })).toBe('Monthly on the 3rd working day at 08:00 (Europe/London)');
    expect(describeSchedule({ ...base, frequency: 'WEEKLY', dayOfWeek: 5 })).toBe('Weekly on Friday at 08:00 (Europe/London)');
    expect(describeSchedule({ ...base, frequency: 'MONTHLY', dayOfMonth: 31 })).toBe("Monthly on the 31st (or the month's last day) at 08:00 (Europe/London)");
  });
});

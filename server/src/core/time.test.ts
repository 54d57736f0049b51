import { describe, expect, it } from 'vitest';
import { fiscalPeriod, fiscalRange, previousPeriod } from './time.js';

describe('previousPeriod', () => {
  it('takes the same number of whole months before a range of whole months', () => {
    expect(previousPeriod('2025-01-01', '2025-12-31')).toEqual({ from: '2024-01-01', to: '2024-12-31', months: 12, days: null });
    expect(previousPeriod('2025-01-01', '2025-03-31')).toEqual({ from: '2024-10-01', to: '2024-12-31', months: 3, days: null });
    // February of a leap year is a whole month too.
    expect(previousPeriod('2024-03-01', '2024-03-31')).toEqual({ from: '2024-02-01', to: '2024-02-29', months: 1, days: null });
  });

  it('takes the same number of days before any other range', () => {
    expect(previousPeriod('2025-01-01', '2025-01-10')).toEqual({ from: '2024-12-22', to: '2024-12-31', months: null, days: 10 });
    expect(previousPeriod('2025-01-15', '2025-02-28')).toEqual({ from: '2024-12-01', to: '2025-01-14', months: null, days: 45 });
    expect(previousPeriod('2025-03-01', '2025-03-01')).toEqual({ from: '2025-02-28', to: '2025-02-28', months: null, days: 1 });
  });
});

describe('fiscal calendar', () => {
  it('is the calendar year with a January start', () => {
    expect(fiscalPeriod('2025-01-01', 1)).toEqual({ year: 2025, quarter: 1 });
    expect(fiscalPeriod('2025-12-31', 1)).toEqual({ year: 2025, quarter: 4 });
  });

  it('names a fiscal year after the calendar year it ends in', () => {
    // October start (US federal): October 2025 – September 2026 is FY2026.
    expect(fiscalPeriod('2025-09-30', 10)).toEqual({ year: 2025, quarter: 4 });
    expect(fiscalPeriod('2025-10-01', 10)).toEqual({ year: 2026, quarter: 1 });
    expect(fiscalPeriod('2026-01-15', 10)).toEqual({ year: 2026, quarter: 2 });
    // April start (UK): April 2025 – March 2026 is FY2026.
    expect(fiscalPeriod('2025-03-31', 4)).toEqual({ year: 2025, quarter: 4 });
    expect(fiscalPeriod('2025-04-01', 4)).toEqual({ year: 2026, quarter: 1 });
    expect(fiscalPeriod('2025-07-01', 4)).toEqual({ year: 2026, quarter: 2 });
  });

  it('turns a fiscal year or quarter back into its dates', () => {
    expect(fiscalRange(2026, 10)).toEqual({ from: '2025-10-01', to: '2026-09-30' });
    expect(fiscalRange(2026, 4, 4)).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(fiscalRange(2025, 1, 1)).toEqual({ from: '2025-01-01', to: '2025-03-31' });
    for (const start of [1, 2, 4, 7, 10, 12]) {
      for (const date of ['2024-02-29', '2025-01-01', '2025-06-30', '2025-12-31']) {
        const { year, quarter } = fiscalPeriod(date, start);
        const range = fiscalRange(year, start, quarter);
        expect(date >= range.from && date <= range.to, `${date} start ${start}`).toBe(true);
      }
    }
  });
});

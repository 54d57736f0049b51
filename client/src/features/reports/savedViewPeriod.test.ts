import { describe, expect, it } from 'vitest';
import { describeViewPeriod } from './savedViewPeriod';

describe('describeViewPeriod', () => {
  it('names a view’s own period, the overview’s default for an overview filter without dates, and nothing for a query', () => {
    expect(describeViewPeriod({ kind: 'PIVOT', period: { relative: 'YEAR_TO_DATE', dateFrom: '2025-01-01', dateTo: '2025-06-30' } })).toBe('Year to date');
    expect(describeViewPeriod({ kind: 'DASHBOARD_FILTER', period: { relative: null, dateFrom: '2025-01-01', dateTo: '2025-06-30' } })).toBe('1 Jan 2025 – 30 Jun 2025');
    expect(describeViewPeriod({ kind: 'DASHBOARD_FILTER', period: null })).toBe('Last 12 months');
    expect(describeViewPeriod({ kind: 'QUERY', period: null })).toBe('—');
  });
});

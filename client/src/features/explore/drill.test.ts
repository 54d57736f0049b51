import { describe, expect, it } from 'vitest';
import { drillFilter, partialPeriodLabel, previousPeriodFilter, timeMemberMonths } from './drill';

const base = { dateFrom: '2025-01-01', dateTo: '2025-12-31', members: [{ dimension: 'CATEGORY_L1' as const, ids: ['1'] }] };
const cell = [{ dimension: 'BUSINESS_UNIT' as const, ids: ['4'] }];

describe('drillFilter', () => {
  it('adds the measure’s own condition to the cell’s keys', () => {
    const drill = (measure: Parameters<typeof drillFilter>[0]['measure']) =>
      drillFilter({ filter: base, cell, measure, previousPeriod: null, fiscalYearStartMonth: 1 }).members;
    expect(drill('OFF_CONTRACT_SPEND')).toEqual([...base.members, ...cell, { dimension: 'ON_CONTRACT', ids: ['false'] }]);
    expect(drill('ON_CONTRACT_SPEND')).toEqual([...base.members, ...cell, { dimension: 'ON_CONTRACT', ids: ['true'] }]);
    expect(drill('CONTRACT_COVERAGE')).toEqual([...base.members, ...cell, { dimension: 'ON_CONTRACT', ids: ['true'] }]);
    expect(drill('PO_COVERAGE')).toEqual([...base.members, ...cell, { dimension: 'PO_FLAG', ids: ['true'] }]);
    expect(drill('SPEND')).toEqual([...base.members, ...cell]);
    expect(drill('EMISSIONS_KG')).toEqual([...base.members, ...cell]);
  });

  it('opens the previous period’s lines for a previous-period cell, time members moved back one period', () => {
    const previous = { dateFrom: '2024-01-01', dateTo: '2024-12-31', months: 12, days: null };
    const month = [...cell, { dimension: 'MONTH' as const, ids: ['2025-03'] }];
    expect(drillFilter({ filter: base, cell: month, measure: 'SPEND_PREVIOUS_PERIOD', previousPeriod: previous, fiscalYearStartMonth: 1 })).toEqual({
      dateFrom: '2024-03-01', dateTo: '2024-03-31', members: [...base.members, ...cell],
    });
    // 41 days before: the March member of the 2025-03-10 … 2025-04-19 period stands for 2025-01-28 … 2025-02-18.
    const days = { dateFrom: '2025-01-28', dateTo: '2025-03-09', months: null, days: 41 };
    expect(previousPeriodFilter({ dateFrom: '2025-03-10', dateTo: '2025-04-19' }, [{ dimension: 'MONTH', ids: ['2025-03'] }], days, 1)).toEqual({
      dateFrom: '2025-01-28', dateTo: '2025-02-18', members: null,
    });
  });
});

describe('timeMemberMonths', () => {
  it('knows the months of calendar and fiscal members', () => {
    const month = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
    const span = (d: Parameters<typeof timeMemberMonths>[0], id: string, start = 1) => timeMemberMonths(d, id, start)?.map(month);
    expect(span('QUARTER', '2025-Q2')).toEqual(['2025-04', '2025-06']);
    expect(span('YEAR', '2025')).toEqual(['2025-01', '2025-12']);
    // Fiscal years are named after the year they end in.
    expect(span('FISCAL_YEAR', '2026', 4)).toEqual(['2025-04', '2026-03']);
    expect(span('FISCAL_QUARTER', '2026-Q2', 10)).toEqual(['2026-01', '2026-03']);
    expect(span('FISCAL_YEAR', '2025', 1)).toEqual(['2025-01', '2025-12']);
    expect(timeMemberMonths('SUPPLIER', '12', 1)).toBeNull();
  });
});

describe('partialPeriodLabel', () => {
  const last12 = { from: '2025-11-01', to: '2026-10-31' };
  it('says how many months of a quarter or year the period covers, when not all', () => {
    expect(partialPeriodLabel('QUARTER', '2025-Q4', '2025-Q4', 1, last12)).toBe('2025-Q4 (2 of 3 months)');
    expect(partialPeriodLabel('QUARTER', '2026-Q4', '2026-Q4', 1, last12)).toBe('2026-Q4 (1 of 3 months)');
    expect(partialPeriodLabel('QUARTER', '2026-Q2', '2026-Q2', 1, last12)).toBe('2026-Q2');
    expect(partialPeriodLabel('YEAR', '2026', '2026', 1, last12)).toBe('2026 (10 of 12 months)');
    // A fiscal year starting in April, named after the year it ends in: FY2026 is Apr 2025 – Mar 2026.
    expect(partialPeriodLabel('FISCAL_YEAR', '2026', 'FY2026', 4, last12)).toBe('FY2026 (5 of 12 months)');
  });

  it('leaves months, other dimensions and whole periods alone', () => {
    expect(partialPeriodLabel('MONTH', '2025-11', 'Nov 2025', 1, last12)).toBe('Nov 2025');
    expect(partialPeriodLabel('CATEGORY_L1', '3', 'IT', 1, last12)).toBe('IT');
    expect(partialPeriodLabel('YEAR', '2024', '2024', 1, { from: '2024-01-01', to: '2024-12-31' })).toBe('2024');
    expect(partialPeriodLabel('QUARTER', '2025-Q4', '2025-Q4', 1, null)).toBe('2025-Q4');
  });
});

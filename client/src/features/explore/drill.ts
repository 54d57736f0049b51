// What a pivot cell opens in /lines: exactly the lines behind its number (docs/domain.md, "Drill-down").
import type { SpendDimension, SpendFilter, SpendMeasure, SpendMemberFilter } from '../../gql/graphql';

export const TIME_DIMENSIONS: readonly SpendDimension[] = ['YEAR', 'QUARTER', 'MONTH', 'FISCAL_YEAR', 'FISCAL_QUARTER'];

export function isTimeDimension(dimension: SpendDimension): boolean {
  return TIME_DIMENSIONS.includes(dimension);
}

/**
 * The lines a measure counts, as extra member filters: filtered measures carry their own
 * condition, so the drilled lines total the money figure clicked (a coverage ratio: its numerator).
 */
export function measureCondition(measure: SpendMeasure): SpendMemberFilter[] {
  switch (measure) {
    case 'ON_CONTRACT_SPEND':
    case 'CONTRACT_COVERAGE':
      return [{ dimension: 'ON_CONTRACT', ids: ['true'] }];
    case 'OFF_CONTRACT_SPEND':
      return [{ dimension: 'ON_CONTRACT', ids: ['false'] }];
    case 'PO_COVERAGE':
      return [{ dimension: 'PO_FLAG', ids: ['true'] }];
    default:
      return [];
  }
}

/** The period a cube compared with (`SpendCube.previousPeriod`). */
export interface PreviousPeriod {
  dateFrom: string;
  dateTo: string;
  months?: number | null;
  days?: number | null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function monthStart(index: number): string {
  return `${pad(Math.floor(index / 12), 4)}-${pad((index % 12) + 1)}-01`;
}

function monthIndex(date: string): number {
  const [y, m] = date.split('-').map(Number);
  return y * 12 + (m - 1);
}

function monthEnd(index: number): string {
  const year = Math.floor(index / 12);
  const month = index % 12;
  const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${pad(year, 4)}-${pad(month + 1)}-${pad(days)}`;
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The months (first and last, as month indexes) a time member covers; null for a key that is not
 * one. Fiscal years are named after the calendar year they end in (docs/domain.md).
 */
export function timeMemberMonths(dimension: SpendDimension, id: string, fiscalYearStartMonth: number): [number, number] | null {
  const shift = (13 - fiscalYearStartMonth) % 12;
  const year = /^(\d{4})$/.exec(id);
  const quarter = /^(\d{4})-Q([1-4])$/.exec(id);
  const month = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(id);
  const quarterStart = quarter ? Number(quarter[1]) * 12 + (Number(quarter[2]) - 1) * 3 : 0;
  switch (dimension) {
    case 'MONTH':
      return month ? [monthIndex(id), monthIndex(id)] : null;
    case 'QUARTER':
      return quarter ? [quarterStart, quarterStart + 2] : null;
    case 'YEAR':
      return year ? [Number(id) * 12, Number(id) * 12 + 11] : null;
    case 'FISCAL_YEAR':
      return year ? [Number(id) * 12 - shift, Number(id) * 12 - shift + 11] : null;
    case 'FISCAL_QUARTER':
      return quarter ? [quarterStart - shift, quarterStart - shift + 2] : null;
    default:
      return null;
  }
}

/**
 * A time member's label, saying how many of its months the period covers when it covers only some
 * ("2025-Q4 (2 of 3 months)"): a part-quarter or part-year beside whole ones would read as a slump.
 */
export function partialPeriodLabel(dimension: SpendDimension, id: string, label: string, fiscalYearStartMonth: number, period: { from: string; to: string } | null): string {
  const months = period ? timeMemberMonths(dimension, id, fiscalYearStartMonth) : null;
  if (!period || !months || months[0] === months[1]) return label;
  const total = months[1] - months[0] + 1;
  const covered = Math.min(months[1], monthIndex(period.to)) - Math.max(months[0], monthIndex(period.from)) + 1;
  return covered > 0 && covered < total ? `${label} (${covered} of ${total} months)` : label;
}

/**
 * The filter of a previous-period cell: the previous period's dates, and each time member of the
 * cell turned into the dates it stood for one period earlier (the cube keys previous lines by
 * their date moved forward by the period's months or days).
 */
export function previousPeriodFilter(filter: SpendFilter, cell: SpendMemberFilter[], previous: PreviousPeriod, fiscalYearStartMonth: number): SpendFilter {
  let from = previous.dateFrom;
  let to = previous.dateTo;
  const kept: SpendMemberFilter[] = [];
  for (const member of cell) {
    const id = member.ids.length === 1 ? member.ids[0] : null;
    const months = !member.exclude && id ? timeMemberMonths(member.dimension, id, fiscalYearStartMonth) : null;
    if (!months) {
      kept.push(member);
      continue;
    }
    let [first, last] = [monthStart(months[0]), monthEnd(months[1])];
    if (previous.months) [first, last] = [monthStart(months[0] - previous.months), monthEnd(months[1] - previous.months)];
    else if (previous.days) [first, last] = [addDays(first, -previous.days), addDays(last, -previous.days)];
    if (first > from) from = first;
    if (last < to) to = last;
  }
  if (from > to) {
    // The member lies outside the previous period: no line, said without an inverted range.
    return { ...filter, dateFrom: previous.dateFrom, dateTo: previous.dateTo, members: [...(filter.members ?? []), ...kept, { dimension: 'YEAR', ids: [] }] };
  }
  const members = [...(filter.members ?? []), ...kept];
  return { ...filter, dateFrom: from, dateTo: to, members: members.length ? members : null };
}

export interface DrillInput {
  /** The filter the pivot was computed with (global filter plus the explorer's member filters). */
  filter: SpendFilter;
  /** The cell's row keys and column key. */
  cell: SpendMemberFilter[];
  measure: SpendMeasure;
  previousPeriod: PreviousPeriod | null;
  fiscalYearStartMonth: number;
}

/** The lines filter of a cell: the pivot's filter, the cell's keys and the measure's own condition. */
export function drillFilter({ filter, cell, measure, previousPeriod, fiscalYearStartMonth }: DrillInput): SpendFilter {
  if (measure === 'SPEND_PREVIOUS_PERIOD' && previousPeriod) return previousPeriodFilter(filter, cell, previousPeriod, fiscalYearStartMonth);
  const members = [...(filter.members ?? []), ...cell, ...measureCondition(measure)];
  return { ...filter, members: members.length ? members : null };
}

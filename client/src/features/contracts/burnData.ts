// The burn chart's points: matched spend per month and cumulative, then a projected straight line
// from the as-of month's cumulative to the ceiling at the projected date.
import { toNumber } from '../../format/numbers';

export interface BurnPoint {
  month: string;
  spend: number | null;
  cumulative: number | null;
  projected: number | null;
}

function monthIndex(date: string): number {
  const [y, m] = date.split('-').map(Number);
  return y * 12 + (m - 1);
}

function monthKey(index: number): string {
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

export function burnPoints(
  burn: ReadonlyArray<{ month: string; spend: string; cumulative: string }>,
  projection: { asOf: string; date: string | null; ceiling: string | null },
): BurnPoint[] {
  const points: BurnPoint[] = burn.map((b) => ({ month: b.month, spend: toNumber(b.spend), cumulative: toNumber(b.cumulative), projected: null }));
  const ceiling = toNumber(projection.ceiling);
  if (!projection.date || ceiling === null || !points.length) return points;
  const from = monthIndex(projection.asOf);
  const to = monthIndex(projection.date);
  const start = points.find((p) => monthIndex(p.month) === from) ?? points[points.length - 1];
  const startValue = start.cumulative ?? 0;
  const startIndex = monthIndex(start.month);
  start.projected = startValue;
  const span = Math.max(1, to - startIndex);
  for (let i = startIndex + 1; i <= to; i++) {
    const value = startValue + ((ceiling - startValue) * (i - startIndex)) / span;
    const existing = points.find((p) => monthIndex(p.month) === i);
    if (existing) existing.projected = value;
    else points.push({ month: monthKey(i), spend: null, cumulative: null, projected: value });
  }
  return points;
}

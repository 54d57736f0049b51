import { describe, expect, it } from 'vitest';
import { burnPoints } from './burnData';

describe('burn chart points', () => {
  const burn = [
    { month: '2026-09-01', spend: '100.00', cumulative: '100.00' },
    { month: '2026-10-01', spend: '100.00', cumulative: '200.00' },
    { month: '2026-11-01', spend: '0.00', cumulative: '200.00' },
  ];
  it('keeps the months as they are without a projection', () => {
    expect(burnPoints(burn, { asOf: '2026-11-21', date: null, ceiling: '500.00' }).map((p) => p.projected)).toEqual([null, null, null]);
  });
  it('draws the projection from the as-of month to the ceiling at the projected month', () => {
    const points = burnPoints(burn, { asOf: '2026-11-21', date: '2027-02-10', ceiling: '500.00' });
    expect(points.map((p) => p.month)).toEqual(['2026-09-01', '2026-10-01', '2026-11-01', '2026-12-01', '2027-01-01', '2027-02-01']);
    expect(points.map((p) => p.projected)).toEqual([null, null, 200, 300, 400, 500]);
  });
});

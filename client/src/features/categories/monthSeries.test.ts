import { describe, expect, it } from 'vitest';
import { monthSeries } from './CategoryTrendChart';

describe('a category trend', () => {
  it('runs in calendar order whatever the rows order, with months without spend at zero', () => {
    const rows = [
      { keys: [{ id: '2025-03' }], values: ['300.00', '3'] },
      { keys: [{ id: '2024-12' }], values: ['900.00', '9'] },
      { keys: [{ id: '2025-01' }], values: ['-10.50', '1'] },
    ];
    expect(monthSeries(rows).map((p) => [p.month, p.spend, p.lines])).toEqual([
      ['2024-12', 900, 9],
      ['2025-01', -10.5, 1],
      ['2025-02', 0, 0],
      ['2025-03', 300, 3],
    ]);
    expect(monthSeries([])).toEqual([]);
  });
});

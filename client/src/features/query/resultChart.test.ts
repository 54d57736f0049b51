import { describe, expect, it } from 'vitest';
import { chartPoints, defaultChartFields, MAX_SLICES } from './resultChart';
import { findTables } from './resultRows';

const [cube] = findTables({
  spendCube: {
    rows: [
      { keys: [{ id: '1', label: 'IT' }], values: ['300.50', 12] },
      { keys: [{ id: '2', label: 'Travel' }], values: ['200.25', 4] },
      { keys: [{ id: '3', label: 'Facilities' }], values: [null, 0] },
    ],
  },
});

describe('result chart', () => {
  it('starts from the first varying text column and the first numeric one', () => {
    expect(defaultChartFields(cube)).toEqual({ label: 'keys.0.label', value: 'values.0' });
  });

  it("charts a measure, not a subtotalled cube's depth that comes first in its rows", () => {
    const [subtotalled] = findTables({
      spendCube: { rows: [{ depth: 2, keys: [{ label: 'IT', rolledUp: false }], values: ['300.50', '0.6'] }, { depth: 1, keys: [{ label: 'Travel', rolledUp: false }], values: ['200.25', '0.4'] }] },
    });
    expect(defaultChartFields(subtotalled)).toEqual({ label: 'keys.0.label', value: 'values.0' });
    const [plain] = findTables({ rows: [{ level: 1, name: 'a', spend: '10.00' }, { level: 2, name: 'b', spend: '5.00' }] });
    expect(defaultChartFields(plain)).toEqual({ label: 'name', value: 'spend' });
  });

  it('keeps the result order for bars and skips rows without a number', () => {
    expect(chartPoints(cube, 'keys.0.label', 'values.0', 'bar')).toEqual({
      points: [{ label: 'IT', value: 300.5 }, { label: 'Travel', value: 200.25 }],
      skipped: 1,
      subtotals: 0,
      folded: 0,
    });
  });

  it("leaves a subtotalled cube's subtotal rows out, so a category is not charted beside its own years, and names each bar by every key", () => {
    const row = (l1: string, year: string, spend: string, depth: number) => ({
      depth,
      keys: [{ label: l1, rolledUp: false }, { label: year, rolledUp: year === 'All' }],
      values: [spend],
    });
    const [subtotalled] = findTables({
      spendCube: { rows: [row('IT', '2024', '100.00', 2), row('IT', '2025', '50.00', 2), row('IT', 'All', '150.00', 1), row('Travel', '2025', '20.00', 2), row('Travel', 'All', '20.00', 1)] },
    });
    const bars = chartPoints(subtotalled, 'keys.0.label', 'values.0', 'bar');
    expect(bars.points).toEqual([{ label: 'IT · 2024', value: 100 }, { label: 'IT · 2025', value: 50 }, { label: 'Travel · 2025', value: 20 }]);
    expect(bars.subtotals).toBe(2);
    // Told apart by depth alone when the query does not ask for rolledUp.
    const [byDepth] = findTables({ spendCube: { rows: [{ depth: 1, keys: [{ label: 'IT' }], values: ['9.00'] }, { depth: 0, keys: [{ label: 'All' }], values: ['9.00'] }] } });
    expect(chartPoints(byDepth, 'keys.0.label', 'values.0', 'bar')).toMatchObject({ points: [{ label: 'IT', value: 9 }], subtotals: 1 });
  });

  it('a pie keeps its largest slices and folds the rest into Other', () => {
    const [table] = findTables({ rows: Array.from({ length: 12 }, (_, i) => ({ name: `s${i}`, v: i + 1 })) });
    const { points, folded } = chartPoints(table, 'name', 'v', 'pie');
    expect(points).toHaveLength(MAX_SLICES + 1);
    expect(points[0]).toEqual({ label: 's11', value: 12 });
    expect(points.at(-1)).toEqual({ label: 'Other', value: 1 + 2 + 3 + 4, other: true });
    // Only the folded slice is marked, so a supplier called "Other" keeps a series colour.
    expect(points.slice(0, -1).some((p) => p.other)).toBe(false);
    expect(folded).toBe(4);
  });
});

import { describe, expect, it } from 'vitest';
import { pivotOrder } from './pivot-order.js';

const row = (ids: Array<string | null>, rolled: number, value: string) => ({
  keys: ids.map((id, i) => ({ dimension: 'YEAR' as const, id: i < ids.length - rolled ? id : null, label: String(id), rolledUp: i >= ids.length - rolled })),
  values: [value],
  depth: ids.length - rolled,
});

describe('pivotOrder', () => {
  it('puts each subtotal before its members and keeps the engine order among siblings', () => {
    const rows = [row(['B', null], 1, '30'), row(['A', null], 1, '20'), row(['B', 'x'], 0, '25'), row(['A', 'y'], 0, '15'), row(['B', 'y'], 0, '5'), row(['A', 'x'], 0, '5')];
    expect(pivotOrder(rows).map((r) => r.values[0])).toEqual(['30', '25', '5', '20', '15', '5']);
  });

  it('keeps rows whose subtotal was cut by the row limit, after the ordered ones', () => {
    const orphan = row(['C', 'z'], 0, '7');
    const rows = [row(['A', null], 1, '20'), row(['A', 'x'], 0, '5'), orphan];
    expect(pivotOrder(rows).map((r) => r.values[0])).toEqual(['20', '5', '7']);
  });

  it('leaves flat results as they are', () => {
    const rows = [row(['A', 'x'], 0, '1'), row(['B', 'y'], 0, '2')];
    expect(pivotOrder(rows)).toEqual(rows);
  });
});

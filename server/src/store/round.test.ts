import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { divRoundHalfEven, fromScaled, toScaled } from '../lib/decimal.js';
import { DuckDbStore } from './duckdb.js';
import { sql } from './sql.js';

describe('sql.roundHalfEvenCents on DuckDB', () => {
  let store: DuckDbStore;
  beforeAll(async () => {
    store = await DuckDbStore.open(':memory:');
  });
  afterAll(() => store.close());

  it('agrees with the exact JS rounding for amount × rate, ties included', async () => {
    const cases: Array<[string, string]> = [
      ['2.345', '1'], ['2.355', '1'], ['-2.345', '1'], ['-2.355', '1'], ['100.00', '1.234565'], ['12.50', '0.500000'],
      ['0.01', '0.500000'], ['0.03', '0.500000'], ['-0.01', '0.500000'], ['99999.99', '1.158437'], ['1.15', '0.100000'],
    ];
    let seed = 7;
    for (let i = 0; i < 300; i++) {
      seed = (seed * 48271) % 2147483647;
      cases.push([fromScaled(BigInt(seed % 10_000_000) - 5_000_000n, 2), fromScaled(BigInt(500_000 + (seed % 1_000_000)), 6)]);
    }
    for (const [amount, rate] of cases) {
      const [row] = await store.query<{ v: string }>(
        sql`SELECT CAST(${sql.roundHalfEvenCents(sql`CAST(${amount} AS DECIMAL(18,3)) * CAST(${rate} AS DECIMAL(18,6))`)} AS VARCHAR) AS v`,
        { name: 't' },
      );
      const expected = fromScaled(divRoundHalfEven(toScaled(amount, 3) * toScaled(rate, 6), 10_000_000n), 2);
      expect(`${amount} × ${rate} = ${row.v}`).toBe(`${amount} × ${rate} = ${expected}`);
    }
  });
});

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

  it('is exact at every size: a stored amount (widened) × a stored rate, up to ±10^28, ties included', async () => {
    // Whole cents past 2^53 came back through a DOUBLE (9899999999999999.989 gave 9900000000000000.00),
    // and the scaling by 100 overflowed 64 bits for amount × rate of 10^8 and more.
    const cases: Array<[string, string]> = [
      ['8999999999999999.99', '1.100000'], ['-8999999999999999.99', '1.100000'], ['9995002498750.62', '1000.500000'],
      ['100000000.00', '1.170000'], ['10000000000.00', '1.170000'], ['9999999999999999.99', '999999999999.999999'],
      ['9999999999999999.99', '1.000000'], ['-9999999999999999.99', '999999999999.999999'],
    ];
    let seed = 11;
    const next = (n: bigint) => {
      seed = (seed * 48271) % 2147483647;
      const high = BigInt(seed);
      seed = (seed * 48271) % 2147483647;
      return (high * 2147483647n + BigInt(seed)) % n;
    };
    for (let i = 0; i < 200; i++) cases.push([fromScaled(next(2n * 10n ** 18n) - 10n ** 18n, 2), fromScaled(1n + next(i % 2 ? 10n ** 8n : 10n ** 18n), 6)]);
    // Exact ties at the cent, to odd and even cents, far beyond 2^53 cents: an odd number of cents × 0.5.
    for (let i = 0; i < 50; i++) cases.push([fromScaled((next(10n ** 18n) | 1n) * (i % 2 ? -1n : 1n), 2), '0.500000']);
    for (const [amount, rate] of cases) {
      const [row] = await store.query<{ v: string }>(
        sql`SELECT CAST(${sql.roundHalfEvenCentsWide(sql`CAST(CAST(${amount} AS DECIMAL(18,2)) AS DECIMAL(38,2)) * CAST(${rate} AS DECIMAL(18,6))`)} AS VARCHAR) AS v`,
        { name: 't' },
      );
      const expected = fromScaled(divRoundHalfEven(toScaled(amount, 2) * toScaled(rate, 6), 1_000_000n), 2);
      expect(`${amount} × ${rate} = ${row.v}`).toBe(`${amount} × ${rate} = ${expected}`);
    }
    // Operands of 18 digits as they are: the rounding itself no longer overflows (100000000.00 × 1.17 did).
    const [narrow] = await store.query<{ v: string }>(
      sql`SELECT CAST(${sql.roundHalfEvenCents(sql`CAST('100000000.00' AS DECIMAL(18,2)) * CAST('1.17' AS DECIMAL(18,6))`)} AS VARCHAR) AS v`,
      { name: 't' },
    );
    expect(narrow.v).toBe('117000000.00');
  });
});

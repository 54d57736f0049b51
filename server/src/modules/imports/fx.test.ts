import { describe, expect, it } from 'vitest';
import { FxTable } from './fx.js';
import type { AcceptedRow } from './types.js';

// 1000.5 EUR per franc in March 2005: 9995002498750.62 francs is 9999999999999995.31 EUR, the
// last cent below 10^16 (DECIMAL(18,2) holds 16 integer digits); one cent more is beyond it.
const fx = new FxTable([{ currency: 'CHF', month: '2005-03-01', rate: '1000.500000' }, { currency: 'GBP', month: '2005-03-01', rate: '1.17' }], 'EUR');

describe('FxTable.convert', () => {
  it.each([
    ['1234.57', { kind: 'CONVERTED', amount: '1235187.28' }], // 1235187.285: half to even
    ['0.01', { kind: 'CONVERTED', amount: '10.00' }], // 10.005: half to even
    ['9995002498750.62', { kind: 'CONVERTED', amount: '9999999999999995.31' }],
    ['-9995002498750.62', { kind: 'CONVERTED', amount: '-9999999999999995.31' }],
    ['9995002498750.63', { kind: 'TOO_LARGE', amount: '10000000000000005.32', rate: '1000.500000' }],
    ['-9995002498750.63', { kind: 'TOO_LARGE', amount: '-10000000000000005.32', rate: '1000.500000' }],
    // 9999999999999999.99 × 1000.5 = 10004999999999999989.995, half to even.
    ['9999999999999999.99', { kind: 'TOO_LARGE', amount: '10004999999999999990.00', rate: '1000.500000' }],
  ])('%s CHF → %o', (amount, expected) => expect(fx.convert(amount, 'CHF', '2005-03-17')).toEqual(expected));

  it('rejects a product of exactly 10^16, and keeps the reporting currency and missing rates as they were', () => {
    const byThousand = new FxTable([{ currency: 'USD', month: '2024-02-01', rate: '1000' }], 'EUR');
    expect(byThousand.convert('9999999999999.99', 'USD', '2024-02-29')).toEqual({ kind: 'CONVERTED', amount: '9999999999999990.00' });
    expect(byThousand.convert('10000000000000.00', 'USD', '2024-02-01')).toMatchObject({ kind: 'TOO_LARGE', amount: '10000000000000000.00' });
    expect(byThousand.convert('-10000000000000.00', 'USD', '2024-02-01')).toMatchObject({ kind: 'TOO_LARGE', amount: '-10000000000000000.00' });
    expect(fx.convert('9999999999999999.99', 'EUR', '2005-03-01')).toEqual({ kind: 'CONVERTED', amount: '9999999999999999.99' });
    expect(fx.convert('12.00', 'GBP', '2005-04-01')).toEqual({ kind: 'NO_RATE' });
    expect(fx.convert('12.00', 'GBP', '2005-03-31')).toEqual({ kind: 'CONVERTED', amount: '14.04' });
  });

  it('words the row error with the amount, the month, the rate, the result and the limit', () => {
    const row = { rowNumber: 7, amount: '-9995002498750.63', currency: 'CHF', invoiceDate: '2005-03-17' } as AcceptedRow;
    const conversion = fx.convert(row.amount, row.currency, row.invoiceDate);
    if (conversion.kind !== 'TOO_LARGE') throw new Error(`expected TOO_LARGE, got ${conversion.kind}`);
    expect(fx.tooLargeProblem(row, conversion, 'Net Amount')).toEqual({
      rowNumber: 7,
      column: 'Net Amount',
      code: 'REPORTING_AMOUNT_TOO_LARGE',
      message: '-9995002498750.63 CHF at the 2005-03 rate of 1000.500000 is -10000000000000005.32 EUR, too large to store (amounts are stored up to ±9999999999999999.99).',
      rawValue: '-9995002498750.63',
    });
  });
});

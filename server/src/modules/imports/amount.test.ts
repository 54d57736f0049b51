import { describe, expect, it } from 'vitest';
import { parseAmount } from './amount.js';

describe('parseAmount', () => {
  const ok = (raw: string) => {
    const r = parseAmount(raw);
    return r.ok ? r.amount : r.code;
  };
  it.each([
    ['1500', '1500.00'],
    ['8310.6', '8310.60'],
    ['-980', '-980.00'],
    ['£1,234.50', '1234.50'],
    ['$ 1,234,567.8', '1234567.80'],
    ['€12', '12.00'],
    ['GBP 12.5', '12.50'],
    ['12.50 EUR', '12.50'],
    ['(12.50)', '-12.50'],
    ['(1,332.82)', '-1332.82'],
    ['12.50-', '-12.50'],
    [' 1 234,56 ', '1234.56'],
    ['1.234,56', '1234.56'],
    ['12,5', '12.50'],
    ['.5', '0.50'],
    ['-0.00', '0.00'],
    ['0.0000', '0.00'],
    ['1.005', '1.00'],
    ['1.015', '1.02'],
    ['1.0051', '1.01'],
    ['-2.345', '-2.34'],
    ['', 'AMOUNT_MISSING'],
    ['   ', 'AMOUNT_MISSING'],
    ['Nil', 'AMOUNT_INVALID'],
    ['#N/A', 'AMOUNT_INVALID'],
    ['1,2,3', 'AMOUNT_INVALID'],
    ['1e5', 'AMOUNT_INVALID'],
    ['-', 'AMOUNT_INVALID'],
    ['12.3.4', 'AMOUNT_INVALID'],
    ['99999999999999999999', 'AMOUNT_INVALID'],
    // DECIMAL(18,2) holds 16 integer digits, either way; rounding may carry an amount past it.
    ['9999999999999999.99', '9999999999999999.99'],
    ['-9,999,999,999,999,999.99', '-9999999999999999.99'],
    ['10000000000000000', 'AMOUNT_INVALID'],
    ['(10000000000000000.00)', 'AMOUNT_INVALID'],
    ['9999999999999999.995', 'AMOUNT_INVALID'],
    ['9999999999999999.994', '9999999999999999.99'],
  ])('%s → %s', (raw, expected) => expect(ok(raw)).toBe(expected));

  it('names the limit when an amount is too large', () => {
    expect(parseAmount('£10,000,000,000,000,000')).toEqual({
      ok: false,
      code: 'AMOUNT_INVALID',
      message: '"£10,000,000,000,000,000" is too large (amounts are stored up to ±9999999999999999.99).',
    });
  });

  it('flags rounding only when the value changes', () => {
    expect(parseAmount('1.005')).toMatchObject({ ok: true, rounded: true });
    expect(parseAmount('-191628.7100')).toMatchObject({ ok: true, amount: '-191628.71', rounded: false });
  });
  it('reads the currency a symbol or code implies', () => {
    expect(parseAmount('£5')).toMatchObject({ currency: 'GBP' });
    expect(parseAmount('usd 5')).toMatchObject({ currency: 'USD' });
  });
});

import { describe, expect, it } from 'vitest';
import { parseAmount, parseDecimal } from './amount.js';

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

describe('parseDecimal at 6 places (quantities and unit prices)', () => {
  const six = (raw: string) => {
    const r = parseDecimal(raw, 6);
    return r.ok ? { text: r.text, rounded: r.rounded } : r.reason;
  };
  it.each([
    ['10', { text: '10.000000', rounded: false }],
    ['1,250.5', { text: '1250.500000', rounded: false }],
    ['€4.50', { text: '4.500000', rounded: false }],
    ['(2.00)', { text: '-2.000000', rounded: false }],
    ['0,25', { text: '0.250000', rounded: false }],
    // Half to even at the seventh decimal, and a rounding that carries.
    ['0.1234565', { text: '0.123456', rounded: true }],
    ['0.1234575', { text: '0.123458', rounded: true }],
    ['0.99999951', { text: '1.000000', rounded: true }],
    // A decimal comma: before 1–2 digits, after a lone zero, or before 4 or more; "2,500" is two thousand five hundred, as in amounts.
    ['0,125', { text: '0.125000', rounded: false }],
    ['1,2345', { text: '1.234500', rounded: false }],
    ['2,500', { text: '2500.000000', rounded: false }],
    ['-0', { text: '0.000000', rounded: false }],
    ['007.5', { text: '7.500000', rounded: false }],
    ['', 'EMPTY'],
    ['lots', 'NOT_A_NUMBER'],
    ['1.2.3', 'NOT_A_NUMBER'],
    // DECIMAL(18,6) holds 12 whole digits.
    ['999999999999.999999', { text: '999999999999.999999', rounded: false }],
    ['1000000000000', 'TOO_LARGE'],
  ])('%j', (raw, expected) => {
    expect(six(raw)).toEqual(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { average, divRoundHalfEven, divRoundHalfEvenInt, fromScaled, money, ratio, scaleDigits, sumMoney, toScaled } from './decimal.js';

describe('decimal', () => {
  it('parses and formats without floating point', () => {
    expect(toScaled('1234.5', 2)).toBe(123450n);
    expect(toScaled('-0.07', 2)).toBe(-7n);
    expect(fromScaled(123450n, 2)).toBe('1234.50');
    expect(fromScaled(-7n, 2)).toBe('-0.07');
    expect(fromScaled(0n, 2)).toBe('0.00');
    // 0.1 + 0.2 in floating point is 0.30000000000000004; here it is exact.
    expect(sumMoney(['0.10', '0.20'])).toBe('0.30');
    expect(sumMoney(['99999999999999.99', '0.01'])).toBe('100000000000000.00');
  });

  it('formats safe integers as it formats bigints', () => {
    expect([0, 5, -5, 123456, -100, -0].map((c) => fromScaled(c, 2))).toEqual(['0.00', '0.05', '-0.05', '1234.56', '-1.00', '0.00']);
    expect([1_000_000, 1_165_000, 880_001].map((m) => fromScaled(m, 6))).toEqual(['1.000000', '1.165000', '0.880001']);
    expect(fromScaled(42, 0)).toBe('42');
  });

  it('rounds half to even beyond the scale', () => {
    expect(toScaled('2.345', 2)).toBe(234n);
    expect(toScaled('2.355', 2)).toBe(236n);
    expect(toScaled('2.3451', 2)).toBe(235n);
    expect(toScaled('-2.345', 2)).toBe(-234n);
    expect(divRoundHalfEven(5n, 2n)).toBe(2n);
    expect(divRoundHalfEven(7n, 2n)).toBe(4n);
    expect(divRoundHalfEven(-7n, 2n)).toBe(-4n);
    expect(divRoundHalfEven(7n, -2n)).toBe(-4n);
    expect([5, 7, -7, 15, 25, 26, 24].map((n) => divRoundHalfEvenInt(n, 10))).toEqual([0, 1, -1, 2, 2, 3, 2]);
    expect([5, 7, -7].map((n) => divRoundHalfEvenInt(n, 2))).toEqual([2, 4, -4]);
    expect(() => divRoundHalfEvenInt(2 ** 53, 2)).toThrow();
  });

  it('says whether rounding to the scale dropped anything', () => {
    expect(scaleDigits('1', '005', 2)).toEqual({ value: 100n, rounded: true });
    expect(scaleDigits('1', '015', 2)).toEqual({ value: 102n, rounded: true });
    expect(scaleDigits('', '5', 2)).toEqual({ value: 50n, rounded: false });
    expect(scaleDigits('191628', '7100', 2)).toEqual({ value: 19162871n, rounded: false });
    expect(scaleDigits('0', '0051', 2)).toEqual({ value: 1n, rounded: true });
  });

  it('computes ratios and averages exactly, null on zero denominators', () => {
    expect(ratio('1', '3')).toBe('0.333333');
    expect(ratio('2', '3')).toBe('0.666667');
    expect(ratio('5', '0')).toBeNull();
    expect(average('10.00', 3)).toBe('3.33');
    expect(average('10.00', 0)).toBeNull();
    expect(money('12.3')).toBe('12.30');
    expect(money(null)).toBe('0.00');
  });

  it('rejects what is not a decimal', () => {
    expect(() => toScaled('1e5', 2)).toThrow();
    expect(() => toScaled('abc', 2)).toThrow();
  });
});

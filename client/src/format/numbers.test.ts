import { describe, expect, it } from 'vitest';
import { formatChange, formatCountOf, formatDate, formatDecimalExact, formatMoney, formatMoneyBrief, formatMoneyCompact, formatMonth, formatPercent, formatQuantity, formatUnitPrice } from './numbers';

describe('money and percent formatting', () => {
  it('formats full amounts with separators and cents', () => {
    expect(formatMoney('1234567.8', 'EUR')).toBe('€1,234,567.80');
    expect(formatMoney(null, 'EUR')).toBe('—');
    expect(formatMoney('-12.5', 'GBP')).toBe('-£12.50');
    // A Decimal string is formatted as written: a float would show …568.00 for this one.
    expect(formatMoney('12345678901234567.89', 'EUR')).toBe('€12,345,678,901,234,567.89');
  });
  it('formats compact amounts for axes', () => {
    // en-GB writes millions with a lower-case m, as the console shows them.
    expect(formatMoneyCompact('1234567.89', 'EUR')).toBe('€1.2m');
    // Small amounts keep their cents; whole ones (axis ticks) stay short.
    expect(formatMoneyCompact('-14.56', 'EUR')).toBe('-€14.56');
    expect(formatMoneyBrief('0.5', 'GBP')).toBe('£0.50');
    expect(formatMoneyCompact(500, 'EUR')).toBe('€500');
    // A round amount has no trailing zero: €50m, not €50.0m.
    expect(formatMoneyCompact(50_000_000, 'EUR')).toBe('€50m');
    // The figure a change is measured from keeps three digits: "€1bn" cannot explain a 6.3% change.
    expect(formatMoneyBrief('1044600000', 'EUR')).toBe('€1.04bn');
    expect(formatMoneyBrief('112499.99', 'GBP')).toBe('£112k');
  });
  it('formats fractions as percentages', () => {
    expect(formatPercent('0.423456')).toBe('42.3%');
  });
  it('signs changes with arrows', () => {
    expect(formatChange('0.125')).toEqual({ text: '▲ 12.5%', direction: 'up' });
    expect(formatChange('-0.04')).toEqual({ text: '▼ 4%', direction: 'down' });
    expect(formatChange(null)).toBeNull();
  });
  it('labels month keys', () => {
    expect(formatMonth('2025-03')).toBe('Mar 2025');
    // September as the server and the exports write it (the browser's en-GB says "Sept").
    expect(formatMonth('2026-09')).toBe('Sep 2026');
    expect(formatDate('2026-09-05')).toBe('5 Sep 2026');
  });
});

describe('formatDecimalExact', () => {
  it('keeps the places a decimal has, grouped, up to six', () => {
    expect(formatDecimalExact('1234.50')).toBe('1,234.50');
    expect(formatDecimalExact(3)).toBe('3');
    expect(formatDecimalExact('0.1234567')).toBe('0.123457');
    expect(formatDecimalExact('98765432109876543.21')).toBe('98,765,432,109,876,543.21');
  });
});

describe('formatCountOf', () => {
  it('puts the noun in the singular for exactly one, with thousands separators', () => {
    expect(formatCountOf(1, 'supplier', 'suppliers')).toBe('1 supplier');
    expect(formatCountOf(0, 'supplier', 'suppliers')).toBe('0 suppliers');
    expect(formatCountOf(1204, 'category', 'categories')).toBe('1,204 categories');
  });
});

describe('quantities and unit prices', () => {
  it('show the decimals a value has, with separators, and cents at least for prices', () => {
    expect(formatQuantity('1250.500000')).toBe('1,250.5');
    expect(formatQuantity('10.000000')).toBe('10');
    expect(formatQuantity('0.125000')).toBe('0.125');
    expect(formatQuantity(null)).toBe('—');
    expect(formatUnitPrice('4.500000', 'EUR')).toBe('€4.50');
    expect(formatUnitPrice('0.123457', 'GBP')).toBe('£0.123457');
    expect(formatUnitPrice('-2.000000', 'GBP')).toBe('-£2.00');
    expect(formatUnitPrice(null, 'EUR')).toBe('—');
  });
});

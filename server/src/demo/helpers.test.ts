import { describe, expect, it } from 'vitest';
import { convertCents } from './csv.js';
import { AliasTable, Rng } from './random.js';
import { allocateLinesToMonths } from './model.js';
import { parseLineCount, parseSeed } from './seed-options.js';

describe('exact money helpers', () => {
  it('converts with half-to-even rounding on exact halves', () => {
    expect(convertCents(1, 1_500_000)).toBe(2); // 1.5 → 2
    expect(convertCents(1, 2_500_000)).toBe(2); // 2.5 → 2
    expect(convertCents(-1, 2_500_000)).toBe(-2);
    expect(convertCents(3, 500_000)).toBe(2); // 1.5 → 2
    expect(convertCents(10_000, 1_165_432)).toBe(11_654); // 11654.32 → 11654
    expect(() => convertCents(9_000_000_000_000, 1_200_000)).toThrow();
  });
});

describe('randomness', () => {
  it('repeats per seed and label, and differs across them', () => {
    const draw = (seed: number, label: string) => { const r = new Rng(seed, label); return [r.nextUint32(), r.nextUint32(), r.nextUint32()]; };
    expect(draw(1, 'x')).toEqual(draw(1, 'x'));
    expect(draw(1, 'x')).not.toEqual(draw(2, 'x'));
    expect(draw(1, 'x')).not.toEqual(draw(1, 'y'));
  });

  it('draws from an alias table in proportion to the weights', () => {
    const table = new AliasTable([1, 3, 6]);
    const rng = new Rng(42, 'alias');
    const counts = [0, 0, 0];
    for (let i = 0; i < 100_000; i++) counts[table.draw(rng)]++;
    expect(counts[0] / 100_000).toBeCloseTo(0.1, 1);
    expect(counts[2] / 100_000).toBeCloseTo(0.6, 1);
  });
});

describe('allocateLinesToMonths', () => {
  it('splits exactly, with a busy December and a quiet August', () => {
    const months = allocateLinesToMonths(1_000_003);
    expect(months).toHaveLength(36);
    expect(months.reduce((a, b) => a + b, 0)).toBe(1_000_003);
    // Index 1 = December 2023, 9 = August 2024.
    expect(months[1]).toBeGreaterThan(months[9] * 1.5);
  });
});

describe('seed CLI options', () => {
  it.each([
    ['10000', 10_000], ['10k', 10_000], ['1m', 1_000_000], ['10M', 10_000_000], ['2.3m', 2_300_000], ['1_000_000', 1_000_000], ['50M', 50_000_000],
  ])('--lines %s', (text, lines) => expect(parseLineCount(text)).toBe(lines));

  it.each(['9999', '51m', 'lots', '1.5k5', '10.5', ''])('rejects --lines %s', (text) => expect(() => parseLineCount(text)).toThrow(/--lines/));

  it('validates --seed', () => {
    expect(parseSeed('42')).toBe(42);
    expect(() => parseSeed('-1')).toThrow(/--seed/);
    expect(() => parseSeed('4294967296')).toThrow(/--seed/);
  });
});

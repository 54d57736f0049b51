import { describe, expect, it } from 'vitest';
import { nameSimilarity } from './similarity.js';

describe('nameSimilarity', () => {
  it('scores typos and dropped letters high and different companies low', () => {
    expect(nameSimilarity('northwind traders', 'northwind traders')).toBe(1);
    expect(nameSimilarity('northwind traders', 'northwind trader')).toBeGreaterThan(0.9);
    expect(nameSimilarity('oxford direct services', 'oxford direct servces')).toBeGreaterThan(0.85);
    expect(nameSimilarity('contoso', 'fabrikam')).toBeLessThan(0.2);
    expect(nameSimilarity('acme logistics', 'acme catering')).toBeLessThan(0.6);
  });

  it('rates a name with a word the other lacks below the default threshold, and an initial barely counts', () => {
    // "Riverside GmbH & Co. KG" and "Riverside Data SA" normalise to these: two companies.
    // Their bigrams alone score 0.8, the default threshold of the suggestions.
    expect(nameSimilarity('riverside', 'riverside data')).toBeLessThan(0.7);
    expect(nameSimilarity('acme', 'acme industrial')).toBeLessThan(0.5);
    expect(nameSimilarity('pinnacle facilities', 'pinnacle facilties management')).toBeLessThan(0.7);
    // Every word with a close partner: the typo keeps its score; a leading initial costs little.
    expect(nameSimilarity('pinnacle facilities management', 'pinnacle facilties management')).toBeGreaterThan(0.85);
    expect(nameSimilarity('j sainsbury', 'sainsbury')).toBeGreaterThan(0.8);
  });

  it('is symmetric and bounded', () => {
    for (const [a, b] of [['abc', 'abd'], ['', 'x'], ['the same', 'same the']]) {
      expect(nameSimilarity(a, b)).toBe(nameSimilarity(b, a));
      expect(nameSimilarity(a, b)).toBeGreaterThanOrEqual(0);
      expect(nameSimilarity(a, b)).toBeLessThanOrEqual(1);
    }
  });
});

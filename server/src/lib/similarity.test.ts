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

  it('is symmetric and bounded', () => {
    for (const [a, b] of [['abc', 'abd'], ['', 'x'], ['the same', 'same the']]) {
      expect(nameSimilarity(a, b)).toBe(nameSimilarity(b, a));
      expect(nameSimilarity(a, b)).toBeGreaterThanOrEqual(0);
      expect(nameSimilarity(a, b)).toBeLessThanOrEqual(1);
    }
  });
});

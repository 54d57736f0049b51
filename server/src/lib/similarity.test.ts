import { describe, expect, it } from 'vitest';
import { BLOCK_WINDOW, FULL_BLOCK_MAX, forEachCandidatePair, nameSimilarity } from './similarity.js';

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

describe('forEachCandidatePair', () => {
  const firstWord = (name: string) => [`w:${name.split(' ')[0]}`];
  const visited = (items: Array<{ id: number; name: string }>) => {
    const pairs: string[] = [];
    forEachCandidatePair(items, (item) => item.name, firstWord, (a, b, key) => {
      expect(key).toBe([a.id, b.id].sort((x, y) => x - y).join(':'));
      pairs.push(key);
    });
    return pairs;
  };

  it('compares every pair of a small block once, and nothing across blocks', () => {
    const items = [{ id: 1, name: 'acme a' }, { id: 2, name: 'acme b' }, { id: 3, name: 'acme c' }, { id: 4, name: 'zeta' }];
    expect(visited(items).sort()).toEqual(['1:2', '1:3', '2:3']);
    // Two keys shared by the same pair still visit it once.
    const both = (name: string) => [`w:${name.split(' ')[0]}`, `p:${name.slice(0, 3)}`];
    const pairs: string[] = [];
    forEachCandidatePair(items.slice(0, 2), (item) => item.name, both, (a, b) => pairs.push(`${a.id}:${b.id}`));
    expect(pairs).toHaveLength(1);
  });

  it('in a block too large for every pair, compares each name with its sorted neighbours only, and a late typo still meets its name', () => {
    const n = FULL_BLOCK_MAX * 3;
    const items = Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `the ${String(i * 7919 % 100_000).padStart(5, '0')} works` }));
    items.push({ id: n + 1, name: 'the 00000 workz' }); // a typo of item 1's name, added last
    const pairs = visited(items);
    expect(pairs.length).toBeLessThanOrEqual((n + 1) * BLOCK_WINDOW);
    expect(pairs.length).toBeGreaterThan(n * (BLOCK_WINDOW - 1));
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(pairs).toContain(`1:${n + 1}`);
  });
});

import { describe, expect, it } from 'vitest';
import { pacedDelay } from './spend-rollup.js';

describe('pacedDelay: rebuilds under a stream of writes take at most a third of the time', () => {
  it('waits the usual delay after a quiet spell, or before any rebuild', () => {
    expect(pacedDelay(250, 0, 0, 1_000_000)).toBe(250);
    // A 600 ms rebuild that ended 10 s ago is long past its pace.
    expect(pacedDelay(250, 1_000_000, 600, 1_010_000)).toBe(250);
  });

  it('right after a rebuild, waits twice its length from its end', () => {
    expect(pacedDelay(250, 1_000_000, 600, 1_000_000)).toBe(1_200);
    // 500 ms of that gap already gone.
    expect(pacedDelay(250, 1_000_000, 600, 1_000_500)).toBe(700);
    // Never less than the usual delay, even near the end of the gap.
    expect(pacedDelay(250, 1_000_000, 600, 1_001_100)).toBe(250);
  });

  it('a longer rebuild spaces the next one further', () => {
    expect(pacedDelay(250, 1_000_000, 5_000, 1_000_000)).toBe(10_000);
  });
});

/**
 * Source references: each line of a file keeps a distinct, reproducible reference, so importing
 * the same file again yields the same references (idempotent commit).
 */

/**
 * The mapped reference of a row, or a hash of its trimmed cells; a repeat within the file gets
 * "#n". Remembering the references seen is the one per-row cost in memory (a number per
 * distinct reference).
 */
export class SourceRefs {
  private readonly occurrences = new OccurrenceCounter();

  /** `width`: the header's; `column`: the one mapped to the source reference, -1 when none is. */
  constructor(private readonly width: number, private readonly column: number) {}

  of(cells: readonly string[]): string {
    const mapped = this.column < 0 ? undefined : cells[this.column]?.trim();
    const base = mapped ? mapped : `h${hashCells(cells, this.width).toString(36)}`;
    const n = this.occurrences.increment(hash53(base));
    return n === 1 ? base : `${base}#${n}`;
  }
}

/** cyrb53: a fast 53-bit string hash; stable across runs and platforms. */
export function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  return finish(h1, h2);
}

/**
 * Occurrences per 53-bit key: an open-addressing table of the keys in a Float64Array (8 bytes a
 * slot, 0 = empty) and a Map for the few keys seen more than once, so a file of millions of
 * distinct references costs neither a Map entry nor a boxed number each.
 */
class OccurrenceCounter {
  private keys = new Float64Array(1024);
  private mask = 1023;
  private size = 0;
  /** Counts of the keys seen at least twice. */
  private readonly repeats = new Map<number, number>();
  /** The key 0 marks an empty slot, so it is counted apart. */
  private zeros = 0;

  /** Adds one occurrence of `key` (an integer below 2^53, already well mixed) and returns how many there are now. */
  increment(key: number): number {
    if (key === 0) return ++this.zeros;
    const keys = this.keys;
    const mask = this.mask;
    let slot = key & mask;
    for (;;) {
      const k = keys[slot];
      if (k === 0) {
        keys[slot] = key;
        if (++this.size * 2 > mask) this.grow();
        return 1;
      }
      if (k === key) {
        const n = (this.repeats.get(key) ?? 1) + 1;
        this.repeats.set(key, n);
        return n;
      }
      slot = (slot + 1) & mask;
    }
  }

  private grow(): void {
    const old = this.keys;
    const mask = old.length * 2 - 1;
    const keys = new Float64Array(old.length * 2);
    for (let i = 0; i < old.length; i++) {
      const k = old[i];
      if (k === 0) continue;
      let slot = k & mask;
      while (keys[slot] !== 0) slot = (slot + 1) & mask;
      keys[slot] = k;
    }
    this.keys = keys;
    this.mask = mask;
  }
}

/** hash53 of the first `width` cells, trimmed and joined with U+001F, without building that string. */
function hashCells(cells: readonly string[], width: number): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  const count = Math.min(width, cells.length);
  for (let c = 0; c < count; c++) {
    if (c > 0) {
      h1 = Math.imul(h1 ^ 0x1f, 2654435761);
      h2 = Math.imul(h2 ^ 0x1f, 1597334677);
    }
    const text = cells[c].trim();
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ ch, 2654435761);
      h2 = Math.imul(h2 ^ ch, 1597334677);
    }
  }
  return finish(h1, h2);
}

/** cyrb53's final mix of its two 32-bit lanes into one 53-bit number. */
function finish(h1: number, h2: number): number {
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

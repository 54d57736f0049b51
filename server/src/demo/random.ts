/**
 * Seeded randomness for the demo generator. Everything the generator draws comes from here, so
 * the same seed always yields the same data: no Math.random, no clock.
 */

/** 32-bit integer hash (from splitmix32), used to derive independent sub-seeds from one seed. */
function mix32(x: number): number {
  x = (x + 0x9e3779b9) | 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

function hashLabel(label: string): number {
  let h = 0x811c9dc5; // FNV-1a: stable across runs and platforms
  for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** sfc32: small, fast, passes PractRand well beyond what a demo needs. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  /** Second Box–Muller deviate, kept so each pair of uniforms yields two normals. */
  private spareNormal: number | null = null;

  /**
   * One independent stream per (seed, label): each part of the dataset draws from its own stream,
   * so changing how suppliers are generated does not reshuffle every spend line.
   */
  constructor(seed: number, label: string) {
    const s = mix32(seed >>> 0) ^ hashLabel(label);
    this.a = mix32(s);
    this.b = mix32(this.a);
    this.c = mix32(this.b);
    this.d = 1;
    for (let i = 0; i < 12; i++) this.nextUint32(); // warm up away from the seeding pattern
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Uniform integer in [lo, hi] (inclusive). */
  between(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }

  /** Picks by relative weight; for the few small, one-off choices (hot loops use AliasTable). */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      r -= weights[i];
      if (r < 0) return items[i];
    }
    return items[items.length - 1];
  }

  /** `k` distinct items in random order (k is clamped to the list length). */
  sample<T>(items: readonly T[], k: number): T[] {
    const copy = [...items];
    this.shuffle(copy);
    return copy.slice(0, Math.min(k, copy.length));
  }

  shuffle<T>(items: T[]): void {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [items[i], items[j]] = [items[j], items[i]];
    }
  }

  /** Standard normal deviate (Box–Muller). */
  normal(): number {
    if (this.spareNormal !== null) {
      const z = this.spareNormal;
      this.spareNormal = null;
      return z;
    }
    const u = 1 - this.next(); // (0, 1]: log(0) would be -Infinity
    const v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spareNormal = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }
}

/**
 * Walker's alias method: O(1) draws from a fixed discrete distribution. Used for the choices made
 * once per spend line (supplier, business unit), where a linear or binary search would dominate.
 */
export class AliasTable {
  private readonly prob: Float64Array;
  private readonly alias: Int32Array;
  readonly size: number;

  constructor(weights: readonly number[]) {
    const n = weights.length;
    if (n === 0) throw new Error('AliasTable: no weights');
    this.size = n;
    this.prob = new Float64Array(n);
    this.alias = new Int32Array(n);
    const total = weights.reduce((a, b) => a + b, 0);
    const scaled = weights.map((w) => (w * n) / total);
    const small: number[] = [];
    const large: number[] = [];
    scaled.forEach((p, i) => (p < 1 ? small : large).push(i));
    while (small.length > 0 && large.length > 0) {
      const s = small.pop()!;
      const l = large.pop()!;
      this.prob[s] = scaled[s];
      this.alias[s] = l;
      scaled[l] = scaled[l] + scaled[s] - 1;
      (scaled[l] < 1 ? small : large).push(l);
    }
    for (const i of [...small, ...large]) {
      this.prob[i] = 1;
      this.alias[i] = i;
    }
  }

  /** An index in [0, size), drawn with probability proportional to its weight. */
  draw(rng: Rng): number {
    const x = rng.next() * this.size;
    const i = Math.floor(x);
    return x - i < this.prob[i] ? i : this.alias[i];
  }
}

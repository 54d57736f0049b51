/**
 * Turning evidence into ranked probabilities, shared by cross-validation (out-of-fold counts) and
 * the final model (all counts), so the scores calibrated are the scores predicted.
 *
 * Fielded model: score(c) = w₀·log π(c) + Σ_f w_g(f) · v(f, c), where v(f, c) = log(1 + n(f,c) / (α·π(c)))
 * is a feature's evidence for c: the log of P(c | f) / π(c) with a Dirichlet prior of α lines
 * spread like π, less a term that is the same for every category (so categories a feature never
 * saw get 0 and need no work). Word groups are divided by √(words in the group).
 */

export const ALPHA = 1;
/** Scores this far below the best are left out of the softmax's sum (exp(−30) ≈ 1e-13). */
export const NEGLIGIBLE = -30;

export interface Ranked {
  cats: number[];
  probs: number[];
}

/** Per-category scratch for one scoring at a time (sparse accumulation, reset after use). */
export class Scratch {
  readonly acc: Float64Array;
  readonly seen: Uint8Array;
  readonly touched: Int32Array;
  count = 0;
  constructor(k: number) {
    this.acc = new Float64Array(k);
    this.seen = new Uint8Array(k);
    this.touched = new Int32Array(k);
  }
  add(c: number, v: number): void {
    if (this.seen[c] === 0) {
      this.seen[c] = 1;
      this.touched[this.count++] = c;
    }
    this.acc[c] += v;
  }
  reset(): void {
    for (let i = 0; i < this.count; i++) {
      const c = this.touched[i];
      this.acc[c] = 0;
      this.seen[c] = 0;
    }
    this.count = 0;
  }
}

/** The prior part of the scores: w₀·log π(c), its maximum, Σ exp(base − max), categories by base descending. */
export interface Base {
  base: Float64Array;
  /** exp(base − max) per category. */
  exp: Float64Array;
  max: number;
  expSum: number;
  order: Int32Array;
}

export function makeBase(catLines: ArrayLike<number>, w0: number): Base {
  const k = catLines.length;
  let total = 0;
  for (let c = 0; c < k; c++) total += catLines[c];
  const base = new Float64Array(k);
  let max = -Infinity;
  for (let c = 0; c < k; c++) {
    base[c] = w0 * Math.log((catLines[c] + 0.5) / (total + 0.5 * k));
    if (base[c] > max) max = base[c];
  }
  let expSum = 0;
  const exp = new Float64Array(k);
  for (let c = 0; c < k; c++) {
    exp[c] = Math.exp(base[c] - max);
    expSum += exp[c];
  }
  const order = Int32Array.from({ length: k }, (_, i) => i).sort((a, b) => base[b] - base[a] || a - b);
  return { base, exp, max, expSum, order };
}

/** π(c) as the evidence uses it (the same smoothing as the base). */
export function priors(catLines: ArrayLike<number>): Float64Array {
  const k = catLines.length;
  let total = 0;
  for (let c = 0; c < k; c++) total += catLines[c];
  const p = new Float64Array(k);
  for (let c = 0; c < k; c++) p[c] = (catLines[c] + 0.5) / (total + 0.5 * k);
  return p;
}

/**
 * Ranks the categories whose evidence is in `scratch` (then resets it): the best `top` with their
 * softmax probabilities over all categories. `trueCat` ≥ 0 also returns its probability in `trueProb`.
 */
export function rankSparse(scratch: Scratch, b: Base, top: number, out: Ranked, trueCat = -1): number {
  const { base } = b;
  let m = b.max;
  for (let i = 0; i < scratch.count; i++) {
    const c = scratch.touched[i];
    const s = base[c] + scratch.acc[c];
    if (s > m) m = s;
  }
  const shift = Math.exp(b.max - m);
  let z = b.expSum * shift;
  for (let i = 0; i < scratch.count; i++) {
    const c = scratch.touched[i];
    const d = base[c] + scratch.acc[c] - m;
    // A category this far below the best adds less than 1e-13 of it: exp() is most of the time here.
    if (d > NEGLIGIBLE) z += Math.exp(d) - b.exp[c] * shift;
  }
  // The best `top`: touched categories and, after them, the best untouched ones by prior.
  const cats = out.cats;
  const scores: number[] = [];
  cats.length = 0;
  const offer = (c: number, s: number) => {
    let pos = cats.length;
    while (pos > 0 && (scores[pos - 1] < s || (scores[pos - 1] === s && cats[pos - 1] > c))) pos--;
    if (pos >= top) return;
    cats.splice(pos, 0, c);
    scores.splice(pos, 0, s);
    if (cats.length > top) {
      cats.pop();
      scores.pop();
    }
  };
  for (let i = 0; i < scratch.count; i++) {
    const c = scratch.touched[i];
    offer(c, base[c] + scratch.acc[c]);
  }
  for (let i = 0, added = 0; i < b.order.length && added < top; i++) {
    const c = b.order[i];
    if (scratch.seen[c] === 0) {
      offer(c, base[c]);
      added++;
    }
  }
  let trueProb = 0;
  if (trueCat >= 0) trueProb = Math.exp(base[trueCat] + (scratch.seen[trueCat] ? scratch.acc[trueCat] : 0) - m) / z;
  scratch.reset();
  out.probs.length = 0;
  for (const sc of scores) out.probs.push(Math.min(1, Math.exp(sc - m) / z));
  return Math.min(1, trueProb);
}

/** Ranks dense scores (every category scored): softmax, best `top`; skips categories in `skip`. */
export function rankDense(scores: Float64Array, top: number, out: Ranked, skip?: Uint8Array, trueCat = -1): number {
  let m = -Infinity;
  for (let c = 0; c < scores.length; c++) if ((!skip || !skip[c]) && scores[c] > m) m = scores[c];
  let z = 0;
  for (let c = 0; c < scores.length; c++) if (!skip || !skip[c]) z += Math.exp(scores[c] - m);
  out.cats.length = 0;
  out.probs.length = 0;
  // Partial selection of the best `top`.
  for (let c = 0; c < scores.length; c++) {
    if (skip && skip[c]) continue;
    const s = scores[c];
    let pos = out.cats.length;
    while (pos > 0 && scores[out.cats[pos - 1]] < s) pos--;
    if (pos >= top) continue;
    out.cats.splice(pos, 0, c);
    if (out.cats.length > top) out.cats.pop();
  }
  for (const c of out.cats) out.probs.push(Math.exp(scores[c] - m) / z);
  return trueCat >= 0 ? Math.exp(scores[trueCat] - m) / z : 0;
}

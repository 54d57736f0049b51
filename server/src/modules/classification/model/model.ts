/**
 * A trained classifier: per feature (a 48-bit hash) the lines it had in each category, the groups'
 * weights and the calibration. Predicting is a sparse sum over the line's features' categories.
 */
import { calibrate, round, type Calibration } from './calibration.js';
import { baselineFeatures, extractFeatures, GROUP, GROUP_COUNT, IS_WORD_GROUP, WORD_GROUPS, type Feature } from './features.js';
import { ALPHA, makeBase, priors, rankDense, rankSparse, Scratch, type Base, type Ranked } from './scoring.js';
import type { LineFeatures, MethodName, ModelStats, Reason, Suggestion } from './types.js';

const FORMAT = 1;
const ALTERNATIVES = 3;
const EXPLAIN_MIN_WEIGHT = 0.25;

/** What a model is made of; the trainer builds it, serialize() writes it. Features are sorted by hash. */
export interface ModelData {
  method: MethodName;
  /** Weight of each feature group (index = group number) and of the prior. */
  weights: number[];
  w0: number;
  /** Category ids, ascending; every other array names categories by their index here. */
  cats: number[];
  catLines: number[];
  /** Baseline only: word and supplier occurrences per category (lines × features), and the vocabulary's size. */
  catTokens: number[];
  vocab: number;
  featHash: Float64Array;
  featTotal: Float64Array;
  /** Feature i's categories are pairCat[featStart[i] .. featStart[i+1]). */
  featStart: Int32Array;
  pairCat: Int32Array;
  pairCount: Float64Array;
  cal: Calibration;
  stats: ModelStats;
}

export class ClassifierModel {
  readonly stats: ModelStats;
  private readonly d: ModelData;
  /** Feature hash → index, open addressing (faster than a Map of doubles on the prediction path). */
  private readonly indexKeys: Float64Array;
  private readonly indexValues: Int32Array;
  /** log(1 + n(f,c) / (α·π(c))) per pair: the fielded model's evidence before weights. */
  private readonly pairVal: Float64Array;
  private readonly base: Base;
  private readonly scratch: Scratch;
  private readonly catIndex = new Map<number, number>();
  /** Baseline: log π(c) and log(T(c) + V) per category. */
  private readonly logPrior: Float64Array;
  private readonly logDenominator: Float64Array;
  private readonly words = new Int32Array(GROUP_COUNT);

  constructor(data: ModelData) {
    this.d = data;
    this.stats = data.stats;
    let size = 16;
    while (size < data.featHash.length * 2) size *= 2;
    this.indexKeys = new Float64Array(size).fill(-1);
    this.indexValues = new Int32Array(size);
    for (let i = 0; i < data.featHash.length; i++) {
      let slot = slotOf(data.featHash[i], size - 1);
      while (this.indexKeys[slot] !== -1) slot = (slot + 1) & (size - 1);
      this.indexKeys[slot] = data.featHash[i];
      this.indexValues[slot] = i;
    }
    data.cats.forEach((id, i) => this.catIndex.set(id, i));
    const pi = priors(data.catLines);
    this.pairVal = new Float64Array(data.pairCat.length);
    for (let p = 0; p < data.pairCat.length; p++) this.pairVal[p] = Math.log(1 + data.pairCount[p] / (ALPHA * pi[data.pairCat[p]]));
    this.base = makeBase(data.catLines, data.w0);
    this.scratch = new Scratch(data.cats.length);
    this.logPrior = pi.map(Math.log);
    this.logDenominator = Float64Array.from(data.catTokens.length === data.cats.length ? data.catTokens : [], (t) => Math.log(t + data.vocab));
  }

  private lookup(hash: number): number | undefined {
    const mask = this.indexKeys.length - 1;
    let slot = slotOf(hash, mask);
    for (;;) {
      const k = this.indexKeys[slot];
      if (k === hash) return this.indexValues[slot];
      if (k === -1) return undefined;
      slot = (slot + 1) & mask;
    }
  }

  predict(f: LineFeatures, options?: { exclude?: ReadonlySet<number> }): Suggestion | null {
    const k = this.d.cats.length;
    if (k === 0) return null;
    let skip: Uint8Array | undefined;
    if (options?.exclude && options.exclude.size > 0) {
      skip = new Uint8Array(k);
      let left = k;
      for (const id of options.exclude) {
        const c = this.catIndex.get(id);
        if (c !== undefined && !skip[c]) {
          skip[c] = 1;
          left--;
        }
      }
      if (left === 0) return null;
    }
    const ranked: Ranked = { cats: [], probs: [] };
    const top = ALTERNATIVES + 1;
    if (this.d.method === 'baseline-nb') {
      const scores = this.baselineScores(baselineFeatures(f));
      if (scores === null) return null;
      rankDense(scores, top, ranked, skip);
    } else {
      if (!this.accumulate(extractFeatures(f))) return null;
      if (skip) {
        const scores = Float64Array.from(this.base.base);
        for (let i = 0; i < this.scratch.count; i++) scores[this.scratch.touched[i]] += this.scratch.acc[this.scratch.touched[i]];
        this.scratch.reset();
        rankDense(scores, top, ranked, skip);
      } else {
        rankSparse(this.scratch, this.base, top, ranked);
      }
    }
    return this.suggestion(ranked);
  }

  /** Calibrates the top probability; the alternatives share what is left in proportion to their raw probabilities. */
  private suggestion(r: Ranked): Suggestion {
    const p1 = r.probs[0];
    const confidence = round(calibrate(this.d.cal, p1));
    const rest = p1 < 1 ? (1 - confidence) / (1 - p1) : 0;
    const alternatives = [];
    for (let i = 1; i < r.cats.length; i++) {
      const c = round(Math.min(confidence, r.probs[i] * rest));
      if (c <= 0) break;
      alternatives.push({ categoryId: this.d.cats[r.cats[i]], confidence: c });
    }
    return { categoryId: this.d.cats[r.cats[0]], confidence, alternatives };
  }

  /** Adds the fielded evidence of the features to the scratch; false when no feature is known. */
  private accumulate(features: Feature[]): boolean {
    const d = this.d;
    const words = this.words.fill(0);
    for (const ft of features) words[ft.group]++;
    const { acc, seen, touched } = this.scratch;
    let known = false;
    for (const ft of features) {
      const i = this.lookup(ft.hash);
      if (i === undefined) continue;
      const w = d.weights[ft.group] * (IS_WORD_GROUP[ft.group] ? 1 / Math.sqrt(words[ft.group]) : 1);
      known = true;
      if (w === 0) continue;
      const end = d.featStart[i + 1];
      for (let p = d.featStart[i]; p < end; p++) {
        const c = d.pairCat[p];
        if (seen[c] === 0) {
          seen[c] = 1;
          touched[this.scratch.count++] = c;
        }
        acc[c] += w * this.pairVal[p];
      }
    }
    if (!known) this.scratch.reset();
    return known;
  }

  /** Multinomial naive Bayes with Laplace smoothing over every category; null when no feature is known. */
  private baselineScores(features: Feature[]): Float64Array | null {
    const d = this.d;
    const scores = Float64Array.from(this.logPrior);
    let known = 0;
    for (const ft of features) {
      const i = this.lookup(ft.hash);
      if (i === undefined) continue;
      known++;
      for (let p = d.featStart[i]; p < d.featStart[i + 1]; p++) scores[d.pairCat[p]] += Math.log(1 + d.pairCount[p]);
    }
    if (known === 0) return null;
    for (let c = 0; c < scores.length; c++) scores[c] -= known * this.logDenominator[c];
    return scores;
  }

  explain(f: LineFeatures, categoryId: number): Reason[] {
    const c = this.catIndex.get(categoryId);
    if (c === undefined) return [];
    const d = this.d;
    const pi = (d.catLines[c] + 0.5) / (d.catLines.reduce((a, b) => a + b, 0) + 0.5 * d.cats.length);
    const features = this.d.method === 'baseline-nb' ? baselineFeatures(f) : extractFeatures(f);
    const words = wordCounts(features);
    const found: Array<{ strength: number; reason: Reason }> = [];
    const wordList: Array<{ word: string; strength: number }> = [];
    for (const ft of features) {
      const i = this.lookup(ft.hash);
      if (i === undefined) continue;
      let n = 0;
      for (let p = d.featStart[i]; p < d.featStart[i + 1]; p++) if (d.pairCat[p] === c) n = d.pairCount[p];
      if (n === 0) continue;
      // A group the tuning left at a low weight (another carried the same signal) still explains.
      const weight = d.method === 'baseline-nb' ? 1 : Math.max(d.weights[ft.group], EXPLAIN_MIN_WEIGHT);
      const strength = weight * (WORD_GROUPS.has(ft.group) ? 1 / Math.sqrt(words[ft.group]) : 1) * Math.log(1 + n / (ALPHA * pi));
      if (!(strength > 0)) continue;
      const total = d.featTotal[i];
      switch (ft.group) {
        case GROUP.S:
          found.push({ strength, reason: { kind: 'SUPPLIER', categoryLines: n, supplierLines: total } });
          break;
        case GROUP.F:
          found.push({ strength, reason: { kind: 'FAMILY', categoryLines: n, familyLines: total } });
          break;
        case GROUP.R:
          found.push({ strength, reason: { kind: 'RAW_NAME', categoryLines: n, nameLines: total } });
          break;
        case GROUP.W:
          wordList.push({ word: ft.word ?? '', strength });
          break;
        case GROUP.T:
          found.push({ strength, reason: { kind: 'SOURCE_CATEGORY', text: (f.sourceCategory ?? '').trim(), categoryLines: n, textLines: total } });
          break;
        case GROUP.G:
          found.push({ strength, reason: { kind: 'GL_ACCOUNT', categoryLines: n, accountLines: total } });
          break;
        case GROUP.K:
          found.push({ strength, reason: { kind: 'COST_CENTER', categoryLines: n, centerLines: total } });
          break;
      }
    }
    if (wordList.length > 0) {
      wordList.sort((a, b) => b.strength - a.strength || (a.word < b.word ? -1 : 1));
      const best = wordList.slice(0, 4);
      found.push({ strength: best.reduce((s, w) => s + w.strength, 0), reason: { kind: 'WORDS', words: best.map((w) => w.word) } });
    }
    const order = ['SUPPLIER', 'FAMILY', 'RAW_NAME', 'WORDS', 'SOURCE_CATEGORY', 'GL_ACCOUNT', 'COST_CENTER'];
    found.sort((a, b) => b.strength - a.strength || order.indexOf(a.reason.kind) - order.indexOf(b.reason.kind));
    return found.slice(0, 3).map((r) => r.reason);
  }

  serialize(): string {
    const d = this.d;
    const parts: string[] = [];
    for (let i = 0; i < d.featHash.length; i++) {
      const row = [d.featHash[i].toString(36), String(d.featTotal[i])];
      for (let p = d.featStart[i]; p < d.featStart[i + 1]; p++) row.push(d.pairCat[p].toString(36), String(d.pairCount[p]));
      parts.push(row.join(','));
    }
    return JSON.stringify({
      format: FORMAT,
      method: d.method,
      weights: d.weights,
      w0: d.w0,
      cats: d.cats,
      catLines: d.catLines,
      catTokens: d.catTokens,
      vocab: d.vocab,
      cal: d.cal,
      stats: d.stats,
      features: parts.join(' '),
    });
  }

  static deserialize(text: string): ClassifierModel {
    const j = JSON.parse(text) as Omit<ModelData, 'featHash' | 'featTotal' | 'featStart' | 'pairCat' | 'pairCount'> & { format: number; features: string };
    if (j.format !== FORMAT) throw new Error(`Unknown classifier model format ${String(j.format)}`);
    const rows = j.features === '' ? [] : j.features.split(' ');
    const featHash = new Float64Array(rows.length);
    const featTotal = new Float64Array(rows.length);
    const featStart = new Int32Array(rows.length + 1);
    let pairs = 0;
    const split = rows.map((r) => r.split(','));
    for (const r of split) pairs += (r.length - 2) / 2;
    const pairCat = new Int32Array(pairs);
    const pairCount = new Float64Array(pairs);
    let p = 0;
    split.forEach((r, i) => {
      featHash[i] = parseInt(r[0], 36);
      featTotal[i] = Number(r[1]);
      featStart[i] = p;
      for (let x = 2; x < r.length; x += 2) {
        pairCat[p] = parseInt(r[x], 36);
        pairCount[p++] = Number(r[x + 1]);
      }
    });
    featStart[rows.length] = p;
    return new ClassifierModel({
      method: j.method,
      weights: j.weights,
      w0: j.w0,
      cats: j.cats,
      catLines: j.catLines,
      catTokens: j.catTokens,
      vocab: j.vocab,
      cal: j.cal,
      stats: j.stats,
      featHash,
      featTotal,
      featStart,
      pairCat,
      pairCount,
    });
  }
}

/** A 48-bit feature hash's slot: its low bits are already well mixed. */
function slotOf(hash: number, mask: number): number {
  return (hash % 4294967296) & mask;
}

/** How many features of each word group a line has. */
export function wordCounts(features: Feature[]): number[] {
  const n = new Array<number>(GROUP_COUNT).fill(0);
  for (const f of features) n[f.group]++;
  return n;
}

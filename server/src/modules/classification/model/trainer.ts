/**
 * Streams aggregated training rows into (feature × category) line counts per fold, then
 * cross-validates, tunes the groups' weights, calibrates and prunes in finish().
 *
 * Memory is bounded by the distinct (feature, category) pairs, not the rows: a pair is a slot of
 * an open-addressing table (key and one count per fold). Fold k's model is the totals less fold
 * k's counts, so cross-validation needs no second pass. It scores a sample of rows chosen by a hash
 * of their content (the rows with the smallest hashes), so the sample, and with it the model,
 * does not depend on the order rows arrive in.
 */
import { fitIsotonic, round } from './calibration.js';
import { baselineFeatures, extractFeatures, GROUP, GROUP_COUNT, WORD_GROUPS, type Feature } from './features.js';
import { ClassifierModel, type ModelData } from './model.js';
import { ALPHA, NEGLIGIBLE } from './scoring.js';
import type { MethodName, TrainingRow } from './types.js';

export const DEFAULT_FOLDS = 5;
/** Rows scored out of fold to tune the weights and fit the calibration. */
const SAMPLE_ROWS = 20_000;
/** The first rows of the sample (by hash) tune the weights: each try scores them all, a few hundred tries. */
const TUNING_ROWS = 5_000;
/** A feature keeps its most frequent categories only (its total still counts every line). */
const MAX_PAIRS_PER_FEATURE = 24;
/** Features kept in the model, most lines first. */
const MAX_FEATURES = 250_000;
/** Word and whole-text features seen on fewer lines are dropped from the model. */
const MIN_WORD_LINES = 2;
const MAX_CATEGORIES = 65_536;
const WEIGHT_GRID = [0, 0.15, 0.3, 0.5, 0.75, 1, 1.5, 2.5];
const PRIOR_GRID = [0.25, 0.5, 0.75, 1, 1.5];
const TUNING_ROUNDS = 2;

interface SampleRow {
  hash: number;
  feats: Int32Array;
  cat: number;
  fold: number;
  lines: number;
}

export class ClassifierTrainer {
  private readonly folds: number;
  private readonly method: MethodName;
  private readonly catIndex = new Map<number, number>();
  private readonly catIds: number[] = [];
  /** Lines per category and fold: catFold[c][k]. */
  private readonly catFold: Float64Array[] = [];
  /** Baseline: feature occurrences (× lines) per category and fold. */
  private readonly tokFold: Float64Array[] = [];
  /** Feature hash → index (open addressing: a JS Map of a million doubles took ~100 bytes each). */
  private featKeys = new Float64Array(1 << 14).fill(-1);
  private featSlots = new Int32Array(1 << 14);
  private featCount = 0;
  private featHash = new Float64Array(1 << 12);
  private featGroup = new Uint8Array(1 << 12);
  // Open-addressing table of (feature × 65536 + category) → counts per fold.
  private keys = new Float64Array(1 << 16).fill(-1);
  private counts: Uint32Array;
  private used = 0;
  /** Max-heap on hash of the sampled rows. */
  private readonly heap: SampleRow[] = [];
  private lines = 0;
  /** The current row's feature indices (copied only when the row is sampled). */
  private rowFeats = new Int32Array(64);

  constructor(options?: { folds?: number; method?: MethodName }) {
    this.folds = options?.folds ?? DEFAULT_FOLDS;
    if (!Number.isInteger(this.folds) || this.folds < 2) throw new Error('folds must be an integer of at least 2');
    this.method = options?.method ?? 'fielded-nb';
    this.counts = new Uint32Array(this.keys.length * this.folds);
  }

  add(row: TrainingRow): void {
    if (row.foldLines) {
      this.addFolds(row, row.foldLines);
      return;
    }
    const lines = row.lines;
    if (!(lines > 0)) return;
    if (!Number.isInteger(row.fold) || row.fold < 0 || row.fold >= this.folds) throw new Error(`fold ${row.fold} is not in 0..${this.folds - 1}`);
    let cat = this.catIndex.get(row.categoryId);
    if (cat === undefined) {
      if (this.catIds.length >= MAX_CATEGORIES) throw new Error('too many categories');
      cat = this.catIds.length;
      this.catIndex.set(row.categoryId, cat);
      this.catIds.push(row.categoryId);
      this.catFold.push(new Float64Array(this.folds));
      this.tokFold.push(new Float64Array(this.folds));
    }
    this.catFold[cat][row.fold] += lines;
    this.lines += lines;
    const features = this.method === 'baseline-nb' ? baselineFeatures(row) : extractFeatures(row);
    if (this.rowFeats.length < features.length) this.rowFeats = new Int32Array(features.length * 2);
    const feats = this.rowFeats;
    for (let i = 0; i < features.length; i++) {
      const ft = features[i];
      const f = this.feature(ft.hash, ft.group);
      feats[i] = f;
      this.bump(f * 65536 + cat, row.fold, lines);
    }
    this.tokFold[cat][row.fold] += lines * features.length;
    this.sample(row, features, feats, cat);
  }

  /** A row given as lines per fold: counted as one row per fold, its features extracted once. */
  private addFolds(row: TrainingRow, foldLines: readonly number[]): void {
    if (foldLines.length !== this.folds) throw new Error(`foldLines has ${foldLines.length} folds, not ${this.folds}`);
    let total = 0;
    for (const n of foldLines) total += n > 0 ? n : 0;
    if (!(total > 0)) return;
    let cat = this.catIndex.get(row.categoryId);
    if (cat === undefined) {
      if (this.catIds.length >= MAX_CATEGORIES) throw new Error('too many categories');
      cat = this.catIds.length;
      this.catIndex.set(row.categoryId, cat);
      this.catIds.push(row.categoryId);
      this.catFold.push(new Float64Array(this.folds));
      this.tokFold.push(new Float64Array(this.folds));
    }
    const features = this.method === 'baseline-nb' ? baselineFeatures(row) : extractFeatures(row);
    if (this.rowFeats.length < features.length) this.rowFeats = new Int32Array(features.length * 2);
    const feats = this.rowFeats;
    for (let i = 0; i < features.length; i++) feats[i] = this.feature(features[i].hash, features[i].group);
    for (let fold = 0; fold < this.folds; fold++) {
      const lines = foldLines[fold];
      if (!(lines > 0)) continue;
      this.catFold[cat][fold] += lines;
      this.lines += lines;
      for (let i = 0; i < features.length; i++) this.bump(feats[i] * 65536 + cat, fold, lines);
      this.tokFold[cat][fold] += lines * features.length;
      this.sample({ ...row, fold, lines, foldLines: undefined }, features, feats, cat);
    }
  }

  /** The index of a feature, added when new. */
  private feature(hash: number, group: number): number {
    let mask = this.featKeys.length - 1;
    let slot = mix(hash) & mask;
    for (;;) {
      const k = this.featKeys[slot];
      if (k === hash) return this.featSlots[slot];
      if (k === -1) break;
      slot = (slot + 1) & mask;
    }
    const f = this.featCount++;
    if (f === this.featHash.length) {
      const hashes = new Float64Array(f * 2);
      hashes.set(this.featHash);
      this.featHash = hashes;
      const groups = new Uint8Array(f * 2);
      groups.set(this.featGroup);
      this.featGroup = groups;
    }
    this.featHash[f] = hash;
    this.featGroup[f] = group;
    if (this.featCount * 4 > this.featKeys.length * 3) {
      // Grow and re-insert every feature (the new one included).
      this.featKeys = new Float64Array(this.featKeys.length * 2).fill(-1);
      this.featSlots = new Int32Array(this.featKeys.length);
      mask = this.featKeys.length - 1;
      for (let i = 0; i < this.featCount; i++) {
        let sl = mix(this.featHash[i]) & mask;
        while (this.featKeys[sl] !== -1) sl = (sl + 1) & mask;
        this.featKeys[sl] = this.featHash[i];
        this.featSlots[sl] = i;
      }
    } else {
      this.featKeys[slot] = hash;
      this.featSlots[slot] = f;
    }
    return f;
  }

  private bump(key: number, fold: number, lines: number): void {
    if ((this.used + 1) * 4 > this.keys.length * 3) this.grow();
    const mask = this.keys.length - 1;
    let slot = mix(key) & mask;
    for (;;) {
      const k = this.keys[slot];
      if (k === key) break;
      if (k === -1) {
        this.keys[slot] = key;
        this.used++;
        break;
      }
      slot = (slot + 1) & mask;
    }
    this.counts[slot * this.folds + fold] += lines;
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldCounts = this.counts;
    const folds = this.folds;
    this.keys = new Float64Array(oldKeys.length * 2).fill(-1);
    this.counts = new Uint32Array(this.keys.length * folds);
    const mask = this.keys.length - 1;
    for (let s = 0; s < oldKeys.length; s++) {
      const key = oldKeys[s];
      if (key === -1) continue;
      let slot = mix(key) & mask;
      while (this.keys[slot] !== -1) slot = (slot + 1) & mask;
      this.keys[slot] = key;
      for (let k = 0; k < folds; k++) this.counts[slot * folds + k] = oldCounts[s * folds + k];
    }
  }

  private sample(row: TrainingRow, features: Feature[], feats: Int32Array, cat: number): void {
    // The row's content (its features' hashes, category, fold and lines) decides whether it is sampled.
    let a = Math.imul(row.categoryId | 0, 0x9e3779b1) ^ Math.imul(row.fold + 1, 0x85ebca6b) ^ Math.imul(row.lines | 0, 0xc2b2ae35);
    let b = a ^ 0x27d4eb2f;
    for (const ft of features) {
      a = Math.imul(a ^ (ft.hash >>> 0), 0x01000193) ^ ft.group;
      b = Math.imul(b ^ Math.floor(ft.hash / 65536), 0x5bd1e995);
      b ^= b >>> 15;
    }
    a = Math.imul(a ^ (a >>> 16), 0x85ebca6b);
    a ^= a >>> 13;
    const hash = (a >>> 0) * 65536 + ((b >>> 0) & 0xffff);
    const h = this.heap;
    if (h.length >= SAMPLE_ROWS && hash >= h[0].hash) return;
    const item = { hash, feats: feats.slice(0, features.length), cat, fold: row.fold, lines: row.lines };
    if (h.length < SAMPLE_ROWS) {
      h.push(item);
      let i = h.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (h[parent].hash >= h[i].hash) break;
        [h[parent], h[i]] = [h[i], h[parent]];
        i = parent;
      }
      return;
    }
    h[0] = item;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let big = i;
      if (l < h.length && h[l].hash > h[big].hash) big = l;
      if (r < h.length && h[r].hash > h[big].hash) big = r;
      if (big === i) break;
      [h[big], h[i]] = [h[i], h[big]];
      i = big;
    }
  }

  finish(): ClassifierModel {
    const folds = this.folds;
    const k = this.catIds.length;
    // Canonical order: categories by id, features by hash, so the model does not depend on arrival order.
    const catOrder = this.catIds.map((_, i) => i).sort((a, b) => this.catIds[a] - this.catIds[b]);
    const catPerm = new Int32Array(k);
    catOrder.forEach((old, i) => (catPerm[old] = i));
    const nf = this.featCount;
    this.featKeys = new Float64Array(0);
    this.featSlots = new Int32Array(0);
    const featOrder = Int32Array.from({ length: nf }, (_, i) => i).sort((a, b) => this.featHash[a] - this.featHash[b]);
    const featPerm = new Int32Array(nf);
    featOrder.forEach((old, i) => (featPerm[old] = i));
    const catFold = new Float64Array(k * folds);
    const tokFold = new Float64Array(k * folds);
    for (let c = 0; c < k; c++) {
      for (let f = 0; f < folds; f++) {
        catFold[catPerm[c] * folds + f] = this.catFold[c][f];
        tokFold[catPerm[c] * folds + f] = this.tokFold[c][f];
      }
    }

    // All pairs grouped by feature (counting sort), each feature's categories by lines descending, capped.
    const start = new Int32Array(nf + 1);
    for (let s = 0; s < this.keys.length; s++) if (this.keys[s] !== -1) start[featPerm[Math.floor(this.keys[s] / 65536)] + 1]++;
    for (let i = 0; i < nf; i++) start[i + 1] += start[i];
    const fill = start.slice(0, nf);
    const slots = new Int32Array(this.used);
    for (let s = 0; s < this.keys.length; s++) if (this.keys[s] !== -1) slots[fill[featPerm[Math.floor(this.keys[s] / 65536)]]++] = s;
    const featStart = new Int32Array(nf + 1);
    const featTotal = new Float64Array(nf);
    const featGroup = new Uint8Array(nf);
    // Pairs stay in the table: a pair is its slot (for fold counts), category and total.
    const pairSlot = new Int32Array(this.used);
    const pairCat = new Int32Array(this.used);
    const pairTotal = new Float64Array(this.used);
    let out = 0;
    for (let f = 0; f < nf; f++) {
      featGroup[f] = this.featGroup[featOrder[f]];
      featStart[f] = out;
      for (let i = start[f]; i < start[f + 1]; i++) {
        const s = slots[i];
        let n = 0;
        for (let j = 0; j < folds; j++) n += this.counts[s * folds + j];
        featTotal[f] += n;
        pairSlot[out] = s;
        pairCat[out] = catPerm[this.keys[s] % 65536];
        pairTotal[out++] = n;
      }
      const from = featStart[f];
      if (out - from > MAX_PAIRS_PER_FEATURE) {
        // Keep the categories with the most lines.
        const idx = Array.from({ length: out - from }, (_, i) => from + i).sort((a, b) => pairTotal[b] - pairTotal[a] || pairCat[a] - pairCat[b]);
        const kept = idx.slice(0, MAX_PAIRS_PER_FEATURE).map((p) => [pairSlot[p], pairCat[p], pairTotal[p]]);
        kept.forEach(([sl, c, n], i) => {
          pairSlot[from + i] = sl;
          pairCat[from + i] = c;
          pairTotal[from + i] = n;
        });
        out = from + MAX_PAIRS_PER_FEATURE;
      }
      // By category (insertion sort: a handful of pairs).
      for (let i = from + 1; i < out; i++) {
        const [sl, c, n] = [pairSlot[i], pairCat[i], pairTotal[i]];
        let j = i - 1;
        while (j >= from && pairCat[j] > c) {
          pairSlot[j + 1] = pairSlot[j];
          pairCat[j + 1] = pairCat[j];
          pairTotal[j + 1] = pairTotal[j];
          j--;
        }
        pairSlot[j + 1] = sl;
        pairCat[j + 1] = c;
        pairTotal[j + 1] = n;
      }
    }
    featStart[nf] = out;

    const samples = [...this.heap].sort((a, b) => a.hash - b.hash || a.cat - b.cat);
    const cv = new CrossValidation(this.method, folds, k, catFold, tokFold, featStart, featGroup, pairCat, pairSlot, this.counts, pairTotal, nf);
    const rows = samples.map((s) => ({ feats: Int32Array.from(s.feats, (f) => featPerm[f]), cat: catPerm[s.cat], fold: s.fold, lines: s.lines }));
    const tuned = this.method === 'baseline-nb' ? { weights: new Array<number>(GROUP_COUNT).fill(1), w0: 1 } : cv.tune(rows.slice(0, TUNING_ROWS));
    const oof = cv.predictAll(rows, tuned.weights, tuned.w0);
    const cal = fitIsotonic(oof.p1, oof.right, oof.weight);
    let right = 0;
    let weight = 0;
    for (let i = 0; i < oof.p1.length; i++) {
      right += oof.right[i] * oof.weight[i];
      weight += oof.weight[i];
    }

    // Prune: rare words, then the least used features beyond the cap.
    let keep = Array.from({ length: nf }, (_, f) => f).filter((f) => {
      const g = featGroup[f];
      const isText = WORD_GROUPS.has(g) || g === GROUP.D;
      return featTotal[f] >= (isText ? MIN_WORD_LINES : 1);
    });
    if (keep.length > MAX_FEATURES) {
      keep.sort((a, b) => featTotal[b] - featTotal[a] || a - b);
      keep = keep.slice(0, MAX_FEATURES).sort((a, b) => a - b);
    }
    const outStart = new Int32Array(keep.length + 1);
    let pairs = 0;
    for (const f of keep) pairs += featStart[f + 1] - featStart[f];
    const outCat = new Int32Array(pairs);
    const outCount = new Float64Array(pairs);
    let p = 0;
    keep.forEach((f, i) => {
      outStart[i] = p;
      for (let q = featStart[f]; q < featStart[f + 1]; q++) {
        outCat[p] = pairCat[q];
        outCount[p++] = pairTotal[q];
      }
    });
    outStart[keep.length] = p;
    const catLines = Array.from({ length: k }, (_, c) => sumFolds(catFold, c, folds));
    const data: ModelData = {
      method: this.method,
      weights: tuned.weights,
      w0: tuned.w0,
      cats: catOrder.map((old) => this.catIds[old]),
      catLines,
      catTokens: this.method === 'baseline-nb' ? Array.from({ length: k }, (_, c) => sumFolds(tokFold, c, folds)) : [],
      vocab: this.method === 'baseline-nb' ? keep.length : 0,
      featHash: Float64Array.from(keep, (f) => this.featHash[featOrder[f]]),
      featTotal: Float64Array.from(keep, (f) => featTotal[f]),
      featStart: outStart,
      pairCat: outCat,
      pairCount: outCount,
      cal,
      stats: {
        method: this.method,
        lines: this.lines,
        categories: k,
        cvAccuracy: weight > 0 ? round(right / weight) : null,
        features: keep.length,
      },
    };
    return new ClassifierModel(data);
  }
}

function sumFolds(a: Float64Array, c: number, folds: number): number {
  let s = 0;
  for (let j = 0; j < folds; j++) s += a[c * folds + j];
  return s;
}

/** Spreads the bits of a key (feature × 65536 + category) over the table's slots. */
function mix(key: number): number {
  const lo = key >>> 0;
  const hi = Math.floor(key / 4294967296) >>> 0;
  let h = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

interface CvRow {
  feats: Int32Array;
  cat: number;
  fold: number;
  lines: number;
}

/** Out-of-fold scoring of the sampled rows: fold k's counts are the totals less fold k's. */
class CrossValidation {
  /** log π(c) without fold k, [k * K + c]. */
  private readonly logPi: Float64Array;
  /** Categories by π descending per fold (the best a line with no evidence for them could get). */
  private readonly order: Int32Array[];

  constructor(
    private readonly method: MethodName,
    private readonly folds: number,
    private readonly k: number,
    private readonly catFold: Float64Array,
    private readonly tokFold: Float64Array,
    private readonly featStart: Int32Array,
    private readonly featGroup: Uint8Array,
    private readonly pairCat: Int32Array,
    /** A pair's slot in the trainer's table, whose counts are per fold. */
    private readonly pairSlot: Int32Array,
    private readonly slotCounts: Uint32Array,
    private readonly pairTotal: Float64Array,
    private readonly vocab: number,
  ) {
    this.logPi = new Float64Array(folds * k);
    this.order = [];
    for (let j = 0; j < folds; j++) {
      let total = 0;
      for (let c = 0; c < k; c++) total += this.outLines(c, j);
      for (let c = 0; c < k; c++) this.logPi[j * k + c] = Math.log((this.outLines(c, j) + 0.5) / (total + 0.5 * k));
      const lp = this.logPi.subarray(j * k, (j + 1) * k);
      this.order.push(Int32Array.from({ length: k }, (_, i) => i).sort((a, b) => lp[b] - lp[a] || a - b));
    }
  }

  private outLines(c: number, fold: number): number {
    return sumFolds(this.catFold, c, this.folds) - this.catFold[c * this.folds + fold];
  }

  /** Each row's evidence without its fold, as flat (category, group, value) lists. */
  private entries(rows: CvRow[]) {
    const start = new Int32Array(rows.length + 1);
    const cat: number[] = [];
    const group: number[] = [];
    const val: number[] = [];
    const { folds, k } = this;
    rows.forEach((r, i) => {
      start[i] = cat.length;
      const words = new Array<number>(GROUP_COUNT).fill(0);
      for (const f of r.feats) words[this.featGroup[f]]++;
      for (const f of r.feats) {
        const g = this.featGroup[f];
        const norm = WORD_GROUPS.has(g) ? 1 / Math.sqrt(words[g]) : 1;
        for (let p = this.featStart[f]; p < this.featStart[f + 1]; p++) {
          const n = this.pairTotal[p] - this.slotCounts[this.pairSlot[p] * folds + r.fold];
          if (n <= 0) continue;
          const c = this.pairCat[p];
          cat.push(c);
          group.push(g);
          val.push(norm * Math.log(1 + n / (ALPHA * Math.exp(this.logPi[r.fold * k + c]))));
        }
      }
    });
    start[rows.length] = cat.length;
    return { start, cat: Int32Array.from(cat), group: Uint8Array.from(group), val: Float64Array.from(val) };
  }

  /** Coordinate ascent on the groups' weights and the prior's, minimising out-of-fold log loss. */
  tune(rows: CvRow[]): { weights: number[]; w0: number } {
    const weights = new Array<number>(GROUP_COUNT).fill(1);
    let w0 = 1;
    if (rows.length === 0) return { weights, w0 };
    const e = this.entries(rows);
    const present = new Set<number>(e.group);
    let best = this.loss(rows, e, weights, w0);
    for (let round = 0; round < TUNING_ROUNDS; round++) {
      for (let g = -1; g < GROUP_COUNT; g++) {
        if (g >= 0 && !present.has(g)) continue;
        for (const v of g < 0 ? PRIOR_GRID : WEIGHT_GRID) {
          const w = g < 0 ? weights : weights.map((x, i) => (i === g ? v : x));
          const loss = this.loss(rows, e, w, g < 0 ? v : w0);
          if (loss < best - 1e-9) {
            best = loss;
            if (g < 0) w0 = v;
            else weights[g] = v;
          }
        }
      }
    }
    for (let g = 0; g < GROUP_COUNT; g++) if (!present.has(g)) weights[g] = 0;
    return { weights, w0 };
  }

  private loss(rows: CvRow[], e: ReturnType<CrossValidation['entries']>, weights: number[], w0: number): number {
    let loss = 0;
    let total = 0;
    const acc = new Float64Array(this.k);
    const seen = new Uint8Array(this.k);
    const touched: number[] = [];
    const { k } = this;
    const baseMax = new Float64Array(this.folds);
    const baseSum = new Float64Array(this.folds);
    for (let j = 0; j < this.folds; j++) {
      const lp = this.logPi.subarray(j * k, (j + 1) * k);
      baseMax[j] = w0 * lp[this.order[j][0]];
      let s = 0;
      for (let c = 0; c < k; c++) s += Math.exp(w0 * lp[c] - baseMax[j]);
      baseSum[j] = s;
    }
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i];
      const off = r.fold * k;
      for (let q = e.start[i]; q < e.start[i + 1]; q++) {
        const c = e.cat[q];
        if (!seen[c]) {
          seen[c] = 1;
          touched.push(c);
        }
        acc[c] += weights[e.group[q]] * e.val[q];
      }
      let m = baseMax[r.fold];
      for (const c of touched) m = Math.max(m, w0 * this.logPi[off + c] + acc[c]);
      let z = baseSum[r.fold] * Math.exp(baseMax[r.fold] - m);
      for (const c of touched) {
        const b = w0 * this.logPi[off + c];
        if (b + acc[c] - m > NEGLIGIBLE) z += Math.exp(b + acc[c] - m) - Math.exp(b - m);
      }
      const st = w0 * this.logPi[off + r.cat] + acc[r.cat] - m;
      loss -= r.lines * (st - Math.log(z));
      total += r.lines;
      for (const c of touched) {
        acc[c] = 0;
        seen[c] = 0;
      }
      touched.length = 0;
    }
    return loss / total;
  }

  /** Out-of-fold top-1 probability and whether it was right, per row (weights: lines). */
  predictAll(rows: CvRow[], weights: number[], w0: number) {
    const p1 = new Float64Array(rows.length);
    const right = new Float64Array(rows.length);
    const weight = new Float64Array(rows.length);
    const { k, folds } = this;
    const e = this.method === 'baseline-nb' ? null : this.entries(rows);
    const scores = new Float64Array(k);
    rows.forEach((r, i) => {
      const off = r.fold * k;
      if (e === null) {
        // Baseline: Laplace-smoothed multinomial naive Bayes on the counts without this fold.
        let known = 0;
        for (let c = 0; c < k; c++) scores[c] = this.logPi[off + c];
        for (const f of r.feats) {
          let any = false;
          for (let p = this.featStart[f]; p < this.featStart[f + 1]; p++) {
            const n = this.pairTotal[p] - this.slotCounts[this.pairSlot[p] * folds + r.fold];
            if (n <= 0) continue;
            any = true;
            scores[this.pairCat[p]] += Math.log(1 + n);
          }
          if (any) known++;
        }
        if (known === 0) return;
        for (let c = 0; c < k; c++) scores[c] -= known * Math.log(sumFolds(this.tokFold, c, folds) - this.tokFold[c * folds + r.fold] + this.vocab);
      } else {
        if (e.start[i] === e.start[i + 1]) return;
        for (let c = 0; c < k; c++) scores[c] = w0 * this.logPi[off + c];
        for (let q = e.start[i]; q < e.start[i + 1]; q++) scores[e.cat[q]] += weights[e.group[q]] * e.val[q];
      }
      let best = 0;
      let m = -Infinity;
      for (let c = 0; c < k; c++) {
        if (scores[c] > m) {
          m = scores[c];
          best = c;
        }
      }
      let z = 0;
      for (let c = 0; c < k; c++) z += Math.exp(scores[c] - m);
      p1[i] = 1 / z;
      right[i] = best === r.cat ? 1 : 0;
      weight[i] = r.lines;
    });
    return { p1, right, weight };
  }
}

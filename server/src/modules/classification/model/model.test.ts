import { describe, expect, it } from 'vitest';
import { ClassifierModel, ClassifierTrainer, type LineFeatures, type TrainingRow } from './index.js';

const blank: LineFeatures = {
  supplierId: null,
  familyId: null,
  rawSupplierName: null,
  description: null,
  sourceCategory: null,
  glAccountId: null,
  costCenterId: null,
  businessUnitId: null,
  amountBand: null,
};

/** A small deterministic generator, so the data are the same on every run. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** Lines of an organisation: each supplier mostly buys in one category, described with that category's words. */
function lines(count: number, seed = 1): TrainingRow[] {
  const rand = random(seed);
  const words: Record<number, string[]> = {
    10: ['toner', 'cartridge', 'paper', 'printer'],
    20: ['taxi', 'fare', 'journey', 'rail'],
    30: ['cleaning', 'janitorial', 'mop', 'detergent'],
    40: ['laptop', 'monitor', 'licence', 'software'],
  };
  const cats = [10, 20, 30, 40];
  const rows: TrainingRow[] = [];
  for (let i = 0; i < count; i++) {
    const supplierId = 1 + Math.floor(rand() * 40);
    const categoryId = rand() < 0.9 ? cats[supplierId % 4] : cats[Math.floor(rand() * 4)];
    const w = words[categoryId];
    rows.push({
      ...blank,
      supplierId,
      rawSupplierName: `Supplier ${supplierId} Ltd`,
      description: `${w[Math.floor(rand() * 4)]} ${w[Math.floor(rand() * 4)]} order`,
      amountBand: Math.floor(rand() * 7),
      categoryId,
      lines: 1,
      fold: i % 5,
    });
  }
  return rows;
}

function train(rows: TrainingRow[], method?: 'fielded-nb' | 'baseline-nb'): ClassifierModel {
  const t = new ClassifierTrainer({ method });
  for (const r of rows) t.add(r);
  return t.finish();
}

describe('classifier model', () => {
  const rows = lines(3000);
  // A supplier seen only in one category, on many lines.
  for (let i = 0; i < 60; i++) rows.push({ ...blank, supplierId: 999, rawSupplierName: 'Only Stationery', description: 'misc', amountBand: i % 7, categoryId: 10, lines: 1, fold: i % 5 });
  const model = train(rows);

  it('suggests the only category of a supplier seen in one, with high confidence', () => {
    const s = model.predict({ ...blank, supplierId: 999, rawSupplierName: 'Only Stationery', amountBand: 3 });
    expect(s?.categoryId).toBe(10);
    expect(s!.confidence).toBeGreaterThan(0.9);
    expect(s!.confidence).toBeLessThanOrEqual(1);
    for (const a of s!.alternatives) expect(a.confidence).toBeLessThanOrEqual(s!.confidence);
    expect(s!.alternatives.length).toBeLessThanOrEqual(3);
  });

  it('falls back to the description words for a supplier it has never seen', () => {
    expect(model.predict({ ...blank, supplierId: 5000, rawSupplierName: 'Brand New Co', description: 'janitorial detergent' })?.categoryId).toBe(30);
    expect(model.predict({ ...blank, supplierId: 5001, description: 'taxi fare' })?.categoryId).toBe(20);
  });

  it('knows nothing when nothing matches, or when it was trained on nothing', () => {
    expect(model.predict({ ...blank, supplierId: 5000, description: 'zzz qqq' })).toBeNull();
    expect(new ClassifierTrainer().finish().predict({ ...blank, supplierId: 1 })).toBeNull();
  });

  it('leaves out excluded categories and suggests the next best', () => {
    const line = { ...blank, supplierId: 999, rawSupplierName: 'Only Stationery' };
    const first = model.predict(line)!;
    const next = model.predict(line, { exclude: new Set([first.categoryId]) })!;
    expect(next.categoryId).not.toBe(first.categoryId);
    expect(next.alternatives.map((a) => a.categoryId)).not.toContain(first.categoryId);
    expect(first.alternatives.map((a) => a.categoryId)).toContain(next.categoryId);
    expect(model.predict(line, { exclude: new Set([10, 20, 30, 40]) })).toBeNull();
  });

  it('explains with the supplier counts, counted here from the rows', () => {
    const supplierId = 7;
    const supplierLines = rows.filter((r) => r.supplierId === supplierId).reduce((s, r) => s + r.lines, 0);
    const byCat = new Map<number, number>();
    for (const r of rows) if (r.supplierId === supplierId) byCat.set(r.categoryId, (byCat.get(r.categoryId) ?? 0) + r.lines);
    const [cat, categoryLines] = [...byCat].sort((a, b) => b[1] - a[1])[0];
    const reasons = model.explain({ ...blank, supplierId, description: 'order' }, cat);
    expect(reasons.length).toBeLessThanOrEqual(3);
    expect(reasons).toContainEqual({ kind: 'SUPPLIER', categoryLines, supplierLines });
    const words = model.explain({ ...blank, supplierId: 5000, description: 'toner cartridge' }, 10);
    expect(words).toContainEqual({ kind: 'WORDS', words: expect.arrayContaining(['toner', 'cartridge']) });
    expect(model.explain({ ...blank, supplierId: 999 }, 12345)).toEqual([]);
  });

  it('gives the same model whatever order the rows arrive in', () => {
    const shuffledRows = [...rows];
    const rand = random(99);
    for (let i = shuffledRows.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [shuffledRows[i], shuffledRows[j]] = [shuffledRows[j], shuffledRows[i]];
    }
    expect(train(shuffledRows).serialize()).toBe(model.serialize());
    expect(train(shuffledRows, 'baseline-nb').serialize()).toBe(train(rows, 'baseline-nb').serialize());
  });

  it('learns the same from a feature set\'s lines given per fold in one row as from one row per fold', () => {
    // As the SQL would group them: by features, category and fold; then by features and category with lines per fold.
    const key = (r: TrainingRow) => JSON.stringify([r.supplierId, r.rawSupplierName, r.description, r.amountBand, r.categoryId]);
    const perFold = new Map<string, TrainingRow>();
    const vectors = new Map<string, { row: TrainingRow; foldLines: number[] }>();
    for (const r of rows) {
      const k = `${key(r)}|${r.fold}`;
      const seen = perFold.get(k);
      if (seen) seen.lines += r.lines;
      else perFold.set(k, { ...r });
      const v = vectors.get(key(r)) ?? { row: r, foldLines: [0, 0, 0, 0, 0] };
      v.foldLines[r.fold] += r.lines;
      vectors.set(key(r), v);
    }
    expect(vectors.size).toBeLessThan(perFold.size);
    const byFold = train([...perFold.values()]);
    const byVector = train([...vectors.values()].map((v) => ({ ...v.row, fold: 0, lines: 0, foldLines: v.foldLines })));
    expect(byVector.serialize()).toBe(byFold.serialize());
    expect(byVector.stats).toEqual(byFold.stats);
  });

  it('predicts the same after a serialize / deserialize round trip', () => {
    for (const m of [model, train(rows, 'baseline-nb')]) {
      const copy = ClassifierModel.deserialize(m.serialize());
      expect(copy.stats).toEqual(m.stats);
      for (const r of lines(300, 7)) {
        expect(copy.predict(r)).toEqual(m.predict(r));
        expect(copy.explain(r, r.categoryId)).toEqual(m.explain(r, r.categoryId));
      }
    }
  });

  it('reports its method, lines and categories', () => {
    expect(model.stats).toMatchObject({ method: 'fielded-nb', lines: rows.length, categories: 4 });
    expect(model.stats.cvAccuracy).toBeGreaterThan(0.8);
    expect(train(rows, 'baseline-nb').stats.method).toBe('baseline-nb');
  });
});

describe('calibration', () => {
  it('says 0.9 where about 90% are right, on data whose true probabilities are known', () => {
    // Each supplier has a known chance q of being in its main category (else another at random).
    // A line's best possible accuracy is q, so the model's calibrated confidence for its
    // suggestion of the main category should match the observed share of right answers.
    const rand = random(4242);
    const cats = [1, 2, 3, 4, 5, 6, 7, 8];
    const suppliers = Array.from({ length: 400 }, (_, i) => ({ id: i + 1, main: cats[i % 8], q: 0.3 + 0.7 * rand() }));
    const draw = (s: (typeof suppliers)[number]) => {
      if (rand() < s.q) return s.main;
      const others = cats.filter((c) => c !== s.main);
      return others[Math.floor(rand() * others.length)];
    };
    const trainer = new ClassifierTrainer();
    let n = 0;
    for (const s of suppliers) {
      for (let i = 0; i < 60; i++) trainer.add({ ...blank, supplierId: s.id, categoryId: draw(s), lines: 1, fold: n++ % 5 });
    }
    const model = trainer.finish();
    const buckets = [0.3, 0.5, 0.7, 0.85, 1.01];
    const stats = buckets.slice(1).map(() => ({ lines: 0, confidence: 0, right: 0 }));
    for (const s of suppliers) {
      const suggestion = model.predict({ ...blank, supplierId: s.id })!;
      for (let i = 0; i < 200; i++) {
        const b = buckets.findIndex((lo, k) => suggestion.confidence >= lo && suggestion.confidence < buckets[k + 1]);
        if (b < 0) continue;
        stats[b].lines++;
        stats[b].confidence += suggestion.confidence;
        if (draw(s) === suggestion.categoryId) stats[b].right++;
      }
    }
    for (const b of stats) {
      if (b.lines < 2000) continue;
      expect(Math.abs(b.confidence / b.lines - b.right / b.lines)).toBeLessThan(0.06);
    }
    expect(stats.filter((b) => b.lines >= 2000).length).toBeGreaterThanOrEqual(2);
  });
});

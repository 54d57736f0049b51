/**
 * The classification model measured on labelled public spend files: each method's top-1 accuracy,
 * spend-weighted accuracy, calibration and, at the default threshold, precision and the share of
 * spend it would classify; then the pooled threshold at which precision reaches 97%, and a speed
 * and memory check on synthetic rows (docs/classification-model.md).
 * Usage: node --import tsx bench/classify-methods.ts [--no-speed] [--speed-only] [--speed-rows 2000000]
 * Files are read from $SPENDSCOPE_DATASETS/uk-councils-spend-odileeds (default ../shared/datasets from the repo root).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CsvTokenizer } from '../server/src/lib/csv.js';
import { normaliseSupplierName } from '../server/src/lib/normalise.js';
import {
  ClassifierModel,
  ClassifierTrainer,
  DEFAULT_AUTO_THRESHOLD,
  DEFAULT_FOLDS,
  type LineFeatures,
  type MethodName,
  type TrainingRow,
} from '../server/src/modules/classification/model/index.js';
import { GROUPS } from '../server/src/modules/classification/model/features.js';
import { shuffled } from './classify-files.js';
import { printTable } from './stats.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const datasets = resolve(process.env.SPENDSCOPE_DATASETS ?? join(root, '../shared/datasets'), 'uk-councils-spend-odileeds');
const flag = (name: string) => process.argv.includes(`--${name}`);
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const METHODS: MethodName[] = ['baseline-nb', 'fielded-nb'];
const CHOSEN: MethodName = 'fielded-nb';

/** How an importer would map each file's columns to the model's features; the label column is never one of them. */
interface FileSpec {
  name: string;
  file: string;
  label: string;
  supplier: string;
  description?: string[];
  sourceCategory?: string;
  glAccount?: string;
  costCenter?: string;
  businessUnit?: string;
  amount: string;
  /** Split by date: the last month is the test set. */
  dateSplit?: string;
}

const FILES: FileSpec[] = [
  {
    name: 'North Tyneside',
    file: 'northtyneside_2022-07_p.csv',
    label: 'Procurement Classification',
    supplier: 'Supplier (Beneficiary) Name',
    description: ['Purpose of Spend'],
    glAccount: 'SeRCOP Detailed Expenditure Code',
    costCenter: 'Service Category Label',
    businessUnit: 'Directorate / Service Where Expenditure Incurred',
    amount: 'Net Amount',
  },
  {
    name: 'Wakefield',
    file: 'wakefield_2021-Q4.csv',
    label: 'Merchant Category',
    supplier: 'Supplier Name',
    description: ['Purpose Of Spend'],
    costCenter: 'Bvacopse(T)',
    businessUnit: 'Service',
    amount: 'Net Amount',
    dateSplit: 'Payment Date',
  },
  {
    name: 'Sheffield',
    file: 'sheffield_2015-10.csv',
    label: 'Thomson Classification Description',
    supplier: 'Supplier Name',
    description: ['Expense Code Description'],
    sourceCategory: 'Proclass Details Level 1',
    glAccount: 'Expense Code',
    costCenter: 'Business Unit No.',
    businessUnit: 'Organisational Unit',
    amount: 'Invoiced Value',
  },
  {
    name: 'Calderdale',
    file: 'calderdale_2022-08.csv',
    label: "Procurement Classification: Council's Procurement Category Name",
    supplier: 'Supplier(Beneficiary) Name',
    description: ['Definition', 'Purpose of Spend (Summary)'],
    glAccount: 'Expense Code',
    businessUnit: 'Expense Area',
    amount: 'Net Amount',
  },
  {
    name: 'Network Rail',
    file: 'networkrail_2017-03.csv',
    label: 'Category Family',
    supplier: 'Supplier Name',
    amount: 'Spend',
  },
];

interface Line {
  features: LineFeatures;
  category: number;
  spend: number;
  date: string;
}

export function amountBand(amount: number): number {
  const a = Math.abs(amount);
  return a < 10 ? 0 : a < 100 ? 1 : a < 1_000 ? 2 : a < 10_000 ? 3 : a < 100_000 ? 4 : a < 1_000_000 ? 5 : 6;
}

function readLines(spec: FileSpec): Line[] {
  const text = readFileSync(join(datasets, spec.file), 'utf8').replace(/^\uFEFF/, '');
  const tokenizer = new CsvTokenizer(',');
  const rows = tokenizer.push(text);
  tokenizer.end(rows);
  const header = rows[0].cells.map((c) => c.trim());
  const col = (name: string | undefined) => {
    if (name === undefined) return -1;
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`${spec.file}: no column ${name}`);
    return i;
  };
  const ids = new Map<string, number>();
  const id = (kind: string, value: string | undefined): number | null => {
    const v = (value ?? '').trim();
    if (v === '') return null;
    const key = `${kind}\u0001${v}`;
    let n = ids.get(key);
    if (n === undefined) ids.set(key, (n = ids.size + 1));
    return n;
  };
  const [label, supplier, source, gl, cc, bu, amount, date] = [spec.label, spec.supplier, spec.sourceCategory, spec.glAccount, spec.costCenter, spec.businessUnit, spec.amount, spec.dateSplit].map(col);
  const descriptions = (spec.description ?? []).map(col);
  const out: Line[] = [];
  for (const r of rows.slice(1)) {
    const c = r.cells;
    const category = (c[label] ?? '').trim();
    if (category === '') continue;
    const name = (c[supplier] ?? '').trim();
    const description = descriptions.map((i) => (c[i] ?? '').trim()).filter((t) => t !== '').join(' — ');
    const value = Number(c[amount]);
    out.push({
      features: {
        supplierId: name === '' ? null : id('supplier', normaliseSupplierName(name)),
        familyId: null,
        rawSupplierName: name === '' ? null : name,
        description: description === '' ? null : description,
        sourceCategory: source < 0 || (c[source] ?? '').trim() === '' ? null : c[source].trim(),
        glAccountId: gl < 0 ? null : id('gl', c[gl]),
        costCenterId: cc < 0 ? null : id('cc', c[cc]),
        businessUnitId: bu < 0 ? null : id('bu', c[bu]),
        amountBand: Number.isFinite(value) ? amountBand(value) : null,
      },
      category: id('category', category)!,
      spend: Number.isFinite(value) ? Math.abs(value) : 0,
      date: date < 0 ? '' : (c[date] ?? '').slice(0, 7),
    });
  }
  return out;
}


function split(spec: FileSpec, lines: Line[]): { train: Line[]; test: Line[] } {
  if (spec.dateSplit) {
    const last = lines.reduce((m, l) => (l.date > m ? l.date : m), '');
    return { train: lines.filter((l) => l.date < last), test: lines.filter((l) => l.date === last) };
  }
  const s = shuffled(lines, 20240601);
  const cut = Math.round(s.length * 0.7);
  return { train: s.slice(0, cut), test: s.slice(cut) };
}

/** Lines → aggregated rows, as the service's GROUP BY would give them (fold = line number % folds). */
function aggregate(lines: Line[]): TrainingRow[] {
  const rows = new Map<string, TrainingRow>();
  lines.forEach((l, i) => {
    const fold = i % DEFAULT_FOLDS;
    const key = JSON.stringify([l.features, l.category, fold]);
    const row = rows.get(key);
    if (row) row.lines++;
    else rows.set(key, { ...l.features, categoryId: l.category, lines: 1, fold });
  });
  return [...rows.values()];
}

interface Outcome {
  confidence: number;
  right: boolean;
  spend: number;
}

function evaluate(model: ClassifierModel, test: Line[]): Outcome[] {
  return test.map((l) => {
    const s = model.predict(l.features);
    return { confidence: s?.confidence ?? 0, right: s !== null && s.categoryId === l.category, spend: l.spend };
  });
}

function atThreshold(o: Outcome[], t: number) {
  const auto = o.filter((x) => x.confidence >= t);
  const spend = o.reduce((s, x) => s + x.spend, 0);
  return {
    precision: auto.length > 0 ? auto.filter((x) => x.right).length / auto.length : NaN,
    lineShare: auto.length / o.length,
    spendShare: spend > 0 ? auto.reduce((s, x) => s + x.spend, 0) / spend : NaN,
  };
}

const pct = (v: number) => (Number.isFinite(v) ? `${(v * 100).toFixed(1)}%` : '–');
const BUCKETS = [0, 0.5, 0.7, 0.8, 0.9, 0.95, 0.99, 1.0001];

function printCalibration(o: Outcome[]): void {
  const rows: string[][] = [];
  for (let b = 0; b < BUCKETS.length - 1; b++) {
    const inB = o.filter((x) => x.confidence >= BUCKETS[b] && x.confidence < BUCKETS[b + 1]);
    if (inB.length === 0) continue;
    const mean = inB.reduce((s, x) => s + x.confidence, 0) / inB.length;
    const acc = inB.filter((x) => x.right).length / inB.length;
    rows.push([`${BUCKETS[b].toFixed(2)}–${Math.min(1, BUCKETS[b + 1]).toFixed(2)}`, String(inB.length), pct(mean), pct(acc)]);
  }
  printTable(['confidence', 'lines', 'mean confidence', 'observed accuracy'], rows);
}

function benchFiles(): void {
  const summary: Array<Array<string | number>> = [];
  const pooled: Record<string, Outcome[]> = {};
  /** Each file's outcomes under the chosen method, for the mean of the files' spend shares (Network Rail's £25k+ lines would outweigh every council's in a pooled sum). */
  const perFile: Outcome[][] = [];
  for (const spec of FILES) {
    const lines = readLines(spec);
    const { train, test } = split(spec, lines);
    const rows = aggregate(train);
    console.log(`\n## ${spec.name}: ${lines.length} lines, ${new Set(lines.map((l) => l.category)).size} categories; train ${train.length} (${rows.length} rows), test ${test.length}`);
    for (const method of METHODS) {
      const trainer = new ClassifierTrainer({ method });
      const t0 = performance.now();
      for (const r of rows) trainer.add(r);
      const model = trainer.finish();
      const ms = performance.now() - t0;
      const o = evaluate(model, test);
      (pooled[method] ??= []).push(...o);
      if (method === CHOSEN) perFile.push(o);
      const top1 = o.filter((x) => x.right).length / o.length;
      const spend = o.reduce((s, x) => s + x.spend, 0);
      const spendAcc = o.filter((x) => x.right).reduce((s, x) => s + x.spend, 0) / spend;
      const at = atThreshold(o, DEFAULT_AUTO_THRESHOLD);
      summary.push([spec.name, method, pct(top1), pct(spendAcc), pct(at.precision), pct(at.spendShare), pct(at.lineShare), pct(model.stats.cvAccuracy ?? NaN), `${ms.toFixed(0)} ms`]);
      const { weights, w0 } = JSON.parse(model.serialize()) as { weights: number[]; w0: number };
      const tuned = method === 'baseline-nb' ? '' : `; weights prior ${w0} ${GROUPS.map((g, i) => `${g} ${weights[i]}`).join(' ')}`;
      console.log(`\n${method} (cv accuracy ${pct(model.stats.cvAccuracy ?? NaN)}, ${model.stats.features} features, ${(model.serialize().length / 1024).toFixed(0)} KB${tuned}):`);
      printCalibration(o);
    }
  }
  console.log(`\n## Summary (threshold ${DEFAULT_AUTO_THRESHOLD})`);
  printTable(['file', 'method', 'top-1', 'spend-weighted', 'precision@t', 'spend auto', 'lines auto', 'cv acc', 'train'], summary);
  for (const method of METHODS) {
    const rows = summary.filter((r) => r[1] === method);
    const mean = rows.reduce((s, r) => s + parseFloat(String(r[2])), 0) / rows.length;
    console.log(`${method}: mean top-1 ${mean.toFixed(1)}%`);
  }
  console.log('\n## Pooled precision by threshold (all test lines of all files)');
  const table: string[][] = [];
  const chosen = pooled[CHOSEN];
  let lowest: number | null = null;
  const grid = Array.from({ length: 50 }, (_, i) => Math.round((0.5 + i * 0.01) * 100) / 100);
  for (const t of grid) {
    const at = atThreshold(chosen, t);
    const base = atThreshold(pooled['baseline-nb'], t);
    const meanSpend = perFile.reduce((sum, o) => sum + atThreshold(o, t).spendShare, 0) / perFile.length;
    table.push([t.toFixed(2), pct(at.precision), pct(at.spendShare), pct(meanSpend), pct(at.lineShare), pct(base.precision), pct(base.spendShare)]);
  }
  // The lowest threshold from which every higher one keeps precision ≥ 97%.
  for (let i = grid.length - 1; i >= 0; i--) {
    if (atThreshold(chosen, grid[i]).precision >= 0.97) lowest = grid[i];
    else break;
  }
  printTable(['threshold', `${CHOSEN} precision`, 'spend auto (pooled £)', 'spend auto (mean of files)', 'lines auto', 'baseline precision', 'baseline spend auto'], table);
  console.log(`lowest threshold with pooled precision ≥ 97%: ${lowest ?? 'none'} (DEFAULT_AUTO_THRESHOLD = ${DEFAULT_AUTO_THRESHOLD})`);
}

/** Synthetic rows at scale: time the trainer's add and finish, 1M predictions, and the process's memory. */
function benchSpeed(rowCount: number): void {
  let s = 12345;
  const rand = () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s / 4294967296;
  };
  // An organisation's shape: suppliers mostly in one category; descriptions, GL accounts and cost
  // centres drawn mostly from their category's own (with a tenth of lines anywhere), amounts random.
  const CATS = 600;
  const SUPPLIERS = 200_000;
  const VOCAB = 30_000;
  const pick = <T>(items: T[]) => items[Math.floor(rand() * items.length)];
  const supplierCat = Array.from({ length: SUPPLIERS }, () => Math.floor(rand() ** 2 * CATS));
  const catWords = Array.from({ length: CATS }, () => Array.from({ length: 12 }, () => `w${Math.floor(rand() * VOCAB)}`));
  const catDescriptions = catWords.map((w) => Array.from({ length: 40 }, () => `${pick(w)} ${pick(w)} ${rand() < 0.5 ? pick(w) : `w${Math.floor(rand() * VOCAB)}`}`));
  const catGl = Array.from({ length: CATS }, () => Array.from({ length: 3 }, () => Math.floor(rand() * 400)));
  const catCc = Array.from({ length: CATS }, () => Array.from({ length: 8 }, () => Math.floor(rand() * 2000)));
  const line = (): { f: LineFeatures; cat: number } => {
    const sup = Math.floor(rand() ** 1.5 * SUPPLIERS);
    const cat = rand() < 0.9 ? supplierCat[sup] : Math.floor(rand() * CATS);
    const typical = rand() < 0.9;
    return {
      cat,
      f: {
        supplierId: sup,
        familyId: sup % 5 === 0 ? Math.floor(sup / 10) : null,
        rawSupplierName: `Supplier ${sup} Ltd`,
        description: typical ? pick(catDescriptions[cat]) : `w${Math.floor(rand() * VOCAB)} w${Math.floor(rand() * VOCAB)}`,
        sourceCategory: rand() < 0.2 ? `source ${cat % 50}` : null,
        glAccountId: typical ? pick(catGl[cat]) : Math.floor(rand() * 400),
        costCenterId: typical ? pick(catCc[cat]) : Math.floor(rand() * 2000),
        businessUnitId: Math.floor(rand() * 30),
        amountBand: Math.floor(rand() * 7),
      },
    };
  };
  const rss = () => `${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`;
  console.log(`\n## Speed: ${rowCount.toLocaleString('en')} synthetic rows (RSS at start ${rss()})`);
  const trainer = new ClassifierTrainer();
  const cpu = () => process.cpuUsage().user / 1e6;
  let c0 = cpu();
  let t0 = performance.now();
  for (let i = 0; i < rowCount; i++) {
    const { f, cat } = line();
    trainer.add({ ...f, categoryId: cat, lines: 1 + Math.floor(rand() * 8), fold: i % DEFAULT_FOLDS });
  }
  const addMs = performance.now() - t0;
  const addCpu = cpu() - c0;
  c0 = cpu();
  const rssAfterAdd = rss();
  t0 = performance.now();
  const model = trainer.finish();
  const finishMs = performance.now() - t0;
  const finishCpu = cpu() - c0;
  const rssAfterFinish = rss();
  const text = model.serialize();
  const probes = Array.from({ length: 1_000_000 }, () => line().f);
  c0 = cpu();
  t0 = performance.now();
  let made = 0;
  for (const p of probes) if (model.predict(p)) made++;
  const predictMs = performance.now() - t0;
  const predictCpu = cpu() - c0;
  printTable(
    ['add (all rows)', 'RSS after add', 'finish()', 'RSS after finish', 'model', 'features', '1M predictions', 'cv accuracy'],
    [[`${(addMs / 1000).toFixed(1)} s (cpu ${addCpu.toFixed(1)} s)`, rssAfterAdd, `${(finishMs / 1000).toFixed(1)} s (cpu ${finishCpu.toFixed(1)} s)`, rssAfterFinish, `${(text.length / 1024 / 1024).toFixed(1)} MB`, String(model.stats.features), `${(predictMs / 1000).toFixed(1)} s (cpu ${predictCpu.toFixed(1)} s, ${made} made)`, pct(model.stats.cvAccuracy ?? NaN)]],
  );
  console.log(`peak RSS ${rss()}`);
}

if (!flag('speed-only')) benchFiles();
if (!flag('no-speed')) benchSpeed(Number(arg('speed-rows', '2000000')));

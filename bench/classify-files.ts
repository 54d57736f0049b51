/**
 * The labelled council files of `bench/classify.ts`: how each is mapped on import, how it is split
 * into a training and a test part (written as CSV files, the dataset files are only read), and the
 * plain naive Bayes baseline the product's classifier is compared with. Nothing here uses the
 * product's classification code: the baseline is its own small implementation.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CsvTokenizer } from '../server/src/lib/csv.js';

/**
 * One file: its label column and the columns an importer would map to each field (header names).
 * The column choices follow bench/classify-methods.ts where the import has a field for them; the
 * import maps one column per field, so where the model bench joined two description columns the
 * more specific one is mapped, and a second category-like column (Sheffield's Proclass) has no
 * field left: CATEGORY is the label.
 */
export interface FileSpec {
  name: string;
  /** Short code: the prefix of the categories' codes. */
  code: string;
  file: string;
  label: string;
  date: string;
  amount: string;
  supplier: string;
  description?: string;
  businessUnit?: string;
  costCenter?: string;
  glAccount?: string;
  /** Split by month (the last month is the test part) rather than 70/30: the file spans a quarter. */
  byMonth?: boolean;
  /** Columns deliberately left unmapped, and why (printed). */
  unmapped?: string;
}

export const FILES: FileSpec[] = [
  {
    name: 'North Tyneside', code: 'NTY', file: 'northtyneside_2022-07_p.csv', label: 'Procurement Classification',
    date: 'Payment Date', amount: 'Net Amount', supplier: 'Supplier (Beneficiary) Name', description: 'Purpose of Spend',
    businessUnit: 'Directorate / Service Where Expenditure Incurred', costCenter: 'Service Category Label', glAccount: 'SeRCOP Detailed Expenditure Code',
  },
  {
    name: 'Wakefield', code: 'WKF', file: 'wakefield_2021-Q4.csv', label: 'Merchant Category',
    date: 'Payment Date', amount: 'Net Amount', supplier: 'Supplier Name', description: 'Purpose Of Spend',
    businessUnit: 'Service', costCenter: 'Bvacopse(T)', byMonth: true,
  },
  {
    name: 'Sheffield', code: 'SHF', file: 'sheffield_2015-10.csv', label: 'Thomson Classification Description',
    date: 'GL Date', amount: 'Invoiced Value', supplier: 'Supplier Name', description: 'Expense Code Description',
    businessUnit: 'Organisational Unit', costCenter: 'Business Unit No.', glAccount: 'Expense Code',
    unmapped: 'Proclass Details Level 1 (the CATEGORY field carries the label)',
  },
  {
    name: 'Calderdale', code: 'CAL', file: 'calderdale_2022-08.csv', label: "Procurement Classification: Council's Procurement Category Name",
    date: 'Date', amount: 'Net Amount', supplier: 'Supplier(Beneficiary) Name', description: 'Purpose of Spend (Summary)',
    businessUnit: 'Expense Area', glAccount: 'Expense Code',
    unmapped: 'Definition (one-to-one with Purpose of Spend (Summary); one column per field)',
  },
  {
    name: 'Network Rail', code: 'NWR', file: 'networkrail_2017-03.csv', label: 'Category Family',
    date: 'Invoice GL Date', amount: 'Spend', supplier: 'Supplier Name',
    unmapped: 'Item Description (repeats the label)',
  },
];

/** The header of the parts: the file's own, after a row number the import keeps as the line's source reference. */
export const ROW_COLUMN = 'Bench Row';

/** One labelled row of a file. */
export interface Row {
  /** 1-based data row of the dataset file: the join key with the line the import made (its source reference). */
  row: number;
  cells: string[];
  label: string;
  /** Case and surrounding blanks folded, as the import matches category text to a category's name. */
  key: string;
  amount: number;
  month: string;
  supplier: string;
  description: string;
}

export interface Parts {
  header: string[];
  train: Row[];
  test: Row[];
  /** How the file was split, in words. */
  how: string;
  /** Rows left out because their label is blank. */
  unlabelled: number;
}

/** Deterministic shuffle (mulberry32, fixed seed). */
export function shuffled<T>(items: T[], seed: number): T[] {
  let s = seed >>> 0;
  const rand = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

export const SEED = 20240601;

/**
 * Reads a file and splits its labelled rows: by month for a file that spans a quarter (the last month
 * is the test part), else 70/30 after a shuffle with a fixed seed (a monthly file whose invoice
 * dates spill into the next month by a few rows, as Network Rail's, is still split 70/30).
 */
export function readParts(datasets: string, spec: FileSpec): Parts {
  const text = readFileSync(join(datasets, spec.file), 'utf8').replace(/^\uFEFF/, '');
  const tokenizer = new CsvTokenizer(',');
  const records = tokenizer.push(text);
  tokenizer.end(records);
  const header = records[0].cells.map((c) => c.trim());
  const col = (name: string | undefined) => {
    if (name === undefined) return -1;
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`${spec.file}: no column ${name}`);
    return i;
  };
  const [label, date, amount, supplier, description] = [spec.label, spec.date, spec.amount, spec.supplier, spec.description].map(col);
  const rows: Row[] = [];
  let unlabelled = 0;
  records.slice(1).forEach((r, i) => {
    const cells = header.map((_, j) => r.cells[j] ?? '');
    const value = (cells[label] ?? '').trim();
    if (value === '') {
      unlabelled++;
      return;
    }
    const n = Number(cells[amount]);
    rows.push({
      row: i + 1, cells, label: value, key: value.toLowerCase(), amount: Number.isFinite(n) ? n : 0,
      month: cells[date].trim().slice(0, 7), supplier: cells[supplier].trim(), description: description < 0 ? '' : cells[description].trim(),
    });
  });
  const months = [...new Set(rows.map((r) => r.month).filter((m) => m !== ''))].sort();
  if (spec.byMonth && months.length > 1) {
    const last = months[months.length - 1];
    return { header, train: rows.filter((r) => r.month !== '' && r.month < last), test: rows.filter((r) => r.month >= last || r.month === ''), how: `by month: ${months.slice(0, -1).join(', ')} | ${last}`, unlabelled };
  }
  const s = shuffled(rows, SEED);
  const cut = Math.round(s.length * 0.7);
  return { header, train: s.slice(0, cut).sort((a, b) => a.row - b.row), test: s.slice(cut).sort((a, b) => a.row - b.row), how: `70/30, seed ${SEED}`, unlabelled };
}

function csvField(v: string): string {
  return /[",\r\n]/.test(v) || v !== v.trim() ? `"${v.replace(/"/g, '""')}"` : v;
}

/** Writes a part as a CSV file: the row number first, then the file's cells as they were. */
export function writePart(path: string, header: string[], rows: Row[]): void {
  const lines = [[ROW_COLUMN, ...header].map(csvField).join(',')];
  for (const r of rows) lines.push([String(r.row), ...r.cells].map(csvField).join(','));
  writeFileSync(path, `${lines.join('\r\n')}\r\n`);
}

// ---- the baseline: multinomial naive Bayes on the supplier and the description's words ----

const supplierToken = (name: string) => `s:${name.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim()}`;
const wordTokens = (text: string) => [...new Set(text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= 2 && /[a-z]/.test(w)))].map((w) => `w:${w}`);

export interface BaselinePrediction {
  key: string;
  /** The posterior of the chosen class (not calibrated). */
  confidence: number;
}

/** Plain multinomial naive Bayes with Laplace smoothing (α = 1), trained on the training part's rows as read from the file. */
export class NaiveBayes {
  private readonly classLines = new Map<string, number>();
  private readonly classTokens = new Map<string, number>();
  private readonly counts = new Map<string, Map<string, number>>();
  private readonly vocabulary = new Set<string>();
  private lines = 0;

  private tokens(r: Row): string[] {
    return [...(r.supplier ? [supplierToken(r.supplier)] : []), ...wordTokens(r.description)];
  }

  train(rows: Row[]): this {
    for (const r of rows) {
      this.lines++;
      this.classLines.set(r.key, (this.classLines.get(r.key) ?? 0) + 1);
      let m = this.counts.get(r.key);
      if (!m) this.counts.set(r.key, (m = new Map()));
      for (const t of this.tokens(r)) {
        this.vocabulary.add(t);
        m.set(t, (m.get(t) ?? 0) + 1);
        this.classTokens.set(r.key, (this.classTokens.get(r.key) ?? 0) + 1);
      }
    }
    return this;
  }

  predict(r: Row): BaselinePrediction {
    const tokens = this.tokens(r).filter((t) => this.vocabulary.has(t));
    const v = this.vocabulary.size;
    const scores: Array<[string, number]> = [];
    for (const [key, n] of this.classLines) {
      const m = this.counts.get(key)!;
      const total = this.classTokens.get(key) ?? 0;
      let s = Math.log(n / this.lines);
      for (const t of tokens) s += Math.log(((m.get(t) ?? 0) + 1) / (total + v));
      scores.push([key, s]);
    }
    const max = Math.max(...scores.map(([, s]) => s));
    let sum = 0;
    let best: [string, number] = scores[0];
    for (const entry of scores) {
      sum += Math.exp(entry[1] - max);
      if (entry[1] > best[1]) best = entry;
    }
    return { key: best[0], confidence: 1 / sum };
  }
}

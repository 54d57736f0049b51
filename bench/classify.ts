/**
 * The product's classifier measured on labelled council files, through the product: each file on a
 * fresh server process (its own database, the smallest demo), its label values created as leaf
 * categories (`createCategory`), its training part imported over REST with the label column mapped
 * as CATEGORY (so the lines are SOURCE-classified), its test part imported with the same mapping
 * but the label left unmapped, then `retrainClassifier` and the test batch's
 * `classificationSuggestions` paged through and joined with the held-out labels by the line's
 * source reference (a row-number column of the written part, mapped as SOURCE_REF; the model does
 * not read it). A plain naive Bayes on supplier + description words, trained in this script on the
 * training part as read from the file, is the baseline.
 *
 * Usage: node --import tsx bench/classify.ts [--postgres postgres://postgres@127.0.0.1:5432] [--files NTY,WKF,SHF,CAL,NWR]
 *          [--labels source|manual] [--keep-demo]
 *   --labels manual: the training part is imported WITHOUT the label column and its lines are then
 *   classified by hand through `classifyLines` (MANUAL), so they carry no source category text:
 *   a diagnostic of how a file's own category column, kept as the line's source category, shapes
 *   what the classifier learns.
 * Files are read from $SPENDSCOPE_DATASETS/uk-councils-spend-odileeds (default ../shared/datasets from the repo root).
 *
 * First run (DuckDB, commit 5ebbb94): mean top-1 78.4% (baseline 68.8%), pooled precision 96.5% at
 * 0.9; with --labels manual 82.4%, 98.8%. A SOURCE line keeps its label text as its source category,
 * so the model learns from a feature the unlabelled lines never have (cross-validated accuracy
 * 99-100%); and the import links GL accounts and cost centres only to codes that exist, so none of
 * the files' codes reach the model.
 */
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { FILES, NaiveBayes, readParts, ROW_COLUMN, writePart, type FileSpec } from './classify-files.js';
import { freshPgDatabase } from './pg.js';
import { idle, withServer } from './server-process.js';
import { signIn } from './sign-in.js';
import { printTable } from './stats.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const datasets = resolve(process.env.SPENDSCOPE_DATASETS ?? join(root, '../shared/datasets'), 'uk-councils-spend-odileeds');
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const pgServer = arg('postgres', '');
const only = arg('files', '').split(',').filter(Boolean);
const labelsVia = arg('labels', 'source') as 'source' | 'manual';
/** Keep the demo's synthetic lines beside the council's (they are rolled back by default). */
const keepDemo = process.argv.includes('--keep-demo');
if (labelsVia !== 'source' && labelsVia !== 'manual') throw new Error('--labels is source or manual');
const dir = mkdtempSync(join(tmpdir(), 'spendscope-bench-classify-'));

async function gql<T>(url: string, cookie: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data: T; errors?: unknown };
  if (body.errors) throw new Error(`${query.slice(0, 60)}…: ${JSON.stringify(body.errors)}`);
  return body.data;
}


interface BatchResult { id: string; accepted: number; rejected: number; notes: string[] }

/** Upload (REST), validate with `fields` (header → ImportField), commit: the product's import path. */
async function importPart(url: string, cookie: string, path: string, fileName: string, sourceName: string, fields: Array<[string, string]>): Promise<BatchResult> {
  const up = await fetch(`${url}/api/imports?fileName=${encodeURIComponent(fileName)}&sourceName=${encodeURIComponent(sourceName)}`, {
    method: 'POST', headers: { cookie, 'content-type': 'text/csv' }, body: Readable.toWeb(createReadStream(path)) as ReadableStream, duplex: 'half',
  } as RequestInit);
  const uploaded = (await up.json()) as { data?: { id: string }; errors?: unknown };
  if (!uploaded.data) throw new Error(`upload of ${fileName} failed: ${JSON.stringify(uploaded.errors)}`);
  const id = uploaded.data.id;
  const { importBatch } = await gql<{ importBatch: { columns: Array<{ index: number; header: string }> } }>(url, cookie,
    `query($id: ID!) { importBatch(id: $id) { columns { index header } } }`, { id });
  const columns = fields.map(([header, field]) => {
    const c = importBatch.columns.find((x) => x.header.trim() === header);
    if (!c) throw new Error(`${fileName}: the import found no column ${header}`);
    return { field, column: c.index };
  });
  const { validateImport: v } = await gql<{ validateImport: { acceptedCount: number; rejectedCount: number; status: string } }>(url, cookie,
    `mutation($id: ID!, $m: ImportMappingInput!) { validateImport(id: $id, mapping: $m) { acceptedCount rejectedCount status } }`,
    { id, m: { columns, dateFormat: 'ISO', defaultCurrency: 'GBP' } });
  const { commitImport: c } = await gql<{ commitImport: { status: string; notes: string[] } }>(url, cookie,
    `mutation($id: ID!) { commitImport(id: $id) { status notes } }`, { id });
  if (c.status !== 'COMMITTED') throw new Error(`${fileName}: commit ended ${c.status}`);
  return { id, accepted: v.acceptedCount, rejected: v.rejectedCount, notes: c.notes };
}

interface Outcome { file: string; confidence: number; right: boolean; spend: number }

interface FileResult {
  spec: FileSpec;
  how: string;
  trainRows: number;
  testRows: number;
  labels: number;
  product: Outcome[];
  baseline: Outcome[];
  threshold: number;
  status: { method: string | null; trainingLines: number; categories: number; crossValidatedAccuracy: number | null };
  timings: Record<string, number>;
  diagnostics: string[];
}

const seconds = (t: number) => (performance.now() - t) / 1000;

async function runFile(spec: FileSpec, port: number): Promise<FileResult> {
  const parts = readParts(datasets, spec);
  const trainPath = join(dir, `${spec.code}-train.csv`);
  const testPath = join(dir, `${spec.code}-test.csv`);
  writePart(trainPath, parts.header, parts.train);
  writePart(testPath, parts.header, parts.test);
  // The mapping: the same for both parts, the label only in the training part (and in neither with --labels manual).
  const common: Array<[string, string]> = [
    [ROW_COLUMN, 'SOURCE_REF'], [spec.date, 'INVOICE_DATE'], [spec.amount, 'AMOUNT'], [spec.supplier, 'SUPPLIER_NAME'],
    ...(spec.description ? [[spec.description, 'DESCRIPTION'] as [string, string]] : []),
    ...(spec.businessUnit ? [[spec.businessUnit, 'BUSINESS_UNIT'] as [string, string]] : []),
    ...(spec.costCenter ? [[spec.costCenter, 'COST_CENTER'] as [string, string]] : []),
    ...(spec.glAccount ? [[spec.glAccount, 'GL_ACCOUNT'] as [string, string]] : []),
  ];
  const trainFields: Array<[string, string]> = labelsVia === 'source' ? [...common, [spec.label, 'CATEGORY']] : common;
  const postgres = pgServer ? await freshPgDatabase(pgServer, `spendscope_bench_classify_${process.pid}_${spec.code.toLowerCase()}`) : null;
  const timings: Record<string, number> = {};
  const diagnostics: string[] = [];
  try {
    return await withServer({
      db: join(dir, `${spec.code}.duckdb`), port,
      env: {
        SPENDSCOPE_DEMO_LINES: '10000',
        // The classifier trains when asked (retrainClassifier), not in the background after each
        // import, so the retrain phase is timed alone.
        SPENDSCOPE_CLASSIFIER_DEBOUNCE_MS: '3600000',
        ...(postgres ? { SPENDSCOPE_DATABASE_URL: postgres.url } : {}),
      },
    }, async (url, pid) => {
      await idle(pid);
      const cookie = await signIn(`${url}/graphql`, 'admin@spendscope.test');
      // 0. The council's own ledger only: the demo's 10,000 synthetic lines (the seed's batch 1, the
      // smallest the server makes) are rolled back through the product, as an organisation starting
      // afresh would, so they neither train the model nor sway the weights it tunes.
      if (keepDemo) diagnostics.push('demo lines kept (--keep-demo)');
      else await gql(url, cookie, `mutation { rollbackImport(id: "1") { id } }`);

      // 1. The label values as leaf categories under one top-level category named after the file.
      let t = performance.now();
      const { categories: existing } = await gql<{ categories: Array<{ id: string; code: string; name: string; parentId: string | null; version: number }> }>(url, cookie,
        `{ categories { id code name parentId version } }`);
      const { createCategory: top } = await gql<{ createCategory: { id: string } }>(url, cookie,
        `mutation($i: CreateCategoryInput!) { createCategory(input: $i) { id } }`, { i: { code: `BENCH-${spec.code}`, name: `${spec.name} (bench)` } });
      const labels = new Map<string, string>(); // key → label as first written
      for (const r of [...parts.train, ...parts.test]) if (!labels.has(r.key)) labels.set(r.key, r.label);
      const keyById = new Map<string, string>();
      const idByKey = new Map<string, string>();
      let n = 0;
      for (const [key, label] of labels) {
        const { createCategory: c } = await gql<{ createCategory: { id: string } }>(url, cookie,
          `mutation($i: CreateCategoryInput!) { createCategory(input: $i) { id } }`,
          { i: { code: `${spec.code}-${String(++n).padStart(3, '0')}`, name: label.slice(0, 200), parentId: top.id } });
        keyById.set(c.id, key);
        idByKey.set(key, c.id);
      }
      // An import matches category text to a category's code, else its name (case and blanks
      // folded, the lowest id on a tie, leaf or not): a label that is also a demo category's name
      // would go to the demo category, and when that one has children its lines would not train.
      // Such demo categories are renamed first (updateCategory); a label equal to a demo category's
      // code cannot be helped (codes never change) and is counted as that category.
      const parents = new Set(existing.map((c) => c.parentId).filter(Boolean));
      const clashes: string[] = [];
      for (const [key] of labels) {
        const byCode = existing.find((c) => c.code.toLowerCase() === key);
        if (byCode) {
          clashes.push(`"${labels.get(key)}" is demo code ${byCode.code}${parents.has(byCode.id) ? ' (not a leaf: its lines do not train)' : ''}`);
          keyById.set(byCode.id, key);
          continue;
        }
        for (const demo of existing.filter((c) => c.name.trim().toLowerCase() === key)) {
          clashes.push(`"${labels.get(key)}" is the name of demo ${demo.code}${parents.has(demo.id) ? ' (not a leaf)' : ''}, renamed`);
          await gql(url, cookie, `mutation($id: ID!, $v: Int!, $i: UpdateCategoryInput!) { updateCategory(id: $id, version: $v, input: $i) { id } }`,
            { id: demo.id, v: demo.version, i: { name: `${demo.name} (demo)` } });
        }
      }
      if (clashes.length) diagnostics.push(`labels clashing with demo categories: ${clashes.join('; ')}`);
      timings.categories = seconds(t);

      // 2. The two parts through the import (upload, validate, commit).
      t = performance.now();
      const train = await importPart(url, cookie, trainPath, `${spec.code}-train.csv`, `${spec.name} training part`, trainFields);
      timings['import train'] = seconds(t);
      for (const note of train.notes) if (/match|categor/i.test(note)) diagnostics.push(`training batch note: ${note}`);
      t = performance.now();
      const test = await importPart(url, cookie, testPath, `${spec.code}-test.csv`, `${spec.name} test part`, common);
      timings['import test'] = seconds(t);
      if (train.rejected || test.rejected) diagnostics.push(`rows the import rejected: training ${train.rejected}, test ${test.rejected}`);

      if (labelsVia === 'manual') {
        // The training lines by hand: their ids from the lines list (the files' dates lie outside the demo's period), then classifyLines per label.
        t = performance.now();
        const months = parts.train.map((r) => r.month).concat(parts.test.map((r) => r.month)).filter(Boolean).sort();
        const [y, m] = months[months.length - 1].split('-').map(Number);
        const filter = { dateFrom: `${months[0]}-01`, dateTo: new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10) };
        const keyByRow = new Map(parts.train.map((r) => [String(r.row), r.key]));
        const byKey = new Map<string, string[]>();
        for (let offset = 0; ; offset += 500) {
          const { spendLines } = await gql<{ spendLines: { nodes: Array<{ id: string; sourceRef: string; importBatchId: string }>; pageInfo: { hasNextPage: boolean } } }>(url, cookie,
            `query($f: SpendFilter, $p: PageInput) { spendLines(filter: $f, page: $p) { nodes { id sourceRef importBatchId } pageInfo { hasNextPage } } }`,
            { f: filter, p: { offset, limit: 500 } });
          for (const l of spendLines.nodes) {
            const key = l.importBatchId === train.id ? keyByRow.get(l.sourceRef) : undefined;
            if (key !== undefined) byKey.set(key, [...(byKey.get(key) ?? []), l.id]);
          }
          if (!spendLines.pageInfo.hasNextPage) break;
        }
        for (const [key, ids] of byKey) {
          for (let i = 0; i < ids.length; i += 10_000) {
            await gql(url, cookie, `mutation($ids: [ID!], $c: ID) { classifyLines(lineIds: $ids, categoryId: $c) }`, { ids: ids.slice(i, i + 10_000), c: idByKey.get(key) });
          }
        }
        timings['classify training lines by hand'] = seconds(t);
      }

      // 3. Retrain, then the test batch's suggestions.
      t = performance.now();
      const { retrainClassifier: status } = await gql<{ retrainClassifier: FileResult['status'] & { defaultThreshold: number; lastError: string | null } }>(url, cookie,
        `mutation { retrainClassifier { method trainingLines categories crossValidatedAccuracy defaultThreshold lastError } }`);
      timings.retrain = seconds(t);
      if (status.lastError) diagnostics.push(`classifier error: ${status.lastError}`);
      t = performance.now();
      const suggested = new Map<string, { categoryId: string; confidence: number }>();
      let linked = { gl: 0, cc: 0, lines: 0 };
      for (let offset = 0; ; offset += 500) {
        const { classificationSuggestions: page } = await gql<{ classificationSuggestions: {
          nodes: Array<{ line: { sourceRef: string; glAccountName: string | null; costCenterName: string | null }; category: { id: string }; confidence: number }>;
          pageInfo: { hasNextPage: boolean } } }>(url, cookie,
          `query($s: ClassificationSuggestionFilter, $p: PageInput) { classificationSuggestions(suggestions: $s, page: $p) {
             nodes { line { sourceRef glAccountName costCenterName } category { id } confidence } pageInfo { hasNextPage } } }`,
          { s: { importBatchIds: [test.id] }, p: { offset, limit: 500 } });
        for (const node of page.nodes) {
          suggested.set(node.line.sourceRef, { categoryId: node.category.id, confidence: node.confidence });
          linked = { gl: linked.gl + (node.line.glAccountName ? 1 : 0), cc: linked.cc + (node.line.costCenterName ? 1 : 0), lines: linked.lines + 1 };
        }
        if (!page.pageInfo.hasNextPage) break;
      }
      timings['suggestions paging'] = seconds(t);
      if (spec.glAccount || spec.costCenter) {
        diagnostics.push(`test lines linked to a GL account ${linked.gl}/${linked.lines}, to a cost centre ${linked.cc}/${linked.lines} `
          + '(the import links only to accounts and centres that exist; it creates neither)');
      }

      // 4. Join with the held-out labels.
      const baselineModel = new NaiveBayes().train(parts.train);
      const product: Outcome[] = [];
      const baseline: Outcome[] = [];
      let foreign = 0;
      let missing = 0;
      const trainSuppliers = new Set(parts.train.map((r) => r.supplier.toLowerCase()));
      for (const r of parts.test) {
        const s = suggested.get(String(r.row));
        if (!s) missing++;
        else if (!keyById.has(s.categoryId)) foreign++;
        product.push({ file: spec.name, confidence: s?.confidence ?? 0, right: s !== undefined && keyById.get(s.categoryId) === r.key, spend: Math.abs(r.amount) });
        const b = baselineModel.predict(r);
        baseline.push({ file: spec.name, confidence: b.confidence, right: b.key === r.key, spend: Math.abs(r.amount) });
      }
      if (missing) diagnostics.push(`test lines without a suggestion: ${missing} (counted wrong, confidence 0)`);
      if (foreign) diagnostics.push(`test lines suggested a category outside the file's labels (a demo category): ${foreign}`);
      const unseen = parts.test.filter((r) => !trainSuppliers.has(r.supplier.toLowerCase())).length;
      const newLabels = parts.test.filter((r) => !parts.train.some((x) => x.key === r.key)).length;
      diagnostics.push(`test lines whose supplier is not in the training part: ${unseen}/${parts.test.length}; whose label is not: ${newLabels}`);
      return {
        spec, how: parts.how, trainRows: parts.train.length, testRows: parts.test.length, labels: labels.size, product, baseline,
        threshold: status.defaultThreshold, status, timings, diagnostics,
      };
    });
  } finally {
    await postgres?.drop();
  }
}

// ---- measures ----

const pct = (v: number) => (Number.isFinite(v) ? `${(v * 100).toFixed(1)}%` : '–');
const top1 = (o: Outcome[]) => o.filter((x) => x.right).length / o.length;
const spendAcc = (o: Outcome[]) => o.filter((x) => x.right).reduce((s, x) => s + x.spend, 0) / o.reduce((s, x) => s + x.spend, 0);
function atThreshold(o: Outcome[], t: number) {
  const auto = o.filter((x) => x.confidence >= t);
  const spend = o.reduce((s, x) => s + x.spend, 0);
  return {
    precision: auto.length ? auto.filter((x) => x.right).length / auto.length : NaN,
    spendShare: spend > 0 ? auto.reduce((s, x) => s + x.spend, 0) / spend : NaN,
    lineShare: auto.length / o.length,
  };
}
const BUCKETS = [0, 0.5, 0.7, 0.8, 0.9, 0.95, 0.99, 1.0001];
function calibration(o: Outcome[]): string[][] {
  const rows: string[][] = [];
  for (let b = 0; b < BUCKETS.length - 1; b++) {
    const inB = o.filter((x) => x.confidence >= BUCKETS[b] && x.confidence < BUCKETS[b + 1]);
    if (!inB.length) continue;
    rows.push([`${BUCKETS[b].toFixed(2)}–${Math.min(1, BUCKETS[b + 1]).toFixed(2)}`, String(inB.length),
      pct(inB.reduce((s, x) => s + x.confidence, 0) / inB.length), pct(top1(inB))]);
  }
  return rows;
}

const files = FILES.filter((f) => only.length === 0 || only.includes(f.code));
const results: FileResult[] = [];
const started = performance.now();
for (const [i, spec] of files.entries()) {
  process.stdout.write(`${spec.name}… `);
  const r = await runFile(spec, 4830 + i);
  results.push(r);
  console.log(`done (${Object.values(r.timings).reduce((a, b) => a + b, 0).toFixed(1)} s)`);
}
rmSync(dir, { recursive: true, force: true });

const engine = pgServer ? 'PostgreSQL' : 'DuckDB';
console.log(`\n# Classifier on labelled files, through the product (${engine}; training labels ${labelsVia === 'source' ? 'from the file (SOURCE)' : 'by hand (MANUAL)'})`);
for (const r of results) {
  console.log(`\n## ${r.spec.name} (${r.spec.file}): ${r.labels} labels; split ${r.how}; train ${r.trainRows}, test ${r.testRows}`);
  console.log(`- model ${r.status.method}, trained on ${r.status.trainingLines} lines (${keepDemo ? 'file + demo' : 'the file'}), ${r.status.categories} categories, cross-validated accuracy ${pct(r.status.crossValidatedAccuracy ?? NaN)}`);
  if (r.spec.unmapped) console.log(`- unmapped: ${r.spec.unmapped}`);
  for (const d of r.diagnostics) console.log(`- ${d}`);
}

const threshold = results[0]?.threshold ?? NaN;
console.log(`\n## Accuracy on the test parts (threshold ${threshold} = classifierStatus.defaultThreshold; spend = |amount| as published)\n`);
const table: string[][] = [];
const means = { p1: 0, ps: 0, b1: 0, bs: 0, pp: 0, pa: 0, bp: 0, ba: 0 };
for (const r of results) {
  const p = atThreshold(r.product, threshold);
  const b = atThreshold(r.baseline, threshold);
  const row = { p1: top1(r.product), ps: spendAcc(r.product), b1: top1(r.baseline), bs: spendAcc(r.baseline), pp: p.precision, pa: p.spendShare, bp: b.precision, ba: b.spendShare };
  for (const k of Object.keys(means) as Array<keyof typeof means>) means[k] += (Number.isFinite(row[k]) ? row[k] : 0) / results.length;
  table.push([r.spec.name, String(r.testRows), pct(row.p1), pct(row.b1), row.p1 > row.b1 ? 'yes' : 'NO', pct(row.ps), pct(row.bs), pct(row.pp), pct(row.pa), pct(p.lineShare), pct(row.bp), pct(row.ba)]);
}
table.push(['mean of files', '', pct(means.p1), pct(means.b1), '', pct(means.ps), pct(means.bs), pct(means.pp), pct(means.pa), '', pct(means.bp), pct(means.ba)]);
printTable(['file', 'test lines', 'top-1', 'baseline top-1', 'ahead', 'spend-wtd', 'baseline spend-wtd', 'precision@t', 'spend auto@t', 'lines auto@t', 'baseline precision@t', 'baseline spend auto@t'], table);

const pooled = results.flatMap((r) => r.product);
const pooledAt = atThreshold(pooled, threshold);
console.log(`\npooled over files at ${threshold}: precision ${pct(pooledAt.precision)}, spend auto ${pct(pooledAt.spendShare)}, lines auto ${pct(pooledAt.lineShare)}`);

// The threshold curve: what auto-classify would file at each threshold. The recommended default is
// the lowest threshold from which pooled precision stays at 97% or more (model/index.ts,
// DEFAULT_AUTO_THRESHOLD, docs/classification-model.md).
console.log('\n## Auto-classify threshold curve (product)\n');
const curve: string[][] = [];
let lowest: number | null = null;
let broken = false;
let lowestPerFile: number | null = null;
let brokenPerFile = false;
for (let k = 99; k >= 50; k--) {
  const t = k / 100;
  const at = atThreshold(pooled, t);
  const perFile = results.map((r) => atThreshold(r.product, t));
  const fileMean = (f: (x: ReturnType<typeof atThreshold>) => number) => perFile.reduce((sum, x) => sum + (Number.isFinite(f(x)) ? f(x) : 1), 0) / perFile.length;
  if (Number.isFinite(at.precision) && at.precision < 0.97) broken = true;
  if (!broken) lowest = t;
  if (fileMean((x) => x.precision) < 0.97) brokenPerFile = true;
  if (!brokenPerFile) lowestPerFile = t;
  if (k % 2 === 0 || k >= 75) curve.unshift([t.toFixed(2), pct(at.precision), pct(fileMean((x) => x.precision)), pct(at.lineShare), pct(fileMean((x) => x.spendShare))]);
}
printTable(['threshold', 'pooled precision', 'per-file precision', 'lines auto (pooled)', 'spend auto (mean of files)'], curve);
console.log(`
lowest threshold from which precision stays ≥ 97%: pooled ${lowest === null ? 'none' : lowest.toFixed(2)}, in the mean of the files too ${lowestPerFile === null ? 'none' : lowestPerFile.toFixed(2)} (the product's default is ${threshold})`);

console.log('\n## Calibration of the product, pooled over files (the baseline\'s posterior beside it)\n');
const pc = calibration(pooled);
printTable(['confidence', 'lines', 'mean confidence', 'observed accuracy'], pc);
console.log('\nbaseline (uncalibrated posterior):\n');
printTable(['confidence', 'lines', 'mean confidence', 'observed accuracy'], calibration(results.flatMap((r) => r.baseline)));

console.log('\n## Targets\n');
const ahead = results.every((r) => top1(r.product) > top1(r.baseline));
printTable(['target', 'result', 'met'], [
  ['ahead of the baseline (top-1) on every file', results.map((r) => `${r.spec.code} ${pct(top1(r.product))} vs ${pct(top1(r.baseline))}`).join('; '), ahead ? 'yes' : 'NO'],
  ['mean top-1 ≥ 85%', pct(means.p1), means.p1 >= 0.85 ? 'yes' : 'NO'],
  [`precision ≥ 97% at ${threshold} (pooled; per-file mean)`, `${pct(pooledAt.precision)}; ${pct(means.pp)}`, pooledAt.precision >= 0.97 ? 'yes' : 'NO'],
  [`≥ 50% of test spend auto-classified at ${threshold} (mean of files; pooled)`, `${pct(means.pa)}; ${pct(pooledAt.spendShare)}`, means.pa >= 0.5 ? 'yes' : 'NO'],
]);

console.log('\n## Timings (seconds)\n');
const phases = [...new Set(results.flatMap((r) => Object.keys(r.timings)))];
printTable(['file', ...phases], results.map((r) => [r.spec.name, ...phases.map((p) => (r.timings[p] ?? NaN).toFixed(2))]));
console.log(`\nwhole run ${seconds(started).toFixed(0)} s (server starts and demo seeding included)`);

import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { sqlTimestamp } from '../../core/time.js';
import { fromScaled, toScaled } from '../../lib/decimal.js';
import { csvField } from '../../lib/csv-file.js';
import { audit } from '../../core/audit.js';
import { sql, type Sql } from '../../store/sql.js';
import type { Cell, Store } from '../../store/store.js';
import { rematchSpendLines } from '../contracts/contracts.service.js';
import { ClassifierModel, DEFAULT_AUTO_THRESHOLD, type LineFeatures, type ModelStats, type Suggestion, type TrainingRow } from './model/index.js';
import type { WorkerRequest, WorkerResponse } from './classifier.worker.js';
import * as q from './classifier.queries.js';

/**
 * The classifier's life in one process (docs/domain.md, "Classification"): it polls the shared
 * retrain queue, trains when a request has waited out the debounce and no other process on the
 * database is training, scores the unclassified lines and the rules' lines, makes the new version
 * live, and runs auto-classify when it is on. Models are read once per version and kept.
 */

export interface ClassifierTimings {
  /** A retrain waits until no request for one came for this long (bursts of imports train once). */
  debounceMs: number;
  /** How often this process looks at the queue. */
  pollMs: number;
  /** A training whose process stopped beating for this long is taken over. */
  staleMs: number;
}

/** A line's features from a row whose columns follow `FEATURES` (classifier.queries.ts). */
function featureReader(columns: string[]) {
  const at = (name: string) => columns.indexOf(name);
  const [sup, fam, raw, desc, src, gl, cc, bu, band] =
    ['supplier_id', 'family_id', 'raw_supplier_name', 'description', 'source_category', 'gl_account_id', 'cost_center_id', 'business_unit_id', 'band'].map(at);
  const num = (v: Cell) => (v === null || v === undefined ? null : Number(v));
  const str = (v: Cell) => (v === null || v === undefined ? null : String(v));
  return (r: Cell[]): LineFeatures => ({
    supplierId: num(r[sup]), familyId: num(r[fam]), rawSupplierName: str(r[raw]), description: str(r[desc]), sourceCategory: str(r[src]),
    glAccountId: num(r[gl]), costCenterId: num(r[cc]), businessUnitId: num(r[bu]), amountBand: num(r[band]),
  });
}

/** A cell as a field of the feature sets' bulk-load file (lib/csv-file.ts: empty for NULL, quoted when needed). */
function csvCell(v: Cell | undefined): string {
  return csvField(v === null || v === undefined ? null : typeof v === 'number' ? v : String(v));
}

/** A line's features from a keyed row (a queue page's or a group's example, `FEATURES` among its columns). */
export function featuresFromRow(r: Record<string, Cell>): LineFeatures {
  const columns = Object.keys(r);
  return featureReader(columns)(columns.map((c) => r[c]));
}

/** Alternatives as stored in `line_suggestions.alternatives`: "id:confidence;…". */
export function encodeAlternatives(s: Suggestion): string {
  return s.alternatives.slice(0, 3).map((a) => `${a.categoryId}:${a.confidence.toFixed(4)}`).join(';');
}

export function decodeAlternatives(text: string | null): Array<{ categoryId: number; confidence: number }> {
  if (!text) return [];
  return text.split(';').filter(Boolean).map((part) => {
    const [id, confidence] = part.split(':');
    return { categoryId: Number(id), confidence: Number(confidence) };
  });
}

type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/**
 * The worker thread that counts, cross-validates and scores (classifier.worker.ts), one per
 * training; terminated when the training ends or the server stops.
 */
class ClassifierWorker {
  private readonly worker: Worker;
  private next = 0;
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  constructor() {
    // The server runs TypeScript through tsx, and a worker does not inherit its loader: the worker
    // starts as a line of JavaScript that loads the module through tsx's API (messages wait in the
    // port until the module listens).
    const module = new URL('./classifier.worker.ts', import.meta.url).href;
    const tsx = import.meta.resolve('tsx/esm/api');
    this.worker = new Worker(`import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(module)}, ${JSON.stringify(module)}))`, { eval: true });
    this.worker.on('message', (m: WorkerResponse) => {
      const w = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      if (m.ok) w?.resolve(m.value);
      else w?.reject(new Error(m.error));
    });
    const fail = (error: Error) => {
      for (const w of this.waiting.values()) w.reject(error);
      this.waiting.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', () => fail(new Error('The classifier worker stopped.')));
  }

  call<T>(request: Request): Promise<T> {
    const id = ++this.next;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  terminate(): Promise<number> {
    return this.worker.terminate();
  }
}

export interface TrainingOutcome {
  version: number;
  lines: number;
  scored: number;
  autoClassified: number;
  ms: number;
}

export class ClassifierRuntime {
  /** This process among all that share the database. */
  readonly owner = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly models = new Map<number, Promise<ClassifierModel | null>>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<TrainingOutcome | null> | null = null;
  /** The worker of the training running now, stopped with the runtime. */
  private worker: ClassifierWorker | null = null;
  private stopped = false;
  /**
   * One writer at a time in this process between a training's writes and people's decisions:
   * both write the suggestions, and DuckDB refuses the second of two transactions that touch the
   * same rows (PostgreSQL would make one wait; several processes there rely on that).
   */
  private writes: Promise<unknown> = Promise.resolve();

  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.writes.then(work, work);
    this.writes = run.catch(() => undefined);
    return run;
  }

  /** Tests set this to fail a training after its model is stored, before it goes live. */
  faultBeforeLive: (() => void) | null = null;

  /** Where a training says what it did (the server's log once it starts). */
  log: (message: string) => void = () => undefined;

  constructor(
    private readonly store: Store,
    private readonly timings: ClassifierTimings,
  ) {}

  /** Starts polling the retrain queue; returns the function that stops it. */
  start(): () => void {
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      void this.tick(false).catch(() => undefined).finally(() => {
        if (!this.stopped) this.timer = setTimeout(tick, this.timings.pollMs);
      });
    };
    this.timer = setTimeout(tick, Math.min(this.timings.pollMs, 200));
    return () => this.stop();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // A training under way fails at once (and is released) rather than holding the shutdown.
    void this.worker?.terminate();
  }

  /** Whether this process is training now. */
  get busy(): boolean {
    return this.running !== null;
  }

  /** Trains if the queue asks for it (or `force`) and this process may; the outcome, or null when it did not train. */
  tick(force: boolean): Promise<TrainingOutcome | null> {
    if (this.running) return this.running;
    const run = (async () => {
      const now = Date.now();
      const claimed = await q.claimTraining(this.store, this.owner, sqlTimestamp(new Date(now)),
        sqlTimestamp(new Date(now - this.timings.debounceMs)), sqlTimestamp(new Date(now - this.timings.staleMs)), force);
      if (claimed === null) return null;
      return this.train(claimed);
    })();
    this.running = run;
    return run.finally(() => {
      this.running = null;
    });
  }

  /** The model of `version`, read from the database once per process. */
  model(store: Store, version: number): Promise<ClassifierModel | null> {
    let model = this.models.get(version);
    if (!model) {
      model = q.modelText(store, version).then((text) => (text === null ? null : ClassifierModel.deserialize(text)));
      model.catch(() => this.models.delete(version));
      this.models.set(version, model);
      // Two versions at most are read at once (the live one and the one about to be).
      for (const key of [...this.models.keys()]) if (key < version - 1) this.models.delete(key);
    }
    return model;
  }

  private async train(claimed: number): Promise<TrainingOutcome> {
    const started = performance.now();
    const store = this.store;
    const heartbeat = setInterval(() => void q.beat(store, this.owner, sqlTimestamp(new Date())).catch(() => undefined), Math.max(500, this.timings.staleMs / 4));
    let version: number | null = null;
    const worker = new ClassifierWorker();
    this.worker = worker;
    try {
      await worker.call({ type: 'train' });
      let lines = 0;
      let read: ReturnType<typeof featureReader> | null = null;
      // The worker counts one chunk while this thread reads and converts the next (two cores at
      // work instead of one taking turns); at most one chunk waits, so memory stays bounded.
      let adding: Promise<unknown> | null = null;
      for await (const chunk of store.stream(q.trainingRows(), { name: 'classifier.trainingRows', timeoutMs: 600_000 })) {
        read ??= featureReader(chunk.columns);
        const category = chunk.columns.indexOf('category_id');
        const folds = ['f0', 'f1', 'f2', 'f3', 'f4'].map((f) => chunk.columns.indexOf(f));
        const rows: TrainingRow[] = chunk.rows.map((r) => {
          const foldLines = folds.map((f) => Number(r[f]));
          for (const n of foldLines) lines += n;
          return { ...read!(r), categoryId: Number(r[category]), lines: 0, fold: 0, foldLines };
        });
        if (adding) await adding;
        adding = worker.call({ type: 'add', rows });
      }
      if (adding) await adding;
      const { text, stats } = await worker.call<{ text: string; stats: ModelStats }>({ type: 'finish' });
      version = await q.nextVersion(store);
      const trainedAt = sqlTimestamp(new Date());
      await q.insertModel(store, { version, trainedAt, method: stats.method, lines: stats.lines, categories: stats.categories, cvAccuracy: stats.cvAccuracy, text });
      const scored = await this.scoreUnclassified(worker, version);
      await this.scoreRules(worker, version);
      this.faultBeforeLive?.();
      const live = version;
      const autoClassified = await this.exclusive(async () => {
        // Lines people rejected while this version scored keep their rejection.
        await store.execute(sql`DELETE FROM line_suggestions AS g WHERE g.model_version = ${live}
          AND EXISTS (SELECT 1 FROM line_rejections r WHERE r.line_id = g.line_id AND r.category_id = g.category_id)`, { name: 'classifier.dropRejectedSince' });
        await store.transaction((tx) => q.goLive(tx, live, scored));
        const settings = await q.settings(store);
        if (!settings.auto_classify) return 0;
        const threshold = settings.threshold === null ? DEFAULT_AUTO_THRESHOLD : Number(settings.threshold);
        return (await autoClassify(store, live, threshold, settings.updated_by)).lines;
      });
      await q.release(store, this.owner, claimed, null);
      const ms = Math.round(performance.now() - started);
      this.log(`classifier: version ${live} trained on ${lines.toLocaleString('en-GB')} lines (${stats.categories} categories, ` +
        `cross-validated accuracy ${stats.cvAccuracy === null ? 'n/a' : `${(stats.cvAccuracy * 100).toFixed(1)}%`}), ` +
        `${scored.toLocaleString('en-GB')} unclassified lines scored${autoClassified ? `, ${autoClassified.toLocaleString('en-GB')} auto-classified` : ''} in ${ms} ms`);
      return { version: live, lines, scored, autoClassified, ms };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (version !== null) await q.dropVersion(store, version).catch(() => undefined);
      await q.release(store, this.owner, claimed, message.slice(0, 500)).catch(() => undefined);
      this.log(`classifier: training failed: ${message}`);
      throw error;
    } finally {
      clearInterval(heartbeat);
      this.worker = null;
      await worker.terminate();
    }
  }

  /**
   * Scores every unclassified line at `version`: each distinct feature set of those lines (with the
   * categories rejected for it) is read once, predicted in the worker and stored with its
   * suggestion in `suggestion_features` in one bulk load; the engine then gives each line its
   * set's suggestion (`insertScored`), so no line travels to JavaScript. Returns how many lines.
   */
  private async scoreUnclassified(worker: ClassifierWorker, version: number): Promise<number> {
    const dir = await mkdtemp(join(tmpdir(), 'spendscope-classifier-'));
    const file = join(dir, 'feature-sets.csv');
    try {
      const out = createWriteStream(file);
      const write = async (text: string) => {
        if (!out.write(text)) await once(out, 'drain');
      };
      await write(`${q.SCORED_SET_COLUMNS.join(',')}\n`);
      let sets = 0;
      let read: ReturnType<typeof featureReader> | null = null;
      for await (const chunk of this.store.stream(q.unclassifiedSets(), { name: 'classifier.unclassifiedSets', timeoutMs: 600_000 })) {
        read ??= featureReader(chunk.columns);
        const rejected = chunk.columns.indexOf('rejected');
        const featureAt = q.FEATURE_COLUMNS.map((c) => chunk.columns.indexOf(c));
        const predicted = await worker.call<Array<Suggestion | null>>({
          type: 'predict', items: chunk.rows.map((r) => [read!(r), r[rejected] === null ? null : String(r[rejected])]),
        });
        let text = '';
        chunk.rows.forEach((r, i) => {
          const s = predicted[i];
          if (!s) return;
          text += `${version},${++sets}${featureAt.map((at) => `,${csvCell(r[at])}`).join('')},${csvCell(r[rejected])},` +
            `${s.categoryId},${s.confidence.toFixed(4)},${encodeAlternatives(s)}\n`;
        });
        await write(text);
      }
      out.end();
      await once(out, 'close');
      if (sets === 0) return 0;
      await this.store.loadCsv('suggestion_features', q.SCORED_SET_COLUMNS, file);
      return await q.insertScored(this.store, version);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** The rules' lines the model would file elsewhere (the disputed-rules list). */
  private async scoreRules(worker: ClassifierWorker, version: number): Promise<void> {
    const found = new Map<string, { ruleId: number; categoryId: number; lines: number; cents: bigint; confidenceSum: number; minConfidence: number }>();
    let read: ReturnType<typeof featureReader> | null = null;
    for await (const chunk of this.store.stream(q.ruleLineGroups(), { name: 'classifier.ruleLines', timeoutMs: 600_000 })) {
      read ??= featureReader(chunk.columns);
      const [rule, category, n, spend] = ['rule_id', 'category_id', 'n', 'spend'].map((c) => chunk.columns.indexOf(c));
      const predicted = await worker.call<Array<Suggestion | null>>({ type: 'predict', items: chunk.rows.map((r) => [read!(r), null]) });
      for (const [i, r] of chunk.rows.entries()) {
        const s = predicted[i];
        if (!s || s.categoryId === Number(r[category]) || s.confidence < 0.5) continue;
        const hundredth = Math.floor(s.confidence * 100) / 100;
        const key = `${r[rule]}:${s.categoryId}:${hundredth}`;
        const entry = found.get(key) ?? { ruleId: Number(r[rule]), categoryId: s.categoryId, lines: 0, cents: 0n, confidenceSum: 0, minConfidence: hundredth };
        const lines = Number(r[n]);
        entry.lines += lines;
        entry.cents += toScaled(String(r[spend] ?? '0'), 2);
        entry.confidenceSum += s.confidence * lines;
        found.set(key, entry);
      }
    }
    const rows = [...found.values()].map((e) => ({ ...e, spend: fromScaled(e.cents, 2) }));
    for (let i = 0; i < rows.length; i += 500) await q.insertDisputes(this.store, version, rows.slice(i, i + 500));
  }

  /** Scores some lines again with the live model (after a reject or its undo): their new suggestions. */
  async rescore(store: Store, version: number, where: Sql) {
    const model = await this.model(store, version);
    const out: Array<{ lineId: string; categoryId: number; confidence: number; alternatives: string }> = [];
    if (!model) return out;
    const rows = await store.query(q.unclassifiedLines(where), { name: 'classifier.rescoreLines' });
    for (const r of rows) {
      const s = model.predict(featuresFromRow(r), r.rejected ? { exclude: new Set(String(r.rejected).split(',').map(Number)) } : undefined);
      if (s) out.push({ lineId: String(r.id), categoryId: s.categoryId, confidence: s.confidence, alternatives: encodeAlternatives(s) });
    }
    return out;
  }
}

/**
 * Files the live version's suggestions at or above `threshold` as MODEL, as one action that can
 * be undone (docs/domain.md, "Classification"); only lines still unclassified.
 */
export async function autoClassify(store: Store, version: number, threshold: number, userId: number | null) {
  return store.transaction(async (tx) => {
    const now = sqlTimestamp(new Date());
    const actionId = await q.insertAction(tx, 'AUTO', userId, version, now);
    await q.recordLines(tx, actionId,
      sql`line_suggestions g JOIN spend_lines s ON s.id = g.line_id
          WHERE g.model_version = ${version} AND s.classification_source = 'NONE' AND g.confidence >= ${threshold}`,
      sql`g.category_id`, 'MODEL');
    const totals = await q.totalAction(tx, actionId);
    if (totals.lines === 0) {
      await tx.execute(sql`DELETE FROM classification_actions WHERE id = ${actionId}`, { name: 'classifier.dropEmptyAction' });
      return { actionId: null, lines: 0 };
    }
    await q.applyAction(tx, actionId, 'MODEL', version);
    // A line's category decides its contract (docs/domain.md).
    await rematchSpendLines(tx, { lines: sql`s.id IN (SELECT line_id FROM classification_action_lines WHERE action_id = ${actionId})` });
    await audit(tx, { userId, action: 'classification.auto', entity: 'ClassificationAction', entityId: actionId,
      after: { modelVersion: version, threshold, lines: totals.lines, spend: totals.spend } });
    return { actionId, lines: totals.lines };
  });
}

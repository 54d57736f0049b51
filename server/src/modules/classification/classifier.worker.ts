import { parentPort } from 'node:worker_threads';
import { ClassifierModel, ClassifierTrainer, type LineFeatures, type ModelStats, type Suggestion, type TrainingRow } from './model/index.js';

/**
 * The classifier's CPU work, off the server's event loop (docs/domain.md, "Classification"):
 * counting the training rows, cross-validating and calibrating, and scoring lines. Training 10M
 * lines takes tens of seconds of arithmetic; on the main thread no request would be answered
 * meanwhile, and a shutdown would wait for it. The server streams rows from the database and
 * posts them here in chunks; `ClassifierWorker` is the other end.
 */

export type WorkerRequest =
  | { id: number; type: 'train' }
  | { id: number; type: 'add'; rows: TrainingRow[] }
  | { id: number; type: 'finish' }
  | { id: number; type: 'use'; text: string }
  | { id: number; type: 'predict'; items: Array<[LineFeatures, string | null]> };

export type WorkerResponse =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: string };

const featureKey = (f: LineFeatures) =>
  `${f.supplierId}\u0001${f.familyId}\u0001${f.rawSupplierName}\u0001${f.description}\u0001${f.sourceCategory}\u0001${f.glAccountId}\u0001${f.costCenterId}\u0001${f.businessUnitId}\u0001${f.amountBand}`;

let trainer: ClassifierTrainer | null = null;
let model: ClassifierModel | null = null;
/** Lines repeat (the same supplier, text and account): each distinct feature set is predicted once. */
let memo = new Map<string, Suggestion | null>();

function predict(f: LineFeatures, rejected: string | null): Suggestion | null {
  const key = rejected ? `${featureKey(f)}\u0002${rejected}` : featureKey(f);
  let s = memo.get(key);
  if (s === undefined) {
    s = model!.predict(f, rejected ? { exclude: new Set(rejected.split(',').map(Number)) } : undefined);
    if (memo.size > 500_000) memo = new Map();
    memo.set(key, s);
  }
  return s;
}

function handle(m: WorkerRequest): unknown {
  switch (m.type) {
    case 'train':
      trainer = new ClassifierTrainer();
      return null;
    case 'add':
      for (const row of m.rows) trainer!.add(row);
      return null;
    case 'finish': {
      model = trainer!.finish();
      trainer = null;
      memo = new Map();
      const stats: ModelStats = model.stats;
      return { text: model.serialize(), stats };
    }
    case 'use':
      model = ClassifierModel.deserialize(m.text);
      memo = new Map();
      return null;
    case 'predict':
      return m.items.map(([f, rejected]) => predict(f, rejected));
  }
}

parentPort?.on('message', (m: WorkerRequest) => {
  try {
    parentPort!.postMessage({ id: m.id, ok: true, value: handle(m) } satisfies WorkerResponse);
  } catch (error) {
    parentPort!.postMessage({ id: m.id, ok: false, error: error instanceof Error ? error.message : String(error) } satisfies WorkerResponse);
  }
});

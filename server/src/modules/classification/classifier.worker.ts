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

let trainer: ClassifierTrainer | null = null;
let model: ClassifierModel | null = null;

/** Scoring sends each distinct feature set once (the engine groups the lines), so nothing is memoised here. */
function predict(f: LineFeatures, rejected: string | null): Suggestion | null {
  return model!.predict(f, rejected ? { exclude: new Set(rejected.split(',').map(Number)) } : undefined);
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
      const stats: ModelStats = model.stats;
      return { text: model.serialize(), stats };
    }
    case 'use':
      model = ClassifierModel.deserialize(m.text);
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

/**
 * Classification that learns: a model trained on an organisation's classified lines that suggests
 * a leaf category for an unclassified line, with a calibrated confidence, alternatives and reasons
 * (docs/classification-model.md).
 */
export type { LineFeatures, TrainingRow, Suggestion, Reason, ModelStats, MethodName } from './types.js';
export { ClassifierTrainer, DEFAULT_FOLDS } from './trainer.js';
export { ClassifierModel } from './model.js';

/**
 * Suggestions at or above this confidence may be applied without review: the lowest threshold from
 * which pooled precision on the benchmark's test lines stays at 97% or more (97.1% there, 83.7% of
 * the lines and on average 78% of each file's spend; `bench/classify-methods.ts`,
 * docs/classification-model.md).
 */
export const DEFAULT_AUTO_THRESHOLD = 0.77;

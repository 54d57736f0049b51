/**
 * Classification that learns: a model trained on an organisation's classified lines that suggests
 * a leaf category for an unclassified line, with a calibrated confidence, alternatives and reasons
 * (docs/classification-model.md).
 */
export type { LineFeatures, TrainingRow, Suggestion, Reason, ModelStats, MethodName } from './types.js';
export { ClassifierTrainer, DEFAULT_FOLDS } from './trainer.js';
export { ClassifierModel } from './model.js';

/**
 * Suggestions at or above this confidence may be applied without review: the lowest threshold at
 * which pooled precision on the benchmark files reached 97% (docs/classification-model.md).
 */
export const DEFAULT_AUTO_THRESHOLD = 0.9;

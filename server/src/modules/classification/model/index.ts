/**
 * Classification that learns: a model trained on an organisation's classified lines that suggests
 * a leaf category for an unclassified line, with a calibrated confidence, alternatives and reasons
 * (docs/classification-model.md).
 */
export type { LineFeatures, TrainingRow, Suggestion, Reason, ModelStats, MethodName } from './types.js';
export { ClassifierTrainer, DEFAULT_FOLDS } from './trainer.js';
export { ClassifierModel } from './model.js';

/**
 * Suggestions at or above this confidence may be applied without review: measured through the
 * product (`bench/classify.ts`: five labelled council files imported, trained and suggested for as
 * a council would), the lowest threshold from which precision stays at 97% or more both pooled over
 * X
 * 97.0% per file, three quarters of each file's test spend filed. The model's own harness
 * (`bench/classify-methods.ts`) gave 0.77; the product path is what a customer gets
 * (docs/classification-model.md).
 */
export const DEFAULT_AUTO_THRESHOLD = 0.88;

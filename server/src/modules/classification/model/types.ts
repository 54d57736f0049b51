/** The model's public shapes (index.ts re-exports them; the classification service is written against them). */

export interface LineFeatures {
  /** Canonical supplier id. */
  supplierId: number | null;
  /** The supplier's parent (family) id; null when none. */
  familyId: number | null;
  /** Supplier name as written in the file. */
  rawSupplierName: string | null;
  description: string | null;
  /** The file's own category text (not the label being learned). */
  sourceCategory: string | null;
  glAccountId: number | null;
  costCenterId: number | null;
  businessUnitId: number | null;
  /** Small integer band of |amount| (0..6), computed by the caller. */
  amountBand: number | null;
}

export interface TrainingRow extends LineFeatures {
  /** The leaf category the line has. */
  categoryId: number;
  /** How many lines share exactly these features and category (rows arrive aggregated by GROUP BY). */
  lines: number;
  /** 0..folds-1, assigned by the caller (line id % folds) for cross-validation. */
  fold: number;
  /**
   * Or the lines in each fold (line id % folds), `folds` long: one row for a feature set's lines
   * in every fold, as if it were one row per fold with those `lines` (the same counts, the same
   * sample, the same model), read and tokenised once. `fold` and `lines` are then ignored.
   */
  foldLines?: readonly number[];
}

export interface Suggestion {
  categoryId: number;
  /** Calibrated, 0..1: of suggestions made at 0.9, about 90% are right. */
  confidence: number;
  /** Up to 3, descending. */
  alternatives: Array<{ categoryId: number; confidence: number }>;
}

export type Reason =
  | { kind: 'SUPPLIER'; categoryLines: number; supplierLines: number }
  | { kind: 'FAMILY'; categoryLines: number; familyLines: number }
  | { kind: 'RAW_NAME'; categoryLines: number; nameLines: number }
  | { kind: 'WORDS'; words: string[] }
  | { kind: 'SOURCE_CATEGORY'; text: string; categoryLines: number; textLines: number }
  | { kind: 'GL_ACCOUNT'; categoryLines: number; accountLines: number }
  | { kind: 'COST_CENTER'; categoryLines: number; centerLines: number };

export interface ModelStats {
  method: string;
  lines: number;
  categories: number;
  /** Out-of-fold top-1 accuracy (line-weighted) on the cross-validation sample; null when there was none. */
  cvAccuracy: number | null;
  /** Features kept in the model. */
  features: number;
}

/**
 * `fielded-nb`: every signal is a feature group with its own weight, tuned by cross-validation.
 * `baseline-nb`: plain multinomial naive Bayes over the supplier and the description's words.
 */
export type MethodName = 'fielded-nb' | 'baseline-nb';

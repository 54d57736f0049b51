import type { ClassificationSuggestionFilter } from '../../gql/graphql';

/** The review screen's confidence bands: the URL's `conf` value, what the user reads, the API's bounds. */
export interface ConfidenceBand {
  id: 'all' | 'high' | 'medium' | 'low';
  label: string;
  minConfidence: number | null;
  maxConfidence: number | null;
}

export const confidenceBands: readonly ConfidenceBand[] = [
  { id: 'all', label: 'All', minConfidence: null, maxConfidence: null },
  { id: 'high', label: '≥ 90%', minConfidence: 0.9, maxConfidence: null },
  { id: 'medium', label: '70–90%', minConfidence: 0.7, maxConfidence: 0.9 },
  { id: 'low', label: '< 70%', minConfidence: null, maxConfidence: 0.7 },
];

/** A link's band when it is one of those offered, else all of them. */
export function bandFromParam(value: string | null): ConfidenceBand {
  return confidenceBands.find((band) => band.id === value) ?? confidenceBands[0];
}

/** The suggestion filter of the screen: the band's upper bound and the import batch. */
export function suggestionFilter(band: ConfidenceBand, importBatchId: string | null): ClassificationSuggestionFilter | null {
  const filter: ClassificationSuggestionFilter = {};
  if (band.maxConfidence !== null) filter.maxConfidence = band.maxConfidence;
  if (importBatchId) filter.importBatchIds = [importBatchId];
  return Object.keys(filter).length ? filter : null;
}

/** How sure the classifier is, in one word a colour stands beside (never alone). */
export function confidenceTone(confidence: number): 'high' | 'medium' | 'low' {
  return confidence >= 0.9 ? 'high' : confidence >= 0.7 ? 'medium' : 'low';
}

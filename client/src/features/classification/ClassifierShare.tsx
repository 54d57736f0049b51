import { skipToken, useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { writeFilterParams, type DateSpan, type SpendFilterParams } from '../../filters/spendFilter';
import { formatMoney, formatPercent, toNumber } from '../../format/numbers';
import { getFragmentData } from '../../gql';
import type { SpendFilter } from '../../gql/graphql';
import { ClassificationCoverageQuery } from './classificationDocuments';
import { CoverageBarCoverageFragment } from './CoverageBar';
import styles from './ClassifierShare.module.css';

/** The review screen with the bar's filter, its period written out (the review's own default is all time). */
export function classificationReviewLink(params: SpendFilterParams, period: DateSpan | null): string {
  const search = writeFilterParams(new URLSearchParams(), { ...params, from: period?.from ?? params.from, to: period?.to ?? params.to }).toString();
  return `/admin/classification/review${search ? `?${search}` : ''}`;
}

interface ClassifierShareProps {
  filter: SpendFilter | null;
  params: SpendFilterParams;
  period: DateSpan | null;
  /** The reader may review suggestions (ADMIN, CATEGORY_MANAGER): the line links to the review. */
  canReview: boolean;
}

/** In the overview's "Classified" tile: " · x% by the classifier", once the coverage is known and the classifier filed some. */
export function ClassifierTileNote({ filter }: { filter: SpendFilter | null }) {
  const { data } = useQuery(ClassificationCoverageQuery, filter ? { variables: { filter } } : skipToken);
  if (!data) return null;
  const coverage = getFragmentData(CoverageBarCoverageFragment, data.classificationCoverage);
  const classified = (toNumber(coverage.total) ?? 0) - (toNumber(coverage.unclassified) ?? 0);
  const model = toNumber(coverage.model) ?? 0;
  if (classified <= 0 || model <= 0) return null;
  return <span data-testid="kpi-classified-model"> · {formatPercent(model / classified)} of it by the classifier</span>;
}

/**
 * Under the overview's "Classified" figure: how much of the classified spend the classifier filed,
 * and for a steward a link to the suggestions under the same filter. Nothing while it loads or fails.
 */
export function ClassifierShare({ filter, params, period, canReview }: ClassifierShareProps) {
  const { data } = useQuery(ClassificationCoverageQuery, filter ? { variables: { filter } } : skipToken);
  if (!data) return null;
  const coverage = getFragmentData(CoverageBarCoverageFragment, data.classificationCoverage);
  const total = toNumber(coverage.total) ?? 0;
  const classified = total - (toNumber(coverage.unclassified) ?? 0);
  const model = toNumber(coverage.model) ?? 0;
  if (total <= 0) return null;
  const modelShare = classified > 0 ? model / classified : 0;
  return (
    <p className={styles.root} data-testid="overview-classifier-share">
      <span>
        Classified spend: <strong data-testid="overview-classifier-share-value">{formatPercent(modelShare)}</strong> by the classifier
        {model > 0 && <> ({formatMoney(coverage.model, coverage.currency)})</>}; {formatMoney(coverage.unclassified, coverage.currency)} unclassified.
      </span>
      {canReview && (
        <Link className="table-link" to={classificationReviewLink(params, period)} data-testid="overview-review-link">
          Review the classifier’s suggestions
        </Link>
      )}
    </p>
  );
}

import { getFragmentData, graphql, type FragmentType } from '../../gql';
import { formatCount, formatMoney, formatPercent, toNumber } from '../../format/numbers';
import styles from './CoverageBar.module.css';

export const CoverageBarCoverageFragment = graphql(`
  fragment CoverageBar_coverage on ClassificationCoverage {
    total
    file
    rule
    person
    model
    unclassified
    modelLines
    unclassifiedLines
    currency
  }
`);

type Part = 'file' | 'rule' | 'person' | 'model' | 'unclassified';

const parts: readonly { key: Part; label: string }[] = [
  { key: 'file', label: 'By the file' },
  { key: 'rule', label: 'By a rule' },
  { key: 'person', label: 'By a person' },
  { key: 'model', label: 'By the classifier' },
  { key: 'unclassified', label: 'Unclassified' },
];

/** Each part's share of the total (0 when there is no spend). */
export function coverageShares(coverage: Record<Part | 'total', string>): Record<Part, number> {
  const total = toNumber(coverage.total) ?? 0;
  const share = (value: string) => (total > 0 ? (toNumber(value) ?? 0) / total : 0);
  return { file: share(coverage.file), rule: share(coverage.rule), person: share(coverage.person), model: share(coverage.model), unclassified: share(coverage.unclassified) };
}

/**
 * Spend split by how it was classified, as one stacked bar and a legend of amounts and shares.
 * The bar is a picture of the legend: it carries the same figures as its text alternative.
 */
export function CoverageBar(props: { coverage: FragmentType<typeof CoverageBarCoverageFragment> }) {
  const coverage = getFragmentData(CoverageBarCoverageFragment, props.coverage);
  const shares = coverageShares(coverage);
  const summary = parts.map((part) => `${part.label.toLowerCase()} ${formatPercent(shares[part.key])}`).join(', ');
  return (
    <div className={styles.root} data-testid="coverage">
      <p className={styles.total}>
        <span className={styles.totalLabel}>Spend under the filter</span> <strong>{formatMoney(coverage.total, coverage.currency)}</strong>
        <span className={styles.classified}>{formatPercent(1 - shares.unclassified)} classified</span>
      </p>
      <div className={styles.bar} role="img" aria-label={`Spend classified: ${summary}.`} data-testid="coverage-bar">
        {parts.map((part) =>
          shares[part.key] > 0 ? (
            <span key={part.key} className={`${styles.segment} ${styles[part.key]}`} style={{ width: `${shares[part.key] * 100}%` }} title={`${part.label}: ${formatPercent(shares[part.key])}`} />
          ) : null,
        )}
      </div>
      <ul className={styles.legend} aria-label="Spend by how it was classified">
        {parts.map((part) => (
          <li key={part.key} className={styles.item} data-testid={`coverage-${part.key}`} data-share={shares[part.key].toFixed(6)}>
            <span className={`${styles.swatch} ${styles[part.key]}`} aria-hidden="true" />
            <span className={styles.label}>{part.label}</span>
            <span className={styles.share}>{formatPercent(shares[part.key])}</span>
            <span className={styles.amount}>
              {formatMoney(coverage[part.key], coverage.currency)}
              {part.key === 'model' && coverage.modelLines > 0 && <> · {formatCount(coverage.modelLines)} lines</>}
              {part.key === 'unclassified' && coverage.unclassifiedLines > 0 && <> · {formatCount(coverage.unclassifiedLines)} lines</>}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

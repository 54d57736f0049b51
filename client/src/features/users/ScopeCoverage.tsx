import { useQuery } from '@apollo/client/react';
import { formatCount, formatMoney, formatPercent } from '../../format/numbers';
import { graphql } from '../../gql';
import type { Role } from '../../gql/graphql';
import { useSettings } from '../settings/useSettings';
import styles from './ScopeCoverage.module.css';

const ScopeCoverageQuery = graphql(`
  query ScopeCoverage($role: Role!, $categoryIds: [ID!], $businessUnitIds: [ID!]) {
    scopeCoverage(role: $role, categoryIds: $categoryIds, businessUnitIds: $businessUnitIds) {
      spend
      lineCount
      totalSpend
      totalLineCount
      share
    }
  }
`);

/** What the scope being edited would see of the spend, from the server, before it is saved. */
export function ScopeCoverage({ role, categoryIds, businessUnitIds }: { role: Role; categoryIds: string[]; businessUnitIds: string[] }) {
  const { reportingCurrency } = useSettings();
  const { data, previousData, loading, error } = useQuery(ScopeCoverageQuery, {
    variables: { role, categoryIds: role === 'CATEGORY_MANAGER' ? categoryIds : [], businessUnitIds: role === 'VIEWER' ? businessUnitIds : [] },
  });
  const coverage = (data ?? previousData)?.scopeCoverage;
  const scoped = role === 'CATEGORY_MANAGER' || role === 'VIEWER';
  return (
    <div className={styles.root} aria-live="polite" aria-busy={loading} data-testid="scope-coverage">
      <span className={styles.label}>{scoped ? 'This scope sees' : 'This role sees all spend'}</span>
      {error ? (
        <span className={styles.muted}>The figures could not be loaded.</span>
      ) : !coverage ? (
        <span className={styles.muted}>Loading…</span>
      ) : (
        <span data-testid="scope-coverage-figures">
          <strong data-testid="scope-coverage-spend">{formatMoney(coverage.spend, reportingCurrency)}</strong>
          {scoped && (
            <>
              {' '}
              of {formatMoney(coverage.totalSpend, reportingCurrency)} ({formatPercent(coverage.share)})
            </>
          )}{' '}
          in <span data-testid="scope-coverage-lines">{formatCount(coverage.lineCount)}</span> {coverage.lineCount === 1 ? 'line' : 'lines'}
          {scoped && <> of {formatCount(coverage.totalLineCount)}</>}
        </span>
      )}
    </div>
  );
}

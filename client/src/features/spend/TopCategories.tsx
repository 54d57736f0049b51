import { ChartCard } from '../../components/ChartCard';
import { formatMoney, formatMoneyCompact, formatPercent, toNumber } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import type { SpendCubeQuery, SpendFilter } from '../../gql/graphql';
import { EntityLink } from '../entities/EntityLink';
import { useSettings } from '../settings/useSettings';
import styles from './TopCategories.module.css';

const TopCategoriesCubeFragment = graphql(`
  fragment TopCategories_cube on SpendCube {
    currency
    truncated
    rows {
      keys {
        id
        label
      }
      values
    }
  }
`);

const LIMIT = 10;

/** The cube this list reads: spend and share of total by top-level category, largest first. */
export function topCategoriesCubeQuery(filter: SpendFilter): SpendCubeQuery {
  return {
    dimensions: ['CATEGORY_L1'],
    measures: ['SPEND', 'SHARE_OF_TOTAL'],
    filter,
    sort: [{ measure: 'SPEND', direction: 'DESC' }],
    limit: LIMIT,
  };
}

/** Ranked list of top-level categories with proportional bars. */
export function TopCategories(props: { cube: FragmentType<typeof TopCategoriesCubeFragment> | undefined; loading?: boolean }) {
  const cube = getFragmentData(TopCategoriesCubeFragment, props.cube);
  // The currency the answer is in (the filter's display currency); the reporting one until it arrives.
  const reporting = useSettings().reportingCurrency;
  const currency = cube?.currency ?? reporting;
  const rows = (cube?.rows ?? []).map((row) => ({
    id: row.keys[0]?.id ?? 'unclassified',
    name: row.keys[0]?.label ?? 'Unclassified',
    spend: row.values[0] ?? null,
    share: row.values[1] ?? null,
  }));
  const largest = Math.max(0, ...rows.map((row) => toNumber(row.spend) ?? 0));

  return (
    <ChartCard
      title="Top categories"
      subtitle="Spend by top-level category"
      loading={props.loading && !cube}
      emptyMessage={cube && rows.length === 0 ? 'No spend in this period.' : null}
      testId="chart-top-categories"
      height={340}
    >
      <ol className={styles.rankedList}>
        {rows.map((row, index) => {
          const spend = toNumber(row.spend) ?? 0;
          return (
            <li key={row.id} className="ranked-list__item">
              <span className={styles.rankedListRank}>{index + 1}</span>
              <div className={styles.rankedListBody}>
                <div className={styles.rankedListLine}>
                  <span className={styles.rankedListName} title={row.name}>
                    <EntityLink kind="category" id={row.id === 'unclassified' ? null : row.id}>
                      {row.name}
                    </EntityLink>
                  </span>
                  <span className={styles.rankedListValue} title={formatMoney(row.spend, currency)} data-testid="top-category-value">
                    {formatMoneyCompact(row.spend, currency)}
                  </span>
                  <span className={styles.rankedListShare}>{formatPercent(row.share)}</span>
                </div>
                <span className={styles.barTrack} aria-hidden="true">
                  <span className={styles.barTrackFill} style={{ width: `${largest > 0 ? (spend / largest) * 100 : 0}%` }} />
                </span>
              </div>
            </li>
          );
        })}
      </ol>
      {cube?.truncated && <p className="card__footnote">Showing the {LIMIT} largest categories.</p>}
    </ChartCard>
  );
}

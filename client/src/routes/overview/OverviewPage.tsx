import { useQuery } from '@apollo/client/react';
import { FilterBar } from '../../components/FilterBar';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState } from '../../components/StatusViews';
import { KpiTiles, KpiTilesSkeleton } from '../../features/spend/KpiTiles';
import { SpendTrendChart, spendTrendCubeQuery } from '../../features/spend/SpendTrendChart';
import { SupplierParetoChart, supplierParetoCubeQuery } from '../../features/spend/SupplierParetoChart';
import { TopCategories, topCategoriesCubeQuery } from '../../features/spend/TopCategories';
import { useSpendFilter } from '../../filters/useSpendFilter';
import { graphql } from '../../gql';
import type { SpendFilter } from '../../gql/graphql';
import { Button } from '../../components/Button';
import { useLocation } from 'react-router';
import { OpportunitiesPanel } from '../../features/opportunities/OpportunitiesPanel';
import { ClassifierShare, ClassifierTileNote } from '../../features/classification/ClassifierShare';
import { mayOpen } from '../../features/session/navigation';
import { useSessionRole } from '../../features/session/SessionContext';
import { SaveViewButton } from '../../features/reports/SaveViewForm';
import styles from './OverviewPage.module.css';

const OverviewQuery = graphql(`
  query Overview($filter: SpendFilter, $trend: SpendCubeQuery!, $categories: SpendCubeQuery!, $suppliers: SpendCubeQuery!) {
    spendSummary(filter: $filter) {
      lineCount
      ...KpiTiles_summary
    }
    trend: spendCube(query: $trend) {
      ...SpendTrendChart_cube
    }
    topCategories: spendCube(query: $categories) {
      ...TopCategories_cube
    }
    topSuppliers: spendCube(query: $suppliers) {
      ...SupplierParetoChart_cube
    }
  }
`);

/** Suppliers in the overview's Pareto. */
const TOP_SUPPLIERS = 30;

function overviewVariables(filter: SpendFilter) {
  return {
    filter,
    trend: spendTrendCubeQuery(filter),
    categories: topCategoriesCubeQuery(filter),
    suppliers: supplierParetoCubeQuery(filter, TOP_SUPPLIERS),
  };
}

/** `/`: the overview dashboard. */
export function OverviewPage() {
  const filterState = useSpendFilter();
  const { filter } = filterState;
  const location = useLocation();
  const role = useSessionRole();
  const canDrill = mayOpen(role, '/lines');
  // Stewards of the classification (docs/domain.md) may open its review from the figures.
  const canReview = role === 'ADMIN' || role === 'CATEGORY_MANAGER';
  const { data, previousData, loading, error, refetch } = useQuery(
    OverviewQuery,
    filter ? { variables: overviewVariables(filter) } : { skip: true, variables: overviewVariables({}) },
  );
  // While new figures load, keep showing the previous ones (dimmed) instead of flashing skeletons.
  const view = data ?? previousData;
  const waiting = !filterState.ready || (loading && !view);
  const refreshing = loading && Boolean(view) && !data;

  return (
    // The whole width of a wide screen: the charts grow with it and the tiles share one row.
    <main className="page page--wide">
      <PageHeader
        title="Overview"
        description="Where the money goes, at a glance."
        badge={
          // The filter as a saved view, listed under Reports for whoever it is shared with (viewers included).
          <SaveViewButton
            className={styles.save}
            variant="ghost"
            kind="DASHBOARD_FILTER"
            definition={() => JSON.stringify(Object.fromEntries(new URLSearchParams(location.search)))}
            period={filterState.period}
            followsData={!filterState.params.from && !filterState.params.to}
            disabled={!filter}
          />
        }
      />
      <FilterBar state={filterState} />
      {error || filterState.error ? (
        <ErrorState error={error ?? filterState.error} title="The overview could not be loaded" onRetry={() => void refetch()} />
      ) : !waiting && (!view || view.spendSummary.lineCount === 0) ? (
        <EmptyState
          title="No spend matches these filters"
          text="Try a wider date range or fewer business units and categories."
          action={
            <Button onClick={filterState.clear}>
              Clear filters
            </Button>
          }
        />
      ) : (
        <div className={`dashboard ${styles.dashboard} ${refreshing ? 'dashboard--refreshing' : ''}`} aria-busy={waiting || refreshing}>
          {view ? <KpiTiles summary={view.spendSummary} params={filterState.params} classifiedNote={<ClassifierTileNote filter={filter} />} /> : <KpiTilesSkeleton />}
          {view && <ClassifierShare filter={filter} params={filterState.params} period={filterState.period} canReview={canReview} />}
          <SpendTrendChart cube={view?.trend} loading={waiting} />
          <div className={styles.row}>
            <TopCategories cube={view?.topCategories} loading={waiting} />
            <SupplierParetoChart
              cube={view?.topSuppliers}
              loading={waiting}
              title="Supplier concentration"
              shareOf="spend"
              tableLabel="Largest suppliers"
              testId="chart-supplier-pareto"
              height={420}
            />
          </div>
          <OpportunitiesPanel filter={filter} canDrill={canDrill} back={`${location.pathname}${location.search}`} />
        </div>
      )}
    </main>
  );
}

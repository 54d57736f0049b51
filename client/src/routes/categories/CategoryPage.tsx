import { useQuery } from '@apollo/client/react';
import { useMemo } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { isMissingRecord } from '../../apollo/errors';
import { FilterBar } from '../../components/FilterBar';
import { PageHeader } from '../../components/PageHeader';
import { ErrorState } from '../../components/StatusViews';
import { CategoryChildren } from '../../features/categories/CategoryChildren';
import { CategoryContracts } from '../../features/categories/CategoryContracts';
import { CategoryEmissions } from '../../features/categories/CategoryEmissions';
import { CategoryKpis, CategoryKpisSkeleton } from '../../features/categories/CategoryKpis';
import { categoryFilter, exploreHref, linesHref } from '../../features/categories/categoryLinks';
import { CategoryTrendChart, categoryTrendCubeQuery } from '../../features/categories/CategoryTrendChart';
import { OpportunitiesPanel } from '../../features/opportunities/OpportunitiesPanel';
import { mayOpen } from '../../features/session/navigation';
import { useSessionRole } from '../../features/session/SessionContext';
import { SupplierParetoChart, supplierParetoCubeQuery } from '../../features/spend/SupplierParetoChart';
import { useSpendFilter } from '../../filters/useSpendFilter';
import { useAnsweredCurrency } from '../../features/settings/shownCurrency';
import { graphql } from '../../gql';
import styles from './CategoryPage.module.css';

const CONTRACTS_SHOWN = 50;
/** Suppliers in the category's Pareto. */
const TOP_SUPPLIERS = 15;

const CategoryPageQuery = graphql(`
  query CategoryPage($id: ID!, $filter: SpendFilter, $contracts: PageInput) {
    category(id: $id) {
      id
      code
      name
      level
      ownerName
      ancestors {
        id
        name
        ownerName
      }
      parent {
        id
        name
      }
      figures(filter: $filter) {
        ...CategoryKpis_figures
      }
      children {
        id
        ...CategoryChildren_category
      }
      contracts(page: $contracts) {
        ...CategoryContracts_page
      }
    }
  }
`);

const CategoryChartsQuery = graphql(`
  query CategoryCharts($trend: SpendCubeQuery!, $suppliers: SpendCubeQuery!) {
    trend: spendCube(query: $trend) {
      ...CategoryTrendChart_cube
    }
    suppliers: spendCube(query: $suppliers) {
      ...SupplierParetoChart_cube
    }
  }
`);

/** `/categories/:id`: one category's figures, trend, suppliers, contracts and savings opportunities. */
export function CategoryPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const role = useSessionRole();
  const filterState = useSpendFilter();
  const { filter, params } = filterState;
  const canDrill = mayOpen(role, '/lines');
  const canExplore = mayOpen(role, '/explore');
  const back = `${location.pathname}${location.search}`;

  const main = useQuery(CategoryPageQuery, filter ? { variables: { id, filter, contracts: { limit: CONTRACTS_SHOWN } } } : { skip: true, variables: { id } });
  const category = (main.data ?? main.previousData)?.category;
  const current = category?.id === id ? category : undefined;
  // The figures' currency: the filter's display currency once its answer is in (the category's figures do not name it).
  const currency = useAnsweredCurrency(filter?.displayCurrency, Boolean(main.data));

  // The screen's filter narrowed to this category: the charts, the opportunities and every drill use it.
  const narrowed = useMemo(
    () => (filter && current ? categoryFilter(filter, { id: current.id, level: current.level, ancestorIds: current.ancestors.map((a) => a.id) }) : null),
    [filter, current],
  );
  const charts = useQuery(
    CategoryChartsQuery,
    narrowed ? { variables: { trend: categoryTrendCubeQuery(narrowed), suppliers: supplierParetoCubeQuery(narrowed, TOP_SUPPLIERS) } } : { skip: true, variables: { trend: categoryTrendCubeQuery({}), suppliers: supplierParetoCubeQuery({}, TOP_SUPPLIERS) } },
  );
  const chartData = charts.data ?? charts.previousData;
  const drillFilter = canDrill ? narrowed : null;

  if (main.error) {
    const notFound = isMissingRecord(main.error);
    return (
      <main className="page" data-testid={notFound ? 'category-not-found' : undefined}>
        <Breadcrumb trail={[]} current={notFound ? 'Not found' : 'Error'} />
        <PageHeader title={notFound ? 'Category not found' : 'Category'} />
        <ErrorState
          error={main.error}
          title={notFound ? 'This category does not exist, or it is outside your scope' : 'The category could not be loaded'}
          text={notFound ? 'Check the link, or find the category in the list of categories.' : undefined}
          onRetry={notFound ? undefined : () => void main.refetch()}
        />
      </main>
    );
  }

  const owner = current?.ownerName ?? current?.ancestors.map((a) => a.ownerName).reverse().find(Boolean) ?? null;
  return (
    <main className="page page--wide">
      <Breadcrumb trail={current?.ancestors ?? []} current={current?.name ?? '…'} />
      <PageHeader
        title={current?.name ?? 'Category'}
        description={current ? `${current.code} · level ${current.level}${owner ? ` · owner ${owner}${current.ownerName ? '' : ' (from a category above)'}` : ' · no owner'}` : undefined}
      />
      <FilterBar state={filterState} figuresFilter={narrowed} />
      <div className={`dashboard ${main.loading && current ? 'dashboard--refreshing' : ''}`} aria-busy={main.loading || undefined}>
        {current ? (
          <CategoryKpis
            figures={current.figures}
            name={current.name}
            parentName={current.parent?.name ?? 'all spend you see'}
            currency={currency}
            drillFilter={drillFilter}
            suppliersHref={canExplore ? exploreHref(params, current, ['SUPPLIER'], ['SPEND', 'LINE_COUNT']) : null}
            monthsHref={canExplore ? exploreHref(params, current, ['MONTH'], ['SPEND', 'LINE_COUNT']) : null}
            back={back}
          />
        ) : (
          <CategoryKpisSkeleton />
        )}
        <div className={styles.row}>
          <CategoryTrendChart cube={chartData?.trend} loading={!chartData} name={current?.name ?? ''} drillFilter={drillFilter} back={back} />
          <SupplierParetoChart
            cube={chartData?.suppliers}
            loading={!chartData}
            title="Top suppliers"
            shareOf="this category's spend"
            tableLabel={`Top suppliers of ${current?.name ?? ''}`}
            testId="category-supplier-pareto"
            tableTestId="category-suppliers-table"
            height={320}
            // A bar drills to the supplier's lines in this category (its name opens the supplier); the
            // supplier lands in the lines' filter bar, so the drill names only the category.
            barHref={(supplier) => (drillFilter && supplier.id ? linesHref({ ...drillFilter, supplierIds: [supplier.id] }, current?.name ?? '', back) : null)}
          />
        </div>
        <OpportunitiesPanel filter={narrowed} canDrill={canDrill} back={back} context={current ? `in ${current.name}` : undefined} />
        {current && current.children.length > 0 && filter && (
          <CategoryChildren categories={current.children} parentPath={[current.id, ...current.ancestors.map((a) => a.id)]} filter={drillFilter ? filter : null} currency={currency} back={back} />
        )}
        {current && <CategoryContracts page={current.contracts} shown={CONTRACTS_SHOWN} />}
        {current && <CategoryEmissions filter={narrowed} currency={currency} />}
      </div>
    </main>
  );
}

function Breadcrumb({ trail, current }: { trail: readonly { id: string; name: string }[]; current: string }) {
  return (
    <nav className={styles.breadcrumb} aria-label="Breadcrumb">
      <ol>
        <li>
          <Link to="/categories">Categories</Link>
        </li>
        {trail.map((a) => (
          <li key={a.id}>
            <Link to={`/categories/${a.id}`}>{a.name}</Link>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}

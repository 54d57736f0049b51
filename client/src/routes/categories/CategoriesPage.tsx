import { useQuery } from '@apollo/client/react';
import { useLocation } from 'react-router';
import { Button } from '../../components/Button';
import { FilterBar } from '../../components/FilterBar';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, SkeletonRows } from '../../components/StatusViews';
import { CategoryTreeTable } from '../../features/categories/CategoryTreeTable';
import { mayOpen } from '../../features/session/navigation';
import { useSessionRole } from '../../features/session/SessionContext';
import { useSpendFilter } from '../../filters/useSpendFilter';
import { formatDate } from '../../format/numbers';
import { graphql } from '../../gql';
import styles from './CategoriesPage.module.css';

const CategoriesPageQuery = graphql(`
  query CategoriesPage($filter: SpendFilter) {
    categoryTree(filter: $filter) {
      dateFrom
      dateTo
      previousDateFrom
      previousDateTo
      nodes {
        category {
          id
        }
      }
      ...CategoryTreeTable_tree
    }
  }
`);

/** `/categories`: the taxonomy as a tree with each node's figures under the global filter. */
export function CategoriesPage() {
  const filterState = useSpendFilter();
  const { filter } = filterState;
  const location = useLocation();
  const canDrill = mayOpen(useSessionRole(), '/lines');
  const { data, previousData, loading, error, refetch } = useQuery(CategoriesPageQuery, filter ? { variables: { filter } } : { skip: true, variables: { filter: {} } });
  const view = (data ?? previousData)?.categoryTree;
  const waiting = !filterState.ready || (loading && !view);

  return (
    <main className="page page--wide">
      <PageHeader title="Categories" description="Spend by category with change, suppliers and contract coverage. Open a category for its suppliers, trend, contracts and savings." />
      <FilterBar state={filterState} />
      {error || filterState.error ? (
        <ErrorState error={error ?? filterState.error} title="The categories could not be loaded" onRetry={() => void refetch()} />
      ) : waiting || !view || !filter ? (
        <section className={`card ${styles.card}`} aria-busy="true">
          <SkeletonRows count={10} height={22} />
        </section>
      ) : view.nodes.length === 0 ? (
        <EmptyState title="No categories to show" text="Your scope holds no categories." action={<Button onClick={filterState.clear}>Clear filters</Button>} />
      ) : (
        <section className={`card ${styles.card} ${loading ? styles.refreshing : ''}`} aria-busy={loading || undefined} aria-labelledby="category-tree-title">
          <header className={`card__header ${styles.header}`}>
            <h2 className="card__title" id="category-tree-title">
              Category tree
            </h2>
            <p className="card__subtitle" data-testid="category-tree-period">
              {formatDate(view.dateFrom)} – {formatDate(view.dateTo)}, change against {formatDate(view.previousDateFrom)} – {formatDate(view.previousDateTo)}. Arrow keys move
              between rows; Right opens a row, Left closes it, Enter opens the category.
            </p>
          </header>
          <CategoryTreeTable tree={view} filter={filter} params={filterState.params} canDrill={canDrill} back={`${location.pathname}${location.search}`} />
        </section>
      )}
    </main>
  );
}

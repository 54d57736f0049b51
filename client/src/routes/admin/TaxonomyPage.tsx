import { useQuery } from '@apollo/client/react';
import { useId } from 'react';
import { Table } from '../../components/Table';
import type { TableColumn } from '../../components/tableColumns';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, SkeletonRows } from '../../components/StatusViews';
import { CategoryOptionsQuery, treeOrder } from '../../features/admin/categoryOptions';
import { ReferenceImportCard } from '../../features/admin/ReferenceImportCard';
import { EntityLink } from '../../features/entities/EntityLink';
import { formatCount } from '../../format/numbers';
import type { CategoryOptionsQuery as CategoryOptionsQueryResult } from '../../gql/graphql';

type CategoryRow = CategoryOptionsQueryResult['categories'][number];

// The tree's order is its meaning (parents above their children), so no column sorts.
const categoryColumns: TableColumn<CategoryRow>[] = [
  {
    id: 'name',
    header: 'Category',
    cell: (category) => (
      <span className="admin-tree__name" style={{ paddingLeft: (category.level - 1) * 20 }}>
        {category.level > 1 && (
          <span className="admin-tree__branch" aria-hidden="true">
            └{' '}
          </span>
        )}
        <span className={category.level === 1 ? 'admin-tree__top' : undefined}>
          <EntityLink kind="category" id={category.id}>
            {category.name}
          </EntityLink>
        </span>
      </span>
    ),
  },
  { id: 'code', header: 'Code', cell: (category) => <code className="admin-code">{category.code}</code> },
  { id: 'level', header: 'Level', value: (category) => category.level, meta: { numeric: true, className: 'numeric' } },
  { id: 'naics', header: 'NAICS', cell: (category) => category.naicsCode ?? <span className="admin-sub admin-sub--inline">—</span> },
];

/** `/admin/taxonomy`: the category tree and a CSV import that adds or renames categories. */
export function TaxonomyPage() {
  const ids = useId();
  const { data, previousData, loading, error, refetch } = useQuery(CategoryOptionsQuery, { fetchPolicy: 'cache-and-network' });
  const view = data ?? previousData;
  const categories = treeOrder(view?.categories ?? []);

  return (
    <main className="page" data-testid="admin-taxonomy-page">
      <PageHeader title="Taxonomy" description="The category tree, up to four levels. Codes are unique; a category’s parent is named by its code." />

      <ReferenceImportCard
        title="Import categories"
        endpoint="/api/taxonomy"
        testId="taxonomy-import"
        description={
          <>
            A CSV with the header <code>code,name,parent_code</code> and optionally <code>naics_code</code>. Parents may come in the same file; an
            existing code is renamed or moved.
          </>
        }
        onImported={() => void refetch()}
      />

      <section className="card admin-card" aria-labelledby={`${ids}-tree`}>
        <div className="card__header">
          <h2 className="card__title" id={`${ids}-tree`}>
            Category tree
          </h2>
          <p className="card__subtitle">{view ? `${formatCount(categories.length)} categories` : 'Loading…'}</p>
        </div>
        {error && !view ? (
          <ErrorState error={error} title="The taxonomy could not be loaded" onRetry={() => void refetch()} />
        ) : !view ? (
          <SkeletonRows count={6} />
        ) : categories.length === 0 ? (
          <EmptyState title="No categories yet" text="Import a taxonomy CSV above." />
        ) : (
          <div aria-busy={loading}>
            <Table
              rows={categories}
              columns={categoryColumns}
              getRowId={(category) => category.id}
              stickyHead
              scroll={{ className: 'admin-scroll', label: 'Category tree' }}
              testId="taxonomy-tree"
              rowProps={(category) => ({ 'data-testid': 'taxonomy-row', 'data-code': category.code })}
            />
          </div>
        )}
      </section>
    </main>
  );
}

import { useQuery } from '@apollo/client/react';
import { useId } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, Skeleton } from '../../components/StatusViews';
import { CategoryOptionsQuery, treeOrder } from '../../features/admin/categoryOptions';
import { ReferenceImportCard } from '../../features/admin/ReferenceImportCard';
import { formatCount } from '../../format/numbers';

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
          <div className="import-history__loading" aria-busy="true">
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} height={18} />
            ))}
          </div>
        ) : categories.length === 0 ? (
          <EmptyState title="No categories yet" text="Import a taxonomy CSV above." />
        ) : (
          <div className="admin-scroll" aria-busy={loading} tabIndex={0} role="region" aria-label="Category tree">
            <table className="reports-table admin-sticky-head" data-testid="taxonomy-tree">
              <thead>
                <tr>
                  <th scope="col">Category</th>
                  <th scope="col">Code</th>
                  <th scope="col" className="numeric">
                    Level
                  </th>
                  <th scope="col">NAICS</th>
                </tr>
              </thead>
              <tbody>
                {categories.map((category) => (
                  <tr key={category.id} data-testid="taxonomy-row" data-code={category.code}>
                    <td>
                      <span className="admin-tree__name" style={{ paddingLeft: (category.level - 1) * 20 }}>
                        {category.level > 1 && (
                          <span className="admin-tree__branch" aria-hidden="true">
                            └{' '}
                          </span>
                        )}
                        <span className={category.level === 1 ? 'admin-tree__top' : undefined}>{category.name}</span>
                      </span>
                    </td>
                    <td>
                      <code className="admin-code">{category.code}</code>
                    </td>
                    <td className="numeric">{category.level}</td>
                    <td>{category.naicsCode ?? <span className="admin-sub admin-sub--inline">—</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </main>
  );
}

import { useQuery } from '@apollo/client/react';
import { useCallback, useId, useMemo, useState } from 'react';
import { useSearchParams } from '../../filters/useSearchParams';
import { describeApiError } from '../../apollo/errors';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { Table } from '../../components/Table';
import type { TableColumn } from '../../components/tableColumns';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, SkeletonRows } from '../../components/StatusViews';
import { CategoryForm } from '../../features/admin/CategoryForm';
import { useCreateCategory, useUpdateCategory } from '../../features/admin/adminMutations';
import { treeOrder } from '../../features/admin/categoryOptions';
import { ReferenceImportCard } from '../../features/admin/ReferenceImportCard';
import { EntityLink } from '../../features/entities/EntityLink';
import { useSettings } from '../../features/settings/useSettings';
import { formatCount, formatMoney } from '../../format/numbers';
import { graphql } from '../../gql';
import type { CategoryOptionsQuery as CategoryOptionsQueryResult, CreateCategoryInput, TaxonomyPageQuery as TaxonomyPageQueryResult, UpdateCategoryInput } from '../../gql/graphql';

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

const TaxonomyPageQuery = graphql(`
  query TaxonomyPage {
    categories {
      id
      code
      name
      level
      parentId
      naicsCode
      version
      spend
      owner {
        id
        name
      }
    }
    users(status: ACTIVE, page: { limit: 500 }) {
      nodes {
        id
        name
        email
      }
    }
  }
`);

type TaxonomyRow = TaxonomyPageQueryResult['categories'][number];

function saveErrorText(error: unknown): string {
  const info = describeApiError(error);
  return info.requestId ? `${info.message} (request id ${info.requestId})` : info.message;
}

/** `/admin/taxonomy`: the category tree, edited in place (create, rename, move, owner, NAICS), and a CSV import. */
export function TaxonomyPage() {
  const ids = useId();
  const [params, setParams] = useSearchParams();
  const { reportingCurrency } = useSettings();
  const { data, previousData, loading, error, refetch } = useQuery(TaxonomyPageQuery, { fetchPolicy: 'cache-and-network' });
  const view = data ?? previousData;
  const categories = treeOrder(view?.categories ?? []);
  const editing = params.get('edit');
  const editingCategory = editing && editing !== 'new' ? (categories.find((c) => c.id === editing) ?? null) : null;
  const [createCategory, createState] = useCreateCategory();
  const [updateCategory, updateState] = useUpdateCategory();
  const [formError, setFormError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  // The category being edited lives in the URL (`?edit=<id>` or `?edit=new`).
  const openEditor = useCallback(
    (value: string | null) => {
      setFormError(null);
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set('edit', value);
          else next.delete('edit');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  async function create(input: CreateCategoryInput) {
    try {
      await createCategory({ variables: { input } });
      openEditor(null);
      setMessage(`${input.name} (${input.code}) was added.`);
    } catch (caught) {
      setFormError(saveErrorText(caught));
    }
  }

  async function save(id: string, version: number, input: UpdateCategoryInput) {
    try {
      const result = await updateCategory({ variables: { id, version, input } });
      openEditor(null);
      const moved = input.parentId !== undefined;
      setMessage(`${result.data?.updateCategory.name ?? 'The category'} was saved.${moved ? ' Its spend now rolls up to its new parent.' : ''}`);
    } catch (caught) {
      setFormError(saveErrorText(caught));
      void refetch();
    }
  }

  const columns = useMemo<TableColumn<TaxonomyRow>[]>(
    () => [
      ...categoryColumns,
      { id: 'owner', header: 'Owner', cell: (category) => category.owner?.name ?? <span className="admin-sub admin-sub--inline">—</span> },
      {
        id: 'spend',
        header: 'Spend (all time)',
        value: (category) => category.spend,
        meta: { numeric: true, format: (value) => formatMoney(value, reportingCurrency) },
      },
      {
        id: 'actions',
        header: 'Actions',
        meta: { hideHeader: true, align: 'right' },
        cell: (category) => (
          <Button size="small" onClick={() => openEditor(category.id)} aria-label={`Edit ${category.name}`} data-testid="category-edit">
            Edit
          </Button>
        ),
      },
    ],
    [reportingCurrency, openEditor],
  );

  return (
    <main className="page" data-testid="admin-taxonomy-page">
      <PageHeader title="Taxonomy" description="The category tree, up to four levels. Codes are unique; edit a category in place or import a CSV. Every change is in the audit log." />

      {message && (
        <div className="alert alert--success" role="status" data-testid="category-message">
          <Icon name="admin" size={16} />
          <span>{message}</span>
        </div>
      )}

      <section className="card admin-card" aria-labelledby={`${ids}-tree`}>
        <div className="admin-card__header">
          <div className="card__header">
            <h2 className="card__title" id={`${ids}-tree`}>
              Category tree
            </h2>
            <p className="card__subtitle">{view ? `${formatCount(categories.length)} categories` : 'Loading…'}</p>
          </div>
          <Button variant="primary" onClick={() => openEditor('new')} disabled={editing === 'new'} data-testid="new-category">
            New category
          </Button>
        </div>
        {(editing === 'new' || editingCategory) && (
          <CategoryForm
            key={editingCategory ? `${editingCategory.id}-${editingCategory.version}` : 'new'}
            category={editingCategory}
            categories={categories}
            owners={view?.users.nodes ?? []}
            saving={createState.loading || updateState.loading}
            error={formError}
            onCreate={(input) => void create(input)}
            onUpdate={(id, version, input) => void save(id, version, input)}
            onCancel={() => openEditor(null)}
          />
        )}
        {error && !view ? (
          <ErrorState error={error} title="The taxonomy could not be loaded" onRetry={() => void refetch()} />
        ) : !view ? (
          <SkeletonRows count={6} />
        ) : categories.length === 0 ? (
          <EmptyState title="No categories yet" text="Add a category above, or import a taxonomy CSV below." />
        ) : (
          <div aria-busy={loading}>
            <Table
              rows={categories}
              columns={columns}
              getRowId={(category) => category.id}
              stickyHead
              scroll={{ className: 'admin-scroll', label: 'Category tree, scrollable' }}
              testId="taxonomy-tree"
              rowProps={(category) => ({
                'data-testid': 'taxonomy-row',
                'data-code': category.code,
                className: category.id === editing ? 'admin-row--editing' : undefined,
              })}
            />
          </div>
        )}
      </section>

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
    </main>
  );
}

import { useMemo } from 'react';
import { Link } from 'react-router';
import { Table } from '../../components/Table';
import type { TableColumn } from '../../components/tableColumns';
import { formatChange, formatCount, formatMoney, formatPercent } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import type { CategoryChildren_CategoryFragment, SpendFilter } from '../../gql/graphql';
import { categoryFilter, linesHref } from './categoryLinks';
import styles from './CategorySection.module.css';

const CategoryChildrenCategoryFragment = graphql(`
  fragment CategoryChildren_category on Category {
    id
    name
    level
    figures(filter: $filter) {
      spend
      change
      shareOfParent
      supplierCount
      onContractShare
      lineCount
    }
  }
`);

type Child = CategoryChildren_CategoryFragment;

interface CategoryChildrenProps {
  categories: readonly FragmentType<typeof CategoryChildrenCategoryFragment>[];
  /** Ids of the parent and its ancestors, to narrow the screen's filter to a child. */
  parentPath: readonly string[];
  /** The screen's filter (not narrowed); null when figures do not drill. */
  filter: SpendFilter | null;
  currency: string;
  back: string;
}

/** The children of a category with their figures, largest first; names open them, spend opens their lines. */
export function CategoryChildren(props: CategoryChildrenProps) {
  const children = props.categories.map((c) => getFragmentData(CategoryChildrenCategoryFragment, c));
  const { currency, filter, back, parentPath } = props;
  const columns = useMemo<TableColumn<Child>[]>(
    () => [
      { id: 'name', header: 'Category', value: (c) => c.name, meta: { sortable: true }, cell: (c) => <Link to={`/categories/${c.id}`}>{c.name}</Link> },
      {
        id: 'spend',
        header: 'Spend',
        value: (c) => c.figures.spend,
        meta: { numeric: true, sortable: true, sortDescFirst: true },
        cell: (c) =>
          filter ? (
            <Link to={linesHref(categoryFilter(filter, { id: c.id, level: c.level, ancestorIds: parentPath }), c.name, back)} data-testid={`child-spend-${c.id}`}>
              {formatMoney(c.figures.spend, currency)}
            </Link>
          ) : (
            formatMoney(c.figures.spend, currency)
          ),
      },
      { id: 'share', header: 'Share', value: (c) => c.figures.shareOfParent, meta: { numeric: true, sortable: true, sortDescFirst: true, format: (v) => formatPercent(v) } },
      { id: 'change', header: 'Change', value: (c) => c.figures.change, meta: { numeric: true, sortable: true, format: (v) => formatChange(String(v))?.text ?? '—' } },
      { id: 'suppliers', header: 'Suppliers', value: (c) => c.figures.supplierCount, meta: { numeric: true, sortable: true, sortDescFirst: true, format: (v) => formatCount(Number(v)) } },
      { id: 'onContract', header: 'On contract', value: (c) => c.figures.onContractShare, meta: { numeric: true, sortable: true, sortDescFirst: true, format: (v) => formatPercent(v) } },
      { id: 'lines', header: 'Lines', value: (c) => c.figures.lineCount, meta: { numeric: true, sortable: true, sortDescFirst: true, format: (v) => formatCount(Number(v)) } },
    ],
    [currency, filter, back, parentPath],
  );
  return (
    <section className={`card ${styles.section}`} aria-labelledby="category-children-title">
      <header className="card__header">
        <h2 className="card__title" id="category-children-title">
          Subcategories
        </h2>
        <p className="card__subtitle">Share is of this category's spend.</p>
      </header>
      <Table rows={children} columns={columns} getRowId={(c) => c.id} label="Subcategories" testId="category-children" initialSort={{ columnId: 'spend', direction: 'desc' }} />
    </section>
  );
}

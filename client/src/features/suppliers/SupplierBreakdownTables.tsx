import { useMemo } from 'react';
import { Table } from '../../components/Table';
import type { TableColumn } from '../../components/tableColumns';
import { formatCount, formatMoney, formatPercent } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import type { SupplierBusinessUnits_RowFragment, SupplierCategories_RowFragment } from '../../gql/graphql';
import { EntityLink } from '../entities/EntityLink';
import { useShownCurrency } from '../settings/shownCurrency';
import styles from './SupplierPanels.module.css';

const SupplierCategoriesRowFragment = graphql(`
  fragment SupplierCategories_row on SupplierCategorySpend {
    category {
      id
      name
      code
      parent {
        id
        name
      }
    }
    spend
    lineCount
    share
  }
`);

const SupplierBusinessUnitsRowFragment = graphql(`
  fragment SupplierBusinessUnits_row on SupplierBusinessUnitSpend {
    businessUnit {
      id
      name
      code
    }
    spend
    lineCount
    share
  }
`);

function useFigureColumns<T extends { spend: string; share?: string | null; lineCount: number }>(): TableColumn<T>[] {
  const shownCurrency = useShownCurrency();
  return useMemo(
    () => [
      { id: 'spend', header: 'Spend', value: (row) => row.spend, meta: { numeric: true, sortable: true, sortDescFirst: true, format: (v) => formatMoney(v, shownCurrency) } },
      { id: 'share', header: 'Share', value: (row) => row.share ?? null, meta: { numeric: true, sortable: true, sortDescFirst: true, format: formatPercent } },
      { id: 'lines', header: 'Lines', value: (row) => row.lineCount, meta: { numeric: true, sortable: true, sortDescFirst: true, format: (v) => formatCount(Number(v)) } },
    ],
    [shownCurrency],
  );
}

type CategoryRow = SupplierCategories_RowFragment;

/** The categories a supplier's lines are classified in, largest first; each opens its category. */
export function SupplierCategoryTable(props: { rows: readonly FragmentType<typeof SupplierCategoriesRowFragment>[] }) {
  const rows = props.rows.map((row) => getFragmentData(SupplierCategoriesRowFragment, row));
  const figures = useFigureColumns<CategoryRow>();
  const columns = useMemo<TableColumn<CategoryRow>[]>(
    () => [
      {
        id: 'category',
        header: 'Category',
        value: (row) => row.category?.name ?? 'Unclassified',
        meta: { sortable: true },
        cell: (row) =>
          row.category ? (
            <span className={styles.stack}>
              <EntityLink kind="category" id={row.category.id}>
                {row.category.name}
              </EntityLink>
              {row.category.parent && <span className={styles.sub}>{row.category.parent.name}</span>}
            </span>
          ) : (
            <span className={styles.sub}>Unclassified</span>
          ),
      },
      ...figures,
    ],
    [figures],
  );
  return (
    <Table
      rows={rows}
      columns={columns}
      getRowId={(row) => row.category?.id ?? 'unclassified'}
      scroll={{ className: styles.sideways, label: 'Categories of this supplier' }}
      testId="supplier-categories"
      label="Categories of this supplier"
      empty="No spend in this period."
    />
  );
}

type UnitRow = SupplierBusinessUnits_RowFragment;

/** The business units buying from a supplier, largest first. */
export function SupplierBusinessUnitTable(props: { rows: readonly FragmentType<typeof SupplierBusinessUnitsRowFragment>[] }) {
  const rows = props.rows.map((row) => getFragmentData(SupplierBusinessUnitsRowFragment, row));
  const figures = useFigureColumns<UnitRow>();
  const columns = useMemo<TableColumn<UnitRow>[]>(
    () => [
      {
        id: 'unit',
        header: 'Business unit',
        value: (row) => row.businessUnit.name,
        meta: { sortable: true },
        cell: (row) => (
          <span className={styles.stack}>
            {row.businessUnit.name}
            <span className={styles.sub}>{row.businessUnit.code}</span>
          </span>
        ),
      },
      ...figures,
    ],
    [figures],
  );
  return (
    <Table
      rows={rows}
      columns={columns}
      getRowId={(row) => row.businessUnit.id}
      scroll={{ className: styles.sideways, label: 'Business units buying from this supplier' }}
      testId="supplier-business-units"
      label="Business units buying from this supplier"
      empty="No spend in this period."
    />
  );
}

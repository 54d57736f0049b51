import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Table } from '../../components/Table';
import type { TableColumn } from '../../components/tableColumns';
import { formatChange, formatCount, formatMoney } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import type { SupplierSortField, SupplierTable_RowFragment } from '../../gql/graphql';
import { EntityLink } from '../entities/EntityLink';
import { useEntityHref } from '../entities/entityLinks';
import { useShownCurrency } from '../settings/shownCurrency';
import { SupplierStatusBadge } from './SupplierStatusBadge';
import styles from './SupplierTable.module.css';

const SupplierTableRowFragment = graphql(`
  fragment SupplierTable_row on SupplierRow {
    spend
    previousPeriodSpend
    change
    lineCount
    categoryCount
    supplier {
      id
      name
      countryCode
      status
      parent {
        id
        name
      }
    }
  }
`);

type Row = SupplierTable_RowFragment;

/** Table columns and the server's sort fields they stand for. */
const sortFields: Record<string, SupplierSortField> = {
  name: 'NAME', country: 'COUNTRY', spend: 'SPEND', change: 'CHANGE', lines: 'LINE_COUNT', categories: 'CATEGORY_COUNT',
};
const columnOf = Object.fromEntries(Object.entries(sortFields).map(([column, field]) => [field, column])) as Record<SupplierSortField, string>;

interface SupplierTableProps {
  rows: readonly FragmentType<typeof SupplierTableRowFragment>[];
  sort: { field: SupplierSortField; direction: 'ASC' | 'DESC' };
  onSort(sort: { field: SupplierSortField; direction: 'ASC' | 'DESC' }): void;
  /** False when the period starts with the data: no spend before it, so no change to show (not "new" on every row). */
  comparable: boolean;
}

/** One page of suppliers in the server's order; headers sort on the server, names open the supplier. */
export function SupplierTable(props: SupplierTableProps) {
  const rows = props.rows.map((row) => getFragmentData(SupplierTableRowFragment, row));
  const shownCurrency = useShownCurrency();
  const navigate = useNavigate();
  const href = useEntityHref();
  const columns = useMemo<TableColumn<Row>[]>(
    () => [
      {
        id: 'name',
        header: 'Supplier',
        value: (row) => row.supplier.name,
        meta: { sortable: true },
        cell: (row) => (
          <span className={styles.name}>
            <span className={styles.nameLine}>
              <EntityLink kind="supplier" id={row.supplier.id}>
                {row.supplier.name}
              </EntityLink>
              {row.supplier.status !== 'ACTIVE' && <SupplierStatusBadge status={row.supplier.status} />}
            </span>
            {row.supplier.parent && (
              <span className={styles.sub}>
                part of{' '}
                <EntityLink kind="supplier" id={row.supplier.parent.id}>
                  {row.supplier.parent.name}
                </EntityLink>
              </span>
            )}
          </span>
        ),
      },
      // On a phone the name, spend and change fit without scrolling sideways; the other columns wait for a wider screen.
      { id: 'country', header: 'Country', value: (row) => row.supplier.countryCode ?? null, meta: { sortable: true, className: styles.wideOnly } },
      {
        id: 'spend',
        header: 'Spend',
        value: (row) => row.spend,
        meta: { numeric: true, sortable: true, sortDescFirst: true, format: (value) => formatMoney(value, shownCurrency) },
      },
      {
        id: 'change',
        header: 'Change',
        value: (row) => row.change ?? null,
        meta: { numeric: true, sortable: true, sortDescFirst: true },
        cell: (row) => {
          if (!props.comparable) return <span className={styles.sub} title="The period starts with the first spend: nothing before it to compare with">—</span>;
          const change = formatChange(row.change);
          if (!change) return <span className={styles.sub} title="No spend in the previous period">new</span>;
          return (
            <span className={styles[change.direction]} title={`Previous period: ${formatMoney(row.previousPeriodSpend, shownCurrency)}`}>
              {change.text}
            </span>
          );
        },
      },
      { id: 'lines', header: 'Lines', value: (row) => row.lineCount, meta: { numeric: true, sortable: true, sortDescFirst: true, format: (v) => formatCount(Number(v)), className: styles.wideOnly } },
      { id: 'categories', header: 'Categories', value: (row) => row.categoryCount, meta: { numeric: true, sortable: true, sortDescFirst: true, format: (v) => formatCount(Number(v)), className: styles.wideOnly } },
    ],
    [shownCurrency, props.comparable],
  );
  return (
    <Table
      rows={rows}
      columns={columns}
      getRowId={(row) => row.supplier.id}
      scroll={{ className: styles.scroll, label: 'Suppliers' }}
      testId="supplier-table"
      label="Suppliers"
      empty="No supplier matches."
      serverSort={{ columnId: columnOf[props.sort.field], direction: props.sort.direction === 'ASC' ? 'asc' : 'desc' }}
      onSortChange={({ columnId, direction }) => props.onSort({ field: sortFields[columnId], direction: direction === 'asc' ? 'ASC' : 'DESC' })}
      rowProps={(row) => ({ 'data-testid': 'supplier-row', 'data-supplier-id': row.supplier.id })}
      onRowActivate={(row) => void navigate(href('supplier', row.supplier.id))}
      rowActionLabel={(row) => `Open ${row.supplier.name}`}
    />
  );
}

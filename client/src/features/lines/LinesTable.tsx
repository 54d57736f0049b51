import { useMemo } from 'react';
import { DataTable, type DataColumn, type DataTableSort } from '../../components/DataTable';
import { formatDate, formatMoney } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import type { LinesTable_LineFragment, SpendLineSort, SpendLineSortField } from '../../gql/graphql';

export const LinesTableLineFragment = graphql(`
  fragment LinesTable_line on SpendLine {
    id
    invoiceDate
    supplierName
    categoryName
    businessUnitName
    description
    amount
    currency
    amountReporting
    contractNumber
    poNumber
  }
`);

type Line = LinesTable_LineFragment;

function columnsFor(currency: string): DataColumn<Line>[] {
  return [
    { id: 'INVOICE_DATE', header: 'Invoice date', meta: { width: 130, sortable: true }, cell: ({ row }) => formatDate(row.original.invoiceDate) },
    { id: 'SUPPLIER', header: 'Supplier', meta: { width: 240, sortable: true }, cell: ({ row }) => <span className="cell-text">{row.original.supplierName}</span> },
    { id: 'CATEGORY', header: 'Category', meta: { width: 200, sortable: true }, cell: ({ row }) => <span className="cell-text">{row.original.categoryName ?? 'Unclassified'}</span> },
    { id: 'BUSINESS_UNIT', header: 'Business unit', meta: { width: 180, sortable: true }, cell: ({ row }) => <span className="cell-text">{row.original.businessUnitName}</span> },
    {
      id: 'sourceAmount',
      header: 'Source amount',
      meta: { width: 150, align: 'right' },
      cell: ({ row }) => formatMoney(row.original.amount, row.original.currency),
    },
    {
      id: 'AMOUNT',
      header: `Amount (${currency})`,
      meta: { width: 150, align: 'right', sortable: true },
      cell: ({ row }) => formatMoney(row.original.amountReporting, currency),
    },
    { id: 'description', header: 'Description', meta: { width: 260 }, cell: ({ row }) => <span className="cell-text">{row.original.description ?? ''}</span> },
    { id: 'contract', header: 'Contract', meta: { width: 120 }, cell: ({ row }) => row.original.contractNumber ?? '—' },
    { id: 'po', header: 'PO', meta: { width: 110 }, cell: ({ row }) => row.original.poNumber ?? '—' },
  ];
}

interface LinesTableProps {
  lines: readonly FragmentType<typeof LinesTableLineFragment>[];
  currency: string;
  hasMore: boolean;
  sort: SpendLineSort;
  onSort(sort: SpendLineSort): void;
  onEndReached(): void;
}

/** Spend lines in the shared virtualised grid; sorting happens on the server. */
export function LinesTable(props: LinesTableProps) {
  const lines = getFragmentData(LinesTableLineFragment, props.lines);
  const rows = useMemo(() => [...lines], [lines]);
  const columns = useMemo(() => columnsFor(props.currency), [props.currency]);
  const sort: DataTableSort = { columnId: props.sort.field, direction: props.sort.direction === 'ASC' ? 'asc' : 'desc' };
  return (
    <DataTable
      label="Spend lines"
      testId="lines-grid"
      rows={rows}
      columns={columns}
      getRowId={(line) => line.id}
      sort={sort}
      hasMore={props.hasMore}
      onEndReached={props.hasMore ? props.onEndReached : undefined}
      height={640}
      onSortClick={(columnId) => {
        const field = columnId as SpendLineSortField;
        const direction = props.sort.field === field && props.sort.direction === 'DESC' ? 'ASC' : 'DESC';
        props.onSort({ field, direction });
      }}
    />
  );
}

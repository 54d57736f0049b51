import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { DataTable, type DataColumn, type DataTableSort } from '../../components/DataTable';
import { EntityLink } from '../entities/EntityLink';
import { useEntityHref, type EntityKind } from '../entities/entityLinks';
import { formatDate, formatMoney, formatPercent, formatQuantity, formatUnitPrice } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import type { ClassificationSource, LinesTable_LineFragment, SpendLineSort, SpendLineSortField } from '../../gql/graphql';
import { LineCheckbox, SelectAllLinesCheckbox, useLineSelection } from './lineSelection';
import styles from './LinesTable.module.css';

export const LinesTableLineFragment = graphql(`
  fragment LinesTable_line on SpendLine {
    id
    invoiceDate
    supplierId
    supplierName
    categoryId
    categoryName
    classificationSource
    classificationConfidence
    businessUnitName
    description
    amount
    currency
    amountReporting
    contractId
    contractNumber
    poNumber
    quantity
    unitPrice
  }
`);

type Line = LinesTable_LineFragment;

const sourceLabels: Record<ClassificationSource, string | null> = { MANUAL: 'Manual', RULE: 'Rule', SOURCE: 'From file', MODEL: 'Classifier', NONE: null };
const sourceTitles: Record<ClassificationSource, string> = {
  MANUAL: 'Classified by a person; rules never change it',
  RULE: 'Classified by a rule',
  SOURCE: 'Category carried by the source file',
  MODEL: 'Filed by the classifier',
  NONE: 'Not classified',
};

/** What the badge says on hover: for the classifier's lines, how sure it was. */
function sourceTitle(line: Line): string {
  if (line.classificationSource === 'MODEL' && line.classificationConfidence !== null && line.classificationConfidence !== undefined)
    return `Filed by the classifier at ${formatPercent(line.classificationConfidence)} confidence`;
  return sourceTitles[line.classificationSource];
}

function CategoryCell({ line }: { line: Line }) {
  const label = sourceLabels[line.classificationSource];
  // The classifier's badge says how sure it was: "Classifier 93%".
  const badge = label && line.classificationSource === 'MODEL' && line.classificationConfidence != null ? `${label} ${formatPercent(line.classificationConfidence)}` : label;
  return (
    <span className={styles.root}>
      <span className="cell-text">
        <EntityLink kind="category" id={line.categoryId} tabIndex={-1}>
          {line.categoryName ?? 'Unclassified'}
        </EntityLink>
      </span>
      {badge && (
        <span className={`source-badge source-badge--${line.classificationSource.toLowerCase()}`} title={sourceTitle(line)} data-testid="classification-source">
          {badge}
        </span>
      )}
    </span>
  );
}

const selectColumn: DataColumn<Line> = {
  id: 'select',
  header: 'Select',
  meta: { width: 44, headerContent: <SelectAllLinesCheckbox /> },
  cell: ({ row }) => <LineCheckbox id={row.original.id} label={`Select line of ${row.original.supplierName} on ${formatDate(row.original.invoiceDate)}`} />,
};

/**
 * Date, supplier, category and both amounts come first and are narrow enough to be in view
 * together in the grid at 1280 px (the amounts whole); the rest scrolls in from the right.
 */
function columnsFor(currency: string, selectable: boolean): DataColumn<Line>[] {
  return [
    ...(selectable ? [selectColumn] : []),
    { id: 'INVOICE_DATE', header: 'Invoice date', meta: { width: 120, sortable: true }, cell: ({ row }) => formatDate(row.original.invoiceDate) },
    {
      id: 'SUPPLIER',
      header: 'Supplier',
      meta: { width: 210, sortable: true },
      cell: ({ row }) => (
        <span className="cell-text">
          <EntityLink kind="supplier" id={row.original.supplierId} tabIndex={-1}>
            {row.original.supplierName}
          </EntityLink>
        </span>
      ),
    },
    { id: 'CATEGORY', header: 'Category', meta: { width: 230, sortable: true }, cell: ({ row }) => <CategoryCell line={row.original} /> },
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
    { id: 'BUSINESS_UNIT', header: 'Business unit', meta: { width: 180, sortable: true }, cell: ({ row }) => <span className="cell-text">{row.original.businessUnitName}</span> },
    { id: 'description', header: 'Description', meta: { width: 260 }, cell: ({ row }) => <span className="cell-text">{row.original.description ?? ''}</span> },
    // As the file gave them (docs/imports.md, "Optional facts"); the unit price is in the line's own currency.
    { id: 'quantity', header: 'Quantity', meta: { width: 110, align: 'right' }, cell: ({ row }) => formatQuantity(row.original.quantity) },
    { id: 'unitPrice', header: 'Unit price', meta: { width: 130, align: 'right' }, cell: ({ row }) => formatUnitPrice(row.original.unitPrice, row.original.currency) },
    {
      id: 'contract',
      header: 'Contract',
      meta: { width: 120 },
      cell: ({ row }) =>
        row.original.contractNumber ? (
          <EntityLink kind="contract" id={row.original.contractId} tabIndex={-1}>
            {row.original.contractNumber}
          </EntityLink>
        ) : (
          '—'
        ),
    },
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
  const selection = useLineSelection();
  const selectable = selection !== null;
  const columns = useMemo(() => columnsFor(props.currency, selectable), [props.currency, selectable]);
  const sort: DataTableSort = { columnId: props.sort.field, direction: props.sort.direction === 'ASC' ? 'asc' : 'desc' };
  const navigate = useNavigate();
  const hrefOf = useEntityHref();
  // A supplier, category or contract cell opens its page on Enter (or a click beside the name).
  const entityIn = (line: Line, columnId: string): [EntityKind, string] | null => {
    if (columnId === 'SUPPLIER') return ['supplier', line.supplierId];
    if (columnId === 'CATEGORY' && line.categoryId) return ['category', line.categoryId];
    if (columnId === 'contract' && line.contractId) return ['contract', line.contractId];
    return null;
  };
  // Header and rows (one more while more can load), with room for a sideways scrollbar.
  const contentHeight = props.hasMore ? Number.MAX_SAFE_INTEGER : Math.max(160, (rows.length + 1) * 34 + 12);
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
      // A few lines take only their room; many fill the window down to the card's edge (at least 640 px).
      height={Math.min(640, contentHeight)}
      fillWindow={{ below: 40, max: contentHeight }}
      rowClassName={selection ? (line) => (selection.selected.has(line.id) ? 'lines-row--selected' : '') : undefined}
      onActivateCell={(line, columnId) => {
        const entity = entityIn(line, columnId);
        if (entity) void navigate(hrefOf(...entity));
      }}
      onRowKey={
        selection
          ? (line, columnId, key) => {
              // Space while the grid's focused cell is a tick box (a focused checkbox handles Space itself).
              if (columnId !== 'select' || key !== ' ') return false;
              selection.toggle(line.id);
              return true;
            }
          : undefined
      }
      onSortClick={(columnId) => {
        const field = columnId as SpendLineSortField;
        const direction = props.sort.field === field && props.sort.direction === 'DESC' ? 'ASC' : 'DESC';
        props.onSort({ field, direction });
      }}
    />
  );
}

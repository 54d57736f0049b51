import { useMemo } from 'react';
import { Table, cellTone } from '../../components/Table';
import type { TableColumn } from '../../components/tableColumns';
import { formatDate, formatMoney } from '../../format/numbers';
import type { ImportPreviewTable_BatchFragment } from '../../gql/graphql';
import { useSettings } from '../settings/useSettings';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import { Tag } from '../../components/Tag';
import { EmptyText } from '../../components/StatusViews';

const ImportPreviewTableBatchFragment = graphql(`
  fragment ImportPreviewTable_batch on ImportBatch {
    preview(limit: 20) {
      rowNumber
      invoiceDate
      amount
      currency
      amountReporting
      supplierName
      description
      category
      businessUnit
      sourceRef
    }
  }
`);

type PreviewRow = ImportPreviewTable_BatchFragment['preview'][number];

/** The first accepted rows exactly as they will be stored. */
export function ImportPreviewTable(props: { batch: FragmentType<typeof ImportPreviewTableBatchFragment> }) {
  const { preview } = getFragmentData(ImportPreviewTableBatchFragment, props.batch);
  const { reportingCurrency } = useSettings();
  const columns = useMemo<TableColumn<PreviewRow>[]>(
    () => [
      { id: 'row', header: 'Row', value: (row) => row.rowNumber, meta: { numeric: true, className: cellTone.muted } },
      { id: 'invoiceDate', header: 'Invoice date', value: (row) => row.invoiceDate, meta: { format: (value) => formatDate(String(value)), className: cellTone.nowrap } },
      { id: 'supplier', header: 'Supplier', value: (row) => row.supplierName },
      { id: 'description', header: 'Description', value: (row) => row.description, meta: { className: cellTone.muted } },
      { id: 'category', header: 'Category', value: (row) => row.category },
      { id: 'businessUnit', header: 'Business unit', value: (row) => row.businessUnit },
      { id: 'reference', header: 'Reference', value: (row) => row.sourceRef, meta: { className: cellTone.code } },
      {
        id: 'amount',
        header: 'Amount',
        value: (row) => row.amount,
        cell: (row) => formatMoney(row.amount, row.currency),
        meta: { numeric: true },
      },
      {
        id: 'amountReporting',
        header: `In ${reportingCurrency}`,
        meta: { numeric: true },
        cell: (row) =>
          row.amountReporting === null || row.amountReporting === undefined ? (
            <Tag tone="warning" title="No FX rate for this month: the line is flagged, not converted.">
              No FX rate
            </Tag>
          ) : (
            formatMoney(row.amountReporting, reportingCurrency)
          ),
      },
    ],
    [reportingCurrency],
  );
  return (
    <section className="card import-section" aria-labelledby="import-preview-title" data-testid="import-preview">
      <div className="card__header">
        <h2 className="card__title" id="import-preview-title">
          Preview
        </h2>
        {preview.length > 0 && <p className="card__subtitle">The first {preview.length} accepted rows as they will be stored.</p>}
      </div>
      {preview.length === 0 ? (
        <EmptyText>No row was accepted, so there is nothing to preview.</EmptyText>
      ) : (
        <Table rows={preview} columns={columns} getRowId={(row) => String(row.rowNumber)} density="dense" scroll={{ framed: true }} />
      )}
    </section>
  );
}

import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { Table, cellTone } from '../../components/Table';
import type { TableColumn } from '../../components/tableColumns';
import { formatCount, formatDate, formatMoney } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import type { ImportHistoryTable_BatchFragment, ImportStatus } from '../../gql/graphql';
import { useSettings } from '../settings/useSettings';
import { ImportStatusBadge } from './ImportStatusBadge';
import tableStyles from './ImportTables.module.css';

const ImportHistoryTableBatchFragment = graphql(`
  fragment ImportHistoryTable_batch on ImportBatch {
    id
    fileName
    sourceName
    format
    status
    rowCount
    acceptedCount
    rejectedCount
    totalAmount
    uploadedBy
    createdAt
  }
`);

// Statuses whose counts and total mean something (the file was validated at least once).
const validatedStatuses: readonly ImportStatus[] = ['VALIDATED', 'COMMITTED', 'ROLLED_BACK', 'DISCARDED'];

type Batch = ImportHistoryTable_BatchFragment;

/** Import history, newest first (the server's order); a row, or its file name, opens its batch. */
export function ImportHistoryTable(props: { batches: readonly FragmentType<typeof ImportHistoryTableBatchFragment>[] }) {
  const batches = props.batches.map((batch) => getFragmentData(ImportHistoryTableBatchFragment, batch));
  const navigate = useNavigate();
  const { reportingCurrency } = useSettings();
  const columns = useMemo<TableColumn<Batch>[]>(
    () => [
      {
        id: 'file',
        header: 'File',
        meta: { className: tableStyles.file },
        cell: (batch) => (
          <>
            <Link to={`/imports/${batch.id}`}>{batch.fileName}</Link>
            <span className={cellTone.sub}>{batch.format === 'OCDS_JSON' ? 'Open Contracting JSON' : batch.format}</span>
          </>
        ),
      },
      { id: 'source', header: 'Source', value: (batch) => batch.sourceName },
      { id: 'status', header: 'Status', cell: (batch) => <ImportStatusBadge status={batch.status} /> },
      {
        id: 'rows',
        header: 'Rows',
        value: (batch) => (validatedStatuses.includes(batch.status) ? batch.rowCount : null),
        meta: { numeric: true, format: (value) => formatCount(Number(value)) },
      },
      {
        id: 'accepted',
        header: 'Accepted / rejected',
        meta: { numeric: true },
        cell: (batch) =>
          validatedStatuses.includes(batch.status) ? (
            <>
              {formatCount(batch.acceptedCount)}
              <span className={cellTone.muted}> / </span>
              <span className={batch.rejectedCount > 0 ? tableStyles.rejected : undefined}>{formatCount(batch.rejectedCount)}</span>
            </>
          ) : (
            '—'
          ),
      },
      {
        id: 'total',
        header: 'Total',
        value: (batch) => (validatedStatuses.includes(batch.status) ? batch.totalAmount : null),
        meta: { numeric: true, format: (value) => formatMoney(value, reportingCurrency) },
      },
      // When and by whom in one column, the name under the date: as two columns the date ran past the right edge at 1280 px.
      {
        id: 'uploaded',
        header: 'Uploaded',
        cell: (batch) => (
          <>
            <time dateTime={batch.createdAt} title={batch.createdAt} className={cellTone.nowrap}>
              {formatDate(batch.createdAt.slice(0, 10))}
            </time>
            <span className={cellTone.sub}>{batch.uploadedBy}</span>
          </>
        ),
      },
    ],
    [reportingCurrency],
  );
  return (
    <Table
      rows={batches}
      columns={columns}
      getRowId={(batch) => batch.id}
      density="dense"
      scroll={{ framed: true }}
      testId="import-history"
      rowProps={(batch) => ({ 'data-testid': `import-row-${batch.id}` })}
      onRowActivate={(batch) => void navigate(`/imports/${batch.id}`)}
      rowActionLabel={(batch) => `Open import ${batch.fileName}`}
    />
  );
}

import { Link } from 'react-router';
import { formatCount, formatDate, formatMoney } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import type { ImportStatus } from '../../gql/graphql';
import { ImportStatusBadge } from './ImportStatusBadge';

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

/** Import history, newest first (the server's order); each file opens its batch. */
export function ImportHistoryTable(props: { batches: readonly FragmentType<typeof ImportHistoryTableBatchFragment>[]; reportingCurrency: string | null }) {
  const batches = props.batches.map((batch) => getFragmentData(ImportHistoryTableBatchFragment, batch));
  return (
    <div className="import-table-wrap">
      <table className="import-table" data-testid="import-history">
        <thead>
          <tr>
            <th scope="col">File</th>
            <th scope="col">Source</th>
            <th scope="col">Status</th>
            <th scope="col" className="import-table__num">
              Rows
            </th>
            <th scope="col" className="import-table__num">
              Accepted / rejected
            </th>
            <th scope="col" className="import-table__num">
              Total
            </th>
            <th scope="col">Uploaded by</th>
            <th scope="col">Uploaded</th>
          </tr>
        </thead>
        <tbody>
          {batches.map((batch) => {
            const validated = validatedStatuses.includes(batch.status);
            return (
              <tr key={batch.id} data-testid={`import-row-${batch.id}`}>
                <td className="import-table__file">
                  <Link to={`/imports/${batch.id}`}>{batch.fileName}</Link>
                  <span className="import-table__sub">{batch.format === 'OCDS_JSON' ? 'Open Contracting JSON' : batch.format}</span>
                </td>
                <td>{batch.sourceName}</td>
                <td>
                  <ImportStatusBadge status={batch.status} />
                </td>
                <td className="import-table__num">{validated ? formatCount(batch.rowCount) : '—'}</td>
                <td className="import-table__num">
                  {validated ? (
                    <>
                      {formatCount(batch.acceptedCount)}
                      <span className="import-table__sep"> / </span>
                      <span className={batch.rejectedCount > 0 ? 'import-table__rejected' : undefined}>{formatCount(batch.rejectedCount)}</span>
                    </>
                  ) : (
                    '—'
                  )}
                </td>
                <td className="import-table__num">
                  {validated && props.reportingCurrency ? formatMoney(batch.totalAmount, props.reportingCurrency) : '—'}
                </td>
                <td className="import-table__nowrap">{batch.uploadedBy ?? '—'}</td>
                <td className="import-table__nowrap">
                  <time dateTime={batch.createdAt} title={batch.createdAt}>
                    {formatDate(batch.createdAt.slice(0, 10))}
                  </time>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

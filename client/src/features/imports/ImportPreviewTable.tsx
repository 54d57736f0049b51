import { formatDate, formatMoney } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';

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

/** The first accepted rows exactly as they will be stored. */
export function ImportPreviewTable(props: { batch: FragmentType<typeof ImportPreviewTableBatchFragment>; reportingCurrency: string | null }) {
  const { preview } = getFragmentData(ImportPreviewTableBatchFragment, props.batch);
  return (
    <section className="card import-section" aria-labelledby="import-preview-title" data-testid="import-preview">
      <div className="card__header">
        <h2 className="card__title" id="import-preview-title">
          Preview
        </h2>
        <p className="card__subtitle">The first {preview.length} accepted rows as they will be stored.</p>
      </div>
      {preview.length === 0 ? (
        <p className="import-section__empty">No row was accepted, so there is nothing to preview.</p>
      ) : (
        <div className="import-table-wrap">
          <table className="import-table">
            <thead>
              <tr>
                <th scope="col" className="import-table__num">
                  Row
                </th>
                <th scope="col">Invoice date</th>
                <th scope="col">Supplier</th>
                <th scope="col">Description</th>
                <th scope="col">Category</th>
                <th scope="col">Business unit</th>
                <th scope="col">Reference</th>
                <th scope="col" className="import-table__num">
                  Amount
                </th>
                <th scope="col" className="import-table__num">
                  {props.reportingCurrency ? `In ${props.reportingCurrency}` : 'Reporting'}
                </th>
              </tr>
            </thead>
            <tbody>
              {preview.map((row) => (
                <tr key={row.rowNumber}>
                  <td className="import-table__num import-table__muted">{row.rowNumber}</td>
                  <td className="import-table__nowrap">{formatDate(row.invoiceDate)}</td>
                  <td>{row.supplierName}</td>
                  <td className="import-table__muted">{row.description ?? '—'}</td>
                  <td>{row.category ?? '—'}</td>
                  <td>{row.businessUnit ?? '—'}</td>
                  <td className="import-table__code">{row.sourceRef}</td>
                  <td className="import-table__num">{formatMoney(row.amount, row.currency)}</td>
                  <td className="import-table__num">
                    {row.amountReporting === null || row.amountReporting === undefined ? (
                      <span className="import-tag import-tag--warning" title="No FX rate for this month: the line is flagged, not converted.">
                        No FX rate
                      </span>
                    ) : (
                      props.reportingCurrency ? formatMoney(row.amountReporting, props.reportingCurrency) : '…'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

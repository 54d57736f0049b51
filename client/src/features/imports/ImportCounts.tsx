import { KpiTile } from '../../components/KpiTile';
import { formatCount, formatMoney, formatMoneyCompact } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import { useSettings } from '../settings/useSettings';
import styles from './ImportCounts.module.css';

const ImportCountsBatchFragment = graphql(`
  fragment ImportCounts_batch on ImportBatch {
    status
    rowCount
    acceptedCount
    rejectedCount
    warningCount
    duplicateCount
    totalAmount
    totalsByCurrency {
      currency
      amount
    }
  }
`);

/** What validation found: rows, accepted, rejected, warnings, duplicates, and the money involved. */
export function ImportCounts(props: { batch: FragmentType<typeof ImportCountsBatchFragment> }) {
  const batch = getFragmentData(ImportCountsBatchFragment, props.batch);
  const { reportingCurrency } = useSettings();
  const committed = batch.status === 'COMMITTED' || batch.status === 'ROLLED_BACK';
  const share = (count: number) => (batch.rowCount > 0 ? `${Math.round((count / batch.rowCount) * 1000) / 10}% of rows` : undefined);
  return (
    <div className="import-counts" data-testid="import-counts">
      <KpiTile compact testId="count-rows" label="Rows read" value={formatCount(batch.rowCount)} footnote="data rows in the file" />
      <KpiTile compact testId="count-accepted" label="Accepted" value={formatCount(batch.acceptedCount)} tone="positive" footnote={share(batch.acceptedCount)} />
      <KpiTile
        compact
        testId="count-rejected"
        label="Rejected"
        value={formatCount(batch.rejectedCount)}
        tone={batch.rejectedCount > 0 ? 'negative' : 'neutral'}
        footnote={batch.rejectedCount > 0 ? 'rows with an error, not imported' : 'no row has an error'}
      />
      <KpiTile
        compact
        testId="count-warnings"
        label="Warnings"
        value={formatCount(batch.warningCount)}
        tone={batch.warningCount > 0 ? 'warning' : 'neutral'}
        footnote="rows kept, worth a look"
      />
      <KpiTile
        compact
        testId="count-duplicates"
        label="Duplicates"
        value={formatCount(batch.duplicateCount)}
        tone={batch.duplicateCount > 0 ? 'warning' : 'neutral'}
        footnote="already imported from this source"
      />
      <KpiTile
        compact
        wide
        testId="count-total"
        label={batch.status === 'ROLLED_BACK' ? 'Total of the lines rolled back' : committed ? 'Total of the lines added' : 'Total of accepted rows'}
        value={formatMoneyCompact(batch.totalAmount, reportingCurrency)}
        title={formatMoney(batch.totalAmount, reportingCurrency)}
        footnote={
          <span className={styles.totals}>
            <span data-testid="count-total-reporting">
              {formatMoney(batch.totalAmount, reportingCurrency)} in {reportingCurrency} (reporting)
            </span>
            {batch.totalsByCurrency.map((total) => (
              <span key={total.currency} data-testid={`count-total-${total.currency}`}>
                {formatMoney(total.amount, total.currency)} in {total.currency} as in the file
              </span>
            ))}
          </span>
        }
      />
    </div>
  );
}

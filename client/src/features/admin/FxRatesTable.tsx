import { formatDateTime, formatMonth, formatRate } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';

export const FxRatesTableRateFragment = graphql(`
  fragment FxRatesTable_rate on FxRate {
    currency
    month
    rateToReporting
    updatedAt
  }
`);

/** Monthly rates, newest month first, as reporting-currency units per 1 unit. */
export function FxRatesTable(props: { rates: readonly FragmentType<typeof FxRatesTableRateFragment>[]; reportingCurrency: string }) {
  const rates = props.rates.map((rate) => getFragmentData(FxRatesTableRateFragment, rate));
  return (
    <div className="admin-scroll" tabIndex={0} role="region" aria-label="FX rates">
      <table className="reports-table admin-sticky-head" data-testid="fx-rates-table">
        <thead>
          <tr>
            <th scope="col">Currency</th>
            <th scope="col">Month</th>
            <th scope="col" className="numeric">
              {props.reportingCurrency} per 1 unit
            </th>
            <th scope="col">Last set</th>
          </tr>
        </thead>
        <tbody>
          {rates.map((rate) => (
            <tr key={`${rate.currency}-${rate.month}`} data-testid="fx-rate-row" data-currency={rate.currency} data-month={rate.month.slice(0, 7)}>
              <td>{rate.currency}</td>
              <td>{formatMonth(rate.month.slice(0, 7))}</td>
              <td className="numeric" data-testid="fx-rate-value">
                {formatRate(rate.rateToReporting)}
              </td>
              <td>
                <span className="admin-sub">{formatDateTime(rate.updatedAt)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { useMemo } from 'react';
import { Button } from '../../components/Button';
import { Table } from '../../components/Table';
import type { TableColumn } from '../../components/tableColumns';
import { formatDateTime, formatMonth, formatRate } from '../../format/numbers';
import type { FxRatesTable_RateFragment } from '../../gql/graphql';
import { useSettings } from '../settings/useSettings';
import { getFragmentData, graphql, type FragmentType } from '../../gql';

export const FxRatesTableRateFragment = graphql(`
  fragment FxRatesTable_rate on FxRate {
    id
    version
    currency
    month
    rateToReporting
    updatedAt
  }
`);

type Rate = FxRatesTable_RateFragment;

function columnsFor(reportingCurrency: string, onEdit: ((rate: Rate) => void) | undefined): TableColumn<Rate>[] {
  return [
    { id: 'currency', header: 'Currency', value: (rate) => rate.currency, meta: { sortable: true } },
    { id: 'month', header: 'Month', value: (rate) => rate.month.slice(0, 7), meta: { sortable: true, sortDescFirst: true, format: (month) => formatMonth(String(month)) } },
    {
      id: 'rate',
      header: `${reportingCurrency} per 1 unit`,
      value: (rate) => rate.rateToReporting,
      cell: (rate) => <span data-testid="fx-rate-value">{formatRate(rate.rateToReporting)}</span>,
      meta: { numeric: true, sortable: true, className: 'numeric' },
    },
    { id: 'updatedAt', header: 'Last set', cell: (rate) => <span className="admin-sub">{formatDateTime(rate.updatedAt)}</span> },
    ...(onEdit
      ? [
          {
            id: 'actions',
            header: 'Actions',
            meta: { hideHeader: true },
            cell: (rate: Rate) => (
              <Button size="small" onClick={() => onEdit(rate)} aria-label={`Change the ${rate.currency} rate for ${formatMonth(rate.month.slice(0, 7))}`} data-testid="fx-rate-edit">
                Change
              </Button>
            ),
          } satisfies TableColumn<Rate>,
        ]
      : []),
  ];
}

/** Monthly rates, newest month first, as reporting-currency units per 1 unit; any column sorts. */
export function FxRatesTable(props: { rates: readonly FragmentType<typeof FxRatesTableRateFragment>[]; onEdit?(rate: Rate): void }) {
  const rates = props.rates.map((rate) => getFragmentData(FxRatesTableRateFragment, rate));
  const { reportingCurrency } = useSettings();
  const { onEdit } = props;
  const columns = useMemo(() => columnsFor(reportingCurrency, onEdit), [reportingCurrency, onEdit]);
  return (
    <Table
      rows={rates}
      columns={columns}
      getRowId={(rate) => `${rate.currency}-${rate.month}`}
      stickyHead
      scroll={{ className: 'admin-scroll', label: 'FX rates' }}
      testId="fx-rates-table"
      rowProps={(rate) => ({ 'data-testid': 'fx-rate-row', 'data-currency': rate.currency, 'data-month': rate.month.slice(0, 7) })}
    />
  );
}

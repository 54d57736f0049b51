import { KpiTile } from '../../components/KpiTile';
import { formatChange, formatCount, formatDate, formatMoney, formatMoneyBrief, formatMoneyCompact, formatPercent, toNumber } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import styles from './SupplierKpis.module.css';

const SupplierKpisSummaryFragment = graphql(`
  fragment SupplierKpis_summary on SupplierSummary {
    dateFrom
    dateTo
    spend
    previousPeriodSpend
    change
    lineCount
    categoryCount
    businessUnitCount
    onContractSpend
    onContractShare
    currency
  }
`);

/** A supplier's headline figures for the period. */
export function SupplierKpis(props: { summary: FragmentType<typeof SupplierKpisSummaryFragment> }) {
  const summary = getFragmentData(SupplierKpisSummaryFragment, props.summary);
  const { currency } = summary;
  const change = formatChange(summary.change);
  return (
    <div className={styles.grid} data-testid="supplier-kpis">
      <KpiTile
        testId="supplier-kpi-spend"
        label="Spend"
        value={formatMoneyCompact(summary.spend, currency)}
        title={formatMoney(summary.spend, currency)}
        footnote={`${formatMoney(summary.spend, currency)} · ${formatDate(summary.dateFrom)} – ${formatDate(summary.dateTo)}`}
      />
      <KpiTile
        testId="supplier-kpi-change"
        label="Change vs previous period"
        value={change?.text ?? 'n/a'}
        tone={change?.direction === 'up' ? 'negative' : change?.direction === 'down' ? 'positive' : 'neutral'}
        title={`Previous period: ${formatMoney(summary.previousPeriodSpend, currency)}`}
        footnote={change ? `from ${formatMoneyBrief(summary.previousPeriodSpend, currency)}` : 'No spend in the previous period'}
      />
      <KpiTile testId="supplier-kpi-lines" label="Lines" value={formatCount(summary.lineCount)} footnote="invoice lines in the period" />
      <KpiTile
        testId="supplier-kpi-categories"
        label="Categories"
        value={formatCount(summary.categoryCount)}
        footnote={`across ${formatCount(summary.businessUnitCount)} business ${summary.businessUnitCount === 1 ? 'unit' : 'units'}`}
      />
      <KpiTile
        testId="supplier-kpi-on-contract"
        label="On contract"
        value={formatPercent(summary.onContractShare)}
        meter={toNumber(summary.onContractShare)}
        footnote={`${formatMoneyCompact(summary.onContractSpend, currency)} matched to a contract`}
      />
    </div>
  );
}

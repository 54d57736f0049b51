import type { ReactNode } from 'react';
import { KpiTile } from '../../components/KpiTile';
import type { SpendFilterParams } from '../../filters/spendFilter';
import { expiringContractsLink } from '../contracts/contractParams';
import { formatChange, formatCount, formatDate, formatMoney, formatMoneyBrief, formatMoneyCompact, formatPercent, toNumber } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';

const KpiTilesSummaryFragment = graphql(`
  fragment KpiTiles_summary on SpendSummary {
    dateFrom
    dateTo
    totalSpend
    previousPeriodSpend
    change
    activeSuppliers
    onContractShare
    poCoverage
    classifiedShare
    contractsExpiring
    expiryWarningDays
    lineCount
    currency
  }
`);

export type KpiTilesSummary = FragmentType<typeof KpiTilesSummaryFragment>;

export function KpiTilesSkeleton() {
  const labels = ['Total spend', 'Change vs previous period', 'Active suppliers', 'On contract', 'PO coverage', 'Classified', 'Contracts expiring'];
  return (
    <div className="kpi-grid">
      {labels.map((label, index) => (
        <KpiTile key={label} label={label} value="" loading wide={index === 0} />
      ))}
    </div>
  );
}

/**
 * The overview's headline figures; `params` is the filter bar's state the figures were asked with.
 * `classifiedNote`: what the "Classified" tile adds under its figure (how much the classifier filed).
 */
export function KpiTiles(props: { summary: KpiTilesSummary; params: SpendFilterParams; classifiedNote?: ReactNode }) {
  const summary = getFragmentData(KpiTilesSummaryFragment, props.summary);
  const { currency } = summary;
  const change = formatChange(summary.change);
  const period = `${formatDate(summary.dateFrom)} – ${formatDate(summary.dateTo)}`;

  return (
    <div className="kpi-grid">
      <KpiTile
        wide
        testId="kpi-total-spend"
        label="Total spend"
        value={formatMoneyCompact(summary.totalSpend, currency)}
        title={formatMoney(summary.totalSpend, currency)}
        footnote={
          <>
            {formatMoney(summary.totalSpend, currency)} · {formatCount(summary.lineCount)} lines · {period}
          </>
        }
      />
      <KpiTile
        testId="kpi-change"
        label="Change vs previous period"
        value={change?.text ?? 'n/a'}
        // More spend is a cost increase, so it reads as the warning colour.
        tone={change?.direction === 'up' ? 'negative' : change?.direction === 'down' ? 'positive' : 'neutral'}
        title={`Previous period: ${formatMoney(summary.previousPeriodSpend, currency)}`}
        footnote={
          change
            ? `from ${formatMoneyBrief(summary.previousPeriodSpend, currency)} in the previous period`
            : 'No spend in the previous period'
        }
      />
      <KpiTile
        testId="kpi-active-suppliers"
        label="Active suppliers"
        value={formatCount(summary.activeSuppliers)}
        footnote="with spend in the period"
      />
      <KpiTile
        testId="kpi-on-contract"
        label="On contract"
        value={formatPercent(summary.onContractShare)}
        meter={toNumber(summary.onContractShare)}
        footnote="of spend matched to a contract"
      />
      <KpiTile
        testId="kpi-po-coverage"
        label="PO coverage"
        value={formatPercent(summary.poCoverage)}
        meter={toNumber(summary.poCoverage)}
        footnote="of spend with a purchase order"
      />
      <KpiTile
        testId="kpi-classified"
        label="Classified"
        value={formatPercent(summary.classifiedShare)}
        meter={toNumber(summary.classifiedShare)}
        footnote={<>of spend with a category{props.classifiedNote}</>}
      />
      <KpiTile
        testId="kpi-contracts-expiring"
        label="Contracts expiring"
        value={formatCount(summary.contractsExpiring)}
        tone={summary.contractsExpiring > 0 ? 'warning' : 'neutral'}
        footnote={`within ${summary.expiryWarningDays} days · view them`}
        to={expiringContractsLink(props.params)}
      />
    </div>
  );
}

import { Bar, CartesianGrid, ComposedChart, Line, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard } from '../../components/ChartCard';
import { accentColor, axisTick, gridStroke, lineColor, referenceStroke, tooltipStyles, valueAxisProps } from '../../components/chartTheme';
import { KpiTile } from '../../components/KpiTile';
import { formatDate, formatMoney, formatMoneyCompact, formatMonth, formatPercent, formatRate, toNumber } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import { useSettings } from '../settings/useSettings';
import { burnPoints } from './burnData';
import styles from './ContractDetail.module.css';

const ContractUtilisationContractFragment = graphql(`
  fragment ContractUtilisation_contract on Contract {
    id
    ceiling
    currency
    startDate
    effectiveEndDate
    utilisation {
      spend
      lineCount
      reportingCurrency
      ceilingReporting
      fxRate
      fxMonth
      share
      remaining
      burn {
        month
        spend
        cumulative
      }
      runRateFrom
      runRateTo
      monthlyRunRate
      ceilingReachedOn
      projectedCeilingDate
    }
  }
`);

/** What the ceiling date tile says, by the projection rule (docs/domain.md, utilisation). */
function ceilingDate(u: { ceilingReporting: string | null; ceilingReachedOn: string | null; projectedCeilingDate: string | null; monthlyRunRate: string | null }) {
  if (u.ceilingReporting === null) return { value: 'n/a', note: 'No rate to convert the ceiling', tone: 'neutral' as const };
  if (u.ceilingReachedOn) return { value: formatDate(u.ceilingReachedOn), note: 'Ceiling reached on this date', tone: 'negative' as const };
  if (u.projectedCeilingDate) return { value: formatDate(u.projectedCeilingDate), note: 'Projected at the trailing 6-month run-rate', tone: 'warning' as const };
  if (u.monthlyRunRate) return { value: 'Not before the end', note: 'The ceiling is not reached within the term at the current run-rate', tone: 'positive' as const };
  return { value: '—', note: 'No projection: not in force, or no recent spend', tone: 'neutral' as const };
}

/** Spend against the ceiling: headline figures and the cumulative burn by month with its projection. */
export function ContractUtilisation(props: { contract: FragmentType<typeof ContractUtilisationContractFragment> }) {
  const contract = getFragmentData(ContractUtilisationContractFragment, props.contract);
  const u = contract.utilisation;
  const { asOfDate } = useSettings();
  const currency = u.reportingCurrency;
  const date = ceilingDate(u);
  const points = burnPoints(u.burn, { asOf: asOfDate, date: u.projectedCeilingDate, ceiling: u.ceilingReporting });
  const ceiling = toNumber(u.ceilingReporting);
  const converted = contract.currency !== currency;
  return (
    <section className={styles.section} aria-labelledby="utilisation-title" data-testid="contract-utilisation">
      <h2 className={styles.sectionTitle} id="utilisation-title">
        Utilisation
      </h2>
      <div className={styles.tiles}>
        <KpiTile compact testId="util-spend" label="Spend on contract" value={formatMoneyCompact(u.spend, currency)} title={formatMoney(u.spend, currency)}
          footnote={`${u.lineCount.toLocaleString('en-GB')} lines · ${formatMoney(u.spend, currency)}`} />
        <KpiTile compact testId="util-ceiling" label="Ceiling" value={formatMoneyCompact(u.ceilingReporting, currency)} title={formatMoney(u.ceilingReporting, currency)}
          footnote={converted
            ? u.fxRate ? `${formatMoney(contract.ceiling, contract.currency)} at ${formatRate(u.fxRate)} (${u.fxMonth ? formatMonth(u.fxMonth.slice(0, 7)) : ''})` : `${formatMoney(contract.ceiling, contract.currency)}, no rate to convert it`
            : 'in the contract currency'} />
        <KpiTile compact testId="util-share" label="Used" value={formatPercent(u.share)} meter={toNumber(u.share)}
          tone={(toNumber(u.share) ?? 0) >= 1 ? 'negative' : (toNumber(u.share) ?? 0) >= 0.8 ? 'warning' : 'neutral'}
          footnote={u.remaining === null ? '—' : (toNumber(u.remaining) ?? 0) < 0 ? `${formatMoney(-(toNumber(u.remaining) ?? 0), currency)} over the ceiling` : `${formatMoney(u.remaining, currency)} left`} />
        <KpiTile compact testId="util-runrate" label="Run-rate per month" value={formatMoneyCompact(u.monthlyRunRate, currency)}
          footnote={u.runRateFrom && u.runRateTo ? `from ${formatDate(u.runRateFrom)} to ${formatDate(u.runRateTo)}` : 'Not in force at the as-of date'} />
        <KpiTile compact testId="util-ceiling-date" label="Ceiling date" value={date.value} tone={date.tone} footnote={date.note} />
      </div>
      <ChartCard
        title="Cumulative burn"
        subtitle={`Matched spend by month and in total since ${formatDate(contract.startDate)}, against the ceiling${u.projectedCeilingDate ? ', with the projection to the ceiling date' : ''}.`}
        emptyMessage={points.length === 0 ? 'No month of this contract has started yet.' : null}
        height={300}
        testId="burn-chart"
      >
        <div role="img" aria-label={`Cumulative spend reaches ${formatMoney(u.spend, currency)} against a ceiling of ${formatMoney(u.ceilingReporting, currency)}; ${date.note.toLowerCase()}: ${date.value}.`}>
          <ComposedChart responsive style={{ width: '100%', height: 300 }} data={points} margin={{ top: 12, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={false} stroke={gridStroke} />
            <XAxis dataKey="month" tickFormatter={(m: string) => formatMonth(m.slice(0, 7))} tick={axisTick} tickLine={false} axisLine={{ stroke: gridStroke }} minTickGap={24} />
            <YAxis tickFormatter={(v: number) => formatMoneyCompact(v, currency)} {...valueAxisProps} width={70} />
            <Tooltip {...tooltipStyles} labelFormatter={(m) => formatMonth(String(m).slice(0, 7))} formatter={(v) => formatMoney(typeof v === 'number' ? v : null, currency)} />
            {ceiling !== null && <ReferenceLine y={ceiling} ifOverflow="extendDomain" stroke={referenceStroke} strokeDasharray="6 4" label={{ value: 'Ceiling', position: 'insideTopLeft', fill: axisTick.fill, fontSize: 11 }} />}
            <Bar dataKey="spend" name="Spend in the month" fill={accentColor} maxBarSize={18} isAnimationActive={false} />
            <Line dataKey="cumulative" name="Cumulative" type="monotone" stroke={lineColor} strokeWidth={2} dot={false} isAnimationActive={false} connectNulls={false} />
            <Line dataKey="projected" name="Projected" type="linear" stroke={lineColor} strokeWidth={2} strokeDasharray="5 5" dot={false} isAnimationActive={false} />
          </ComposedChart>
        </div>
      </ChartCard>
    </section>
  );
}

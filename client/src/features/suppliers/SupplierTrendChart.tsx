import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard } from '../../components/ChartCard';
import { accentColor, axisTick, gridStroke, moneyTooltipFormatter, tooltipStyles, valueAxisProps } from '../../components/chartTheme';
import { formatMoneyCompact, formatMonth, toNumber } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import { useShownCurrency } from '../settings/shownCurrency';

const SupplierTrendChartMonthFragment = graphql(`
  fragment SupplierTrendChart_month on SupplierMonth {
    month
    spend
    lineCount
  }
`);

/** Monthly spend with a supplier: every month of the period in time order (the server fills empty months). */
export function SupplierTrendChart(props: { months: readonly FragmentType<typeof SupplierTrendChartMonthFragment>[] }) {
  const months = props.months.map((month) => getFragmentData(SupplierTrendChartMonthFragment, month));
  const currency = useShownCurrency();
  const data = months.map((m) => ({ month: m.month, spend: toNumber(m.spend) ?? 0 }));
  return (
    <ChartCard
      title="Monthly spend"
      subtitle="Spend with this supplier per month of the period"
      emptyMessage={data.every((d) => d.spend === 0) ? 'No spend in this period.' : null}
      testId="supplier-trend"
      height={260}
    >
      <BarChart responsive style={{ width: '100%', height: 260 }} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid vertical={false} stroke={gridStroke} />
        <XAxis dataKey="month" tickFormatter={formatMonth} tick={axisTick} tickLine={false} axisLine={{ stroke: gridStroke }} minTickGap={12} />
        <YAxis tickFormatter={(value: number) => formatMoneyCompact(value, currency)} {...valueAxisProps} width={64} />
        <Tooltip
          formatter={moneyTooltipFormatter(currency)}
          labelFormatter={(label) => (typeof label === 'string' ? formatMonth(label) : String(label))}
          {...tooltipStyles}
        />
        <Bar dataKey="spend" name="Spend" fill={accentColor} maxBarSize={40} isAnimationActive={false} />
      </BarChart>
    </ChartCard>
  );
}

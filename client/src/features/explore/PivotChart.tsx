import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard } from '../../components/ChartCard';
import { axisTick, gridStroke, seriesColors, tooltipStyles, valueAxisProps } from '../../components/chartTheme';
import { formatCount, formatDecimal, formatMoneyCompact, formatPercentAxis } from '../../format/numbers';
import type { SpendDimension } from '../../gql/graphql';
import { chartData } from './chartData';
import type { ChartKind } from './explorerState';
import { formatMeasure } from './PivotGrid';
import type { ColumnMember, CubeColumn, PivotNode } from './pivotModel';

interface PivotChartProps {
  root: PivotNode;
  columns: CubeColumn[];
  columnMembers: ColumnMember[];
  currency: string;
  kind: ChartKind;
  /** What the chart draws: its first row dimension, and the column dimension as series. */
  title: string;
  /** Row dimensions under the first, which the grid shows and the chart does not (their labels). */
  gridOnly?: string[];
  rowDimension: SpendDimension;
  columnDimension: SpendDimension | null;
}

export function PivotChart(props: PivotChartProps) {
  const { measure, series, data, kind, note } = chartData(props);
  const { currency } = props;
  const tick = (value: number) =>
    measure.kind === 'MONEY'
      ? formatMoneyCompact(value, currency)
      : measure.kind === 'RATIO'
        ? formatPercentAxis(value)
        : measure.kind === 'NUMBER'
          ? formatDecimal(value)
          : formatCount(value);
  const common = {
    responsive: true,
    style: { width: '100%', height: 420 },
    data,
    margin: { top: 8, right: 16, bottom: 48, left: 8 },
  };
  const axes = (
    <>
      <CartesianGrid vertical={false} stroke={gridStroke} />
      <XAxis dataKey="name" tick={axisTick} tickLine={false} axisLine={{ stroke: gridStroke }} interval={0} angle={-30} textAnchor="end" height={70} />
      <YAxis tickFormatter={tick} {...valueAxisProps} width={72} />
      <Tooltip formatter={(value) => formatMeasure(typeof value === 'number' ? String(value) : null, measure.kind, currency)} {...tooltipStyles} />
      <Legend iconType="circle" iconSize={8} verticalAlign="top" wrapperStyle={{ fontSize: 12, paddingBottom: 8 }} />
    </>
  );
  return (
    <ChartCard
      title={props.title}
      subtitle={[measure.label, note, props.gridOnly?.length ? `${props.gridOnly.join(' › ')} in the grid only` : null].filter(Boolean).join(' · ')}
      emptyMessage={data.length ? null : 'No spend matches these filters.'}
      height={420}
      testId="pivot-chart"
    >
      {kind === 'line' ? (
        <LineChart {...common}>
          {axes}
          {series.map((s, index) => (
            <Line key={s.key} dataKey={s.key} name={s.name} stroke={seriesColors[index % seriesColors.length]} strokeWidth={2} dot={false} isAnimationActive={false} />
          ))}
        </LineChart>
      ) : (
        <BarChart {...common}>
          {axes}
          {series.map((s, index) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.name}
              stackId={kind === 'stacked' ? 'stack' : undefined}
              fill={seriesColors[index % seriesColors.length]}
              maxBarSize={40}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      )}
    </ChartCard>
  );
}

import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard } from '../../components/ChartCard';
import { axisTick, gridStroke, seriesColors, tooltipStyles } from '../../components/chartTheme';
import { formatCount, formatMoneyCompact, formatPercentAxis, toNumber } from '../../format/numbers';
import type { ChartKind } from './explorerState';
import { formatMeasure } from './PivotGrid';
import { TOTAL_COLUMN, type ColumnMember, type CubeColumn, type PivotNode } from './pivotModel';

const MAX_POINTS = 40;

interface PivotChartProps {
  root: PivotNode;
  columns: CubeColumn[];
  columnMembers: ColumnMember[];
  currency: string;
  kind: ChartKind;
  title: string;
}

type Point = { name: string } & Record<string, number | string | null>;

/** The first row dimension on the x-axis; the column members (or the measures) as series. */
function toChartData({ root, columns, columnMembers }: PivotChartProps) {
  const measure = columns[0];
  const series = columnMembers.length
    ? columnMembers.map((member, index) => ({ key: `s${index}`, name: member.label, column: member.id, measureIndex: 0 }))
    : columns
        .filter((col) => col.kind === measure.kind)
        .map((col, index) => ({ key: `s${index}`, name: col.label, column: TOTAL_COLUMN, measureIndex: columns.indexOf(col) }));
  const data: Point[] = root.children.slice(0, MAX_POINTS).map((node) => {
    const point: Point = { name: node.label };
    for (const s of series) point[s.key] = toNumber(node.cells.get(s.column)?.[s.measureIndex]);
    return point;
  });
  return { measure, series, data, cut: root.children.length > MAX_POINTS };
}

export function PivotChart(props: PivotChartProps) {
  const { measure, series, data, cut } = toChartData(props);
  const { currency, kind } = props;
  const tick = (value: number) =>
    measure.kind === 'MONEY' ? formatMoneyCompact(value, currency) : measure.kind === 'RATIO' ? formatPercentAxis(value) : formatCount(value);
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
      <YAxis tickFormatter={tick} tick={axisTick} tickLine={false} axisLine={false} width={72} />
      <Tooltip formatter={(value) => formatMeasure(typeof value === 'number' ? String(value) : null, measure.kind, currency)} {...tooltipStyles} />
      <Legend iconType="circle" iconSize={8} verticalAlign="top" wrapperStyle={{ fontSize: 12, paddingBottom: 8 }} />
    </>
  );
  return (
    <ChartCard
      title={props.title}
      subtitle={`${measure.label}${cut ? ` · first ${MAX_POINTS} members` : ''}`}
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

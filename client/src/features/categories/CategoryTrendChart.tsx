import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard } from '../../components/ChartCard';
import { Disclosure } from '../../components/Disclosure';
import { Table } from '../../components/Table';
import type { TableColumn } from '../../components/tableColumns';
import { accentColor, axisTick, gridStroke, moneyTooltipFormatter, tooltipStyles, valueAxisProps } from '../../components/chartTheme';
import { formatCount, formatMoney, formatMoneyCompact, formatMonth, toNumber } from '../../format/numbers';
import { useSettings } from '../settings/useSettings';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import type { SpendCubeQuery, SpendFilter } from '../../gql/graphql';
import { linesHref } from './categoryLinks';
import styles from './CategorySection.module.css';

const CategoryTrendChartCubeFragment = graphql(`
  fragment CategoryTrendChart_cube on SpendCube {
    currency
    rows {
      keys {
        id
      }
      values
    }
  }
`);

/** The cube this chart reads: spend and lines per month, in time order (a trend is a time series). */
export function categoryTrendCubeQuery(filter: SpendFilter): SpendCubeQuery {
  return { dimensions: ['MONTH'], measures: ['SPEND', 'LINE_COUNT'], filter, sort: [{ dimension: 'MONTH', direction: 'ASC' }], limit: 1000 };
}

interface MonthPoint {
  month: string;
  spend: number;
  spendText: string | null;
  lines: number;
}

function nextMonth(monthKey: string): string {
  const [year, month] = monthKey.split('-').map(Number);
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
}

/** One point per month from the first to the last, months without spend at zero, in calendar order whatever the rows' order. */
export function monthSeries(rows: readonly { keys: readonly { id?: string | null }[]; values: readonly (string | null)[] }[]): MonthPoint[] {
  const byMonth = new Map<string, { spend: string | null; lines: number }>();
  for (const row of rows) {
    const month = row.keys[0]?.id;
    if (month) byMonth.set(month, { spend: row.values[0] ?? null, lines: Number(row.values[1] ?? 0) });
  }
  const months = [...byMonth.keys()].sort();
  const points: MonthPoint[] = [];
  for (let month = months[0]; month && month <= months[months.length - 1]; month = nextMonth(month)) {
    const found = byMonth.get(month);
    points.push({ month, spend: toNumber(found?.spend) ?? 0, spendText: found?.spend ?? null, lines: found?.lines ?? 0 });
  }
  return points;
}

interface CategoryTrendChartProps {
  cube: FragmentType<typeof CategoryTrendChartCubeFragment> | undefined;
  loading?: boolean;
  name: string;
  /** The screen's filter narrowed to the category; null when months do not drill. */
  drillFilter: SpendFilter | null;
  back: string;
}

/** A category's monthly spend; a month's bar (or its row in the table below) opens its lines. */
export function CategoryTrendChart(props: CategoryTrendChartProps) {
  const cube = getFragmentData(CategoryTrendChartCubeFragment, props.cube);
  const navigate = useNavigate();
  const { reportingCurrency } = useSettings();
  const currency = cube?.currency ?? reportingCurrency;
  const data = useMemo(() => (cube ? monthSeries(cube.rows) : []), [cube]);
  const { drillFilter, back, name } = props;
  const monthHref = (month: string) =>
    drillFilter ? linesHref({ ...drillFilter, members: [...(drillFilter.members ?? []), { dimension: 'MONTH', ids: [month] }] }, `${name} · ${formatMonth(month)}`, back) : null;
  const columns = useMemo<TableColumn<MonthPoint>[]>(
    () => [
      { id: 'month', header: 'Month', value: (p) => p.month, cell: (p) => formatMonth(p.month) },
      {
        id: 'spend',
        header: 'Spend',
        value: (p) => p.spendText,
        meta: { numeric: true },
        cell: (p) => {
          const href = monthHref(p.month);
          const text = formatMoney(p.spendText ?? '0', currency);
          return href && p.lines > 0 ? <Link to={href}>{text}</Link> : text;
        },
      },
      { id: 'lines', header: 'Lines', value: (p) => p.lines, meta: { numeric: true, format: (v) => formatCount(Number(v)) } },
    ],
    // monthHref reads the props listed here
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [currency, drillFilter, back, name],
  );

  return (
    <ChartCard
      title="Monthly spend"
      subtitle="In calendar order; a bar opens that month's lines"
      loading={props.loading && !cube}
      emptyMessage={cube && data.length === 0 ? 'No spend in this period.' : null}
      testId="category-trend"
      height={260}
    >
      <BarChart responsive style={{ width: '100%', height: 260 }} data={data} margin={{ top: 8, right: 4, bottom: 0, left: 0 }}>
        <CartesianGrid vertical={false} stroke={gridStroke} />
        <XAxis dataKey="month" tickFormatter={formatMonth} tick={axisTick} tickLine={false} axisLine={{ stroke: gridStroke }} minTickGap={16} />
        <YAxis tickFormatter={(value: number) => formatMoneyCompact(value, currency)} {...valueAxisProps} width={64} />
        <Tooltip {...tooltipStyles} labelFormatter={(label) => formatMonth(String(label))} formatter={moneyTooltipFormatter(currency)} />
        <Bar
          dataKey="spend"
          name="Spend"
          fill={accentColor}
          maxBarSize={28}
          isAnimationActive={false}
          cursor={drillFilter ? 'pointer' : undefined}
          onClick={(point: { payload?: MonthPoint }) => {
            const href = point.payload ? monthHref(point.payload.month) : null;
            if (href) void navigate(href);
          }}
        />
      </BarChart>
      <Disclosure summary="Months as a table">
        <Table
          rows={data}
          columns={columns}
          getRowId={(p) => p.month}
          label={`Monthly spend of ${name}`}
          testId="category-trend-table"
          scroll={{ className: styles.scroll, label: `Monthly spend of ${name}, scrollable` }}
        />
      </Disclosure>
    </ChartCard>
  );
}

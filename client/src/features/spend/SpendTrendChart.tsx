import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard } from '../../components/ChartCard';
import { axisTick, gridStroke, moneyTooltipFormatter, otherColor, seriesColors, tooltipStyles, valueAxisProps } from '../../components/chartTheme';
import { formatMoneyCompact, formatMonth, toNumber } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import type { SpendCubeQuery, SpendFilter } from '../../gql/graphql';
import { EntityLink } from '../entities/EntityLink';
import { useSettings } from '../settings/useSettings';
import styles from './SpendTrendChart.module.css';

const SpendTrendChartCubeFragment = graphql(`
  fragment SpendTrendChart_cube on SpendCube {
    currency
    rows {
      keys {
        id
        label
      }
      values
    }
  }
`);

const TOP_CATEGORIES = 5;
const OTHER = 'other';

/** The cube this chart reads: spend by month and top-level category. */
export function spendTrendCubeQuery(filter: SpendFilter): SpendCubeQuery {
  return { dimensions: ['MONTH', 'CATEGORY_L1'], measures: ['SPEND'], filter };
}

interface Series {
  key: string;
  /** The category id; null for "Other" and unclassified spend. */
  categoryId: string | null;
  name: string;
  color: string;
}

type MonthPoint = { month: string } & Record<string, number | string>;

function nextMonth(monthKey: string): string {
  const [year, month] = monthKey.split('-').map(Number);
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
}

/** Pivots cube rows into one point per month, the top categories as series and the rest as "Other". */
function toChartData(rows: { keys: { id?: string | null; label: string }[]; values: (string | null)[] }[]) {
  const categoryTotals = new Map<string, { name: string; total: number }>();
  const cells: { month: string; category: string; spend: number }[] = [];
  for (const row of rows) {
    const month = row.keys[0]?.id;
    const categoryKey = row.keys[1];
    const spend = toNumber(row.values[0]) ?? 0;
    if (!month || !categoryKey) continue;
    const category = categoryKey.id ?? 'unclassified';
    const entry = categoryTotals.get(category) ?? { name: categoryKey.label, total: 0 };
    entry.total += spend;
    categoryTotals.set(category, entry);
    cells.push({ month, category, spend });
  }

  const ranked = [...categoryTotals.entries()].sort((a, b) => b[1].total - a[1].total);
  const top = ranked.slice(0, TOP_CATEGORIES);
  const series: Series[] = top.map(([key, { name }], index) => ({
    key: `c_${key}`, categoryId: key === 'unclassified' ? null : key, name, color: seriesColors[index],
  }));
  if (ranked.length > TOP_CATEGORIES) series.push({ key: OTHER, categoryId: null, name: 'Other', color: otherColor });
  const topKeys = new Set(top.map(([key]) => key));

  const months = [...new Set(cells.map((cell) => cell.month))].sort();
  const points = new Map<string, MonthPoint>();
  // Months without spend still get a (zero) bar so the time axis stays regular.
  for (let month = months[0]; month && month <= months[months.length - 1]; month = nextMonth(month)) {
    const point: MonthPoint = { month };
    for (const s of series) point[s.key] = 0;
    points.set(month, point);
  }
  for (const cell of cells) {
    const point = points.get(cell.month);
    if (!point) continue;
    const key = topKeys.has(cell.category) ? `c_${cell.category}` : OTHER;
    point[key] = Number(point[key] ?? 0) + cell.spend;
  }
  return { series, data: [...points.values()] };
}

/** Says how many categories are stacked: fewer than TOP_CATEGORIES when the scope or filter holds fewer. */
export function trendSubtitle(shown: number): string {
  if (shown <= 1) return shown === 1 ? 'Stacked by category: one category in this view' : 'By month';
  return shown < TOP_CATEGORIES ? `Stacked by category: the ${shown} in this view` : `Stacked by the top ${TOP_CATEGORIES} categories`;
}

export function SpendTrendChart(props: { cube: FragmentType<typeof SpendTrendChartCubeFragment> | undefined; loading?: boolean }) {
  const cube = getFragmentData(SpendTrendChartCubeFragment, props.cube);
  const { series, data } = cube ? toChartData(cube.rows) : { series: [], data: [] };
  // The currency the answer is in (the filter's display currency); the reporting one until it arrives.
  const reporting = useSettings().reportingCurrency;
  const currency = cube?.currency ?? reporting;

  return (
    <ChartCard
      title="Monthly spend"
      subtitle={trendSubtitle(series.filter((s) => s.key !== OTHER).length)}
      loading={props.loading && !cube}
      emptyMessage={cube && data.length === 0 ? 'No spend in this period.' : null}
      testId="chart-spend-trend"
      height={320}
    >
      <BarChart responsive style={{ width: '100%', height: 288 }} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid vertical={false} stroke={gridStroke} />
        <XAxis dataKey="month" tickFormatter={formatMonth} tick={axisTick} tickLine={false} axisLine={{ stroke: gridStroke }} minTickGap={12} />
        <YAxis tickFormatter={(value: number) => formatMoneyCompact(value, currency)} {...valueAxisProps} width={64} />
        <Tooltip
          formatter={moneyTooltipFormatter(currency)}
          labelFormatter={(label) => (typeof label === 'string' ? formatMonth(label) : String(label))}
          {...tooltipStyles}
        />
        {series.map((s) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.name}
            stackId="spend"
            fill={s.color}
            maxBarSize={44}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
      {/* The legend is the console's own, so each category's name opens its page. */}
      <ul className={styles.legend} aria-label="Categories in the chart">
        {series.map((s) => (
          <li key={s.key} className={styles.legendItem}>
            <span className={styles.swatch} style={{ background: s.color }} aria-hidden="true" />
            <EntityLink kind="category" id={s.categoryId}>
              {s.name}
            </EntityLink>
          </li>
        ))}
      </ul>
    </ChartCard>
  );
}

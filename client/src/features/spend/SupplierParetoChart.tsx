import { Bar, CartesianGrid, ComposedChart, Line, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard } from '../../components/ChartCard';
import { accentColor, axisTick, gridStroke, lineColor, referenceStroke, tooltipStyles } from '../../components/chartTheme';
import { formatMoney, formatMoneyCompact, formatPercent, formatPercentAxis, toNumber } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import type { SpendCubeQuery, SpendFilter } from '../../gql/graphql';
import { useNavigate } from 'react-router';
import { useEntityHref } from '../entities/entityLinks';
import { useSettings } from '../settings/useSettings';

const SupplierParetoChartCubeFragment = graphql(`
  fragment SupplierParetoChart_cube on SpendCube {
    rows {
      keys {
        id
        label
      }
      values
    }
    totals {
      values
    }
  }
`);

const TOP_SUPPLIERS = 30;

/** The cube this chart reads: the largest suppliers by spend, with the grand total for the cumulative share. */
export function supplierParetoCubeQuery(filter: SpendFilter): SpendCubeQuery {
  return {
    dimensions: ['SUPPLIER'],
    measures: ['SPEND'],
    filter,
    sort: [{ measure: 'SPEND', direction: 'DESC' }],
    limit: TOP_SUPPLIERS,
  };
}

interface ParetoPoint {
  rank: number;
  /** The supplier id: bars and names open the supplier. */
  id: string | null;
  name: string;
  spend: number;
  cumulativeShare: number;
}

/** Longest name drawn under a bar; the full name is in the bar's tooltip and the link's accessible name. */
const NAME_CHARS = 18;

/**
 * The start of a name that fits under a bar, cut after a whole word (so the words shown are words
 * of the link's name), and whether it was cut.
 */
function shortName(name: string): { text: string; cut: boolean } {
  if (name.length <= NAME_CHARS) return { text: name, cut: false };
  const space = name.lastIndexOf(' ', NAME_CHARS - 1);
  return { text: (space > 0 ? name.slice(0, space) : name.slice(0, NAME_CHARS - 1)).replace(/[\s&,-]+$/, ''), cut: true };
}

interface NameTickProps {
  x?: number;
  y?: number;
  payload?: { value: number };
  points: ParetoPoint[];
  hrefOf(id: string): string;
  onOpen(href: string): void;
}

/** A supplier's name under its bar, slanted, as a link to the supplier (an SVG link, so it is focusable). */
function NameTick({ x = 0, y = 0, payload, points, hrefOf, onOpen }: NameTickProps) {
  const point = points.find((p) => p.rank === payload?.value);
  if (!point) return null;
  const short = shortName(point.name);
  // A cut name ends in an ellipsis drawn beside the link, not in it: the link's name (the full
  // name) must contain the text it shows.
  const gap = short.cut ? 10 : 0;
  const text = (
    <text x={-gap} y={0} dy={4} textAnchor="end" fill={axisTick.fill} fontSize={11}>
      {short.text}
    </text>
  );
  const ellipsis = short.cut && (
    <text x={-gap} y={0} dy={4} textAnchor="start" fill={axisTick.fill} fontSize={11} aria-hidden="true">
      …
    </text>
  );
  const at = `translate(${x},${y + 4}) rotate(-60)`;
  if (!point.id) {
    return (
      <g transform={at}>
        {text}
        {ellipsis}
      </g>
    );
  }
  const href = hrefOf(point.id);
  return (
    <g transform={at}>
      <a
        href={href}
        aria-label={`${point.rank}. ${point.name}`}
        data-entity="supplier"
        data-entity-id={point.id}
        onClick={(event) => {
          event.preventDefault();
          onOpen(href);
        }}
      >
        {text}
      </a>
      {ellipsis}
    </g>
  );
}

export function SupplierParetoChart(props: { cube: FragmentType<typeof SupplierParetoChartCubeFragment> | undefined; loading?: boolean }) {
  const cube = getFragmentData(SupplierParetoChartCubeFragment, props.cube);
  const currency = useSettings().reportingCurrency;
  const hrefOf = useEntityHref();
  const navigate = useNavigate();
  const total = toNumber(cube?.totals.values[0]) ?? 0;

  const data: ParetoPoint[] = [];
  let running = 0;
  for (const [index, row] of (cube?.rows ?? []).entries()) {
    const spend = toNumber(row.values[0]) ?? 0;
    running += spend;
    data.push({ rank: index + 1, id: row.keys[0]?.id ?? null, name: row.keys[0]?.label ?? 'Unknown', spend, cumulativeShare: total > 0 ? running / total : 0 });
  }
  const shown = data.length;
  const covered = data[shown - 1]?.cumulativeShare ?? 0;

  return (
    <ChartCard
      title="Supplier concentration"
      subtitle={
        cube && shown > 0
          ? `The top ${shown} suppliers account for ${formatPercent(covered)} of spend`
          : 'Largest suppliers and cumulative share of spend'
      }
      loading={props.loading && !cube}
      emptyMessage={cube && shown === 0 ? 'No spend in this period.' : null}
      testId="chart-supplier-pareto"
      height={420}
    >
      <ComposedChart responsive style={{ width: '100%', height: 420 }} data={data} margin={{ top: 8, right: 4, bottom: 0, left: 0 }}>
        <CartesianGrid vertical={false} stroke={gridStroke} />
        <XAxis
          dataKey="rank"
          interval={0}
          height={112}
          tickLine={false}
          axisLine={{ stroke: gridStroke }}
          tick={<NameTick points={data} hrefOf={(id) => hrefOf('supplier', id)} onOpen={(href) => void navigate(href)} />}
        />
        <YAxis yAxisId="spend" tickFormatter={(value: number) => formatMoneyCompact(value, currency)} tick={axisTick} tickLine={false} axisLine={false} width={64} />
        <YAxis yAxisId="share" orientation="right" domain={[0, 1]} ticks={[0, 0.25, 0.5, 0.75, 1]} tickFormatter={formatPercentAxis} tick={axisTick} tickLine={false} axisLine={false} width={44} />
        <ReferenceLine yAxisId="share" y={0.8} stroke={referenceStroke} strokeDasharray="4 4" />
        <Tooltip
          {...tooltipStyles}
          labelFormatter={(_, payload) => {
            const point = payload?.[0]?.payload as ParetoPoint | undefined;
            return point ? `${point.rank}. ${point.name}` : '';
          }}
          formatter={(value, name) =>
            name === 'Cumulative share'
              ? formatPercent(typeof value === 'number' ? value : null)
              : formatMoney(typeof value === 'number' ? value : null, currency)
          }
        />
        <Bar
          yAxisId="spend"
          dataKey="spend"
          name="Spend"
          fill={accentColor}
          maxBarSize={28}
          isAnimationActive={false}
          cursor="pointer"
          onClick={(entry: { payload?: ParetoPoint }) => {
            if (entry.payload?.id) void navigate(hrefOf('supplier', entry.payload.id));
          }}
        />
        <Line yAxisId="share" dataKey="cumulativeShare" name="Cumulative share" type="monotone" stroke={lineColor} strokeWidth={2} dot={false} isAnimationActive={false} />
      </ComposedChart>
    </ChartCard>
  );
}

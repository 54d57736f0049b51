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

/** Longest name drawn under a bar; the full name is in the tooltip and the link's title. */
const NAME_CHARS = 18;

function shortName(name: string): string {
  return name.length > NAME_CHARS ? `${name.slice(0, NAME_CHARS - 1).trimEnd()}…` : name;
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
  const label = (
    <text x={0} y={0} dy={4} textAnchor="end" transform="rotate(-60)" fill={axisTick.fill} fontSize={11}>
      <title>{`${point.rank}. ${point.name}`}</title>
      {shortName(point.name)}
    </text>
  );
  if (!point.id) return <g transform={`translate(${x},${y + 4})`}>{label}</g>;
  const href = hrefOf(point.id);
  return (
    <g transform={`translate(${x},${y + 4})`}>
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
        {label}
      </a>
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

import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { Bar, CartesianGrid, ComposedChart, Line, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard } from '../../components/ChartCard';
import { useElementWidth } from '../../components/useElementWidth';
import { Disclosure } from '../../components/Disclosure';
import { Table } from '../../components/Table';
import type { TableColumn } from '../../components/tableColumns';
import { accentColor, axisTick, gridStroke, lineColor, referenceStroke, tooltipStyles, valueAxisProps } from '../../components/chartTheme';
import { formatMoney, formatMoneyCompact, formatPercent, formatPercentAxis, toNumber } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import type { SpendCubeQuery, SpendFilter } from '../../gql/graphql';
import { useEntityHref } from '../entities/entityLinks';
import { useSettings } from '../settings/useSettings';

const SupplierParetoChartCubeFragment = graphql(`
  fragment SupplierParetoChart_cube on SpendCube {
    currency
    truncated
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

/** The cube this chart reads: the `top` largest suppliers by spend, with the grand total for the cumulative share. */
export function supplierParetoCubeQuery(filter: SpendFilter, top: number): SpendCubeQuery {
  return { dimensions: ['SUPPLIER'], measures: ['SPEND'], filter, sort: [{ measure: 'SPEND', direction: 'DESC' }], limit: top };
}

/** One supplier of the chart, in the cube's order (largest first). */
export interface ParetoSupplier {
  rank: number;
  /** The supplier id: names open the supplier. Null for a row without one. */
  id: string | null;
  name: string;
  spend: number;
  /** The cube's exact amount, for the table. */
  spendText: string;
  share: number;
  cumulativeShare: number;
}

/** Suppliers in the cube's order with their share and the running share of `total`. */
function paretoPoints(rows: readonly { keys: readonly { id?: string | null; label: string }[]; values: readonly (string | null)[] }[], total: number): ParetoSupplier[] {
  const points: ParetoSupplier[] = [];
  let running = 0;
  for (const [index, row] of rows.entries()) {
    const spend = toNumber(row.values[0]) ?? 0;
    running += spend;
    points.push({
      rank: index + 1,
      id: row.keys[0]?.id ?? null,
      name: row.keys[0]?.label ?? 'Unknown supplier',
      spend,
      spendText: row.values[0] ?? '0',
      share: total > 0 ? spend / total : 0,
      cumulativeShare: total > 0 ? running / total : 0,
    });
  }
  return points;
}

/** Horizontal room a slanted 11 px name needs under its bar; narrower bars name every second, third, … one. */
const NAME_SLOT_PX = 14;
/** The chart's two value axes and right margin (YAxis widths and `margin.right`). */
const AXES_PX = 64 + 44 + 4;

/** How many names to skip between two drawn ones (recharts' `interval`) for bars of this many at this width. */
export function nameInterval(chartWidth: number | null, bars: number): number {
  if (chartWidth === null || bars === 0) return 0;
  const slot = Math.max(1, chartWidth - AXES_PX) / bars;
  return slot >= NAME_SLOT_PX ? 0 : Math.ceil(NAME_SLOT_PX / slot) - 1;
}

/** Longest name drawn under a bar; the full name is in the bar's tooltip, the link's accessible name and the table. */
const NAME_CHARS = 18;

/**
 * The start of a name that fits under a bar, cut after a whole word (so the words shown are words
 * of the link's name, docs/accessibility.md), and whether it was cut.
 */
function shortName(name: string): { text: string; cut: boolean } {
  if (name.length <= NAME_CHARS) return { text: name, cut: false };
  const space = name.lastIndexOf(' ', NAME_CHARS - 1);
  return { text: (space > 0 ? name.slice(0, space) : name.slice(0, NAME_CHARS - 1)).replace(/[\s&,-]+$/, ''), cut: true };
}

interface NameTickProps {
  x?: number;
  y?: number;
  /** The axis' tick class, which recharts hands to a custom tick. */
  className?: string;
  payload?: { value: number };
  points: ParetoSupplier[];
  hrefOf(id: string): string;
  onOpen(href: string): void;
}

/** A supplier's name under its bar, slanted, as a link to the supplier (an SVG link, so it is focusable). */
function NameTick({ x = 0, y = 0, className, payload, points, hrefOf, onOpen }: NameTickProps) {
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
      <g transform={at} className={className}>
        {text}
        {ellipsis}
      </g>
    );
  }
  const href = hrefOf(point.id);
  return (
    <g transform={at} className={className}>
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

interface SupplierParetoChartProps {
  cube: FragmentType<typeof SupplierParetoChartCubeFragment> | undefined;
  loading?: boolean;
  title: string;
  /** What the cumulative share is a share of, as the subtitle says it: "spend", "this category's spend". */
  shareOf: string;
  /** Names the table of the suppliers (its accessible name). */
  tableLabel: string;
  testId: string;
  tableTestId?: string;
  height: number;
  /**
   * Where a click on a supplier's bar goes, and what its spend in the table links to: the
   * supplier's page when not given; nothing when it answers null. Names always open the supplier.
   */
  barHref?: (supplier: ParetoSupplier) => string | null;
}

/**
 * The largest suppliers by spend (as many as the cube was asked for, `supplierParetoCubeQuery`):
 * bars of spend, the cumulative share on a right axis with the 80 % line, names under the bars as
 * links to the suppliers, and the same figures as a table.
 */
export function SupplierParetoChart(props: SupplierParetoChartProps) {
  const cube = getFragmentData(SupplierParetoChartCubeFragment, props.cube);
  const { reportingCurrency } = useSettings();
  const currency = cube?.currency ?? reportingCurrency;
  const entityHref = useEntityHref();
  const navigate = useNavigate();
  const { barHref, height } = props;
  // On a narrow screen thirty slanted names overprint: only as many are drawn as fit (every name is in the table).
  const { ref: chartRef, width: chartWidth } = useElementWidth();
  const data = useMemo(() => paretoPoints(cube?.rows ?? [], toNumber(cube?.totals.values[0]) ?? 0), [cube]);
  const supplierHref = (id: string) => entityHref('supplier', id);
  const barTarget = (p: ParetoSupplier): string | null => (barHref ? barHref(p) : p.id ? supplierHref(p.id) : null);
  const columns: TableColumn<ParetoSupplier>[] = [
    { id: 'name', header: 'Supplier', cell: (p) => (p.id ? <Link to={supplierHref(p.id)}>{p.name}</Link> : p.name) },
    {
      id: 'spend',
      header: 'Spend',
      meta: { numeric: true },
      cell: (p) => {
        const href = barHref ? barHref(p) : null;
        return href ? <Link to={href}>{formatMoney(p.spendText, currency)}</Link> : formatMoney(p.spendText, currency);
      },
    },
    { id: 'share', header: 'Share', value: (p) => p.share, meta: { numeric: true, format: (v) => formatPercent(v) } },
    { id: 'cumulative', header: 'Cumulative', value: (p) => p.cumulativeShare, meta: { numeric: true, format: (v) => formatPercent(v) } },
  ];
  const shown = data.length;
  const covered = data[shown - 1]?.cumulativeShare ?? 0;

  return (
    <ChartCard
      title={props.title}
      subtitle={shown > 0 ? `The ${shown} largest suppliers make ${formatPercent(covered)} of ${props.shareOf}` : 'Largest suppliers and cumulative share of spend'}
      loading={props.loading && !cube}
      emptyMessage={cube && shown === 0 ? 'No spend in this period.' : null}
      testId={props.testId}
      height={height}
    >
      <div ref={chartRef}>
      <ComposedChart responsive style={{ width: '100%', height }} data={data} margin={{ top: 8, right: 4, bottom: 0, left: 0 }}>
        <CartesianGrid vertical={false} stroke={gridStroke} />
        <XAxis
          dataKey="rank"
          interval={nameInterval(chartWidth, data.length)}
          height={112}
          tickLine={false}
          axisLine={{ stroke: gridStroke }}
          tick={<NameTick points={data} hrefOf={supplierHref} onOpen={(href) => void navigate(href)} />}
        />
        <YAxis yAxisId="spend" tickFormatter={(value: number) => formatMoneyCompact(value, currency)} {...valueAxisProps} width={64} />
        <YAxis yAxisId="share" orientation="right" domain={[0, 1]} ticks={[0, 0.25, 0.5, 0.75, 1]} tickFormatter={formatPercentAxis} tick={axisTick} tickLine={false} axisLine={false} width={44} />
        <ReferenceLine yAxisId="share" y={0.8} stroke={referenceStroke} strokeDasharray="4 4" />
        <Tooltip
          {...tooltipStyles}
          labelFormatter={(_, payload) => {
            const point = payload?.[0]?.payload as ParetoSupplier | undefined;
            return point ? `${point.rank}. ${point.name}` : '';
          }}
          formatter={(value, series) =>
            series === 'Cumulative share' ? formatPercent(typeof value === 'number' ? value : null) : formatMoney(typeof value === 'number' ? value : null, currency)
          }
        />
        <Bar
          yAxisId="spend"
          dataKey="spend"
          name="Spend"
          fill={accentColor}
          maxBarSize={28}
          isAnimationActive={false}
          cursor={data.some((p) => barTarget(p)) ? 'pointer' : undefined}
          onClick={(entry: { payload?: ParetoSupplier }) => {
            const href = entry.payload ? barTarget(entry.payload) : null;
            if (href) void navigate(href);
          }}
        />
        <Line yAxisId="share" dataKey="cumulativeShare" name="Cumulative share" type="monotone" stroke={lineColor} strokeWidth={2} dot={false} isAnimationActive={false} />
      </ComposedChart>
      </div>
      <Disclosure summary="Suppliers as a table">
        <Table rows={data} columns={columns} getRowId={(p) => String(p.rank)} label={props.tableLabel} testId={props.tableTestId} />
      </Disclosure>
      {cube?.truncated && <p className="card__footnote">The {shown} largest suppliers are shown; the cumulative share is of all of them.</p>}
    </ChartCard>
  );
}

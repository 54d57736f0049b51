import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { Bar, CartesianGrid, ComposedChart, Line, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard } from '../../components/ChartCard';
import { Table } from '../../components/Table';
import type { TableColumn } from '../../components/tableColumns';
import { accentColor, axisTick, gridStroke, lineColor, referenceStroke, tooltipStyles } from '../../components/chartTheme';
import { formatMoney, formatMoneyCompact, formatPercent, formatPercentAxis, toNumber } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import type { SpendCubeQuery, SpendFilter } from '../../gql/graphql';
import { linesHref } from './categoryLinks';
import styles from './CategorySection.module.css';

const CategorySupplierParetoCubeFragment = graphql(`
  fragment CategorySupplierPareto_cube on SpendCube {
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

const TOP_SUPPLIERS = 15;

/** The cube this chart reads: the largest suppliers by spend, with the grand total for the cumulative share. */
export function categorySupplierParetoCubeQuery(filter: SpendFilter): SpendCubeQuery {
  return { dimensions: ['SUPPLIER'], measures: ['SPEND'], filter, sort: [{ measure: 'SPEND', direction: 'DESC' }], limit: TOP_SUPPLIERS };
}

interface SupplierPoint {
  id: string;
  name: string;
  /** The name cut for the axis; the tooltip and table carry it whole. */
  short: string;
  spend: number;
  spendText: string;
  share: number;
  cumulativeShare: number;
}

/** Suppliers in the cube's order (largest first) with their share and the running share of `total`. */
function paretoPoints(rows: readonly { keys: readonly { id?: string | null; label: string }[]; values: readonly (string | null)[] }[], total: number): SupplierPoint[] {
  const points: SupplierPoint[] = [];
  let running = 0;
  for (const row of rows) {
    const spend = toNumber(row.values[0]) ?? 0;
    running += spend;
    const label = row.keys[0]?.label ?? 'Unknown supplier';
    points.push({
      id: row.keys[0]?.id ?? '',
      name: label,
      short: label.length > 18 ? `${label.slice(0, 17)}…` : label,
      spend,
      spendText: row.values[0] ?? '0',
      share: total > 0 ? spend / total : 0,
      cumulativeShare: total > 0 ? running / total : 0,
    });
  }
  return points;
}

interface CategorySupplierParetoProps {
  cube: FragmentType<typeof CategorySupplierParetoCubeFragment> | undefined;
  loading?: boolean;
  name: string;
  /** The screen's filter narrowed to the category; null when spend does not drill. */
  drillFilter: SpendFilter | null;
  back: string;
}

/** The category's largest suppliers by name: bars of spend and the cumulative share of the category's spend. */
export function CategorySupplierPareto(props: CategorySupplierParetoProps) {
  const cube = getFragmentData(CategorySupplierParetoCubeFragment, props.cube);
  const navigate = useNavigate();
  const currency = cube?.currency ?? 'EUR';
  const { drillFilter, back, name } = props;
  const data = useMemo(() => paretoPoints(cube?.rows ?? [], toNumber(cube?.totals.values[0]) ?? 0), [cube]);
  const supplierLines = (p: SupplierPoint) => (drillFilter ? linesHref({ ...drillFilter, supplierIds: [p.id] }, `${name} · ${p.name}`, back) : null);
  const columns = useMemo<TableColumn<SupplierPoint>[]>(
    () => [
      { id: 'name', header: 'Supplier', cell: (p) => <Link to={`/suppliers/${p.id}`}>{p.name}</Link> },
      {
        id: 'spend',
        header: 'Spend',
        meta: { numeric: true },
        cell: (p) => {
          const href = supplierLines(p);
          return href ? <Link to={href} data-testid={`category-supplier-spend-${p.id}`}>{formatMoney(p.spendText, currency)}</Link> : formatMoney(p.spendText, currency);
        },
      },
      { id: 'share', header: 'Share', value: (p) => p.share, meta: { numeric: true, format: (v) => formatPercent(v) } },
      { id: 'cumulative', header: 'Cumulative', value: (p) => p.cumulativeShare, meta: { numeric: true, format: (v) => formatPercent(v) } },
    ],
    // supplierLines reads the props listed here
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [currency, drillFilter, back, name],
  );
  const covered = data[data.length - 1]?.cumulativeShare ?? 0;

  return (
    <ChartCard
      title="Top suppliers"
      subtitle={data.length ? `The ${data.length} largest suppliers make ${formatPercent(covered)} of this category's spend` : 'Largest suppliers and cumulative share of spend'}
      loading={props.loading && !cube}
      emptyMessage={cube && data.length === 0 ? 'No spend in this period.' : null}
      testId="category-supplier-pareto"
      height={320}
    >
      <ComposedChart responsive style={{ width: '100%', height: 320 }} data={data} margin={{ top: 8, right: 4, bottom: 0, left: 0 }}>
        <CartesianGrid vertical={false} stroke={gridStroke} />
        <XAxis dataKey="short" tick={{ ...axisTick, fontSize: 11 }} tickLine={false} axisLine={{ stroke: gridStroke }} interval={0} angle={-35} textAnchor="end" height={96} />
        <YAxis yAxisId="spend" tickFormatter={(value: number) => formatMoneyCompact(value, currency)} tick={axisTick} tickLine={false} axisLine={false} width={64} />
        <YAxis yAxisId="share" orientation="right" domain={[0, 1]} ticks={[0, 0.25, 0.5, 0.75, 1]} tickFormatter={formatPercentAxis} tick={axisTick} tickLine={false} axisLine={false} width={44} />
        <ReferenceLine yAxisId="share" y={0.8} stroke={referenceStroke} strokeDasharray="4 4" />
        <Tooltip
          {...tooltipStyles}
          labelFormatter={(_, payload) => (payload?.[0]?.payload as SupplierPoint | undefined)?.name ?? ''}
          formatter={(value, series) =>
            series === 'Cumulative share' ? formatPercent(typeof value === 'number' ? value : null) : formatMoney(typeof value === 'number' ? value : null, currency)
          }
        />
        <Bar
          yAxisId="spend"
          dataKey="spend"
          name="Spend"
          fill={accentColor}
          maxBarSize={32}
          isAnimationActive={false}
          cursor={drillFilter ? 'pointer' : undefined}
          onClick={(point: { payload?: SupplierPoint }) => {
            const href = point.payload ? supplierLines(point.payload) : null;
            if (href) void navigate(href);
          }}
        />
        <Line yAxisId="share" dataKey="cumulativeShare" name="Cumulative share" type="monotone" stroke={lineColor} strokeWidth={2} dot={{ r: 2 }} isAnimationActive={false} />
      </ComposedChart>
      <details className={styles.more}>
        <summary>Suppliers as a table</summary>
        <Table rows={data} columns={columns} getRowId={(p) => p.id} label={`Top suppliers of ${name}`} testId="category-suppliers-table" />
      </details>
      {cube?.truncated && <p className="card__footnote">The {TOP_SUPPLIERS} largest suppliers are shown; the cumulative share is of all of them.</p>}
    </ChartCard>
  );
}

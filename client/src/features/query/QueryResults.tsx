import { useMemo, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, Pie, PieChart, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard } from '../../components/ChartCard';
import { axisTick, gridStroke, otherColor, seriesColors, tooltipStyles, valueAxisProps } from '../../components/chartTheme';
import { MultiSelect } from '../../components/MultiSelect';
import { Table } from '../../components/Table';
import type { TableColumn } from '../../components/tableColumns';
import { axisFormatter, columnHeader, columnNames, columnTitle, valueFormatter } from './columnNames';
import { chartPoints, defaultChartFields, type ResultChartKind } from './resultChart';
import { isDecimalColumn, numericColumns, type ColumnInfo, type FlatRow, type ResultTable } from './resultRows';
import styles from './QueryResults.module.css';

/** Rows shown in the table; the export has them all. */
const MAX_TABLE_ROWS = 1_000;

/** A chart tooltip's number: the value column's own format. */
function tooltipFormatter(info: ColumnInfo | undefined) {
  const format = valueFormatter(info);
  return (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? format(v) : String(v));
}

function ResultTableView({ table, names }: { table: ResultTable; names: ReadonlyMap<string, ColumnInfo> }) {
  const numeric = useMemo(() => new Set(numericColumns(table)), [table]);
  // A cube's `keys.N.dimension` that repeats one dimension beside its named label starts hidden.
  const [hidden, setHidden] = useState<string[]>(() => table.columns.filter((c) => names.get(c)?.hidden));
  const visible = table.columns.filter((c) => !hidden.includes(c));
  const columns = useMemo<TableColumn<FlatRow>[]>(
    () =>
      visible.map((name) => {
        const isNumber = numeric.has(name);
        const info = names.get(name);
        const formatted = isNumber && (info?.kind || isDecimalColumn(table, name));
        return {
          id: name,
          header: columnHeader(names, name),
          value: (row) => {
            const v = row[name];
            return typeof v === 'boolean' ? String(v) : v;
          },
          // The header shows the readable name; its path stays on hover, to map a column to the JSON.
          meta: { sortable: true, numeric: isNumber, sortDescFirst: isNumber, format: formatted ? valueFormatter(info) : undefined, headerTitle: info?.name ? name : undefined },
        };
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- visible is derived from hidden and table
    [table, numeric, hidden, names],
  );
  const rows = table.rows.length > MAX_TABLE_ROWS ? table.rows.slice(0, MAX_TABLE_ROWS) : table.rows;
  return (
    <div className={styles.tablePane}>
      <div className={styles.tools}>
        <MultiSelect
          label="Columns"
          allLabel="All columns"
          options={table.columns.map((c) => {
            const name = names.get(c)?.name;
            return name ? { value: c, label: name, hint: c } : { value: c, label: c };
          })}
          selected={visible.length === table.columns.length ? [] : visible}
          onChange={(selected) => setHidden(selected.length === 0 ? [] : table.columns.filter((c) => !selected.includes(c)))}
          testId="query-columns"
        />
        <span className={styles.count}>
          {table.rows.length.toLocaleString('en-GB')} rows
          {table.rows.length > MAX_TABLE_ROWS ? ` (first ${MAX_TABLE_ROWS.toLocaleString('en-GB')} shown; export for all)` : ''}
        </span>
      </div>
      <div className={styles.tableFrame}>
        <Table
          rows={rows}
          columns={columns}
          getRowId={(_row, index) => String(index)}
          density="dense"
          stickyHead
          scroll={{ className: styles.tableScroll, label: `Result table ${table.path}`, framed: true }}
          label={`Result rows of ${table.path}`}
          testId="query-result-table"
        />
      </div>
    </div>
  );
}

function ResultChartView({ table, names }: { table: ResultTable; names: ReadonlyMap<string, ColumnInfo> }) {
  const defaults = useMemo(() => defaultChartFields(table), [table]);
  const numeric = useMemo(() => numericColumns(table), [table]);
  const [kind, setKind] = useState<ResultChartKind>('bar');
  const [labelField, setLabelField] = useState(defaults.label ?? '');
  const [valueField, setValueField] = useState(defaults.value ?? '');
  const label = table.columns.includes(labelField) ? labelField : (defaults.label ?? '');
  const value = numeric.includes(valueField) ? valueField : (defaults.value ?? '');
  const { points, skipped, subtotals, folded } = value && label ? chartPoints(table, label, value, kind) : { points: [], skipped: 0, subtotals: 0, folded: 0 };
  // Axes short (€50m, 40%), tooltips in full, both by the value column's measure kind.
  const tick = axisFormatter(names.get(value));
  const tooltip = tooltipFormatter(names.get(value));
  // Many bars, or long names (suppliers), read across: one label per line instead of labels that overprint.
  const across = kind === 'bar' && (points.length > 8 || points.some((p) => p.label.length > 14));
  const height = across ? Math.max(320, points.length * 30 + 48) : 320;
  const note = [
    subtotals ? `${subtotals} subtotal row(s) left out, so nothing counts twice` : '',
    skipped ? `${skipped} row(s) without a number left out` : '',
    folded ? `${folded} more not shown` : '',
  ].filter(Boolean).join('; ');
  return (
    <div className={styles.chartPane}>
      <div className={styles.tools}>
        <label className={styles.field}>
          <span>Chart</span>
          <select className="input input--select" value={kind} onChange={(e) => setKind(e.target.value as ResultChartKind)} data-testid="query-chart-kind">
            <option value="bar">Bar</option>
            <option value="line">Line</option>
            <option value="pie">Pie</option>
          </select>
        </label>
        <label className={styles.field}>
          <span>Label</span>
          <select className="input input--select" value={label} onChange={(e) => setLabelField(e.target.value)} data-testid="query-chart-label">
            {table.columns.map((c) => (
              <option key={c} value={c}>
                {columnTitle(names, c)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>Value</span>
          <select className="input input--select" value={value} onChange={(e) => setValueField(e.target.value)} disabled={numeric.length === 0} data-testid="query-chart-value">
            {numeric.map((c) => (
              <option key={c} value={c}>
                {columnTitle(names, c)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ChartCard
        title={value ? `${columnHeader(names, value)} by ${columnHeader(names, label)}` : 'Chart'}
        subtitle={note || undefined}
        height={height}
        emptyMessage={numeric.length === 0 ? 'No numeric field in this result to chart.' : points.length === 0 ? 'No values to chart.' : null}
        testId="query-result-chart"
      >
        {kind === 'pie' ? (
          <PieChart responsive style={{ width: '100%', height: 320 }}>
            {/* Names in a legend, not beside the slices: outside labels ran past the card's edge. */}
            <Pie data={points} dataKey="value" nameKey="label" isAnimationActive={false} outerRadius="80%">
              {points.map((p, i) => (
                <Cell key={p.label + i} fill={p.other ? otherColor : seriesColors[i % seriesColors.length]} />
              ))}
            </Pie>
            <Legend iconType="circle" iconSize={8} wrapperStyle={{ fontSize: 12 }} formatter={(name: string) => (name.length > 30 ? `${name.slice(0, 29)}…` : name)} />
            <Tooltip {...tooltipStyles} formatter={tooltip} />
          </PieChart>
        ) : kind === 'line' ? (
          <LineChart responsive style={{ width: '100%', height: 320 }} data={points} margin={{ top: 8, right: 16, bottom: 48, left: 8 }}>
            <CartesianGrid stroke={gridStroke} vertical={false} />
            <XAxis dataKey="label" tick={axisTick} angle={-30} textAnchor="end" interval="preserveStartEnd" />
            <YAxis {...valueAxisProps} tickFormatter={tick} width={80} />
            <Tooltip {...tooltipStyles} formatter={tooltip} />
            <Line dataKey="value" name={columnHeader(names, value)} stroke={seriesColors[0]} dot={false} isAnimationActive={false} />
          </LineChart>
        ) : across ? (
          <BarChart responsive layout="vertical" style={{ width: '100%', height }} data={points} margin={{ top: 8, right: 24, bottom: 8, left: 8 }}>
            <CartesianGrid stroke={gridStroke} horizontal={false} />
            <XAxis type="number" tick={axisTick} niceTicks="snap125" tickFormatter={tick} />
            <YAxis type="category" dataKey="label" tick={axisTick} width={200} interval={0} tickFormatter={(l: string) => (l.length > 30 ? `${l.slice(0, 29)}…` : l)} />
            <Tooltip {...tooltipStyles} formatter={tooltip} />
            <Bar dataKey="value" name={columnHeader(names, value)} fill={seriesColors[0]} isAnimationActive={false} />
          </BarChart>
        ) : (
          <BarChart responsive style={{ width: '100%', height: 320 }} data={points} margin={{ top: 8, right: 16, bottom: 48, left: 8 }}>
            <CartesianGrid stroke={gridStroke} vertical={false} />
            <XAxis dataKey="label" tick={axisTick} angle={-30} textAnchor="end" interval={points.length > 20 ? 'preserveStartEnd' : 0} height={80} />
            <YAxis {...valueAxisProps} tickFormatter={tick} width={80} />
            <Tooltip {...tooltipStyles} formatter={tooltip} />
            <Bar dataKey="value" name={columnHeader(names, value)} fill={seriesColors[0]} isAnimationActive={false} />
          </BarChart>
        )}
      </ChartCard>
    </div>
  );
}

/** A result's lists of objects as a table and a chart; the raw JSON stays in the editor's response pane. */
export function QueryResults({ tables, path, onPick }: { tables: ResultTable[]; path: string | null; onPick(path: string): void }) {
  const found = tables.findIndex((t) => t.path === path);
  const index = found >= 0 ? found : 0;
  const table = tables[index];
  const names = useMemo(() => (table ? columnNames(tables, table) : new Map<string, ColumnInfo>()), [tables, table]);
  if (!table) return <p className={styles.empty}>This result has no list of objects to show as a table; the raw JSON is in the response pane.</p>;
  return (
    <section className={styles.root} aria-label="Result as a table and a chart" data-testid="query-results">
      {tables.length > 1 && (
        <label className={styles.field}>
          <span>List</span>
          <select className="input input--select" value={index} onChange={(e) => onPick(tables[Number(e.target.value)].path)} data-testid="query-result-list">
            {tables.map((t, i) => (
              <option key={t.path} value={i}>
                {t.path} ({t.rows.length})
              </option>
            ))}
          </select>
        </label>
      )}
      <div className={styles.panes}>
        {/* A result of other columns at the same path starts afresh, with its own columns hidden by default. */}
        <ResultTableView key={`t-${table.path}:${table.columns.join(',')}`} table={table} names={names} />
        <ResultChartView key={`c-${table.path}`} table={table} names={names} />
      </div>
    </section>
  );
}

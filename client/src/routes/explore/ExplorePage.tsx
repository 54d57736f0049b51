import { useApolloClient, useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSearchParams } from '../../filters/useSearchParams';
import { FilterBar } from '../../components/FilterBar';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, Skeleton } from '../../components/StatusViews';
import { ExportButtons } from '../../features/exports/ExportButtons';
import { ExplorerPanel } from '../../features/explore/ExplorerPanel';
import {
  cellsQuery,
  columnLayout,
  dimensionLabels,
  parseExplorerState,
  readFolded,
  pivotExportPath,
  pivotQuery,
  rowTotalsQuery,
  writeExplorerState,
  writeFolded,
  withMemberFilters,
  type ChartKind,
  type ExplorerState,
} from '../../features/explore/explorerState';
import { describeMemberFilters } from '../../features/explore/MemberFilters';
import { PivotChart } from '../../features/explore/PivotChart';
import { PivotGrid, PivotGridCubeFragment } from '../../features/explore/PivotGrid';
import { arrangePivot, buildPivot, drillMembers, groupIds, TOTAL_COLUMN, visibleColumns, visibleLines, type ColumnMember, type PivotNode } from '../../features/explore/pivotModel';
import { SaveViewButton } from '../../features/reports/SaveViewForm';
import { SavedViewBanner } from '../../features/reports/SavedViewBanner';
import { linesSearch } from '../../features/lines/lineFilter';
import { drillFilter, measureCondition, partialPeriodLabel } from '../../features/explore/drill';
import { useSettings } from '../../features/settings/useSettings';
import { useSpendFilter } from '../../filters/useSpendFilter';
import { formatCount } from '../../format/numbers';
import { getFragmentData, graphql } from '../../gql';
import type { SpendFilter, SpendMeasure } from '../../gql/graphql';
import { Button } from '../../components/Button';
import styles from './ExplorePage.module.css';

const ExplorerQuery = graphql(`
  query Explorer($rowTotals: SpendCubeQuery!, $cells: SpendCubeQuery!, $withColumns: Boolean!) {
    rowTotals: spendCube(query: $rowTotals) {
      ...PivotGrid_cube
    }
    cells: spendCube(query: $cells) @include(if: $withColumns) {
      ...PivotGrid_cube
    }
  }
`);

/** The explorer's state in the URL, next to the global filter. */
function useExplorerState(): [ExplorerState, (change: Partial<ExplorerState>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseExplorerState(searchParams), [searchParams]);
  // Each change starts from the URL as it is now (the functional form of `useSearchParams` reads
  // `window.location`), not as this component last rendered it: on a busy machine a row removed,
  // added again and a column chosen before React rendered in between lost the row, and a change
  // made before the filter bar's new period rendered dropped the period.
  const update = useCallback(
    (change: Partial<ExplorerState>) => setSearchParams((current) => writeExplorerState(current, { ...parseExplorerState(current), ...change })),
    [setSearchParams],
  );
  return [state, update];
}

const PANEL_KEY = 'spendscope.explorer.panel';

/**
 * Whether the configuration panel is shown: a preference of this browser (not of the link, so a
 * shared view opens with the recipient's own choice), so a wide matrix gets the whole width.
 */
function usePanelOpen(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(() => {
    try {
      return window.localStorage.getItem(PANEL_KEY) !== 'collapsed';
    } catch {
      return true;
    }
  });
  useEffect(() => {
    try {
      if (open) window.localStorage.removeItem(PANEL_KEY);
      else window.localStorage.setItem(PANEL_KEY, 'collapsed');
    } catch {
      // Storage refused (private mode): the choice lasts for this page only.
    }
  }, [open]);
  return [open, setOpen];
}

/**
 * Collapsed groups, in the URL (`fold` for row groups, `cfold` for column groups) like the rest of
 * the explorer's state, so a link or a saved view opens with the same groups folded; forgotten when
 * the dimensions change (`readFolded`). A fold replaces the history entry rather than adding one.
 */
function useCollapsedGroups(layout: string, param: 'fold' | 'cfold' = 'fold') {
  const [searchParams, setSearchParams] = useSearchParams();
  const ids = useMemo(() => readFolded(searchParams.get(param), layout), [searchParams, layout, param]);
  const set = useCallback(
    (next: ReadonlySet<string>) =>
      setSearchParams((current) => {
        const search = new URLSearchParams(current);
        const value = writeFolded(next, layout);
        if (value) search.set(param, value);
        else search.delete(param);
        return search;
      }, { replace: true }),
    [setSearchParams, layout, param],
  );
  return [ids, set] as const;
}

function ViewSwitch({ state, onChange }: { state: ExplorerState; onChange(change: Partial<ExplorerState>): void }) {
  const kinds: [ChartKind, string][] = [
    ['bar', 'Bars'],
    ['stacked', 'Stacked'],
    ['line', 'Line'],
  ];
  return (
    <>
      <div className="segmented" role="group" aria-label="View">
        <button type="button" className="segmented__item" aria-pressed={state.view === 'grid'} onClick={() => onChange({ view: 'grid' })} data-testid="view-grid">
          Grid
        </button>
        <button type="button" className="segmented__item" aria-pressed={state.view === 'chart'} onClick={() => onChange({ view: 'chart' })} data-testid="view-chart">
          Chart
        </button>
      </div>
      {state.view === 'chart' && (
        <div className="segmented" role="group" aria-label="Chart type">
          {kinds.map(([kind, label]) => (
            <button key={kind} type="button" className="segmented__item" aria-pressed={state.chart === kind} onClick={() => onChange({ chart: kind })}>
              {label}
            </button>
          ))}
        </div>
      )}
    </>
  );
}

function withoutNulls(filter: SpendFilter): SpendFilter {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== null && value !== undefined)) as SpendFilter;
}

/** `/explore`: the pivot explorer. */
export function ExplorePage() {
  const filterState = useSpendFilter();
  const [state, update] = useExplorerState();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [panelOpen, setPanelOpen] = usePanelOpen();
  const openedView = searchParams.get('view');
  const client = useApolloClient();
  const { fiscalYearStartMonth, cubeMaxRows } = useSettings();
  // The global filter (dates, units, categories, suppliers) for the member pickers; the cube also gets the explorer's member filters.
  const baseFilter = useMemo(() => (filterState.filter ? withoutNulls(filterState.filter) : null), [filterState.filter]);
  const filter = useMemo(() => (baseFilter ? withMemberFilters(baseFilter, state.filters) : null), [baseFilter, state.filters]);
  const [collapsed, setCollapsed] = useCollapsedGroups(`${state.rows.join(',')}|${columnLayout(state)}`);
  const [foldedColumns, setFoldedColumns] = useCollapsedGroups(columnLayout(state), 'cfold');

  const variables = filter
    ? { rowTotals: rowTotalsQuery(state, filter, cubeMaxRows), cells: cellsQuery(state, filter, cubeMaxRows), withColumns: state.columns.length > 0 }
    : undefined;
  // Not through Apollo's normalised cache: writing a 20,000-cell answer into it (and reading it
  // back) held the page for about two seconds after the data arrived (bench/pivot-render.ts);
  // nothing else reads these cube rows, and a change of any variable asks the server again anyway.
  const { data, previousData, loading, error, refetch } = useQuery(ExplorerQuery, variables
    ? { variables, fetchPolicy: 'no-cache' }
    : { skip: true, variables: { rowTotals: { dimensions: [], measures: [] }, cells: { dimensions: [], measures: [] }, withColumns: false } });
  const view = data ?? previousData;

  const built = useMemo(() => {
    if (!view) return null;
    performance.mark('pivot:data');
    const rowTotals = getFragmentData(PivotGridCubeFragment, view.rowTotals);
    const cells = view.cells ? getFragmentData(PivotGridCubeFragment, view.cells) : null;
    // The layout is read from the answer itself (its keys per row), not from the URL: while the
    // next answer loads, the previous one is shown as it was asked for.
    const rowCount = rowTotals.rows[0]?.keys.length ?? state.rows.length;
    const firstCell = cells?.rows[0];
    const columnCount = firstCell ? Math.max(1, firstCell.keys.length - rowCount) : Math.max(1, state.columns.length);
    return { ...buildPivot(rowTotals, cells, rowCount, columnCount), cube: rowTotals, cellsTruncated: cells?.truncated ?? false };
  }, [view, state.rows.length, state.columns.length]);
  // Time columns the period covers in part say so; a label of its own, so a new period does not build the pivot again.
  const pivot = useMemo(() => {
    const [outer, inner] = state.columns;
    if (!built || !outer) return built;
    const partial = (dimension: typeof outer, id: string, label: string) => partialPeriodLabel(dimension, id, label, fiscalYearStartMonth, filterState.period);
    const columnMembers = built.columnMembers.map((member): ColumnMember => {
      if (!member.group || !inner) return { ...member, label: partial(outer, member.id, member.label) };
      const group = { ...member.group, label: partial(outer, member.group.id, member.group.label) };
      return member.subtotal
        ? { ...member, group, label: `${group.label} Total` }
        : { ...member, group, label: partial(inner, member.id.slice(member.group.id.length + 1), member.label) };
    });
    return { ...built, columnMembers };
  }, [built, state.columns, fiscalYearStartMonth, filterState.period]);
  const shownColumns = useMemo(() => (pivot ? visibleColumns(pivot.columnMembers, foldedColumns) : []), [pivot, foldedColumns]);
  // A result past the cube's limit shows what fits, and says so; the server refuses to export it.
  const cut = Boolean(pivot && (pivot.cube.truncated || pivot.cellsTruncated));

  const arranged = useMemo(
    () =>
      pivot &&
      arrangePivot(pivot.root, {
        sort: state.sort,
        labelSort: state.labelSort,
        topN: state.topN,
        columns: pivot.cube.columns,
        columnIds: pivot.columnMembers.map((m) => m.id),
      }),
    [pivot, state.sort, state.labelSort, state.topN],
  );
  const lines = useMemo(() => (arranged ? visibleLines(arranged, collapsed, !state.subtotals) : []), [arranged, collapsed, state.subtotals]);

  const onToggle = useCallback(
    (node: PivotNode, expand?: boolean) => {
      const next = new Set(collapsed);
      const isCollapsed = next.has(node.id);
      if (expand ?? isCollapsed) next.delete(node.id);
      else next.add(node.id);
      if (isCollapsed !== next.has(node.id)) setCollapsed(next);
    },
    [collapsed, setCollapsed],
  );

  const onToggleColumnGroup = useCallback(
    (groupId: string, expand?: boolean) => {
      const next = new Set(foldedColumns);
      const isFolded = next.has(groupId);
      if (expand ?? isFolded) next.delete(groupId);
      else next.add(groupId);
      if (isFolded !== next.has(groupId)) setFoldedColumns(next);
    },
    [foldedColumns, setFoldedColumns],
  );

  const onDrill = useCallback(
    (node: PivotNode, columnId: string, measure: SpendMeasure) => {
      if (!filter || !pivot) return;
      const cell = drillMembers(node, state.columns, columnId);
      const member = columnId === TOTAL_COLUMN ? undefined : pivot.columnMembers.find((m) => m.id === columnId);
      // A quarter names its year ("2025 › 2025-Q2"); a year's subtotal column, the year.
      const columnLabel = !member ? null : member.subtotal && member.group ? member.group.label : member.group ? `${member.group.label} › ${member.label}` : member.label;
      const cellText = [...(node.kind === 'total' ? ['All spend'] : node.trail), ...(columnLabel ? [columnLabel] : [])].join(' › ');
      // Filtered measures (on/off contract, with PO, previous period) open the lines behind the figure, and say so.
      const measured = measureCondition(measure).length > 0 || measure === 'SPEND_PREVIOUS_PERIOD';
      const measureLabel = pivot.cube.columns.find((column) => column.measure === measure)?.label;
      const what = [cellText, ...(measured && measureLabel ? [measureLabel] : []), ...describeMemberFilters(client, state.filters)].join(' · ');
      // The explorer's filters stay, the cell's keys and the measure's condition are added: the lines are exactly the figure's.
      const drilled = drillFilter({ filter, cell, measure, previousPeriod: pivot.cube.previousPeriod ?? null, fiscalYearStartMonth });
      const { dateFrom, dateTo, businessUnitIds: _units, categoryIds: _categories, supplierIds: _suppliers, displayCurrency: _currency, ...drill } = drilled;
      const { businessUnitIds, categoryIds, supplierIds, displayCurrency } = filterState.params;
      const bar = { from: dateFrom ?? null, to: dateTo ?? null, businessUnitIds, categoryIds, supplierIds, displayCurrency };
      navigate(`/lines?${linesSearch({ bar, drill, back: `/explore?${searchParams.toString()}`, what })}`);
    },
    [filter, pivot, state.columns, state.filters, client, navigate, searchParams, fiscalYearStartMonth, filterState.params],
  );

  const exportPath = filter ? pivotExportPath(state, filter) : null;
  const definition = (relative: string | null) => {
    // The banner's `view` is where this pivot came from, not part of the new view's state.
    const search = new URLSearchParams(searchParams);
    search.delete('view');
    const display = { search: search.toString(), view: state.view, chart: state.chart, topN: state.topN, subtotals: state.subtotals, sort: state.sort };
    // A relative period is resolved when the view is opened or exported (docs/domain.md, "Saved views").
    return JSON.stringify({ query: filter ? pivotQuery(state, filter) : null, display, period: { relative } });
  };
  const waiting = !filterState.ready || (loading && !view);
  const refreshing = loading && Boolean(view) && !data;
  const empty = pivot && pivot.cube.rows.length === 0;
  // The chart draws the first row dimension (by the column's): its title says so, and names the rows only the grid has.
  const chartTitle = `${dimensionLabels[state.rows[0]]}${state.columns.length ? ` by ${state.columns.map((d) => dimensionLabels[d]).join(' › ')}` : ''}`;

  return (
    <main className="page page--wide">
      <PageHeader title="Explore" description="Pivot spend by any dimension and measure, then drill into the lines behind a number." />
      <FilterBar state={filterState} figuresFilter={filter} />
      {openedView && <SavedViewBanner id={openedView} viewer={filterState.options?.me} />}
      {/* The panel's controls are many (every measure is a checkbox): from the filter bar, one key press reaches the pivot. */}
      <a
        className="skip-inline"
        href="#main"
        onClick={(event) => {
          event.preventDefault();
          // The grid when it is shown; in the chart view, or while it loads, the result card itself.
          (document.querySelector<HTMLElement>('[data-testid="pivot-grid"]') ?? document.getElementById('explore-result'))?.focus();
        }}
      >
        Skip to the pivot
      </a>
      <div className={panelOpen ? 'explorer' : `explorer ${styles.panelClosed}`} data-testid="explorer">
        {panelOpen && <ExplorerPanel id="explorer-panel" state={state} filter={baseFilter} onChange={update} />}
        <section id="explore-result" tabIndex={-1} aria-label="Result" className="explorer__result card" aria-busy={waiting || refreshing}>
          <div className={styles.toolbar}>
            <Button
              variant="ghost"
              size="small"
              aria-expanded={panelOpen}
              aria-controls={panelOpen ? 'explorer-panel' : undefined}
              onClick={() => setPanelOpen(!panelOpen)}
              data-testid="toggle-panel"
            >
              {panelOpen ? 'Hide settings' : 'Show settings'}
            </Button>
            <ViewSwitch state={state} onChange={update} />
            {state.view === 'grid' && arranged && state.subtotals && (
              <div className={styles.treeActions}>
                <Button variant="ghost" size="small" onClick={() => setCollapsed(new Set())} data-testid="expand-all">
                  Expand all
                </Button>
                <Button variant="ghost" size="small" onClick={() => setCollapsed(new Set(groupIds(arranged)))} data-testid="collapse-all">
                  Collapse all
                </Button>
              </div>
            )}
            <span className={styles.count} data-testid="pivot-row-count">
              {pivot && `${formatCount(lines.length)} rows`}
            </span>
            <ExportButtons
              path={exportPath}
              disabled={!pivot || Boolean(empty) || cut}
              disabledReason={cut ? 'A cut result is not exported: narrow it until it fits.' : undefined}
              layouts
            />
            <SaveViewButton
              definition={definition}
              period={filterState.period}
              followsData={!filterState.params.from && !filterState.params.to}
              disabled={!filter}
            />
          </div>
          {pivot && cut && (
            <p className={styles.notice} role="status" data-testid="pivot-cut">
              {pivot.cube.truncated
                ? `The result was cut at ${formatCount(cubeMaxRows)} rows: totals are complete, but some members are missing.`
                : `The grid was cut at ${formatCount(cubeMaxRows)} cells (rows × columns): row totals are complete, but some cells are left blank.`}{' '}
              Add filters, a shorter period or fewer dimensions; until it fits, it cannot be exported (an export is always whole).
            </p>
          )}
          {error || filterState.error ? (
            <ErrorState error={error ?? filterState.error} title="The pivot could not be loaded" onRetry={() => void refetch()} />
          ) : waiting || !arranged || !pivot ? (
            <div className="explorer__skeleton" data-testid="pivot-loading">
              {Array.from({ length: 10 }, (_, index) => (
                <Skeleton key={index} height={22} width={`${90 - (index % 3) * 12}%`} />
              ))}
            </div>
          ) : empty ? (
            <EmptyState
              title="No spend matches these filters"
              text={state.filters.length ? 'Try a wider date range or remove some of the explorer’s filters.' : 'Try a wider date range or fewer business units and categories.'}
              action={
                state.filters.length ? (
                  <Button onClick={() => update({ filters: [] })} data-testid="clear-member-filters">
                    Remove the explorer’s filters
                  </Button>
                ) : (
                  <Button onClick={filterState.clear}>
                    Clear filters
                  </Button>
                )
              }
            />
          ) : state.view === 'chart' ? (
            <PivotChart
              root={arranged}
              columns={pivot.cube.columns}
              // The chart draws the innermost columns (a year's quarters), not the subtotals.
              columnMembers={pivot.columnMembers.filter((member) => !member.subtotal)}
              currency={pivot.cube.currency}
              kind={state.chart}
              title={chartTitle}
              gridOnly={state.rows.slice(1).map((dim) => dimensionLabels[dim])}
              rowDimension={state.rows[0]}
              columnDimension={state.columns.at(-1) ?? null}
            />
          ) : (
            <div className={refreshing ? 'explorer__grid explorer__grid--refreshing' : 'explorer__grid'}>
              <PivotGrid
                lines={lines}
                root={arranged}
                columns={pivot.cube.columns}
                columnMembers={shownColumns}
                foldedColumns={foldedColumns}
                onToggleColumnGroup={onToggleColumnGroup}
                currency={pivot.cube.currency}
                flat={!state.subtotals}
                sort={state.sort}
                onSort={(sort) => update({ sort, labelSort: null })}
                labelSort={state.labelSort}
                onLabelSort={(labelSort) => update({ labelSort, sort: null })}
                onToggle={onToggle}
                onDrill={onDrill}
              />
              <p className={styles.hint}>
                Click a number, or press Enter on it, to see the lines behind it. Arrow keys move between cells; on a column header, Enter sorts
                {state.columns.length > 1 ? `, − folds its ${dimensionLabels[state.columns[0]].toLowerCase()} to the subtotal and + unfolds it` : ''}.
              </p>
            </div>
          )}
        </section>
      </div>
    </main>
  );
}

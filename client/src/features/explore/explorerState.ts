// The explorer's state as it lives in the URL query string, next to the global filter params
// (`?rows=CATEGORY_L1,BUSINESS_UNIT&col=YEAR,QUARTER&m=SPEND&sort=SPEND:__total:desc&top=10&from=…`).
import type { SpendCubeQuery, SpendDimension, SpendFilter, SpendMeasure } from '../../gql/graphql';
import { TOTAL_COLUMN, type PivotSort } from './pivotModel';
import { DIMENSION_NAMES } from '../../../../server/src/lib/dimension-names';

/** The dimensions' names, shared with the server's export files (server/src/lib/dimension-names.ts). */
export const dimensionLabels: Readonly<Record<SpendDimension, string>> = DIMENSION_NAMES;

export const measureLabels: Record<SpendMeasure, string> = {
  SPEND: 'Spend',
  LINE_COUNT: 'Lines',
  SUPPLIER_COUNT: 'Suppliers',
  ON_CONTRACT_SPEND: 'On-contract spend',
  OFF_CONTRACT_SPEND: 'Off-contract spend',
  CONTRACT_COVERAGE: 'Contract coverage',
  PO_COVERAGE: 'PO coverage',
  AVG_LINE: 'Average line',
  SHARE_OF_TOTAL: 'Share of total',
  QUANTITY: 'Quantity',
  SPEND_PREVIOUS_PERIOD: 'Spend, previous period',
  CHANGE: 'Change vs previous period',
  EMISSIONS_KG: 'Emissions (kg CO2e)',
  EMISSIONS_UNMAPPED_SPEND: 'Spend without emission factor',
};

export const allDimensions = Object.keys(dimensionLabels) as SpendDimension[];

/** Column dimensions across the top of a pivot: a year over its quarters at most. */
export const MAX_COLUMN_DIMENSIONS = 2;
export const allMeasures = Object.keys(measureLabels) as SpendMeasure[];

export type ChartKind = 'bar' | 'line' | 'stacked';

/** Members of one dimension the explorer keeps, or with `exclude` leaves out (`null`: lines without a value, e.g. Unclassified). */
export interface MemberFilter {
  dimension: SpendDimension;
  ids: (string | null)[];
  exclude?: boolean;
}

export interface ExplorerState {
  rows: SpendDimension[];
  /** Column dimensions, outermost first: none, one, or two (`col=YEAR,QUARTER`; an older link's `col=YEAR` is the one-level case). */
  columns: SpendDimension[];
  measures: SpendMeasure[];
  sort: PivotSort | null;
  /** Siblings at every level by their label (time in time order); exclusive with `sort`. */
  labelSort: 'asc' | 'desc' | null;
  topN: number | null;
  subtotals: boolean;
  view: 'grid' | 'chart';
  chart: ChartKind;
  /** Filters on any dimension, sent as `filter.members`; at most one entry per dimension. */
  filters: MemberFilter[];
}

export const defaultExplorerState: ExplorerState = {
  rows: ['CATEGORY_L1', 'BUSINESS_UNIT'],
  columns: [],
  measures: ['SPEND', 'LINE_COUNT'],
  sort: null,
  labelSort: null,
  topN: null,
  subtotals: true,
  view: 'grid',
  chart: 'bar',
  filters: [],
};

// Own keys only: `in` would also accept inherited names such as "toString" from a hand-edited link.
export function isDimension(value: string): value is SpendDimension {
  return Object.hasOwn(dimensionLabels, value);
}

function isMeasure(value: string): value is SpendMeasure {
  return Object.hasOwn(measureLabels, value);
}

function readList<T extends string>(value: string | null, guard: (v: string) => v is T): T[] | null {
  if (value === null) return null;
  return [...new Set(value.split(',').filter(guard))];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const keys = (ids: unknown[]) => [...new Set(ids.filter((id): id is string | null => id === null || typeof id === 'string'))];

/**
 * `mf={"SUPPLIER":["12","40"],"CATEGORY_L1":{"not":[null]}}`: dimension → kept keys, or `{"not": [...]}`
 * for the keys left out, in the order they were added.
 */
export function parseMemberFilters(value: string | null): MemberFilter[] {
  if (!value) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return [];
  }
  if (!isRecord(parsed)) return [];
  const filters: MemberFilter[] = [];
  for (const [dimension, value] of Object.entries(parsed)) {
    if (!isDimension(dimension)) continue;
    if (Array.isArray(value)) {
      const kept = keys(value);
      if (kept.length) filters.push({ dimension, ids: kept });
    } else if (isRecord(value) && Array.isArray(value.not)) {
      const left = keys(value.not);
      if (left.length) filters.push({ dimension, ids: left, exclude: true });
    }
  }
  return filters;
}

export function writeMemberFilters(filters: readonly MemberFilter[]): string | null {
  const kept = filters.filter((f) => f.ids.length > 0);
  return kept.length ? JSON.stringify(Object.fromEntries(kept.map((f) => [f.dimension, f.exclude ? { not: f.ids } : f.ids]))) : null;
}

/** The global filter (dates, units, categories) plus the explorer's member filters, as the cube takes it. */
export function withMemberFilters(filter: SpendFilter, filters: readonly MemberFilter[], except?: SpendDimension): SpendFilter {
  const members = filters
    .filter((f) => f.dimension !== except && f.ids.length > 0)
    .map((f) => ({ dimension: f.dimension, ids: [...f.ids], ...(f.exclude ? { exclude: true } : {}) }));
  return members.length ? { ...filter, members } : filter;
}

export function parseExplorerState(search: URLSearchParams): ExplorerState {
  // A pivot has at least one row dimension (the panel never removes the last): a link naming none
  // that is known (`rows=`, `rows=FOO`) opens the default rows, not an empty table.
  const listed = readList(search.get('rows'), isDimension);
  const rows = listed?.length ? listed : defaultExplorerState.rows;
  const columns = (readList(search.get('col'), isDimension) ?? []).filter((d) => !rows.includes(d)).slice(0, MAX_COLUMN_DIMENSIONS);
  const measures = readList(search.get('m'), isMeasure);
  const [sortMeasure, sortColumn, sortDirection] = (search.get('sort') ?? '').split(':');
  const topN = Number(search.get('top'));
  const chart = search.get('chart');
  const labelSort = search.get('lsort');
  return {
    rows: rows.slice(0, columns.length ? 3 : 4),
    columns,
    measures: measures?.length ? measures.slice(0, 12) : defaultExplorerState.measures,
    sort:
      sortMeasure && isMeasure(sortMeasure)
        ? { measure: sortMeasure, column: sortColumn || TOTAL_COLUMN, direction: sortDirection === 'asc' ? 'asc' : 'desc' }
        : null,
    labelSort: sortMeasure && isMeasure(sortMeasure) ? null : labelSort === 'asc' || labelSort === 'desc' ? labelSort : null,
    topN: Number.isInteger(topN) && topN > 0 ? topN : null,
    subtotals: search.get('sub') !== '0',
    view: search.get('view') === 'chart' ? 'chart' : 'grid',
    chart: chart === 'line' || chart === 'stacked' ? chart : 'bar',
    filters: parseMemberFilters(search.get('mf')),
  };
}

/** Writes the explorer state into a copy of `search`, leaving the filter params alone. */
export function writeExplorerState(search: URLSearchParams, state: ExplorerState): URLSearchParams {
  const next = new URLSearchParams(search);
  const entries: [string, string | null][] = [
    ['rows', state.rows.join(',')],
    ['col', state.columns.length ? state.columns.join(',') : null],
    ['m', state.measures.join(',')],
    ['sort', state.sort ? `${state.sort.measure}:${state.sort.column}:${state.sort.direction}` : null],
    ['lsort', state.sort ? null : state.labelSort],
    ['top', state.topN ? String(state.topN) : null],
    ['sub', state.subtotals ? null : '0'],
    ['view', state.view === 'chart' ? 'chart' : null],
    ['chart', state.chart === 'bar' ? null : state.chart],
    ['mf', writeMemberFilters(state.filters)],
  ];
  for (const [key, value] of entries) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/**
 * The cube the grid reads for row totals; exports and saved views use the same query plus the
 * column dimension. `limit`: the server's most rows (`settings.cubeMaxRows`).
 */
export function rowTotalsQuery(state: ExplorerState, filter: SpendFilter, limit: number): SpendCubeQuery {
  return { dimensions: state.rows, measures: state.measures, filter, subtotals: true, limit };
}

/**
 * Cells per column member: the column dimensions first, marked as such (`columnDimensions`), so the
 * engine returns every row subtotal under every column member, each outer member's subtotal across
 * its inner ones, and each column's total (docs/domain.md, "The spend cube").
 */
export function cellsQuery(state: ExplorerState, filter: SpendFilter, limit: number): SpendCubeQuery {
  return {
    dimensions: [...state.columns, ...state.rows],
    measures: state.measures,
    filter,
    subtotals: true,
    limit,
    // One column dimension: every prefix, as before (its sets are the crossed ones minus the row totals, which `rowTotalsQuery` reads).
    ...(state.columns.length > 1 ? { columnDimensions: state.columns.length } : {}),
  };
}

/**
 * The query that describes the pivot as a whole (export, saved view): rows then the column
 * dimension, and whether subtotal rows are shown. The export names the column dimension apart
 * (`pivotExportPath`), a saved view in its display state.
 */
export function pivotQuery(state: ExplorerState, filter: SpendFilter): SpendCubeQuery {
  return {
    dimensions: [...state.rows, ...state.columns],
    measures: state.measures,
    filter,
    subtotals: state.subtotals,
    ...(state.sort ? { sort: [{ measure: state.sort.measure, direction: state.sort.direction === 'asc' ? 'ASC' : 'DESC' }] } : {}),
  };
}

/** The export of the pivot in the shape shown (docs/architecture.md, "Exports"); `layout=long` is added for the long format. */
export function pivotExportPath(state: ExplorerState, filter: SpendFilter): string {
  const column = state.columns.length ? `&column=${state.columns.join(',')}` : '';
  return `/api/exports/cube?query=${encodeURIComponent(JSON.stringify(pivotQuery(state, filter)))}${column}`;
}

/** The explorer URL that reproduces a saved pivot query (for views saved without display state). */
export function explorerSearchFromQuery(query: Partial<SpendCubeQuery>): string {
  const dims = (query.dimensions ?? []).filter(isDimension);
  const search = new URLSearchParams();
  search.set('rows', dims.join(','));
  search.set('m', (query.measures ?? []).filter(isMeasure).join(','));
  const filter = query.filter;
  if (filter?.dateFrom) search.set('from', filter.dateFrom);
  if (filter?.dateTo) search.set('to', filter.dateTo);
  if (filter?.businessUnitIds?.length) search.set('bu', filter.businessUnitIds.join(','));
  if (filter?.categoryIds?.length) search.set('cat', filter.categoryIds.join(','));
  if (filter?.supplierIds?.length) search.set('sup', filter.supplierIds.join(','));
  if (filter?.displayCurrency) search.set('cur', filter.displayCurrency);
  if (query.subtotals === false) search.set('sub', '0');
  const members = (filter?.members ?? []).flatMap((m): MemberFilter[] =>
    isDimension(m.dimension) ? [{ dimension: m.dimension, ids: m.ids.map((id) => id ?? null), ...(m.exclude ? { exclude: true } : {}) }] : [],
  );
  const mf = writeMemberFilters(members);
  if (mf) search.set('mf', mf);
  return search.toString();
}

/** Separates the parts of the `fold` parameter; neither a row layout (`,` `|`) nor a group id (`/`, ids, `∅`) holds it. */
const FOLD_SEPARATOR = '~';

/**
 * The collapsed groups of the pivot, as the `fold` parameter writes them: the row layout they
 * belong to (rows and column), then the ids of the groups. Groups of another layout are none: a
 * link keeps the groups it was made with, and changing the row dimensions forgets them.
 */
export function readFolded(value: string | null, layout: string): ReadonlySet<string> {
  if (!value) return new Set();
  const [owner, ...ids] = value.split(FOLD_SEPARATOR);
  return owner === layout ? new Set(ids.filter((id) => id !== '')) : new Set();
}

/** The `fold` parameter for `ids` collapsed in `layout`; null when none is. */
export function writeFolded(ids: ReadonlySet<string>, layout: string): string | null {
  return ids.size === 0 ? null : [layout, ...[...ids].sort()].join(FOLD_SEPARATOR);
}

/** The `cfold` parameter's layout: the column dimensions its folded column groups belong to. */
export function columnLayout(state: Pick<ExplorerState, 'columns'>): string {
  return state.columns.join(',');
}

import type { Writable } from 'node:stream';
import {
  GraphQLError, Kind, buildSchema, coerceInputValue, parse, print,
  type DocumentNode, type ExecutionResult, type FragmentDefinitionNode, type GraphQLInputType, type GraphQLSchema, type OperationDefinitionNode,
} from 'graphql';
import type { Config } from '../../config.js';
import type { Logger } from '../../logger.js';
import type { RequestContext } from '../../context.js';
import { AppError, badInput } from '../../errors.js';
import type { SpendCubeQuery, SpendDimension } from '../../generated/graphql.js';
import { loadTypeDefs } from '../../graphql/schema.js';
import type { Directory } from '../../core/directory.js';
import type { DataScope } from '../../core/viewer.js';
import { validateFilter } from '../../core/spend-filter.js';
import { requireFreeTextAllowed } from '../../core/free-text.js';
import type { CubeResult } from '../spend/spend.service.js';
import {
  QUERY_EXPORT_CATALOGUE, cubeCsv, cubeXlsx, pivotCsv, pivotXlsx, queryColumnStyles, queryCsv, queryXlsx, type ExportFormat, type ExportHeader,
} from './exports.js';
import { pivotLayout, pivotQueries, shapePivot } from './pivot-layout.js';
import { columnHeader, describeColumns, findTables, flattenObject, primaryTable, type FlatRow } from '../../lib/result-rows.js';
import { measureOperation, withVariableDefaults } from '../../graphql/limits.js';
import { chosenOperation, emptyListTable, freshVariable, pagedLists, requireInteractivePages, valueAt, withPageVariable } from './query-walk.js';

export type { ExportFormat } from './exports.js';

/**
 * The exports of a pivot, a saved view and a GraphQL document, written to any stream that takes
 * headers: an HTTP answer (`exports.routes.ts`), or a buffer that becomes an email's attachment
 * (report subscriptions, run as each recipient: docs/domain.md, "Report subscriptions"). Every
 * export reads through the caller's own scoped services.
 */

/** Where an export is written: a stream that also takes the answer's headers (an Express response, or a buffer). */
export interface ExportTarget extends Writable {
  setHeader(name: string, value: string): unknown;
}

/** A result's lists of rows, as against its metadata lists (a cube's `columns`); see `primaryTable`. */
const ROW_LIST = /(^|\.)(rows|nodes)$/;

/** Runs a GraphQL request through the server itself, with the caller's context: same scope, same limits. */
export type ExecuteOperation = (ctx: RequestContext, request: { query: string; variables?: Record<string, unknown>; operationName?: string }) => Promise<ExecutionResult>;

/** A GraphQL document to export, with its variables. */
export interface QueryRequest { query: string; variables: Record<string, unknown>; operationName?: string }

/** How a pivot is laid out (docs/architecture.md, "Exports"): as the explorer shows it, or long. */
export type PivotExportLayout = 'shown' | 'long';

/** Exports read: a document whose chosen operation is a mutation (or subscription) is refused before anything runs. */
function requireQueryOperation(query: string, operationName: string | undefined): { document: DocumentNode; operation: OperationDefinitionNode } {
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (error) {
    throw new AppError('BAD_USER_INPUT', (error as Error).message, { field: 'document' });
  }
  const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  const chosen = chosenOperation(document, operationName);
  if (!chosen) throw badInput('operationName', operations.length ? 'The document has several operations: name the one to export in operationName.' : 'The document has no operation.');
  if (chosen.operation !== 'query') throw badInput('document', 'Only queries can be exported; a mutation changes data and is run from the editor.');
  return { document, operation: chosen };
}

/**
 * Rows of one export page of a walked list (docs/architecture.md, the query workbench, "Export").
 * The export asks for this many at most; fewer when the caller's cost limit allows fewer (the
 * limits of docs/request-limits.md apply to every page exactly as to any request).
 */
export const EXPORT_PAGE_ROWS = 10_000;

/**
 * The largest page up to EXPORT_PAGE_ROWS whose operation stays within the cost limit: the cost
 * is linear in the walked page's size (its rows' fields cost per row), so two measures give it.
 */
function fittedPageSize(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, variables: Record<string, unknown>, variable: string, maxCost: number): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const rewritten = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION && d.name?.value === operation.name?.value)!;
  const cost = (limit: number) => measureOperation(schema, rewritten, fragments, { ...variables, [variable]: { offset: 0, limit } })?.cost ?? 0;
  const perRow = cost(2) - cost(1);
  if (perRow <= 0) return EXPORT_PAGE_ROWS;
  return Math.max(1, Math.min(EXPORT_PAGE_ROWS, Math.floor((maxCost - (cost(1) - perRow)) / perRow)));
}

/** An export is the whole answer or nothing: the first error of a result is the export's. */
function refuseErrors(result: ExecutionResult): void {
  if (!result.errors?.length) return;
  const first = result.errors[0];
  throw new GraphQLError(first.message, { extensions: first.extensions });
}

export const CONTENT_TYPE: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * A saved pivot's column dimensions and subtotals, as the explorer opens it: views saved by the
 * explorer keep its URL state in `display.search` (`col`, one dimension or an outer and an inner
 * one, `col=YEAR,QUARTER`, and `sub=0` when subtotals are off); views made through the API have
 * none, and the explorer shows all their dimensions as rows.
 */
function savedLayout(query: SpendCubeQuery, definition: { display?: unknown }): { columns: SpendDimension[]; subtotals: boolean } {
  const display = definition.display && typeof definition.display === 'object' ? (definition.display as { search?: unknown; subtotals?: unknown }) : {};
  const search = typeof display.search === 'string' ? new URLSearchParams(display.search) : null;
  const col = search?.get('col');
  const columns = col ? [...new Set(col.split(','))].flatMap((c) => query.dimensions.filter((d) => d === c)).slice(0, 2) : [];
  const subtotals = Boolean(query.subtotals) && display.subtotals !== false && search?.get('sub') !== '0';
  return { columns, subtotals };
}

/**
 * The filter as header lines. Names come only from what the viewer may see: an id outside their
 * scope is written as `#id`, exactly like an id that does not exist (docs/scope.md).
 */
export function describeFilter(filter: ReturnType<typeof validateFilter>, directory: Directory, scope: DataScope): string[] {
  const names = (ids: number[] | null, map: ReadonlyMap<number, { name: string }>, visible: Set<number> | null) =>
    (ids ?? []).map((id) => (visible === null || visible.has(id) ? map.get(id)?.name : undefined) ?? `#${id}`).join(', ');
  const lines: string[] = [];
  lines.push(`Period: ${filter.dateFrom ?? 'start'} to ${filter.dateTo ?? 'end'}`);
  if (filter.categoryIds) lines.push(`Categories: ${names(filter.categoryIds, directory.categoriesById, directory.visibleCategoryIds(scope))}`);
  if (filter.businessUnitIds) lines.push(`Business units: ${names(filter.businessUnitIds, directory.businessUnitsById, directory.visibleBusinessUnitIds(scope))}`);
  if (filter.supplierIds) lines.push(`Suppliers: ${filter.supplierIds.length} selected`);
  if (filter.countryCodes) lines.push(`Countries: ${filter.countryCodes.join(', ')}`);
  if (filter.currencies) lines.push(`Currencies: ${filter.currencies.join(', ')}`);
  if (filter.onContract !== null) lines.push(filter.onContract ? 'On contract only' : 'Off contract only');
  if (filter.hasPo !== null) lines.push(filter.hasPo ? 'With PO only' : 'Without PO only');
  for (const m of filter.members) lines.push(`${m.dimension}${m.exclude ? ' (all but)' : ''}: ${m.ids.map((id) => id ?? '(none)').join(', ')}`);
  if (filter.search) lines.push(`Supplier or description contains: ${filter.search}`);
  if (filter.opportunity) lines.push(`Savings opportunity: ${filter.opportunity}`);
  if (filter.displayCurrency) lines.push(`Shown in ${filter.displayCurrency}: each line converted at its month's rate, rounded to the cent`);
  return lines;
}

export function exportedBy(ctx: RequestContext): string {
  const user = ctx.data.viewer().user;
  return `Exported by ${user.name} (${user.role}) at ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; data limited to the user's scope.`;
}

export function attachment(res: ExportTarget, name: string, f: ExportFormat) {
  const stamp = new Date().toISOString().slice(0, 10);
  res.setHeader('content-type', CONTENT_TYPE[f]);
  res.setHeader('content-disposition', `attachment; filename="spendscope-${name}-${stamp}.${f}"`);
  res.setHeader('cache-control', 'no-store');
}

/**
 * The currency the exported list's figures are in when the request read figures in more than one
 * (or none): the `currency` its parent object names (a cube's, a page of lines'), else the
 * reporting currency. A request that read all its figures in one currency names that one.
 */
export function listCurrency(data: unknown, listPath: string, reporting: string): string {
  const parent = listPath.split('.').slice(0, -1);
  const currency = parent.length ? valueAt(data, [...parent, 'currency']) : undefined;
  return typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) ? currency : reporting;
}

export class ExportsService {
  readonly schema: GraphQLSchema;

  constructor(
    private readonly config: Config,
    private readonly logger: Logger,
    private readonly execute?: ExecuteOperation,
  ) {
    this.schema = buildSchema(loadTypeDefs().join('\n'));
  }

  type(name: string): GraphQLInputType {
    return this.schema.getType(name) as GraphQLInputType;
  }

  /**
   * A pivot's export: as shown (the explorer's shape, from the engine's subtotal rows of two cubes)
   * or long (the one cube over every dimension, a row per combination).
   */
  async cube(
    ctx: RequestContext, res: ExportTarget, f: ExportFormat, query: SpendCubeQuery,
    shape: { layout: PivotExportLayout; columns: SpendDimension[] }, title: string, name: string,
  ): Promise<void> {
    ctx.data.viewer().require('explore');
    const filter = validateFilter(query.filter, 'query.filter');
    const filters = describeFilter(filter, await ctx.data.directory(), ctx.data.viewer().scope);
    const definition = { spendCube: query, layout: shape.layout, ...(shape.columns.length ? { column: shape.columns.join(',') } : {}) };
    const header: ExportHeader = { title, filters, exportedBy: exportedBy(ctx), definition };
    if (shape.layout === 'long') {
      // Every row, as for the shape shown: without a limit of its own the cube's default would cut
      // the file at 10,000 rows and say nothing. A limit the caller gave is their Top N and kept.
      const cube = this.inCurrency(await ctx.spend.cube(query.limit ? query : { ...query, limit: this.config.cubeMaxRows }));
      if (cube.truncated && !query.limit) {
        throw badInput('query', `The export has more than ${this.config.cubeMaxRows.toLocaleString('en-GB')} rows; add filters or fewer dimensions.`);
      }
      attachment(res, name, f);
      res.setHeader('x-export-rows', String(cube.rows.length + 1));
      if (f === 'csv') await cubeCsv(res, query, cube);
      else await cubeXlsx(res, query, cube, header);
      return;
    }
    const layout = pivotLayout(query, shape.columns);
    if (!layout.rows.length) throw badInput('query.dimensions', 'A pivot needs at least one row dimension besides its column dimension.');
    // The screen's row limit: a pivot cut by it is refused, never exported as if it were whole.
    const queries = pivotQueries(query, layout, this.config.cubeMaxRows);
    const rowTotals = this.inCurrency(await ctx.spend.cube(queries.rowTotals));
    const cells = queries.cells ? this.inCurrency(await ctx.spend.cube(queries.cells)) : null;
    if (rowTotals.truncated || cells?.truncated) {
      throw badInput('query', `The pivot has more than ${this.config.cubeMaxRows.toLocaleString('en-GB')} rows or cells; add filters or fewer dimensions.`);
    }
    const pivot = shapePivot(layout, rowTotals, cells, Boolean(query.sort?.length));
    attachment(res, name, f);
    res.setHeader('x-export-rows', String(pivot.rows.length));
    if (f === 'csv') await pivotCsv(res, layout, pivot, rowTotals);
    else await pivotXlsx(res, layout, pivot, rowTotals, header);
  }

  /**
   * A cube in a display currency other than the reporting one names it in its money columns'
   * headings ("Spend (USD)"), so a CSV, which has no header block, says it too.
   */
  private inCurrency(cube: CubeResult): CubeResult {
    if (cube.currency === this.config.reportingCurrency) return cube;
    return { ...cube, columns: cube.columns.map((c) => (c.kind === 'MONEY' ? { ...c, label: `${c.label} (${cube.currency})` } : c)) };
  }

  /** A saved PIVOT's export (`/api/exports/views/:id`): as the explorer opens it, with the caller's scope. */
  async savedPivot(ctx: RequestContext, res: ExportTarget, f: ExportFormat, id: string, layout: PivotExportLayout): Promise<void> {
    const view = await ctx.views.byId(id);
    if (view.kind !== 'PIVOT') throw badInput('id', 'Only pivot views can be exported directly; open query views in the editor.');
    const definition = JSON.parse(view.definition) as { query?: unknown; display?: unknown };
    const saved = coerceInputValue(definition.query, this.type('SpendCubeQuery'), () => {
      throw new AppError('BAD_USER_INPUT', 'This saved view no longer holds a valid pivot; open and save it again.');
    }) as SpendCubeQuery;
    // The view exports as the explorer opens it: the same file as the explorer's own export.
    const { columns, subtotals } = savedLayout(saved, definition);
    // The same dates as opening it: a relative period resolved now (ViewsService.period).
    const period = await ctx.views.period(view);
    const filter = period?.relative && period.dateFrom && period.dateTo ? { ...saved.filter, dateFrom: period.dateFrom, dateTo: period.dateTo } : saved.filter;
    const query = { ...saved, filter, subtotals };
    const shape = { layout, columns };
    await this.cube(ctx, res, f, query, shape, `Spendscope — ${view.name}`, view.name.replace(/[^\w-]+/g, '-').slice(0, 60) || 'view');
    }

  /**
   * `GET /api/exports/query?document=…&variables=…&operationName=…` or `?id=` (a saved QUERY view):
   * the document runs again through the GraphQL server with the caller's own context, so the
   * caller's role, scope and limits apply, whoever wrote it; its largest list of objects (or the
   * one named by `path`) is written as flattened rows. A list under a `page: PageInput` field is
   * walked page after page, each page written before the next is asked for (docs/architecture.md,
   * the query workbench, "Export").
   */
  async query(ctx: RequestContext, res: ExportTarget, f: ExportFormat, source: { request: QueryRequest } | { viewId: string }, path: string | null): Promise<void> {
    if (!this.execute) throw new AppError('NOT_FOUND', 'Query exports are not available on this server.');
    const executeOperation: ExecuteOperation = this.execute;
    const { config, schema, logger } = this;
    // The document (given, or a saved query's) is free text: the same rule as on /graphql.
    requireFreeTextAllowed(ctx.data.signedIn, config);
    ctx.data.viewer().require('query');
    let request = 'viewId' in source ? null : source.request;
    let title = 'Spendscope — query';
    let name = 'query';
    if (!request) {
      const view = await ctx.views.byId((source as { viewId: string }).viewId);
      if (view.kind !== 'QUERY') throw badInput('id', 'Only saved queries can be exported here; export pivots from /api/exports/views/:id.');
      const definition = JSON.parse(view.definition) as { document?: unknown; variables?: unknown };
      if (typeof definition.document !== 'string') throw new AppError('BAD_USER_INPUT', 'This saved query holds no document; open and save it again.');
      request = { query: definition.document, variables: definition.variables && typeof definition.variables === 'object' ? (definition.variables as Record<string, unknown>) : {} };
      title = `Spendscope — ${view.name}`;
      name = view.name.replace(/[^\w-]+/g, '-').slice(0, 60) || 'query';
    }
    const { document, operation } = requireQueryOperation(request.query, request.operationName);

    // The list to walk: the paged list named by `path`, else the document's only paged list.
    const lists = pagedLists(schema, document, operation);
    const list = path ? lists.find((l) => l.tablePath === path) : lists.length === 1 ? lists[0] : undefined;
    let run = request;
    let page: { variable: string; rows: number } | null = null;
    if (list) {
      // Larger pages are the export's allowance for the walked list only: any other `page` in the
      // document keeps the interactive bound.
      requireInteractivePages(document, withVariableDefaults(operation, request.variables), config.pageMax);
      const variable = freshVariable(operation);
      const rewritten = withPageVariable(document, operation, list, variable);
      page = { variable, rows: fittedPageSize(schema, rewritten, operation, request.variables, variable, config.maxCost) };
      ctx.data.allowExportPages(page.rows);
      run = { query: print(rewritten), variables: { ...request.variables, [variable]: { offset: 0, limit: page.rows } }, operationName: request.operationName };
    }

    const first = await executeOperation(ctx, run);
    // An export is the whole answer or nothing: a partial result (an error anywhere) is refused.
    refuseErrors(first);
    const tables = findTables(first.data);
    // A list that came back empty is exported as its header, the columns the document asked for:
    // when named, or when nothing else came back but metadata (a cube with no rows beside its measures).
    const found = path ? tables.find((t) => t.path === path) : primaryTable(tables);
    const empty = !found || !(path || ROW_LIST.test(found.path)) ? emptyListTable(schema, document, operation, first.data, path) : null;
    const wanted = empty && (!found || ROW_LIST.test(empty.path)) ? empty : found;
    if (!wanted) throw badInput('path', tables.length ? `No list of objects at ${String(path)}.` : 'The result holds no list of objects to export.');
    const walked = list && page && wanted.path === list.tablePath ? { list, page } : null;
    const columns = wanted.columns;
    // The header names the workbench's table shows (a cube's measures and dimensions), else the paths.
    const infos = describeColumns(tables, wanted, QUERY_EXPORT_CATALOGUE);
    const headers = columns.map((c) => columnHeader(infos, c));
    const known = new Set(columns);
    const leftOut = new Set<string>();

    // The total, when it is known before the first byte: one page, or the page's own totalCount.
    const totalCount = walked ? valueAt(first.data, [...walked.list.fieldPath, 'totalCount']) : undefined;
    const total = !walked || wanted.rows.length < walked.page.rows ? wanted.rows.length : typeof totalCount === 'number' ? totalCount : null;

    /** The flattened rows, page after page; leaving the loop (the writer stopped, the client left) stops the walk. */
    async function* batches(): AsyncGenerator<readonly FlatRow[]> {
      yield wanted!.rows;
      if (!walked) return;
      const at = wanted!.path.split('.');
      let offset = 0;
      let count = wanted!.rows.length;
      while (count === walked.page.rows) {
        offset += walked.page.rows;
        if (ctx.budget.signal.aborted) throw ctx.budget.signal.reason;
        const result = await executeOperation(ctx, { ...run, variables: { ...run.variables, [walked.page.variable]: { offset, limit: walked.page.rows } } });
        refuseErrors(result);
        const items = valueAt(result.data, at);
        if (!Array.isArray(items) || !items.length) return;
        count = items.length;
        const rows = (items as Array<Record<string, unknown> | null>).map((item) => flattenObject(item));
        // Columns are the first page's; a key first seen later is left out (and named in the XLSX).
        for (const row of rows) for (const key in row) if (!known.has(key) && leftOut.size < 20) leftOut.add(key);
        yield rows;
      }
    }

    attachment(res, name, f);
    if (total !== null) res.setHeader('x-export-rows', String(total));
    if (f === 'csv') await queryCsv(res, columns, batches(), headers);
    else {
      const header: ExportHeader = { title, filters: [`Rows of ${wanted.path}`], exportedBy: exportedBy(ctx), definition: { document: request.query.split('\n'), variables: request.variables } };
      const notes = () => (leftOut.size ? [`Columns first seen after the first page were left out: ${[...leftOut].join(', ')}`] : []);
      await queryXlsx(res, columns, batches(), queryColumnStyles(wanted, infos), (ctx.data.currenciesShown.size === 1 ? [...ctx.data.currenciesShown][0] : listCurrency(first.data, wanted.path, config.reportingCurrency)), header, { notes, headers });
    }
    if (leftOut.size) logger.info('export.query.columnsLeftOut', { requestId: ctx.requestId, columns: [...leftOut] });
    }

  /**
   * A saved view as a file, as the caller would export it from /reports: a PIVOT as shown, a
   * QUERY's result. What a report subscription attaches, run as the recipient.
   */
  async savedView(ctx: RequestContext, res: ExportTarget, f: ExportFormat, id: string): Promise<void> {
    ctx.data.viewer().require('export');
    const view = await ctx.views.byId(id);
    if (view.kind === 'PIVOT') await this.savedPivot(ctx, res, f, id, 'shown');
    else if (view.kind === 'QUERY') await this.query(ctx, res, f, { viewId: id }, null);
    else throw badInput('id', 'Only pivots and saved queries can be exported.');
  }
}

import { Router, type Request, type Response } from 'express';
import { inputParam } from '../../http/query-params.js';
import type { Logger } from '../../logger.js';
import type { AppServices, RequestContext } from '../../context.js';
import { restRoute } from '../../http/rest.js';
import { badInput } from '../../errors.js';
import type { SpendCubeQuery, SpendDimension, SpendFilter, SpendLineSort } from '../../generated/graphql.js';
import { linesCsv, linesXlsx, type ExportFormat, type ExportHeader } from './exports.js';
import { ExportsService, attachment, describeFilter, exportedBy, type ExecuteOperation, type PivotExportLayout, type QueryRequest } from './exports.service.js';

export type { ExecuteOperation } from './exports.service.js';

/** The longest GraphQL document a query export takes. */
const MAX_DOCUMENT = 100_000;

/** The request an export of a query runs: the caller's document, or a saved QUERY view's. */
function queryRequest(req: Request): QueryRequest {
  const document = req.query.document;
  if (typeof document !== 'string' || !document.trim()) throw badInput('document', 'The document parameter is required (or id, a saved query).');
  if (document.length > MAX_DOCUMENT) throw badInput('document', `A document may be at most ${MAX_DOCUMENT.toLocaleString('en-GB')} characters.`);
  let variables: Record<string, unknown> = {};
  const raw = req.query.variables;
  if (typeof raw === 'string' && raw.trim()) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      variables = parsed as Record<string, unknown>;
    } catch {
      throw badInput('variables', 'The variables parameter must be a JSON object.');
    }
  }
  const operationName = typeof req.query.operationName === 'string' && req.query.operationName ? req.query.operationName : undefined;
  return { query: document, variables, operationName };
}

function format(req: Request): ExportFormat {
  const f = req.query.format ?? 'csv';
  if (f !== 'csv' && f !== 'xlsx') throw badInput('format', 'format must be csv or xlsx.');
  return f;
}

function layoutParam(req: Request): PivotExportLayout {
  const l = req.query.layout ?? 'shown';
  if (l !== 'shown' && l !== 'long') throw badInput('layout', 'layout must be shown (the pivot as the explorer shows it) or long (one row per combination, for other tools).');
  return l;
}

/**
 * The column dimensions (`column=YEAR`, or an outer and an inner one, `column=YEAR,QUARTER`), each
 * one of the query's dimensions (the allow-list is the query's own, already validated).
 */
function columnDimensions(query: SpendCubeQuery, value: unknown, field: string): SpendDimension[] {
  if (value === undefined || value === null || value === '') return [];
  const names = typeof value === 'string' ? value.split(',') : [];
  const columns = names.map((name) => query.dimensions.find((d) => d === name));
  if (!names.length || columns.some((c) => !c)) throw badInput(field, 'Each column dimension must be one of the query\'s dimensions.');
  if (columns.length > 2 || new Set(columns).size !== columns.length) throw badInput(field, 'A pivot has one or two column dimensions, each once.');
  return columns as SpendDimension[];
}

/**
 * `GET /api/exports/cube`, `/lines`, `/views/:id`: streamed CSV or XLSX through the same scoped
 * services as GraphQL, so an export holds exactly what the caller may see.
 */
export function exportsRouter(services: AppServices, logger: Logger, execute?: ExecuteOperation): Router {
  const { config } = services;
  const exports = new ExportsService(config, logger, execute);
  const type = (name: string) => exports.type(name);
  const router = Router();

  const handle = (run: (ctx: RequestContext, req: Request, res: Response) => Promise<void>) =>
    restRoute(services, logger, 'export', async (ctx, req, res) => {
      ctx.data.viewer().require('export');
      await run(ctx, req, res);
    });

  router.get('/cube', handle(async (ctx, req, res) => {
    const query = inputParam<SpendCubeQuery>(req, 'query', type('SpendCubeQuery'), true)!;
    const shape = { layout: layoutParam(req), columns: columnDimensions(query, req.query.column, 'column') };
    await exports.cube(ctx, res, format(req), query, shape, 'Spendscope — spend pivot', 'pivot');
  }));

  router.get('/views/:id', handle(async (ctx, req, res) => {
    await exports.savedPivot(ctx, res, format(req), String(req.params.id), layoutParam(req));
  }));

  router.get('/lines', handle(async (ctx, req, res) => {
    const f = format(req);
    const sort = inputParam<SpendLineSort>(req, 'sort', type('SpendLineSort'), false);
    const filterInput = inputParam<SpendFilter>(req, 'filter', type('SpendFilter'), false);
    // Read before the export's transaction, which holds the caller's statement turn while it writes.
    const directory = await ctx.data.directory();
    await ctx.lines.export(filterInput, sort, f, async (lines) => {
      attachment(res, 'lines', f);
      res.setHeader('x-export-rows', String(lines.count));
      if (f === 'csv') {
        await linesCsv(res, lines.csvFiles, lines.filter.displayCurrency ?? config.reportingCurrency, config.reportingCurrency);
      } else {
        const filters = describeFilter(lines.filter, directory, ctx.data.viewer().scope);
        const header: ExportHeader = { title: 'Spendscope — spend lines', filters, exportedBy: exportedBy(ctx), definition: { spendLines: { filter: lines.filter, sort } } };
        await linesXlsx(res, lines.chunks, lines.filter.displayCurrency ?? config.reportingCurrency, header, { count: lines.count, amount: lines.total }, undefined, config.reportingCurrency);
      }
    });
  }));

  /**
   * `GET /api/exports/query?document=…&variables=…&operationName=…` or `?id=` (a saved QUERY view):
   * the document runs again through the GraphQL server with the caller's own context, so the
   * caller's role, scope and limits apply, whoever wrote it; its largest list of objects (or the
   * one named by `path`) is written as flattened rows. A list under a `page: PageInput` field is
   * walked page after page, each page written before the next is asked for (docs/architecture.md,
   * the query workbench, "Export").
   */
  router.get('/query', handle(async (ctx, req, res) => {
    const source = typeof req.query.id === 'string' && req.query.id ? { viewId: req.query.id } : { request: queryRequest(req) };
    const path = typeof req.query.path === 'string' && req.query.path ? req.query.path : null;
    await exports.query(ctx, res, format(req), source, path);
  }));

  return router;
}

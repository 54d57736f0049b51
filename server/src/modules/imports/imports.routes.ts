import { Router } from 'express';
import type { Logger } from '../../logger.js';
import type { AppServices } from '../../context.js';
import { sendError } from '../../http/errors.js';
import { closeAfterAnswer, restRoute } from '../../http/rest.js';
import { requireContentType } from '../../http/same-origin.js';
import type { Cell } from '../../store/store.js';
import { csvLine, writeText } from '../../lib/cells.js';
import { UploadRefused } from './upload.js';

/**
 * The media types an import file may arrive as (CSV, XLSX, JSON, or bytes the reader sniffs).
 * application/vnd.ms-excel is how Windows labels .csv files. Never text/plain: docs/security.md.
 */
const IMPORT_TYPES = [
  'text/csv', 'application/csv', 'application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/json', 'application/octet-stream',
];

/**
 * `POST /api/imports?fileName=…&sourceName=…` with the file as the request body (streamed to disk,
 * never buffered): creates an UPLOADED batch and detects its layout, or a FAILED batch with the
 * reason when the file cannot be read. `GET /api/imports/:id/problems.csv` downloads the row problems.
 */
export function importsRouter(services: AppServices, logger: Logger): Router {
  const router = Router();

  router.post('/', requireContentType(IMPORT_TYPES), restRoute(services, logger, 'imports', async (ctx, req, res) => {
    try {
      const id = await ctx.imports.receive(String(req.query.fileName ?? ''), String(req.query.sourceName ?? ''), req);
      res.status(201).json({ data: { id: String(id) } });
    } catch (error) {
      // The rest of the body is not read (refused before or while it streamed).
      if (!req.complete) closeAfterAnswer(req, res);
      if (!(error instanceof UploadRefused)) throw error;
      const status = error.reason === 'TOO_LARGE' ? 413 : error.reason === 'INTERRUPTED' ? 400 : 422;
      sendError(res, status, 'IMPORT_INVALID', error.message, { ...error.details, batchId: String(error.batchId) });
    }
  }, { unbounded: true })); // a 200 MB upload is long by design (docs/request-limits.md)

  router.get('/:id/problems.csv', restRoute(services, logger, 'imports', async (ctx, req, res) => {
    const rows = ctx.imports.problemRows(String(req.params.id));
    const first = await rows.next(); // NOT_FOUND before any header is sent
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.setHeader('content-disposition', `attachment; filename="import-${String(req.params.id).replace(/\D/g, '')}-problems.csv"`);
    await writeText(res, csvLine(['Row', 'Severity', 'Column', 'Code', 'Message', 'Value']));
    const line = (r: Cell[]) => csvLine(r.map((v) => (v === null ? null : typeof v === 'number' ? v : String(v))));
    if (!first.done) await writeText(res, line(first.value));
    for await (const r of rows) await writeText(res, line(r));
  }));

  return router;
}

import express, { Router, type Request, type Response } from 'express';
import type { Logger } from '../../logger.js';
import type { AppServices, RequestContext } from '../../context.js';
import type { Action } from '../../core/viewer.js';
import { AppError } from '../../errors.js';
import { closeAfterAnswer, restRoute } from '../../http/rest.js';
import { requireContentType } from '../../http/same-origin.js';
import type { ReferenceImportResult } from './reference.service.js';

/** The largest CSV body these routes read (a full UNSPSC taxonomy is about 7 MB). */
const MAX_BODY = '20mb';
const text = express.text({ type: () => true, limit: MAX_BODY });

/** The request's body as text, read only when called; the parser's refusals as catalogue errors. */
function readBody(req: Request, res: Response): Promise<string> {
  return new Promise((resolve, reject) => {
    text(req, res, (error?: unknown) => {
      if (!error) return resolve(typeof req.body === 'string' ? req.body : '');
      const type = (error as { type?: string }).type;
      reject(new AppError('BAD_USER_INPUT', type === 'entity.too.large'
        ? `The file is larger than ${MAX_BODY.replace('mb', ' MB')}, the limit for reference data. Split it into several files.`
        : 'The request body could not be read as text. Send the CSV file as UTF-8.', { field: 'body' }));
    });
  });
}

/** `POST /api/fx-rates` and `POST /api/taxonomy`: a CSV body in, what changed (and the skipped rows) out. */
export function referenceRouter(services: AppServices, logger: Logger): Router {
  const router = Router();
  // The caller's role is checked before a byte of the body is read: a signed-out client cannot
  // make the server buffer 20 MB (docs/security.md). The services check it again, as every path does.
  const handle = (action: Action, run: (ctx: RequestContext, text: string) => Promise<ReferenceImportResult>) =>
    restRoute(services, logger, 'reference', async (ctx, req, res) => {
      try {
        ctx.data.viewer().require(action);
      } catch (error) {
        closeAfterAnswer(req, res);
        throw error;
      }
      res.json({ data: await run(ctx, await readBody(req, res)) });
    });
  // CSV only, and never text/plain (docs/security.md); the parser then reads whatever was accepted.
  const csv = requireContentType(['text/csv', 'application/csv']);
  router.post('/fx-rates', csv, handle('manageFx', (ctx, body) => ctx.reference.importFx(body)));
  router.post('/taxonomy', csv, handle('admin', (ctx, body) => ctx.reference.importTaxonomy(body)));
  return router;
}

import express, { Router } from 'express';
import type { Logger } from '../../logger.js';
import type { AppServices, RequestContext } from '../../context.js';
import { restRoute } from '../../http/rest.js';
import { requireContentType } from '../../http/same-origin.js';
import type { ReferenceImportResult } from './reference.service.js';

/** `POST /api/fx-rates` and `POST /api/taxonomy`: a CSV body in, what changed (and the skipped rows) out. */
export function referenceRouter(services: AppServices, logger: Logger): Router {
  const router = Router();
  const handle = (run: (ctx: RequestContext, text: string) => Promise<ReferenceImportResult>) =>
    restRoute(services, logger, 'reference', async (ctx, req, res) => {
      res.json({ data: await run(ctx, typeof req.body === 'string' ? req.body : '') });
    });
  // CSV only, and never text/plain (docs/security.md); the parser then reads whatever was accepted.
  const csv = requireContentType(['text/csv', 'application/csv']);
  const text = express.text({ type: () => true, limit: '20mb' });
  router.post('/fx-rates', csv, text, handle((ctx, body) => ctx.reference.importFx(body)));
  router.post('/taxonomy', csv, text, handle((ctx, body) => ctx.reference.importTaxonomy(body)));
  return router;
}

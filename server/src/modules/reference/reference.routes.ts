import { randomUUID } from 'node:crypto';
import express, { Router, type Request, type Response } from 'express';
import { GraphQLError } from 'graphql';
import type { Logger } from '../../app.js';
import { createContext, type AppServices, type RequestContext } from '../../context.js';
import { SESSION_COOKIE } from '../auth/auth.service.js';
import type { ReferenceImportResult } from './reference.service.js';

const STATUS: Record<string, number> = { UNAUTHENTICATED: 401, FORBIDDEN: 403, BAD_USER_INPUT: 400 };

/** `POST /api/fx-rates` and `POST /api/taxonomy`: a CSV body in, what changed (and the skipped rows) out. */
export function referenceRouter(services: AppServices, logger: Logger): Router {
  const router = Router();
  const handle = (run: (ctx: RequestContext, text: string) => Promise<ReferenceImportResult>) => async (req: Request, res: Response) => {
    const requestId = randomUUID();
    try {
      const pair = (req.headers.cookie ?? '').split(';').map((p) => p.trim()).find((p) => p.startsWith(`${SESSION_COOKIE}=`));
      const token = pair ? decodeURIComponent(pair.slice(SESSION_COOKIE.length + 1)) : undefined;
      const ctx = await createContext(services, requestId, { token, address: req.ip ?? 'unknown', set: () => {}, clear: () => {} });
      const text = typeof req.body === 'string' ? req.body : '';
      res.json({ data: await run(ctx, text) });
    } catch (error) {
      const code = error instanceof GraphQLError ? String(error.extensions?.code) : '';
      if (STATUS[code]) {
        res.status(STATUS[code]).json({ errors: [{ message: (error as GraphQLError).message, extensions: { code } }] });
        return;
      }
      logger.error('reference.failed', { requestId, error: String((error as Error)?.stack ?? error) });
      res.status(500).json({ errors: [{ message: `Something went wrong on our side (request id ${requestId}).`, extensions: { code: 'INTERNAL_SERVER_ERROR', requestId } }] });
    }
  };
  const text = express.text({ type: () => true, limit: '20mb' });
  router.post('/fx-rates', text, handle((ctx, body) => ctx.reference.importFx(body)));
  router.post('/taxonomy', text, handle((ctx, body) => ctx.reference.importTaxonomy(body)));
  return router;
}

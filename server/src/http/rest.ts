import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { GraphQLError } from 'graphql';
import type { Logger } from '../logger.js';
import { internalMessage, sendError } from './errors.js';
import { sessionCookie } from './session.js';
import { createContext, type AppServices, type RequestContext } from '../context.js';
import { RequestBudget } from './request-budget.js';
import type { ErrorCode } from '../errors.js';

/** HTTP status for each catalogue code a REST route can answer with; anything else is a 500. */
const STATUS: Record<string, number> = {
  UNAUTHENTICATED: 401, FORBIDDEN: 403, NOT_FOUND: 404, BAD_USER_INPUT: 400, QUERY_TOO_COMPLEX: 400,
  CONFLICT: 409, INVALID_STATE: 409, IMPORT_INVALID: 422, RATE_LIMITED: 429,
};

/** Extensions as the client sees them: `http` is how GraphQL errors set their status, not data. */
function withoutHttp(extensions: Record<string, unknown>): Record<string, unknown> {
  const { http: _http, ...rest } = extensions;
  return rest;
}

/**
 * For a request refused before its body was read (an upload, a CSV): the answer goes out, then the
 * connection is closed rather than read what nobody keeps.
 */
export function closeAfterAnswer(req: Request, res: Response): void {
  res.setHeader('connection', 'close');
  const socket = req.socket;
  res.on('finish', () => socket?.destroy());
}

/**
 * A REST route (exports, imports, reference data) with the same request context as GraphQL
 * (session, role, scope) and the same error catalogue: known codes answer with their status and
 * message, anything else is logged and answered as INTERNAL_SERVER_ERROR; every error carries the
 * request id. A response already streaming is cut off, so a half file never passes for a whole one.
 *
 * Limits as for GraphQL (docs/request-limits.md): the time budget runs until the answer starts
 * (a streamed download then runs as long as its client reads); a read is cancelled when its
 * client disconnects, a write (any method but GET) runs to completion. `unbounded` routes (the
 * import upload, long by design) have no time budget.
 */
export function restRoute(
  services: AppServices,
  logger: Logger,
  name: string,
  handler: (ctx: RequestContext, req: Request, res: Response) => Promise<void>,
  options: { unbounded?: boolean } = {},
): RequestHandler {
  return async (req, res) => {
    const requestId = randomUUID();
    const budget = new RequestBudget(services.config.requestTimeoutMs, () => !res.headersSent, services.requests).watch(res);
    if (req.method !== 'GET' && req.method !== 'HEAD') budget.keepOnDisconnect();
    if (options.unbounded) budget.unbounded();
    try {
      const ctx = await createContext(services, requestId, sessionCookie(req, services.config), budget);
      await handler(ctx, req, res);
      if (!res.writableEnded) res.end();
    } catch (error) {
      const code = error instanceof GraphQLError ? String(error.extensions?.code) : '';
      const status = STATUS[code];
      if (budget.clientClosed) {
        logger.info(`${name}.cancelled`, { requestId, reason: 'client closed the request' });
        res.destroy();
        return;
      }
      if (!status) logger.error(`${name}.failed`, { requestId, error: String((error as Error)?.stack ?? error) });
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (status) {
        const { code: _code, ...details } = withoutHttp((error as GraphQLError).extensions);
        sendError(res, status, code as ErrorCode, (error as GraphQLError).message, details, requestId);
      } else {
        sendError(res, 500, 'INTERNAL_SERVER_ERROR', internalMessage(requestId), {}, requestId);
      }
    }
  };
}

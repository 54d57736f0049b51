import type { ErrorCode } from '../errors.js';
import { sendError } from './errors.js';
import type { Request, RequestHandler, Response } from 'express';

/** Methods that never change anything (RFC 9110 safe methods): no cross-site check needed. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function refuse(res: Response, status: number, message: string, extensions: { code: ErrorCode } & Record<string, unknown>) {
  // The body is not read: close the connection once the answer is out rather than drain an upload.
  res.setHeader('connection', 'close');
  const { code, ...details } = extensions;
  sendError(res, status, code, message, details);
}

/** True when the Origin header names this server as the request reached it (scheme, host and port). */
function originMatchesHost(req: Request, origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // Includes the opaque origin "null" (sandboxed frames, file: pages).
  }
  // req.host honours X-Forwarded-Host only from the proxies `trust proxy` names.
  return url.host === req.host && url.protocol === `${req.protocol}:`;
}

/**
 * Refuses state-changing REST requests a browser sends on behalf of another site (CSRF); see
 * docs/security.md. Sec-Fetch-Site, which browsers set and pages cannot forge, decides when present;
 * otherwise the Origin header must name this server. A request with neither comes from a non-browser
 * client (a script, curl), which carries no victim's cookie; it still has to pass the content-type
 * check of the route, which a cross-site page cannot satisfy without a CORS preflight we never grant.
 */
export function sameOriginWrites(): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const site = req.get('sec-fetch-site');
    const origin = req.get('origin');
    const allowed = site !== undefined ? site === 'same-origin' || site === 'none' : origin === undefined || originMatchesHost(req, origin);
    if (allowed) return next();
    refuse(res, 403, 'This request came from another site and was refused. Use the Spendscope console.', { code: 'FORBIDDEN', reason: 'CROSS_ORIGIN' });
  };
}

/**
 * Accepts only the listed media types (parameters such as charset are ignored) and answers 415
 * before the body is read otherwise. None of the lists may contain text/plain,
 * application/x-www-form-urlencoded or multipart/form-data: those are the types another site can
 * send without a CORS preflight (docs/security.md).
 */
export function requireContentType(allowed: readonly string[]): RequestHandler {
  const types = new Set(allowed.map((t) => t.toLowerCase()));
  return (req, res, next) => {
    const type = (req.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (types.has(type)) return next();
    refuse(res, 415, `Send the file with one of these content types: ${allowed.join(', ')}.${type ? ` Got ${type}.` : ' No content type was sent.'}`, {
      code: 'BAD_USER_INPUT',
      field: 'content-type',
    });
  };
}

import type { NextFunction, Request, Response } from 'express';

/**
 * The console's Content-Security-Policy (docs/security.md): everything comes from the console's own
 * origin. `style-src 'unsafe-inline'` is for the style attributes recharts, the table's column sizes
 * and the query editor (Monaco) set at run time; Monaco's language workers are same-origin module
 * workers (`blob:` covers the worker bootstrap some browsers use); its codicon font and the
 * console's favicon are `data:` URLs. No external host appears anywhere.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Security headers on every response; the CSP matters for the console's HTML pages and is harmless on the rest. */
export function securityHeaders(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('content-security-policy', CONTENT_SECURITY_POLICY);
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('referrer-policy', 'same-origin');
  res.setHeader('x-frame-options', 'DENY');
  next();
}

/**
 * A browser opening `/graphql` (a GET that prefers HTML) is sent to the console's query workbench,
 * carrying a GraphiQL-style `?query=` along, instead of Apollo's landing page, which loads its
 * Sandbox from a CDN. API clients (JSON `Accept`, POST) are untouched.
 */
export function browsersToWorkbench(req: Request, res: Response, next: NextFunction): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') return next();
  const accepts = req.accepts(['application/json', 'application/graphql-response+json', 'text/html']);
  if (accepts !== 'text/html') return next();
  const query = typeof req.query.query === 'string' ? req.query.query : undefined;
  res.redirect(302, query ? `/query?text=${encodeURIComponent(query)}` : '/query');
}

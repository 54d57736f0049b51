import type { Request, Response } from 'express';
import type { Config } from '../config.js';
import type { SessionCookie } from '../context.js';
import { SESSION_COOKIE } from '../modules/auth/auth.service.js';

/** The session token from the request's cookie header, if any. */
export function readSessionToken(req: Request): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/**
 * The session cookie as one request sees it. GraphQL may set or clear it (sign in, sign out);
 * REST routes pass no response and only read it. httpOnly, SameSite=Lax, Secure behind HTTPS
 * (docs/security.md).
 */
export function sessionCookie(req: Request, config: Config, res?: Response): SessionCookie {
  const options = { httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies, path: '/' };
  return {
    token: readSessionToken(req),
    address: req.ip ?? 'unknown',
    set: (token) => res?.cookie(SESSION_COOKIE, token, { ...options, maxAge: config.sessionIdleHours * 3_600_000 }),
    clear: () => res?.clearCookie(SESSION_COOKIE, options),
  };
}

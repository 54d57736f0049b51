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
 * The session cookie as one request sees it. GraphQL may set, renew or clear it (sign in, any
 * request of a valid session, sign out); REST routes pass no response and only read it. httpOnly,
 * SameSite=Lax, Secure behind HTTPS (docs/security.md).
 */
export function sessionCookie(req: Request, config: Config, res?: Response): SessionCookie {
  const options = { httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies, path: '/' };
  const token = readSessionToken(req);
  const set = (value: string) => {
    if (!res) return;
    forgetSessionCookie(res);
    res.cookie(SESSION_COOKIE, value, { ...options, maxAge: config.sessionIdleHours * 3_600_000 });
  };
  return {
    token,
    address: req.ip ?? 'unknown',
    set,
    // The browser would otherwise drop the cookie a fixed idle period after sign-in, however busy the user.
    renew: () => {
      if (token !== undefined) set(token);
    },
    clear: () => {
      if (!res) return;
      forgetSessionCookie(res);
      res.clearCookie(SESSION_COOKIE, options);
    },
  };
}

/**
 * Drops a session cookie this response was already going to set (the renewal every request of a
 * session makes, before a sign-out clears it or a sign-in replaces it): one answer says one thing.
 */
function forgetSessionCookie(res: Response): void {
  const headers = res.getHeader('Set-Cookie');
  if (headers === undefined) return;
  const others = (Array.isArray(headers) ? headers : [String(headers)]).filter((h) => !h.startsWith(`${SESSION_COOKIE}=`));
  if (others.length === 0) res.removeHeader('Set-Cookie');
  else res.setHeader('Set-Cookie', others);
}

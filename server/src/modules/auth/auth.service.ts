import { createHash, randomBytes } from 'node:crypto';
import type { Config } from '../../config.js';
import { AppError } from '../../errors.js';
import type { Store } from '../../store/store.js';
import type { UserRecord } from './auth.mappers.js';
import * as q from './auth.queries.js';
import { verifyPassword } from './password.js';

export const SESSION_COOKIE = 'ss_session';

/** UTC timestamp in the form both engines cast from: `YYYY-MM-DD HH:MM:SS.mmm`. */
export function sqlTimestamp(date: Date): string {
  return date.toISOString().replace('T', ' ').replace('Z', '');
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

// Keeps the cost of a login with an unknown email equal to one with a known email.
const DUMMY_HASH = 'scrypt$16384$8$1$c3BlbmRzY29wZS1kdW1teQ==$onvsBDYBg6mli/SDcRDjGN9HRzfzwlmUz/BgGTgv7Q0=';

/**
 * Session look-ups, read through for a few seconds. The database stays the source of truth;
 * the cache only spares the statement on bursts of requests (a dashboard fires several at once).
 * An embedded DuckDB file has exactly one server process, so a logout here is seen at once; with
 * several processes on a shared database, a revoked session may live up to `ttlMs` elsewhere.
 */
export class SessionCache {
  private readonly entries = new Map<string, { user: UserRecord; lastSeenAt: number; cachedAt: number }>();

  constructor(readonly ttlMs = 5_000, private readonly maxEntries = 10_000) {}

  get(tokenHash: string, now: number) {
    const hit = this.entries.get(tokenHash);
    if (!hit || now - hit.cachedAt > this.ttlMs) return null;
    return hit;
  }

  set(tokenHash: string, user: UserRecord, lastSeenAt: number, now: number) {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(tokenHash, { user, lastSeenAt, cachedAt: now });
  }

  delete(tokenHash: string) {
    this.entries.delete(tokenHash);
  }
}

export class AuthService {
  constructor(
    private readonly store: Store,
    private readonly config: Config,
    private readonly sessions: SessionCache = new SessionCache(0),
  ) {}

  /** Checks credentials, enforces the attempt limit, and returns a new session token. */
  async login(email: string, password: string, address: string): Promise<{ token: string; user: UserRecord }> {
    const now = new Date();
    const windowStart = sqlTimestamp(new Date(now.getTime() - this.config.loginWindowMinutes * 60_000));
    const attempts = await q.countFailedAttempts(this.store, email, address, windowStart);
    const limit = this.config.loginAttemptsPerWindow;
    if (attempts.byEmail >= limit || attempts.byAddress >= limit) {
      const oldest = [attempts.byEmail >= limit ? attempts.oldestEmail : null, attempts.byAddress >= limit ? attempts.oldestAddress : null]
        .filter((t): t is string => t !== null)
        .map((t) => Date.parse(t.replace(' ', 'T') + 'Z'))
        .sort((a, b) => a - b)[0];
      const retryAfterSeconds = Math.max(1, Math.ceil((oldest + this.config.loginWindowMinutes * 60_000 - now.getTime()) / 1000));
      throw new AppError('RATE_LIMITED', `Too many sign-in attempts. Try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`, {
        retryAfterSeconds,
      });
    }
    const found = await q.findUserByEmail(this.store, email);
    const ok = await verifyPassword(password, found?.passwordHash ?? DUMMY_HASH);
    if (!found || !ok || found.disabled) {
      await q.recordLoginAttempt(this.store, email, address, false, sqlTimestamp(now));
      throw new AppError('UNAUTHENTICATED', 'Email or password is incorrect.');
    }
    await q.recordLoginAttempt(this.store, email, address, true, sqlTimestamp(now));
    const token = randomBytes(32).toString('base64url');
    await q.insertSession(this.store, hashToken(token), found.user.id, sqlTimestamp(now));
    return { token, user: found.user };
  }

  /** The user behind a session token, sliding the idle timeout forward. */
  async userForToken(token: string | undefined): Promise<UserRecord | null> {
    if (!token || token.length > 200) return null;
    const now = new Date();
    const idleSince = sqlTimestamp(new Date(now.getTime() - this.config.sessionIdleHours * 3_600_000));
    const tokenHash = hashToken(token);
    const cached = this.sessions.get(tokenHash, now.getTime());
    if (cached && now.getTime() - cached.lastSeenAt < this.config.sessionIdleHours * 3_600_000) return cached.user;
    const found = await q.findSessionUser(this.store, tokenHash, idleSince);
    if (!found) {
      this.sessions.delete(tokenHash);
      return null;
    }
    let lastSeenAt = Date.parse(found.lastSeenAt.replace(' ', 'T') + 'Z');
    // Touch at most once a minute: the idle timeout needs no finer grain, and writes are not free.
    if (now.getTime() - lastSeenAt > 60_000) {
      await q.touchSession(this.store, tokenHash, sqlTimestamp(now));
      lastSeenAt = now.getTime();
    }
    this.sessions.set(tokenHash, found.user, lastSeenAt, now.getTime());
    return found.user;
  }

  async logout(token: string | undefined): Promise<void> {
    if (!token) return;
    this.sessions.delete(hashToken(token));
    await q.deleteSession(this.store, hashToken(token));
  }
}

import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Config } from '../../config.js';
import { AppError } from '../../errors.js';
import type { Store } from '../../store/store.js';
import { sqlTimestamp } from '../../core/time.js';
import type { UserRecord } from '../../core/viewer.js';
import * as q from './auth.queries.js';
import { isUsablePasswordHash, verifyPassword } from './password.js';

// What user administration needs of passwords (modules/users): the hashing and the rules.
export { hashPassword, isUsablePasswordHash, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, NO_PASSWORD } from './password.js';

export const SESSION_COOKIE = 'ss_session';

/** SHA-256 of a secret token, as sessions and set-password links store it. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

// Keeps the cost of a login with an unknown email equal to one with a known email.
const DUMMY_HASH = 'scrypt$16384$8$1$c3BlbmRzY29wZS1kdW1teQ==$onvsBDYBg6mli/SDcRDjGN9HRzfzwlmUz/BgGTgv7Q0=';

/**
 * Session look-ups, read through for a minute. The database stays the source of truth;
 * the cache spares the statement on bursts of requests (a dashboard fires several at once). Past
 * `ttlMs` an entry is stale: for up to `staleMs` more it still answers while the session is read
 * again in the background (`AuthService.userForToken`), so an active user's requests never wait
 * for that read behind other users' statements. A logout, a disabled user or a changed role here
 * removes the entries at once (`delete`, `forgetUser`), and so does a change another process
 * announces (`clear`, docs/scale-out.md); a session ended in the database some other way is
 * seen within `ttlMs` plus one look-up.
 */
export class SessionCache {
  private readonly entries = new Map<string, { user: UserRecord; lastSeenAt: number; cachedAt: number }>();
  /** A counter that orders look-ups and forgets, so a look-up that began before a user was forgotten is not cached. */
  private clock = 0;
  private readonly forgotten = new Map<number, number>();
  private clearedAt = 0;

  /**
   * A minute by default, the grain of the sessions' idle timeout (their `last_seen_at` moves at most
   * once a minute). At 5 s, 200 users each read their session again every 5 s: 40 look-ups a second
   * queued with everyone's statements for DuckDB's 4 connections, and 1–5% of requests waited
   * seconds for theirs (docs/request-limits.md §4).
   */
  constructor(readonly ttlMs = 60_000, private readonly maxEntries = 10_000, readonly staleMs = ttlMs) {}

  /** A fresh entry (cached at most `ttlMs` ago), or null. */
  get(tokenHash: string, now: number) {
    const hit = this.entries.get(tokenHash);
    if (!hit || now - hit.cachedAt > this.ttlMs) return null;
    return hit;
  }

  /** Sessions being read again in the background, by token hash: one read per session at a time. */
  private readonly refreshing = new Set<string>();

  /**
   * Runs `read` in the background unless a read of this session already runs. A failed read (the
   * store closing, say) removes the entry, so the session's next request reads it itself.
   */
  refreshOnce(tokenHash: string, read: () => Promise<unknown>): void {
    if (this.refreshing.has(tokenHash)) return;
    this.refreshing.add(tokenHash);
    read()
      .catch(() => this.delete(tokenHash))
      .finally(() => this.refreshing.delete(tokenHash));
  }

  /** An entry past `ttlMs` but within `ttlMs + staleMs`: usable while it is read again. */
  stale(tokenHash: string, now: number) {
    const hit = this.entries.get(tokenHash);
    if (!hit || now - hit.cachedAt <= this.ttlMs || now - hit.cachedAt > this.ttlMs + this.staleMs) return null;
    return hit;
  }

  /** Marks the start of a database look-up; pass the mark to `set`. */
  begin(): number {
    return ++this.clock;
  }

  set(tokenHash: string, user: UserRecord, lastSeenAt: number, now: number, begunAt = Number.POSITIVE_INFINITY) {
    // The user was changed (disabled, new role or scope) after this look-up read them: do not keep what it read.
    if ((this.forgotten.get(user.id) ?? 0) > begunAt || this.clearedAt > begunAt) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(tokenHash, { user, lastSeenAt, cachedAt: now });
  }

  delete(tokenHash: string) {
    this.entries.delete(tokenHash);
  }

  /** Forgets every cached session of a user, so their next request reads their account again. */
  forgetUser(userId: number) {
    this.forgotten.set(userId, ++this.clock);
    for (const [tokenHash, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(tokenHash);
  }

  /** Forgets every cached session (another process changed some user or ended some session: docs/scale-out.md). */
  clear() {
    this.clearedAt = ++this.clock;
    this.entries.clear();
    this.forgotten.clear();
  }
}

/** The window of the per-address ceiling across accounts. */
const ADDRESS_WINDOW_MS = 15 * 60_000;

function parseTimestamp(value: string): number {
  return Date.parse(value.replace(' ', 'T') + 'Z');
}

function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

// One queue per database and key. The server is the only process on its DuckDB file, so an
// in-process queue is enough to make "count, then reserve" one step.
const queues = new WeakMap<Store, Map<string, Promise<void>>>();

/** Runs `work` after every earlier call with the same store and key has settled. */
function serializePerKey<T>(store: Store, key: string, work: () => Promise<T>): Promise<T> {
  let byKey = queues.get(store);
  if (!byKey) queues.set(store, (byKey = new Map()));
  const result = (byKey.get(key) ?? Promise.resolve()).then(work);
  const tail = result.then(() => undefined, () => undefined);
  byKey.set(key, tail);
  void tail.then(() => {
    if (byKey.get(key) === tail) byKey.delete(key);
  });
  return result;
}

export class AuthService {
  constructor(
    private readonly store: Store,
    private readonly config: Config,
    private readonly sessions: SessionCache = new SessionCache(0),
  ) {}

  /**
   * Checks credentials and returns a new session token. Sign-ins are throttled per (account,
   * address) with growing delays (docs/security.md): the attempt is reserved before the password is
   * checked, so parallel guesses cannot all pass the limit before any of them is recorded, and a
   * pair's failures never hold back the same account from another address.
   */
  async login(email: string, password: string, address: string): Promise<{ token: string; user: UserRecord }> {
    const attemptId = await this.reserveAttempt(email, address);
    const found = await q.findUserByEmail(this.store, email);
    // A user without a password yet costs the same scrypt time as anyone else, and never matches.
    const usable = found !== null && isUsablePasswordHash(found.passwordHash);
    const ok = (await verifyPassword(password, usable ? found.passwordHash : DUMMY_HASH)) && usable;
    if (!found || !ok || found.disabled) throw new AppError('UNAUTHENTICATED', 'Email or password is incorrect.');
    await q.markAttemptSucceeded(this.store, attemptId);
    const now = new Date();
    const token = randomBytes(32).toString('base64url');
    await q.insertSession(this.store, hashToken(token), found.user.id, sqlTimestamp(now));
    return { token, user: found.user };
  }

  /** The delay a pair must wait after its latest failure, or 0 while it still has free attempts. */
  loginDelaySeconds(failures: number): number {
    const { loginFreeFailures: free, loginDelayBaseSeconds: base, loginDelayMaxSeconds: max } = this.config;
    if (failures < free) return 0;
    return Math.min(max, base * 2 ** Math.min(failures - free, 30));
  }

  /**
   * Checks the limits and records this attempt (as a failure until it succeeds) in one step per
   * address: requests from the same address wait for each other here, so each sees every attempt
   * reserved before it. The wait covers a few short statements, not the password check, and
   * requests from other addresses never wait.
   */
  private reserveAttempt(email: string, address: string): Promise<string> {
    return serializePerKey(this.store, address, async () => {
      const now = new Date();
      const at = (ms: number) => sqlTimestamp(new Date(ms));
      const memorySince = at(now.getTime() - this.config.loginMemoryHours * 3_600_000);
      const pair = await q.pairFailures(this.store, email, address, memorySince);
      const delay = this.loginDelaySeconds(pair.failures);
      if (delay > 0 && pair.lastFailure) this.refuseUntil(parseTimestamp(pair.lastFailure) + delay * 1000, now);
      const perAddress = await q.addressFailures(this.store, address, at(now.getTime() - ADDRESS_WINDOW_MS), email, memorySince);
      if (perAddress.failures >= this.config.loginAddressCeiling && !perAddress.known && perAddress.oldest) {
        this.refuseUntil(parseTimestamp(perAddress.oldest) + ADDRESS_WINDOW_MS, now);
      }
      const attemptId = randomUUID();
      await q.reserveLoginAttempt(this.store, attemptId, email, address, sqlTimestamp(now));
      return attemptId;
    });
  }

  private refuseUntil(retryAt: number, now: Date) {
    if (retryAt <= now.getTime()) return;
    const retryAfterSeconds = Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000));
    throw new AppError('RATE_LIMITED', `Too many sign-in attempts. Try again in ${waitText(retryAfterSeconds)}.`, { retryAfterSeconds });
  }

  /** The user behind a session token, sliding the idle timeout forward. */
  async userForToken(token: string | undefined): Promise<UserRecord | null> {
    if (!token || token.length > 200) return null;
    const now = new Date();
    const tokenHash = hashToken(token);
    const idleMs = this.config.sessionIdleHours * 3_600_000;
    const cached = this.sessions.get(tokenHash, now.getTime());
    if (cached && now.getTime() - cached.lastSeenAt < idleMs) return cached.user;
    const stale = this.sessions.stale(tokenHash, now.getTime());
    if (stale && now.getTime() - stale.lastSeenAt < idleMs) {
      // Answered from the stale entry; the read goes on without the request.
      this.sessions.refreshOnce(tokenHash, () => this.lookUpSession(tokenHash, now));
      return stale.user;
    }
    return this.lookUpSession(tokenHash, now);
  }

  /** Reads a session from the database (touching it at most once a minute) and caches what it found. */
  private async lookUpSession(tokenHash: string, now: Date): Promise<UserRecord | null> {
    const idleSince = sqlTimestamp(new Date(now.getTime() - this.config.sessionIdleHours * 3_600_000));
    const begunAt = this.sessions.begin();
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
    this.sessions.set(tokenHash, found.user, lastSeenAt, now.getTime(), begunAt);
    return found.user;
  }

  /**
   * Deletes a user's sessions (disabled, password reset), inside the caller's transaction when
   * given one; the session of `keepToken` (an admin resetting their own password) stays. Call
   * `forgetCachedUser` after the transaction commits, so cached look-ups end too.
   */
  async deleteSessionsOf(userId: number, options: { keepToken?: string; tx?: Store } = {}): Promise<void> {
    await q.deleteUserSessions(options.tx ?? this.store, userId, options.keepToken ? hashToken(options.keepToken) : null);
  }

  /**
   * The user was changed (disabled, role, scope, password): their next request reads the account
   * again instead of a cached look-up, so a disabled user is UNAUTHENTICATED and a new scope
   * applies from their next request on.
   */
  forgetCachedUser(userId: number): void {
    this.sessions.forgetUser(userId);
  }

  /** An enabled user by id: whom work resumed without a request (an import job) runs as. */
  enabledUser(id: number): Promise<UserRecord | null> {
    return q.findEnabledUser(this.store, id);
  }

  async logout(token: string | undefined): Promise<void> {
    if (!token) return;
    this.sessions.delete(hashToken(token));
    await q.deleteSession(this.store, hashToken(token));
  }
}

import { sql } from '../../store/sql.js';
import type { Store } from '../../store/store.js';
import type { RoleName, UserRecord } from '../../core/viewer.js';
import { isUsablePasswordHash } from './password.js';

interface UserRow {
  id: number; email: string; name: string; role: string; password_hash: string;
  disabled_at: string | null; version: number; created_at: string; updated_at: string;
  [k: string]: string | number | boolean | null;
}

async function withScopes(store: Store, row: UserRow): Promise<UserRecord> {
  const scopes = await store.query<{ kind: string; ref_id: number }>(
    sql`SELECT kind, ref_id FROM user_scopes WHERE user_id = ${row.id} ORDER BY ref_id`,
    { name: 'auth.scopes' },
  );
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as RoleName,
    scopeCategoryIds: scopes.filter((s) => s.kind === 'CATEGORY').map((s) => s.ref_id),
    scopeBusinessUnitIds: scopes.filter((s) => s.kind === 'BUSINESS_UNIT').map((s) => s.ref_id),
    disabledAt: row.disabled_at,
    passwordSet: isUsablePasswordHash(row.password_hash),
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function findUserByEmail(store: Store, email: string) {
  const [row] = await store.query<UserRow>(
    sql`SELECT id, email, name, role, password_hash, disabled_at, version, created_at, updated_at FROM users WHERE lower(email) = ${email.toLowerCase()}`,
    { name: 'auth.userByEmail' },
  );
  return row ? { user: await withScopes(store, row), passwordHash: row.password_hash, disabled: row.disabled_at !== null } : null;
}

/** An enabled user by id, with their scopes; null when unknown or disabled. */
export async function findEnabledUser(store: Store, id: number): Promise<UserRecord | null> {
  const [row] = await store.query<UserRow>(
    sql`SELECT id, email, name, role, password_hash, disabled_at, version, created_at, updated_at FROM users WHERE id = ${id} AND disabled_at IS NULL`,
    { name: 'auth.userById' },
  );
  return row ? withScopes(store, row) : null;
}

/** The live session's user, or null when the token is unknown, idle too long, or the user is disabled. */
export async function findSessionUser(store: Store, tokenHash: string, idleSince: string) {
  // One statement per request for authentication: the user and their scope rows together.
  const rows = await store.query<UserRow & { last_seen_at: string; kind: string | null; ref_id: number | null }>(
    sql`SELECT u.id, u.email, u.name, u.role, u.password_hash, u.disabled_at, u.version, u.created_at, u.updated_at, s.last_seen_at, us.kind, us.ref_id
        FROM sessions s JOIN users u ON u.id = s.user_id LEFT JOIN user_scopes us ON us.user_id = u.id
        WHERE s.token_hash = ${tokenHash} AND s.last_seen_at > CAST(${idleSince} AS TIMESTAMP) AND u.disabled_at IS NULL
        ORDER BY us.ref_id`,
    { name: 'auth.sessionUser' },
  );
  if (!rows.length) return null;
  const [row] = rows;
  const refs = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => r.ref_id!);
  const user: UserRecord = {
    id: row.id, email: row.email, name: row.name, role: row.role as RoleName,
    scopeCategoryIds: refs('CATEGORY'), scopeBusinessUnitIds: refs('BUSINESS_UNIT'),
    disabledAt: row.disabled_at, passwordSet: isUsablePasswordHash(row.password_hash), version: row.version,
    createdAt: row.created_at, updatedAt: row.updated_at,
  };
  return { user, lastSeenAt: row.last_seen_at };
}

export function insertSession(store: Store, tokenHash: string, userId: number, now: string) {
  return store.execute(
    sql`INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at) VALUES (${tokenHash}, ${userId}, CAST(${now} AS TIMESTAMP), CAST(${now} AS TIMESTAMP))`,
    { name: 'auth.insertSession' },
  );
}

export function touchSession(store: Store, tokenHash: string, now: string) {
  return store.execute(
    sql`UPDATE sessions SET last_seen_at = CAST(${now} AS TIMESTAMP) WHERE token_hash = ${tokenHash}`,
    { name: 'auth.touchSession' },
  );
}

export function deleteSession(store: Store, tokenHash: string) {
  return store.execute(sql`DELETE FROM sessions WHERE token_hash = ${tokenHash}`, { name: 'auth.deleteSession' });
}

/** Deletes every session of a user but the one kept (the caller's own, when they change themselves); returns the deleted hashes. */
export async function deleteUserSessions(store: Store, userId: number, keepTokenHash: string | null) {
  const rows = await store.query<{ token_hash: string }>(
    sql`DELETE FROM sessions WHERE user_id = ${userId} ${keepTokenHash ? sql`AND token_hash <> ${keepTokenHash}` : sql``} RETURNING token_hash`,
    { name: 'auth.deleteUserSessions' },
  );
  return rows.map((r) => r.token_hash);
}

/**
 * Reserves one sign-in attempt for (email, address) before its password is checked. The row says
 * "failed" until `markAttemptSucceeded` says otherwise, so an attempt that never finishes still counts.
 */
export function reserveLoginAttempt(store: Store, attemptId: string, email: string, address: string, now: string) {
  return store.execute(
    sql`INSERT INTO login_attempts (attempted_at, email, address, succeeded, attempt_id)
        VALUES (CAST(${now} AS TIMESTAMP), ${email.toLowerCase()}, ${address}, false, ${attemptId})`,
    { name: 'auth.reserveAttempt' },
  );
}

export function markAttemptSucceeded(store: Store, attemptId: string) {
  return store.execute(sql`UPDATE login_attempts SET succeeded = true WHERE attempt_id = ${attemptId}`, { name: 'auth.attemptSucceeded' });
}

/**
 * Failed attempts of one (email, address) pair since `since` and since the pair's last successful
 * sign-in (a success clears the count), and when the latest of them was made.
 */
export async function pairFailures(store: Store, email: string, address: string, since: string) {
  const [row] = await store.query<{ failures: string; last_failure: string | null }>(
    sql`SELECT COUNT(*) AS failures, CAST(MAX(attempted_at) AS VARCHAR) AS last_failure
        FROM login_attempts
        WHERE email = ${email.toLowerCase()} AND address = ${address} AND NOT succeeded
          AND attempted_at > CAST(${since} AS TIMESTAMP)
          AND attempted_at > COALESCE(
            (SELECT MAX(attempted_at) FROM login_attempts WHERE email = ${email.toLowerCase()} AND address = ${address} AND succeeded),
            CAST(${since} AS TIMESTAMP))`,
    { name: 'auth.pairFailures' },
  );
  return { failures: Number(row.failures), lastFailure: row.last_failure };
}

/**
 * Failed attempts from one address across all accounts since `since` and the oldest of them, and
 * whether `email` has signed in successfully from that address since `knownSince`.
 */
export async function addressFailures(store: Store, address: string, since: string, email: string, knownSince: string) {
  const [row] = await store.query<{ failures: string; oldest: string | null; known: boolean }>(
    sql`SELECT COUNT(*) FILTER (WHERE NOT succeeded AND attempted_at > CAST(${since} AS TIMESTAMP)) AS failures,
               CAST(MIN(attempted_at) FILTER (WHERE NOT succeeded AND attempted_at > CAST(${since} AS TIMESTAMP)) AS VARCHAR) AS oldest,
               COALESCE(bool_or(succeeded AND email = ${email.toLowerCase()} AND attempted_at > CAST(${knownSince} AS TIMESTAMP)), false) AS known
        FROM login_attempts
        WHERE address = ${address} AND attempted_at > CAST(${since < knownSince ? since : knownSince} AS TIMESTAMP)`,
    { name: 'auth.addressFailures' },
  );
  return { failures: Number(row.failures), oldest: row.oldest, known: row.known === true };
}

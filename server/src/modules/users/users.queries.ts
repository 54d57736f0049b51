import { sql, type Sql } from '../../store/sql.js';
import type { Store } from '../../store/store.js';
import type { RoleName, UserRecord } from '../../core/viewer.js';
import { containsPattern } from '../../lib/search.js';

interface UserRow {
  id: number; email: string; name: string; role: string; password_set: boolean; disabled_at: string | null;
  version: number; created_at: string; updated_at: string;
  [k: string]: string | number | boolean | null;
}

// Never the hash itself: only whether there is a password (a real scrypt hash, not NO_PASSWORD).
const COLUMNS = sql`u.id, u.email, u.name, u.role, u.password_hash LIKE 'scrypt$%' AS password_set, CAST(u.disabled_at AS VARCHAR) AS disabled_at, u.version,
  CAST(u.created_at AS VARCHAR) AS created_at, CAST(u.updated_at AS VARCHAR) AS updated_at`;

/** Users with their scope rows (one more statement for all of them). */
async function withScopes(store: Store, rows: UserRow[]): Promise<UserRecord[]> {
  if (!rows.length) return [];
  const scopes = await store.query<{ user_id: number; kind: string; ref_id: number }>(
    sql`SELECT user_id, kind, ref_id FROM user_scopes WHERE user_id IN ${sql.list(rows.map((r) => r.id))} ORDER BY ref_id`,
    { name: 'users.scopes' },
  );
  return rows.map((r) => ({
    id: r.id, email: r.email, name: r.name, role: r.role as RoleName,
    scopeCategoryIds: scopes.filter((s) => s.user_id === r.id && s.kind === 'CATEGORY').map((s) => s.ref_id),
    scopeBusinessUnitIds: scopes.filter((s) => s.user_id === r.id && s.kind === 'BUSINESS_UNIT').map((s) => s.ref_id),
    disabledAt: r.disabled_at, passwordSet: r.password_set, version: r.version,
    createdAt: r.created_at, updatedAt: r.updated_at,
  }));
}

export interface UserListFilter {
  search: string | null;
  role: RoleName | null;
  status: 'ACTIVE' | 'DISABLED' | null;
}

function listWhere(f: UserListFilter): Sql {
  return sql.and([
    f.search ? sql`(lower(u.email) LIKE ${containsPattern(f.search)} ESCAPE '\\' OR lower(u.name) LIKE ${containsPattern(f.search)} ESCAPE '\\')` : sql``,
    f.role ? sql`u.role = ${f.role}` : sql``,
    f.status === 'ACTIVE' ? sql`u.disabled_at IS NULL` : f.status === 'DISABLED' ? sql`u.disabled_at IS NOT NULL` : sql``,
  ]);
}

/** One page of users by name (then id), and how many match in all. */
export async function listUsers(store: Store, f: UserListFilter, page: { offset: number; limit: number }) {
  const where = listWhere(f);
  const [count] = await store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM users u WHERE ${where}`, { name: 'users.count' });
  const rows = await store.query<UserRow>(
    sql`SELECT ${COLUMNS} FROM users u WHERE ${where} ORDER BY lower(u.name), u.id LIMIT ${page.limit} OFFSET ${page.offset}`,
    { name: 'users.list' },
  );
  return { totalCount: Number(count.n), nodes: await withScopes(store, rows) };
}

export async function findUser(store: Store, id: number): Promise<UserRecord | null> {
  const rows = await store.query<UserRow>(sql`SELECT ${COLUMNS} FROM users u WHERE u.id = ${id}`, { name: 'users.byId' });
  return (await withScopes(store, rows))[0] ?? null;
}

export async function findUsers(store: Store, ids: number[]): Promise<UserRecord[]> {
  if (!ids.length) return [];
  const rows = await store.query<UserRow>(sql`SELECT ${COLUMNS} FROM users u WHERE u.id IN ${sql.list(ids)}`, { name: 'users.byIds' });
  return withScopes(store, rows);
}

/** Whether another user already signs in with this address (case-insensitive). */
export async function emailTaken(store: Store, email: string, exceptId: number | null): Promise<boolean> {
  const rows = await store.query(
    sql`SELECT 1 AS taken FROM users WHERE lower(email) = ${email.toLowerCase()} ${exceptId === null ? sql`` : sql`AND id <> ${exceptId}`}`,
    { name: 'users.emailTaken' },
  );
  return rows.length > 0;
}

/** Admins who can act: enabled and with a password (docs/domain.md, users). */
export async function activeAdminIds(store: Store): Promise<number[]> {
  const rows = await store.query<{ id: number }>(
    sql`SELECT id FROM users WHERE role = 'ADMIN' AND disabled_at IS NULL AND password_hash LIKE 'scrypt$%' ORDER BY id`,
    { name: 'users.activeAdmins' },
  );
  return rows.map((r) => r.id);
}

export async function nextUserId(store: Store): Promise<number> {
  const [row] = await store.query<{ id: number }>(sql`SELECT CAST(COALESCE(MAX(id), 0) + 1 AS INTEGER) AS id FROM users`, { name: 'users.nextId' });
  return row.id;
}

export function insertUser(store: Store, u: { id: number; email: string; name: string; role: RoleName; passwordHash: string; now: string }) {
  return store.execute(
    sql`INSERT INTO users (id, email, name, role, password_hash, disabled_at, version, created_at, updated_at)
        VALUES (${u.id}, ${u.email}, ${u.name}, ${u.role}, ${u.passwordHash}, NULL, 1, CAST(${u.now} AS TIMESTAMP), CAST(${u.now} AS TIMESTAMP))`,
    { name: 'users.insert' },
  );
}

/**
 * Changes a user when `version` is still theirs; false when it was stale. Only the columns given
 * are written (the email only when it changes: DuckDB checks a unique key on every write of it).
 */
export async function updateUser(
  store: Store, id: number, version: number,
  change: { email?: string; name?: string; role?: RoleName; passwordHash?: string; disabledAt?: string | null; now: string },
): Promise<boolean> {
  const sets: Sql[] = [];
  if (change.email !== undefined) sets.push(sql`email = ${change.email}`);
  if (change.name !== undefined) sets.push(sql`name = ${change.name}`);
  if (change.role !== undefined) sets.push(sql`role = ${change.role}`);
  if (change.passwordHash !== undefined) sets.push(sql`password_hash = ${change.passwordHash}`);
  if (change.disabledAt !== undefined) sets.push(change.disabledAt === null ? sql`disabled_at = NULL` : sql`disabled_at = CAST(${change.disabledAt} AS TIMESTAMP)`);
  sets.push(sql`version = version + 1`, sql`updated_at = CAST(${change.now} AS TIMESTAMP)`);
  const rows = await store.query(
    sql`UPDATE users SET ${sql.join(sets)} WHERE id = ${id} AND version = ${version} RETURNING id`,
    { name: 'users.update' },
  );
  return rows.length === 1;
}

/** Replaces a user's scope rows with these. */
export async function replaceScopes(store: Store, userId: number, categoryIds: number[], businessUnitIds: number[]) {
  await store.execute(sql`DELETE FROM user_scopes WHERE user_id = ${userId}`, { name: 'users.clearScopes' });
  const rows = [...categoryIds.map((id) => sql`(${userId}, 'CATEGORY', ${id})`), ...businessUnitIds.map((id) => sql`(${userId}, 'BUSINESS_UNIT', ${id})`)];
  if (rows.length) await store.execute(sql`INSERT INTO user_scopes (user_id, kind, ref_id) VALUES ${sql.join(rows)}`, { name: 'users.insertScopes' });
}

/** Σ spend and lines under a scope condition, and of all lines. */
export async function coverage(store: Store, scope: Sql) {
  const [row] = await store.query<{ spend: string | null; lines: string; total: string | null; total_lines: string }>(
    sql`SELECT SUM(CASE WHEN ${scope} THEN s.amount_reporting END) AS spend, COUNT(CASE WHEN ${scope} THEN 1 END) AS lines,
               SUM(s.amount_reporting) AS total, COUNT(*) AS total_lines
        FROM spend_lines s`,
    { name: 'users.scopeCoverage' },
  );
  return row;
}

// Set-password links (docs/security.md).

export function insertPasswordToken(store: Store, t: { tokenHash: string; userId: number; createdBy: number; now: string; expiresAt: string }) {
  return store.execute(
    sql`INSERT INTO password_tokens (token_hash, user_id, created_by, created_at, expires_at)
        VALUES (${t.tokenHash}, ${t.userId}, ${t.createdBy}, CAST(${t.now} AS TIMESTAMP), CAST(${t.expiresAt} AS TIMESTAMP))`,
    { name: 'users.insertPasswordToken' },
  );
}

/** Revokes the user's links that are still open; returns how many. */
export async function revokePasswordTokens(store: Store, userId: number, now: string): Promise<number> {
  const rows = await store.query(
    sql`UPDATE password_tokens SET revoked_at = CAST(${now} AS TIMESTAMP)
        WHERE user_id = ${userId} AND used_at IS NULL AND revoked_at IS NULL RETURNING user_id`,
    { name: 'users.revokePasswordTokens' },
  );
  return rows.length;
}

/** The open link with this hash (not used, not revoked, not expired) of an enabled user, or null. */
export async function openPasswordToken(store: Store, tokenHash: string, now: string) {
  const [row] = await store.query<{ user_id: number; email: string; name: string; expires_at: string; version: number }>(
    sql`SELECT t.user_id, u.email, u.name, CAST(t.expires_at AS VARCHAR) AS expires_at, u.version
        FROM password_tokens t JOIN users u ON u.id = t.user_id
        WHERE t.token_hash = ${tokenHash} AND t.used_at IS NULL AND t.revoked_at IS NULL
          AND t.expires_at > CAST(${now} AS TIMESTAMP) AND u.disabled_at IS NULL`,
    { name: 'users.openPasswordToken' },
  );
  return row ?? null;
}

/** Marks a link used, only if it still is open: exactly one caller wins a race. */
export async function usePasswordToken(store: Store, tokenHash: string, now: string): Promise<boolean> {
  const rows = await store.query(
    sql`UPDATE password_tokens SET used_at = CAST(${now} AS TIMESTAMP)
        WHERE token_hash = ${tokenHash} AND used_at IS NULL AND revoked_at IS NULL AND expires_at > CAST(${now} AS TIMESTAMP)
        RETURNING user_id`,
    { name: 'users.usePasswordToken' },
  );
  return rows.length === 1;
}

import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/store/sql.js';
import { parseCsv } from './csv-parse.js';
import { categoryTree, centsToString, rawLines, sumCents, type RawLine } from './expected.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { startTestServer, type TestServer } from './harness.js';

/**
 * User administration (docs/domain.md, users; docs/security.md, set-password links), over HTTP
 * against a real server. Expectations come from the raw tables, never from the code under test.
 */

let server: TestServer;
let admin: GraphQLClient;
let lines: RawLine[];
let cats: Awaited<ReturnType<typeof categoryTree>>;

const PASSWORD = 'correct horse battery staple';
const USER_FIELDS = `id email name role version disabledAt passwordSet scope { categories { id } businessUnits { id } }`;
const CREATE = `mutation($i: CreateUserInput!) { createUser(input: $i) { user { ${USER_FIELDS} } setPasswordLink { path expiresAt } } }`;
const UPDATE = `mutation($id: ID!, $v: Int!, $i: UpdateUserInput!) { updateUser(id: $id, version: $v, input: $i) { ${USER_FIELDS} } }`;
const DISABLE = `mutation($id: ID!, $v: Int!) { disableUser(id: $id, version: $v) { ${USER_FIELDS} } }`;
const ENABLE = `mutation($id: ID!, $v: Int!) { enableUser(id: $id, version: $v) { ${USER_FIELDS} } }`;
const RESET = `mutation($id: ID!, $v: Int!, $p: String) { resetUserPassword(id: $id, version: $v, password: $p) { user { ${USER_FIELDS} } setPasswordLink { path expiresAt } } }`;
const SET_PASSWORD = `mutation($t: String!, $p: String!) { setPassword(token: $t, password: $p) }`;
const LINK_STATUS = `query($t: String!) { passwordLinkStatus(token: $t) { valid email expiresAt } }`;
// Any call that needs a session: categories are read by every role, within their scope.
const CATEGORIES = `{ categories { id } }`;

interface UserView {
  id: string; email: string; name: string; role: string; version: number; disabledAt: string | null; passwordSet: boolean;
  scope: { categories: { id: string }[]; businessUnits: { id: string }[] };
}
interface Created { createUser: { user: UserView; setPasswordLink: { path: string; expiresAt: string } | null } }

let counter = 0;
/** A fresh address per user, so tests do not depend on each other's accounts. */
const email = (label: string) => `${label}-${++counter}@example.test`;

async function create(input: Record<string, unknown>) {
  return (await admin.ok<Created>(CREATE, { i: input })).createUser;
}

async function versionOf(id: string): Promise<number> {
  const [row] = await server.store.query<{ version: number }>(sql`SELECT version FROM users WHERE id = ${Number(id)}`, { name: 't' });
  return row.version;
}

async function auditRows(entityId: string) {
  return server.store.query<{ user_id: number; action: string; before: string | null; after: string | null }>(
    sql`SELECT user_id, action, before, after FROM audit_events WHERE entity = 'User' AND entity_id = ${entityId} ORDER BY id`, { name: 't' },
  );
}

function tokenOf(path: string): string {
  const token = new URL(path, 'http://x').searchParams.get('token');
  expect(token).toBeTruthy();
  return token!;
}

beforeAll(async () => {
  server = await startTestServer({ lines: 10_000 });
  admin = await GraphQLClient.signedIn(server.url, DEMO.admin);
  lines = await rawLines(server.store);
  cats = await categoryTree(server.store);
});
afterAll(() => server?.close());

describe('only admins manage users (docs/domain.md, who sees what)', () => {
  const calls: Array<[string, string, Record<string, unknown>]> = [
    ['users', `{ users { totalCount } }`, {}],
    ['user', `{ user(id: "1") { id } }`, {}],
    ['scopeCoverage', `{ scopeCoverage(role: ANALYST) { spend } }`, {}],
    ['auditEvents', `{ auditEvents { totalCount } }`, {}],
    ['auditLogOptions', `{ auditLogOptions { actions } }`, {}],
    ['createUser', CREATE, { i: { email: 'nope@example.test', name: 'Nope', role: 'ANALYST', password: PASSWORD } }],
    ['updateUser', UPDATE, { id: '1', v: 1, i: { name: 'Nope' } }],
    ['disableUser', DISABLE, { id: '1', v: 1 }],
    ['enableUser', ENABLE, { id: '1', v: 1 }],
    ['resetUserPassword', RESET, { id: '1', v: 1, p: null }],
  ];

  it.each(['finance', 'catman', 'analyst', 'viewer'] as const)('%s is FORBIDDEN every user and audit call, and nothing changes', async (role) => {
    const client = await GraphQLClient.signedIn(server.url, DEMO[role]);
    // Every column but updated_at.
    const users = async () => (await server.store.query(sql`SELECT * FROM users ORDER BY id`, { name: 't' })).map(({ updated_at: _, ...rest }) => rest);
    const before = await users();
    for (const [name, op, vars] of calls) expect((await client.errorCode(op, vars)).code, name).toBe('FORBIDDEN');
    expect(await users()).toEqual(before);
    const audit = await fetch(`${server.url}/api/audit/export`, { headers: { cookie: client.sessionCookie } });
    expect(audit.status).toBe(403);
    expect(((await audit.json()) as { errors: { extensions: { code: string } }[] }).errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('without a session they are UNAUTHENTICATED', async () => {
    const anonymous = new GraphQLClient(server.url);
    for (const [name, op, vars] of calls) expect((await anonymous.errorCode(op, vars)).code, name).toBe('UNAUTHENTICATED');
  });
});

describe('creating users', () => {
  it('with an initial password: the user signs in with it, in their role and scope', async () => {
    const category = cats.rows.find((c) => c.level === 1)!;
    const address = email('catman');
    const { user, setPasswordLink } = await create({ email: address.toUpperCase(), name: '  Carla   Manager ', role: 'CATEGORY_MANAGER', categoryIds: [String(category.id)], password: PASSWORD });
    expect(setPasswordLink).toBeNull();
    expect(user).toMatchObject({ email: address, name: 'Carla Manager', role: 'CATEGORY_MANAGER', version: 1, disabledAt: null, passwordSet: true });
    expect(user.scope.categories).toEqual([{ id: String(category.id) }]);
    const [row] = await server.store.query<{ password_hash: string }>(sql`SELECT password_hash FROM users WHERE id = ${Number(user.id)}`, { name: 't' });
    expect(row.password_hash.startsWith('scrypt$')).toBe(true);
    expect(row.password_hash).not.toContain(PASSWORD);
    const carla = await GraphQLClient.signedIn(server.url, address, PASSWORD);
    expect((await carla.ok<{ me: { role: string } }>(`{ me { role } }`)).me.role).toBe('CATEGORY_MANAGER');
    const seen = (await carla.ok<{ categories: { id: string }[] }>(CATEGORIES)).categories.map((c) => Number(c.id)).sort((a, b) => a - b);
    expect(seen).toEqual(cats.rows.filter((c) => cats.isWithin(c.id, new Set([category.id]))).map((c) => c.id).sort((a, b) => a - b));
    // Audited with the fields, never the password or its hash.
    const [event] = await auditRows(user.id);
    expect(event).toMatchObject({ user_id: 1, action: 'user.create', before: null });
    expect(JSON.parse(event.after!)).toEqual({ email: address, name: 'Carla Manager', role: 'CATEGORY_MANAGER', categories: [await codeOf(category.id)], businessUnits: [], disabled: false, password: 'set' });
  });

  it('checks the email, the name, the password and the scope', async () => {
    const base = { email: email('check'), name: 'Check', role: 'ANALYST', password: PASSWORD };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ email: 'not an email' }, 'BAD_USER_INPUT', 'input.email'],
      [{ email: 'a@b' }, 'BAD_USER_INPUT', 'input.email'],
      [{ email: DEMO.finance.toUpperCase() }, 'CONFLICT', 'input.email'],
      [{ name: '   ' }, 'BAD_USER_INPUT', 'input.name'],
      [{ password: '12345678901' }, 'BAD_USER_INPUT', 'input.password'],
      [{ role: 'CATEGORY_MANAGER' }, 'BAD_USER_INPUT', 'input.categoryIds'],
      [{ role: 'VIEWER' }, 'BAD_USER_INPUT', 'input.businessUnitIds'],
      [{ role: 'ANALYST', categoryIds: [String(cats.rows[0].id)] }, 'BAD_USER_INPUT', 'input.categoryIds'],
    ];
    for (const [change, code, field] of cases) {
      const error = await admin.errorCode(CREATE, { i: { ...base, ...change } });
      expect({ code: error.code, field: error.extensions.field }, JSON.stringify(change)).toEqual({ code, field });
    }
    const unknown = await admin.errorCode(CREATE, { i: { ...base, role: 'CATEGORY_MANAGER', categoryIds: ['99999999'] } });
    expect({ code: unknown.code, field: unknown.extensions.field }).toEqual({ code: 'NOT_FOUND', field: 'input.categoryIds' });
    // Twelve characters is enough; nothing above was created.
    expect((await create({ ...base, password: '123456789012' })).user.passwordSet).toBe(true);
    const [{ n }] = await server.store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM users WHERE email LIKE 'check-%'`, { name: 't' });
    expect(Number(n)).toBe(1);
  });
});

describe('set-password links (docs/security.md)', () => {
  it('work once, signed out, for the user they were made for; only a hash is stored', async () => {
    const address = email('linked');
    const { user, setPasswordLink } = await create({ email: address, name: 'Linda Link', role: 'ANALYST' });
    expect(user.passwordSet).toBe(false);
    const token = tokenOf(setPasswordLink!.path);
    expect(setPasswordLink!.path).toBe(`/set-password?token=${token}`);
    const hours = (Date.parse(setPasswordLink!.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    // Stored as its SHA-256 only; neither the token nor the hash reaches the audit log.
    const stored = await server.store.query<{ token_hash: string }>(sql`SELECT token_hash FROM password_tokens WHERE user_id = ${Number(user.id)}`, { name: 't' });
    expect(stored).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }]);
    const audit = JSON.stringify(await server.store.query(sql`SELECT * FROM audit_events`, { name: 't' }));
    expect(audit).not.toContain(token);
    expect(audit).not.toContain(stored[0].token_hash);

    // No password yet: signing in fails like a wrong password.
    const anonymous = new GraphQLClient(server.url);
    expect((await anonymous.errorCode(`mutation($e: String!, $p: String!) { login(email: $e, password: $p) { user { id } } }`, { e: address, p: PASSWORD })).code).toBe('UNAUTHENTICATED');
    expect((await anonymous.ok<{ passwordLinkStatus: unknown }>(LINK_STATUS, { t: token })).passwordLinkStatus).toEqual({ valid: true, email: address, expiresAt: setPasswordLink!.expiresAt });
    expect((await anonymous.errorCode(SET_PASSWORD, { t: token, p: 'too short' })).extensions.field).toBe('password');
    expect((await anonymous.ok<{ setPassword: boolean }>(SET_PASSWORD, { t: token, p: PASSWORD })).setPassword).toBe(true);
    const linda = await GraphQLClient.signedIn(server.url, address, PASSWORD);
    expect((await linda.ok<{ me: { email: string; passwordSet: boolean } }>(`{ me { email passwordSet } }`)).me).toEqual({ email: address, passwordSet: true });

    // Used up: a second use and the status say so.
    const again = await anonymous.errorCode(SET_PASSWORD, { t: token, p: 'another long password' });
    expect({ code: again.code, field: again.extensions.field }).toEqual({ code: 'BAD_USER_INPUT', field: 'token' });
    expect((await anonymous.ok<{ passwordLinkStatus: unknown }>(LINK_STATUS, { t: token })).passwordLinkStatus).toEqual({ valid: false, email: null, expiresAt: null });
    await GraphQLClient.signedIn(server.url, address, PASSWORD); // the password set first still works
    const events = await auditRows(user.id);
    expect(events.map((e) => [e.user_id, e.action])).toEqual([[1, 'user.create'], [Number(user.id), 'user.setPassword']]);
  });

  it('expire, and a newer link revokes the older one', async () => {
    const { user, setPasswordLink } = await create({ email: email('expiring'), name: 'Ernie Expiry', role: 'FINANCE' });
    const first = tokenOf(setPasswordLink!.path);
    const reset = (await admin.ok<{ resetUserPassword: Created['createUser'] }>(RESET, { id: user.id, v: await versionOf(user.id), p: null })).resetUserPassword;
    const second = tokenOf(reset.setPasswordLink!.path);
    const anonymous = new GraphQLClient(server.url);
    expect((await anonymous.errorCode(SET_PASSWORD, { t: first, p: PASSWORD })).extensions.field).toBe('token');
    // Time passes: the link's expiry is moved into the past in the table.
    await server.store.execute(sql`UPDATE password_tokens SET expires_at = CAST('2020-01-01' AS TIMESTAMP) WHERE token_hash = ${createHash('sha256').update(second).digest('hex')}`, { name: 't' });
    expect((await anonymous.ok<{ passwordLinkStatus: { valid: boolean } }>(LINK_STATUS, { t: second })).passwordLinkStatus.valid).toBe(false);
    const expired = await anonymous.errorCode(SET_PASSWORD, { t: second, p: PASSWORD });
    expect({ code: expired.code, field: expired.extensions.field, message: expired.message }).toEqual({
      code: 'BAD_USER_INPUT', field: 'token', message: 'This link has expired or has already been used. Ask an admin for a new one.',
    });
    expect((await anonymous.errorCode(SET_PASSWORD, { t: 'made-up', p: PASSWORD })).extensions.field).toBe('token');
  });

  it('a reset with a password sets it and ends the user’s sessions; a reset by link clears the password', async () => {
    const address = email('reset');
    const { user } = await create({ email: address, name: 'Rita Reset', role: 'ANALYST', password: PASSWORD });
    const rita = await GraphQLClient.signedIn(server.url, address, PASSWORD);
    await rita.ok(CATEGORIES);
    const set = (await admin.ok<{ resetUserPassword: Created['createUser'] }>(RESET, { id: user.id, v: await versionOf(user.id), p: 'a brand new password' })).resetUserPassword;
    expect(set.setPasswordLink).toBeNull();
    expect((await rita.errorCode(CATEGORIES)).code).toBe('UNAUTHENTICATED');
    const again = await GraphQLClient.signedIn(server.url, address, 'a brand new password');
    const link = (await admin.ok<{ resetUserPassword: Created['createUser'] }>(RESET, { id: user.id, v: await versionOf(user.id), p: null })).resetUserPassword;
    expect(link.user.passwordSet).toBe(false);
    expect((await again.errorCode(CATEGORIES)).code).toBe('UNAUTHENTICATED');
    expect((await new GraphQLClient(server.url).errorCode(`mutation($e: String!, $p: String!) { login(email: $e, password: $p) { user { id } } }`, { e: address, p: 'a brand new password' })).code).toBe('UNAUTHENTICATED');
    const events = (await auditRows(user.id)).filter((e) => e.action === 'user.resetPassword');
    expect(events.map((e) => JSON.parse(e.after!).password)).toEqual(['set by an admin', 'not set']);
  });
});

describe('disabling', () => {
  it('ends the user’s sessions at once: the next call with their cookie is UNAUTHENTICATED, even one cached a moment ago', async () => {
    const address = email('disabled');
    const { user } = await create({ email: address, name: 'Dora Disabled', role: 'ANALYST', password: PASSWORD });
    const dora = await GraphQLClient.signedIn(server.url, address, PASSWORD);
    const otherDevice = await GraphQLClient.signedIn(server.url, address, PASSWORD);
    // Both sessions were just looked up, so the server holds them in its session cache.
    await dora.ok(CATEGORIES);
    await otherDevice.ok(CATEGORIES);
    const disabled = (await admin.ok<{ disableUser: UserView }>(DISABLE, { id: user.id, v: await versionOf(user.id) })).disableUser;
    expect(disabled.disabledAt).not.toBeNull();
    expect((await dora.errorCode(CATEGORIES)).code).toBe('UNAUTHENTICATED');
    expect((await otherDevice.errorCode(CATEGORIES)).code).toBe('UNAUTHENTICATED');
    const [{ n }] = await server.store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM sessions WHERE user_id = ${Number(user.id)}`, { name: 't' });
    expect(Number(n)).toBe(0);
    const login = `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { user { id } } }`;
    expect((await new GraphQLClient(server.url).errorCode(login, { e: address, p: PASSWORD })).code).toBe('UNAUTHENTICATED');
    // Disabling twice is not a transition; enabling lets them sign in again.
    expect((await admin.errorCode(DISABLE, { id: user.id, v: await versionOf(user.id) })).code).toBe('INVALID_STATE');
    await admin.ok(ENABLE, { id: user.id, v: await versionOf(user.id) });
    expect((await admin.errorCode(ENABLE, { id: user.id, v: await versionOf(user.id) })).code).toBe('INVALID_STATE');
    await (await GraphQLClient.signedIn(server.url, address, PASSWORD)).ok(CATEGORIES);
    const events = await auditRows(user.id);
    expect(events.map((e) => e.action)).toEqual(['user.create', 'user.disable', 'user.enable']);
    expect([JSON.parse(events[1].before!).disabled, JSON.parse(events[1].after!).disabled]).toEqual([false, true]);
  });

  it('refuses a stale version with CONFLICT', async () => {
    const { user } = await create({ email: email('stale'), name: 'Stan Stale', role: 'ANALYST', password: PASSWORD });
    await admin.ok(UPDATE, { id: user.id, v: user.version, i: { name: 'Stan Fresh' } });
    const stale = await admin.errorCode(DISABLE, { id: user.id, v: user.version });
    expect({ code: stale.code, field: stale.extensions.field }).toEqual({ code: 'CONFLICT', field: 'version' });
    expect((await admin.errorCode(UPDATE, { id: '99999999', v: 1, i: { name: 'x' } })).code).toBe('NOT_FOUND');
  });
});

describe('role and scope changes', () => {
  /** Σ spend and lines a category manager with these roots sees, from raw rows. */
  const expectedFor = (roots: number[]) => {
    const seen = lines.filter((l) => l.categoryId !== null && cats.isWithin(l.categoryId, new Set(roots)));
    return { totalSpend: centsToString(sumCents(seen)), lineCount: seen.length };
  };

  it('take effect on the user’s next request', async () => {
    const [a, b] = cats.rows.filter((c) => c.level === 1);
    const address = email('scoped');
    const { user } = await create({ email: address, name: 'Sam Scoped', role: 'CATEGORY_MANAGER', categoryIds: [String(a.id)], password: PASSWORD });
    const sam = await GraphQLClient.signedIn(server.url, address, PASSWORD);
    // The summary's default period is all data: compare with every line of the scope.
    const [range] = await server.store.query<{ lo: string; hi: string }>(sql`SELECT CAST(MIN(invoice_date) AS VARCHAR) AS lo, CAST(MAX(invoice_date) AS VARCHAR) AS hi FROM spend_lines`, { name: 't' });
    const summary = `{ spendSummary(filter: { dateFrom: "${range.lo}", dateTo: "${range.hi}" }) { totalSpend lineCount } }`;
    expect((await sam.ok<{ spendSummary: unknown }>(summary)).spendSummary).toEqual(expectedFor([a.id]));

    // The coverage preview says the same before saving.
    const coverage = (await admin.ok<{ scopeCoverage: { spend: string; lineCount: number; totalSpend: string; totalLineCount: number } }>(
      `query($c: [ID!]) { scopeCoverage(role: CATEGORY_MANAGER, categoryIds: $c) { spend lineCount totalSpend totalLineCount share } }`, { c: [String(b.id)] },
    )).scopeCoverage;
    expect({ totalSpend: coverage.spend, lineCount: coverage.lineCount }).toEqual(expectedFor([b.id]));
    expect({ totalSpend: coverage.totalSpend, lineCount: coverage.totalLineCount }).toEqual({ totalSpend: centsToString(sumCents(lines)), lineCount: lines.length });

    await sam.ok(CATEGORIES); // cached now
    await admin.ok(UPDATE, { id: user.id, v: await versionOf(user.id), i: { categoryIds: [String(b.id)] } });
    expect((await sam.ok<{ spendSummary: unknown }>(summary)).spendSummary).toEqual(expectedFor([b.id]));
    await admin.ok(UPDATE, { id: user.id, v: await versionOf(user.id), i: { role: 'ANALYST' } });
    expect((await sam.ok<{ spendSummary: unknown }>(summary)).spendSummary).toEqual({ totalSpend: centsToString(sumCents(lines)), lineCount: lines.length });
    // The analyst keeps no category scope; the audit shows each change field by field.
    const [row] = await server.store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM user_scopes WHERE user_id = ${Number(user.id)}`, { name: 't' });
    expect(Number(row.n)).toBe(0);
    const changes = (await admin.ok<{ auditEvents: { nodes: { action: string; changes: { field: string; kind: string; before: string | null; after: string | null }[] }[] } }>(
      `query($f: AuditEventFilter) { auditEvents(filter: $f) { nodes { action changes { field kind before after } } } }`, { f: { entity: 'User', entityId: user.id, action: 'user.update' } },
    )).auditEvents.nodes.map((n) => n.changes);
    // Newest first: the role change (which drops the category scope), then the scope change.
    expect(changes).toEqual([
      [{ field: 'role', kind: 'CHANGED', before: 'CATEGORY_MANAGER', after: 'ANALYST' }, { field: 'categories', kind: 'CHANGED', before: await codeOf(b.id), after: '(none)' }],
      [{ field: 'categories', kind: 'CHANGED', before: await codeOf(a.id), after: await codeOf(b.id) }],
    ]);
  });
});

async function codeOf(id: number): Promise<string> {
  const [row] = await server.store.query<{ code: string }>(sql`SELECT code FROM categories WHERE id = ${id}`, { name: 't' });
  return row.code;
}

describe('the self and last-admin guards', () => {
  it('keep at least one active admin, and keep an admin from disabling or demoting themselves', async () => {
    const me = (await admin.ok<{ me: { id: string } }>(`{ me { id } }`)).me.id;
    // The demo's admin is the only one: disabling or demoting them is INVALID_STATE, whoever asks.
    const last = await admin.errorCode(DISABLE, { id: me, v: await versionOf(me) });
    expect(last).toMatchObject({ code: 'INVALID_STATE', message: 'Ada Admin is the last active admin and cannot be disabled. Make another user an admin first.' });
    expect((await admin.errorCode(UPDATE, { id: me, v: await versionOf(me), i: { role: 'FINANCE' } })).code).toBe('INVALID_STATE');
    expect((await admin.errorCode(RESET, { id: me, v: await versionOf(me), p: null })).code).toBe('INVALID_STATE');

    // A second admin who has not set a password yet is not active: still the last one.
    const pending = await create({ email: email('pending-admin'), name: 'Pat Pending', role: 'ADMIN' });
    expect((await admin.errorCode(DISABLE, { id: me, v: await versionOf(me) })).code).toBe('INVALID_STATE');

    // With a second active admin, doing it to yourself is FORBIDDEN, to the other allowed.
    const second = await create({ email: email('second-admin'), name: 'Sol Second', role: 'ADMIN', password: PASSWORD });
    const sol = await GraphQLClient.signedIn(server.url, second.user.email, PASSWORD);
    const self = await admin.errorCode(DISABLE, { id: me, v: await versionOf(me) });
    expect(self).toMatchObject({ code: 'FORBIDDEN', message: 'You cannot disable your own account. Another admin can do it.' });
    expect((await admin.errorCode(UPDATE, { id: me, v: await versionOf(me), i: { role: 'ANALYST' } })).code).toBe('FORBIDDEN');
    expect((await sol.errorCode(UPDATE, { id: second.user.id, v: await versionOf(second.user.id), i: { role: 'ANALYST' } })).code).toBe('FORBIDDEN');
    // Their own name is theirs to change.
    await admin.ok(UPDATE, { id: me, v: await versionOf(me), i: { name: 'Ada Admin' } });

    // Both try to disable the other at once: exactly one wins, one active admin is left.
    const results = await Promise.all([
      admin.request(DISABLE, { id: second.user.id, v: await versionOf(second.user.id) }),
      sol.request(DISABLE, { id: me, v: await versionOf(me) }),
    ]);
    const outcomes = results.map((r) => (r.errors ? String(r.errors[0].extensions?.code) : 'OK')).sort();
    expect(outcomes[1]).toBe('OK');
    expect(['INVALID_STATE', 'UNAUTHENTICATED']).toContain(outcomes[0]);
    const active = await server.store.query<{ id: number }>(sql`SELECT id FROM users WHERE role = 'ADMIN' AND disabled_at IS NULL AND password_hash LIKE 'scrypt$%'`, { name: 't' });
    expect(active).toHaveLength(1);

    // Put things back: whoever is left enables the other (the demo admin stays usable for the next tests).
    const winner = active[0].id === Number(me) ? admin : sol;
    const loser = active[0].id === Number(me) ? second.user.id : me;
    await winner.ok(ENABLE, { id: loser, v: await versionOf(loser) });
    if (winner === sol) admin = await GraphQLClient.signedIn(server.url, DEMO.admin);
    await admin.ok(DISABLE, { id: second.user.id, v: await versionOf(second.user.id) });
    await admin.ok(DISABLE, { id: pending.user.id, v: await versionOf(pending.user.id) });
  });
});

describe('the audit log', () => {
  type Page = { auditEvents: { totalCount: number; nodes: { id: string; action: string; entity: string; userId: string | null }[] } };
  const LIST = `query($f: AuditEventFilter, $p: PageInput) { auditEvents(filter: $f, page: $p) { totalCount pageInfo { hasNextPage } nodes { id action entity userId } } }`;

  async function expectedIds(where: ReturnType<typeof sql>) {
    return (await server.store.query<{ id: string }>(sql`SELECT CAST(id AS VARCHAR) AS id FROM audit_events WHERE ${where} ORDER BY occurred_at DESC, id DESC`, { name: 't' })).map((r) => r.id);
  }

  it('pages newest first and filters by user, action, entity and dates, as the raw table says', async () => {
    const all = await expectedIds(sql`TRUE`);
    expect(all.length).toBeGreaterThan(20);
    const paged: string[] = [];
    for (let offset = 0; offset < all.length; offset += 7) {
      const page = (await admin.ok<Page>(LIST, { p: { offset, limit: 7 } })).auditEvents;
      expect(page.totalCount).toBe(all.length);
      paged.push(...page.nodes.map((n) => n.id));
    }
    expect(paged).toEqual(all);

    const user = await server.store.query<{ user_id: number }>(sql`SELECT user_id FROM audit_events WHERE user_id <> 1 LIMIT 1`, { name: 't' });
    const [today] = await server.store.query<{ d: string }>(sql`SELECT CAST(CAST(MAX(occurred_at) AS DATE) AS VARCHAR) AS d FROM audit_events`, { name: 't' });
    const cases: Array<[Record<string, unknown>, ReturnType<typeof sql>]> = [
      [{ userId: String(user[0].user_id) }, sql`user_id = ${user[0].user_id}`],
      [{ action: 'user.create' }, sql`action = 'user.create'`],
      [{ entity: 'User', action: 'user.disable' }, sql`entity = 'User' AND action = 'user.disable'`],
      [{ dateFrom: today.d, dateTo: today.d }, sql`CAST(occurred_at AS DATE) = CAST(${today.d} AS DATE)`],
      [{ dateTo: '2000-01-01' }, sql`FALSE`],
    ];
    for (const [filter, where] of cases) {
      const expected = await expectedIds(where);
      const page = (await admin.ok<Page>(LIST, { f: filter, p: { limit: 500 } })).auditEvents;
      expect({ total: page.totalCount, ids: page.nodes.map((n) => n.id) }, JSON.stringify(filter)).toEqual({ total: expected.length, ids: expected });
    }
    const bad = await admin.errorCode(LIST, { f: { dateFrom: '2026-02-01', dateTo: '2026-01-01' } });
    expect({ code: bad.code, field: bad.extensions.field }).toEqual({ code: 'BAD_USER_INPUT', field: 'filter.dateTo' });
    const options = (await admin.ok<{ auditLogOptions: { actions: string[]; entities: string[] } }>(`{ auditLogOptions { actions entities } }`)).auditLogOptions;
    const distinct = (column: 'action' | 'entity') => server.store.query<{ v: string }>(sql`SELECT DISTINCT ${column === 'action' ? sql`action` : sql`entity`} AS v FROM audit_events ORDER BY v`, { name: 't' });
    expect(options).toEqual({ actions: (await distinct('action')).map((r) => r.v), entities: (await distinct('entity')).map((r) => r.v) });
  });

  it('exports the filtered log as CSV, every row, with text that would run as a formula neutralised', async () => {
    // An admin whose name a spreadsheet would run as a formula makes a change: their name is the User cell.
    const formula = '=HYPERLINK("http://evil.test","x")';
    const { user } = await create({ email: email('formula'), name: formula, role: 'ADMIN', password: PASSWORD });
    const evil = await GraphQLClient.signedIn(server.url, user.email, PASSWORD);
    const target = await create({ email: email('renamed'), name: 'Before Rename', role: 'ANALYST', password: PASSWORD });
    await evil.ok(UPDATE, { id: target.user.id, v: await versionOf(target.user.id), i: { name: '+1 After Rename' } });

    const filter = { entity: 'User' };
    const res = await fetch(`${server.url}/api/audit/export?filter=${encodeURIComponent(JSON.stringify(filter))}`, { headers: { cookie: admin.sessionCookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="spendscope-audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parseCsv(await res.text()).filter((r) => r.length > 1);
    expect(rows[0]).toEqual(['Time (UTC)', 'User', 'Email', 'Action', 'Entity', 'Entity id', 'Changes', 'Before (JSON)', 'After (JSON)']);
    const raw = await server.store.query<{ at: string; action: string; entity_id: string; name: string | null; email: string | null; before: string | null; after: string | null }>(
      sql`SELECT CAST(e.occurred_at AS VARCHAR) AS at, e.action, e.entity_id, u.name, u.email, e.before, e.after FROM audit_events e LEFT JOIN users u ON u.id = e.user_id
          WHERE e.entity = 'User' ORDER BY e.occurred_at DESC, e.id DESC`, { name: 't' },
    );
    const body = rows.slice(1);
    expect(body.length).toBe(raw.length);
    const unformula = (text: string) => (/^[=+\-@]/.test(text) ? `'${text}` : text);
    expect(body.map((r) => [r[1], r[2], r[3], r[4], r[5], r[7], r[8]])).toEqual(
      raw.map((r) => [unformula(r.name ?? ''), r.email ?? '', r.action, 'User', r.entity_id, r.before ?? '', r.after ?? '']),
    );
    // Times are UTC to the millisecond.
    expect(body.map((r) => Date.parse(r[0]))).toEqual(raw.map((r) => Math.floor(Date.parse(`${r.at.replace(' ', 'T').slice(0, 23)}Z`))));
    const renamed = body.find((r) => r[3] === 'user.update' && r[5] === target.user.id)!;
    expect(renamed[1]).toBe(`'${formula}`);
    expect(renamed[6]).toBe('name: Before Rename → +1 After Rename');
    for (const row of body) for (const cell of row) expect(cell, row.join(' | ')).not.toMatch(/^[=+\-@]/);
    expect((await fetch(`${server.url}/api/audit/export?format=xlsx`, { headers: { cookie: admin.sessionCookie } })).status).toBe(400);
    const badFilter = await fetch(`${server.url}/api/audit/export?filter=${encodeURIComponent('{"dateFrom":"yesterday"}')}`, { headers: { cookie: admin.sessionCookie } });
    expect(badFilter.status).toBe(400);
  });

  it('never holds a password, a hash or a token', async () => {
    const text = JSON.stringify(await server.store.query(sql`SELECT * FROM audit_events`, { name: 't' }));
    expect(text).not.toContain('scrypt$');
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toMatch(/token=/);
  });
});

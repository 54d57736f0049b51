import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/store/sql.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { startTestServer, type TestServer } from './harness.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ lines: 10_000 });
});
afterAll(() => server?.close());

/** A fingerprint of every table the API could touch, to prove a request changed nothing. */
async function fingerprint() {
  const [row] = await server.store.query(
    sql`SELECT (SELECT COUNT(*) FROM spend_lines) AS lines, (SELECT SUM(amount_reporting) FROM spend_lines) AS total,
               (SELECT COUNT(*) FROM suppliers) AS suppliers, (SELECT COUNT(*) FROM users) AS users,
               (SELECT COUNT(*) FROM contracts) AS contracts, (SELECT COUNT(*) FROM categories) AS categories,
               (SELECT string_agg(email || role, ',' ORDER BY id) FROM users) AS user_list`,
    { name: 'test.fingerprint' },
  );
  return row;
}

describe('authentication and sessions', () => {
  it('answers UNAUTHENTICATED without a session and null for me', async () => {
    const anonymous = new GraphQLClient(server.url);
    expect((await anonymous.errorCode(`{ spendSummary { totalSpend } }`)).code).toBe('UNAUTHENTICATED');
    expect(await anonymous.ok(`{ me { id } }`)).toEqual({ me: null });
  });

  it('sets an httpOnly SameSite session cookie that is stored in the database, and logout ends it', async () => {
    const client = new GraphQLClient(server.url);
    const res = await client.request(`mutation { login(email: "${DEMO.analyst}", password: "spendscope-demo") { user { email role } } }`);
    expect(res.data).toEqual({ login: { user: { email: DEMO.analyst, role: 'ANALYST' } } });
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const token = client.sessionCookie.split('=')[1];
    const [{ n }] = await server.store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM sessions`, { name: 't' });
    expect(Number(n)).toBeGreaterThan(0);
    const stored = await server.store.query(sql`SELECT token_hash FROM sessions WHERE token_hash = ${token}`, { name: 't' });
    expect(stored, 'the raw token must not be stored').toHaveLength(0);
    expect(await client.ok(`{ me { email } }`)).toEqual({ me: { email: DEMO.analyst } });
    // Each request of a valid session sends the cookie again with a full idle period, so the
    // browser keeps it as long as the server does (the idle timeout slides; sign-in is no deadline).
    const renewed = (await client.request(`{ me { email } }`)).headers.get('set-cookie') ?? '';
    expect(renewed).toContain(`${client.sessionCookie};`);
    expect(renewed, 'a full idle period: 8 hours by default').toMatch(/Max-Age=28800(;|$)/i);
    expect(renewed).toMatch(/HttpOnly/i);
    expect((await new GraphQLClient(server.url).request(`{ me { email } }`)).headers.get('set-cookie'), 'no session, no cookie').toBeNull();

    const replay = new GraphQLClient(server.url);
    (replay as unknown as { cookie: string }).cookie = client.sessionCookie;
    const logout = await client.request(`mutation { logout }`);
    // One answer, one word on the cookie: cleared, not renewed and then cleared.
    expect(logout.headers.getSetCookie().filter((c) => c.startsWith('ss_session='))).toEqual([expect.stringMatching(/^ss_session=;/)]);
    expect(client.sessionCookie).toBe('');
    expect((await replay.errorCode(`{ dataRange { maxDate } }`)).code).toBe('UNAUTHENTICATED');
    expect((await replay.request(`{ me { email } }`)).headers.get('set-cookie'), 'an ended session is not renewed').toBeNull();
  });

  it('rejects a wrong password with a clear message, then throttles that (account, address) pair only', async () => {
    const attacker = new GraphQLClient(server.url, '198.51.100.1');
    const login = (email: string, password: string) => `mutation { login(email: "${email}", password: "${password}") { user { email } } }`;
    const wrong = await attacker.errorCode(login(DEMO.viewer, 'not-the-password'));
    expect(wrong).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Email or password is incorrect.' });
    for (let i = 0; i < 4; i++) expect((await attacker.errorCode(login(DEMO.viewer, 'nope-nope-nope'))).code).toBe('UNAUTHENTICATED');
    // After 5 failures the pair waits, even with the right password (docs/security.md).
    const limited = await attacker.errorCode(login(DEMO.viewer, 'spendscope-demo'));
    expect(limited.code).toBe('RATE_LIMITED');
    expect(Number(limited.extensions.retryAfterSeconds)).toBeGreaterThan(0);
    expect(Number(limited.extensions.retryAfterSeconds)).toBeLessThanOrEqual(15 * 60);
    // The same account from elsewhere, and another account from the attacking address, are unaffected.
    expect(await new GraphQLClient(server.url, '198.51.100.2').ok(login(DEMO.viewer, 'spendscope-demo'))).toEqual({ login: { user: { email: DEMO.viewer } } });
    expect(await attacker.ok(login(DEMO.admin, 'spendscope-demo'))).toEqual({ login: { user: { email: DEMO.admin } } });
  });
});

describe('typed errors', () => {
  let client: GraphQLClient;
  beforeAll(async () => {
    client = await GraphQLClient.signedIn(server.url, DEMO.finance);
  });

  it('BAD_USER_INPUT names the field for impossible dates, reversed ranges and non-numeric ids', async () => {
    const impossible = await client.errorCode(`{ spendSummary(filter: { dateFrom: "2025-02-30" }) { totalSpend } }`);
    expect(impossible.code).toBe('BAD_USER_INPUT');
    const reversed = await client.errorCode(`{ spendSummary(filter: { dateFrom: "2025-05-01", dateTo: "2025-01-01" }) { totalSpend } }`);
    expect(reversed).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { field: 'filter.dateTo' } });
    const badId = await client.errorCode(`{ supplier(id: "abc") { id } }`);
    expect(badId).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { field: 'id' } });
    const badEnum = await client.errorCode(`{ spendCube(query: { dimensions: [NOPE], measures: [SPEND] }) { truncated } }`);
    expect(badEnum.code).toBe('BAD_USER_INPUT');
    const badPage = await client.errorCode(`{ suppliers(page: { limit: 501 }) { totalCount } }`);
    expect(badPage).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { field: 'page.limit' } });
  });

  it('QUERY_TOO_COMPLEX for depth, cost and cube rows, saying which limit', async () => {
    const deep = `{ categories { children { children { children { children { children { children { children { children { children { children { children { id } } } } } } } } } } } } }`;
    expect(await client.errorCode(deep)).toMatchObject({ code: 'QUERY_TOO_COMPLEX', extensions: { limit: 'depth', max: 12 } });
    // Resolver work multiplied by page sizes (a supplier's spend is one statement for the whole
    // page, so it does not multiply: docs/request-limits.md).
    const costly = `{ contracts(page: { limit: 500 }) { nodes { categories { children { children { id name } } } } } }`;
    expect(await client.errorCode(costly)).toMatchObject({ code: 'QUERY_TOO_COMPLEX', extensions: { limit: 'cost', max: 50_000 } });
    const rows = await client.errorCode(`{ spendCube(query: { dimensions: [SUPPLIER], measures: [SPEND], limit: 50001 }) { truncated } }`);
    expect(rows).toMatchObject({ code: 'QUERY_TOO_COMPLEX', extensions: { limit: 'rows', max: 50_000 } });
  });

  it('never leaks stack traces or SQL, even for malformed requests', async () => {
    const res = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query": ' });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).toContain('BAD_USER_INPUT');
    expect(text).not.toMatch(/at .*\.(ts|js):\d+|SELECT|stacktrace/i);
    const parse = await client.request(`{ spendCube(`);
    expect(parse.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(parse)).not.toMatch(/stacktrace/);
    // GET without a preflight header is refused by CSRF prevention, not executed.
    const get = await fetch(`${server.url}/graphql?query=${encodeURIComponent('{ ping }')}`);
    expect(get.status).toBe(400);
  });
});

describe('injection through every string input changes nothing', () => {
  const payloads = [
    `'; DROP TABLE spend_lines; --`,
    `' OR '1'='1`,
    `%' UNION SELECT email, password_hash FROM users --`,
    `\\'; UPDATE users SET role = 'ADMIN'; --`,
    `1); DELETE FROM suppliers; --`,
  ];

  it.each(payloads.map((p, i) => [p, i]))('payload %s', async (payload, i) => {
    const before = await fingerprint();
    const client = await GraphQLClient.signedIn(server.url, DEMO.analyst);
    const anonymous = new GraphQLClient(server.url, `192.0.2.${i + 1}`);
    const v = { p: payload };
    // Strings the API accepts: login fields, search, ids, codes, dates, enums.
    const login = await anonymous.errorCode(`mutation($p: String!) { login(email: $p, password: $p) { user { id } } }`, v);
    expect(['UNAUTHENTICATED', 'RATE_LIMITED']).toContain(login.code);
    const search = await client.ok<{ suppliers: { totalCount: number } }>(`query($p: String) { suppliers(search: $p) { totalCount } }`, v);
    expect(search.suppliers.totalCount).toBe(0);
    const contracts = await client.ok<{ contracts: { totalCount: number } }>(`query($p: String) { contracts(filter: { search: $p }) { totalCount } }`, v);
    expect(contracts.contracts.totalCount).toBe(0);
    for (const q of [
      `query($p: ID!) { supplier(id: $p) { id } }`,
      `query($p: ID!) { contract(id: $p) { id } }`,
      `query($p: ID!) { category(id: $p) { id } }`,
      `query($p: ID!) { spendCube(query: { dimensions: [SUPPLIER], measures: [SPEND], filter: { categoryIds: [$p] } }) { truncated } }`,
      `query($p: String!) { spendCube(query: { dimensions: [SUPPLIER], measures: [SPEND], filter: { countryCodes: [$p] } }) { truncated } }`,
      `query($p: String!) { spendSummary(filter: { currencies: [$p] }) { totalSpend } }`,
      `query($p: Date!) { spendSummary(filter: { dateFrom: $p }) { totalSpend } }`,
    ]) {
      expect((await client.errorCode(q, v)).code).toBe('BAD_USER_INPUT');
    }
    expect(await fingerprint()).toEqual(before);
    expect(server.loggedErrors).toEqual([]);
  });
});

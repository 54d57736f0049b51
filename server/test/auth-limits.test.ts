import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/store/sql.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { startTestServer, type TestServer } from './harness.js';

// docs/security.md: sign-ins are throttled per (account, address) with growing delays after 5 failures.
const FREE_FAILURES = 5;
// docs/security.md: failures one address may make across all accounts per 15 minutes (the default).
const ADDRESS_CEILING = 100;
const LOGIN = `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { user { email } } }`;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ lines: 10_000 });
});
afterAll(() => server?.close());

function codeOf(res: { errors?: Array<{ extensions?: Record<string, unknown> }> }): string {
  return String(res.errors?.[0]?.extensions?.code ?? 'OK');
}

/** Attempts the store holds for one (account, address), read straight from the table. */
async function recordedAttempts(email: string, address: string): Promise<number> {
  const [row] = await server.store.query<{ n: string }>(
    sql`SELECT COUNT(*) AS n FROM login_attempts WHERE email = ${email} AND address = ${address}`,
    { name: 'test.attempts' },
  );
  return Number(row.n);
}

/** Moves one pair's recorded attempts into the past: the passage of time, without waiting for it. */
async function age(email: string, address: string, seconds: number) {
  await server.store.execute(
    sql`UPDATE login_attempts SET attempted_at = attempted_at - CAST(${seconds} AS INTEGER) * INTERVAL '1 second' WHERE email = ${email} AND address = ${address}`,
    { name: 'test.age' },
  );
}

describe('sign-in limits', () => {
  it('200 parallel wrong passwords for one account: only the free attempts are evaluated, the rest are RATE_LIMITED', async () => {
    const address = '203.0.113.10';
    const attacker = new GraphQLClient(server.url, address);
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => attacker.request(LOGIN, { e: DEMO.viewer, p: `wrong-${i}` })));
    const codes = results.map(codeOf);
    // A refused attempt answers RATE_LIMITED; only an evaluated one can answer "incorrect".
    const evaluated = codes.filter((c) => c === 'UNAUTHENTICATED').length;
    const limited = codes.filter((c) => c === 'RATE_LIMITED').length;
    expect(evaluated + limited, JSON.stringify(codes)).toBe(200);
    expect(evaluated).toBeGreaterThan(0);
    expect(evaluated).toBeLessThanOrEqual(FREE_FAILURES);
    // The store holds one row per evaluated attempt, and nothing for the refused ones.
    expect(await recordedAttempts(DEMO.viewer, address)).toBe(evaluated);
    for (const res of results.filter((r) => codeOf(r) === 'RATE_LIMITED')) {
      expect(Number(res.errors![0].extensions!.retryAfterSeconds)).toBeGreaterThan(0);
    }
  });

  it('an attacker throttled at one address locks out neither the account elsewhere nor other accounts at that address', async () => {
    const attacker = new GraphQLClient(server.url, '203.0.113.20');
    const codes: string[] = [];
    for (let i = 0; i < 12; i++) codes.push(codeOf(await attacker.request(LOGIN, { e: DEMO.analyst, p: `guess-${i}` })));
    expect(codes.slice(0, FREE_FAILURES)).toEqual(Array(FREE_FAILURES).fill('UNAUTHENTICATED'));
    expect(codes.slice(FREE_FAILURES)).toEqual(Array(12 - FREE_FAILURES).fill('RATE_LIMITED'));
    // The throttled pair stays throttled, right password or not: the delay is what slows guessing.
    expect(codeOf(await attacker.request(LOGIN, { e: DEMO.analyst, p: 'spendscope-demo' }))).toBe('RATE_LIMITED');

    // The real analyst, from their own address, signs in with the right password.
    const legitimate = new GraphQLClient(server.url, '198.51.100.77');
    expect(await legitimate.ok(LOGIN, { e: DEMO.analyst, p: 'spendscope-demo' })).toEqual({ login: { user: { email: DEMO.analyst } } });
    // A colleague behind the attacker's address (same office NAT) signs in to their own account.
    const colleague = new GraphQLClient(server.url, '203.0.113.20');
    expect(await colleague.ok(LOGIN, { e: DEMO.finance, p: 'spendscope-demo' })).toEqual({ login: { user: { email: DEMO.finance } } });
  });

  it('delays grow with each further failure, and a successful sign-in clears the pair', async () => {
    const address = '203.0.113.30';
    const client = new GraphQLClient(server.url, address);
    const attempt = async (password: string) => client.request(LOGIN, { e: DEMO.catman, p: password });
    for (let i = 0; i < FREE_FAILURES; i++) expect(codeOf(await attempt(`bad-${i}`))).toBe('UNAUTHENTICATED');

    const delays: number[] = [];
    for (let round = 0; round < 3; round++) {
      const refused = await attempt('bad-again');
      expect(codeOf(refused)).toBe('RATE_LIMITED');
      const wait = Number(refused.errors![0].extensions!.retryAfterSeconds);
      delays.push(wait);
      // Once the delay has passed, exactly one further attempt is evaluated, and it fails.
      await age(DEMO.catman, address, wait + 1);
      expect(codeOf(await attempt('bad-again'))).toBe('UNAUTHENTICATED');
    }
    expect(delays[0]).toBeGreaterThan(0);
    expect(delays[1]).toBeGreaterThan(delays[0]);
    expect(delays[2]).toBeGreaterThan(delays[1]);

    // The right password after the delay signs in and clears the count: the next mistake is not throttled.
    const refused = await attempt('bad-again');
    expect(codeOf(refused)).toBe('RATE_LIMITED');
    await age(DEMO.catman, address, Number(refused.errors![0].extensions!.retryAfterSeconds) + 1);
    expect(codeOf(await attempt('spendscope-demo'))).toBe('OK');
    expect(codeOf(await attempt('typo'))).toBe('UNAUTHENTICATED');
  });

  it('credential stuffing from one address stops at the ceiling, except for accounts already signed in from there', async () => {
    const address = '203.0.113.40';
    // Someone who works behind this address signed in from it earlier.
    await GraphQLClient.signedIn(server.url, DEMO.admin, 'spendscope-demo', address);

    const stuffer = new GraphQLClient(server.url, address);
    const results = await Promise.all(
      Array.from({ length: ADDRESS_CEILING + 30 }, (_, i) => stuffer.request(LOGIN, { e: `leaked-${i}@example.com`, p: 'Summer2024!' })),
    );
    const codes = results.map(codeOf);
    const evaluated = codes.filter((c) => c === 'UNAUTHENTICATED').length;
    expect(evaluated + codes.filter((c) => c === 'RATE_LIMITED').length).toBe(ADDRESS_CEILING + 30);
    expect(evaluated).toBe(ADDRESS_CEILING);
    const [row] = await server.store.query<{ n: string }>(
      sql`SELECT COUNT(*) AS n FROM login_attempts WHERE address = ${address} AND email LIKE 'leaked-%'`,
      { name: 'test.stuffed' },
    );
    expect(Number(row.n)).toBe(evaluated);

    // A new account from this address waits; the one already known here, and everyone elsewhere, do not.
    expect(codeOf(await stuffer.request(LOGIN, { e: DEMO.viewer, p: 'spendscope-demo' }))).toBe('RATE_LIMITED');
    expect(await new GraphQLClient(server.url, address).ok(LOGIN, { e: DEMO.admin, p: 'spendscope-demo' })).toEqual({ login: { user: { email: DEMO.admin } } });
    expect(await new GraphQLClient(server.url, '198.51.100.78').ok(LOGIN, { e: DEMO.viewer, p: 'spendscope-demo' })).toEqual({ login: { user: { email: DEMO.viewer } } });
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { startTestServer, type TestServer } from './harness.js';
import { sleep } from './process.js';

// Issue 9 "one request can occupy the server for minutes"; rules in docs/request-limits.md.

const SUMMARY = `query($f: SpendFilter) { spendSummary(filter: $f) { totalSpend lineCount } }`;

/** A cube request that no other `i` asks in the same words. */
const distinctCube = (i: number) => `query { spendCube(query: { dimensions: [CATEGORY_L1], measures: [SPEND], limit: ${100 + i} }) { truncated } }`;

/** `n` aliases of spendSummary in one operation. */
function aliases(n: number): string {
  return `{ ${Array.from({ length: n }, (_, i) => `a${i}: spendSummary { totalSpend }`).join(' ')} }`;
}

/** Polls until `check` holds (the server's own state, not a duration, is what is asserted). */
async function until(check: () => boolean, what: string, timeout = 20_000): Promise<void> {
  await vi.waitFor(() => expect(check(), what).toBe(true), { timeout, interval: 50 });
}

describe('limits checked before anything runs', () => {
  let server: TestServer;
  let viewer: GraphQLClient;

  beforeAll(async () => {
    server = await startTestServer();
    viewer = await GraphQLClient.signedIn(server.url, DEMO.viewer);
  });
  afterAll(() => server?.close());

  it('1,000 aliases of spendSummary are refused with HTTP 400 QUERY_TOO_COMPLEX, before any spend statement runs', async () => {
    const before = server.store.statementStats();
    const res = await viewer.request(aliases(1000));
    expect(res.status).toBe(400);
    expect(res.errors?.[0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'aggregates', max: 20, actual: 1000 });
    expect(res.data).toBeNull();
    expect(server.store.statementStats().cancelled).toBe(before.cancelled);
  });

  it('counts every field that aggregates spend: 20 run, 21 are refused naming the limit', async () => {
    const ok = await viewer.request(aliases(20));
    expect(ok.status).toBe(200);
    expect(ok.errors).toBeUndefined();
    const refused = await viewer.request(`{ c: spendCube(query: { dimensions: [MONTH], measures: [SPEND] }) { truncated } ${aliases(20).slice(1, -1)} }`);
    expect(refused.status).toBe(400);
    expect(refused.errors?.[0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'aggregates', max: 20, actual: 21 });
  });

  it('depth and cost over the limit answer HTTP 400', async () => {
    const deep = `{ categories { children { children { children { children { children { children { children { children { children { children { children { id } } } } } } } } } } } } }`;
    const depth = await viewer.request(deep);
    expect(depth.status).toBe(400);
    expect(depth.errors?.[0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'depth', max: 12 });
    const costly = `{ contracts(page: { limit: 500 }) { nodes { categories { children { children { id name } } } } } }`;
    const cost = await viewer.request(costly);
    expect(cost.status).toBe(400);
    expect(cost.errors?.[0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'cost', max: 50_000 });
  });

  it('a cube asking for more rows than allowed answers HTTP 400 too', async () => {
    const res = await viewer.request(`{ spendCube(query: { dimensions: [SUPPLIER], measures: [SPEND], limit: 50001 }) { truncated } }`);
    expect(res.status).toBe(400);
    expect(res.errors?.[0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'rows', max: 50_000 });
  });

  it('a subscription is BAD_USER_INPUT (HTTP 400), not an internal error', async () => {
    const res = await viewer.request(`subscription { spendSummary { totalSpend } }`);
    expect(res.status).toBe(400);
    expect(res.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'query' });
    expect(res.errors?.[0].message).toMatch(/subscriptions are not supported/i);
    expect(server.loggedErrors).toEqual([]);
  });

  it('expiringWithinDays: 2147483647 is BAD_USER_INPUT naming the field', async () => {
    const res = await viewer.request(`query($d: Int) { contracts(filter: { expiringWithinDays: $d }) { totalCount } }`, { d: 2147483647 });
    expect(res.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'filter.expiringWithinDays' });
    expect(server.loggedErrors).toEqual([]);
  });

  it('100,000 repeats of one contract status answer as the status once; 21 member filters are BAD_USER_INPUT', async () => {
    const CONTRACTS = `query($s: [ContractStatus!]) { contracts(filter: { statuses: $s }) { totalCount } }`;
    const once = await viewer.ok<{ contracts: { totalCount: number } }>(CONTRACTS, { s: ['ACTIVE'] });
    const repeated = await viewer.ok<{ contracts: { totalCount: number } }>(CONTRACTS, { s: Array.from({ length: 100_000 }, () => 'ACTIVE') });
    expect(repeated).toEqual(once);
    const member = { dimension: 'SUPPLIER', ids: ['1'] };
    const ok = await viewer.request(SUMMARY, { f: { members: Array.from({ length: 20 }, () => member) } });
    expect(ok.errors).toBeUndefined();
    const refused = await viewer.request(SUMMARY, { f: { members: Array.from({ length: 21 }, () => member) } });
    expect(refused.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'filter.members' });
    expect(refused.errors?.[0].message).toMatch(/at most 20 member filters, got 21/);
    expect(server.loggedErrors).toEqual([]);
  });

  it('a date range 0001-01-01…9999-12-31 is BAD_USER_INPUT naming the field, as a literal and as a variable', async () => {
    const literal = await viewer.request(`{ spendSummary(filter: { dateFrom: "0001-01-01", dateTo: "9999-12-31" }) { totalSpend } }`);
    expect(literal.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'filter.dateFrom' });
    expect(literal.errors?.[0].message).toMatch(/1900-01-01 to 2200-12-31/);
    const variable = await viewer.request(SUMMARY, { f: { dateFrom: '1900-01-01', dateTo: '9999-12-31' } });
    expect(variable.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'filter.dateTo' });
    expect(server.loggedErrors).toEqual([]);
  });

  it('2025-13-45 is BAD_USER_INPUT saying it is not a real date', async () => {
    const res = await viewer.request(SUMMARY, { f: { dateFrom: '2025-13-45' } });
    expect(res.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'f.dateFrom' });
    expect(res.errors?.[0].message).toMatch(/not a real date/);
  });
});

describe('a time budget per request and one user cannot take every connection', () => {
  let server: TestServer;
  let viewer: GraphQLClient;
  let finance: GraphQLClient;

  beforeAll(async () => {
    server = await startTestServer({ requestTimeoutMs: 3000 });
    expect(await server.settleRollups()).toBe(true);
    viewer = await GraphQLClient.signedIn(server.url, DEMO.viewer);
    finance = await GraphQLClient.signedIn(server.url, DEMO.finance);
  });
  afterAll(() => server?.close());

  it('a request whose statements outlast the budget is interrupted and answered QUERY_TOO_COMPLEX/time; the server is free right after', async () => {
    server.slowStatements.add('spend.summary');
    const res = await viewer.request(SUMMARY);
    server.slowStatements.clear();
    expect(res.status).toBe(400);
    expect(res.errors?.[0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'time', max: 3000 });
    expect(server.store.statementStats().cancelled).toBeGreaterThan(0);
    await until(() => server.store.statementStats().active === 0, 'no statement still running');
    expect((await viewer.ok<{ spendSummary: { lineCount: number } }>(SUMMARY)).spendSummary.lineCount).toBeGreaterThan(0);
    expect(server.loggedErrors).toEqual([]);
  });

  it("a VIEWER's many heavy requests do not hold back another user's request", async () => {
    server.slowStatements.add('spend.cube');
    const order: string[] = [];
    // Eight different requests: identical ones would share one computation (docs/rollups.md, the result cache).
    const flood = Array.from({ length: 8 }, (_, i) => viewer.request(distinctCube(i)).then((r) => {
      order.push(`viewer${i}`);
      return r;
    }));
    // The flood holds what it may of the pool before the other user asks.
    await until(() => server.store.statementStats().active >= 2, 'the flood is running');
    const other = await finance.request(SUMMARY).then((r) => {
      order.push('finance');
      return r;
    });
    const answers = await Promise.all(flood);
    server.slowStatements.clear();
    expect(other.errors).toBeUndefined();
    expect((other.data as { spendSummary: { lineCount: number } }).spendSummary.lineCount).toBeGreaterThan(0);
    // The other user's answer came before any of the flood's.
    expect(order[0]).toBe('finance');
    for (const answer of answers) expect(answer.errors?.[0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'time' });
    await until(() => server.store.statementStats().active === 0, 'the flood has stopped');
  });
});

describe('a client that disconnects', () => {
  let server: TestServer;
  let viewer: GraphQLClient;

  beforeAll(async () => {
    server = await startTestServer(); // the default 30 s budget: only the disconnect can stop the statement early
    expect(await server.settleRollups()).toBe(true);
    viewer = await GraphQLClient.signedIn(server.url, DEMO.viewer);
  });
  afterAll(() => server?.close());

  it('has its running statement cancelled', async () => {
    server.slowStatements.add('spend.summary');
    const before = server.store.statementStats();
    const controller = new AbortController();
    const pending = fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: viewer.sessionCookie },
      body: JSON.stringify({ query: SUMMARY }),
      signal: controller.signal,
    }).catch((error: Error) => error);
    await until(() => server.slowRunning() >= 1, 'the slow statement is running');
    // It is sent to the engine right after it counts as running.
    await sleep(150);
    controller.abort();
    expect(await pending).toBeInstanceOf(Error);
    await until(() => server.store.statementStats().active === 0, 'the statement was interrupted');
    server.slowStatements.clear();
    expect(server.store.statementStats().cancelled).toBeGreaterThan(before.cancelled);
    expect(server.loggedInfo.some((line) => line.startsWith('graphql.cancelled'))).toBe(true);
    expect(server.loggedErrors).toEqual([]);
  });

  it('has its download cancelled on a REST route too', async () => {
    // Both statements of the export are slow, so whichever runs when the client leaves is
    // interrupted (a fast count could otherwise finish just before the abort and the next
    // statement be refused before it starts, which counts as no interruption).
    server.slowStatements.add('lines.countAndSum');
    server.slowStatements.add('export.linesCsv');
    const before = server.store.statementStats();
    const controller = new AbortController();
    const analyst = await GraphQLClient.signedIn(server.url, DEMO.analyst); // may export
    const pending = fetch(`${server.url}/api/exports/lines?format=csv`, { headers: { cookie: analyst.sessionCookie }, signal: controller.signal })
      .catch((error: Error) => error);
    await until(() => server.slowRunning() >= 1, 'the slow statement is running');
    // It is sent to the engine right after it counts as running.
    await sleep(150);
    controller.abort();
    await pending;
    await until(() => server.store.statementStats().active === 0, 'the statement was interrupted');
    server.slowStatements.clear();
    expect(server.store.statementStats().cancelled).toBeGreaterThan(before.cancelled);
    expect(server.loggedErrors).toEqual([]);
  });
});

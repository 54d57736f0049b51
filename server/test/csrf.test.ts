import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/store/sql.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { startTestServer, type TestServer } from './harness.js';

let server: TestServer;
let admin: GraphQLClient;

beforeAll(async () => {
  server = await startTestServer({ lines: 10_000 });
  admin = await GraphQLClient.signedIn(server.url, DEMO.admin);
});
afterAll(() => server?.close());

/** Everything the three REST writes can change, read straight from the tables. */
async function fingerprint() {
  const [row] = await server.store.query(
    sql`SELECT (SELECT COUNT(*) FROM import_batches) AS batches,
               (SELECT COUNT(*) FROM fx_rates) AS rates,
               (SELECT string_agg(currency || month || rate_to_reporting, ',' ORDER BY currency, month) FROM fx_rates) AS rate_list,
               (SELECT COUNT(*) FROM categories) AS categories,
               (SELECT string_agg(code || name, ',' ORDER BY id) FROM categories) AS category_list,
               (SELECT COUNT(*) FROM audit_events) AS audit`,
    { name: 'test.fingerprint' },
  );
  return row;
}

// Each REST write with a body that, if accepted, would change the tables above.
const WRITES = [
  { path: '/api/fx-rates', body: 'currency,month,rate\nGBP,2004-01,1.500000\n' },
  { path: '/api/taxonomy', body: 'code,name,parent_code\nQX,Cross Site Segment,\n' },
  { path: '/api/imports?fileName=evil.csv&sourceName=Cross%20site', body: 'Date,Supplier,Amount\n2025-01-02,Evil Ltd,1000.00\n' },
];

async function post(path: string, headers: Record<string, string>, body: string) {
  const res = await fetch(`${server.url}${path}`, { method: 'POST', headers: { cookie: admin.sessionCookie, ...headers }, body });
  const text = await res.text();
  let json: { data?: unknown; errors?: Array<{ message: string; extensions: Record<string, unknown> }> } = {};
  try {
    json = JSON.parse(text);
  } catch {
    // Left empty: the assertions on status say what went wrong.
  }
  return { status: res.status, body: json };
}

describe('cross-site requests to REST writes', () => {
  it.each(WRITES)('$path: a cross-site text/plain POST with the session cookie is refused with 403 and writes nothing', async ({ path, body }) => {
    const before = await fingerprint();
    // What a form or fetch on another site sends: a simple request, so no preflight stops it.
    const variants: Array<Record<string, string>> = [
      { 'content-type': 'text/plain', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { 'content-type': 'text/plain', origin: 'https://evil.example' },
      { 'content-type': 'text/csv', origin: 'https://evil.example' },
      { 'content-type': 'text/plain', 'sec-fetch-site': 'same-site', origin: 'https://other.spendscope.example' },
      { 'content-type': 'text/plain', origin: 'null' },
    ];
    for (const headers of variants) {
      const res = await post(path, headers, body);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(res.body.errors?.[0]?.extensions?.reason).toBe('CROSS_ORIGIN');
    }
    expect(await fingerprint()).toEqual(before);
  });

  it('the console\'s own same-origin POSTs still work', async () => {
    const before = await fingerprint();
    const browser = { origin: server.url, 'sec-fetch-site': 'same-origin' };
    const fx = await post('/api/fx-rates', { ...browser, 'content-type': 'text/csv' }, 'currency,month,rate\nGBP,2004-02,1.412345\n');
    expect(fx.status, JSON.stringify(fx.body)).toBe(200);
    // A browser without Sec-Fetch-Site (older Safari) still sends the page's Origin.
    const tax = await post('/api/taxonomy', { origin: server.url, 'content-type': 'text/csv' }, 'code,name,parent_code\nQY,Same Origin Segment,\n');
    expect(tax.status, JSON.stringify(tax.body)).toBe(200);
    const up = await post('/api/imports?fileName=ok.csv&sourceName=Same%20origin', { ...browser, 'content-type': 'text/csv' }, 'Date,Supplier,Amount\n2025-01-02,Fine Ltd,10.00\n');
    expect(up.status, JSON.stringify(up.body)).toBe(201);

    const after = await fingerprint();
    expect(Number(after.batches)).toBe(Number(before.batches) + 1);
    expect(Number(after.categories)).toBe(Number(before.categories) + 1);
    const [rate] = await server.store.query<{ r: string }>(
      sql`SELECT CAST(rate_to_reporting AS VARCHAR) AS r FROM fx_rates WHERE currency = 'GBP' AND month = DATE '2004-02-01'`,
      { name: 'test.rate' },
    );
    expect(rate?.r).toBe('1.412345');
  });

  it.each(WRITES)('$path: an unexpected content type is refused with 415 and writes nothing', async ({ path, body }) => {
    const before = await fingerprint();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/html', null]) {
      const headers: Record<string, string> = { origin: server.url, 'sec-fetch-site': 'same-origin' };
      if (type) headers['content-type'] = type;
      // fetch labels a string body text/plain unless told otherwise; a Blob without a type sends no header.
      const res = type
        ? await post(path, headers, body)
        : await fetch(`${server.url}${path}`, { method: 'POST', headers: { cookie: admin.sessionCookie, ...headers }, body: new Blob([body]) }).then(async (r) => ({ status: r.status, body: (await r.json()) as { errors?: Array<{ extensions: Record<string, unknown> }> } }));
      expect(res.status, String(type)).toBe(415);
      expect(res.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'content-type' });
    }
    expect(await fingerprint()).toEqual(before);
  });
});

describe('introspection', () => {
  const queries = [
    `{ __schema { queryType { name } } }`,
    `{ __type(name: "Query") { name } }`,
    `query { ...F } fragment F on Query { __schema { types { name } } }`,
  ];

  it.each(queries)('without a session %s is UNAUTHENTICATED', async (query) => {
    const res = await new GraphQLClient(server.url).request(query);
    expect(res.data).toBeNull();
    expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(res.status).toBe(401); // a client error, never a 500
  });

  it('signed in, introspection works; __typename needs no session', async () => {
    const data = await admin.ok<{ __schema: { queryType: { name: string } } }>(queries[0]);
    expect(data.__schema.queryType.name).toBe('Query');
    const typed = await admin.ok<{ __type: { name: string } }>(queries[1]);
    expect(typed.__type.name).toBe('Query');
    expect(await new GraphQLClient(server.url).ok(`{ __typename }`)).toEqual({ __typename: 'Query' });
  });
});

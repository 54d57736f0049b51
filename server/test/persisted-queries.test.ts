import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, GraphQLClient, type GraphQLResponse } from './graphql-client.js';
import { startTestServer, type TestServer } from './harness.js';

// Persisted operations and SPENDSCOPE_PERSISTED_QUERIES_ONLY (docs/security.md): the console sends
// ids from the manifest codegen writes; free text is kept to the editor's roles when the lock is on.

// The manifest as the console's build wrote it; ids are computed here from the text, not read from the keys.
const manifestTexts = Object.values(JSON.parse(readFileSync(resolve(import.meta.dirname, '../../client/src/gql/persisted-documents.json'), 'utf8')) as Record<string, string>);
function operation(name: string): { text: string; hash: string } {
  const text = manifestTexts.find((t) => new RegExp(`\\b(query|mutation) ${name}\\b`).test(t));
  if (!text) throw new Error(`no ${name} in the manifest`);
  return { text, hash: createHash('sha256').update(text).digest('hex') };
}
const persistedQuery = (hash: string) => ({ persistedQuery: { version: 1, sha256Hash: hash } });
const LOGIN = operation('Login');
const SESSION = operation('Session');
const CATEGORIES = operation('CategoriesPage');

/** Signs in the way the console does: the Login mutation by its id, never its text. */
async function signIn(url: string, email: string): Promise<GraphQLClient> {
  const client = new GraphQLClient(url);
  const res = await client.send({ operationName: 'Login', variables: { email, password: 'spendscope-demo' }, extensions: persistedQuery(LOGIN.hash) });
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  expect(client.sessionCookie).not.toBe('');
  return client;
}

function firstError(res: GraphQLResponse) {
  expect(res.errors?.length, `expected an error, got ${JSON.stringify(res.data)}`).toBeGreaterThan(0);
  return res.errors![0];
}

async function exportQuery(url: string, client: GraphQLClient | null, document: string) {
  const res = await fetch(`${url}/api/exports/query?${new URLSearchParams({ document })}`, { headers: client ? { cookie: client.sessionCookie } : {} });
  const body = res.headers.get('content-type')?.includes('json') ? ((await res.json()) as { errors: Array<{ extensions: Record<string, unknown> }> }) : null;
  return { status: res.status, code: body?.errors[0]?.extensions.code };
}

describe('persisted operations, lock off (the default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ lines: 10_000 });
  });
  afterAll(() => server?.close());

  it('a persisted id runs its manifest text and answers exactly what the text answers', async () => {
    const finance = await signIn(server.url, DEMO.finance);
    const variables = { filter: { dateFrom: '2025-01-01', dateTo: '2025-12-31' } };
    const byId = await finance.send({ operationName: 'CategoriesPage', variables, extensions: persistedQuery(CATEGORIES.hash) });
    const byText = await finance.send({ query: CATEGORIES.text, variables });
    expect(byId.status).toBe(200);
    expect(byId.errors).toBeUndefined();
    expect(byId.data).toEqual(byText.data);
    // Not an empty answer that happens to match: the tree holds spend, with the __typename the console's cache needs.
    const tree = (byId.data as { categoryTree: { __typename: string; nodes: unknown[]; total: { spend: string } } }).categoryTree;
    expect(tree.__typename).toBe('CategoryTree');
    expect(tree.nodes.length).toBeGreaterThan(10);
    expect(Number(tree.total.spend)).toBeGreaterThan(0);

    const session = await finance.send<{ me: { email: string; role: string } }>({ extensions: persistedQuery(SESSION.hash) });
    expect(session.data?.me).toMatchObject({ email: DEMO.finance, role: 'FINANCE' });
  });

  it('an id the manifest does not hold is refused with BAD_USER_INPUT telling to reload, before anything runs', async () => {
    const finance = await signIn(server.url, DEMO.finance);
    const unknown = createHash('sha256').update('query Unknown { me { id } }').digest('hex');
    const res = await finance.send({ extensions: persistedQuery(unknown) });
    expect(res.status).toBe(400);
    const error = firstError(res);
    expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'UNKNOWN_OPERATION' });
    expect(error.message).toMatch(/not known to this server.*Reload the page/);
    // Unknown to a signed-out caller as well, and a version other than 1 is named.
    expect(firstError(await new GraphQLClient(server.url).send({ extensions: persistedQuery('0'.repeat(64)) })).extensions?.code).toBe('BAD_USER_INPUT');
    const v2 = firstError(await finance.send({ extensions: { persistedQuery: { version: 2, sha256Hash: SESSION.hash } } }));
    expect(v2.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'extensions.persistedQuery.version' });
    expect(server.loggedErrors).toEqual([]);
  });

  it('Apollo\'s automatic persisted queries are off: text sent with its id runs, but the id is not learnt', async () => {
    const analyst = await signIn(server.url, DEMO.analyst);
    const text = 'query Mine { me { email } }';
    const hash = createHash('sha256').update(text).digest('hex');
    const registered = await analyst.send<{ me: { email: string } }>({ query: text, extensions: persistedQuery(hash) });
    expect(registered.errors).toBeUndefined();
    expect(registered.data?.me.email).toBe(DEMO.analyst);
    expect(firstError(await analyst.send({ extensions: persistedQuery(hash) })).extensions?.reason).toBe('UNKNOWN_OPERATION');
  });

  it('a GET with an id works with a preflight header, and CSRF prevention still refuses a GET without one', async () => {
    const viewer = await signIn(server.url, DEMO.viewer);
    const get = await viewer.send<{ me: { email: string } }>({ extensions: persistedQuery(SESSION.hash) }, { get: true, headers: { 'apollo-require-preflight': 'true' } });
    expect(get.status).toBe(200);
    expect(get.data?.me.email).toBe(DEMO.viewer);
    const simple = await viewer.send({ extensions: persistedQuery(SESSION.hash) }, { get: true });
    expect(simple.status).toBe(400);
    expect(simple.data).toBeNull();
  });

  it('free text works for everyone as before: viewer, analyst, signed out', async () => {
    const viewer = await signIn(server.url, DEMO.viewer);
    expect((await viewer.ok<{ me: { email: string } }>('{ me { email } }')).me.email).toBe(DEMO.viewer);
    const analyst = await signIn(server.url, DEMO.analyst);
    expect((await analyst.ok<{ me: { email: string } }>('{ me { email } }')).me.email).toBe(DEMO.analyst);
    const nobody = new GraphQLClient(server.url);
    expect(await nobody.ok('{ me { email } }')).toEqual({ me: null });
    // The usual sign-in by text too.
    await GraphQLClient.signedIn(server.url, DEMO.viewer);
  });
});

describe('SPENDSCOPE_PERSISTED_QUERIES_ONLY=true', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ lines: 10_000, env: { SPENDSCOPE_PERSISTED_QUERIES_ONLY: 'true' } });
  });
  afterAll(() => server?.close());

  it('refuses a viewer\'s free text with 403 FORBIDDEN, before it is even parsed', async () => {
    const viewer = await signIn(server.url, DEMO.viewer);
    for (const query of ['{ me { email } }', '{ me { email ']) {
      const res = await viewer.send({ query });
      expect(res.status, query).toBe(403);
      expect(res.data).toBeNull();
      const error = firstError(res);
      expect(error.extensions, query).toMatchObject({ code: 'FORBIDDEN', reason: 'PERSISTED_QUERIES_ONLY' });
      expect(error.message).toMatch(/only the console's operations/);
    }
    // By GET as well, and with an id of its own alongside.
    const get = await viewer.send({ query: '{ me { email } }' }, { get: true, headers: { 'apollo-require-preflight': 'true' } });
    expect(get.status).toBe(403);
    const text = '{ me { email } }';
    const withId = await viewer.send({ query: text, extensions: persistedQuery(createHash('sha256').update(text).digest('hex')) });
    expect(firstError(withId).extensions?.code).toBe('FORBIDDEN');
  });

  it('refuses free text from a signed-out caller with 401 UNAUTHENTICATED, including a sign-in by text', async () => {
    const nobody = new GraphQLClient(server.url);
    const res = await nobody.send({ query: '{ me { email } }' });
    expect(res.status).toBe(401);
    expect(firstError(res).extensions).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'PERSISTED_QUERIES_ONLY' });
    const login = await nobody.send({ query: LOGIN.text, variables: { email: DEMO.viewer, password: 'spendscope-demo' } });
    expect(firstError(login).extensions?.code).toBe('UNAUTHENTICATED');
    expect(nobody.sessionCookie).toBe('');
  });

  it('runs a viewer\'s persisted operations: sign-in, session, a screen\'s data, scoped as ever', async () => {
    const viewer = await signIn(server.url, DEMO.viewer);
    const session = await viewer.send<{ me: { email: string; role: string } }>({ extensions: persistedQuery(SESSION.hash) });
    expect(session.data?.me).toMatchObject({ email: DEMO.viewer, role: 'VIEWER' });
    const categories = await viewer.send<{ categoryTree: { total: { spend: string } } }>({ operationName: 'CategoriesPage', variables: {}, extensions: persistedQuery(CATEGORIES.hash) });
    expect(categories.errors).toBeUndefined();
    // The analyst's free text says what the whole organisation spent; the viewer sees only their units.
    const analyst = await signIn(server.url, DEMO.analyst);
    const all = await analyst.ok<{ spendSummary: { totalSpend: string } }>('{ spendSummary { totalSpend } }');
    expect(Number(categories.data!.categoryTree.total.spend)).toBeGreaterThan(0);
    expect(Number(categories.data!.categoryTree.total.spend)).toBeLessThan(Number(all.spendSummary.totalSpend));
  });

  it('lets the roles of the GraphQL editor send free text, introspection included', async () => {
    for (const email of [DEMO.analyst, DEMO.catman, DEMO.finance, DEMO.admin]) {
      const client = await signIn(server.url, email);
      expect((await client.ok<{ me: { email: string } }>('{ me { email } }')).me.email).toBe(email);
    }
    const analyst = await signIn(server.url, DEMO.analyst);
    const schema = await analyst.ok<{ __schema: { queryType: { name: string } } }>('{ __schema { queryType { name } } }');
    expect(schema.__schema.queryType.name).toBe('Query');
  });

  it('applies the same rule to /api/exports/query', async () => {
    const document = '{ suppliers(page: { limit: 5 }) { nodes { supplier { name } } } }';
    expect(await exportQuery(server.url, null, document)).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
    expect(await exportQuery(server.url, await signIn(server.url, DEMO.viewer), document)).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect((await exportQuery(server.url, await signIn(server.url, DEMO.analyst), document)).status).toBe(200);
    expect(server.loggedErrors).toEqual([]);
  });
});

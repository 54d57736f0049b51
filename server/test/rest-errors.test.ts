/**
 * One REST error body (docs/domain.md, errors): every refusal outside GraphQL answers
 * `{ errors: [{ message, extensions: { code, requestId, … } }] }`, whoever wrote it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ lines: 10_000 });
});
afterAll(() => server?.close());

interface ErrorBody {
  errors: Array<{ message: string; extensions: { code: string; requestId: string } & Record<string, unknown> }>;
}

async function refusal(path: string, init: RequestInit = {}): Promise<{ status: number; body: ErrorBody; keys: string[] }> {
  const res = await fetch(`${server.url}${path}`, init);
  const body = (await res.json()) as ErrorBody;
  return { status: res.status, body, keys: Object.keys(body) };
}

describe('every REST refusal has the same shape', () => {
  const cases: Array<[string, string, RequestInit, number, string]> = [
    ['an unknown route', '/api/nothing-here', {}, 404, 'NOT_FOUND'],
    ['a malformed GraphQL body', '/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query": ' }, 400, 'BAD_USER_INPUT'],
    ['a write with an unexpected content type', '/api/fx-rates', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' }, 415, 'BAD_USER_INPUT'],
    ['a cross-site write', '/api/fx-rates', { method: 'POST', headers: { 'content-type': 'text/csv', origin: 'https://elsewhere.example' }, body: 'x' }, 403, 'FORBIDDEN'],
    ['an export without a session', '/api/exports/lines?format=csv', {}, 401, 'UNAUTHENTICATED'],
    ['reference data without a session', '/api/fx-rates', { method: 'POST', headers: { 'content-type': 'text/csv' }, body: 'currency,month,rate\nGBP,2024-01,1.1\n' }, 401, 'UNAUTHENTICATED'],
    ['a GraphQL body over its limit', '/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: `{ __typename }`, pad: 'x'.repeat(1_100_000) }) }, 413, 'BAD_USER_INPUT'],
  ];

  it.each(cases)('%s', async (_what, path, init, status, code) => {
    const res = await refusal(path, init);
    expect(res.status).toBe(status);
    expect(res.keys).toEqual(['errors']);
    expect(res.body.errors).toHaveLength(1);
    const [error] = res.body.errors;
    expect(error.extensions.code).toBe(code);
    expect(error.message.length).toBeGreaterThan(10);
    expect(error.extensions.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts:\d+|SELECT |stack/i);
  });
});

describe('limits say which limit', () => {
  it('a GraphQL body over 1 MB is refused as too large, not as malformed JSON', async () => {
    const res = await refusal('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: `{ __typename }`, pad: 'x'.repeat(1_100_000) }) });
    expect(res.body.errors[0].message).toMatch(/larger than 1 MB/);
  });

  it('signed out, 25 MB of reference data is refused as unauthenticated, not read and refused as too large', async () => {
    const res = await refusal('/api/taxonomy', { method: 'POST', headers: { 'content-type': 'text/csv' }, body: 'code,name,parent_code\n' + 'Q,x,\n'.repeat(5_000_000) });
    expect(res.status).toBe(401);
    expect(res.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});

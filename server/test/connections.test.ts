import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEEP_ALIVE_MS } from '../src/server.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { startTestServer, type TestServer } from './harness.js';
import { sleep } from './process.js';

/**
 * Kept-alive connections (docs/request-limits.md, "Connections"): the server keeps an idle one
 * open longer than clients and proxies do, so it never closes one a client is about to reuse
 * (a POST reset that way is not retried), and a stop still closes idle ones at once.
 */
let server: TestServer;
let closed = false;
let cookie: string;
/** One connection, kept alive between requests, as a browser or nginx keeps one. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  server = await startTestServer({ lines: 10_000 });
  cookie = (await GraphQLClient.signedIn(server.url, DEMO.finance)).sessionCookie;
});
afterAll(async () => {
  agent.destroy();
  if (!closed) await server?.close();
});

function send(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; reused: boolean; body: string }>((resolve, reject) => {
    const req = http.request(`${server.url}${path}`, { method, agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, reused: req.reusedSocket, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('kept-alive connections', () => {
  it('tells clients how long an idle connection stays open, longer than nginx keeps its own', async () => {
    const res = await send('GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.headers['keep-alive']).toBe(`timeout=${KEEP_ALIVE_MS / 1000}`);
    expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000); // deploy/nginx: keepalive_timeout 60s
  });

  it('an upload on a connection idle past Node’s 5 s default reuses it and is accepted', async () => {
    await send('GET', '/healthz');
    await sleep(6_000);
    const csv = 'Date,Supplier,Amount,Description\n2025-03-04,Idle Connection Ltd,12.34,Kept alive\n';
    const res = await send('POST', '/api/imports?fileName=idle.csv&sourceName=Idle', { cookie, 'content-type': 'text/csv' }, csv);
    expect(res.status, res.body).toBe(201);
    expect(res.reused).toBe(true);
  }, 30_000);

  it('a stop closes an idle kept-alive connection at once instead of waiting out its timeout', async () => {
    await send('GET', '/healthz');
    const [socket] = Object.values(agent.freeSockets).flat();
    expect(socket).toBeDefined();
    const socketClosed = new Promise<void>((resolve) => socket!.once('close', () => resolve()));
    // With the connection left open, close() would wait KEEP_ALIVE_MS, past this test's timeout.
    await server.close();
    closed = true;
    await socketClosed;
    expect(socket!.destroyed).toBe(true);
  }, KEEP_ALIVE_MS / 2);
});

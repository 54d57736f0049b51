import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { startTestServer, type TestServer } from './harness.js';

// Large JSON answers travel compressed, the console's hashed assets are cached for good and its
// page is always checked again (docs/architecture.md). A console of our own making stands in for
// the build, so this holds whether or not `npm run build` ran before the integration tests.

let server: TestServer;
let finance: GraphQLClient;
const ASSET = 'index-3f9a1c2b.js';
const assetText = `console.log(${JSON.stringify('spendscope '.repeat(400))});\n`;

/** A raw GET or POST (fetch would decompress and hide the encoding). */
function raw(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(`${server.url}${path}`, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    if (init.body) req.write(init.body);
    req.end();
  });
}

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'spendscope-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), `<!doctype html><title>Spendscope</title><script type="module" src="/assets/${ASSET}"></script>`);
  writeFileSync(join(dist, 'assets', ASSET), assetText);
  server = await startTestServer({ env: { SPENDSCOPE_CLIENT_DIST: dist } });
  finance = await GraphQLClient.signedIn(server.url, DEMO.finance);
});
afterAll(() => server?.close());

describe('HTTP compression and caching', () => {
  it('compresses a large GraphQL answer for a client that accepts gzip, and it decodes to the same JSON', async () => {
    const body = JSON.stringify({ query: '{ spendCube(query: { dimensions: [SUPPLIER], measures: [SPEND, LINE_COUNT], limit: 500 }) { rows { keys { id label } values } } }' });
    const res = await raw('/graphql', {
      method: 'POST', body,
      headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip', cookie: finance.sessionCookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const decoded = JSON.parse(gunzipSync(res.body).toString('utf8')) as { data: { spendCube: { rows: unknown[] } } };
    const plain = await finance.ok<{ spendCube: { rows: unknown[] } }>(JSON.parse(body).query);
    expect(decoded.data).toEqual(plain);
    expect(res.body.length).toBeLessThan(JSON.stringify(decoded).length / 2);
    // Browsers ask for brotli first, and get it.
    const br = await raw('/graphql', {
      method: 'POST', body,
      headers: { 'content-type': 'application/json', 'accept-encoding': 'br, gzip', cookie: finance.sessionCookie },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect((JSON.parse(brotliDecompressSync(br.body).toString('utf8')) as { data: unknown }).data).toEqual(plain);
    expect(br.body.length).toBeLessThan(JSON.stringify(decoded).length / 2);
  });

  it('caches hashed assets for a year as immutable, checks the page every time, and answers a missing asset 404', async () => {
    const asset = await raw(`/assets/${ASSET}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(asset.body).toString('utf8')).toBe(assetText);
    const page = await raw('/explore');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body.toString('utf8')).toContain(`/assets/${ASSET}`);
    const missing = await raw('/assets/index-00000000.js');
    expect(missing.status).toBe(404);
    expect(String(missing.headers['content-type'])).toContain('application/json');
  });

  it('leaves exports uncompressed, so a streamed file is never held in a compressor', async () => {
    const res = await raw('/api/exports/lines?format=csv', { headers: { 'accept-encoding': 'gzip', cookie: finance.sessionCookie } });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString('utf8').split('\n').length).toBeGreaterThan(1000);
  });
});

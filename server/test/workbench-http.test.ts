import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ lines: 10_000 });
});
afterAll(() => server?.close());

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

/** Parses a CSP header into directive → sources. */
function directives(header: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

describe('/graphql in a browser', () => {
  it('redirects a browser to the console workbench instead of serving a landing page', async () => {
    const res = await fetch(`${server.url}/graphql`, { headers: { accept: BROWSER_ACCEPT }, redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/query');
    const body = await res.text();
    expect(body).not.toMatch(/apollo|cdn|sandbox/i);
  });

  it('carries a GraphiQL-style ?query= along to the workbench', async () => {
    const res = await fetch(`${server.url}/graphql?query=${encodeURIComponent('{ me { email } }')}`, {
      headers: { accept: BROWSER_ACCEPT },
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/query?text=${encodeURIComponent('{ me { email } }')}`);
  });

  it('leaves API clients alone: a JSON GET still gets a GraphQL answer, not a redirect', async () => {
    const res = await fetch(`${server.url}/graphql?query=${encodeURIComponent('{ __typename }')}`, {
      headers: { accept: 'application/json', 'apollo-require-preflight': 'true' },
      redirect: 'manual',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { __typename: 'Query' } });
    // curl's default Accept is */*: an API client, not a browser.
    const curl = await fetch(`${server.url}/graphql`, { headers: { accept: '*/*' }, redirect: 'manual' });
    expect(curl.status).not.toBe(302);
  });
});

describe('Content-Security-Policy', () => {
  for (const path of ['/', '/query', '/explore']) {
    it(`${path}: allows only the console's own origin`, async () => {
      const res = await fetch(`${server.url}${path}`, { headers: { accept: BROWSER_ACCEPT } });
      // The console's page, or (the integration tests run before the build in CI) the "console not
      // built" answer and 404 for deep routes: every response carries the policy.
      expect(res.status).toBe(existsSync(resolve(import.meta.dirname, '../../client/dist/index.html')) || path === '/' ? 200 : 404);
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
      expect(csp.get('font-src')).toEqual(["'self'", 'data:']);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      // No host anywhere: every source is a keyword or a scheme of the page's own making.
      for (const [, sources] of csp) {
        for (const source of sources) expect(source).toMatch(/^('[a-z-]+'|data:|blob:)$/);
      }
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    });
  }

  it('the built index.html has no inline script the policy would block', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].filter((m) => m[1].trim());
    expect(inline).toEqual([]);
    expect(html).not.toMatch(/(src|href)="https?:/);
  });
});

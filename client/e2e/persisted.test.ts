import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, saveScreenshot, signInAs, totalSpend, waitForDashboard } from './browser.js';

// The console with SPENDSCOPE_PERSISTED_QUERIES_ONLY on (docs/security.md, persisted operations):
// every operation it sends is a persisted id without text, so every screen works for every role,
// while free text is refused to a viewer.
const suite = browserSuite({ env: { SPENDSCOPE_PERSISTED_QUERIES_ONLY: 'true' } });

interface Sent {
  method: string;
  body: Record<string, unknown>;
}
interface Answered {
  url: string;
  status: number;
  errors: unknown;
}

/** Every /graphql request the page sends (its JSON body, or a GET's parameters) and every answer. */
function recordGraphql(page: Page): { sent: Sent[]; answered: Promise<Answered>[] } {
  const sent: Sent[] = [];
  const answered: Promise<Answered>[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname !== '/graphql') return;
    const body = request.method() === 'POST' ? (request.postDataJSON() as Record<string, unknown>) : Object.fromEntries([...url.searchParams].map(([k, v]) => [k, k === 'query' ? v : JSON.parse(v)]));
    sent.push({ method: request.method(), body });
  });
  page.on('response', (response) => {
    if (new URL(response.url()).pathname !== '/graphql') return;
    // A response the page navigated away from keeps its status but not its body (Chromium drops
    // it): its status is still checked; only its errors cannot be read.
    answered.push(response.json().then(
      (json: { errors?: unknown }) => ({ url: response.url(), status: response.status(), errors: json.errors }),
      (error: unknown) => (/navigated away|No resource with given identifier/.test(String(error)) ? { url: response.url(), status: response.status(), errors: undefined } : Promise.reject(error)),
    ));
  });
  return { sent, answered };
}

/** The console's own requests carry a 64-hex persisted id and no text at all. */
function expectPersistedOnly(sent: Sent[]) {
  expect(sent.length).toBeGreaterThan(3);
  for (const { body } of sent) {
    expect(body, JSON.stringify(body)).not.toHaveProperty('query');
    const persisted = (body.extensions as { persistedQuery?: { version: number; sha256Hash: string } } | undefined)?.persistedQuery;
    expect(persisted?.version, JSON.stringify(body)).toBe(1);
    expect(persisted?.sha256Hash, JSON.stringify(body)).toMatch(/^[0-9a-f]{64}$/);
  }
}

async function expectAllAnswered(answered: Promise<Answered>[]) {
  for (const answer of await Promise.all(answered)) expect(answer, JSON.stringify(answer)).toMatchObject({ status: 200, errors: undefined });
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], [data-testid="skeleton"]'), undefined, { timeout: 15_000 });
}

describe('persisted operations in Chromium, with the lock on', () => {
  it('a viewer signs in and uses their screens by persisted ids only; their own free text is refused', async () => {
    await suite.withPage(async (page) => {
      const { sent, answered } = recordGraphql(page);
      await signInAs(page, 'viewer@spendscope.test');
      await waitForDashboard(page);
      expect((await totalSpend(page)).value).toBeGreaterThan(0);
      for (const path of ['/categories', '/categories/1', '/suppliers', '/contracts']) {
        await page.goto(path);
        await settle(page);
      }
      await saveScreenshot(page, 'persisted-viewer-contracts');
      expectPersistedOnly(sent);
      await expectAllAnswered(answered);
      // The same session, writing its own document: the lock refuses it.
      const refused = await page.request.post('/graphql', { data: { query: '{ me { email } }' } });
      expect(refused.status()).toBe(403);
      expect(((await refused.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0].extensions.code).toBe('FORBIDDEN');
    });
  });

  it('an admin uses every screen by persisted ids only, and the GraphQL editor still runs text', async () => {
    await suite.withPage(async (page) => {
      const { sent, answered } = recordGraphql(page);
      await signInAs(page, 'admin@spendscope.test');
      await waitForDashboard(page);
      const paths = [
        '/explore', '/lines', '/reports', '/imports', '/admin/suppliers/merge', '/admin/classification', '/admin/fx-rates', '/admin/taxonomy',
        '/admin/users', '/admin/users?edit=new', '/admin/audit', '/categories', '/suppliers', '/contracts', '/contracts/1', '/contracts/1/edit',
      ];
      for (const path of paths) {
        await page.goto(path);
        await settle(page);
      }
      expectPersistedOnly(sent);
      await expectAllAnswered(answered);

      // The workbench sends its document as text, which the admin's role may.
      sent.length = 0;
      await page.goto('/query');
      await page.getByTestId('query-starter').selectOption('top-suppliers');
      await page.locator('.graphiql-query-editor').getByText('TopSuppliersByYear').first().waitFor();
      await page.locator('.graphiql-execute-button').click();
      await page.getByTestId('query-result-table').waitFor();
      expect(sent.some(({ body }) => typeof body.query === 'string' && body.query.includes('TopSuppliersByYear'))).toBe(true);
      await saveScreenshot(page, 'persisted-admin-query');
    });
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../server/test/graphql-client.js';
import { browserSuite, graphqlAs, saveScreenshot, signInAs } from './browser.js';

// The query workbench as the analyst uses it: a starter from the gallery, an edit with the
// schema's autocomplete, a run, the result as a table and a chart, save and share, and the
// shared query opened from /reports by someone else.
const suite = browserSuite();
const withPage = suite.withPage;

const editor = (page: Page) => page.locator('.graphiql-query-editor');

async function openWorkbench(page: Page) {
  await page.goto('/query');
  await editor(page).locator('.monaco-editor').waitFor();
  // The schema arrives by introspection; the docs button is enabled once it has.
  await page.waitForFunction(() => document.querySelectorAll('.graphiql-query-editor .view-line').length > 0);
}

async function run(page: Page) {
  await page.locator('.graphiql-execute-button').click();
  await page.getByTestId('query-run-status').filter({ hasText: /HTTP 200/ }).waitFor();
}

async function editorText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const monaco = (window as unknown as { monaco?: { editor: { getModels(): { uri: { path: string }; getValue(): string }[] } } }).monaco;
    if (monaco) return monaco.editor.getModels().map((m) => m.getValue()).join('\n---\n');
    return [...document.querySelectorAll('.graphiql-query-editor .view-line')].map((l) => (l.textContent ?? '').replace(/\u00a0/g, ' ')).join('\n');
  });
}

describe('/query in Chromium', () => {
  it('opens a starter, completes a field from the schema, runs it, and shows a table and a chart', async () => {
    await withPage(async (page) => {
      await signInAs(page, DEMO.analyst);
      await openWorkbench(page);
      await page.getByTestId('query-starter').selectOption('off-contract');
      await editor(page).getByText('OffContractBySupplier').first().waitFor();

      // Autocomplete from the schema: after `keys { id label` type ` rol` and accept the hint.
      await editor(page).getByText('label').first().click();
      await page.keyboard.press('End');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.type(' rol');
      await page.keyboard.press('Control+Space');
      const hint = page.locator('.suggest-widget .monaco-list-row').filter({ hasText: 'rolledUp' }).first();
      await hint.waitFor();
      await saveScreenshot(page, 'query-autocomplete');
      await page.keyboard.press('Enter');
      expect(await editorText(page)).toMatch(/keys \{ id label rolledUp/);

      await run(page);
      const table = page.getByTestId('query-result-table');
      await table.waitFor();
      await expect.poll(() => table.locator('tbody tr').count()).toBeGreaterThan(5);
      const headers = await table.locator('thead th').allTextContents();
      expect(headers.join('|')).toMatch(/keys\.0\.label/);
      expect(headers.join('|')).toMatch(/values\.0/);
      await page.getByTestId('query-result-chart').locator('.recharts-bar-rectangle').first().waitFor();
      // The same numbers as the API gives for the same document, first row first.
      const api = await graphqlAs<{ spendCube: { rows: { keys: { label: string }[]; values: string[] }[] } }>(
        page,
        `{ spendCube(query: { dimensions: [SUPPLIER], measures: [OFF_CONTRACT_SPEND, SPEND, CONTRACT_COVERAGE], filter: { onContract: false }, limit: 50 }) { rows { keys { label } values } } }`,
      );
      const firstRow = await table.locator('tbody tr').first().locator('td, th').allTextContents();
      expect(firstRow.join('|')).toContain(api.spendCube.rows[0].keys[0].label);
      await saveScreenshot(page, 'query-results');

      // The URL is a link to what is on screen.
      await page.waitForURL((url) => url.searchParams.has('q'));
    });
  });

  it('saves and shares a query, and another user opens it from /reports with their own scope', async () => {
    let savedId = '';
    await withPage(async (page) => {
      await signInAs(page, DEMO.analyst);
      await openWorkbench(page);
      await page.getByTestId('query-starter').selectOption('top-suppliers');
      await editor(page).getByText('TopSuppliersByYear').first().waitFor();
      await page.getByTestId('query-save').click();
      await page.getByTestId('query-save-name').fill('Top suppliers 2025');
      await page.getByTestId('query-save-description').fill('The largest suppliers of 2025.');
      await page.getByTestId('query-save-shared').check();
      await page.getByTestId('query-save-submit').click();
      await page.getByTestId('query-saved-name').filter({ hasText: 'Top suppliers 2025' }).waitFor();
      await page.waitForURL((url) => url.searchParams.has('id'));
      savedId = new URL(page.url()).searchParams.get('id') ?? '';
      await saveScreenshot(page, 'query-saved');
    });
    expect(savedId).not.toBe('');
    await withPage(async (page) => {
      await signInAs(page, DEMO.catman);
      await page.goto('/reports');
      const row = page.locator('tr').filter({ hasText: 'Top suppliers 2025' });
      await row.getByTestId('open-view').click();
      await page.waitForURL((url) => url.pathname === '/query' && url.searchParams.get('id') === savedId);
      await editor(page).getByText('TopSuppliersByYear').first().waitFor();
      await page.getByTestId('query-saved-name').filter({ hasText: 'Top suppliers 2025' }).waitFor();
      await run(page);
      await page.getByTestId('query-result-table').waitFor();
      await saveScreenshot(page, 'query-opened-by-other-user');
    });
  });
});

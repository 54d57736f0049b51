import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../server/test/csv-parse.js';
import { toCents } from '../../server/test/expected.js';
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

      // Autocomplete from the schema: after `keys { dimension id label` type ` rol` and accept the hint.
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
      expect(await editorText(page)).toMatch(/keys \{ dimension id label rolledUp/);

      await run(page);
      const table = page.getByTestId('query-result-table');
      await table.waitFor();
      await expect.poll(() => table.locator('tbody tr').count()).toBeGreaterThan(5);
      const headers = await table.locator('thead th').allTextContents();
      // Columns are named by the dimension and the measures the result gives (the path is the header's title).
      expect(headers.join('|')).toContain('Supplier');
      expect(headers.join('|')).toContain('Off-contract spend');
      expect(headers.join('|')).not.toContain('values.0');
      expect(await table.locator('thead th[data-col="values.0"]').getAttribute('title')).toBe('values.0');
      expect(await page.getByTestId('query-result-chart').textContent()).toContain('Off-contract spend by Supplier');
      // Money with its currency, coverage as a percentage.
      const cells = await table.locator('tbody tr').first().locator('td, th').allTextContents();
      expect(cells.join('|')).toMatch(/€[\d,]+\.\d\d/);
      expect(cells.join('|')).toMatch(/\d+(\.\d)?%/);
      await page.getByTestId('query-result-chart').locator('.recharts-bar-rectangle').first().waitFor();
      // Fifty supplier names read across, one per line, none over another; the value axis is short (100m).
      const chart = page.getByTestId('query-result-chart');
      const names = await chart.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value').evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => ({ top: r.top, bottom: r.bottom })).sort((a, b) => a.top - b.top));
      expect(names.length).toBeGreaterThan(5);
      await chart.scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'query-chart-across');
      for (let i = 1; i < names.length; i++) expect(names[i].top, `label ${i}`).toBeGreaterThanOrEqual(names[i - 1].bottom - 1);
      const valueTicks = await chart.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value').allTextContents();
      expect(valueTicks.length).toBeGreaterThan(1);
      expect(valueTicks.filter((t) => t.length > 6), 'long value ticks').toEqual([]);
      // The same numbers as the API gives for the same document, first row first.
      const api = await graphqlAs<{ spendCube: { rows: { keys: { label: string }[]; values: string[] }[] } }>(
        page,
        `{ spendCube(query: { dimensions: [SUPPLIER], measures: [OFF_CONTRACT_SPEND, SPEND, CONTRACT_COVERAGE], filter: { onContract: false }, limit: 50 }) { rows { keys { label } values } } }`,
      );
      const firstRow = await table.locator('tbody tr').first().locator('td, th').allTextContents();
      expect(firstRow.join('|')).toContain(api.spendCube.rows[0].keys[0].label);
      await saveScreenshot(page, 'query-results');

      // The docs explorer reads the schema's descriptions.
      await page.locator('.graphiql-sidebar button[aria-label="Show Documentation Explorer"]').click();
      const docs = page.locator('.graphiql-doc-explorer');
      await docs.getByText('Query', { exact: true }).first().click();
      await docs.getByText('spendCube').first().waitFor();
      await saveScreenshot(page, 'query-docs');

      // Export XLSX: its total equals the API's sum of the same rows, to the cent.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
      expect(download.suggestedFilename()).toMatch(/^spendscope-query-.*\.xlsx$/);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(await download.path());
      const sheet = book.getWorksheet('Result')!;
      let headerRow = 0;
      sheet.eachRow((row, n) => {
        if (row.getCell(1).value === 'keys.0.dimension') headerRow = n; // no readable name of its own: the path stays
      });
      const header = (sheet.getRow(headerRow).values as unknown[]).slice(1);
      const col = header.indexOf('Off-contract spend') + 1;
      let cents = 0;
      for (let n = headerRow + 1; n <= sheet.rowCount; n++) cents += Math.round(Number(sheet.getRow(n).getCell(col).value) * 100);
      const apiCents = api.spendCube.rows.reduce((sum, r) => sum + Math.round(Number(r.values[0]) * 100), 0);
      expect(sheet.rowCount - headerRow).toBe(api.spendCube.rows.length);
      expect(cents).toBe(apiCents);

      // The URL is a link to what is on screen: a fresh page from it opens the same text.
      await page.waitForURL((url) => url.searchParams.has('q'));
      await page.goto(page.url());
      await editor(page).getByText('rolledUp').first().waitFor();
    });
  });

  it('at 1280 px the editor has most of the width and wraps long lines whole; at 1920 the response pane keeps room', async () => {
    // Each line of the operation editor: its text, and whether it ends inside the editor's visible width.
    const layout = (page: Page) =>
      page.evaluate(() => {
        const pane = document.querySelector('.graphiql-query-editor')!;
        const visibleRight = pane.querySelector('.monaco-editor .editor-scrollable')!.getBoundingClientRect().right;
        const lines = [...pane.querySelectorAll<HTMLElement>('.view-line')].sort((a, b) => a.offsetTop - b.offsetTop);
        return {
          editor: pane.getBoundingClientRect().width,
          response: document.querySelector('.graphiql-response')!.getBoundingClientRect().width,
          text: lines.map((line) => (line.textContent ?? '').replace(/\u00a0/g, ' ')),
          cut: lines.filter((line) => line.firstElementChild!.getBoundingClientRect().right > visibleRight + 1).map((line) => line.textContent),
        };
      });
    await withPage(async (page) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await signInAs(page, DEMO.analyst);
      await openWorkbench(page);
      const welcome = await layout(page);
      expect(welcome.editor).toBeGreaterThanOrEqual(600);
      expect(welcome.text.join('')).toContain('# The GraphQL workbench: write a query against the live schema.');
      expect(welcome.cut).toEqual([]);
      await saveScreenshot(page, 'query-1280-welcome');

      // A long one-line query with the cursor at its end, run: the line starts in view, nothing is cut.
      const oneLine = '{ spendCube(query: { dimensions: [SUPPLIER], measures: [SPEND, LINE_COUNT, CONTRACT_COVERAGE], limit: 10 }) { rows { keys { label } values } } }';
      await page.goto(`/query?text=${encodeURIComponent(oneLine)}`);
      await editor(page).getByText('spendCube').first().waitFor();
      await editor(page).locator('.view-line').first().click();
      await page.keyboard.press('Control+End');
      await run(page);
      await page.getByTestId('query-result-table').waitFor();
      const long = await layout(page);
      expect(long.text[0]).toMatch(/^\{ spendCube\(/);
      expect(long.text.join('')).toBe(oneLine);
      expect(long.cut).toEqual([]);
      await saveScreenshot(page, 'query-1280-long-line');

      await page.setViewportSize({ width: 1920, height: 1080 });
      await expect.poll(async () => (await layout(page)).editor).toBeGreaterThan(900);
      const wide = await layout(page);
      expect(wide.response).toBeGreaterThanOrEqual(400);
      expect(wide.cut).toEqual([]);
      await saveScreenshot(page, 'query-1920-long-line');

      // Shift+Ctrl+P prettifies, as the welcome text says (GraphiQL's own binding is Shift+Win+P off a Mac).
      await page.goto(`/query?text=${encodeURIComponent('{ me { email } }')}`);
      await editor(page).getByText('email').first().waitFor();
      await editor(page).locator('.view-line').first().click();
      await page.keyboard.press('Shift+Control+P');
      await expect.poll(() => editorText(page)).toContain('{\n  me {\n    email\n  }\n}');

      // Tab indents in the editor; Ctrl+M, then Tab, moves out of it, as the line under the editors says.
      const inEditor = () => page.evaluate(() => Boolean(document.activeElement?.closest('.graphiql-query-editor .monaco-editor')));
      await editor(page).locator('.view-line').first().click();
      expect(await inEditor()).toBe(true);
      await page.keyboard.press('Tab');
      expect(await inEditor()).toBe(true);
      expect(await page.getByTestId('query-editor-hint').textContent()).toContain('press Ctrl+M, then Tab');
      await page.keyboard.press('Control+m');
      await page.keyboard.press('Tab');
      expect(await inEditor()).toBe(false);
      // To the next control, the run button.
      expect(await page.evaluate(() => document.activeElement?.closest('button')?.getAttribute('aria-label'))).toMatch(/execute|run/i);
    });
  });

  it('explains errors readably and cancels a slow query from the stop button', async () => {
    await withPage(
      async (page) => {
        await signInAs(page, DEMO.analyst);
        await page.goto(`/query?text=${encodeURIComponent('{\n  spendSummary {\n    totalSpend\n    nonsense\n  }\n}')}`);
        await editor(page).locator('.monaco-editor').waitFor();
        await editor(page).getByText('nonsense').first().waitFor();
        await page.locator('.graphiql-execute-button').click();
        const errors = page.getByTestId('query-errors');
        await errors.waitFor();
        // The message first, with where it is; the code after it, as a small tag.
        expect(await errors.locator('li').first().textContent()).toMatch(/^Cannot query field "nonsense".*\(line 4, column 5\)\./);
        // An analyst may not write through the editor: FORBIDDEN, as everywhere.
        await page.goto(`/query?text=${encodeURIComponent('mutation { classifyLines(lineIds: ["1"], categoryId: null) }')}`);
        await editor(page).getByText('classifyLines').first().waitFor();
        await page.locator('.graphiql-execute-button').click();
        await expect.poll(async () => (await page.getByTestId('query-errors').textContent()) ?? '').toMatch(/\. FORBIDDEN$/);

        // A slow cube: the run button turns into stop; stopping aborts the request and the server cancels the statement.
        suite.server.slowStatements.add('spend.cube');
        try {
          await page.goto(`/query?text=${encodeURIComponent('{ spendCube(query: { dimensions: [YEAR], measures: [SPEND] }) { rows { values } } }')}`);
          await editor(page).getByText('spendCube').first().waitFor();
          await page.locator('.graphiql-execute-button').click();
          await page.waitForTimeout(500);
          await page.locator('.graphiql-execute-button').click();
          await page.getByTestId('query-run-status').filter({ hasText: /Cancelled/ }).waitFor();
          await saveScreenshot(page, 'query-cancelled');
          await expect.poll(() => suite.server.loggedInfo.some((line) => line.startsWith('graphql.cancelled')), { timeout: 10_000 }).toBe(true);
        } finally {
          suite.server.slowStatements.delete('spend.cube');
        }
      },
      // Chromium logs the validation error's HTTP 400 itself; the page shows it readably.
      ['console: Failed to load resource: the server responded with a status of 400 (Bad Request)'],
    );
  });

  it('a viewer has no workbench', async () => {
    await withPage(async (page) => {
      await signInAs(page, DEMO.viewer);
      expect(await page.getByRole('link', { name: 'Query' }).count()).toBe(0);
      await page.goto('/query');
      await page.getByTestId('access-denied').waitFor();
      expect(await page.locator('.graphiql-container').count()).toBe(0);
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
      // Exported from its row: the query's result for this user (their categories only), to the cent.
      const [file] = await Promise.all([page.waitForEvent('download'), row.getByTestId('export-csv').click()]);
      const [header, ...rows] = parseCsv((await readFile(await file.path())).toString('utf8').replace(/^\uFEFF/, ''));
      const { savedView } = await graphqlAs<{ savedView: { definition: string } }>(page, `query($id: ID!) { savedView(id: $id) { definition } }`, { id: savedId });
      const definition = JSON.parse(savedView.definition) as { document: string; variables: Record<string, unknown> };
      const api = await graphqlAs<{ spendCube: { rows: { keys: { label: string }[]; values: string[] }[] } }>(page, definition.document, definition.variables);
      expect(api.spendCube.rows.length).toBeGreaterThan(0);
      const [label, spend] = [header.indexOf('Supplier'), header.indexOf('Spend')];
      expect(rows.map((r) => [r[label], toCents(r[spend])])).toEqual(api.spendCube.rows.map((r) => [r.keys[0].label, toCents(r.values[0])]));
      await saveScreenshot(page, 'reports-saved-query-export');
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

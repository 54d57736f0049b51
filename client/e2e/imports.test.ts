import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../server/src/store/sql.js';
import { saveScreenshot, totalSpend, waitForDashboard, browserSuite, datasetsDir, graphqlAs, signInAs } from './browser.js';

const oxfordFile = path.join(datasetsDir, 'uk-oxford-city-spend-over-500', 'expenditure-over-500-jan-mar-2015.csv');
const oxfordSource = 'Oxford City Council';

const suite = browserSuite();
const withPage = suite.withPage;
let scratchDir: string;

beforeAll(async () => {
  scratchDir = await mkdtemp(path.join(tmpdir(), 'spendscope-imports-e2e-'));
});

afterAll(async () => {
  if (scratchDir) await rm(scratchDir, { recursive: true, force: true });
});

/** Exact cents of a Decimal string such as "-1234.5" or "16047235.39". */
function cents(decimal: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(decimal.trim());
  if (!match) throw new Error(`Not a money Decimal: ${decimal}`);
  const value = BigInt(match[2]) * 100n + BigInt((match[3] ?? '0').padEnd(2, '0'));
  return match[1] ? -value : value;
}

/** Total spend over every date ("All time"): a filter without dates covers the whole data range. */
async function allTimeTotal(page: Page): Promise<bigint> {
  const data = await graphqlAs<{ spendSummary: { totalSpend: string } }>(page, 'query { spendSummary(filter: {}) { totalSpend } }');
  return cents(data.spendSummary.totalSpend);
}

interface BatchFacts {
  status: string;
  totalAmount: string;
  acceptedCount: number;
  duplicateCount: number;
  notes: string[];
}

async function batchFacts(page: Page, id: string): Promise<BatchFacts> {
  const data = await graphqlAs<{ importBatch: BatchFacts }>(
    page,
    'query ($id: ID!) { importBatch(id: $id) { status totalAmount acceptedCount duplicateCount notes } }',
    { id },
  );
  return data.importBatch;
}

async function waitForStatus(page: Page, status: string) {
  await page.locator(`[data-testid="import-batch-page"][data-status="${status}"]`).waitFor({ timeout: 30_000 });
}

/** Uploads through the upload card and returns the new batch id from the URL it opens. */
async function uploadThroughUi(page: Page, file: string, source: string, screenshot?: string): Promise<string> {
  await page.goto('/imports');
  await page.getByTestId('upload-card').waitFor();
  await page.getByLabel('Source').fill(source);
  await page.getByTestId('upload-file-input').setInputFiles(file);
  await expect.poll(() => page.getByTestId('upload-file-name').textContent()).toBe(path.basename(file));
  if (screenshot) await saveScreenshot(page, screenshot);
  await page.getByTestId('upload-submit').click();
  await page.waitForURL((url) => /^\/imports\/[^/]+$/.test(url.pathname), { timeout: 30_000 });
  await page.getByTestId('mapping-editor').waitFor();
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

async function signInAsFinance(page: Page) {
  await signInAs(page, 'finance@spendscope.test');
  await waitForDashboard(page);
}

/** Expects the overview's "All time" total, as the console shows it, to reach `expected` cents. */
async function expectOverviewAllTimeCents(page: Page, expected: bigint): Promise<void> {
  await page.goto('/');
  await waitForDashboard(page);
  await page.getByTestId('preset-all-time').click();
  await page.waitForURL((url) => url.searchParams.has('from'));
  await waitForDashboard(page);
  // The twelve-month figure stays on screen until the all-time one arrives: poll, don't read once.
  await expect.poll(async () => BigInt(Math.round((await totalSpend(page)).value * 100)), { timeout: 15_000 }).toBe(expected);
}

describe('imports in Chromium', () => {
  it('uploads, maps, validates, commits and rolls back a council file; the total moves by exactly the batch', async () => {
    await withPage(async (page) => {
      await signInAsFinance(page);
      const before = await allTimeTotal(page);
      await expectOverviewAllTimeCents(page, before);

      // Upload through the card, with real progress, then the batch opens.
      const batchId = await uploadThroughUi(page, oxfordFile, oxfordSource, 'imports-upload');
      expect(await page.getByTestId('import-status').textContent()).toContain('Uploaded');
      const facts = await page.getByTestId('import-file-facts').textContent();
      expect(facts).toContain(oxfordSource);
      expect(facts).toContain('UTF-8');
      expect(facts).toContain('Comma');

      // Proposals are pre-selected; the unsure one is flagged; the currency is detected and says how.
      const amountSelect = page.locator('[data-testid^="mapping-select-"][data-header="Amount"]');
      expect(await amountSelect.inputValue()).toBe('AMOUNT');
      expect(await page.locator('[data-testid^="mapping-select-"][data-header="Supplier Name"]').inputValue()).toBe('SUPPLIER_NAME');
      expect(await page.getByTestId('mapping-unsure').count()).toBeGreaterThan(0);
      expect(await page.getByTestId('mapping-default-currency').inputValue()).toBe('GBP');
      expect(await page.getByTestId('mapping-currency-hint').textContent()).toMatch(/GBP, (detected from the file's column names|as chosen for this source before)/);
      // Emptying it blocks validation: the currency is never left to a guess nobody saw.
      await page.getByTestId('mapping-default-currency').selectOption('');
      expect(await page.getByTestId('validate-button').isDisabled()).toBe(true);
      // The empty choice reads whole ("Choose…"), not cut to the select's width.
      const shown = await page.getByTestId('mapping-default-currency').evaluate((select: HTMLSelectElement) => {
        const style = getComputedStyle(select);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = select.selectedOptions[0].text;
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16; // the arrow
        return { text, fits: context.measureText(text).width <= room };
      });
      expect(shown).toEqual({ text: 'Choose…', fits: true });
      await page.getByTestId('mapping-default-currency').selectOption('GBP');
      await page.locator('[data-testid^="mapping-select-"][data-header="caporrev"]').selectOption('DESCRIPTION');

      // Unmapping a required field warns and blocks validation; mapping it back clears that.
      await amountSelect.selectOption('');
      await page.getByTestId('mapping-missing').waitFor();
      expect(await page.getByTestId('validate-button').isDisabled()).toBe(true);
      await amountSelect.selectOption('AMOUNT');
      await page.getByTestId('mapping-missing').waitFor({ state: 'detached' });
      await saveScreenshot(page, 'imports-mapping');

      await page.getByTestId('validate-button').click();
      await waitForStatus(page, 'VALIDATED');
      await page.getByTestId('import-preview').waitFor();
      const validated = await batchFacts(page, batchId);
      expect(validated.acceptedCount).toBeGreaterThan(3000);
      expect(await page.getByTestId('count-accepted-value').textContent()).toBe(validated.acceptedCount.toLocaleString('en-GB'));
      expect(await page.getByTestId('count-total-GBP').textContent()).toContain('£');
      const previewRows = await page.locator('[data-testid="import-preview"] tbody tr').count();
      expect(previewRows).toBe(20);
      expect(await page.locator('[data-testid="import-preview"] tbody tr').first().textContent()).toContain('Revenue');
      await page.getByTestId('problems-table').waitFor();
      expect(await page.locator('[data-testid="problems-table"] tbody tr').count()).toBeGreaterThan(0);
      expect(await page.getByTestId('problems-table').textContent()).toContain('SUPPLIER_REDACTED');
      // The pager shows where the page sits in the server's count and moves a page at a time.
      const problemCount = (
        await graphqlAs<{ importBatch: { problems: { totalCount: number } } }>(page, 'query ($id: ID!) { importBatch(id: $id) { problems { totalCount } } }', { id: batchId })
      ).importBatch.problems.totalCount;
      const range = page.getByTestId('problems-pager-range');
      expect(await range.textContent()).toBe(`1–${Math.min(25, problemCount).toLocaleString('en-GB')} of ${problemCount.toLocaleString('en-GB')}`);
      if (problemCount > 25) {
        const firstRow = await page.locator('[data-testid="problems-table"] tbody tr').first().textContent();
        await page.getByTestId('problems-pager-next').click();
        await page.waitForFunction((count) => document.querySelector('[data-testid="problems-pager-range"]')?.textContent === `26–${Math.min(50, count).toLocaleString('en-GB')} of ${count.toLocaleString('en-GB')}`, problemCount);
        await page.waitForFunction((text) => document.querySelector('[data-testid="problems-table"] tbody tr')?.textContent !== text, firstRow);
        expect(await page.getByTestId('problems-pager-previous').isDisabled()).toBe(false);
        // The page is in the URL: a reload stays on it.
        expect(new URL(page.url()).searchParams.get('poffset')).toBe('25');
        const secondFirst = await page.locator('[data-testid="problems-table"] tbody tr').first().textContent();
        await page.reload();
        await page.waitForFunction((text) => document.querySelector('[data-testid="problems-table"] tbody tr')?.textContent === text, secondFirst);
        await page.getByTestId('problems-pager-first').click();
        await page.waitForFunction((text) => document.querySelector('[data-testid="problems-table"] tbody tr')?.textContent === text, firstRow);
      }
      // Which problems are shown is in the URL too, and choosing starts again at the first page.
      await page.getByRole('group', { name: 'Show problems' }).getByRole('button', { name: 'Warnings' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('problems')).toBe('WARNING');
      expect(new URL(page.url()).searchParams.get('poffset')).toBeNull();
      await page.reload();
      await expect.poll(() => page.getByRole('group', { name: 'Show problems' }).getByRole('button', { name: 'Warnings' }).getAttribute('aria-pressed')).toBe('true');
      await page.getByRole('group', { name: 'Show problems' }).getByRole('button', { name: 'All' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.has('problems')).toBe(false);
      expect(await page.getByTestId('problems-download').getAttribute('href')).toBe(`/api/imports/${batchId}/problems.csv`);
      const csv = await page.request.get(`/api/imports/${batchId}/problems.csv`);
      expect(csv.status()).toBe(200);
      expect((await csv.text()).split('\n')[0]).toContain('Row');
      await saveScreenshot(page, 'imports-preview');

      // Commit: the dialog states the total; the all-time total rises by exactly the batch's total.
      await page.getByTestId('commit-button').click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await dialog.getByTestId('confirm-commit-total').textContent()).toMatch(/^€[\d,]+\.\d\d$/);
      await saveScreenshot(page, 'imports-commit-dialog');
      await dialog.getByTestId('confirm-dialog-confirm').click();
      await waitForStatus(page, 'COMMITTED');
      const committed = await batchFacts(page, batchId);
      expect(committed.status).toBe('COMMITTED');
      const afterCommit = await allTimeTotal(page);
      expect(afterCommit - before).toBe(cents(committed.totalAmount));
      expect(cents(committed.totalAmount)).toBeGreaterThan(0n);
      await expectOverviewAllTimeCents(page, afterCommit);

      // The same file again from the same source: mapped as last time, every line a duplicate.
      const againId = await uploadThroughUi(page, oxfordFile, oxfordSource);
      expect(await page.getByTestId('import-notes').textContent()).toContain(`Columns mapped as the last file from ${oxfordSource}`);
      await page.getByTestId('validate-button').click();
      await waitForStatus(page, 'VALIDATED');
      const again = await batchFacts(page, againId);
      expect(again.duplicateCount).toBe(again.acceptedCount);
      expect(await page.getByTestId('import-duplicates').textContent()).toContain(
        `${again.duplicateCount.toLocaleString('en-GB')} lines were already imported from this source and will be skipped`,
      );
      await page.getByTestId('discard-button').click();
      await page.getByRole('dialog').getByTestId('confirm-dialog-confirm').click();
      await waitForStatus(page, 'DISCARDED');
      expect(await allTimeTotal(page)).toBe(afterCommit);

      // Roll back the first batch: the total is back to the original, to the cent.
      await page.goto(`/imports/${batchId}`);
      await waitForStatus(page, 'COMMITTED');
      await page.getByTestId('rollback-button').click();
      await page.getByRole('dialog').getByTestId('confirm-dialog-confirm').click();
      await waitForStatus(page, 'ROLLED_BACK');
      expect((await batchFacts(page, batchId)).status).toBe('ROLLED_BACK');
      expect(await allTimeTotal(page)).toBe(before);
      await expectOverviewAllTimeCents(page, before);

      // History: newest first, with readable statuses, each linking to its batch.
      await page.goto('/imports');
      await page.getByTestId(`import-row-${againId}`).waitFor();
      const rows = page.locator('[data-testid="import-history"] tbody tr');
      expect(await rows.nth(0).getAttribute('data-testid')).toBe(`import-row-${againId}`);
      expect(await rows.nth(1).getAttribute('data-testid')).toBe(`import-row-${batchId}`);
      expect(await page.getByTestId(`import-row-${batchId}`).textContent()).toContain('Rolled back');
      expect(await page.getByTestId(`import-row-${againId}`).textContent()).toContain('Discarded');
      await saveScreenshot(page, 'imports-history');
      await page.getByTestId(`import-row-${batchId}`).getByRole('link').click();
      await waitForStatus(page, 'ROLLED_BACK');
    });
  });

  it('a file with posting dates, quantities and unit prices: mapped from its headers, shown on its lines', async () => {
    const file = path.join(scratchDir, 'priced.csv');
    const rows = [
      { date: '2025-04-01', posted: '2025-04-03', description: 'A4 paper box', qty: '1250.5', price: '0.123457', amount: '154.38', shownQty: '1,250.5', shownPrice: '£0.123457' },
      { date: '2025-04-02', posted: '', description: 'Toner cartridge', qty: '4', price: '4.5', amount: '18.00', shownQty: '4', shownPrice: '£4.50' },
    ];
    await writeFile(file, ['Invoice Date,Posting Date,Supplier Name,Description,Qty,Unit Price,Net Amount',
      ...rows.map((r) => [r.date, r.posted, 'Priced Paper Co Ltd', r.description, r.qty, r.price, r.amount].join(','))].join('\n'));
    await withPage(async (page) => {
      await signInAsFinance(page);
      await uploadThroughUi(page, file, 'Priced scratch');
      const fieldOf = (header: string) => page.locator(`[data-testid^="mapping-select-"][data-header="${header}"]`).inputValue();
      expect([await fieldOf('Posting Date'), await fieldOf('Qty'), await fieldOf('Unit Price')]).toEqual(['POSTING_DATE', 'QUANTITY', 'UNIT_PRICE']);
      await page.getByTestId('mapping-default-currency').selectOption('GBP');
      await page.getByTestId('validate-button').click();
      await waitForStatus(page, 'VALIDATED');
      await page.getByTestId('commit-button').click();
      await page.getByRole('dialog').getByTestId('confirm-dialog-confirm').click();
      await waitForStatus(page, 'COMMITTED');

      const [{ id }] = await suite.server.store.query<{ id: number }>(sql`SELECT id FROM suppliers WHERE name = 'Priced Paper Co Ltd'`, { name: 'test.pricedSupplier' });
      const filter = { dateFrom: '2025-04-01', dateTo: '2025-04-30', members: [{ dimension: 'SUPPLIER', ids: [String(id)] }] };
      await page.goto(`/lines?filter=${encodeURIComponent(JSON.stringify(filter))}`);
      const grid = page.getByTestId('lines-grid');
      await expect.poll(async () => grid.locator('[role="row"]:has([role="gridcell"])').count(), { timeout: 15_000 }).toBe(rows.length);
      // Each line's row shows the quantity and unit price the file gave, in the line's currency.
      for (const r of rows) {
        const row = grid.locator('[role="row"]', { hasText: r.description });
        const cells = await row.locator('[role="gridcell"]').allTextContents();
        expect(cells).toEqual(expect.arrayContaining([r.shownQty, r.shownPrice]));
      }
      await grid.locator('[role="row"]', { hasText: rows[0].description }).locator('[role="gridcell"]').last().scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'lines-quantities');
    });
  });

  it('a file with no accepted row has nothing to commit: it says so, and only discarding is offered', async () => {
    const headerOnly = path.join(scratchDir, 'header-only.csv');
    await writeFile(headerOnly, 'Date,Amount,Supplier\n');
    await withPage(async (page) => {
      await signInAsFinance(page);
      await uploadThroughUi(page, headerOnly, 'Scratch empty');
      await page.getByTestId('mapping-default-currency').selectOption('EUR');
      await page.getByTestId('validate-button').click();
      await waitForStatus(page, 'VALIDATED');
      expect(await page.getByTestId('import-actions-text').textContent()).toBe('Nothing to commit. The file has no rows below its header.');
      expect(await page.getByTestId('commit-button').isDisabled()).toBe(true);
      await saveScreenshot(page, 'imports-nothing-to-commit');
      await page.getByTestId('discard-button').click();
      await page.getByRole('dialog').getByTestId('confirm-dialog-confirm').click();
      await waitForStatus(page, 'DISCARDED');
    });
  });

  it('at 1280 px the history shows every column, the upload date and the totals whole, without scrolling sideways', async () => {
    await withPage(async (page) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await signInAs(page, 'admin@spendscope.test');
      await page.goto('/imports');
      const history = page.getByTestId('import-history');
      await history.locator('tbody tr').first().waitFor();
      // The cells of a column, found by its header (the table marks headers only).
      const cellsOf = (column: string) =>
        history.evaluate((table, id) => {
          const box = table.parentElement!.getBoundingClientRect();
          const index = [...table.querySelectorAll('thead th')].findIndex((th) => th.getAttribute('data-col') === id);
          return [...table.querySelectorAll(`thead th:nth-child(${index + 1}), tbody td:nth-child(${index + 1})`)].map((cell) => ({
            text: cell.textContent,
            hidden: index < 0 || cell.getBoundingClientRect().right > box.right + 1 || cell.scrollWidth > cell.clientWidth + 1,
          }));
        }, column);
      for (const column of ['uploaded', 'total']) {
        const cells = await cellsOf(column);
        expect(cells.length, column).toBeGreaterThan(1);
        expect(cells.filter((cell) => cell.hidden), column).toEqual([]);
      }
      expect(await history.evaluate((table) => table.parentElement!.scrollWidth <= table.parentElement!.clientWidth + 1)).toBe(true);
      await saveScreenshot(page, 'imports-history-1280');
    });
  });

  it('shows the server’s message when a file cannot be read', async () => {
    const notATable = path.join(scratchDir, 'notes.txt');
    await writeFile(notATable, 'just one line of prose\nand another\n');
    await withPage(async (page) => {
      await signInAsFinance(page);
      await page.goto('/imports');
      await page.getByLabel('Source').fill('Scratch');
      await page.getByTestId('upload-file-input').setInputFiles(notATable);
      await page.getByTestId('upload-submit').click();
      const error = page.getByTestId('upload-error');
      await error.waitFor();
      expect(await error.textContent()).toContain('no header row');
      expect(new URL(page.url()).pathname).toBe('/imports');
      // The history below shows the failed batch at once, not after the next upload.
      const failedPath = await error.getByRole('link', { name: 'See the failed batch' }).getAttribute('href');
      const failedId = failedPath?.split('/').pop() ?? '';
      await page.getByTestId(`import-row-${failedId}`).waitFor();
      expect(await page.getByTestId(`import-row-${failedId}`).textContent()).toContain('notes.txt');
      await error.getByRole('link', { name: 'See the failed batch' }).click();
      await waitForStatus(page, 'FAILED');
      expect(await page.getByTestId('import-failure').textContent()).toContain('no header row');
    }, ['console: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)']);
  });
});

import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sql } from '../../server/src/store/sql.js';
import { browserSuite, saveScreenshot, graphqlAs, signInAs } from './browser.js';

const suite = browserSuite();
const withPage = suite.withPage;

const unclassifiedPath = `/lines?filter=${encodeURIComponent(JSON.stringify({ members: [{ dimension: 'CATEGORY_L1', ids: [null] }] }))}`;

const grid = (page: Page) => page.getByTestId('lines-grid');

/** The line count in the page header, as a number ("1,234" → 1234). */
async function headerCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('lines-count').textContent()) ?? '';
  return Number(text.replace(/[^0-9]/g, ''));
}

async function waitForLines(page: Page) {
  await grid(page).locator('.data-table__body [role="row"]').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('.lines-card[aria-busy="true"]'));
}

interface LinePage {
  spendLines: { nodes: { id: string; categoryId: string | null; classificationSource: string }[]; pageInfo: { hasNextPage: boolean } };
}

const linesInCategoryQuery = `query ($filter: SpendFilter, $page: PageInput) {
  spendLines(filter: $filter, page: $page) { nodes { id categoryId classificationSource } pageInfo { hasNextPage } }
}`;

/** Every line the server files under a level-3 category, read page by page. */
async function linesInCategory(page: Page, categoryId: string) {
  const found: LinePage['spendLines']['nodes'] = [];
  for (let offset = 0; ; offset += 500) {
    const data = await graphqlAs<LinePage>(page, linesInCategoryQuery, {
      filter: { members: [{ dimension: 'CATEGORY_L3', ids: [categoryId] }] },
      page: { offset, limit: 500 },
    });
    found.push(...data.spendLines.nodes);
    if (!data.spendLines.pageInfo.hasNextPage) return found;
  }
}

describe('manual classification on the lines screen', () => {
  it('lets an admin classify two unclassified lines by hand', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'admin@spendscope.test');
      await page.goto(unclassifiedPath);
      await waitForLines(page);
      const before = await headerCount(page);
      expect(before).toBeGreaterThan(2);
      await expect.poll(() => page.getByTestId('classify-bar').textContent()).toContain('Tick lines');

      // Tick the first two lines with real checkboxes.
      const boxes = grid(page).locator('.data-table__body input[data-testid="line-select"]');
      const ids = [await boxes.nth(0).getAttribute('data-line-id'), await boxes.nth(1).getAttribute('data-line-id')];
      expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
      await boxes.nth(0).check();
      await boxes.nth(1).check();
      await expect.poll(() => page.getByTestId('classify-selected-count').textContent()).toBe('2 selected');

      // The first real category offered (not the placeholder, not "Unclassified").
      const select = page.getByTestId('classify-category');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="classify-category"] optgroup option').length > 0);
      const options = await select.locator('option').evaluateAll((elements) =>
        elements.map((element) => ({ value: (element as HTMLOptionElement).value, text: element.textContent ?? '', disabled: (element as HTMLOptionElement).disabled })),
      );
      const chosen = options.find((option) => !option.disabled && option.value !== '' && option.text !== 'Unclassified');
      expect(chosen).toBeDefined();
      const categoryId = chosen!.value;
      await select.selectOption(categoryId);
      await saveScreenshot(page, 'lines-classify');
      await page.getByTestId('classify-apply').click();

      const result = page.getByTestId('classify-result');
      await result.waitFor();
      const message = (await result.textContent()) ?? '';
      expect(message).toMatch(/^2 lines classified as .+ — rules will not change them$/);
      expect(message).toContain(chosen!.text.replace(/ \([^)]*\)$/, ''));

      // The header count is read again after the refetch: exactly two fewer unclassified lines.
      await expect.poll(() => headerCount(page), { timeout: 10_000 }).toBe(before - 2);
      await waitForLines(page);
      await saveScreenshot(page, 'lines-classify-done');
      expect(await headerCount(page)).toBe(before - 2);
      expect(await grid(page).locator('input[data-testid="line-select"]:checked').count()).toBe(0);
      const shownIds = await grid(page).locator('.data-table__body input[data-testid="line-select"]').evaluateAll((elements) => elements.map((element) => element.getAttribute('data-line-id')));
      for (const id of ids) expect(shownIds).not.toContain(id);

      // The server's own answer: both lines are MANUAL in the chosen category.
      const inCategory = await linesInCategory(page, categoryId);
      for (const id of ids) {
        const line = inCategory.find((candidate) => candidate.id === id);
        expect(line, `line ${id} in category ${categoryId}`).toBeDefined();
        expect(line?.classificationSource).toBe('MANUAL');
        expect(line?.categoryId).toBe(categoryId);
      }

      // The lines now show in that category (newest first, as they were) with the "Manual" badge.
      await page.goto(`/lines?filter=${encodeURIComponent(JSON.stringify({ members: [{ dimension: 'CATEGORY_L3', ids: [categoryId] }] }))}`);
      await waitForLines(page);
      for (const id of ids) {
        const row = grid(page).locator('.data-table__body [role="row"]').filter({ has: page.locator(`input[data-line-id="${id}"]`) });
        expect(await row.getByTestId('classification-source').textContent()).toBe('Manual');
      }
    });
  });

  it('shows an analyst no checkboxes and no classify bar', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'analyst@spendscope.test');
      await page.goto(unclassifiedPath);
      await waitForLines(page);
      expect(await headerCount(page)).toBeGreaterThan(0);
      expect(await page.locator('input[type="checkbox"]').count()).toBe(0);
      expect(await page.getByTestId('classify-bar').count()).toBe(0);
    });
  });
});

describe('the filter bar and search on the lines screen', () => {
  const formatCount = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
  /** The test's own count, in plain SQL over the server's database. */
  async function countLines(where: ReturnType<typeof sql>): Promise<string> {
    const [row] = await suite.server.store.query<{ n: string }>(
      sql`SELECT COUNT(*) AS n FROM spend_lines s JOIN suppliers sup ON sup.id = s.supplier_id WHERE ${where}`,
      { name: 'test.count' },
    );
    return formatCount.format(Number(row.n));
  }
  const shownCount = async (page: Page) => (await page.getByTestId('lines-count').textContent()) ?? '';

  it('lists every date by default, narrows by a preset, and searches supplier and description', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'analyst@spendscope.test');
      await page.goto('/lines');
      await waitForLines(page);
      expect(await page.getByTestId('preset-all-time').getAttribute('aria-pressed')).toBe('true');
      expect(await shownCount(page)).toBe(await countLines(sql`TRUE`));

      await page.getByTestId('preset-year-2025').click();
      await page.waitForURL((url) => url.searchParams.get('from') === '2025-01-01' && url.searchParams.get('to') === '2025-12-31');
      const year = sql`s.invoice_date BETWEEN DATE '2025-01-01' AND DATE '2025-12-31'`;
      await expect.poll(() => shownCount(page)).toBe(await countLines(year));

      // The search goes to the server with the period: case does not matter.
      await page.getByTestId('lines-search').fill('SaaS');
      await page.getByTestId('lines-search').press('Enter');
      await page.waitForURL((url) => url.searchParams.get('q') === 'SaaS');
      const matches = sql`(lower(s.description) LIKE '%saas%' OR lower(s.raw_supplier_name) LIKE '%saas%' OR lower(sup.name) LIKE '%saas%')`;
      const expected = await countLines(sql`${year} AND ${matches}`);
      expect(expected).not.toBe('0');
      await expect.poll(() => shownCount(page)).toBe(expected);
      await waitForLines(page);
      const descriptions = await grid(page).locator('.data-table__body [role="row"]').allTextContents();
      expect(descriptions.length).toBeGreaterThan(0);
      await saveScreenshot(page, 'lines-search');

      // The export holds the same lines, search included.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
      const csv = await readFile((await download.path())!, 'utf8');
      expect(formatCount.format(csv.trimEnd().split('\r\n').length - 1)).toBe(expected);

      // Nothing found: say so, and offer to clear the search.
      await page.getByTestId('lines-search').fill('no such supplier anywhere');
      await page.getByTestId('lines-search').press('Enter');
      await page.getByText('No line’s supplier or description contains “no such supplier anywhere”').waitFor();
      await page.getByRole('button', { name: 'Clear the search' }).click();
      await page.waitForURL((url) => !url.searchParams.has('q'));
      await expect.poll(() => shownCount(page)).toBe(await countLines(year));
    });
  });

  it('keeps a drill-down while the bar changes its period, and moves an older link’s dates into the bar', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'analyst@spendscope.test');
      const [{ id, name }] = await suite.server.store.query<{ id: number; name: string }>(sql`SELECT id, name FROM categories WHERE level = 1 ORDER BY code LIMIT 1`, { name: 'test.category' });
      const inCategory = sql`s.category_id IN (SELECT c.id FROM categories c WHERE c.l1_id = ${id})`;
      // A link from before the filter bar: its dates sit inside the filter.
      const filter = { dateFrom: '2025-01-01', dateTo: '2025-06-30', members: [{ dimension: 'CATEGORY_L1', ids: [String(id)] }] };
      await page.goto(`/lines?filter=${encodeURIComponent(JSON.stringify(filter))}`);
      await page.waitForURL((url) => url.searchParams.get('from') === '2025-01-01' && url.searchParams.get('to') === '2025-06-30');
      expect(JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}')).toEqual({ members: filter.members });
      await expect.poll(() => shownCount(page)).toBe(await countLines(sql`${inCategory} AND s.invoice_date BETWEEN DATE '2025-01-01' AND DATE '2025-06-30'`));
      // The chip names the category, as the taxonomy does.
      await expect.poll(() => page.getByTestId('lines-drill').textContent()).toContain(`Category (level 1): ${name}`);

      // Another period from the bar: the drill stays.
      await page.getByTestId('preset-year-2024').click();
      await page.waitForURL((url) => url.searchParams.get('from') === '2024-01-01');
      await expect.poll(() => shownCount(page)).toBe(await countLines(sql`${inCategory} AND s.invoice_date BETWEEN DATE '2024-01-01' AND DATE '2024-12-31'`));
      expect(await page.getByTestId('lines-drill').textContent()).toContain(`Category (level 1): ${name}`);
      await waitForLines(page);
      await saveScreenshot(page, 'lines-drill-with-bar');
    });
  });

  it('at 1280 px a drill-down shows both amounts in view and whole, sorted either way', async () => {
    await withPage(async (page) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await signInAs(page, 'admin@spendscope.test');
      await page.goto('/categories');
      const spend = page.locator('[data-testid^="category-spend-"]').first();
      await spend.waitFor();
      await spend.click();
      await page.waitForURL((url) => url.pathname === '/lines');
      await waitForLines(page);
      // Each amount cell, and its header, inside the grid's visible width with the grid scrolled to
      // its left edge (as it opens), its text not cut.
      const hiddenAmounts = () =>
        grid(page).evaluate(async (element) => {
          element.scrollLeft = 0;
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          const right = element.getBoundingClientRect().left + element.clientWidth;
          const cells = [...element.querySelectorAll('.data-table__body [data-col="AMOUNT"], .data-table__body [data-col="sourceAmount"]')];
          const headers = [...element.querySelectorAll('[role="columnheader"]')].filter((header) => /amount/i.test(header.textContent ?? ''));
          return {
            cells: cells.length,
            headers: headers.length,
            hidden: [...cells, ...headers]
              .filter((cell) => cell.getBoundingClientRect().right > right + 1 || cell.scrollWidth > cell.clientWidth + 1)
              .map((cell) => cell.textContent),
          };
        });
      await expect.poll(async () => (await hiddenAmounts()).cells).toBeGreaterThan(10);
      expect((await hiddenAmounts()).hidden, 'as the drill-down opens').toEqual([]);
      for (const direction of ['desc', 'asc']) {
        // Largest amounts first, then the most negative: the widest figures there are.
        await grid(page).getByRole('button', { name: /^Amount \(/ }).click();
        await page.waitForURL((url) => url.searchParams.get('sort') === `AMOUNT:${direction}`);
        await waitForLines(page);
        await expect.poll(async () => (await hiddenAmounts()).cells, { message: direction }).toBeGreaterThan(10);
        const amounts = await hiddenAmounts();
        expect(amounts.headers, direction).toBe(2);
        expect(amounts.hidden, direction).toEqual([]);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      await saveScreenshot(page, 'lines-drill-1280');
    });
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
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

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { browserSuite, escapeRegExp, graphqlAs, saveScreenshot, screenshotDir, signInAs, totalSpend, waitForDashboard } from './browser.js';

/**
 * The filter bar's supplier choice (docs/accessibility.md, "The supplier filter"): found by typing
 * on the server, picked with the keyboard, kept in the URL as `sup`, and applied to the figures,
 * which are compared with what the API answers for the same suppliers and period.
 */

const suite = browserSuite();
const withPage = suite.withPage;

interface Supplier {
  id: string;
  name: string;
}

const control = (page: Page) => page.getByTestId('filter-suppliers');

/** The period the filter bar shows (the overview's default when the URL names none). */
async function shownPeriod(page: Page): Promise<{ dateFrom: string; dateTo: string }> {
  return { dateFrom: await page.getByTestId('filter-from').inputValue(), dateTo: await page.getByTestId('filter-to').inputValue() };
}

/** The total spend of these suppliers in the period, as the API reports it. */
async function apiTotal(page: Page, period: { dateFrom: string; dateTo: string }, supplierIds: string[] | null): Promise<number> {
  const data = await graphqlAs<{ spendSummary: { totalSpend: string } }>(
    page,
    `query($f: SpendFilter) { spendSummary(filter: $f) { totalSpend } }`,
    { f: { ...period, supplierIds } },
  );
  return Number(data.spendSummary.totalSpend);
}

/**
 * Suppliers with spend in the period, each with a word of its name that finds it among the first
 * matches of the search (what a user would type).
 */
async function searchableSuppliers(page: Page, period: { dateFrom: string; dateTo: string }, count: number): Promise<Array<Supplier & { typed: string }>> {
  const list = await graphqlAs<{ suppliers: { nodes: { supplier: Supplier }[] } }>(
    page,
    `query($f: SpendFilter) { suppliers(filter: $f, page: { limit: 30 }) { nodes { supplier { id name } } } }`,
    { f: period },
  );
  const found: Array<Supplier & { typed: string }> = [];
  for (const { supplier } of list.suppliers.nodes.slice(2)) {
    const word = supplier.name.split(/\s+/).find((w) => /^[A-Za-z]{5,}$/.test(w));
    if (!word) continue;
    const typed = word.slice(0, 5).toLowerCase();
    const matches = await graphqlAs<{ suppliers: { nodes: { supplier: Supplier }[] } }>(
      page,
      `query($s: String!, $f: SpendFilter) { suppliers(search: $s, filter: $f, page: { limit: 8 }) { nodes { supplier { id name } } } }`,
      { s: typed, f: period },
    );
    if (matches.suppliers.nodes.some((row) => row.supplier.id === supplier.id)) found.push({ ...supplier, typed });
    if (found.length === count) return found;
  }
  throw new Error('no supplier of the demo data can be found by a word of its name');
}

/** Types into the open supplier search and picks `supplier` with ↓ and Enter, checking the active option on the way. */
async function pickWithKeyboard(page: Page, supplier: Supplier & { typed: string }) {
  const search = page.getByTestId('filter-suppliers-search');
  await search.fill('');
  await search.pressSequentially(supplier.typed, { delay: 30 });
  const option = control(page).getByRole('option', { name: new RegExp(`^${escapeRegExp(supplier.name)}\\b`) });
  await option.waitFor();
  const names = await control(page).getByRole('option').evaluateAll((items) => items.map((item) => item.id));
  const optionId = await option.getAttribute('id');
  const index = names.indexOf(optionId!);
  expect(index).toBeGreaterThanOrEqual(0);
  for (let i = 0; i <= index; i += 1) await search.press('ArrowDown');
  expect(await search.getAttribute('aria-activedescendant')).toBe(optionId);
  await search.press('Enter');
  await expect.poll(() => option.getAttribute('aria-selected')).toBe('true');
  // Focus stays in the search box, ready for the next supplier.
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('filter-suppliers-search');
}


describe('the supplier filter', () => {
  it('finds suppliers as you type, picks them by keyboard, filters the overview, survives a reload, and removes them one by one', async () => {
    await withPage(async (page) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await signInAs(page, 'finance@spendscope.test');
      await waitForDashboard(page);
      const unfiltered = await totalSpend(page);
      const period = await shownPeriod(page);
      const [first, second] = await searchableSuppliers(page, period, 2);

      await control(page).getByRole('button', { name: /Suppliers/ }).click();
      const search = page.getByTestId('filter-suppliers-search');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('filter-suppliers-search');
      // Nothing matches: said so, no option offered.
      await search.fill('zzqxqz');
      await expect.poll(() => page.getByTestId('filter-suppliers-status').textContent()).toBe('No supplier with spend under this filter matches “zzqxqz”.');
      expect(await control(page).getByRole('option').count()).toBe(0);

      await pickWithKeyboard(page, first);
      await page.waitForURL((url) => url.searchParams.get('sup') === first.id);
      expect(await page.getByTestId('filter-suppliers-chosen').getByRole('listitem').allTextContents()).toEqual([first.name]);
      await saveScreenshot(page, 'filter-suppliers-open-1280');
      const bar = await page.getByRole('search', { name: 'Spend filters' }).boundingBox();
      const panel = await control(page).getByRole('group', { name: 'Suppliers' }).boundingBox();
      // The open panel lies inside the page's width, and the bar inside the viewport.
      expect(bar!.x + bar!.width).toBeLessThanOrEqual(1280);
      expect(panel!.x).toBeGreaterThanOrEqual(0);
      expect(panel!.x + panel!.width).toBeLessThanOrEqual(1280);

      await search.press('Escape');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Suppliers');
      await waitForDashboard(page);
      const expected = await apiTotal(page, period, [first.id]);
      expect(expected).toBeGreaterThan(0);
      await expect.poll(async () => (await totalSpend(page)).value, { timeout: 15_000 }).toBeCloseTo(expected, 2);
      expect(await page.getByTestId('filter-suppliers-value').textContent()).toBe(first.name);
      await page.getByRole('search', { name: 'Spend filters' }).screenshot({ path: path.join(screenshotDir, 'filter-suppliers-bar-1280.png') });

      // A reload names the supplier from the id in the URL and shows the same figure.
      const filteredUrl = page.url();
      await page.reload();
      await waitForDashboard(page);
      expect(page.url()).toBe(filteredUrl);
      await expect.poll(() => page.getByTestId('filter-suppliers-value').textContent()).toBe(first.name);
      expect((await totalSpend(page)).value).toBeCloseTo(expected, 2);

      // A second supplier: the figure is both suppliers' spend.
      await control(page).getByRole('button', { name: /Suppliers/ }).click();
      await pickWithKeyboard(page, second);
      await page.waitForURL((url) => url.searchParams.get('sup') === `${first.id},${second.id}`);
      const both = await apiTotal(page, period, [first.id, second.id]);
      await expect.poll(async () => (await totalSpend(page)).value, { timeout: 15_000 }).toBeCloseTo(both, 2);
      await saveScreenshot(page, 'filter-suppliers-two-1280');

      // Removing the first by keyboard: focus moves to the remove button that took its place.
      const removeFirst = control(page).getByRole('button', { name: `Remove ${first.name}` });
      await removeFirst.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('sup') === second.id);
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Remove ${second.name}`);
      await expect.poll(async () => (await totalSpend(page)).value, { timeout: 15_000 }).toBeCloseTo(await apiTotal(page, period, [second.id]), 2);
      await page.keyboard.press('Escape');

      // Reset clears the suppliers with the rest.
      await page.getByRole('button', { name: 'Reset' }).click();
      await page.waitForURL((url) => !url.searchParams.has('sup'));
      await expect.poll(() => page.getByTestId('filter-suppliers-value').textContent()).toBe('All');
      await expect.poll(async () => (await totalSpend(page)).text, { timeout: 15_000 }).toBe(unfiltered.text);
    });
  });

  it('drops unknown and malformed suppliers of a link with the notice, and keeps the rest, named', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'finance@spendscope.test');
      await waitForDashboard(page);
      const period = await shownPeriod(page);
      const [known] = await searchableSuppliers(page, period, 1);
      await page.goto(`/?sup=${known.id},99999999,abc`);
      await expect.poll(() => page.getByTestId('filter-dropped-notice').textContent()).toBe(
        'This link asked for 2 suppliers that are unknown or outside your scope; they are ignored.',
      );
      await waitForDashboard(page);
      expect(await page.getByTestId('filter-suppliers-value').textContent()).toBe(known.name);
      await expect.poll(async () => (await totalSpend(page)).value, { timeout: 15_000 }).toBeCloseTo(await apiTotal(page, period, [known.id]), 2);
    });
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, graphqlAs, saveScreenshot, signInAs } from './browser.js';

const suite = browserSuite();
const withPage = suite.withPage;

const tree = (page: Page) => page.getByTestId('category-tree');

async function waitForTree(page: Page) {
  await tree(page).locator('tbody tr').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
}

async function waitForLinesTotal(page: Page): Promise<string> {
  await page.getByTestId('lines-total').waitFor();
  return (await page.getByTestId('lines-total').textContent()) ?? '';
}

/** The row that has keyboard focus in the tree. */
const focusedRow = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

describe('categories in Chromium', () => {
  it("a category manager walks the tree by keyboard, opens a category, and an opportunity's lines total the figure clicked", async () => {
    await withPage(async (page) => {
      await signInAs(page, 'catman@spendscope.test');
      await page.getByRole('link', { name: 'Categories' }).click();
      await page.waitForURL((url) => url.pathname === '/categories');
      await waitForTree(page);

      // The tree holds the manager's categories only, as the API answers for them.
      const api = await graphqlAs<{ categoryTree: { nodes: Array<{ category: { id: string; level: number; name: string } }>; total: { spend: string } } }>(
        page, `{ categoryTree { nodes { category { id level name } } total { spend } } }`,
      );
      const roots = api.categoryTree.nodes.filter((n) => n.category.level === 1);
      const rows = tree(page).locator('tbody tr');
      expect(await rows.count()).toBe(roots.length);

      // Keyboard only: focus the first row, open it, step into its first child, open that, Enter opens it.
      const first = rows.first();
      const firstName = (await first.locator('th a').textContent()) ?? '';
      await first.focus();
      expect(await first.getAttribute('aria-expanded')).toBe('false');
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => first.getAttribute('aria-expanded')).toBe('true');
      expect(await rows.count()).toBeGreaterThan(roots.length);
      await page.keyboard.press('ArrowRight');
      const child = await focusedRow(page);
      expect(child).not.toBe(await first.getAttribute('data-testid'));
      const childRow = page.getByTestId(child!);
      expect(await childRow.getAttribute('aria-level')).toBe('2');
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => childRow.getAttribute('aria-expanded')).toBe('true');
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => childRow.getAttribute('aria-expanded')).toBe('false');
      // The open rows are in the URL: a reload (or a shared link) shows the tree as it was left.
      const firstId = (await first.getAttribute('data-testid'))!.replace('category-row-', '');
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => new URL(page.url()).searchParams.get('open')?.split(',').sort()).toEqual([firstId, child!.replace('category-row-', '')].sort());
      // The URL changes at once, the rows a render later: count them once the child shows itself open
      // (CI once counted before its rows came, and the reload then showed two more).
      await expect.poll(() => childRow.getAttribute('aria-expanded')).toBe('true');
      const openRows = await rows.count();
      await page.reload();
      await expect.poll(() => rows.count()).toBe(openRows);
      expect(await page.getByTestId(child!).getAttribute('aria-expanded')).toBe('true');
      await page.getByTestId(child!).getByRole('button', { name: /^Collapse / }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('open')).toBe(firstId);
      await page.getByTestId(child!).focus();
      await saveScreenshot(page, 'categories-tree-catman');
      const childId = child!.replace('category-row-', '');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === `/categories/${childId}`);

      // The category page: breadcrumb, figures, charts and the opportunities under the filter.
      await page.getByTestId('category-kpi-spend-value').waitFor();
      expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).textContent()).toContain(firstName);
      await page.getByTestId('category-trend').locator('.recharts-bar-rectangle path').first().waitFor();
      await page.getByTestId('category-supplier-pareto').locator('.recharts-bar-rectangle path').first().waitFor();
      // The Pareto names its suppliers (not ranks): the largest one's name is on the axis and heads its table.
      const pareto = page.getByTestId('category-supplier-pareto');
      await pareto.getByText('Suppliers as a table').click();
      const largest = (await pareto.getByTestId('category-suppliers-table').locator('tbody tr').first().locator('td').first().textContent()) ?? '';
      expect(largest).toMatch(/[A-Za-z]/);
      // Its name under the first bar links to it, showing whole words of the name (docs/accessibility.md).
      const largestLink = pareto.locator('a[data-entity="supplier"]').first();
      expect(await largestLink.getAttribute('aria-label')).toBe(`1. ${largest}`);
      const shown = ((await largestLink.textContent()) ?? '').trim();
      expect(shown.length).toBeGreaterThan(0);
      expect(largest.startsWith(shown)).toBe(true);
      const tail = page.getByTestId('opportunity-TAIL_SPEND-amount');
      await tail.waitFor();
      await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
      await saveScreenshot(page, 'category-page-catman');

      const clicked = (await tail.textContent()) ?? '';
      expect(clicked).toMatch(/€[\d,]+\.\d\d/);
      await tail.click();
      await page.waitForURL((url) => url.pathname === '/lines');
      expect(await waitForLinesTotal(page)).toBe(clicked);
      expect(await page.getByTestId('lines-drill').textContent()).toContain('Tail spend');
      await saveScreenshot(page, 'category-opportunity-lines');

      // Back to the category, then the price variance's lines: their total is the spend the panel links.
      await page.getByTestId('back-link').click();
      await page.waitForURL((url) => url.pathname === `/categories/${childId}`);
      const priced = page.getByTestId('opportunity-PRICE_VARIANCE-amount');
      await priced.waitFor();
      const pricedText = (await priced.textContent()) ?? '';
      await priced.click();
      await page.waitForURL((url) => url.pathname === '/lines');
      expect(await waitForLinesTotal(page)).toBe(pricedText);
    });
  });

  it('at 1280 px the tree shows every column, the owner included, without scrolling sideways', async () => {
    await withPage(async (page) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await signInAs(page, 'admin@spendscope.test');
      await page.goto('/categories');
      await waitForTree(page);
      // Open the first two top-level rows and a child of the first: deeper, longer names. Each row is
      // named by its level and each opening is awaited before the next click: a click made while the
      // rows above were still growing once landed on the wrong row in CI.
      const topLevel = tree(page).locator('tbody tr[aria-level="1"]');
      for (const index of [0, 1]) {
        await topLevel.nth(index).getByRole('button', { name: /^Expand / }).click();
        await expect.poll(() => topLevel.nth(index).getAttribute('aria-expanded')).toBe('true');
      }
      const child = tree(page).locator('tbody tr[aria-level="2"][aria-expanded="false"]').first();
      const childId = await child.getAttribute('data-testid');
      await child.getByRole('button', { name: /^Expand / }).click();
      await expect.poll(() => page.getByTestId(childId!).getAttribute('aria-expanded')).toBe('true');
      await tree(page).locator('tbody tr[aria-level="3"]').first().waitFor();
      // Every owner cell lies inside the tree's scroll box and shows its whole text.
      const box = await tree(page).evaluate((table) => {
        const scroller = table.parentElement!;
        return { right: scroller.getBoundingClientRect().right, scrolls: scroller.scrollWidth > scroller.clientWidth + 1 };
      });
      const owners = await tree(page).locator('[data-col="owner"]').evaluateAll((cells) =>
        cells.map((cell) => ({ text: cell.textContent, right: cell.getBoundingClientRect().right, clipped: cell.scrollWidth > cell.clientWidth + 1 })));
      expect(owners.filter((owner) => owner.text !== '—' && owner.text !== 'Owner').length).toBeGreaterThan(0);
      expect(owners.filter((owner) => owner.clipped || owner.right > box.right + 1)).toEqual([]);
      expect(box.scrolls).toBe(false);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      await saveScreenshot(page, 'categories-1280');
    });
  });

  it("a category's emissions are the cube's EMISSIONS_KG for it, with the spend no factor covers named", async () => {
    await withPage(async (page) => {
      await signInAs(page, 'catman@spendscope.test');
      const api = await graphqlAs<{ dataRange: { minDate: string; maxDate: string }; categoryTree: { nodes: Array<{ category: { id: string; level: number } }> } }>(
        page, `{ dataRange { minDate maxDate } categoryTree { nodes { category { id level } } } }`,
      );
      const { minDate, maxDate } = api.dataRange;
      const id = api.categoryTree.nodes.find((n) => n.category.level === 2)!.category.id;
      const cube = await graphqlAs<{ spendCube: { totals: { values: Array<string | null> } } }>(
        page,
        `query($f: SpendFilter) { spendCube(query: { dimensions: [], measures: [EMISSIONS_KG, EMISSIONS_UNMAPPED_SPEND], filter: $f }) { totals { values } } }`,
        { f: { dateFrom: minDate, dateTo: maxDate, categoryIds: [id] } },
      );
      const [kg] = cube.spendCube.totals.values;
      await page.goto(`/categories/${id}?from=${minDate}&to=${maxDate}`);
      const total = page.getByTestId('category-emissions-total');
      await total.waitFor();
      const shown = ((await total.textContent()) ?? '').replace(/,/g, '');
      if (kg === null) expect(shown).toContain('No spend here maps');
      else expect(shown).toContain(`${Number(Number(kg).toFixed(1))} kg CO2e`);
      await page.getByTestId('category-emissions').scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'category-emissions');
    });
  });

  it('a category outside the manager\u2019s scope is not found; a viewer sees figures without drill links', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'catman@spendscope.test');
      const all = await graphqlAs<{ categories: Array<{ id: string }> }>(page, `{ categories { id } }`);
      const mine = new Set(all.categories.map((c) => c.id));
      const outside = Array.from({ length: 200 }, (_, i) => String(i + 1)).find((id) => !mine.has(id))!;
      await page.goto(`/categories/${outside}`);
      await page.getByTestId('category-not-found').waitFor();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Category not found');
      // An id that cannot be one reads the same, without the server's message or a retry.
      await page.goto('/categories/abc');
      await page.getByTestId('category-not-found').waitFor();
      expect(await page.getByTestId('category-not-found').textContent()).not.toContain('numeric id');
      expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    });

    await withPage(async (page) => {
      await signInAs(page, 'viewer@spendscope.test');
      await page.goto('/categories');
      await waitForTree(page);
      const firstRow = tree(page).locator('tbody tr').first();
      const id = (await firstRow.getAttribute('data-testid'))!.replace('category-row-', '');
      // Figures, but no links to lines or the explorer (a viewer may open neither).
      expect(await page.getByTestId(`category-spend-${id}`).evaluate((el) => el.tagName)).toBe('SPAN');
      await saveScreenshot(page, 'categories-tree-viewer');
      await page.getByTestId(`category-link-${id}`).click();
      await page.getByTestId('category-kpi-spend-value').waitFor();
      await page.getByTestId('opportunity-TAIL_SPEND-amount').waitFor();
      expect(await page.getByTestId('opportunity-TAIL_SPEND-amount').evaluate((el) => el.tagName)).toBe('SPAN');
      expect(await page.getByTestId('category-kpi-spend-link').evaluate((el) => el.tagName)).toBe('SPAN');
      await saveScreenshot(page, 'category-page-viewer');
    });
  });

  it('the overview shows the opportunities for finance; off-contract spend opens lines that total it', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'finance@spendscope.test');
      const off = page.getByTestId('opportunity-OFF_CONTRACT-amount');
      await off.waitFor();
      await saveScreenshot(page, 'overview-opportunities');
      const clicked = (await off.textContent()) ?? '';
      await off.click();
      await page.waitForURL((url) => url.pathname === '/lines');
      expect(await waitForLinesTotal(page)).toBe(clicked);
    });
  });
});

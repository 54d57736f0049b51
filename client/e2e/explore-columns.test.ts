import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, graphqlAs, saveScreenshot, seriousViolations, signInAs } from './browser.js';

/**
 * Issue "Finance's month-end", part 2, in Chromium and by keyboard only: a 2 × 2 pivot (category
 * level 1 › business unit down, year › quarter across) built from the panel, figures checked
 * against the test's own cube request, a column group folded and unfolded (− and + on its header),
 * a row group folded, a sort by a quarter's column, the URL state read back, and axe finding
 * nothing serious on the explorer.
 */

const suite = browserSuite();
const money = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

interface Cell { keys: { id: string | null; label: string; rolledUp: boolean }[]; values: (string | null)[] }

const grid = (page: Page) => page.getByTestId('pivot-grid');

async function settled(page: Page) {
  await grid(page).waitFor();
  await page.waitForFunction(() => !document.querySelector('.explorer__result[aria-busy="true"]'));
}

/** The header cells' column ids, in order (the grid virtualises columns: the test window is wide enough for this pivot's first ones). */
async function headerIds(page: Page): Promise<string[]> {
  return grid(page).locator('.data-table__head [role="columnheader"]').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-col') ?? ''));
}

/** Focuses the grid's header cell `columnId` by keyboard from the first header cell. */
/** A money cell's exact figure: a wide matrix shows `€3.2m` with the exact amount in its title. */
async function exact(page: Page, columnId: string): Promise<string> {
  const cell = grid(page).locator(`.data-table__foot [data-col="${columnId}"]`);
  const compact = cell.locator('.pivot-compact');
  return (await compact.count()) ? ((await compact.getAttribute('title')) ?? '') : ((await cell.textContent()) ?? '');
}

async function focusHeader(page: Page, columnId: string) {
  await grid(page).focus();
  await page.keyboard.press('Control+Home');
  for (let i = 0; i < 60; i++) {
    const active = await grid(page).getAttribute('aria-activedescendant');
    const col = active ? await page.locator(`[id="${active}"]`).getAttribute('data-col') : null;
    if (col === columnId) return;
    await page.keyboard.press('ArrowRight');
  }
  throw new Error(`header ${columnId} not reached`);
}

/** Moves a focused select to `value` with the arrow keys (down first, then up), then presses Enter. */
async function chooseByKeyboard(page: Page, selector: string, value: string): Promise<void> {
  const select = page.locator(selector);
  await select.focus();
  for (const key of ['ArrowDown', 'ArrowUp']) {
    for (let i = 0; i < 40 && (await select.inputValue()) !== value; i++) await page.keyboard.press(key);
  }
  expect(await select.inputValue()).toBe(value);
  await page.keyboard.press('Enter');
}

describe('a pivot with two column dimensions, by keyboard', () => {
  it('builds category › unit by year › quarter, folds a year and a category by keyboard, sorts by a quarter, with engine totals and axe clean', async () => {
    await suite.withPage(async (page) => {
      await page.setViewportSize({ width: 1920, height: 1080 });
      await signInAs(page, 'finance@spendscope.test');
      await page.goto('/explore?rows=CATEGORY_L1,BUSINESS_UNIT&m=SPEND&from=2000-01-01&to=2100-12-31');
      await settled(page);

      // The column dimensions, from the keyboard: the arrow keys on each select, then Enter. (Not
      // type-ahead: on a loaded machine the pause between keystrokes restarted Chromium's search,
      // and 'Then Quarter' landed on Month.)
      await chooseByKeyboard(page, '#column-dimension', 'YEAR');
      await page.waitForURL((url) => url.searchParams.get('col') === 'YEAR');
      await chooseByKeyboard(page, '#inner-column-dimension', 'QUARTER');
      await page.waitForURL((url) => url.searchParams.get('col') === 'YEAR,QUARTER');
      await settled(page);

      // The test's own figures: one cube request with both column levels crossed by the engine.
      const cube = await graphqlAs<{ spendCube: { rows: Cell[]; totals: { values: string[] } } }>(
        page,
        'query ($q: SpendCubeQuery!) { spendCube(query: $q) { rows { keys { id label rolledUp } values } totals { values } } }',
        { q: { dimensions: ['YEAR', 'QUARTER', 'CATEGORY_L1'], measures: ['SPEND'], subtotals: true, columnDimensions: 2, filter: { dateFrom: '2000-01-01', dateTo: '2100-12-31' } } },
      );
      const years = [...new Set(cube.spendCube.rows.filter((r) => !r.keys[0].rolledUp).map((r) => r.keys[0].id!))].sort();
      expect(years.length).toBeGreaterThan(1);
      const [firstYear] = years;
      const quarters = [...new Set(cube.spendCube.rows.filter((r) => r.keys[0].id === firstYear && !r.keys[1].rolledUp).map((r) => r.keys[1].id!))].sort();
      const headers = await headerIds(page);
      // Each year's quarters, then its subtotal column (Excel's layout).
      expect(headers.slice(1, quarters.length + 2)).toEqual([...quarters.map((q) => `${firstYear}/${q}|SPEND`), `${firstYear}|SPEND`]);
      const figure = (year: string | null, quarter: string | null, cat: string | null) =>
        cube.spendCube.rows.find((r) => r.keys[0].id === year && r.keys[0].rolledUp === (year === null) && r.keys[1].id === quarter && r.keys[1].rolledUp === (quarter === null) && r.keys[2].id === cat && r.keys[2].rolledUp === (cat === null))?.values[0];
      // The grand total row: each year's subtotal and the grand total column are the engine's.
      expect(await exact(page, `${firstYear}|SPEND`)).toBe(money.format(Number(figure(firstYear, null, null))));
      expect(await exact(page, `${firstYear}/${quarters[0]}|SPEND`)).toBe(money.format(Number(figure(firstYear, quarters[0], null))));
      expect(await exact(page, '__total|SPEND')).toBe(money.format(Number(cube.spendCube.totals.values[0])));
      await saveScreenshot(page, 'explore-2x2');

      // Fold the first year by keyboard: on one of its headers, − leaves its subtotal column only; + brings the quarters back.
      await focusHeader(page, `${firstYear}/${quarters[0]}|SPEND`);
      await page.keyboard.press('-');
      await page.waitForURL((url) => url.searchParams.get('cfold') === `YEAR,QUARTER~${firstYear}`);
      await expect.poll(async () => (await headerIds(page))[1]).toBe(`${firstYear}|SPEND`);
      expect((await headerIds(page)).filter((id) => id.startsWith(`${firstYear}/`))).toEqual([]);
      expect((await headerIds(page))[2]).toMatch(new RegExp(`^${years[1]}/`));
      expect(await exact(page, `${firstYear}|SPEND`)).toBe(money.format(Number(figure(firstYear, null, null))));
      await expect.poll(() => page.getByTestId(`fold-column-${firstYear}`).getAttribute('aria-expanded')).toBe('false');
      await saveScreenshot(page, 'explore-2x2-year-folded');
      // Focus stays on the year's remaining column: + unfolds it.
      await focusHeader(page, `${firstYear}|SPEND`);
      await page.keyboard.press('+');
      await page.waitForURL((url) => !url.searchParams.has('cfold'));
      await expect.poll(async () => (await headerIds(page))[1]).toBe(`${firstYear}/${quarters[0]}|SPEND`);

      // A row group folds by keyboard too: ← on the first group's label.
      await grid(page).focus();
      await page.keyboard.press('Control+Home');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowLeft');
      await page.waitForURL((url) => (url.searchParams.get('fold') ?? '').startsWith('CATEGORY_L1,BUSINESS_UNIT|YEAR,QUARTER~'));
      await expect.poll(() => grid(page).locator('.data-table__body .pivot-row--group').first().locator('button[aria-expanded]').getAttribute('aria-expanded')).toBe('false');
      await page.keyboard.press('ArrowRight');
      await page.waitForURL((url) => !url.searchParams.has('fold'));

      // Every category folded (the toolbar's button, by keyboard), so all of them are in view.
      await page.getByTestId('collapse-all').focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.has('fold'));

      // Sort by the first quarter's column from its header: Enter; the category rows follow that column, largest first.
      await focusHeader(page, `${firstYear}/${quarters[0]}|SPEND`);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('sort') === `SPEND:${firstYear}/${quarters[0]}:desc`);
      const expectedOrder = cube.spendCube.rows
        .filter((r) => r.keys[0].id === firstYear && r.keys[1].id === quarters[0] && !r.keys[1].rolledUp && !r.keys[2].rolledUp)
        .sort((a, b) => Number(b.values[0]) - Number(a.values[0]))
        .map((r) => r.keys[2].label);
      await expect.poll(async () => (await grid(page).locator('.pivot-row--group .pivot-label__text').allTextContents()).slice(0, expectedOrder.length)).toEqual(expectedOrder);

      // A reload keeps it all (a link or a saved view does the same).
      await page.goto(page.url());
      await settled(page);
      expect(await exact(page, `${firstYear}|SPEND`)).toBe(money.format(Number(figure(firstYear, null, null))));

      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});

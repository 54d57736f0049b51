import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, parseMoney, saveScreenshot, signInAs } from './browser.js';

// Keyboard-only paths a walk-through found broken: sorting the grids from their headers, browsing the
// explorer's pickers without changing the pivot, and where focus lands after an action removes or
// replaces the control that had it. Focus is placed once on a control; everything after is keys.
const suite = browserSuite();
const withPage = suite.withPage;

/** The grid's focused cell (aria-activedescendant): its role and column id. */
function activeCell(page: Page) {
  return page.evaluate(() => {
    const id = document.activeElement?.getAttribute('aria-activedescendant');
    const cell = id ? document.getElementById(id) : null;
    return { role: cell?.getAttribute('role') ?? '', col: cell?.getAttribute('data-col') ?? '' };
  });
}

/** ArrowRight along the focused row until the focused cell is in column `col`. */
async function arrowToColumn(page: Page, col: (id: string) => boolean) {
  for (let i = 0; i < 20 && !col((await activeCell(page)).col); i++) await page.keyboard.press('ArrowRight');
  expect(col((await activeCell(page)).col)).toBe(true);
}

function isSorted(values: number[], direction: 'asc' | 'desc'): boolean {
  return values.every((value, i) => i === 0 || (direction === 'asc' ? values[i - 1] <= value : values[i - 1] >= value));
}

const pivot = (page: Page) => page.getByTestId('pivot-grid');

async function waitForPivot(page: Page) {
  await pivot(page).locator('.data-table__body [role="row"]').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('.explorer__result[aria-busy="true"]'));
}

async function openExplorer(page: Page) {
  await signInAs(page, 'analyst@spendscope.test');
  await page.goto('/explore');
  await waitForPivot(page);
}

async function rowDimensions(page: Page): Promise<string[]> {
  return page.getByTestId('row-dimensions').locator('li').evaluateAll((items) => items.map((item) => item.querySelector('span')?.textContent ?? ''));
}

describe('keyboard access', () => {
  it('sorts spend lines by amount from the grid header with the keyboard', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'admin@spendscope.test');
      await page.goto('/lines');
      const grid = page.getByTestId('lines-grid');
      await grid.locator('.data-table__body [role="row"]').first().waitFor();
      await grid.focus();
      expect((await activeCell(page)).role).toBe('gridcell');
      // ↑ from the first row reaches the header row; → to the amount; Enter sorts, largest first.
      await page.keyboard.press('ArrowUp');
      expect((await activeCell(page)).role).toBe('columnheader');
      await arrowToColumn(page, (col) => col === 'AMOUNT');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('sort') === 'AMOUNT:desc');
      await expect.poll(() => grid.locator('[role="columnheader"][data-col="AMOUNT"]').getAttribute('aria-sort')).toBe('descending');
      const amounts = async () =>
        (await grid.locator('.data-table__body [data-col="AMOUNT"]').allTextContents()).slice(0, 15).map((text) => parseMoney(text));
      await expect.poll(async () => isSorted(await amounts(), 'desc')).toBe(true);
      // Space sorts too, the other way round; the grid keeps focus on the header.
      await page.keyboard.press(' ');
      await page.waitForURL((url) => url.searchParams.get('sort') === 'AMOUNT:asc');
      await expect.poll(async () => isSorted(await amounts(), 'asc')).toBe(true);
      expect(await activeCell(page)).toEqual({ role: 'columnheader', col: 'AMOUNT' });
      await saveScreenshot(page, 'keyboard-lines-sorted');
    });
  });

  it('sorts a pivot by a measure from its header with the keyboard', async () => {
    await withPage(async (page) => {
      await openExplorer(page);
      // ↑ into the header row, → to Spend, Enter (largest first), Enter (smallest first).
      await pivot(page).focus();
      await page.keyboard.press('ArrowUp');
      expect((await activeCell(page)).role).toBe('columnheader');
      await arrowToColumn(page, (col) => col.endsWith('|SPEND'));
      const spendHeader = pivot(page).locator('[role="columnheader"][data-col$="|SPEND"]');
      await page.keyboard.press('Enter');
      await expect.poll(() => spendHeader.getAttribute('aria-sort')).toBe('descending');
      await page.keyboard.press('Enter');
      await expect.poll(() => spendHeader.getAttribute('aria-sort')).toBe('ascending');
      await waitForPivot(page);
      // The first level's groups (label not indented), smallest spend first.
      const level1 = await pivot(page).locator('.data-table__body .pivot-row--group').evaluateAll((rows) =>
        rows.filter((row) => row.querySelector('[style*="padding-left: 0px"]')).map((row) => row.querySelector('[data-col$="|SPEND"]')?.textContent ?? ''),
      );
      expect(level1.length, 'level-1 groups').toBeGreaterThan(1);
      expect(isSorted(level1.map((text) => parseMoney(text)), 'asc')).toBe(true);
      await saveScreenshot(page, 'keyboard-pivot-sorted');
    });
  });

  it('browses the explorer\'s row and column pickers with the keyboard without changing the pivot; Enter applies', async () => {
    await withPage(async (page) => {
      await openExplorer(page);
      // ↓ and typed letters browse; only Enter adds.
      const before = await rowDimensions(page);
      expect(before).toEqual(['Category (level 1)', 'Business unit']);
      await page.getByTestId('add-row-dimension').focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.type('Supplier');
      await page.waitForTimeout(400);
      expect(await rowDimensions(page)).toEqual(before);
      const browsed = await page.getByTestId('add-row-dimension').evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? '');
      expect(browsed).toMatch(/^Supplier/);
      await saveScreenshot(page, 'keyboard-explore-browsing');
      await page.keyboard.press('Enter');
      await expect.poll(() => rowDimensions(page)).toEqual([...before, browsed]);
      await waitForPivot(page);

      // The column picker likewise: ↓ browses, Enter applies.
      await page.getByTestId('column-dimension').focus();
      await page.keyboard.press('ArrowDown');
      await page.waitForTimeout(400);
      expect(new URL(page.url()).searchParams.get('col')).toBeNull();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('col') !== null);
      await waitForPivot(page);
    });
  });
});

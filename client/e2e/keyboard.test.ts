import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, datasetsDir, escapeRegExp, graphqlAs, parseMoney, pickActiveOption, saveScreenshot, signInAs, waitForDashboard } from './browser.js';

// Keyboard-only paths a walk-through found broken: sorting the grids from their headers, browsing the
// explorer's pickers without changing the pivot, and where focus lands after an action removes or
// replaces the control that had it. Focus is placed once on a control; everything after is keys.
const suite = browserSuite();
const withPage = suite.withPage;

/** What has focus: its tag, accessible name, text and test id. */
function focused(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement;
    return {
      tag: active?.tagName.toLowerCase() ?? '',
      label: active?.getAttribute('aria-label') ?? '',
      text: active?.textContent?.trim() ?? '',
      testId: active?.getAttribute('data-testid') ?? '',
    };
  });
}

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

  it("skips the explorer's panel to the pivot with one link, shown while it has the focus", async () => {
    await withPage(async (page) => {
      await openExplorer(page);
      const skip = page.getByRole('link', { name: 'Skip to the pivot' });
      expect(await skip.boundingBox().then((box) => box?.width ?? 0)).toBeLessThanOrEqual(1);
      await skip.focus();
      expect(await skip.boundingBox().then((box) => box?.width ?? 0)).toBeGreaterThan(40);
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('pivot-grid');
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

  /** The explorer with three row dimensions, so that a × can take a removed one's place and a dimension can move both ways. */
  async function openWithThreeRows(page: Page) {
    await openExplorer(page);
    await page.getByTestId('add-row-dimension').selectOption('SUPPLIER');
    await expect.poll(() => rowDimensions(page)).toEqual(['Category (level 1)', 'Business unit', 'Supplier']);
  }

  it('keeps focus in the row list when a dimension is removed with its ×', async () => {
    await withPage(async (page) => {
      await openWithThreeRows(page);
      // Focus goes to the × now in the removed one's place, then (one left, its × disabled) to the add picker.
      await page.getByRole('button', { name: 'Remove Category (level 1)' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => rowDimensions(page)).toEqual(['Business unit', 'Supplier']);
      await expect.poll(async () => (await focused(page)).label).toBe('Remove Business unit');
      await page.keyboard.press('Enter');
      await expect.poll(() => rowDimensions(page)).toEqual(['Supplier']);
      await expect.poll(async () => (await focused(page)).testId).toBe('add-row-dimension');
    });
  });

  it('keeps focus on a moved dimension: on the arrow pressed, or its other arrow once at the top or bottom', async () => {
    await withPage(async (page) => {
      await openWithThreeRows(page);
      await page.getByRole('button', { name: 'Move Supplier up' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => rowDimensions(page)).toEqual(['Category (level 1)', 'Supplier', 'Business unit']);
      await expect.poll(async () => (await focused(page)).label).toBe('Move Supplier up');
      await page.keyboard.press('Enter');
      await expect.poll(() => rowDimensions(page)).toEqual(['Supplier', 'Category (level 1)', 'Business unit']);
      // At the top its up arrow is disabled: focus is on its down arrow, so Enter moves it back.
      await expect.poll(async () => (await focused(page)).label).toBe('Move Supplier down');
      await page.keyboard.press('Enter');
      await expect.poll(() => rowDimensions(page)).toEqual(['Category (level 1)', 'Supplier', 'Business unit']);
    });
  });

  it('drilling from a pivot cell opens the lines with focus on their heading', async () => {
    await withPage(async (page) => {
      await openExplorer(page);
      await pivot(page).focus();
      expect((await activeCell(page)).role).toBe('gridcell');
      await arrowToColumn(page, (col) => col.endsWith('|SPEND'));
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/lines');
      await expect.poll(() => focused(page)).toMatchObject({ tag: 'h1', text: 'Lines' });
    });
  });

  it('moves focus to what replaced the control used in the contract form and after activating or terminating', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'admin@spendscope.test');
      await page.goto('/contracts/new');
      // An uncontracted supplier with the most spend, and its main category.
      const { spendCube } = await graphqlAs<{ spendCube: { rows: Array<{ keys: Array<{ id: string; label: string }> }> } }>(page,
        `{ spendCube(query: { dimensions: [SUPPLIER, CATEGORY_L1], measures: [SPEND], filter: { onContract: false }, sort: [{ measure: SPEND, direction: DESC }], limit: 1 }) { rows { keys { id label } } } }`);
      const [{ label: supplier }, { label: category }] = spendCube.rows[0].keys;
      await page.getByTestId('field-number').waitFor();
      await page.getByTestId('field-number').focus();
      await page.keyboard.type('KB-0001');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Keyboard agreement');
      await page.getByTestId('field-supplier-search').focus();
      // One letter is too few to search, and the field's description says so.
      await page.keyboard.type(supplier.slice(0, 1));
      const description = () => page.getByTestId('field-supplier-search').evaluate((input) => document.getElementById(input.getAttribute('aria-describedby')!)?.textContent);
      await expect.poll(description).toBe('Type at least 2 letters.');
      await page.keyboard.type(supplier.slice(1, 12));
      await page.getByRole('option', { name: new RegExp(escapeRegExp(supplier)) }).first().waitFor();
      await pickActiveOption(page, page.getByTestId('field-supplier-search'), supplier, 8);
      await expect.poll(() => page.getByTestId('field-supplier-chosen').textContent()).toBe(supplier);
      expect(await focused(page)).toMatchObject({ tag: 'button', text: 'Change' });
      // "Change" brings the search back, with focus in it; choose again.
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await focused(page)).testId).toBe('field-supplier-search');
      await page.keyboard.type(supplier.slice(0, 12));
      // Escape empties the search and closes its matches; typing again brings them back.
      await page.getByRole('option', { name: new RegExp(escapeRegExp(supplier)) }).first().waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId('field-supplier-search').inputValue()).toBe('');
      expect(await page.getByTestId('field-supplier-search').getAttribute('aria-expanded')).toBe('false');
      await page.keyboard.type(supplier.slice(0, 12));
      await page.getByRole('option', { name: new RegExp(escapeRegExp(supplier)) }).first().waitFor();
      await pickActiveOption(page, page.getByTestId('field-supplier-search'), supplier, 8);
      await expect.poll(() => page.getByTestId('field-supplier-chosen').textContent()).toBe(supplier);

      await page.getByTestId('field-categories').getByRole('button').click();
      await page.getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(category)} \\(`) }).check();
      await page.keyboard.press('Escape');
      await page.getByTestId('field-start').fill('2023-01-01');
      await page.getByTestId('field-end').fill('2028-12-31');
      await page.getByTestId('field-ceiling').fill('100000');
      await page.getByTestId('contract-save').focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => /^\/contracts\/\d+$/.test(url.pathname));
      // A save that opens the new contract puts focus on its heading.
      await expect.poll(() => focused(page)).toMatchObject({ tag: 'h1', text: expect.stringContaining('KB-0001') });

      // Activate: the dialog's Tab wraps from the last button to the first without leaving it.
      await page.getByTestId('activate-contract').focus();
      await page.keyboard.press('Enter');
      await page.locator('dialog[open]').waitFor();
      expect((await focused(page)).text).toBe('Cancel');
      await page.keyboard.press('Tab');
      expect((await focused(page)).testId).toBe('confirm-dialog-confirm');
      await page.keyboard.press('Tab');
      expect((await focused(page)).text).toBe('Cancel');
      await page.keyboard.press('Shift+Tab');
      expect((await focused(page)).testId).toBe('confirm-dialog-confirm');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('contract-status').textContent()).toContain('Active');
      await expect.poll(() => page.getByTestId('activate-contract').count()).toBe(0);
      await expect.poll(() => focused(page)).toMatchObject({ tag: 'h1', text: expect.stringContaining('KB-0001') });

      // Terminate: someone else ends the contract while the dialog is open, so ours is refused and
      // its button goes; focus moves to the message saying why rather than falling to the page.
      await page.getByTestId('terminate-contract').focus();
      await page.keyboard.press('Enter');
      await page.locator('dialog[open]').waitFor();
      await page.getByTestId('terminate-reason').focus();
      await page.keyboard.type('Supplier exit');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect((await focused(page)).testId).toBe('confirm-dialog-confirm');
      await page.keyboard.press('Tab');
      expect((await focused(page)).testId).toBe('terminate-date');
      await page.keyboard.press('Shift+Tab');
      expect((await focused(page)).testId).toBe('confirm-dialog-confirm');
      const id = new URL(page.url()).pathname.split('/').at(-1)!;
      const { contract } = await graphqlAs<{ contract: { version: number } }>(page, 'query($id: ID!) { contract(id: $id) { version } }', { id });
      await graphqlAs(page, 'mutation($id: ID!, $v: Int!) { terminateContract(id: $id, version: $v, reason: "Ended elsewhere") { id } }', { id, v: contract.version });
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('contract-status').textContent()).toContain('Terminated');
      await expect.poll(() => page.getByTestId('terminate-contract').count()).toBe(0);
      await expect.poll(() => focused(page)).toMatchObject({ testId: 'contract-action-error' });
      await saveScreenshot(page, 'keyboard-contract-terminated');
    });
  });

  it('after an upload, the batch page opens with focus on its heading', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'finance@spendscope.test');
      await waitForDashboard(page);
      await page.goto('/imports');
      await page.getByTestId('upload-card').waitFor();
      // The first load puts focus nowhere in particular.
      expect((await focused(page)).tag).toBe('body');
      await page.getByLabel('Source').focus();
      await page.keyboard.type('Oxford City Council');
      await page
        .getByTestId('upload-file-input')
        .setInputFiles(path.join(datasetsDir, 'uk-oxford-city-spend-over-500', 'expenditure-over-500-jan-mar-2015.csv'));
      await page.getByTestId('upload-submit').focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => /^\/imports\/[^/]+$/.test(url.pathname), { timeout: 30_000 });
      await expect.poll(() => focused(page)).toMatchObject({ tag: 'h1' });
      await saveScreenshot(page, 'keyboard-import-opened');
    });
  });

  it('Clear in a filter-bar select leaves focus inside its panel, not on the page', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'finance@spendscope.test');
      await waitForDashboard(page);
      const units = page.getByTestId('filter-business-units');
      await units.getByRole('button').first().focus();
      await page.keyboard.press('Enter');
      const boxes = units.getByRole('checkbox');
      await boxes.first().waitFor();
      await boxes.first().focus();
      await page.keyboard.press('Space');
      await page.waitForURL((url) => url.searchParams.has('bu'));
      // The URL changes before the panel re-renders: focusing Clear while it is still disabled does nothing.
      const clearButton = units.getByRole('button', { name: 'Clear', exact: true });
      await expect.poll(() => clearButton.isEnabled()).toBe(true);
      await clearButton.focus();
      await expect.poll(async () => (await focused(page)).text).toBe('Clear');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => !url.searchParams.has('bu'));
      // Clear is now disabled: focus went to the panel's first field.
      await expect.poll(async () => (await focused(page)).tag).toBe('input');
      await expect.poll(() => units.getByRole('button', { name: 'Clear', exact: true }).isDisabled()).toBe(true);
    });
  });
});

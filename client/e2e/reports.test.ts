import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, graphqlAs, saveScreenshot, signInAs } from './browser.js';

/**
 * Issue 13, finance's saved reports: a view saved with a relative period shows it in words on
 * /reports, opens at its permalink for another user once shared (with a notice of their scope),
 * and a 12-month matrix reads at 1280 px with the settings panel hidden.
 */

const suite = browserSuite();
const withPage = suite.withPage;
const VIEW = 'Rolling year by month';

const grid = (page: Page) => page.getByTestId('pivot-grid');

async function waitForGrid(page: Page) {
  await grid(page).waitFor();
  await page.waitForFunction(() => !document.querySelector('.explorer__result[aria-busy="true"]'));
}

/** The latest invoice date the signed-in user sees, and the 12 whole months ending with it, by plain date arithmetic. */
async function last12(page: Page) {
  const { dataRange } = await graphqlAs<{ dataRange: { maxDate: string } }>(page, '{ dataRange { maxDate } }');
  const start = new Date(`${dataRange.maxDate.slice(0, 7)}-01T00:00:00Z`);
  start.setUTCMonth(start.getUTCMonth() - 11);
  return { from: start.toISOString().slice(0, 10), to: dataRange.maxDate };
}

async function viewId(page: Page): Promise<string> {
  const { savedViews } = await graphqlAs<{ savedViews: { id: string; name: string }[] }>(page, '{ savedViews { id name } }');
  const view = savedViews.find((v) => v.name === VIEW);
  expect(view).toBeDefined();
  return view!.id;
}

describe('saved reports in Chromium', () => {
  it('saves a relative period, shows it in words, shares a permalink, tells a scoped viewer, reads 12 months at 1280 px', async () => {
    let id = '';
    let financePeriod = { from: '', to: '' };

    await withPage(async (page) => {
      await signInAs(page, 'finance@spendscope.test');
      // No dates in the link: the explorer's default, the last 12 months, offered first when saving.
      await page.goto('/explore?rows=CATEGORY_L1&col=MONTH&m=SPEND');
      await waitForGrid(page);
      await page.getByTestId('save-view').click();
      await page.getByTestId('save-view-name').fill(VIEW);
      const periodChoice = page.getByTestId('save-view-period');
      expect(await periodChoice.getByLabel(/^Last 12 months/).isChecked()).toBe(true);
      await periodChoice.getByLabel(/^These dates/).check();
      await periodChoice.getByLabel(/^Last 12 months/).check();
      await page.getByTestId('save-view-submit').click();
      await expect.poll(() => page.getByTestId('save-view-message').textContent()).toContain('Saved');
      id = await viewId(page);
      financePeriod = await last12(page);

      // /reports names the period in words, with the dates it stands for today.
      await page.goto('/reports');
      const row = page.getByTestId(`saved-view-${id}`);
      await row.waitFor();
      const period = row.getByTestId('saved-view-period');
      expect(await period.textContent()).toMatch(/^Last 12 months/);
      const day = (iso: string) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
      expect(await period.textContent()).toContain(`${day(financePeriod.from)} – ${day(financePeriod.to)}`);
      await saveScreenshot(page, 'reports-periods');

      // The permalink opens the explorer with the resolved dates.
      await page.goto(`/reports/${id}`);
      await page.waitForURL((url) => url.pathname === '/explore');
      const opened = new URL(page.url()).searchParams;
      expect([opened.get('from'), opened.get('to'), opened.get('view'), opened.get('col')]).toEqual([financePeriod.from, financePeriod.to, id, 'MONTH']);
      await waitForGrid(page);
      // The owner sees no scope notice (finance sees all spend).
      await page.getByTestId('saved-view-banner').waitFor();
      expect(await page.getByTestId('scope-notice').count()).toBe(0);
    });

    // Private: for the category manager, the permalink says there is no such view for them, as
    // for an unknown id or one that cannot be an id.
    await withPage(async (page) => {
      await signInAs(page, 'catman@spendscope.test');
      for (const path of [`/reports/${id}`, '/reports/999999999', '/reports/abc']) {
        await page.goto(path);
        await page.getByTestId('saved-view-not-found').waitFor();
        expect(await page.getByTestId('saved-view-not-found').textContent()).toContain('There is no such saved view, or it is not shared with you');
      }
      await saveScreenshot(page, 'reports-view-not-found');
    });

    // The owner shares it from /reports.
    await withPage(async (page) => {
      await signInAs(page, 'finance@spendscope.test');
      await page.goto('/reports');
      const row = page.getByTestId(`saved-view-${id}`);
      const updates: unknown[] = [];
      page.on('request', (request) => {
        const body = request.method() === 'POST' ? (request.postDataJSON() as { operationName?: string; variables?: unknown } | null) : null;
        if (body?.operationName === 'UpdateSavedView') updates.push(body.variables);
      });
      // By keyboard: the box keeps focus while its change saves and after, and one change is sent.
      // (Its cell used to mount afresh on every change of the table's state: focus fell to the
      // page, and the box could be ticked again while the first save was in flight.)
      const box = row.getByRole('checkbox');
      await box.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => row.textContent()).toContain('Shared');
      expect(await box.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await box.isChecked()).toBe(true);
      expect(updates).toEqual([{ id, version: 1, input: { shared: true } }]);
    });

    await withPage(async (page) => {
      await signInAs(page, 'catman@spendscope.test');
      const own = await last12(page);
      await page.goto(`/reports/${id}`);
      await page.waitForURL((url) => url.pathname === '/explore');
      const opened = new URL(page.url()).searchParams;
      // Resolved against the latest invoice the category manager sees.
      expect([opened.get('from'), opened.get('to')]).toEqual([own.from, own.to]);
      await waitForGrid(page);
      const notice = page.getByTestId('scope-notice');
      await notice.waitFor();
      expect(await notice.textContent()).toBe('Figures are limited to your categories: IT & Telecoms, Professional Services.');
      expect(await page.getByTestId('saved-view-banner').textContent()).toContain(`${VIEW} by `);

      await saveScreenshot(page, 'reports-shared-view-scoped');
    });

    // At 1280 × 800 with the settings hidden, the 12 months fit beside the row labels.
    await withPage(async (page) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await signInAs(page, 'finance@spendscope.test');
      await page.goto(`/reports/${id}`);
      await page.waitForURL((url) => url.pathname === '/explore');
      await waitForGrid(page);
      const toggle = page.getByTestId('toggle-panel');
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      // Rows by label, from the "Rows" header and from the panel's row order (a native select).
      const labels = () => grid(page).locator('.data-table__body .pivot-label__text').allTextContents();
      const byLabel = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });
      await grid(page).getByRole('button', { name: 'Rows' }).click();
      await page.waitForURL((url) => url.searchParams.get('lsort') === 'asc');
      await expect.poll(async () => { const l = await labels(); return l.join('|') === [...l].sort(byLabel).join('|'); }).toBe(true);
      const ascending = await labels();
      expect(ascending.length).toBeGreaterThan(5);
      await page.getByTestId('row-order').focus();
      await page.keyboard.press('ArrowDown');
      await page.waitForURL((url) => url.searchParams.get('lsort') === 'desc');
      await expect.poll(labels).toEqual([...ascending].reverse());
      await saveScreenshot(page, 'explore-1280-panel-open');
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await page.getByRole('complementary', { name: 'Pivot configuration' }).count()).toBe(0);

      const months = grid(page).locator('[role="columnheader"] .data-table__header-group');
      await expect.poll(() => months.count()).toBeGreaterThanOrEqual(12);
      const boxes = await months.evaluateAll((nodes) => nodes.map((node) => ({ text: node.textContent, right: node.getBoundingClientRect().right })));
      const monthBoxes = boxes.filter((box) => /^[A-Z][a-z]{2} \d{4}$/.test(box.text ?? ''));
      expect(monthBoxes).toHaveLength(12);
      // Inside the grid's own box, not cut by its scroll area.
      const gridRight = (await grid(page).boundingBox())!.x + (await grid(page).boundingBox())!.width;
      for (const box of monthBoxes) expect(box.right, box.text ?? '').toBeLessThanOrEqual(gridRight);
      // The page itself does not scroll sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      // Long names end in an ellipsis, with the full name in the title.
      const label = grid(page).locator('.data-table__body [data-col="label"] [title]').first();
      expect((await label.getAttribute('title'))?.length).toBeGreaterThan(0);
      // No figure is cut off: every value cell, grand total included, is as wide as its text.
      const clippedCells = () =>
        grid(page).locator('.data-table__cell:not([data-col="label"]), .data-table__header:not([data-col="label"]):not(.data-table__cell--group-first)').evaluateAll((nodes) =>
          nodes.filter((node) => node.scrollWidth > node.clientWidth + 1 && !node.matches('[aria-colindex="1"]')).map((node) => node.textContent));
      expect(await clippedCells()).toEqual([]);
      await saveScreenshot(page, 'explore-1280-panel-hidden');

      // Two measures a month, the panel open: still no figure cut off, and each month named once
      // over its two columns, within them. The grid renders the columns in view (and a few
      // beyond), so the months are checked at the start and again scrolled to the end.
      await toggle.click();
      await page.getByTestId('measures').getByLabel('Lines').click();
      await expect.poll(async () => Number(await grid(page).getAttribute('aria-colcount'))).toBeGreaterThanOrEqual(1 + 12 * 2);
      const groupLabels = grid(page).locator('[role="columnheader"] .data-table__header-group:not(.data-table__header-group--rest)');
      const restLabels = grid(page).locator('[role="columnheader"] .data-table__header-group--rest');
      const monthsFit = async () => {
        expect(await clippedCells()).toEqual([]);
        const fits = await groupLabels.evaluateAll((labels) =>
          labels.map((label) => {
            const first = label.closest('[role="columnheader"]')!;
            const rest = first.nextElementSibling;
            const width = first.getBoundingClientRect().width + (rest?.getBoundingClientRect().width ?? 0);
            return { text: label.textContent, fits: label.getBoundingClientRect().width <= width, named: rest?.getAttribute('role') !== 'columnheader' || rest.textContent?.startsWith(label.textContent ?? '-') };
          }));
        expect(fits.filter((f) => !f.fits || !f.named)).toEqual([]);
      };
      await expect.poll(() => restLabels.count()).toBeGreaterThanOrEqual(3);
      await expect.poll(() => groupLabels.allTextContents()).toContain('Nov 2025');
      await monthsFit();
      await saveScreenshot(page, 'explore-1280-two-measures');
      await grid(page).evaluate((node) => node.scrollTo({ left: node.scrollWidth }));
      await expect.poll(() => groupLabels.allTextContents()).toContain('Oct 2026');
      await monthsFit();
      await grid(page).evaluate((node) => node.scrollTo({ left: 0 }));
      await page.getByTestId('measures').getByLabel('Lines').click();
      await toggle.click();

      // The choice is remembered in this browser.
      await page.reload();
      await waitForGrid(page);
      expect(await page.getByTestId('toggle-panel').getAttribute('aria-expanded')).toBe('false');
    });
  });

  it('tells a viewer, who has no explorer, which saved views can appear for them', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'viewer@spendscope.test');
      await page.goto('/reports');
      const empty = page.getByRole('heading', { name: 'No saved views yet' });
      await empty.waitFor();
      expect(await page.locator('main').textContent()).toContain('which your role does not include');
      expect(await page.getByRole('link', { name: 'Open the explorer' }).count()).toBe(0);
    });
  });

  it('lets a viewer save the overview\'s filter and open it again from /reports with the same figures', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'viewer@spendscope.test');
      await page.goto('/?from=2025-01-01&to=2025-06-30');
      const total = page.getByTestId('kpi-total-spend-value');
      await total.waitFor();
      const shown = await total.textContent();
      await page.getByTestId('save-view').click();
      // An overview filter has no period choice: its dates are the filter's own.
      expect(await page.getByTestId('save-view-period').count()).toBe(0);
      await page.getByTestId('save-view-name').fill('First half of 2025');
      await page.getByTestId('save-view-submit').click();
      await page.getByTestId('save-view-message').filter({ hasText: 'Saved “First half of 2025”' }).waitFor();
      await saveScreenshot(page, 'overview-save-view');

      await page.goto('/reports');
      const row = page.locator('tr').filter({ hasText: 'First half of 2025' });
      expect(await row.textContent()).toContain('Overview filter');
      expect(await row.getByTestId('saved-view-period').textContent()).toBe('1 Jan 2025 – 30 Jun 2025');
      await row.getByTestId('open-view').click();
      await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('from') === '2025-01-01' && url.searchParams.get('to') === '2025-06-30');
      await total.waitFor();
      await expect.poll(() => total.textContent()).toBe(shown);

      // Saved without dates, the filter follows the data: /reports says which period that is.
      await page.goto('/');
      await total.waitFor();
      await page.getByTestId('save-view').click();
      await page.getByTestId('save-view-name').fill('Rolling overview');
      await page.getByTestId('save-view-submit').click();
      await page.getByTestId('save-view-message').filter({ hasText: 'Saved “Rolling overview”' }).waitFor();
      await page.goto('/reports');
      // The row by its id: while it is renamed, its name is in a field, not in its text.
      const rolling = page.getByTestId((await page.locator('tr').filter({ hasText: 'Rolling overview' }).getAttribute('data-testid'))!);
      expect(await rolling.getByTestId('saved-view-period').textContent()).toBe('Last 12 monthsmoving with the data');

      // By keyboard: Escape leaves a rename as it was and a delete undone, focus back on the
      // button that opened each; the in-place question starts on Keep.
      const focusedText = () => page.evaluate(() => document.activeElement?.textContent?.trim());
      await rolling.getByRole('button', { name: 'Rename' }).focus();
      await page.keyboard.press('Enter');
      const rename = rolling.getByLabel('New name');
      await rename.waitFor();
      await rename.fill('Renamed by mistake');
      await page.keyboard.press('Escape');
      await rename.waitFor({ state: 'detached' });
      await expect.poll(focusedText).toBe('Rename');
      expect(await rolling.getByTestId('open-view').textContent()).toBe('Rolling overview');
      await page.keyboard.press('Tab');
      expect(await focusedText()).toBe('Delete');
      await page.keyboard.press('Enter');
      await expect.poll(focusedText).toBe('Keep');
      await page.keyboard.press('Escape');
      await expect.poll(focusedText).toBe('Delete');
      expect(await rolling.getByRole('button', { name: 'Confirm delete' }).count()).toBe(0);

      // On a phone the name, its sharing and its actions are on screen, with nothing to scroll sideways to.
      await page.setViewportSize({ width: 390, height: 800 });
      const views = page.getByTestId('saved-views');
      await expect.poll(() => views.evaluate((table) => table.parentElement!.scrollWidth <= table.parentElement!.clientWidth + 1)).toBe(true);
      expect((await rolling.getByRole('button', { name: 'Delete' }).boundingBox())!.x + 10).toBeLessThan(390);
      await saveScreenshot(page, 'reports-390');
      await rolling.getByRole('button', { name: 'Delete' }).click();
      await page.keyboard.press('Shift+Tab');
      expect(await focusedText()).toBe('Confirm delete');
      await page.keyboard.press('Enter');
      await rolling.waitFor({ state: 'detached' });
    });
  });
});

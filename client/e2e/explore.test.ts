import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { escapeRegExp, parseMoney, saveScreenshot, signIn, browserSuite } from './browser.js';

const suite = browserSuite();
const withPage = suite.withPage;

// Expected figures are formatted here with Intl directly, not with the console's formatting module.
const money = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const count = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

interface CubeAnswer {
  data?: { spendCube: { rows: { keys: { id: string | null; label: string }[]; values: (string | null)[] }[] } };
  errors?: unknown[];
}

/** A GraphQL call from the page, with its session cookie: the test's own view of the numbers. */
async function spendByCategory(page: Page, dateFrom: string, dateTo: string) {
  const answer = await page.evaluate(
    async (variables) => {
      const response = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: 'query ($q: SpendCubeQuery!) { spendCube(query: $q) { rows { keys { id label } values } } }',
          variables,
        }),
      });
      return (await response.json()) as CubeAnswer;
    },
    { q: { dimensions: ['CATEGORY_L1'], measures: ['SPEND', 'LINE_COUNT'], filter: { dateFrom, dateTo } } },
  );
  expect(answer.errors).toBeUndefined();
  return answer.data?.spendCube.rows ?? [];
}

const grid = (page: Page) => page.getByTestId('pivot-grid');

async function waitForGrid(page: Page) {
  await grid(page).waitFor();
  await page.waitForFunction(() => !document.querySelector('.explorer__result[aria-busy="true"]'));
}

function exactly(text: string): RegExp {
  return new RegExp(`^${escapeRegExp(text)}$`);
}

/** A group row of the grid, found by its exact label. */
function groupRow(page: Page, label: string) {
  return grid(page).locator('.data-table__body .pivot-row--group').filter({ has: page.locator('.pivot-label__text', { hasText: exactly(label) }) });
}

/** The text of a group row's cell in a column (by data-col). */
async function cellText(page: Page, rowLabel: string, columnId: string): Promise<string> {
  return (await groupRow(page, rowLabel).locator(`[data-col="${columnId}"]`).textContent()) ?? '';
}

async function groupLabels(page: Page): Promise<string[]> {
  return grid(page).locator('.pivot-row--group .pivot-label__text').allTextContents();
}

describe('explorer, lines and reports in Chromium', () => {
  it('builds a pivot, drills a subtotal to lines, exports XLSX, saves and reopens a view', async () => {
    await withPage(async (page) => {
      await signIn(page, 'analyst@spendscope.test');
      await page.waitForURL((url) => url.pathname === '/');
      await page.locator('nav[aria-label="Main"]').getByRole('link', { name: /^Explore/ }).click();
      await page.waitForURL((url) => url.pathname === '/explore');

      // Build rows CATEGORY_L1 › BUSINESS_UNIT, column YEAR, measure SPEND, over all time.
      await page.getByTestId('preset-all-time').click();
      await page.waitForURL((url) => url.searchParams.has('from'));
      // Quick changes on a slow machine (the CPU slowed sixfold): each starts from the one before,
      // whatever renders in between (a row removed, added again, then a column: the row stays).
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
      await page.getByRole('button', { name: 'Remove Business unit' }).click();
      await page.getByTestId('add-row-dimension').selectOption('BUSINESS_UNIT');
      await page.getByTestId('column-dimension').selectOption('YEAR');
      await page.getByTestId('measures').getByLabel('Lines').click();
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await page.waitForURL((url) => url.searchParams.get('m') === 'SPEND' && url.searchParams.get('col') === 'YEAR');
      await waitForGrid(page);
      // Polled: the panel's list can render a beat after the URL has changed.
      await expect.poll(() => page.getByTestId('row-dimensions').locator('li').allTextContents()).toEqual([
        expect.stringContaining('Category (level 1)'),
        expect.stringContaining('Business unit'),
      ]);

      // Sort by total spend, largest first: groups come in descending order.
      await grid(page).getByRole('columnheader', { name: /Total\s*Spend/ }).getByRole('button').click();
      await page.waitForURL((url) => url.searchParams.get('sort') === 'SPEND:__total:desc');
      const groups = await groupLabels(page);
      expect(groups.length).toBeGreaterThan(2);
      const groupTotals = await Promise.all(groups.map(async (label) => parseMoney(await cellText(page, label, '__total|SPEND'))));
      expect([...groupTotals].sort((a, b) => b - a)).toEqual(groupTotals);

      // Collapse the first group: its business units disappear.
      const rowCount = async () => Number(await grid(page).getAttribute('aria-rowcount'));
      const rowsBefore = await rowCount();
      await grid(page).getByRole('button', { name: `Collapse ${groups[0]}` }).click();
      await expect.poll(rowCount).toBeLessThan(rowsBefore);
      await expect.poll(() => grid(page).getByRole('button', { name: `Expand ${groups[0]}` }).count()).toBe(1);
      await saveScreenshot(page, 'explore-grid');

      // The grand total pinned at the bottom, and the second group's subtotal.
      const grandTotalText = (await grid(page).locator('.data-table__foot [data-col="__total|SPEND"]').textContent()) ?? '';
      const subtotalLabel = groups[1];
      const subtotalText = await cellText(page, subtotalLabel, '__total|SPEND');
      const search = new URL(page.url()).searchParams;
      const expected = (await spendByCategory(page, search.get('from') ?? '', search.get('to') ?? '')).find((row) => row.keys[0].label === subtotalLabel);
      expect(expected).toBeDefined();
      expect(subtotalText).toBe(money.format(Number(expected?.values[0])));

      // Chart view of the same result.
      await page.getByTestId('view-chart').click();
      await page.getByTestId('pivot-chart').locator('.recharts-bar-rectangle path').first().waitFor();
      // The chart draws the first row dimension only, and says where the second is.
      expect(await page.getByTestId('pivot-chart').getByRole('heading').textContent()).toBe('Category (level 1) by Year');
      expect(await page.getByTestId('pivot-chart').locator('.card__subtitle').textContent()).toContain('Business unit in the grid only');
      await saveScreenshot(page, 'explore-chart');
      await page.getByTestId('view-grid').click();
      await waitForGrid(page);

      // Export XLSX through the UI; its grand total equals the grid's.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(await download.path());
      let exportedGrandTotal: number | null = null;
      let exportedSubtotal: number | null = null;
      let header: unknown[] = [];
      workbook.worksheets[0].eachRow((row) => {
        const values = (row.values as unknown[]).slice(1);
        if (values[0] === 'Category (level 1)') header = values;
        if (values[0] === 'Grand total') exportedGrandTotal = Number(values[values.length - 1]);
        if (values[0] === subtotalLabel && values[1] === 'Total') exportedSubtotal = Number(values[values.length - 1]);
      });
      expect(money.format(exportedGrandTotal ?? Number.NaN)).toBe(grandTotalText);
      // The shape shown: row dimensions, then the years across in time order, then the total; the subtotal as on screen.
      const years = header.slice(2, -1).map(String);
      expect(header.slice(0, 2)).toEqual(['Category (level 1)', 'Business unit']);
      expect(years.length).toBeGreaterThan(1);
      expect([...years].sort()).toEqual(years);
      expect(header.at(-1)).toBe('Total');
      expect(money.format(exportedSubtotal ?? Number.NaN)).toBe(subtotalText);
      // The long format is one choice away, for other tools.
      await page.getByTestId('export-layout').selectOption('long');
      const [long] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
      expect((await readFile((await long.path())!, 'utf8')).split('\r\n')[0]).toBe('\uFEFFRow type,Category (level 1),Business unit,Year,Spend');
      await page.getByTestId('export-layout').selectOption('shown');

      // Save the view, and a second time under the same name.
      const explorerUrl = page.url();
      // Escape closes the form and puts focus back on its button.
      await page.getByTestId('save-view').click();
      await page.getByTestId('save-view-name').waitFor();
      await page.keyboard.press('Escape');
      await page.getByTestId('save-view-form').waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('save-view');
      await page.keyboard.press('Enter');
      await page.getByTestId('save-view-name').fill('Categories by unit and year');
      await page.getByTestId('save-view-submit').click();
      await expect.poll(() => page.getByTestId('save-view-message').textContent()).toContain('Saved');
      await page.getByTestId('save-view-submit').click();
      await expect.poll(() => page.getByTestId('save-view-message').textContent()).toContain('You already have a view called “Categories by unit and year”');
      await page.getByRole('button', { name: 'Close' }).click();

      // Drill the subtotal: the lines' count and total equal the cell.
      await groupRow(page, subtotalLabel).locator('[data-col="__total|SPEND"]').click();
      await page.waitForURL((url) => url.pathname === '/lines');
      await page.getByTestId('lines-total').waitFor();
      expect(await page.getByTestId('lines-total').textContent()).toBe(subtotalText);
      expect(await page.getByTestId('lines-count').textContent()).toBe(count.format(Number(expected?.values[1])));
      await page.getByTestId('lines-grid').locator('.data-table__body [role="row"]').first().waitFor();
      await saveScreenshot(page, 'lines');

      // Scrolling loads the next page of 200.
      await page.getByTestId('lines-grid').evaluate((element) => element.scrollTo(0, element.scrollHeight));
      await expect.poll(() => page.getByTestId('lines-grid').getAttribute('aria-rowcount')).not.toBe('202');
      await page.getByTestId('back-to-explorer').click();
      await page.waitForURL((url) => url.pathname === '/explore');
      expect(page.url()).toBe(explorerUrl);

      // Reopen the saved view from /reports (through its permalink): the same URL state, plus the view it came from.
      await page.goto('/reports');
      await page.getByTestId('saved-views').waitFor();
      await saveScreenshot(page, 'reports');
      await page.getByTestId('saved-views').getByRole('link', { name: 'Categories by unit and year', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/explore');
      const reopened = new URL(page.url());
      expect(reopened.searchParams.get('view')).toMatch(/^\d+$/);
      reopened.searchParams.delete('view');
      expect(Object.fromEntries(reopened.searchParams)).toEqual(Object.fromEntries(new URL(explorerUrl).searchParams));
      await waitForGrid(page);
      expect(await grid(page).locator('.data-table__foot [data-col="__total|SPEND"]').textContent()).toBe(grandTotalText);
    });
  });

  it('filters the pivot on any dimension: supplier chip, URL state, drill-down and removal', async () => {
    await withPage(async (page) => {
      await signIn(page, 'analyst@spendscope.test');
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto('/explore?rows=CATEGORY_L1');
      await page.getByTestId('preset-all-time').click();
      await page.waitForURL((url) => url.searchParams.has('from'));
      await waitForGrid(page);
      const grandTotal = () => grid(page).locator('.data-table__foot [data-col="__total|SPEND"]').textContent();
      // The all-time total, asked of the API: read off the grid at once, it could still be the
      // last 12 months' while the new period's figures were on their way.
      const everything = await page.request.post('/graphql', {
        data: { query: '{ spendCube(query: { dimensions: [], measures: [SPEND] }) { totals { values } } }' },
      });
      expect(everything.ok()).toBe(true);
      const allTime = (await everything.json()) as { data?: { spendCube: { totals: { values: (string | null)[] } } } };
      const unfiltered = money.format(Number(allTime.data?.spendCube.totals.values[0]));
      expect(unfiltered).toMatch(/^€/);
      await expect.poll(grandTotal).toBe(unfiltered);

      // Add a filter on Supplier: the picker lists suppliers by spend, largest first.
      await page.getByTestId('add-member-filter').selectOption('SUPPLIER');
      const picker = page.getByTestId('member-picker');
      const firstOption = picker.getByTestId('member-option').first();
      await firstOption.waitFor();
      const firstLabel = ((await picker.locator('.check-row__label').first().textContent()) ?? '').trim();
      expect(firstLabel).not.toBe('');
      await firstOption.check();
      await picker.getByTestId('member-picker-apply').click();
      await page.waitForURL((url) => url.searchParams.has('mf'));
      const mf = JSON.parse(new URL(page.url()).searchParams.get('mf') ?? '{}') as Record<string, (string | null)[]>;
      expect(mf.SUPPLIER).toHaveLength(1);
      const supplierId = mf.SUPPLIER[0];
      expect(typeof supplierId).toBe('string');
      const chip = page.getByTestId('member-filter-SUPPLIER');
      await expect.poll(() => chip.textContent()).toContain(`Supplier: ${firstLabel}`);

      // The test's own figure: the supplier's total spend, fetched with the page's cookie.
      const response = await page.request.post('/graphql', {
        data: {
          query: 'query ($q: SpendCubeQuery!) { spendCube(query: $q) { totals { values } } }',
          variables: { q: { dimensions: [], measures: ['SPEND'], filter: { members: [{ dimension: 'SUPPLIER', ids: [supplierId] }] } } },
        },
      });
      expect(response.ok()).toBe(true);
      const answer = (await response.json()) as { data?: { spendCube: { totals: { values: (string | null)[] } } }; errors?: unknown[] };
      expect(answer.errors).toBeUndefined();
      const expectedTotal = money.format(Number(answer.data?.spendCube.totals.values[0]));
      expect(expectedTotal).not.toBe(unfiltered);
      await expect.poll(grandTotal).toBe(expectedTotal);
      await waitForGrid(page);

      // Reopen the chip's picker for the screenshot: the chip, the picker and the filtered grid.
      await chip.getByTestId('member-filter-edit').click();
      await picker.getByTestId('member-option').first().waitFor();
      expect(await picker.getByTestId('member-option').first().isChecked()).toBe(true);
      await saveScreenshot(page, 'explore-filters');
      await page.keyboard.press('Escape');
      await expect.poll(() => picker.count()).toBe(0);

      // Reload: the filter is in the URL, so the chip and the total come back.
      await page.reload();
      await waitForGrid(page);
      await expect.poll(() => chip.textContent()).toContain(`Supplier: ${firstLabel}`);
      await expect.poll(grandTotal).toBe(expectedTotal);

      // Drill the first category: the lines keep the supplier filter and add up to the cell.
      const category = (await groupLabels(page))[0] ?? (await grid(page).locator('.data-table__body .pivot-label__text').first().textContent()) ?? '';
      const categoryRow = grid(page).locator('.data-table__body [role="row"]').filter({ has: page.locator('.pivot-label__text', { hasText: exactly(category) }) });
      const cellSpend = (await categoryRow.locator('[data-col="__total|SPEND"]').textContent()) ?? '';
      const cellLines = (await categoryRow.locator('[data-col="__total|LINE_COUNT"]').textContent()) ?? '';
      await categoryRow.locator('[data-col="__total|SPEND"]').click();
      await page.waitForURL((url) => url.pathname === '/lines');
      await page.getByTestId('lines-total').waitFor();
      expect(await page.getByTestId('lines-total').textContent()).toBe(cellSpend);
      expect(await page.getByTestId('lines-count').textContent()).toBe(cellLines);
      const drilled = JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}') as { members?: { dimension: string; ids: (string | null)[] }[] };
      expect(drilled.members).toContainEqual({ dimension: 'SUPPLIER', ids: [supplierId] });
      await page.getByTestId('back-to-explorer').click();
      await page.waitForURL((url) => url.pathname === '/explore');
      await waitForGrid(page);

      // Remove the chip: back to the unfiltered total.
      await chip.getByTestId('member-filter-remove').click();
      await page.waitForURL((url) => !url.searchParams.has('mf'));
      await expect.poll(grandTotal).toBe(unfiltered);
      expect(await chip.count()).toBe(0);
    });
  });

  it('draws periods in time order, and line charts as time series', async () => {
    await withPage(async (page) => {
      await signIn(page, 'analyst@spendscope.test');
      await page.waitForURL((url) => url.pathname === '/');
      // Rows = MONTH, one year; the engine answers largest spend first.
      await page.goto('/explore?rows=MONTH&m=SPEND&from=2025-01-01&to=2025-12-31');
      await waitForGrid(page);
      const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].map((m) => `${m} 2025`);
      const rowLabels = () => grid(page).locator('.data-table__body .pivot-label__text').allTextContents();
      await expect.poll(rowLabels).toEqual(months);

      // Sorted by spend on purpose, the grid follows the sort (polled: rows re-render a beat after the URL)…
      await grid(page).getByRole('columnheader', { name: /Spend/ }).getByRole('button').click();
      await page.waitForURL((url) => url.searchParams.get('sort') === 'SPEND:__total:desc');
      await expect.poll(rowLabels).not.toEqual(months);
      const sortedLabels = await rowLabels();
      expect(sortedLabels).not.toEqual(months);
      expect([...sortedLabels].sort((a, b) => months.indexOf(a) - months.indexOf(b))).toEqual(months);

      // …but the line chart still runs January to December.
      await page.getByTestId('view-chart').click();
      await page.getByRole('group', { name: 'Chart type' }).getByRole('button', { name: 'Line' }).click();
      await page.waitForURL((url) => url.searchParams.get('chart') === 'line');
      const chart = page.getByTestId('pivot-chart');
      await chart.locator('.recharts-line-curve').first().waitFor();
      const ticks = () => chart.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value').allTextContents();
      await expect.poll(ticks).toEqual(months);
      await saveScreenshot(page, 'explore-month-line');

      // Categories by quarter as a line chart: quarters along the axis, one line per category.
      await page.goto('/explore?rows=CATEGORY_L1&col=QUARTER&m=SPEND&from=2025-01-01&to=2025-12-31&view=chart&chart=line');
      await chart.locator('.recharts-line-curve').first().waitFor();
      await expect.poll(ticks).toEqual(['2025-Q1', '2025-Q2', '2025-Q3', '2025-Q4']);
      expect(await chart.locator('.recharts-line-curve').count()).toBeGreaterThan(1);
      await saveScreenshot(page, 'explore-quarter-trend');

      // 2025-03-01 to 2025-10-31 covers Q1 and Q4 in part: their ticks say how many months.
      await page.goto('/explore?rows=CATEGORY_L1&col=QUARTER&m=SPEND&from=2025-03-01&to=2025-10-31&view=chart&chart=line');
      await chart.locator('.recharts-line-curve').first().waitFor();
      await expect.poll(ticks).toEqual(['2025-Q1 (1 of 3 months)', '2025-Q2', '2025-Q3', '2025-Q4 (1 of 3 months)']);
    });
  });

  it('drills a filtered measure, a previous-period cell and "Others" to lines that total the figure clicked', async () => {
    await withPage(async (page) => {
      await signIn(page, 'analyst@spendscope.test');
      await page.waitForURL((url) => url.pathname === '/');
      const open = async (search: string) => {
        await page.goto(`/explore?${search}`);
        await waitForGrid(page);
      };
      const drill = async (row: ReturnType<typeof groupRow>, column: string) => {
        const text = (await row.locator(`[data-col="${column}"]`).textContent()) ?? '';
        await row.locator(`[data-col="${column}"]`).click();
        await page.waitForURL((url) => url.pathname === '/lines');
        await page.getByTestId('lines-total').waitFor();
        await expect.poll(() => page.getByTestId('lines-total').textContent()).toBe(text);
        return text;
      };
      const detailRow = (label: string) =>
        grid(page).locator('.data-table__body [role="row"]').filter({ has: page.locator('.pivot-label__text', { hasText: exactly(label) }) });

      // Off-contract spend of one category: only its off-contract lines.
      await open('rows=CATEGORY_L1&m=SPEND,OFF_CONTRACT_SPEND,PO_COVERAGE&from=2025-01-01&to=2025-12-31');
      const category = ((await grid(page).locator('.data-table__body .pivot-label__text').first().textContent()) ?? '').trim();
      const spendText = (await detailRow(category).locator('[data-col="__total|SPEND"]').textContent()) ?? '';
      const offText = await drill(detailRow(category), '__total|OFF_CONTRACT_SPEND');
      expect(offText).not.toBe(spendText);
      expect(await page.getByTestId('lines-drill').textContent()).toContain('Off-contract spend');
      const drilled = JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}') as { members: unknown[] };
      expect(drilled.members).toContainEqual({ dimension: 'ON_CONTRACT', ids: ['false'] });
      await saveScreenshot(page, 'lines-off-contract-drill');
      await page.getByTestId('back-to-explorer').click();
      await waitForGrid(page);

      // PO coverage: the lines with a PO, whose total over the category's spend is the ratio shown.
      const coverage = (await detailRow(category).locator('[data-col="__total|PO_COVERAGE"]').textContent()) ?? '';
      await detailRow(category).locator('[data-col="__total|PO_COVERAGE"]').click();
      await page.waitForURL((url) => url.pathname === '/lines');
      await page.getByTestId('lines-total').waitFor();
      const withPo = parseMoney(await page.getByTestId('lines-total').textContent());
      const percent = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 1 });
      expect(percent.format(withPo / parseMoney(spendText))).toBe(coverage);

      // The previous period: a 2025 cell opens the 2024 lines of the same category.
      await open('rows=CATEGORY_L1&m=SPEND,SPEND_PREVIOUS_PERIOD,CHANGE&from=2025-01-01&to=2025-12-31');
      await saveScreenshot(page, 'explore-previous-period');
      const previousText = await drill(detailRow(category), '__total|SPEND_PREVIOUS_PERIOD');
      expect(parseMoney(previousText)).toBeGreaterThan(0);
      const url = new URL(page.url());
      expect([url.searchParams.get('from'), url.searchParams.get('to')]).toEqual(['2024-01-01', '2024-12-31']);

      // "Others" among suppliers: everything but the top 5, in a short link.
      await open('rows=SUPPLIER&m=SPEND&top=5&from=2025-01-01&to=2025-12-31');
      const others = grid(page).locator('.data-table__body .pivot-row--others');
      const othersLabel = ((await others.locator('.pivot-label__text').textContent()) ?? '').trim();
      expect(othersLabel).toMatch(/^Others \(\d+\)$/);
      expect(Number(/\d+/.exec(othersLabel)?.[0])).toBeGreaterThan(100);
      await drill(others, '__total|SPEND');
      expect(page.url().length).toBeLessThan(1000);
      const members = (JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}') as { members: { dimension: string; ids: string[]; exclude?: boolean }[] }).members;
      expect(members).toHaveLength(1);
      expect(members[0]).toMatchObject({ dimension: 'SUPPLIER', exclude: true });
      expect(members[0].ids).toHaveLength(5);
      await saveScreenshot(page, 'lines-others-drill');
    });
  });

  it('leaves members out with a "not in" filter, and shows emissions with the spend they could not cover', async () => {
    await withPage(async (page) => {
      await signIn(page, 'analyst@spendscope.test');
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto('/explore?rows=CATEGORY_L1&m=SPEND,EMISSIONS_KG,EMISSIONS_UNMAPPED_SPEND&from=2025-01-01&to=2025-12-31');
      await waitForGrid(page);
      const grandTotal = async () => parseMoney(await grid(page).locator('.data-table__foot [data-col="__total|SPEND"]').textContent());
      const before = await grandTotal();
      // Unclassified spend has no emission factor: its emissions are unknown, not zero.
      const unclassified = grid(page).locator('.data-table__body [role="row"]').filter({ has: page.locator('.pivot-label__text', { hasText: exactly('Unclassified') }) });
      expect(await unclassified.locator('[data-col="__total|EMISSIONS_KG"]').textContent()).toBe('—');
      expect(await unclassified.locator('[data-col="__total|EMISSIONS_UNMAPPED_SPEND"]').textContent()).toBe(
        await unclassified.locator('[data-col="__total|SPEND"]').textContent(),
      );
      const emissions = (await grid(page).locator('.data-table__foot [data-col="__total|EMISSIONS_KG"]').textContent()) ?? '';
      expect(emissions).toMatch(/^[\d,]+(\.\d)?$/);
      await saveScreenshot(page, 'explore-emissions');

      // Leave Unclassified out.
      const unclassifiedSpend = parseMoney(await unclassified.locator('[data-col="__total|SPEND"]').textContent());
      await page.getByTestId('add-member-filter').selectOption('CATEGORY_L1');
      const picker = page.getByTestId('member-picker');
      await picker.getByTestId('member-option').first().waitFor();
      await picker.locator('label.check-row', { hasText: 'Unclassified' }).locator('input').check();
      await picker.getByTestId('member-picker-exclude').click();
      expect(await picker.getByTestId('member-picker-exclude').getAttribute('aria-pressed')).toBe('true');
      await saveScreenshot(page, 'explore-not-in-picker');
      await picker.getByTestId('member-picker-apply').click();
      await page.waitForURL((url) => url.searchParams.get('mf') === JSON.stringify({ CATEGORY_L1: { not: [null] } }));
      await expect.poll(() => page.getByTestId('member-filter-CATEGORY_L1').textContent()).toContain('Category (level 1): not Unclassified');
      await expect.poll(grandTotal).toBeCloseTo(before - unclassifiedSpend, 2);
      expect(await unclassified.count()).toBe(0);
      await saveScreenshot(page, 'explore-not-in');
    });
  });

  it('keeps both of two changes made before the page re-renders (a row added, a column chosen at once)', async () => {
    await withPage(async (page) => {
      await signIn(page, 'analyst@spendscope.test');
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto('/explore');
      await page.getByTestId('add-row-dimension').waitFor();
      const rowsBefore = await page.getByTestId('row-dimensions').locator('li').count();
      // Both change events in one task, so React Router has not rendered the first URL when the second is written.
      await page.evaluate(() => {
        const pick = (testId: string, value: string) => {
          const select = document.querySelector<HTMLSelectElement>(`[data-testid="${testId}"]`)!;
          select.value = value;
          select.dispatchEvent(new Event('change', { bubbles: true }));
        };
        pick('add-row-dimension', 'COUNTRY');
        pick('column-dimension', 'QUARTER');
      });
      await page.waitForURL((url) => url.searchParams.get('col') === 'QUARTER');
      const rows = new URL(page.url()).searchParams.get('rows') ?? '';
      expect(rows.split(',')).toContain('COUNTRY');
      expect(rows.split(',').length).toBe(rowsBefore + 1);
    });
  });

  it('lets the grid fill a 1920 x 1080 window down to its bottom; at 1280 x 800 it keeps its 640 px; a short pivot is no taller than its rows; folds live in the URL', async () => {
    await withPage(async (page) => {
      await page.setViewportSize({ width: 1920, height: 1080 });
      await signIn(page, 'finance@spendscope.test');
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto('/explore');
      await waitForGrid(page);
      const metrics = () =>
        grid(page).evaluate((el) => {
          const hint = el.parentElement!.querySelector('p')!.getBoundingClientRect();
          return {
            height: el.clientHeight,
            scrollHeight: el.scrollHeight,
            bottom: el.getBoundingClientRect().bottom,
            hintBottom: hint.bottom,
            window: window.innerHeight,
            rows: Number(el.getAttribute('aria-rowcount')),
          };
        });
      await expect.poll(async () => (await metrics()).height).toBeGreaterThanOrEqual(700);
      const tall = await metrics();
      expect(tall.scrollHeight).toBeGreaterThan(tall.height);
      // The grand total and the hint under the grid are in the first screen, not below it.
      expect(tall.hintBottom).toBeLessThanOrEqual(tall.window);
      expect(tall.window - tall.bottom).toBeLessThan(100);
      await saveScreenshot(page, 'explore-1920-grid');

      await page.setViewportSize({ width: 1280, height: 800 });
      await expect.poll(async () => (await metrics()).height).toBeLessThan(700);
      expect((await metrics()).height).toBeGreaterThanOrEqual(600);
      await saveScreenshot(page, 'explore-1280-grid');

      // Only the top-level groups: the grid ends with its last row, however tall the window.
      await page.setViewportSize({ width: 1920, height: 1080 });
      await page.getByTestId('collapse-all').click();
      await expect.poll(async () => (await metrics()).rows).toBeLessThan(20);
      const short = await metrics();
      expect(short.scrollHeight).toBeLessThanOrEqual(short.height + 1);
      expect(short.height).toBeLessThanOrEqual(short.rows * 34 + 12);

      // The folds are in the URL like the rest of the pivot: the same link opens folded the same way.
      const folded = short.rows;
      expect(new URL(page.url()).searchParams.get('fold')).toMatch(/^CATEGORY_L1,BUSINESS_UNIT\|~/);
      await page.goto(page.url());
      await waitForGrid(page);
      await expect.poll(async () => (await metrics()).rows).toBe(folded);
      await page.getByTestId('expand-all').click();
      await expect.poll(async () => (await metrics()).rows).toBeGreaterThan(folded);
      expect(new URL(page.url()).searchParams.has('fold')).toBe(false);
    });
  });

  it('keeps viewers out of the lines screen', async () => {
    await withPage(async (page) => {
      await signIn(page, 'viewer@spendscope.test');
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto('/lines');
      await page.getByTestId('access-denied').waitFor();
    });
  });
});

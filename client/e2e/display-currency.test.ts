import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, escapeRegExp, graphqlAs, saveScreenshot, seriousViolations, signInAs, totalSpend, waitForDashboard } from './browser.js';

/**
 * Issue "Finance's month-end", part 1, in Chromium at 1280 px and by keyboard: finance picks a
 * currency other than the reporting one in the filter bar; the URL carries it (`cur`), the
 * explorer's grand total and the overview's total spend are in it and equal the API's answer for
 * the same filter, the lines without a rate into it are counted in a notice (or no notice when
 * there are none), a reload keeps it, and a saved pivot reopens in it.
 */

const suite = browserSuite();
const PERIOD = { dateFrom: '2000-01-01', dateTo: '2100-12-31' };
const EXPLORER = `/explore?rows=CATEGORY_L1&m=SPEND&from=${PERIOD.dateFrom}&to=${PERIOD.dateTo}`;
const VIEW = 'Categories in another currency';

const grid = (page: Page) => page.getByTestId('pivot-grid');
const grandTotal = (page: Page) => grid(page).locator('.data-table__foot [data-col="__total|SPEND"]');
const currencySelect = (page: Page) => page.locator('#filter-currency');

async function settled(page: Page) {
  await grid(page).waitFor();
  await page.waitForFunction(() => !document.querySelector('.explorer__result[aria-busy="true"]'));
}

function money(amount: string, currency: string): string {
  // Intl reads a numeric string exactly, as the console's formatter does.
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount as unknown as number);
}

describe('the display currency in the filter bar', () => {
  it('shows every figure in the currency picked by keyboard, keeps it in the URL, on reload and in a saved view', async () => {
    await suite.withPage(async (page) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await signInAs(page, 'finance@spendscope.test');

      const { settings } = await graphqlAs<{ settings: { reportingCurrency: string } }>(page, '{ settings { reportingCurrency } }');
      const reporting = settings.reportingCurrency;
      const { fxRates } = await graphqlAs<{ fxRates: { currency: string }[] }>(page, '{ fxRates { currency } }');
      const others = [...new Set(fxRates.map((rate) => rate.currency))].filter((code) => code !== reporting).sort();
      expect(others.length).toBeGreaterThan(0);
      const target = others.includes('USD') ? 'USD' : others[0];

      await page.goto(EXPLORER);
      await settled(page);
      // The reporting currency by default, and every currency of the FX table offered.
      expect(await currencySelect(page).inputValue()).toBe(reporting);
      expect((await currencySelect(page).locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).sort()).toEqual(
        [reporting, ...others].sort(),
      );
      expect(await page.getByLabel('Currency', { exact: true }).getAttribute('id')).toBe('filter-currency');
      await saveScreenshot(page, 'display-currency-default');

      // By keyboard: the arrow keys browse (nothing is asked yet), Enter shows the figures in it.
      await currencySelect(page).focus();
      for (const key of ['ArrowDown', 'ArrowUp']) {
        for (let i = 0; i < 40 && (await currencySelect(page).inputValue()) !== target; i++) await page.keyboard.press(key);
      }
      expect(await currencySelect(page).inputValue()).toBe(target);
      expect(new URL(page.url()).searchParams.get('cur')).toBeNull();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('cur') === target);
      await settled(page);

      // The grand total is the API's for the same filter, in that currency.
      const filter = { ...PERIOD, displayCurrency: target };
      const { spendCube } = await graphqlAs<{ spendCube: { currency: string; totals: { values: string[] } } }>(
        page,
        'query ($query: SpendCubeQuery!) { spendCube(query: $query) { currency totals { values } } }',
        { query: { dimensions: ['CATEGORY_L1'], measures: ['SPEND'], filter } },
      );
      expect(spendCube.currency).toBe(target);
      const expected = money(spendCube.totals.values[0], target);
      await expect.poll(() => grandTotal(page).textContent()).toBe(expected);
      expect(expected).not.toBe(money(spendCube.totals.values[0], reporting));

      // Lines whose month has no rate into it are counted, never zero; none, no notice.
      const { linesWithoutFxRate } = await graphqlAs<{ linesWithoutFxRate: number }>(page, 'query ($filter: SpendFilter) { linesWithoutFxRate(filter: $filter) }', { filter });
      const notice = page.getByTestId('filter-currency-notice');
      if (linesWithoutFxRate > 0) {
        await notice.waitFor();
        expect(await notice.textContent()).toContain(`${new Intl.NumberFormat('en-GB').format(linesWithoutFxRate)} line`);
        expect(await notice.textContent()).toContain(`left out of the figures in ${target}`);
      } else {
        expect(await notice.count()).toBe(0);
      }
      expect(await seriousViolations(page)).toEqual([]);
      await saveScreenshot(page, 'display-currency-explorer');

      // A reload reads it back from the URL.
      await page.reload();
      await settled(page);
      expect(await currencySelect(page).inputValue()).toBe(target);
      await expect.poll(() => grandTotal(page).textContent()).toBe(expected);

      // Saved as a pivot, reopened from /reports: still in that currency.
      await page.getByTestId('save-view').click();
      await page.getByTestId('save-view-name').fill(VIEW);
      await page.getByTestId('save-view-submit').click();
      await expect.poll(() => page.getByTestId('save-view-message').textContent()).toContain('Saved');
      await page.goto('/reports');
      await page.getByTestId('saved-views').getByRole('link', { name: VIEW, exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/explore');
      expect(new URL(page.url()).searchParams.get('cur')).toBe(target);
      await settled(page);
      expect(await currencySelect(page).inputValue()).toBe(target);
      await expect.poll(() => grandTotal(page).textContent()).toBe(expected);

      // A drill-down from the grand total opens its lines in that currency, totalling the figure clicked.
      await grandTotal(page).click();
      await page.waitForURL((url) => url.pathname === '/lines' && url.searchParams.get('cur') === target);
      await expect.poll(() => page.getByTestId('lines-total').textContent()).toBe(expected);

      // The sidebar carries it to the overview, whose total spend is the API's in that currency.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('cur') === target);
      await waitForDashboard(page);
      const { spendSummary } = await graphqlAs<{ spendSummary: { totalSpend: string; currency: string } }>(
        page,
        'query ($filter: SpendFilter) { spendSummary(filter: $filter) { totalSpend currency } }',
        { filter },
      );
      expect(spendSummary.currency).toBe(target);
      expect((await totalSpend(page)).text).toBe(money(spendSummary.totalSpend, target));
      await saveScreenshot(page, 'display-currency-overview');

      // The lines: their total is the API's in that currency, the amount column names it, and
      // the CSV export's amount column is in it.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Lines', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/lines' && url.searchParams.get('cur') === target);
      const { spendLines } = await graphqlAs<{ spendLines: { totalAmount: string; currency: string } }>(
        page,
        'query ($filter: SpendFilter) { spendLines(filter: $filter, page: { limit: 1 }) { totalAmount currency } }',
        { filter },
      );
      expect(spendLines.currency).toBe(target);
      await expect.poll(() => page.getByTestId('lines-total').textContent()).toBe(money(spendLines.totalAmount, target));
      await page.getByRole('columnheader', { name: `Amount (${target})` }).waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
      const header = (await readFile((await download.path())!, 'utf8')).split('\r\n')[0];
      expect(header).toContain(`Amount (display) ${target}`);

      // The categories: the tree's total is the API's in that currency.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Categories', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/categories' && url.searchParams.get('cur') === target);
      const { categoryTree } = await graphqlAs<{ categoryTree: { currency: string; total: { spend: string } } }>(
        page,
        'query ($filter: SpendFilter) { categoryTree(filter: $filter) { currency total { spend } } }',
        { filter },
      );
      expect(categoryTree.currency).toBe(target);
      await expect.poll(() => page.getByTestId('category-tree-total').textContent()).toBe(money(categoryTree.total.spend, target));

      // The suppliers: their spend in that currency, none in the reporting one.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Suppliers', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/suppliers' && url.searchParams.get('cur') === target);
      const symbol = (code: string) => money('0', code).replace('0.00', '');
      const list = page.getByTestId('suppliers-page').locator('table');
      await list.getByText(new RegExp(`^${escapeRegExp(symbol(target))}[\\d,]+\\.\\d{2}$`)).first().waitFor();
      expect(await list.getByText(new RegExp(`^${escapeRegExp(symbol(reporting))}[\\d,]+\\.\\d{2}$`)).count()).toBe(0);
      await saveScreenshot(page, 'display-currency-suppliers');

      // A currency with one month's rate only: the other months' lines are counted in a notice
      // and left out of the total, which is still the API's.
      const partial = ['CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'JPY'].find((code) => code !== reporting && !others.includes(code))!;
      const { dataRange } = await graphqlAs<{ dataRange: { maxDate: string } }>(page, '{ dataRange { maxDate } }');
      await graphqlAs(page, 'mutation ($input: FxRateInput!) { setFxRate(input: $input) { replaced } }', {
        input: { currency: partial, month: dataRange.maxDate, rate: '1.050000' },
      });
      const partialFilter = { ...PERIOD, displayCurrency: partial };
      const missing = await graphqlAs<{ linesWithoutFxRate: number; spendSummary: { totalSpend: string } }>(
        page,
        'query ($filter: SpendFilter) { linesWithoutFxRate(filter: $filter) spendSummary(filter: $filter) { totalSpend } }',
        { filter: partialFilter },
      );
      expect(missing.linesWithoutFxRate).toBeGreaterThan(0);
      await page.goto(`/?from=${PERIOD.dateFrom}&to=${PERIOD.dateTo}&cur=${partial}`);
      await waitForDashboard(page);
      expect(await currencySelect(page).inputValue()).toBe(partial);
      await notice.waitFor();
      expect(await notice.textContent()).toBe(
        `${new Intl.NumberFormat('en-GB').format(missing.linesWithoutFxRate)} lines under these filters have no exchange rate into ${partial} for their month, ` +
          `so they are left out of the figures in ${partial} (not counted as zero).`,
      );
      expect((await totalSpend(page)).text).toBe(money(missing.spendSummary.totalSpend, partial));
      await saveScreenshot(page, 'display-currency-missing-rates');

      // A supplier's page counts its own lines only.
      const { suppliers } = await graphqlAs<{ suppliers: { nodes: { supplier: { id: string } }[] } }>(
        page,
        'query ($filter: SpendFilter) { suppliers(filter: $filter, page: { limit: 1 }) { nodes { supplier { id } } } }',
        { filter: PERIOD },
      );
      const supplierId = suppliers.nodes[0].supplier.id;
      const own = await graphqlAs<{ linesWithoutFxRate: number }>(page, 'query ($filter: SpendFilter) { linesWithoutFxRate(filter: $filter) }', {
        filter: { ...partialFilter, supplierIds: [supplierId] },
      });
      expect(own.linesWithoutFxRate).toBeGreaterThan(0);
      expect(own.linesWithoutFxRate).toBeLessThan(missing.linesWithoutFxRate);
      await page.goto(`/suppliers/${supplierId}?from=${PERIOD.dateFrom}&to=${PERIOD.dateTo}&cur=${partial}`);
      await notice.waitFor();
      expect(await notice.textContent()).toMatch(new RegExp(`^${new Intl.NumberFormat('en-GB').format(own.linesWithoutFxRate)} lines? `));
      await page.getByTestId('supplier-kpis').waitFor();
      await saveScreenshot(page, 'display-currency-supplier');
    });
  });
});

describe('the display currency for a role that may not read the FX table', () => {
  it('offers a scoped viewer the currencies of their lines and shows the overview in one of them', async () => {
    await suite.withPage(async (page) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await signInAs(page, 'viewer@spendscope.test');
      await waitForDashboard(page);
      const { settings } = await graphqlAs<{ settings: { reportingCurrency: string } }>(page, '{ settings { reportingCurrency } }');
      const offered = await currencySelect(page).locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
      expect(offered[0]).toBe(settings.reportingCurrency);
      const other = offered.find((code) => code !== settings.reportingCurrency);
      expect(other).toBeDefined();
      await currencySelect(page).selectOption(other!);
      await page.waitForURL((url) => url.searchParams.get('cur') === other);
      await waitForDashboard(page);
      const { dataRange } = await graphqlAs<{ dataRange: { maxDate: string } }>(page, '{ dataRange { maxDate } }');
      const [year, month] = dataRange.maxDate.split('-').map(Number);
      const start = year * 12 + month - 1 - 11;
      const filter = { dateFrom: `${Math.floor(start / 12)}-${String((start % 12) + 1).padStart(2, '0')}-01`, dateTo: dataRange.maxDate, displayCurrency: other };
      const { spendSummary } = await graphqlAs<{ spendSummary: { totalSpend: string } }>(page, 'query ($filter: SpendFilter) { spendSummary(filter: $filter) { totalSpend } }', { filter });
      expect((await totalSpend(page)).text).toBe(money(spendSummary.totalSpend, other!));
    });
  });
});

import { describe, expect, it } from 'vitest';
import { browserSuite, saveScreenshot, signInAs, waitForDashboard } from './browser.js';

// A server reporting in pounds: every figure the console formats must follow it, none may fall back to euros.
const suite = browserSuite({ lines: 10_000, env: { SPENDSCOPE_REPORTING_CURRENCY: 'GBP' } });

describe('settings in Chromium', () => {
  it('shows figures in the configured reporting currency', async () => {
    await suite.withPage(async (page) => {
      await signInAs(page, 'admin@spendscope.test');
      await waitForDashboard(page);
      const categoryValues = await page.locator('[data-testid="chart-top-categories"] [data-testid="top-category-value"]').allTextContents();
      expect(categoryValues.length).toBeGreaterThan(0);
      for (const value of categoryValues) expect(value).toMatch(/^-?£/);
      expect(await page.getByTestId('kpi-total-spend-value').textContent()).toContain('£');
      // The trend chart's money axis is labelled in pounds too.
      await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="chart-spend-trend"] svg text')].some((tick) => tick.textContent?.startsWith('£')));
      expect(await page.locator('body').textContent()).not.toContain('€');
      await saveScreenshot(page, 'overview-gbp');

      await page.goto('/admin/fx-rates');
      await page.getByTestId('fx-rates-table').waitFor();
      expect(await page.locator('[data-testid="fx-rates-table"] th[data-col="rate"]').textContent()).toContain('GBP per 1 unit');
    });
  });
});

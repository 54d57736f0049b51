import { describe, expect, it } from 'vitest';
import { browserSuite, saveScreenshot, signInAs } from './browser.js';

// A pivot past the cube's limit (lowered here to 1,000 cells) shows what fits, says so, and does
// not offer an export the server would refuse: an export is always whole.
const suite = browserSuite({ env: { SPENDSCOPE_CUBE_ROWS_MAX: '1000', SPENDSCOPE_CUBE_ROWS_DEFAULT: '300' } });

describe('a pivot cut at the limit', () => {
  it('says which limit cut it and disables its export; a narrower pivot exports again', async () => {
    await suite.withPage(async (page) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signInAs(page, 'analyst@spendscope.test');
      await page.goto('/explore?rows=SUPPLIER&col=MONTH&m=SPEND');
      const notice = page.getByTestId('pivot-cut');
      await notice.waitFor();
      expect(await notice.textContent()).toMatch(/cut at 1,000 (rows|cells).*cannot be exported/);
      for (const format of ['csv', 'xlsx']) {
        const button = page.getByTestId(`export-${format}`);
        expect(await button.isDisabled()).toBe(true);
        expect(await button.getAttribute('title')).toMatch(/not exported/);
      }
      await saveScreenshot(page, 'explore-cut');

      // One dimension with few members fits: no notice, and the export is offered.
      await page.goto('/explore?rows=CATEGORY_L1&m=SPEND');
      await page.locator('[data-testid="pivot-grid"]').waitFor();
      await expect.poll(() => page.getByTestId('export-csv').isDisabled()).toBe(false);
      expect(await notice.count()).toBe(0);
    });
  });
});

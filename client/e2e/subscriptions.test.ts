import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, graphqlAs, saveScreenshot, seriousViolations, signInAs } from './browser.js';

/**
 * Finance's month-end, part 3: a subscription made by keyboard on the report's Delivery page
 * (docs/domain.md, "Report subscriptions"). The suite's server has no SMTP server, so the page
 * says delivery is off and Send now queues messages that wait. axe finds nothing serious.
 */

const suite = browserSuite();

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** Presses Tab until `target` has focus; fails if it is not reached in `max` steps. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max && !(await isFocused(target)); i++) await page.keyboard.press('Tab');
  expect(await isFocused(target)).toBe(true);
}

describe('report subscriptions in Chromium', () => {
  it('makes a weekly subscription by keyboard, shows it in words with its next run, sends it now; delivery is off', async () => {
    await suite.withPage(async (page) => {
      await signInAs(page, 'finance@spendscope.test');
      const { createSavedView: view } = await graphqlAs<{ createSavedView: { id: string } }>(page,
        `mutation($i: CreateSavedViewInput!) { createSavedView(input: $i) { id } }`,
        { i: { name: 'Month-end by category', kind: 'PIVOT', shared: true, definition: JSON.stringify({ query: { dimensions: ['CATEGORY_L1'], measures: ['SPEND'] } }) } });
      const { users } = { users: await graphqlAs<{ reportRecipientCandidates: Array<{ id: string; name: string; role: string }> }>(page,
        `query($v: ID!) { reportRecipientCandidates(savedViewId: $v) { id name role } }`, { v: view.id }) };
      const catman = users.reportRecipientCandidates.find((u) => u.role === 'CATEGORY_MANAGER')!;
      expect(catman).toBeDefined();

      // From /reports, by keyboard: the row's Delivery link.
      await page.goto('/reports');
      const row = page.getByTestId(`saved-view-${view.id}`);
      await row.waitFor();
      const link = row.getByTestId('saved-view-delivery');
      await tabTo(page, link, 80);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === `/reports/${view.id}/delivery`);
      await page.getByTestId('delivery-section').waitFor();
      expect(await page.getByTestId('delivery-off').textContent()).toContain('Delivery is off: no SMTP server configured');

      await tabTo(page, page.getByTestId('subscription-new'));
      await page.keyboard.press('Enter');
      const form = page.getByTestId('subscription-form');
      await form.waitFor();
      // Focus starts on the frequency; a native select takes type-ahead.
      expect(await isFocused(page.getByTestId('subscription-frequency'))).toBe(true);
      await page.keyboard.type('W');
      expect(await page.getByTestId('subscription-frequency').inputValue()).toBe('WEEKLY');
      await page.keyboard.press('Tab');
      expect(await isFocused(page.getByTestId('subscription-weekday'))).toBe(true);
      await page.keyboard.type('F');
      expect(await page.getByTestId('subscription-weekday').inputValue()).toBe('FRIDAY');
      await tabTo(page, page.getByTestId('subscription-zone'));
      await page.keyboard.type('Europe/London');
      expect(await page.getByTestId('subscription-zone').inputValue()).toBe('Europe/London');
      await page.keyboard.press('Tab');
      expect(await isFocused(page.getByTestId('subscription-format'))).toBe(true);
      await page.keyboard.type('C');
      expect(await page.getByTestId('subscription-format').inputValue()).toBe('CSV');
      // The category manager as a second recipient (finance, the owner, is ticked already).
      const box = page.getByTestId('subscription-recipients').getByLabel(new RegExp(`^${catman.name}`));
      await tabTo(page, box);
      await page.keyboard.press('Space');
      expect(await box.isChecked()).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await tabTo(page, page.getByTestId('subscription-save'));
      await page.keyboard.press('Enter');

      const item = page.locator('[data-testid^="subscription-"]').filter({ hasText: 'Weekly on Friday at 08:00 (Europe/London)' });
      await item.first().waitFor({ timeout: 10_000 });
      await expect.poll(() => page.getByTestId('delivery-message').textContent(), { timeout: 10_000 }).toContain('Subscription created');
      const next = await item.getByTestId('subscription-next-run').textContent();
      expect(next).toMatch(/Fri|\d{4}/);
      expect(await item.textContent()).toContain(catman.name);

      // Send now by keyboard: one message per recipient, waiting while delivery is off.
      await tabTo(page, item.getByTestId('subscription-send-now'));
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('delivery-row').count(), { timeout: 10_000 }).toBe(2);
      expect(await page.getByTestId('delivery-log').textContent()).toContain('Waiting');
      expect(await seriousViolations(page)).toEqual([]);
      await saveScreenshot(page, 'report-delivery');
    });
  });
});

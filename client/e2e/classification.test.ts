import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { browserSuite, graphqlAs, saveScreenshot, screenshotDir, seriousViolations, signInAs } from './browser.js';

// The classification review by keyboard: accept a group, undo it, accept another as a rule and
// undo that, on a fresh demo database (its seed leaves about 5% of the lines unclassified).
const suite = browserSuite();

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** Presses Tab (or Shift+Tab) until `target` has focus; fails if it is not reached in `max` steps. */
async function tabTo(page: Page, target: Locator, backwards = false, max = 15): Promise<void> {
  for (let i = 0; i < max && !(await isFocused(target)); i++) await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  expect(await isFocused(target)).toBe(true);
}

async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], [data-testid="skeleton"]'), undefined, { timeout: 20_000 });
}

const personShare = async (page: Page) => Number(await page.getByTestId('coverage-person').getAttribute('data-share'));

function groupRow(page: Page, group: { supplierId: string; categoryId: string }): Locator {
  return page.locator(`[data-testid="suggestion-group"][data-supplier-id="${group.supplierId}"][data-category-id="${group.categoryId}"]`);
}

async function firstGroup(page: Page) {
  const row = page.getByTestId('suggestion-group').first();
  await row.waitFor();
  return {
    row,
    supplierId: (await row.getAttribute('data-supplier-id'))!,
    categoryId: (await row.getAttribute('data-category-id'))!,
    supplierName: (await row.locator('th').first().textContent())!.trim(),
    categoryName: (await row.locator('td').nth(1).locator('a').first().textContent())!.trim(),
  };
}

describe('classification review in Chromium', () => {
  it('accepts a group by keyboard and undoes it, then accepts one as a rule and undoes that', async () => {
    await suite.withPage(async (page) => {
      await page.setViewportSize({ width: 1280, height: 1000 });
      await signInAs(page, 'admin@spendscope.test');
      // A fresh database may not have trained its model yet: train it now (returns once it is live).
      const status = await graphqlAs<{ classifierStatus: { version: number | null } }>(page, '{ classifierStatus { version } }');
      if (status.classifierStatus.version === null) await graphqlAs(page, 'mutation { retrainClassifier { version } }');

      // The admin tabs lead there.
      await page.goto('/admin/classification');
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Classification review' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/classification/review');
      await page.getByTestId('suggestion-group').first().waitFor({ timeout: 20_000 });
      await settle(page);
      expect(await page.getByTestId('classifier-version').textContent()).toMatch(/^\d+$/);
      expect(await page.getByTestId('coverage-person').textContent()).toMatch(/€[\d,]+\.\d\d/);
      expect(await page.getByTestId('groups-summary').textContent()).toMatch(/^[\d,]+ groups? · [\d,]+ lines? · €[\d,]+\.\d\d/);
      await saveScreenshot(page, 'classification-review-1280');
      expect(await seriousViolations(page)).toEqual([]);

      // Select the first group with Space on its checkbox, then reach Accept with Shift+Tab.
      const first = await firstGroup(page);
      const before = await personShare(page);
      const box = first.row.getByTestId('group-select');
      await box.focus();
      await page.keyboard.press('Space');
      expect(await box.isChecked()).toBe(true);
      expect(await page.getByTestId('selection-summary').textContent()).toMatch(/^1 group selected · [\d,]+ lines?$/);
      await tabTo(page, page.getByTestId('accept-groups'), true);
      await page.keyboard.press('Enter');

      const message = page.getByTestId('review-message');
      await expect.poll(() => message.textContent()).toMatch(new RegExp(`^[\\d,]+ lines? of .+ classified\\.`));
      // Focus moves to the notice's Undo, so Enter undoes at once.
      const undo = page.getByTestId('review-undo');
      await expect.poll(() => isFocused(undo)).toBe(true);
      await expect.poll(() => groupRow(page, first).count()).toBe(0);
      await expect.poll(() => personShare(page)).toBeGreaterThan(before);
      await settle(page);
      await saveScreenshot(page, 'classification-review-accepted-1280');
      // What a keyboard user sees after Accept: the notice with its Undo focused, the coverage under it.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(screenshotDir, 'classification-review-accepted-top-1280.png') });
      const accepted = page.locator('[data-testid="decision-row"][data-kind="ACCEPT"][data-undone="false"]').first();
      await accepted.waitFor();

      await page.keyboard.press('Enter');
      await expect.poll(() => message.textContent()).toMatch(/^Undone: [\d,]+ lines? (is|are) back as they were/);
      await expect.poll(() => groupRow(page, first).count()).toBe(1);
      await expect.poll(() => personShare(page)).toBeCloseTo(before, 6);
      await page.locator('[data-testid="decision-row"][data-kind="ACCEPT"][data-undone="true"]').first().waitFor();

      // A group's lines open under the table by keyboard, each with its confidence and reasons.
      const again = await firstGroup(page);
      const toggle = again.row.getByTestId('group-lines-toggle');
      await toggle.focus();
      await page.keyboard.press('Enter');
      const panel = page.getByTestId('group-lines-panel');
      await panel.getByTestId('group-line').first().waitFor();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      expect(await panel.getByTestId('group-line').first().textContent()).toMatch(/\d+(\.\d)?%/);
      await settle(page);
      await panel.scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'classification-review-lines-1280');
      // The panel alone, readable at full size.
      await panel.screenshot({ path: path.join(screenshotDir, 'classification-review-lines-panel-1280.png') });
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => panel.count()).toBe(0);

      // Accept and make a rule, by keyboard.
      const ruleGroup = await firstGroup(page);
      await ruleGroup.row.getByTestId('group-select').focus();
      await page.keyboard.press('Space');
      await tabTo(page, page.getByTestId('accept-groups-rule'), true);
      await page.keyboard.press('Enter');
      await expect.poll(() => message.textContent()).toMatch(/classified by new supplier rules\./);
      await expect.poll(() => groupRow(page, ruleGroup).count()).toBe(0);
      const ruleDecision = page.locator('[data-testid="decision-row"][data-kind="ACCEPT_RULE"][data-undone="false"]').first();
      await ruleDecision.waitFor();
      const actionId = await ruleDecision.getAttribute('data-action-id');

      // The rules tab has the supplier → category rule.
      await page.getByTestId('rules-link').click();
      await page.getByTestId('admin-classification-page').waitFor();
      const ruleRow = page.getByTestId('rule-row').filter({ hasText: ruleGroup.supplierName }).filter({ hasText: ruleGroup.categoryName });
      await expect.poll(() => ruleRow.count()).toBeGreaterThan(0);
      const rules = async () => (await graphqlAs<{ classificationRules: { id: string; supplierId: string | null; category: { id: string } }[] }>(page, '{ classificationRules { id supplierId category { id } } }')).classificationRules;
      expect((await rules()).some((rule) => rule.supplierId === ruleGroup.supplierId && rule.category.id === ruleGroup.categoryId)).toBe(true);
      await ruleRow.first().scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'classification-review-rule-made-1280');

      // Back on the review, undo it from the recent decisions: Escape first closes the question.
      await page.goBack();
      const undoDecision = page.locator(`[data-testid="decision-row"][data-action-id="${actionId}"]`).getByTestId('undo-decision');
      await undoDecision.waitFor();
      await undoDecision.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.isVisible()).toBe(false);
      await expect.poll(() => isFocused(undoDecision)).toBe(true);
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      // The question starts on Cancel; Tab reaches "Undo decision".
      await tabTo(page, dialog.getByTestId('confirm-dialog-confirm'));
      await page.keyboard.press('Enter');
      await expect.poll(() => message.textContent()).toMatch(/^Undone: /);
      await page.locator(`[data-testid="decision-row"][data-action-id="${actionId}"][data-undone="true"]`).waitFor();
      await expect.poll(() => groupRow(page, ruleGroup).count()).toBe(1);
      expect((await rules()).some((rule) => rule.supplierId === ruleGroup.supplierId && rule.category.id === ruleGroup.categoryId)).toBe(false);
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
      await saveScreenshot(page, 'classification-review-undone-1280');
      await page.getByTestId('classification-decisions').screenshot({ path: path.join(screenshotDir, 'classification-review-decisions-1280.png') });
    });
  });

  it('the overview says how much classified spend is the classifier’s and links to the review with its filter', async () => {
    await suite.withPage(async (page) => {
      await page.setViewportSize({ width: 1280, height: 1000 });
      await signInAs(page, 'admin@spendscope.test');
      const share = page.getByTestId('overview-classifier-share');
      await share.waitFor();
      expect(await share.textContent()).toMatch(/Classified spend: \d+(\.\d)?% by the classifier/);
      await saveScreenshot(page, 'classification-overview-1280');
      await page.getByTestId('overview-review-link').click();
      await page.waitForURL((url) => url.pathname === '/admin/classification/review');
      // The overview's default period (the last 12 months) is written out, so the review shows the same spend.
      const url = new URL(page.url());
      expect(url.searchParams.get('from')).toMatch(/^\d{4}-\d\d-\d\d$/);
      expect(url.searchParams.get('to')).toMatch(/^\d{4}-\d\d-\d\d$/);
      await page.getByTestId('coverage').waitFor();
    });
  });
});

import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, saveScreenshot, seriousViolations, signIn, signInAs } from './browser.js';

// Every route of the navigation, checked by axe-core in the real page at a desktop and a narrow
// width: no serious or critical violation may appear (docs/accessibility.md).
const suite = browserSuite();

const widths = [1440, 800] as const;

/**
 * Waits until the screen has settled: no loading placeholders or busy regions left. After a
 * navigation the network must also have gone quiet first (half a second without a request, at
 * most five: the workbench's editor may keep a request open); a change of width alone loads
 * nothing, so the second width waits for the busy markers only.
 */
async function settle(page: Page, afterNavigation: boolean): Promise<void> {
  if (afterNavigation) await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], [data-testid="skeleton"]'), undefined, { timeout: 15_000 });
}

async function checkAtBothWidths(page: Page, name: string): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const [index, width] of widths.entries()) {
    await page.setViewportSize({ width, height: 1000 });
    await settle(page, index === 0);
    const violations = await seriousViolations(page);
    if (violations.length) found[`${name} @ ${width}px`] = violations;
    await saveScreenshot(page, `a11y-${name}-${width}`);
  }
  return found;
}

const routes: { name: string; path: string }[] = [
  { name: 'overview', path: '/' },
  { name: 'explore', path: '/explore' },
  { name: 'lines', path: '/lines' },
  { name: 'reports', path: '/reports' },
  { name: 'imports', path: '/imports' },
  { name: 'admin-merges', path: '/admin/suppliers/merge' },
  { name: 'admin-classification', path: '/admin/classification' },
  { name: 'admin-fx', path: '/admin/fx-rates' },
  { name: 'admin-taxonomy', path: '/admin/taxonomy' },
  { name: 'admin-users', path: '/admin/users' },
  { name: 'admin-user-form', path: '/admin/users?edit=new' },
  { name: 'admin-audit', path: '/admin/audit' },
  { name: 'categories', path: '/categories' },
  { name: 'category', path: '/categories/1' },
  { name: 'suppliers', path: '/suppliers' },
  { name: 'contracts', path: '/contracts' },
  { name: 'contracts-timeline', path: '/contracts?view=timeline&status=ACTIVE,EXPIRING' },
  { name: 'contract', path: '/contracts/1' },
  { name: 'contract-edit', path: '/contracts/1/edit' },
  { name: 'query', path: '/query' },
  { name: 'not-found', path: '/no-such-screen' },
];

describe('accessibility in Chromium (axe-core)', () => {
  it('finds no serious or critical violation on the sign-in page', async () => {
    await suite.withPage(async (page) => {
      await page.goto('/login');
      expect(await checkAtBothWidths(page, 'login')).toEqual({});
      // The set-password screen, signed out, as a link that no longer works shows it.
      await page.goto('/set-password?token=no-such-token');
      await page.getByTestId('set-password-invalid').waitFor();
      expect(await checkAtBothWidths(page, 'set-password-invalid')).toEqual({});
    });
  });

  it('finds no serious or critical violation on /query with a result table and chart, as an analyst', async () => {
    await suite.withPage(async (page) => {
      await signInAs(page, 'analyst@spendscope.test');
      await page.goto('/query');
      await page.getByTestId('query-starter').selectOption('top-suppliers');
      await page.locator('.graphiql-query-editor').getByText('TopSuppliersByYear').first().waitFor();
      await page.locator('.graphiql-execute-button').click();
      await page.getByTestId('query-result-table').waitFor();
      expect(await checkAtBothWidths(page, 'query-result')).toEqual({});
    });
  });

  it('finds no serious or critical violation on any screen of the navigation, as an admin', async () => {
    await suite.withPage(async (page) => {
      await signInAs(page, 'admin@spendscope.test');
      const found: Record<string, string[]> = {};
      for (const route of routes) {
        await page.setViewportSize({ width: 1440, height: 1000 });
        await page.goto(route.path);
        Object.assign(found, await checkAtBothWidths(page, route.name));
      }
      // A supplier's page: the first supplier of the list.
      await page.setViewportSize({ width: 1440, height: 1000 });
      await page.goto('/suppliers');
      await page.getByTestId('supplier-row').first().locator('a[data-entity="supplier"]').first().click();
      await page.waitForURL((url) => /^\/suppliers\/\d+$/.test(url.pathname));
      await page.getByTestId('supplier-kpi-spend-value').waitFor();
      Object.assign(found, await checkAtBothWidths(page, 'supplier'));
      // An import batch: upload a small file so its mapping screen has something to show.
      const file = path.join(tmpdir(), `spendscope-a11y-${process.pid}.csv`);
      await writeFile(file, 'Date,Supplier,Amount,Description\n2026-01-15,Acme Ltd,120.50,Printer paper\n2026-02-03,Bolt & Nut,89.99,Fixings\n');
      await page.setViewportSize({ width: 1440, height: 1000 });
      await page.goto('/imports');
      await page.getByLabel('Source').fill('Accessibility check');
      await page.getByTestId('upload-file-input').setInputFiles(file);
      await page.getByTestId('upload-submit').click();
      await page.waitForURL((url) => /^\/imports\/[^/]+$/.test(url.pathname), { timeout: 30_000 });
      await page.getByTestId('mapping-editor').waitFor();
      Object.assign(found, await checkAtBothWidths(page, 'import-batch'));
      expect(found).toEqual({});
    });
    // Every screen at two widths: 43 s in CI, up to 88 s on a busy machine, against the default 90 s.
  }, 180_000);

  it('shows a scoped category manager their scope in the filter bar, with no serious or critical violation', async () => {
    await suite.withPage(async (page) => {
      await signIn(page, 'catman@spendscope.test');
      await page.waitForURL((url) => url.pathname === '/');
      const categories = page.getByTestId('filter-categories-value');
      // Two categories: the button counts them (after "Your scope:" for screen readers), names them on
      // hover, and is not cut short at either width.
      await expect.poll(() => categories.textContent()).toBe('Your scope: 2 categories');
      expect(await page.getByTestId('filter-categories').getByRole('button').first().getAttribute('title')).toBe('Your scope: IT & Telecoms, Professional Services');
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        expect(await categories.evaluate((value) => value.scrollWidth <= value.clientWidth)).toBe(true);
      }
      // Business units are not restricted for this role, so that control still says "All".
      expect(await page.getByTestId('filter-business-units-value').textContent()).toBe('All');
      expect(await checkAtBothWidths(page, 'overview-catman')).toEqual({});
    });
  });

  it('drops unknown or malformed filter values from a link with a readable notice', async () => {
    await suite.withPage(async (page) => {
      await signInAs(page, 'finance@spendscope.test');
      // A category outside the directory, a non-id and a date that is not a date.
      await page.goto('/?cat=999999,abc&from=yesterday');
      const notice = page.getByTestId('filter-dropped-notice');
      await expect.poll(() => notice.textContent()).toBe(
        'This link asked for 2 categories that are unknown or outside your scope, and 1 date that is not valid; they are ignored.',
      );
      await page.getByTestId('kpi-total-spend-value').waitFor();
      expect(await page.getByTestId('filter-categories-value').textContent()).toBe('All');
      expect(await page.locator('[role="alert"]').count()).toBe(0);
      await saveScreenshot(page, 'filter-dropped-notice');
      // Any change of the filter rewrites the link without them, and the notice goes.
      await page.getByTestId('preset-all-time').click();
      await page.waitForURL((url) => !url.searchParams.has('cat') && url.searchParams.get('from') !== 'yesterday');
      await expect.poll(() => notice.count()).toBe(0);

      // The lines screen: a member filter on a dimension that does not exist.
      const filter = JSON.stringify({ members: [{ dimension: 'BOGUS', ids: ['1'] }] });
      await page.goto(`/lines?filter=${encodeURIComponent(filter)}`);
      await expect.poll(() => page.getByTestId('lines-ignored-notice').textContent()).toContain('1 part the console does not know');
      await page.getByText('All lines in your scope').waitFor();
      expect(await page.getByText('undefined').count()).toBe(0);
    });
  });

  it('folds the sidebar into a menu button at 800 px that opens and closes from the keyboard', async () => {
    await suite.withPage(async (page) => {
      await signInAs(page, 'admin@spendscope.test');
      await page.setViewportSize({ width: 800, height: 1000 });
      const menu = page.getByTestId('menu-button');
      const nav = page.getByRole('navigation', { name: 'Main' });
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      expect(await nav.isVisible()).toBe(false);
      const header = await page.locator('.shell__sidebar').boundingBox();
      expect(header?.height ?? 999).toBeLessThan(80);
      await menu.focus();
      await page.keyboard.press('Enter');
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      await nav.waitFor();
      await saveScreenshot(page, 'shell-menu-800');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Escape');
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('menu-button');
      // Following a link closes the menu.
      await page.keyboard.press('Enter');
      await nav.getByRole('link', { name: 'Reports' }).click();
      await page.waitForURL((url) => url.pathname === '/reports');
      // The menu closes on the render that follows the new path, which can come just after the URL changes.
      await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
      await page.setViewportSize({ width: 1440, height: 1000 });
      expect(await menu.isVisible()).toBe(false);
      expect(await nav.isVisible()).toBe(true);
    });
  });
});

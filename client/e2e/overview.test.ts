import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot, signIn, totalSpend, waitForDashboard, browserSuite, signInAs } from './browser.js';

const suite = browserSuite();
const withPage = suite.withPage;

async function signInToOverview(page: Page, email: string) {
  await signInAs(page, email);
  await waitForDashboard(page);
}

async function expectChartsRendered(page: Page) {
  const trendBars = await page.locator('[data-testid="chart-spend-trend"] .recharts-bar-rectangle path').count();
  expect(trendBars).toBeGreaterThan(0);
  const paretoBars = await page.locator('[data-testid="chart-supplier-pareto"] .recharts-bar-rectangle path').count();
  expect(paretoBars).toBeGreaterThan(0);
  const paretoLine = await page.locator('[data-testid="chart-supplier-pareto"] path.recharts-line-curve').getAttribute('d');
  expect(paretoLine?.length ?? 0).toBeGreaterThan(10);
  const categoryRows = await page.locator('[data-testid="chart-top-categories"] .ranked-list__item').count();
  expect(categoryRows).toBeGreaterThan(0);
  for (const chart of ['chart-spend-trend', 'chart-supplier-pareto']) expect(roundSteps(await valueTicks(page, chart)), chart).toBe(true);
}

/** The value axis' tick labels of a chart ("€0", "€550k", "€1.1m"), as numbers. */
async function valueTicks(page: Page, testId: string): Promise<number[]> {
  // The first value axis (the Pareto's second is its cumulative share).
  const labels = await page.locator(`[data-testid="${testId}"] .recharts-yAxis-tick-labels`).first().locator('.recharts-cartesian-axis-tick-value').allTextContents();
  return labels.map((label) => {
    const match = /^-?[^\d-]*([\d.]+)([km]?)$/.exec(label.replace(/,/g, '').trim());
    if (!match) throw new Error(`not a money tick: ${label}`);
    return Number(match[1]) * (match[2] === 'm' ? 1e6 : match[2] === 'k' ? 1e3 : 1);
  });
}

/** Whether the ticks step evenly by 1, 2, 2.5 or 5 times a power of ten (€500k, not €550k). */
function roundSteps(ticks: number[]): boolean {
  if (ticks.length < 3) return false;
  const step = ticks[1] - ticks[0];
  const magnitude = 10 ** Math.floor(Math.log10(step));
  return [1, 2, 2.5, 5, 10].some((m) => Math.abs(step / magnitude - m) < 1e-9) && ticks.every((t, i) => Math.abs(t - ticks[0] - i * step) < step * 1e-6);
}

describe('console in Chromium', () => {
  it('shows the sign-in page and a clear message for wrong credentials', async () => {
    await withPage(async (page) => {
      await page.goto('/');
      await page.waitForURL((url) => url.pathname === '/login');
      await saveScreenshot(page, 'login');
      await signIn(page, 'finance@spendscope.test', 'not-the-password');
      await expect.poll(() => page.getByTestId('login-error').textContent()).toContain('Email or password is incorrect');
      await saveScreenshot(page, 'login-error');
    });
  });

  it('renders the overview with data, scoped: a category manager sees less than finance', async () => {
    let catmanTotal = 0;
    let financeTotal = 0;
    await withPage(async (page) => {
      await signInToOverview(page, 'catman@spendscope.test');
      await expectChartsRendered(page);
      catmanTotal = (await totalSpend(page)).value;
      expect(await page.getByTestId('user-role').textContent()).toBe('Category manager');
      // The trend's subtitle counts the categories it stacks, as its legend shows them (no "top 5" over two).
      const trend = page.getByTestId('chart-spend-trend');
      const stacked = await trend.getByRole('list', { name: 'Categories in the chart' }).getByRole('listitem').filter({ hasNotText: /^Other$/ }).count();
      expect(stacked).toBeGreaterThan(0);
      const subtitle = (await trend.locator('.card__subtitle').textContent()) ?? '';
      expect(subtitle).toBe(stacked >= 5 ? 'Stacked by the top 5 categories' : stacked === 1 ? 'Stacked by category: one category in this view' : `Stacked by category: the ${stacked} in this view`);
      await saveScreenshot(page, 'overview-catman');
    });
    await withPage(async (page) => {
      await signInToOverview(page, 'finance@spendscope.test');
      await expectChartsRendered(page);
      financeTotal = (await totalSpend(page)).value;
      await saveScreenshot(page, 'overview-finance');
    });
    expect(catmanTotal).toBeGreaterThan(0);
    expect(financeTotal).toBeGreaterThan(catmanTotal);
  });

  it('on a 390 px phone the Pareto draws only the supplier names that fit under their bars; at 1440 px every one', async () => {
    await withPage(async (page) => {
      // Where each drawn name ends (at its bar), left to right.
      const nameEnds = () => page.locator('[data-testid="chart-supplier-pareto"] .recharts-xAxis-tick-labels text:not([aria-hidden])')
        .evaluateAll((texts) => texts.map((text) => text.getBoundingClientRect().right).sort((a, b) => a - b));
      await signInToOverview(page, 'finance@spendscope.test');
      const bars = await page.locator('[data-testid="chart-supplier-pareto"] .recharts-bar-rectangle path').count();
      expect(bars).toBeGreaterThan(20);
      await expect.poll(async () => (await nameEnds()).length).toBe(bars);
      await page.setViewportSize({ width: 390, height: 900 });
      await expect.poll(async () => (await nameEnds()).length).toBeLessThan(bars);
      const ends = await nameEnds();
      expect(ends.length).toBeGreaterThan(1);
      // A slanted 11 px name needs about 13 px across: no two drawn names share it.
      const gaps = ends.slice(1).map((end, i) => end - ends[i]);
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(13);
      await page.getByTestId('chart-supplier-pareto').scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'overview-pareto-390');
    });
  });

  it('uses a 1920 px screen: the dashboard spans the width and the tiles share one row; at 1280 nothing scrolls sideways', async () => {
    await withPage(async (page) => {
      await page.setViewportSize({ width: 1920, height: 1080 });
      await signInToOverview(page, 'finance@spendscope.test');
      await expectChartsRendered(page);
      const layout = () =>
        page.evaluate(() => ({
          dashboard: document.querySelector('.dashboard')!.getBoundingClientRect().width,
          trend: document.querySelector('[data-testid="chart-spend-trend"]')!.getBoundingClientRect().width,
          tileRows: new Set([...document.querySelectorAll('.kpi-grid > *')].map((tile) => Math.round(tile.getBoundingClientRect().top))).size,
          sideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
        }));
      const wide = await layout();
      expect(wide.dashboard).toBeGreaterThan(1600);
      expect(wide.trend).toBeGreaterThan(1600);
      expect(wide.tileRows).toBe(1);
      expect(wide.sideways).toBe(false);
      await saveScreenshot(page, 'overview-1920');

      await page.setViewportSize({ width: 1280, height: 800 });
      await expect.poll(async () => (await layout()).tileRows).toBe(2);
      const narrow = await layout();
      expect(narrow.dashboard).toBeLessThanOrEqual(1280 - 232);
      expect(narrow.sideways).toBe(false);
      await saveScreenshot(page, 'overview-1280');
    });
  });

  it('keeps filters in the URL: a business unit changes the total, and a reload keeps both', async () => {
    await withPage(async (page) => {
      await signInToOverview(page, 'finance@spendscope.test');
      const before = await totalSpend(page);

      await page.getByTestId('filter-business-units').getByRole('button', { name: /Business units/ }).click();
      await page.getByTestId('filter-business-units').getByRole('checkbox').first().click();
      await page.waitForURL((url) => url.searchParams.has('bu'));
      await page.keyboard.press('Escape');
      await waitForDashboard(page);
      // The previous figures stay on screen until the new ones arrive: wait for them to change.
      await expect.poll(async () => (await totalSpend(page)).value, { timeout: 15_000 }).toBeLessThan(before.value);
      const filtered = await totalSpend(page);
      const filteredUrl = page.url();
      await saveScreenshot(page, 'overview-filtered');

      await page.reload();
      await waitForDashboard(page);
      expect(page.url()).toBe(filteredUrl);
      expect((await totalSpend(page)).text).toBe(filtered.text);

      await page.getByTestId('preset-all-time').click();
      await page.waitForURL((url) => url.searchParams.has('from') && url.searchParams.has('to') && url.searchParams.has('bu'));
      await waitForDashboard(page);
      // Three years of the unit's spend exceed its last twelve months.
      await expect.poll(async () => (await totalSpend(page)).value, { timeout: 15_000 }).toBeGreaterThan(filtered.value);
      expect(await page.getByTestId('preset-all-time').getAttribute('aria-pressed')).toBe('true');
    });
  });

  it('changes the period with a year preset', async () => {
    await withPage(async (page) => {
      await signInToOverview(page, 'finance@spendscope.test');
      const before = await totalSpend(page);
      const yearPreset = page.locator('[data-testid^="preset-year-"]:not([data-testid="preset-year-to-date"])').first();
      const year = (await yearPreset.textContent()) ?? '';
      await yearPreset.click();
      await page.waitForURL((url) => url.searchParams.get('from') === `${year}-01-01`);
      await waitForDashboard(page);
      await expect.poll(async () => (await totalSpend(page)).text, { timeout: 15_000 }).not.toBe(before.text);
      const after = await totalSpend(page);
      await page.reload();
      await waitForDashboard(page);
      expect((await totalSpend(page)).text).toBe(after.text);

      // The filter bar is global: the sidebar takes the period to another screen with the bar,
      // without what belongs to this screen alone, and back again.
      const sidebar = page.getByRole('navigation', { name: 'Main' });
      await sidebar.getByRole('link', { name: 'Suppliers' }).click();
      await page.waitForURL((url) => url.pathname === '/suppliers');
      expect(new URL(page.url()).searchParams.get('from')).toBe(`${year}-01-01`);
      await expect.poll(() => yearPreset.getAttribute('aria-pressed')).toBe('true');
      await sidebar.getByRole('link', { name: 'Overview' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await waitForDashboard(page);
      expect((await totalSpend(page)).text).toBe(after.text);
      // A screen without the bar gets nothing: the period is not an import's or a report's.
      await sidebar.getByRole('link', { name: 'Imports' }).click();
      await page.waitForURL((url) => url.pathname === '/imports');
      expect(new URL(page.url()).search).toBe('');
    });
  });

  it('names every screen in the navigation, each opening its own page, and answers an unknown address with a not-found page', async () => {
    await withPage(async (page) => {
      await signInToOverview(page, 'admin@spendscope.test');
      const nav = page.locator('nav[aria-label="Main"]');
      const labels = (await nav.locator('a').allTextContents()).map((label) => label.trim());
      expect(labels).toEqual(['Overview', 'Categories', 'Suppliers', 'Contracts', 'Explore', 'Lines', 'Query', 'Reports', 'Imports', 'Admin']);
      // Each link opens its own page, headed with its name; Admin opens its first tab for this role.
      for (const label of labels.slice(1)) {
        await nav.getByRole('link', { name: label, exact: true }).click();
        await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe(label === 'Admin' ? 'Supplier merges' : label);
        expect(new URL(page.url()).pathname.startsWith(`/${label.toLowerCase()}`)).toBe(true);
        expect(await page.getByTestId('not-found').count()).toBe(0);
      }
      await saveScreenshot(page, 'navigation-admin');
      await page.goto('/no-such-page');
      await page.getByTestId('not-found').waitFor();
      await saveScreenshot(page, 'not-found');
    });
  });

  it('hides screens a viewer may not use, and signs out', async () => {
    await withPage(async (page) => {
      await signInToOverview(page, 'viewer@spendscope.test');
      const labels = (await page.locator('nav[aria-label="Main"] a').allTextContents()).map((label) => label.replace(/Soon$/, '').trim());
      expect(labels).toEqual(['Overview', 'Categories', 'Suppliers', 'Contracts', 'Reports']);
      await saveScreenshot(page, 'overview-viewer');
      await page.goto('/explore');
      await page.getByTestId('access-denied').waitFor();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await page.goto('/suppliers');
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/suppliers');
    });
  });
});

describe('a screen that fails while it draws', () => {
  it('says so inside the console, keeps the navigation, and recovers on another screen or a reload', async () => {
    await withPage(async (page, problems) => {
      await signInToOverview(page, 'finance@spendscope.test');
      // The overview's answer arrives in a shape this console cannot draw (as from a server newer
      // than the tab): every figure null.
      let broken = false;
      await page.route('**/graphql', async (route) => {
        const body = route.request().postDataJSON() as { operationName?: string } | null;
        if (!broken || body?.operationName !== 'Overview') return route.continue();
        await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: { spendSummary: null, trend: null, topCategories: null, topSuppliers: null } }) });
      });
      await page.goto('/suppliers');
      await page.getByRole('heading', { level: 1, name: 'Suppliers' }).waitFor();
      broken = true;
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Overview', exact: true }).click();
      const alert = page.getByRole('alert');
      await expect.poll(() => alert.locator('h2').textContent()).toBe('This screen ran into a problem');
      // The message is for the user; what went wrong in the code stays in the browser's console.
      expect(await alert.textContent()).not.toMatch(/null|TypeError|properties/);
      expect(await nav.getByRole('link').count()).toBeGreaterThan(3);
      await saveScreenshot(page, 'overview-render-failed');
      // Another screen opens normally.
      await nav.getByRole('link', { name: 'Suppliers', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Suppliers' }).waitFor();
      expect(await page.getByText('This screen ran into a problem').count()).toBe(0);
      // Back on the overview the cached answer fails again; Try again reloads and asks afresh.
      broken = false;
      await nav.getByRole('link', { name: 'Overview', exact: true }).click();
      await alert.getByRole('button', { name: 'Try again' }).click();
      await waitForDashboard(page);
      expect((await totalSpend(page)).value).toBeGreaterThan(0);
      expect(await page.getByText('This screen ran into a problem').count()).toBe(0);
      // React and the boundary report the failure in the console: expected here, and only these.
      const expected = /Cannot read properties of null|a screen failed to render|The above error occurred/;
      expect(problems.errors.some((e) => expected.test(e))).toBe(true);
      problems.errors.splice(0, problems.errors.length, ...problems.errors.filter((e) => !expected.test(e)));
    });
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, graphqlAs, parseMoney, saveScreenshot as saveFullPage, signInAs, waitForDashboard } from './browser.js';

const suite = browserSuite();
const withPage = suite.withPage;

const LIST = `query($search: String, $filter: SpendFilter, $sort: SupplierSort) {
  suppliers(search: $search, filter: $filter, sort: $sort, page: { limit: 50 }) { totalCount nodes { supplier { id name } spend lineCount } }
}`;
type List = { suppliers: { totalCount: number; nodes: { supplier: { id: string; name: string }; spend: string; lineCount: number }[] } };

/** A full-page screenshot from the top, so the sticky filter bar sits where it belongs. */
async function saveScreenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveFullPage(page, name);
}

/** The period the screen shows, as the filter bar's date inputs hold it. */
async function period(page: Page): Promise<{ dateFrom: string; dateTo: string }> {
  await expect.poll(() => page.getByTestId('filter-to').inputValue()).not.toBe('');
  return { dateFrom: await page.getByTestId('filter-from').inputValue(), dateTo: await page.getByTestId('filter-to').inputValue() };
}

/** Waits until the supplier list shows a settled page and returns its row ids in order. */
async function rowIds(page: Page): Promise<string[]> {
  await page.getByTestId('supplier-table').waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid="suppliers-page"] section[aria-busy="true"]'));
  return page.getByTestId('supplier-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-supplier-id') ?? ''));
}

async function waitForSupplier(page: Page, name: string) {
  await page.getByRole('heading', { level: 1, name }).waitFor();
  await page.getByTestId('supplier-kpi-spend-value').waitFor();
  await page.waitForFunction(() => !document.querySelector('.dashboard[aria-busy="true"]'));
}

describe('suppliers in Chromium', () => {
  it('a category manager searches, sorts, opens a supplier and its lines, and the figures agree', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'catman@spendscope.test');
      await page.locator('nav[aria-label="Main"]').getByRole('link', { name: /^Suppliers/ }).click();
      await page.waitForURL((url) => url.pathname === '/suppliers');
      const filter = await period(page);
      const expected = (await graphqlAs<List>(page, LIST, { filter })).suppliers;
      expect(await rowIds(page)).toEqual(expected.nodes.map((n) => n.supplier.id));
      expect(await page.getByTestId('supplier-count').textContent()).toContain(`${expected.totalCount.toLocaleString('en-GB')} suppliers with spend`);
      await saveScreenshot(page, 'suppliers-list-catman');

      // Search by a name typed in upper case without its legal form: the supplier is found.
      const target = expected.nodes[2].supplier;
      const typed = target.name.replace(/\s+(Ltd|Limited|plc|GmbH|AG|SA|SAS|S\.A\.|B\.V\.|BV|Inc\.?|LLC|S\.p\.A\.|SpA|Srl|S\.r\.l\.)$/i, '').toUpperCase();
      await page.getByTestId('supplier-search').fill(typed);
      await page.waitForURL((url) => url.searchParams.get('q') === typed);
      const searched = (await graphqlAs<List>(page, LIST, { search: typed, filter })).suppliers;
      expect(searched.nodes.map((n) => n.supplier.id)).toContain(target.id);
      await expect.poll(() => rowIds(page)).toEqual(searched.nodes.map((n) => n.supplier.id));
      await saveScreenshot(page, 'suppliers-search');

      // Clear the search, sort by change (largest rise first), as the server orders it.
      await page.getByTestId('supplier-search').fill('');
      await page.waitForURL((url) => !url.searchParams.has('q'));
      await page.getByTestId('sort-change').click();
      await page.waitForURL((url) => url.searchParams.get('sort') === 'CHANGE:desc');
      const byChange = (await graphqlAs<List>(page, LIST, { filter, sort: { field: 'CHANGE', direction: 'DESC' } })).suppliers;
      await expect.poll(() => rowIds(page)).toEqual(byChange.nodes.map((n) => n.supplier.id));
      expect(await page.locator('th[data-col="change"]').getAttribute('aria-sort')).toBe('descending');
      await saveScreenshot(page, 'suppliers-sorted-by-change');

      // Open the first supplier by its name.
      const first = byChange.nodes[0];
      await page.getByTestId('supplier-table').getByRole('link', { name: first.supplier.name, exact: true }).first().click();
      await page.waitForURL((url) => url.pathname === `/suppliers/${first.supplier.id}`);
      await waitForSupplier(page, first.supplier.name);
      expect(parseMoney(await page.getByTestId('supplier-kpi-spend-value').getAttribute('title'))).toBeCloseTo(Number(first.spend), 2);
      expect(await page.getByTestId('supplier-kpi-lines-value').textContent()).toBe(first.lineCount.toLocaleString('en-GB'));
      expect(await page.locator('[data-testid="supplier-trend"] .recharts-bar-rectangle').count()).toBeGreaterThan(0);
      expect(await page.getByTestId('supplier-alias').count()).toBeGreaterThan(0);
      // A category manager may not block: the status is shown without the button.
      expect(await page.getByTestId('block-supplier').count()).toBe(0);
      await saveScreenshot(page, 'supplier-360-catman');

      // Its lines: the count and total are the supplier's figures.
      await page.getByTestId('supplier-lines-link').click();
      await page.waitForURL((url) => url.pathname === '/lines');
      await expect.poll(() => page.getByTestId('lines-count').textContent()).toBe(first.lineCount.toLocaleString('en-GB'));
      expect(parseMoney(await page.getByTestId('lines-total').textContent())).toBeCloseTo(Number(first.spend), 2);
      await saveScreenshot(page, 'supplier-lines');
    });
  });

  it('on a 390 px phone the list shows each supplier\'s whole spend without scrolling sideways', async () => {
    await withPage(async (page) => {
      await page.setViewportSize({ width: 390, height: 900 });
      await signInAs(page, 'finance@spendscope.test');
      await page.goto('/suppliers');
      await rowIds(page);
      const box = await page.getByRole('region', { name: 'Suppliers' }).evaluate((region) => region.getBoundingClientRect().right);
      const spend = await page.getByTestId('supplier-row').evaluateAll((rows) => rows.slice(0, 10).map((row) => {
        const cell = [...row.children].find((c) => /€[\d,]+\.\d\d/.test(c.textContent ?? '')) as HTMLElement | undefined;
        return cell ? { right: cell.getBoundingClientRect().right, clipped: cell.scrollWidth > cell.clientWidth + 1 } : null;
      }));
      expect(spend.length).toBe(10);
      for (const cell of spend) {
        expect(cell).not.toBeNull();
        expect(cell!.clipped).toBe(false);
        expect(cell!.right).toBeLessThanOrEqual(box + 1);
      }
      await saveFullPage(page, 'suppliers-390');
    });
  });

  it('names open their pages from the overview, the explorer and the lines', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'analyst@spendscope.test');
      await waitForDashboard(page);
      const pareto = page.getByTestId('chart-supplier-pareto');
      // The Pareto names its suppliers under the bars.
      const names = await pareto.locator('a[data-entity="supplier"]').evaluateAll((links) => links.map((a) => a.getAttribute('aria-label') ?? ''));
      expect(names.length).toBeGreaterThan(5);
      expect(names[0]).toMatch(/^1\. \S/);
      await saveScreenshot(page, 'overview-named-pareto');

      const supplierLink = pareto.locator('a[data-entity="supplier"]').first();
      const supplierId = await supplierLink.getAttribute('data-entity-id');
      await supplierLink.click();
      await page.waitForURL((url) => url.pathname === `/suppliers/${supplierId}`);
      await waitForSupplier(page, names[0].replace(/^1\. /, ''));

      await page.goBack();
      await waitForDashboard(page);
      const categoryLink = page.getByTestId('chart-top-categories').locator('a[data-entity="category"]').first();
      const categoryId = await categoryLink.getAttribute('data-entity-id');
      await categoryLink.click();
      await page.waitForURL((url) => url.pathname === `/categories/${categoryId}`);
      await page.goBack();
      await waitForDashboard(page);
      const legendLink = page.getByTestId('chart-spend-trend').locator('a[data-entity="category"]').first();
      const legendId = await legendLink.getAttribute('data-entity-id');
      await legendLink.click();
      await page.waitForURL((url) => url.pathname === `/categories/${legendId}`);

      // The explorer: suppliers as rows, each row header opens its supplier.
      await page.goto('/explore?rows=SUPPLIER&m=SPEND');
      const rowLink = page.locator('[data-testid="pivot-grid"] .pivot-label__text a[data-entity="supplier"]').first();
      await rowLink.waitFor();
      const rowSupplier = await rowLink.getAttribute('data-entity-id');
      const rowName = (await rowLink.textContent()) ?? '';
      await saveScreenshot(page, 'explore-linked-rows');
      await rowLink.click();
      await page.waitForURL((url) => url.pathname === `/suppliers/${rowSupplier}`);
      await waitForSupplier(page, rowName);

      // The lines: supplier, category and contract names open their pages.
      await page.goto('/lines?filter=%7B%22onContract%22%3Atrue%7D');
      const grid = page.getByTestId('lines-grid');
      const lineSupplier = grid.locator('a[data-entity="supplier"]').first();
      await lineSupplier.waitFor();
      const lineSupplierId = await lineSupplier.getAttribute('data-entity-id');
      await saveScreenshot(page, 'lines-linked-names');
      await lineSupplier.click();
      await page.waitForURL((url) => url.pathname === `/suppliers/${lineSupplierId}`);
      await page.goBack();
      const contract = grid.locator('a[data-entity="contract"]').first();
      await contract.waitFor();
      const contractId = await contract.getAttribute('data-entity-id');
      await contract.click();
      await page.waitForURL((url) => url.pathname === `/contracts/${contractId}`);
    });
  });

  it('an admin blocks and unblocks a supplier from its page; the list filters by status', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'admin@spendscope.test');
      await page.goto('/suppliers');
      const [id] = await rowIds(page);
      // The change column: against the previous period by default; over all time there is none, so no "new" on every row.
      const changeCells = async () => {
        const headers = await page.getByTestId('supplier-table').locator('thead th').allTextContents();
        const column = headers.findIndex((h) => h.includes('Change'));
        return page.getByTestId('supplier-row').evaluateAll((rows, i) => rows.map((r) => r.children[i]?.textContent ?? ''), column);
      };
      expect((await changeCells()).some((text) => /%/.test(text))).toBe(true);
      await page.getByTestId('preset-all-time').click();
      await expect.poll(async () => [...new Set(await changeCells())]).toEqual(['—']);
      await page.goto('/suppliers');
      await rowIds(page);
      const name = (await page.locator(`[data-supplier-id="${id}"] a[data-entity="supplier"]`).first().textContent()) ?? '';
      await page.locator(`[data-supplier-id="${id}"] a[data-entity="supplier"]`).first().click();
      await waitForSupplier(page, name);
      // Every business unit buying from it shows in the page, none behind an inner scroll, and the panel counts them.
      const units = page.getByRole('region', { name: 'Business units buying from this supplier' });
      await units.locator('tbody tr').first().waitFor();
      const unitRows = await units.locator('tbody tr').count();
      expect(unitRows).toBeGreaterThan(8);
      await page.getByText(`Who buys from it: ${unitRows} units`).waitFor();
      expect(await units.evaluate((el) => ({ hidden: el.scrollHeight - el.clientHeight }))).toEqual({ hidden: 0 });
      await page.getByTestId('block-supplier').click();
      await page.getByTestId('supplier-status-reason').fill('Failed the supplier audit');
      await saveScreenshot(page, 'supplier-block-dialog');
      await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Block' }).click();
      await expect.poll(() => page.getByTestId('supplier-status-badge').textContent()).toBe('Blocked');
      await saveScreenshot(page, 'supplier-blocked');

      await page.goto('/suppliers?status=BLOCKED');
      await expect.poll(() => rowIds(page)).toContain(id);
      await saveScreenshot(page, 'suppliers-blocked-filter');

      await page.goto(`/suppliers/${id}`);
      await waitForSupplier(page, name);
      await page.getByTestId('unblock-supplier').click();
      await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Unblock' }).click();
      await expect.poll(() => page.getByTestId('supplier-status-badge').textContent()).toBe('Active');
    });
  });

  it('an admin corrects a supplier\'s name, country and tax id from its page; the heading and the API follow', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'admin@spendscope.test');
      await page.goto('/suppliers');
      const ids = await rowIds(page);
      const id = ids[3];
      const name = (await page.locator(`[data-supplier-id="${id}"] a[data-entity="supplier"]`).first().textContent()) ?? '';
      const original = (await graphqlAs<{ supplier: { countryCode: string | null; taxId: string | null } }>(page, 'query($id: ID!) { supplier(id: $id) { countryCode taxId } }', { id })).supplier;
      await page.goto(`/suppliers/${id}`);
      await waitForSupplier(page, name);
      await page.getByTestId('edit-supplier').click();
      const nameInput = page.getByTestId('supplier-name-input');
      // The form opens on the name, focused: correct it, set the country and tax id, Enter.
      await expect.poll(() => nameInput.evaluate((el) => el === document.activeElement)).toBe(true);
      await nameInput.fill(`${name} (Holdings)`);
      await page.getByTestId('supplier-country-input').fill('nl');
      await page.getByTestId('supplier-tax-input').fill('NL 123456789 B01');
      await saveScreenshot(page, 'supplier-details-form');
      await page.getByTestId('supplier-tax-input').press('Enter');
      await page.getByRole('heading', { level: 1, name: `${name} (Holdings)` }).waitFor();
      expect(await page.getByTestId('supplier-country').textContent()).toBe('NL');
      expect(await page.getByTestId('supplier-tax-id').textContent()).toBe('NL 123456789 B01');
      const api = await graphqlAs<{ supplier: { name: string; countryCode: string; taxId: string } }>(page, 'query($id: ID!) { supplier(id: $id) { name countryCode taxId } }', { id });
      expect(api.supplier).toEqual({ name: `${name} (Holdings)`, countryCode: 'NL', taxId: 'NL 123456789 B01' });
      // A country that is not two letters cannot be sent, and says why.
      await page.getByTestId('edit-supplier').click();
      await page.getByTestId('supplier-country-input').fill('N');
      expect(await page.getByTestId('supplier-details-save').isDisabled()).toBe(true);
      expect(await page.getByTestId('supplier-details-form').textContent()).toContain('two-letter ISO code');
      // The suite's server is shared by the tests after this one: the supplier gets its details back.
      const { supplier } = await graphqlAs<{ supplier: { version: number } }>(page, 'query($id: ID!) { supplier(id: $id) { version } }', { id });
      await graphqlAs(page, 'mutation($id: ID!, $v: Int!, $i: UpdateSupplierInput!) { updateSupplier(id: $id, version: $v, input: $i) { id } }', { id, v: supplier.version, i: { name, ...original } });
    });
  });

  it('a viewer sees a supplier of their business units without lines or blocking; others are not found', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'viewer@spendscope.test');
      await page.goto('/suppliers');
      const [id] = await rowIds(page);
      await page.locator(`[data-supplier-id="${id}"] a[data-entity="supplier"]`).first().click();
      await page.getByTestId('supplier-kpi-spend-value').waitFor();
      expect(await page.getByTestId('supplier-lines-link').count()).toBe(0);
      expect(await page.getByTestId('block-supplier').count()).toBe(0);
      await page.goto('/suppliers/99999999');
      await page.getByRole('heading', { level: 1, name: 'Supplier not found' }).waitFor();
      await saveScreenshot(page, 'supplier-not-found');
      // An address whose id cannot be one is not found either: no raw server message, no retry.
      await page.goto('/suppliers/abc');
      await page.getByRole('heading', { level: 1, name: 'Supplier not found' }).waitFor();
      expect(await page.locator('main').textContent()).not.toContain('numeric id');
    });
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, graphqlAs, parseMoney, saveScreenshot, signInAs, waitForDashboard } from './browser.js';

/**
 * The filter bar's suppliers where they leave the bar: the overview's "Contracts expiring" and the
 * list its tile opens (docs/domain.md, "The list and the overview's count"), and the links into
 * /lines that name a supplier, which land it in the lines' filter bar (docs/architecture.md, "The
 * filter bar"). Every expected number comes from the API, asked here, never from the console's own code.
 */

const suite = browserSuite();
const withPage = suite.withPage;

interface Supplier {
  id: string;
  name: string;
}

/** Expiring contracts the signed-in user sees, with their suppliers (no supplier filter: the test filters them itself). */
async function expiringContracts(page: Page): Promise<Array<{ id: string; number: string; supplier: Supplier }>> {
  const data = await graphqlAs<{ contracts: { totalCount: number; nodes: Array<{ id: string; number: string; supplier: Supplier }> } }>(
    page, `{ contracts(filter: { statuses: [EXPIRING] }, page: { limit: 500 }) { totalCount nodes { id number supplier { id name } } } }`,
  );
  expect(data.contracts.nodes.length).toBe(data.contracts.totalCount);
  return data.contracts.nodes;
}

/** How many expiring contracts the API lists for these suppliers. */
async function expiringOf(page: Page, supplierIds: string[]): Promise<number> {
  const data = await graphqlAs<{ contracts: { totalCount: number } }>(
    page, `query($s: [ID!]) { contracts(filter: { statuses: [EXPIRING], supplierIds: $s }) { totalCount } }`, { s: supplierIds },
  );
  return data.contracts.totalCount;
}

const countText = (n: number) => `${n.toLocaleString('en-GB')} contract${n === 1 ? '' : 's'}`;

interface LinesFigures {
  totalCount: number;
  totalAmount: string;
}

/** The number and total of the lines under a filter, as the API reports them. */
async function apiLines(page: Page, filter: Record<string, unknown>): Promise<LinesFigures> {
  const data = await graphqlAs<{ spendLines: LinesFigures }>(page, `query($f: SpendFilter) { spendLines(filter: $f, page: { limit: 1 }) { totalCount totalAmount } }`, { f: filter });
  return data.spendLines;
}

/** Waits for /lines to show these figures (the count as shown, the total to the cent). */
async function expectLines(page: Page, want: LinesFigures) {
  await expect.poll(() => page.getByTestId('lines-count').textContent(), { timeout: 15_000 }).toBe(want.totalCount.toLocaleString('en-GB'));
  await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
  expect(parseMoney(await page.getByTestId('lines-total').textContent())).toBeCloseTo(Number(want.totalAmount), 2);
}

/** Removes the only supplier from the lines' filter bar, with the keyboard-reachable remove button. */
async function removeBarSupplier(page: Page, supplier: Supplier) {
  const control = page.getByTestId('filter-suppliers');
  await control.getByRole('button', { name: /Suppliers/ }).click();
  expect(await control.getByRole('listitem').allTextContents()).toEqual([supplier.name]);
  await control.getByRole('button', { name: `Remove ${supplier.name}` }).click();
  await page.waitForURL((url) => url.pathname === '/lines' && !url.searchParams.has('sup'));
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByTestId('filter-suppliers-value').textContent()).toBe('All');
}

describe('suppliers beyond the filter bar', () => {
  it('the overview counts the chosen suppliers\' expiring contracts, and its tile opens a list of exactly those, suppliers shown and removable', async () => {
    await withPage(async (page) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await signInAs(page, 'catman@spendscope.test');
      await waitForDashboard(page);
      const everyExpiring = Number(await page.getByTestId('kpi-contracts-expiring-value').textContent());

      // Two suppliers with expiring contracts the filter bar can name (a supplier with spend in scope).
      const expiring = await expiringContracts(page);
      expect(expiring.length).toBe(everyExpiring);
      const bySupplier = new Map<string, Supplier & { contracts: number }>();
      for (const k of expiring) bySupplier.set(k.supplier.id, { ...k.supplier, contracts: (bySupplier.get(k.supplier.id)?.contracts ?? 0) + 1 });
      const named = await graphqlAs<{ suppliersByIds: Supplier[] }>(page, `query($ids: [ID!]!) { suppliersByIds(ids: $ids) { id name } }`, { ids: [...bySupplier.keys()] });
      const usable = [...bySupplier.values()].filter((s) => named.suppliersByIds.some((n) => n.id === s.id)).sort((a, b) => b.contracts - a.contracts || Number(a.id) - Number(b.id));
      expect(usable.length).toBeGreaterThan(1);
      const [first, second] = usable;
      const chosen = [first.id, second.id];
      // Counted here from the unfiltered list, and asked of the API with the filter: the two agree, and the filter narrows.
      const expected = expiring.filter((k) => chosen.includes(k.supplier.id)).length;
      expect(await expiringOf(page, chosen)).toBe(expected);
      expect(expected).toBeGreaterThan(0);
      expect(expected).toBeLessThan(everyExpiring);

      await page.goto(`/?sup=${chosen.join(',')}`);
      await waitForDashboard(page);
      await expect.poll(() => page.getByTestId('filter-suppliers-value').textContent()).toBe(first.name);
      await expect.poll(() => page.getByTestId('kpi-contracts-expiring-value').textContent(), { timeout: 15_000 }).toBe(String(expected));
      await saveScreenshot(page, 'overview-suppliers-expiring');

      // The tile opens the EXPIRING list with the same suppliers: the same number, every row one of theirs.
      await page.getByTestId('kpi-contracts-expiring').click();
      await page.waitForURL((url) => url.pathname === '/contracts' && url.searchParams.get('status') === 'EXPIRING' && url.searchParams.get('sup') === chosen.join(','));
      await expect.poll(() => page.getByTestId('contracts-count').textContent(), { timeout: 15_000 }).toBe(countText(expected));
      const rows = page.locator('[data-testid="contracts-table"] tbody tr');
      expect(await rows.count()).toBe(expected);
      const numbers = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-contract')));
      expect(numbers.sort()).toEqual(expiring.filter((k) => chosen.includes(k.supplier.id)).map((k) => k.number).sort());
      // The list's filter bar shows the suppliers as chosen.
      const control = page.getByTestId('contract-suppliers');
      expect(await page.getByTestId('contract-suppliers-value').textContent()).toBe(first.name);
      expect(await control.getByRole('button', { name: /Suppliers/ }).getAttribute('title')).toBe(`${first.name}, ${second.name}`);
      expect(await page.getByTestId('status-chip-EXPIRING').getAttribute('aria-pressed')).toBe('true');
      await saveScreenshot(page, 'contracts-expiring-suppliers');

      // Removing one there narrows the list to the other's contracts, as the API counts them.
      await control.getByRole('button', { name: /Suppliers/ }).click();
      expect(await control.getByRole('listitem').allTextContents()).toEqual([first.name, second.name]);
      await saveScreenshot(page, 'contracts-suppliers-open');
      await control.getByRole('button', { name: `Remove ${first.name}` }).click();
      await page.waitForURL((url) => url.searchParams.get('sup') === second.id);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId('contracts-count').textContent(), { timeout: 15_000 }).toBe(countText(await expiringOf(page, [second.id])));

      // A reload keeps it; clearing the filters shows every contract again.
      await page.reload();
      await expect.poll(() => page.getByTestId('contract-suppliers-value').textContent()).toBe(second.name);
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await page.waitForURL((url) => !url.searchParams.has('sup') && !url.searchParams.has('status'));
      await expect.poll(() => page.getByTestId('contract-suppliers-value').textContent()).toBe('All');
      const all = await graphqlAs<{ contracts: { totalCount: number } }>(page, `{ contracts { totalCount } }`);
      await expect.poll(() => page.getByTestId('contracts-count').textContent(), { timeout: 15_000 }).toBe(countText(all.contracts.totalCount));
    });
  });

  it('an older link\'s single supplier, and a supplier the user cannot see, on the contract list', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'catman@spendscope.test');
      const [k] = await expiringContracts(page);
      const named = await graphqlAs<{ suppliersByIds: Supplier[] }>(page, `query($ids: [ID!]!) { suppliersByIds(ids: $ids) { id name } }`, { ids: [k.supplier.id] });
      const supplier = named.suppliersByIds[0] ?? null;
      expect(supplier, 'the supplier of an expiring contract, with spend in scope').not.toBeNull();
      const total = (await graphqlAs<{ contracts: { totalCount: number } }>(page, `query($s: ID) { contracts(filter: { supplierId: $s }) { totalCount } }`, { s: supplier!.id }))
        .contracts.totalCount;
      await page.goto(`/contracts?supplier=${supplier!.id}`);
      await expect.poll(() => page.getByTestId('contracts-count').textContent(), { timeout: 15_000 }).toBe(countText(total));
      expect(await page.getByTestId('contract-suppliers-value').textContent()).toBe(supplier!.name);

      // An id no one can see is left out, and said so, instead of emptying the list.
      await page.goto(`/contracts?sup=${supplier!.id},99999999`);
      await expect.poll(() => page.getByTestId('contracts-dropped-notice').textContent()).toBe(
        'This link asked for 1 supplier that is unknown or outside your scope; it is ignored.',
      );
      await expect.poll(() => page.getByTestId('contracts-count').textContent(), { timeout: 15_000 }).toBe(countText(total));
    });
  });

  it('a category\'s supplier bar opens its lines with the supplier in the filter bar, and removing it there widens them to the category\'s', async () => {
    await withPage(async (page) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await signInAs(page, 'catman@spendscope.test');
      const tree = await graphqlAs<{ categoryTree: { nodes: Array<{ category: { id: string; level: number; name: string }; figures: { supplierCount: number } }> } }>(
        page, `{ categoryTree { nodes { category { id level name } figures { supplierCount } } } }`,
      );
      const category = tree.categoryTree.nodes.filter((n) => n.category.level === 1).sort((a, b) => b.figures.supplierCount - a.figures.supplierCount)[0].category;
      await page.goto(`/categories/${category.id}`);
      const pareto = page.getByTestId('category-supplier-pareto');
      await pareto.locator('.recharts-bar-rectangle path').first().waitFor();
      await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
      const period = { dateFrom: await page.getByTestId('filter-from').inputValue(), dateTo: await page.getByTestId('filter-to').inputValue() };
      await pareto.getByText('Suppliers as a table').click();
      const row = pareto.getByTestId('category-suppliers-table').locator('tbody tr').first();
      const nameLink = row.locator('td').first().getByRole('link');
      const supplier = { name: ((await nameLink.textContent()) ?? '').trim(), id: /\/suppliers\/(\d+)/.exec((await nameLink.getAttribute('href')) ?? '')![1] };
      const inCategory = { ...period, categoryIds: [category.id] };
      const [ofSupplier, ofCategory] = await Promise.all([apiLines(page, { ...inCategory, supplierIds: [supplier.id] }), apiLines(page, inCategory)]);
      expect(ofSupplier.totalCount).toBeGreaterThan(0);
      expect(ofCategory.totalCount).toBeGreaterThan(ofSupplier.totalCount);

      // The spend in the supplier's row (what its bar opens): the supplier in the bar, the category as the drill.
      await row.locator('td').nth(1).getByRole('link').click();
      await page.waitForURL((url) => url.pathname === '/lines' && url.searchParams.get('sup') === supplier.id);
      await expect.poll(() => page.getByTestId('filter-suppliers-value').textContent()).toBe(supplier.name);
      await expectLines(page, ofSupplier);
      expect(await page.getByTestId('lines-drill').textContent()).toBe(category.name);
      await saveScreenshot(page, 'lines-from-category-supplier');

      // Removed from the bar, the lines are the whole category's in the period.
      await removeBarSupplier(page, supplier);
      await expectLines(page, ofCategory);
      await saveScreenshot(page, 'lines-from-category-supplier-removed');
      // Back returns to the supplier's lines, the supplier in the bar again.
      await page.goBack();
      await page.waitForURL((url) => url.searchParams.get('sup') === supplier.id);
      await expectLines(page, ofSupplier);
    });
  });

  it('a supplier\'s lines and a contract\'s leakage by supplier open /lines with the supplier in the bar, removable', async () => {
    await withPage(async (page) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await signInAs(page, 'catman@spendscope.test');

      // A contract with leakage from more than one supplier, and its figures as the API states them.
      type Leak = { supplier: Supplier; spend: string; lineCount: number };
      const data = await graphqlAs<{ contracts: { nodes: Array<{ id: string; number: string; leakage: { spend: string; lineCount: number; supplierCount: number; suppliers: Leak[] } }> } }>(
        page, `{ contracts(filter: { statuses: [ACTIVE, EXPIRING] }, page: { limit: 100 }) { nodes { id number leakage { spend lineCount supplierCount suppliers(limit: 10) { supplier { id name } spend lineCount } } } } }`,
      );
      const contract = data.contracts.nodes.find((k) => k.leakage.supplierCount > 1)!;
      expect(contract, 'a contract leaking to several suppliers').toBeDefined();
      const top = contract.leakage.suppliers[0];
      await page.goto(`/contracts/${contract.id}`);
      await page.getByTestId('contract-leakage').waitFor();
      await page.getByTestId('leak-drill').first().click();
      await page.waitForURL((url) => url.pathname === '/lines' && url.searchParams.get('sup') === top.supplier.id);
      await expect.poll(() => page.getByTestId('filter-suppliers-value').textContent()).toBe(top.supplier.name);
      await expectLines(page, { totalCount: top.lineCount, totalAmount: top.spend });
      expect(await page.getByTestId('lines-drill').textContent()).toBe(`Leakage from ${contract.number}`);
      await saveScreenshot(page, 'lines-from-leakage-supplier');
      // Without the supplier: every off-contract line the contract could have covered, its whole leakage.
      await removeBarSupplier(page, top.supplier);
      await expectLines(page, { totalCount: contract.leakage.lineCount, totalAmount: contract.leakage.spend });

      // The supplier's own page: its lines under the page's period, everything in the bar.
      await page.goto(`/suppliers/${top.supplier.id}`);
      await page.getByTestId('supplier-kpi-spend-value').waitFor();
      const period = { dateFrom: await page.getByTestId('filter-from').inputValue(), dateTo: await page.getByTestId('filter-to').inputValue() };
      const [own, everyone] = await Promise.all([apiLines(page, { ...period, supplierIds: [top.supplier.id] }), apiLines(page, period)]);
      await page.getByTestId('supplier-lines-link').click();
      await page.waitForURL((url) => url.pathname === '/lines' && url.searchParams.get('sup') === top.supplier.id);
      await expect.poll(() => page.getByTestId('filter-suppliers-value').textContent()).toBe(top.supplier.name);
      expect(await page.getByTestId('filter-from').inputValue()).toBe(period.dateFrom);
      await expectLines(page, own);
      // No drill-down of its own: the bar holds the whole filter, and the chip says so.
      expect(await page.getByTestId('lines-drill').textContent()).toBe('All lines under the filters above');
      await saveScreenshot(page, 'lines-from-supplier-page');
      await removeBarSupplier(page, top.supplier);
      await expectLines(page, everyone);
      expect(everyone.totalCount).toBeGreaterThan(own.totalCount);
    });
  });
});

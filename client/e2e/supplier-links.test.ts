import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, graphqlAs, saveScreenshot, signInAs, waitForDashboard } from './browser.js';

/**
 * The filter bar's suppliers where they leave the bar: the overview's "Contracts expiring" and the
 * list its tile opens (docs/domain.md, "The list and the overview's count"). Every expected number
 * comes from the API, asked here, never from the console's own code.
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
      expect(await page.getByTestId('contract-suppliers-value').textContent()).toBe('All');
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
});

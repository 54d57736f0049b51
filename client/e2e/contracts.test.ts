import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, escapeRegExp, graphqlAs, parseMoney, pickActiveOption, saveScreenshot, signInAs, waitForDashboard } from './browser.js';

// The category manager's contract path: the overview's expiring tile → the list pre-filtered →
// the timeline → a contract (utilisation, leakage, drill to its lines) → edit with an error → save.
const suite = browserSuite();

interface ContractRow { id: string; number: string; title: string; version: number; canEdit: boolean; status: string }

async function expiringEditable(page: Page): Promise<ContractRow> {
  const data = await graphqlAs<{ contracts: { nodes: ContractRow[] } }>(page, `{ contracts(filter: { statuses: [EXPIRING] }, page: { limit: 100 }) {
    nodes { id number title version canEdit status leakage { lineCount } } } }`);
  const found = data.contracts.nodes.find((k) => k.canEdit && (k as unknown as { leakage: { lineCount: number } }).leakage.lineCount > 0);
  expect(found, 'an expiring contract the category manager may edit, with leakage').toBeDefined();
  return found!;
}

describe('contracts in Chromium', () => {
  it('overview tile → expiring list → timeline → a contract → its leakage lines → the supplier → its lines → edit with an error → save', async () => {
    await suite.withPage(async (page) => {
      await signInAs(page, 'catman@spendscope.test');
      await waitForDashboard(page);
      const kpi = Number(await page.getByTestId('kpi-contracts-expiring-value').textContent());
      expect(kpi).toBeGreaterThan(0);

      // The tile opens the list filtered to exactly what it counts.
      await page.getByTestId('kpi-contracts-expiring').click();
      await page.waitForURL((url) => url.pathname === '/contracts' && url.searchParams.get('status') === 'EXPIRING');
      await expect.poll(() => page.getByTestId('contracts-count').textContent()).toBe(`${kpi} contract${kpi === 1 ? '' : 's'}`);
      expect(await page.getByTestId('status-chip-EXPIRING').getAttribute('aria-pressed')).toBe('true');
      expect(await page.locator('[data-testid="contracts-table"] tbody tr').count()).toBe(Math.min(kpi, 50));
      const statuses = await page.locator('[data-testid="contracts-table"] [data-status]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-status')));
      expect(new Set(statuses)).toEqual(new Set(['EXPIRING']));
      await saveScreenshot(page, 'contracts-expiring');
      // At 1280 px a contract number stays on one line (the table scrolls sideways first), and the page does not scroll sideways.
      const size = page.viewportSize()!;
      await page.setViewportSize({ width: 1280, height: 800 });
      const wrapped = await page.getByTestId('contract-link').evaluateAll((links) => links.filter((link) => link.getClientRects().length > 1).map((link) => link.textContent));
      expect(wrapped).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      // Nor does the table: spend and owner are on screen without scrolling it.
      const overflow = await page.getByTestId('contracts-table').evaluate((table) => {
        const frame = table.closest('[role="region"]')!;
        return frame.scrollWidth - frame.clientWidth;
      });
      expect(overflow).toBeLessThanOrEqual(0);
      await saveScreenshot(page, 'contracts-1280');
      await page.setViewportSize(size);

      // The timeline: one bar per contract of the page, the as-of line, keyboard reachable bars.
      await page.getByTestId('view-timeline').click();
      await page.waitForURL((url) => url.searchParams.get('view') === 'timeline' && url.searchParams.get('status') === 'EXPIRING');
      await page.getByTestId('contract-timeline').waitFor();
      expect(await page.getByTestId('timeline-bar').count()).toBe(Math.min(kpi, 50));
      expect(await page.getByTestId('timeline-today').isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Active' }).click();
      await page.waitForURL((url) => url.searchParams.get('status') === 'ACTIVE,EXPIRING');
      await expect.poll(() => page.getByTestId('timeline-bar').count()).toBeGreaterThan(Math.min(kpi, 50) - 1);
      await saveScreenshot(page, 'contracts-timeline');

      // A contract, opened from its bar with the keyboard.
      const target = await expiringEditable(page);
      await page.getByRole('button', { name: 'Active' }).click();
      await page.waitForURL((url) => url.searchParams.get('status') === 'EXPIRING');
      const bar = page.locator(`[data-testid="timeline-bar"][data-contract="${target.number}"]`);
      await bar.focus();
      expect(await bar.getAttribute('aria-label')).toContain(target.number);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === `/contracts/${target.id}`);
      await page.getByTestId('contract-utilisation').waitFor();
      expect(await page.getByTestId('contract-status').textContent()).toContain('Expiring');
      await expect.poll(() => page.locator('[data-testid="burn-chart"] .recharts-bar-rectangle path').count()).toBeGreaterThan(0);
      expect(await page.locator('[data-testid="burn-chart"] path.recharts-line-curve').count()).toBeGreaterThan(0);
      expect(await page.getByTestId('contract-supplier').getAttribute('href')).toMatch(/^\/suppliers\/\d+$/);

      // Utilisation as the API states it (the server test checks the API against raw rows).
      const api = await graphqlAs<{ contract: { utilisation: { spend: string; share: string | null }; leakage: { suppliers: Array<{ spend: string; lineCount: number; supplier: { name: string } }> } } }>(
        page, `query($id: ID!) { contract(id: $id) { utilisation { spend share } leakage { suppliers(limit: 10) { spend lineCount supplier { name } } } } }`, { id: target.id });
      expect(parseMoney(await page.getByTestId('util-spend-value').getAttribute('title'))).toBeCloseTo(Number(api.contract.utilisation.spend), 2);
      await page.getByTestId('contract-leakage').scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'contract-detail');

      // Leakage → the lines behind the largest leaking supplier: the same count and total.
      const top = api.contract.leakage.suppliers[0];
      await page.getByTestId('leak-drill').first().click();
      await page.waitForURL((url) => url.pathname === '/lines');
      await expect.poll(() => page.getByTestId('lines-count').textContent(), { timeout: 15_000 }).toBe(top.lineCount.toLocaleString('en-GB'));
      expect(parseMoney(await page.getByTestId('lines-total').textContent())).toBeCloseTo(Number(top.spend), 2);
      await saveScreenshot(page, 'contract-leakage-lines');
      await page.goBack();
      await page.waitForURL((url) => url.pathname === `/contracts/${target.id}`);

      // The leaking supplier → its page → its lines: the lines total the supplier's figures as shown.
      await page.getByTestId('contract-leakage').getByRole('link', { name: top.supplier.name, exact: true }).first().click();
      await page.waitForURL((url) => /^\/suppliers\/\d+$/.test(url.pathname));
      await page.getByTestId('supplier-kpi-spend-value').waitFor();
      const supplierSpend = parseMoney(await page.getByTestId('supplier-kpi-spend-value').getAttribute('title'));
      const supplierLines = (await page.getByTestId('supplier-kpi-lines-value').textContent()) ?? '';
      await page.getByTestId('supplier-lines-link').click();
      await page.waitForURL((url) => url.pathname === '/lines');
      await expect.poll(() => page.getByTestId('lines-count').textContent(), { timeout: 15_000 }).toBe(supplierLines);
      expect(parseMoney(await page.getByTestId('lines-total').textContent())).toBeCloseTo(supplierSpend, 2);
      await saveScreenshot(page, 'contract-supplier-lines');
      await page.goto(`/contracts/${target.id}`);
      await page.getByTestId('contract-utilisation').waitFor();

      // Edit: a number another contract already carries is refused at the field, and nothing is saved.
      const other = (await graphqlAs<{ contracts: { nodes: Array<{ id: string; number: string }> } }>(page, `{ contracts(page: { limit: 2 }) { nodes { id number } } }`))
        .contracts.nodes.find((k) => k.id !== target.id)!;
      await page.getByTestId('edit-contract').click();
      await page.waitForURL((url) => url.pathname === `/contracts/${target.id}/edit`);
      await page.getByTestId('field-number').fill(other.number);
      await page.getByTestId('field-title').fill(`${target.title} (renegotiated)`);
      await page.getByTestId('contract-save').click();
      await expect.poll(() => page.getByTestId('error-number').textContent()).toContain('already used');
      expect(await page.getByTestId('field-number').getAttribute('aria-invalid')).toBe('true');
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('field-number');
      // An end date before the start is caught before anything is sent.
      const start = await page.getByTestId('field-start').inputValue();
      await page.getByTestId('field-end').fill('2000-01-01');
      await page.getByTestId('field-number').fill(target.number);
      await page.getByTestId('contract-save').click();
      await expect.poll(() => page.getByTestId('error-endDate').textContent()).toContain('before the start date');
      await saveScreenshot(page, 'contract-edit-errors');
      expect(start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const stored = await graphqlAs<{ contract: { title: string; version: number } }>(page, `query($id: ID!) { contract(id: $id) { title version } }`, { id: target.id });
      expect(stored.contract).toEqual({ title: target.title, version: target.version });

      // Fixed, it saves: the page shows the new title, and the version moved on by one.
      await page.getByTestId('field-end').fill('2027-01-31');
      await page.getByTestId('contract-save').press('Enter');
      await page.waitForURL((url) => url.pathname === `/contracts/${target.id}`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('(renegotiated)');
      const saved = await graphqlAs<{ contract: { title: string; version: number; endDate: string } }>(page, `query($id: ID!) { contract(id: $id) { title version endDate } }`, { id: target.id });
      expect(saved.contract).toEqual({ title: `${target.title} (renegotiated)`, version: target.version + 1, endDate: '2027-01-31' });
      await saveScreenshot(page, 'contract-saved');
    });
  });

  it('a stale edit shows what someone else changed next to the user\'s values, and saving theirs over works', async () => {
    await suite.withPage(async (page) => {
      await signInAs(page, 'admin@spendscope.test');
      const { contracts } = await graphqlAs<{ contracts: { nodes: ContractRow[] } }>(page, `{ contracts(filter: { statuses: [ACTIVE] }, page: { limit: 1 }) { nodes { id number title version canEdit status } } }`);
      const k = contracts.nodes[0];
      await page.goto(`/contracts/${k.id}/edit`);
      await page.getByTestId('contract-form').waitFor();
      await page.getByTestId('field-ceiling').fill('123456.78');
      // Meanwhile someone renames it (the same API the console uses, another save).
      const full = await graphqlAs<{ contract: Record<string, unknown> & { supplier: { id: string }; categories: Array<{ id: string }>; businessUnits: Array<{ id: string }> } }>(page,
        `query($id: ID!) { contract(id: $id) { number title startDate endDate ceiling currency paymentTermsDays renewal noticeDays supplier { id } categories { id } businessUnits { id } } }`, { id: k.id });
      const c = full.contract;
      await graphqlAs(page, `mutation($id: ID!, $v: Int!, $i: ContractInput!) { updateContract(id: $id, version: $v, input: $i) { version } }`, {
        id: k.id, v: k.version, i: {
          number: c.number, title: 'Renamed meanwhile', startDate: c.startDate, endDate: c.endDate, ceiling: c.ceiling, currency: c.currency,
          paymentTermsDays: c.paymentTermsDays, renewal: c.renewal, noticeDays: c.noticeDays, supplierId: c.supplier.id,
          categoryIds: c.categories.map((x) => x.id), businessUnitIds: c.businessUnits.map((x) => x.id),
        },
      });
      await page.getByTestId('contract-save').click();
      await page.getByTestId('contract-conflict').waitFor();
      expect(await page.getByTestId('conflict-title').textContent()).toContain('Renamed meanwhile');
      expect(await page.getByTestId('conflict-ceiling').textContent()).toContain('123456.78');
      await saveScreenshot(page, 'contract-conflict');
      await page.getByTestId('conflict-keep-mine').click();
      await page.waitForURL((url) => url.pathname === `/contracts/${k.id}`);
      const after = await graphqlAs<{ contract: { title: string; ceiling: string; version: number } }>(page, `query($id: ID!) { contract(id: $id) { title ceiling version } }`, { id: k.id });
      // "Mine" is the whole form as the user left it: their title, my ceiling.
      expect(after.contract).toEqual({ title: k.title, ceiling: '123456.78', version: k.version + 2 });
    });
  });

  it('a title of one long word wraps on the contract and in the list instead of widening the page', async () => {
    await suite.withPage(async (page) => {
      await signInAs(page, 'admin@spendscope.test');
      const { spendCube } = await graphqlAs<{ spendCube: { rows: Array<{ keys: Array<{ id: string }> }> } }>(page,
        `{ spendCube(query: { dimensions: [SUPPLIER, CATEGORY_L1], measures: [SPEND], sort: [{ measure: SPEND, direction: DESC }], limit: 1 }) { rows { keys { id } } } }`);
      const [supplier, category] = spendCube.rows[0].keys;
      const number = `LONG-${'Z'.repeat(59)}`;
      const created = await graphqlAs<{ createContract: { id: string; version: number } }>(page, 'mutation($i: ContractInput!) { createContract(input: $i) { id version } }', {
        i: { number, title: 'A'.repeat(300), supplierId: supplier.id, categoryIds: [category.id], businessUnitIds: [], startDate: '2025-01-01', endDate: '2026-12-31', ceiling: '1000.00', currency: 'EUR' },
      });
      const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      await page.goto(`/contracts/${created.createContract.id}`);
      await page.getByTestId('contract-status').waitFor();
      expect(await sideways()).toBeLessThanOrEqual(0);
      await page.goto(`/contracts?q=${number}&status=DRAFT`);
      await page.getByTestId('contract-link').filter({ hasText: number }).waitFor();
      expect(await sideways()).toBeLessThanOrEqual(0);
      // Nor does the table scroll inside its frame: every column, the owner last, is in view.
      const table = page.locator('table').filter({ has: page.getByTestId('contract-link') });
      expect(await table.evaluate((el) => el.scrollWidth - (el.parentElement?.clientWidth ?? 0))).toBeLessThanOrEqual(0);
      await saveScreenshot(page, 'contracts-long-title');
      await graphqlAs(page, 'mutation($id: ID!, $v: Int!) { deleteContract(id: $id, version: $v) }', { id: created.createContract.id, v: created.createContract.version });
    });
  });

  it('a new draft, activated, moves the overview\'s on-contract figure', async () => {
    await suite.withPage(async (page) => {
      await signInAs(page, 'admin@spendscope.test');
      await waitForDashboard(page);
      const before = await page.getByTestId('kpi-on-contract-value').textContent();
      await page.goto('/contracts');
      await page.getByTestId('new-contract').click();
      await page.waitForURL((url) => url.pathname === '/contracts/new');
      // An uncontracted supplier with the most lines, and its main category.
      const { spendCube } = await graphqlAs<{ spendCube: { rows: Array<{ keys: Array<{ id: string; label: string }> }> } }>(page,
        `{ spendCube(query: { dimensions: [SUPPLIER, CATEGORY_L1], measures: [SPEND], filter: { onContract: false }, sort: [{ measure: SPEND, direction: DESC }], limit: 1 }) { rows { keys { id label } } } }`);
      const [supplier, category] = spendCube.rows[0].keys;
      await page.getByTestId('contract-save').click();
      await expect.poll(() => page.getByTestId('contract-form-errors').textContent()).toContain('Contract number');
      await page.getByTestId('field-number').fill('E2E-0001');
      await page.getByTestId('field-title').fill('Browser test agreement');
      // Picked with the keyboard: ↓ through the search's matches to the supplier, Enter.
      const search = page.getByTestId('field-supplier-search');
      await search.fill(supplier.label.slice(0, 12));
      await page.getByRole('option', { name: new RegExp(escapeRegExp(supplier.label)) }).first().waitFor();
      expect(await search.getAttribute('aria-expanded')).toBe('true');
      await search.press('ArrowDown');
      await saveScreenshot(page, 'contract-supplier-picker-open');
      await pickActiveOption(page, search, supplier.label);
      await expect.poll(() => page.getByTestId('field-supplier-chosen').textContent()).toBe(supplier.label);
      await page.getByTestId('field-categories').getByRole('button').click();
      await page.getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(category.label)} \\(`) }).check();
      await page.keyboard.press('Escape');
      await page.getByTestId('field-start').fill('2023-01-01');
      await page.getByTestId('field-end').fill('2028-12-31');
      await page.getByTestId('field-ceiling').fill('5000000');
      await saveScreenshot(page, 'contract-new');
      await page.getByTestId('contract-save').click();
      await page.waitForURL((url) => /^\/contracts\/\d+$/.test(url.pathname));
      expect(await page.getByTestId('contract-status').textContent()).toContain('Draft');
      await page.getByTestId('activate-contract').click();
      await page.locator('dialog[open]').getByTestId('confirm-dialog-confirm').click();
      await expect.poll(() => page.getByTestId('contract-status').textContent()).toContain('Active');
      await expect.poll(async () => parseMoney(await page.getByTestId('util-spend-value').getAttribute('title'))).toBeGreaterThan(0);
      await saveScreenshot(page, 'contract-activated');
      await page.goto('/');
      await waitForDashboard(page);
      await expect.poll(() => page.getByTestId('kpi-on-contract-value').textContent()).not.toBe(before);
    });
  });
});

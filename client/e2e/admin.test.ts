import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sql } from '../../server/src/store/sql.js';
import { browserSuite, escapeRegExp, saveScreenshot, graphqlAs, signInAs } from './browser.js';

const suite = browserSuite();
const withPage = suite.withPage;

interface Suggestion {
  keep: { id: string; name: string };
  merge: { id: string; name: string; spend: { lineCount: number } };
}

const suggestionsQuery = 'query { supplierMergeSuggestions(limit: 50, minSimilarity: 0.8) { keep { id name } merge { id name spend { lineCount } } } }';

/** Two spellings of one company, imported through the API the imports screen uses. */
async function importNearDuplicates(page: Page) {
  const csv = ['Date,Supplier,Amount', '2025-06-02,Zephyrine Widgets Limited,1250.00', '2025-06-09,Zephyrine Widgets Limited,310.40', '2025-06-20,Zephyrine Widget Limited,99.99'].join('\n');
  const upload = await page.request.post('/api/imports?fileName=dupes.csv&sourceName=Admin%20e2e', { headers: { 'content-type': 'text/csv' }, data: csv });
  expect(upload.status()).toBe(201);
  const { data } = (await upload.json()) as { data: { id: string } };
  await graphqlAs(
    page,
    `mutation($id: ID!) { validateImport(id: $id, mapping: { columns: [{ field: INVOICE_DATE, column: 0 }, { field: SUPPLIER_NAME, column: 1 }, { field: AMOUNT, column: 2 }], defaultCurrency: "EUR" }) { id } }`,
    { id: data.id },
  );
  await graphqlAs(page, 'mutation($id: ID!) { commitImport(id: $id) { id status } }', { id: data.id });
}

describe('admin screens in Chromium', () => {
  it('merges a likely duplicate and undoes it', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'admin@spendscope.test');
      let suggestions = (await graphqlAs<{ supplierMergeSuggestions: Suggestion[] }>(page, suggestionsQuery)).supplierMergeSuggestions;
      if (suggestions.length === 0) {
        await importNearDuplicates(page);
        suggestions = (await graphqlAs<{ supplierMergeSuggestions: Suggestion[] }>(page, suggestionsQuery)).supplierMergeSuggestions;
      }
      expect(suggestions.length).toBeGreaterThan(0);
      const first = suggestions[0];

      await page.goto('/admin');
      await page.waitForURL((url) => url.pathname === '/admin/suppliers/merge');
      await page.getByTestId('merge-suggestion').first().waitFor();
      expect(await page.getByTestId('similarity-threshold').inputValue()).toBe('0.8');
      // Another threshold goes into the URL, and a link with it opens with it; the default is left out.
      await page.getByTestId('similarity-threshold').selectOption('0.9');
      await expect.poll(() => new URL(page.url()).searchParams.get('similarity')).toBe('0.9');
      await page.reload();
      await expect.poll(() => page.getByTestId('similarity-threshold').inputValue()).toBe('0.9');
      // A value not offered reads as the default.
      await page.goto('/admin/suppliers/merge?similarity=0.42');
      await expect.poll(() => page.getByTestId('similarity-threshold').inputValue()).toBe('0.8');
      await page.getByTestId('similarity-threshold').selectOption('0.8');
      await page.getByTestId('merge-suggestion').first().waitFor();
      const row = page.getByTestId('merge-suggestion').first();
      expect(await row.textContent()).toContain(first.merge.name);
      expect(await row.locator('td').nth(3).textContent()).toMatch(/^€[\d,]+\.\d\d$/);
      await saveScreenshot(page, 'admin-merges');

      // The button names both suppliers in full for a screen reader; nothing on it is cut off.
      const merge = page.getByRole('button', { name: `Merge ${first.merge.name} into ${first.keep.name}` }).first();
      expect(await merge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

      // Someone else blocks and unblocks the supplier after the list was shown: merging on the
      // strength of the old list is refused, nothing moves, and the list is read again.
      const version = async () => (await graphqlAs<{ supplier: { version: number } }>(page, 'query($id: ID!) { supplier(id: $id) { version } }', { id: first.merge.id })).supplier.version;
      for (const action of ['blockSupplier', 'unblockSupplier']) {
        await graphqlAs(page, `mutation($id: ID!, $v: Int!) { ${action}(id: $id, version: $v, reason: "e2e: someone else") { id } }`, { id: first.merge.id, v: await version() });
      }
      await merge.click();
      const listReadAgain = page.waitForResponse((r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes('"operationName":"SupplierMergesPage"'));
      await page.getByRole('dialog').getByTestId('confirm-dialog-confirm').click();
      await listReadAgain;
      await expect.poll(() => page.getByTestId('merge-message').textContent()).toContain(`${first.merge.name} was changed by someone else since you saw it; nothing was merged`);
      const notMerged = await graphqlAs<{ supplier: { status: string; spend: { lineCount: number } } }>(page, 'query($id: ID!) { supplier(id: $id) { status spend { lineCount } } }', { id: first.merge.id });
      expect(notMerged.supplier).toEqual({ status: 'ACTIVE', spend: { lineCount: first.merge.spend.lineCount } });

      // Merging again from the list as read now goes ahead.
      await merge.click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      const dialogText = (await dialog.textContent()) ?? '';
      expect(dialogText).toContain(first.keep.name);
      expect(dialogText).toContain(first.merge.name);
      expect(dialogText).toContain(first.merge.spend.lineCount.toLocaleString('en-GB'));
      await dialog.getByTestId('confirm-dialog-confirm').click();
      await expect.poll(() => page.getByTestId('merge-message').textContent()).toContain(`was merged into ${first.keep.name}`);

      const history = page.locator('[data-testid="merge-history-row"][data-undone="false"]').first();
      await history.waitFor();
      expect(await history.textContent()).toContain(first.merge.name);
      const mergeId = await history.getAttribute('data-merge-id');
      const merged = await graphqlAs<{ supplierMerges: { id: string; linesMoved: number; undoneAt: string | null }[] }>(page, 'query { supplierMerges { id linesMoved undoneAt } }');
      const record = merged.supplierMerges.find((merge) => merge.id === mergeId);
      expect(record?.undoneAt).toBeNull();
      expect(record?.linesMoved).toBe(first.merge.spend.lineCount);
      expect(await history.locator('td').nth(2).textContent()).toBe(record?.linesMoved.toLocaleString('en-GB'));

      await history.getByTestId('undo-merge-button').click();
      await page.getByRole('dialog').getByTestId('confirm-dialog-confirm').click();
      await page.locator(`[data-testid="merge-history-row"][data-merge-id="${mergeId}"][data-undone="true"]`).waitFor();
      const undone = await graphqlAs<{ supplierMerges: { id: string; undoneAt: string | null }[] }>(page, 'query { supplierMerges { id undoneAt } }');
      expect(undone.supplierMerges.find((merge) => merge.id === mergeId)?.undoneAt).not.toBeNull();
    });
  });

  it('a rule names a cost centre and a GL account by code and name, chosen from the ledger\'s lists', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'admin@spendscope.test');
      await page.goto('/admin/classification');
      await page.getByTestId('admin-classification-page').waitFor();
      await page.getByTestId('new-rule').click();
      const [cc] = await suite.server.store.query<{ code: string; name: string }>(sql`SELECT code, name FROM cost_centers ORDER BY code DESC LIMIT 1`, { name: 'test.cc' });
      const [gl] = await suite.server.store.query<{ code: string; name: string }>(sql`SELECT code, name FROM gl_accounts ORDER BY code DESC LIMIT 1`, { name: 'test.gl' });
      const [{ n }] = await suite.server.store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM cost_centers`, { name: 'test.ccCount' });
      // Every cost centre, and "Any".
      await expect.poll(() => page.getByTestId('rule-cc').locator('option').count()).toBe(Number(n) + 1);
      await page.getByTestId('rule-cc').selectOption({ label: `${cc.code} ${cc.name}` });
      await page.getByTestId('rule-gl').selectOption({ label: `${gl.code} ${gl.name}` });
      await page.getByTestId('rule-priority').fill('900');
      await page.getByTestId('rule-description').fill('no such item anywhere');
      const category = page.getByTestId('rule-category');
      await expect.poll(() => category.locator('option').count()).toBeGreaterThan(2);
      await category.selectOption((await category.locator('option').nth(1).getAttribute('value')) ?? '');
      await page.getByTestId('rule-save').click();
      const row = page.getByTestId('rule-row').filter({ hasText: 'no such item anywhere' });
      await row.waitFor();
      await expect.poll(() => row.textContent()).toContain(`GL account is ${gl.code} ${gl.name}`);
      expect(await row.textContent()).toContain(`cost centre is ${cc.code} ${cc.name}`);
      await row.scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'admin-rule-ledger-codes');
    });
  });

  it('a rule or a supplier family changed by someone else meanwhile is a CONFLICT on the screen; trying again goes ahead', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'admin@spendscope.test');
      const categories = await graphqlAs<{ categories: { id: string; level: number }[] }>(page, '{ categories { id level } }');
      const created = await graphqlAs<{ createClassificationRule: { id: string; version: number } }>(page,
        'mutation($i: ClassificationRuleInput!) { createClassificationRule(input: $i) { id version } }',
        { i: { priority: 901, descriptionContains: 'conflict e2e', categoryId: categories.categories.find((c) => c.level === 3)!.id } });
      const ruleId = created.createClassificationRule.id;
      const ruleExists = async () => (await graphqlAs<{ classificationRules: { id: string }[] }>(page, '{ classificationRules { id } }')).classificationRules.some((r) => r.id === ruleId);
      await page.goto('/admin/classification');
      const row = page.locator(`[data-testid="rule-row"][data-rule-id="${ruleId}"]`);
      await row.waitFor();
      // Someone else edits the rule after the list was shown.
      await graphqlAs(page, 'mutation($id: ID!, $v: Int!, $i: ClassificationRuleInput!) { updateClassificationRule(id: $id, version: $v, input: $i) { id } }',
        { id: ruleId, v: created.createClassificationRule.version, i: { priority: 902, descriptionContains: 'conflict e2e', categoryId: categories.categories.find((c) => c.level === 3)!.id } });
      await row.getByTestId('delete-rule-button').click();
      const rulesReadAgain = page.waitForResponse((r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes('"operationName":"ClassificationPage"'));
      await page.getByRole('dialog').getByTestId('confirm-dialog-confirm').click();
      await rulesReadAgain;
      await expect.poll(() => page.getByTestId('rule-message').textContent()).toContain('This rule was changed by someone else since you saw it; it was not deleted');
      expect(await ruleExists()).toBe(true);
      await expect.poll(() => row.textContent()).toContain('902');
      await row.getByTestId('delete-rule-button').click();
      await page.getByRole('dialog').getByTestId('confirm-dialog-confirm').click();
      await expect.poll(() => page.getByTestId('rule-message').textContent()).toContain('Rule 902 deleted');
      expect(await ruleExists()).toBe(false);

      // A family: the supplier as picked; someone else blocks and unblocks it before the save.
      const free = (await graphqlAs<{ suppliers: { nodes: { supplier: { id: string; name: string; parent: { id: string } | null; status: string } }[] } }>(page,
        '{ suppliers(sort: { field: SPEND, direction: DESC }, page: { limit: 40 }) { nodes { supplier { id name status parent { id } } } } }'))
        .suppliers.nodes.map((n) => n.supplier).filter((s) => s.status === 'ACTIVE' && s.parent === null);
      const [child, parent] = free.filter((s, i, all) => all.findIndex((o) => o.name.slice(0, 12) === s.name.slice(0, 12)) === i).slice(-2);
      await page.goto('/admin/suppliers/merge');
      const form = page.getByTestId('supplier-family-form');
      for (const [testId, supplier] of [['family-child', child], ['family-parent', parent]] as const) {
        await page.getByTestId(`${testId}-search`).fill(supplier.name.slice(0, 12));
        await page.getByTestId(testId).getByRole('option', { name: new RegExp(`^${escapeRegExp(supplier.name)}`) }).first().click();
      }
      const version = async () => (await graphqlAs<{ supplier: { version: number; parent: { id: string } | null } }>(page, 'query($id: ID!) { supplier(id: $id) { version parent { id } } }', { id: child.id })).supplier;
      for (const action of ['blockSupplier', 'unblockSupplier']) {
        await graphqlAs(page, `mutation($id: ID!, $v: Int!) { ${action}(id: $id, version: $v, reason: "e2e: someone else") { id } }`, { id: child.id, v: (await version()).version });
      }
      await form.getByRole('button', { name: 'Set parent' }).click();
      await expect.poll(() => form.getByRole('alert').textContent()).toContain(`${child.name} was changed by someone else since you saw it; its family was not changed`);
      expect((await version()).parent).toBeNull();
      await form.scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'admin-family-conflict');
      await form.getByRole('button', { name: 'Set parent' }).click();
      await expect.poll(() => form.getByRole('status').textContent()).toContain(`${child.name} now belongs to the ${parent.name} family.`);
      expect((await version()).parent).toEqual({ id: parent.id });
      // And at once out of it again: the form kept the version its save answered.
      await form.getByRole('button', { name: 'Remove from its family' }).click();
      await expect.poll(() => form.getByRole('status').textContent()).toContain(`${child.name} no longer belongs to a family.`);
      expect((await version()).parent).toBeNull();
    });
  });

  it('creates a rule, runs the rules, and the counts shown are the server’s', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'admin@spendscope.test');
      await page.goto('/admin/classification');
      await page.getByTestId('admin-classification-page').waitFor();
      await page.getByTestId('new-rule').click();
      const form = page.getByTestId('rule-form');
      await form.waitFor();
      await page.getByTestId('rule-priority').fill('5');
      await page.getByTestId('rule-description').fill('toner');
      const category = page.getByTestId('rule-category');
      await expect.poll(() => category.locator('option').count()).toBeGreaterThan(2);
      const categoryValue = await category.locator('option').nth(1).getAttribute('value');
      await category.selectOption(categoryValue ?? '');
      await page.getByTestId('rule-save').click();
      const formError = page.getByTestId('rule-form-error');
      await Promise.race([form.waitFor({ state: 'detached' }), formError.waitFor()]);
      // The server's refusal, word for word, rather than a timeout.
      expect((await formError.count()) ? await formError.textContent() : null).toBeNull();
      const ruleRow = page.getByTestId('rule-row').filter({ hasText: 'toner' });
      await ruleRow.waitFor();
      expect(await ruleRow.textContent()).toContain('description contains');

      await page.getByTestId('run-rules').click();
      await page.getByTestId('run-result').waitFor();
      const shown = {
        ruleClassified: await page.getByTestId('run-rule-classified-value').textContent(),
        unclassified: await page.getByTestId('run-unclassified-value').textContent(),
      };
      await saveScreenshot(page, 'admin-classification');

      // Running again changes nothing, and must report the same state the page showed.
      const again = await graphqlAs<{ runClassificationRules: { ruleClassified: number; unclassified: number; changed: number } }>(
        page,
        'mutation { runClassificationRules { ruleClassified unclassified changed } }',
      );
      expect(again.runClassificationRules.changed).toBe(0);
      expect(shown.ruleClassified).toBe(again.runClassificationRules.ruleClassified.toLocaleString('en-GB'));
      expect(shown.unclassified).toBe(again.runClassificationRules.unclassified.toLocaleString('en-GB'));
      expect(again.runClassificationRules.ruleClassified).toBeGreaterThan(0);

      const link = await page.getByTestId('unclassified-link').getAttribute('href');
      expect(new URL(link ?? '', suite.server.url).searchParams.get('filter')).toBe('{"members":[{"dimension":"CATEGORY_L1","ids":[null]}]}');
    });
  });

  it('finance changes one month\'s FX rate from the keyboard; the month\'s lines are converted again', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'finance@spendscope.test');
      await page.goto('/admin/fx-rates?currency=USD');
      // The latest month that has both a USD rate and USD lines.
      const [{ m: month }] = await suite.server.store.query<{ m: string }>(
        sql`SELECT MAX(strftime(r.month, '%Y-%m')) AS m FROM fx_rates r WHERE r.currency = 'USD'
            AND EXISTS (SELECT 1 FROM spend_lines s WHERE s.currency = 'USD' AND date_trunc('month', s.invoice_date) = r.month)`,
        { name: 'test.usdMonth' },
      );
      const row = page.locator(`[data-testid="fx-rate-row"][data-currency="USD"][data-month="${month}"]`);
      const before = (await row.getByTestId('fx-rate-value').textContent())!;
      await row.getByTestId('fx-rate-edit').click();
      const input = page.getByTestId('fx-rate-value-input');
      // The form opens on that rate, with the rate field focused: type, Enter.
      await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await input.inputValue()).toBe(before);
      const next = (Number(before) + 0.012345).toFixed(6);
      await input.fill(next);
      await input.press('Enter');
      const done = page.getByTestId('fx-rate-done');
      await done.waitFor();
      // Counted independently: the USD lines of that month.
      const [{ n }] = await suite.server.store.query<{ n: string }>(
        sql`SELECT COUNT(*) AS n FROM spend_lines WHERE currency = 'USD' AND invoice_date >= CAST(${`${month}-01`} AS DATE) AND invoice_date < CAST(${`${month}-01`} AS DATE) + INTERVAL 1 MONTH`,
        { name: 'test.usdLines' },
      );
      expect(Number(n)).toBeGreaterThan(0);
      expect(await done.textContent()).toMatch(new RegExp(`^Replaced the USD rate for .+: ${next.replace('.', '\\.')} EUR\\. ${Number(n).toLocaleString('en-GB')} lines? (was|were) converted again\\.$`));
      await expect.poll(() => row.getByTestId('fx-rate-value').textContent()).toBe(next);
      await saveScreenshot(page, 'admin-fx-set-rate');
      // Someone else sets the same month while the form is open: saving again does not overwrite
      // their rate unseen; the form says what it is now, the list shows it, and a second save replaces it.
      const theirs = (Number(next) + 0.000111).toFixed(6);
      await graphqlAs(page, 'mutation($i: FxRateInput!) { setFxRate(input: $i) { linesConverted } }', { i: { currency: 'USD', month: `${month}-01`, rate: theirs } });
      const mine = (Number(next) + 0.000222).toFixed(6);
      await input.fill(mine);
      await input.press('Enter');
      const error = page.getByTestId('fx-rate-error');
      await expect.poll(() => error.textContent()).toContain(`changed by someone else since you saw it: it is now ${theirs}`);
      await expect.poll(() => row.getByTestId('fx-rate-value').textContent()).toBe(theirs);
      await saveScreenshot(page, 'admin-fx-conflict');
      await input.press('Enter');
      await expect.poll(() => row.getByTestId('fx-rate-value').textContent()).toBe(mine);
      expect(await error.count()).toBe(0);
      // The version is the one the form saw, not whatever the list holds when saving: after someone
      // else's change, a list read again for another reason (an import of another rate on this
      // page) must not let the form overwrite it unseen.
      const theirsAgain = (Number(mine) + 0.000111).toFixed(6);
      await graphqlAs(page, 'mutation($i: FxRateInput!) { setFxRate(input: $i) { linesConverted } }', { i: { currency: 'USD', month: `${month}-01`, rate: theirsAgain } });
      await page.getByTestId('fx-import-input').setInputFiles({ name: 'rates.csv', mimeType: 'text/csv', buffer: Buffer.from('currency,month,rate\nJPY,1999-02,0.007000\n') });
      await page.getByTestId('fx-import-submit').click();
      await page.getByTestId('fx-import-result').waitFor();
      await expect.poll(() => row.getByTestId('fx-rate-value').textContent()).toBe(theirsAgain);
      await input.fill((Number(theirsAgain) + 0.000111).toFixed(6));
      await input.press('Enter');
      await expect.poll(() => error.textContent()).toContain(`it is now ${theirsAgain}`);
      expect(await row.getByTestId('fx-rate-value').textContent()).toBe(theirsAgain);
      // A rate that is not a number cannot be sent, and says why.
      await input.fill('1,2');
      expect(await page.getByTestId('fx-rate-save').isDisabled()).toBe(true);
      expect(await page.getByTestId('fx-rate-form').textContent()).toContain('a positive number with at most 6 decimals');
    });
  });

  it('imports an FX rate and a taxonomy from CSV and shows them', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'admin@spendscope.test');
      await page.goto('/admin/fx-rates');
      await page.getByTestId('fx-rates-table').waitFor();
      await page.getByTestId('fx-import-input').setInputFiles({ name: 'rates.csv', mimeType: 'text/csv', buffer: Buffer.from('currency,month,rate\nGBP,2012-01,1.190000\nXX,2012-01,1\n') });
      await page.getByTestId('fx-import-submit').click();
      await page.getByTestId('fx-import-result').waitFor();
      // The demo may already have that month's rate: then it is replaced rather than added.
      const added = Number(await page.getByTestId('fx-import-added').textContent());
      const updated = Number(await page.getByTestId('fx-import-updated').textContent());
      expect(added + updated).toBe(1);
      expect(await page.getByTestId('fx-import-problems').textContent()).toContain('row 3');
      await page.getByTestId('fx-currency-filter').selectOption('GBP');
      const rate = page.locator('[data-testid="fx-rate-row"][data-currency="GBP"][data-month="2012-01"]');
      await rate.waitFor();
      // The demo's own rate for the month shows until the list is read again after the import.
      await expect.poll(() => rate.getByTestId('fx-rate-value').textContent(), { timeout: 10_000 }).toBe('1.190000');
      await expect.poll(() => page.locator('[data-testid="fx-rate-row"]:not([data-currency="GBP"])').count()).toBe(0);
      await rate.evaluate((row) => row.scrollIntoView({ block: 'center' }));
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(page, 'admin-fx');
      // The rate header sorts the loaded rows, first ascending then descending, and says so with aria-sort.
      const rateHeader = page.locator('[data-testid="fx-rates-table"] th[data-col="rate"]');
      const shownRates = async () => (await page.getByTestId('fx-rate-value').allTextContents()).map(Number);
      expect(await rateHeader.getAttribute('aria-sort')).toBe('none');
      await page.getByTestId('sort-rate').click();
      expect(await rateHeader.getAttribute('aria-sort')).toBe('ascending');
      const ascending = await shownRates();
      expect(ascending.length).toBeGreaterThan(1);
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
      await page.getByTestId('sort-rate').press('Enter');
      expect(await rateHeader.getAttribute('aria-sort')).toBe('descending');
      expect(await shownRates()).toEqual([...ascending].sort((a, b) => b - a));

      await page.goto('/admin/taxonomy');
      await page.getByTestId('taxonomy-tree').waitFor();
      // The tree is taller than its box: a cue says rows are hidden below until the box is scrolled to its end.
      const treeBox = page.locator('.scroll-box', { has: page.getByTestId('taxonomy-tree') });
      const scroller = page.getByRole('region', { name: 'Category tree, scrollable' });
      expect(await scroller.evaluate((box) => box.scrollHeight > box.clientHeight)).toBe(true);
      await treeBox.getByTestId('scroll-cue').waitFor();
      await scroller.evaluate((box) => box.scrollTo(0, box.scrollHeight));
      await expect.poll(() => treeBox.getByTestId('scroll-cue').count()).toBe(0);
      await scroller.evaluate((box) => box.scrollTo(0, 0));
      await treeBox.getByTestId('scroll-cue').waitFor();
      await page
        .getByTestId('taxonomy-import-input')
        .setInputFiles({ name: 'taxonomy.csv', mimeType: 'text/csv', buffer: Buffer.from('code,name,parent_code\nZZ,Test Segment,\nZZ.1,Test Family,ZZ\nZZ.1.1,Test Class,ZZ.1\n') });
      await page.getByTestId('taxonomy-import-submit').click();
      await page.getByTestId('taxonomy-import-result').waitFor();
      expect(await page.getByTestId('taxonomy-import-added').textContent()).toBe('3');
      const child = page.locator('[data-testid="taxonomy-row"][data-code="ZZ.1.1"]');
      await child.waitFor();
      // The depth is read from the Level column (a plain table row may not carry aria-level).
      expect(await child.locator('td').nth(2).textContent()).toBe('3');
      // Depth-first: the parent sits right above its child.
      const codes = await page.getByTestId('taxonomy-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-code')));
      expect(codes.indexOf('ZZ.1')).toBe(codes.indexOf('ZZ') + 1);
      expect(codes.indexOf('ZZ.1.1')).toBe(codes.indexOf('ZZ.1') + 1);
      // Show the new branch inside the tree's own scroll area, with the page itself at the top.
      await child.evaluate((row) => row.scrollIntoView({ block: 'center' }));
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(page, 'admin-taxonomy');
    });
  });

  it('shows each role only the admin tabs it may use', async () => {
    await withPage(async (page) => {
      await signInAs(page, 'finance@spendscope.test');
      await page.goto('/admin');
      await page.waitForURL((url) => url.pathname === '/admin/fx-rates');
      // allTextContents does not wait for the tabs to render: poll until they have.
      await expect.poll(() => page.getByRole('navigation', { name: 'Admin' }).getByRole('link').allTextContents()).toEqual(['FX rates']);
    });
    await withPage(async (page) => {
      await signInAs(page, 'catman@spendscope.test');
      await page.goto('/admin');
      await page.waitForURL((url) => url.pathname === '/admin/suppliers/merge');
      // allTextContents does not wait for the tabs to render: poll until they have.
      await expect.poll(() => page.getByRole('navigation', { name: 'Admin' }).getByRole('link').allTextContents()).toEqual(['Supplier merges', 'Classification rules', 'Classification review']);
    });
  });
});

describe('a screen whose code cannot be fetched', () => {
  it('says so and reloads, instead of a blank page', async () => {
    // The screen's own chunk fails once (an update removed it, or the connection dropped); the browser
    // reports the failed fetch in the console, which is expected here.
    await withPage(async (page, problems) => {
      await signInAs(page, 'admin@spendscope.test');
      let blocked = true;
      await page.route(/\/assets\/AdminRoutes-[^/]+\.js$/, (route) => (blocked ? route.abort('connectionreset') : route.continue()));
      await page.goto('/admin/audit');
      const alert = page.getByRole('alert');
      await expect.poll(() => alert.locator('h2').textContent()).toBe('This screen could not be loaded');
      expect(await alert.textContent()).toContain('Reloading fetches it again.');
      await saveScreenshot(page, 'admin-chunk-failed');
      blocked = false;
      await alert.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('heading', { name: 'Audit log' }).waitFor();
      expect(await page.getByText('This screen could not be loaded').count()).toBe(0);
      problems.errors.splice(0, problems.errors.length, ...problems.errors.filter((e) => !/Failed to load resource|Failed to fetch dynamically imported module/.test(e)));
    });
  });
});

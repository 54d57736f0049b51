import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../server/test/csv-parse.js';
import { browserSuite, graphqlAs, openPage, saveScreenshot, signIn, signInAs } from './browser.js';

// User administration and the audit log in Chromium (docs/domain.md, users and audit log):
// create a user with a one-time link, set the password signed out, sign in as them, change
// their scope, disable them, and read the changes back in the audit log.
const suite = browserSuite();

const NEW_EMAIL = 'carla.browser@example.test';
const NEW_PASSWORD = 'plum orchard telescope';

interface Coverage { scopeCoverage: { spend: string; lineCount: number } }

async function categoryId(page: Page, name: string): Promise<string> {
  const { categories } = await graphqlAs<{ categories: { id: string; name: string }[] }>(page, '{ categories { id name } }');
  return categories.find((c) => c.name === name)!.id;
}

/** Ticks categories by name in the form's category picker. */
async function pickCategories(page: Page, names: string[]) {
  const picker = page.getByTestId('user-categories');
  await picker.getByRole('button').first().click();
  for (const name of names) {
    await picker.getByRole('searchbox').fill(name);
    await picker.locator('label.check-row', { hasText: name }).first().locator('input').check();
  }
  await picker.getByRole('button', { name: 'Done' }).click();
}

describe('users and the audit log in Chromium', () => {
  it('creates a user with a link, the user sets a password signed out and signs in in their scope; scope change, disable, audit log', async () => {
    await suite.withPage(async (page) => {
      await signInAs(page, 'admin@spendscope.test');
      await page.goto('/admin');
      await page.waitForURL((url) => url.pathname === '/admin/suppliers/merge');
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).waitFor();
      // Every admin tab, the two new ones last.
      const tabs = await page.getByRole('navigation', { name: 'Admin' }).getByRole('link').allTextContents();
      expect(tabs).toEqual(['Supplier merges', 'Classification rules', 'Classification review', 'FX rates', 'Taxonomy', 'Users', 'Audit log']);
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/users');
      await page.locator('[data-testid="user-row"][data-email="admin@spendscope.test"]').waitFor();
      const { users } = await graphqlAs<{ users: { totalCount: number } }>(page, '{ users { totalCount } }');
      expect(await page.getByTestId('user-row').count()).toBe(users.totalCount);
      await saveScreenshot(page, 'admin-users');

      // Search writes the URL and asks the server.
      await page.getByTestId('users-search').fill('catman');
      await page.waitForURL((url) => url.searchParams.get('q') === 'catman');
      await expect.poll(() => page.getByTestId('user-row').count()).toBe(1);
      await page.getByTestId('users-search').fill('');
      await page.waitForURL((url) => !url.searchParams.has('q'));

      // The form opens on its first field; Escape closes it and focus goes back to "New user".
      await page.getByTestId('new-user').click();
      await page.waitForURL((url) => url.searchParams.get('edit') === 'new');
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('user-form-email');
      await page.keyboard.press('Escape');
      await page.waitForURL((url) => !url.searchParams.has('edit'));
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('new-user');

      // A new category manager for IT & Telecoms, with a link.
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('edit') === 'new');
      // Problems show by their fields, in red: a field's once it is left with something typed in
      // it, all of them at a try to save, which focuses the first field to mend.
      const testIdOfFocus = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
      await page.getByTestId('user-form-email').fill('not-an-email');
      await page.keyboard.press('Tab');
      expect(await page.getByTestId('user-form-email-error').textContent()).toBe('Enter a valid email address.');
      expect(await page.getByTestId('user-form-email').getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByTestId('user-form-name-error').count()).toBe(0);
      await page.getByTestId('user-form-role').selectOption('CATEGORY_MANAGER');
      // The scope the role needs is not asked for before a try to save.
      expect(await page.getByTestId('user-form-scope-error').count()).toBe(0);
      await page.getByTestId('user-save').click();
      expect(await page.getByTestId('user-form-name-error').textContent()).toBe('Enter the person’s name.');
      expect(await page.getByTestId('user-form-scope-error').textContent()).toBe('Choose at least one category for a category manager.');
      await expect.poll(testIdOfFocus).toBe('user-form-email');
      await saveScreenshot(page, 'admin-users-problems');
      await page.getByTestId('user-form-email').fill(NEW_EMAIL);
      await page.getByTestId('user-form-name').fill('Carla Browser');
      expect(await page.getByTestId('user-form-email-error').count()).toBe(0);
      expect(await page.getByTestId('user-form-name-error').count()).toBe(0);
      // The category picker opens lined up with its button (not over the sidebar), and ↓ goes
      // from its search to the boxes; Escape closes it, not the form.
      const picker = page.getByTestId('user-categories');
      await picker.getByRole('button').first().click();
      const button = await picker.getByRole('button').first().boundingBox();
      const panel = await picker.getByRole('group').boundingBox();
      expect(Math.round(panel!.x)).toBe(Math.round(button!.x));
      await saveScreenshot(page, 'admin-users-category-picker');
      await picker.getByRole('searchbox').press('ArrowDown');
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe('checkbox');
      await page.keyboard.press('Escape');
      await picker.getByRole('group').waitFor({ state: 'detached' });
      expect(page.url()).toContain('edit=new');
      await pickCategories(page, ['IT & Telecoms']);
      expect(await page.getByTestId('user-form-scope-error').count()).toBe(0);
      const itId = await categoryId(page, 'IT & Telecoms');
      const psId = await categoryId(page, 'Professional Services');
      const expected = (await graphqlAs<Coverage>(page, `query($c: [ID!]) { scopeCoverage(role: CATEGORY_MANAGER, categoryIds: $c) { spend lineCount } }`, { c: [itId] })).scopeCoverage;
      await expect.poll(() => page.getByTestId('scope-coverage-lines').textContent()).toBe(expected.lineCount.toLocaleString('en-GB'));
      expect(await page.getByTestId('scope-coverage-spend').textContent()).toBe(`€${Number(expected.spend).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
      expect(await page.getByTestId('user-password-link').isChecked()).toBe(true);
      await saveScreenshot(page, 'admin-users-new');
      await page.getByTestId('user-save').click();
      const linkField = page.getByTestId('password-link-url');
      await linkField.waitFor();
      const linkUrl = await linkField.inputValue();
      expect(linkUrl).toMatch(/\/set-password\?token=[\w-]{43}$/);
      await page.locator(`[data-testid="user-row"][data-email="${NEW_EMAIL}"]`).getByText('Awaiting password').waitFor();
      await saveScreenshot(page, 'admin-users-link');
      // At 1280 px the list fits beside the sidebar, with a user awaiting their password (the widest
      // status) and a long address: each user's three actions in view, nothing to scroll sideways to.
      await page.setViewportSize({ width: 1280, height: 900 });
      const usersTable = page.getByTestId('users-table');
      const overflow = () => usersTable.evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth);
      expect(await overflow()).toBeLessThanOrEqual(1);
      await saveScreenshot(page, 'admin-users-1280');

      // Signed out, in another browser context: the link opens the set-password screen.
      const { context, page: carla, problems } = await openPage(page.context().browser()!, new URL(linkUrl).origin);
      try {
        await carla.goto(new URL(linkUrl).pathname + new URL(linkUrl).search);
        expect(await carla.getByTestId('set-password-email').textContent()).toBe(NEW_EMAIL);
        await carla.getByTestId('set-password-new').fill(NEW_PASSWORD);
        await carla.getByTestId('set-password-repeat').fill('plum orchard telescopE');
        await carla.getByText('The two passwords differ.').waitFor();
        expect(await carla.getByTestId('set-password-submit').isDisabled()).toBe(true);
        await carla.getByTestId('set-password-repeat').fill(NEW_PASSWORD);
        await saveScreenshot(carla, 'set-password');
        await carla.getByTestId('set-password-submit').click();
        await carla.getByTestId('set-password-sign-in').click();
        await carla.waitForURL((url) => url.pathname === '/login');
        expect(await carla.getByLabel('Email').inputValue()).toBe(NEW_EMAIL);
        await carla.getByLabel('Password').fill(NEW_PASSWORD);
        await carla.getByRole('button', { name: 'Sign in' }).click();
        await carla.waitForURL((url) => url.pathname === '/');
        await expect.poll(() => carla.getByTestId('filter-categories-value').textContent()).toBe('Your scope: IT & Telecoms');
        await saveScreenshot(carla, 'new-user-overview');
        // The link is used up.
        const reused = await carla.request.post('/graphql', { data: { query: 'mutation($t: String!) { setPassword(token: $t, password: "another long password") }', variables: { t: new URL(linkUrl).searchParams.get('token') } } });
        expect(((await reused.json()) as { errors: { extensions: { code: string } }[] }).errors[0].extensions.code).toBe('BAD_USER_INPUT');

        // The admin widens the scope: Carla's next request sees both categories.
        const row = page.locator(`[data-testid="user-row"][data-email="${NEW_EMAIL}"]`);
        await row.getByTestId('user-edit').click();
        await page.getByTestId('user-form').waitFor();
        expect(await page.getByTestId('user-form-email').inputValue()).toBe(NEW_EMAIL);
        await pickCategories(page, ['Professional Services']);
        const wider = (await graphqlAs<Coverage>(page, `query($c: [ID!]) { scopeCoverage(role: CATEGORY_MANAGER, categoryIds: $c) { spend lineCount } }`, { c: [itId, psId] })).scopeCoverage;
        await expect.poll(() => page.getByTestId('scope-coverage-lines').textContent()).toBe(wider.lineCount.toLocaleString('en-GB'));
        await saveScreenshot(page, 'admin-users-edit');
        await page.getByTestId('user-save').click();
        await page.getByTestId('user-message').getByText('Changes saved').waitFor();
        await expect.poll(() => row.textContent()).toContain('IT & Telecoms, Professional Services');
        const seen = await carla.request.post('/graphql', { data: { query: '{ me { scope { categories { name } } } }' } });
        expect(((await seen.json()) as { data: { me: { scope: { categories: { name: string }[] } } } }).data.me.scope.categories.map((c) => c.name).sort()).toEqual(['IT & Telecoms', 'Professional Services']);

        // Disabled: Carla's next call is refused, and her console sends her to sign in.
        await row.getByTestId('user-disable').click();
        const dialog = page.getByRole('dialog');
        await dialog.getByText('They are signed out everywhere at once').waitFor();
        await dialog.getByTestId('confirm-dialog-confirm').click();
        await row.getByText('Disabled').waitFor();
        const refused = await carla.request.post('/graphql', { data: { query: '{ categories { id } }' } });
        expect(((await refused.json()) as { errors: { extensions: { code: string } }[] }).errors[0].extensions.code).toBe('UNAUTHENTICATED');
        await carla.goto('/explore');
        await carla.waitForURL((url) => url.pathname === '/login');
      } finally {
        await context.close();
      }
      expect(problems.errors.filter((e) => !e.includes('401') && !e.includes('UNAUTHENTICATED'))).toEqual([]);
      await saveScreenshot(page, 'admin-users-disabled');

      // The audit log: filter by action, read the scope change as a diff.
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/audit');
      await page.getByTestId('audit-row').first().waitFor();
      // The filters list actions and entities in words; the URL keeps their codes.
      expect(await page.getByTestId('audit-filter-action').locator('option[value="user.update"]').textContent()).toBe('User: update');
      await page.getByTestId('audit-filter-action').selectOption('user.update');
      await page.waitForURL((url) => url.searchParams.get('action') === 'user.update');
      const update = page.locator('[data-testid="audit-row"][data-action="user.update"]').first();
      await expect.poll(() => page.getByTestId('audit-row').count()).toBe(1);
      const change = update.locator('[data-testid="audit-change"][data-field="categories"]');
      const codes = await graphqlAs<{ categories: { id: string; code: string }[] }>(page, '{ categories { id code } }');
      const code = (id: string) => codes.categories.find((c) => c.id === id)!.code;
      expect(await change.getByTestId('audit-before').textContent()).toBe(`was ${code(itId)}`);
      // The audit log records a scope as category codes, in id order.
      const both = [itId, psId].sort((a, b) => Number(a) - Number(b)).map(code).join(', ');
      expect(await change.getByTestId('audit-after').textContent()).toBe(`now ${both}`);
      expect(await update.textContent()).toContain('Ada Admin');
      // Read in words, as the filter lists them: the action, and the field changed.
      expect(await update.getByTitle('user.update').textContent()).toBe('User: update');
      expect(await change.locator('dt').textContent()).toBe('Categories');
      await saveScreenshot(page, 'admin-audit');

      // Filters live in the URL: a reload keeps them; the export holds the same rows.
      await page.getByTestId('audit-filter-entity').selectOption('User');
      await page.waitForURL((url) => url.searchParams.get('entity') === 'User');
      await page.reload();
      await page.getByTestId('audit-row').first().waitFor();
      // A select shows its value once its options (read from the server) are there, which can come after the rows.
      await expect.poll(() => page.getByTestId('audit-filter-action').inputValue()).toBe('user.update');
      await expect.poll(() => page.getByTestId('audit-filter-entity').inputValue()).toBe('User');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
      const rows = parseCsv(await readFile((await download.path())!, 'utf8')).filter((r) => r.length > 1);
      expect(rows.length - 1).toBe(await page.getByTestId('audit-row').count());
      expect(rows.slice(1).every((r) => r[3] === 'user.update')).toBe(true);

      // Everything the admin did here is in the log, by action.
      // Reset and a new filter in one go, before React renders again: the second change must start
      // from the URL the first one wrote, not bring the old action and entity filters back.
      await page.getByTestId('audit-filter-user').locator('option', { hasText: 'Ada Admin (admin@spendscope.test)' }).waitFor({ state: 'attached' });
      await page.evaluate(() => {
        document.querySelector<HTMLButtonElement>('[data-testid="audit-filter-reset"]')!.click();
        const user = document.querySelector<HTMLSelectElement>('[data-testid="audit-filter-user"]')!;
        user.value = [...user.options].find((option) => option.text === 'Ada Admin (admin@spendscope.test)')!.value;
        user.dispatchEvent(new Event('change', { bubbles: true }));
      });
      await page.waitForURL((url) => url.searchParams.get('user') === '1');
      expect([...new URL(page.url()).searchParams.keys()]).toEqual(['user']);
      const actions = () => page.getByTestId('audit-row').evaluateAll((rows) => rows.slice(0, 3).map((r) => r.getAttribute('data-action')));
      await expect.poll(actions).toEqual(['user.disable', 'user.update', 'user.create']);
      await saveScreenshot(page, 'admin-audit-by-user');
    });
  });

  it('moves a category in the taxonomy and its spend rolls up to the new parent', async () => {
    await suite.withPage(async (page) => {
      await signInAs(page, 'admin@spendscope.test');
      await page.goto('/admin/taxonomy');
      const { categories } = await graphqlAs<{ categories: { id: string; code: string; name: string; level: number; parentId: string | null; spend: string }[] }>(
        page, '{ categories { id code name level parentId spend } }',
      );
      const child = categories.find((c) => c.level === 2 && Number(c.spend) > 0)!;
      const from = categories.find((c) => c.id === child.parentId)!;
      const to = categories.find((c) => c.level === 1 && c.id !== from.id)!;
      const row = page.locator(`[data-testid="taxonomy-row"][data-code="${child.code}"]`);
      await row.getByTestId('category-edit').click();
      await page.getByTestId('category-form').waitFor();
      await page.getByTestId('category-parent').selectOption(to.id);
      await saveScreenshot(page, 'admin-taxonomy-edit');
      await page.getByTestId('category-save').click();
      await page.getByTestId('category-message').getByText('Its spend now rolls up to its new parent.').waitFor();
      const after = (await graphqlAs<{ categories: { id: string; spend: string; parentId: string | null }[] }>(page, '{ categories { id spend parentId } }')).categories;
      const cents = (v: string) => Math.round(Number(v) * 100);
      expect(after.find((c) => c.id === child.id)!.parentId).toBe(to.id);
      expect(cents(after.find((c) => c.id === to.id)!.spend)).toBe(cents(to.spend) + cents(child.spend));
      expect(cents(after.find((c) => c.id === from.id)!.spend)).toBe(cents(from.spend) - cents(child.spend));
      // The tree shows it under its new parent, with the new totals.
      const codes = await page.getByTestId('taxonomy-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-code')));
      expect(codes.indexOf(child.code)).toBeGreaterThan(codes.indexOf(to.code));
      await saveScreenshot(page, 'admin-taxonomy-moved');
    });
  });

  it('hides the users and audit tabs from other roles, and their pages say why', async () => {
    await suite.withPage(async (page) => {
      await signIn(page, 'finance@spendscope.test');
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto('/admin/fx-rates');
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'FX rates' }).waitFor();
      const tabs = await page.getByRole('navigation', { name: 'Admin' }).getByRole('link').allTextContents();
      expect(tabs).toEqual(['FX rates']);
      await page.goto('/admin/audit');
      await page.getByText('Your role does not include audit log.').waitFor();
    });
  });
});

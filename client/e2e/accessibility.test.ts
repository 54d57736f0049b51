import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserSuite, saveScreenshot, signIn, signInAs } from './browser.js';

// Every route of the navigation, checked by axe-core in the real page at a desktop and a narrow
// width: no serious or critical violation may appear (docs/accessibility.md).
const suite = browserSuite();
let axeSource = '';

beforeAll(async () => {
  axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
});

const widths = [1440, 800] as const;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Runs axe-core on the page as it is and returns the serious and critical violations, readably. */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations as AxeViolation[];
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.length} node(s), e.g. ${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ')}`);
}

/** Waits until the screen has settled: no loading placeholders or busy regions left. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .skeleton'), undefined, { timeout: 15_000 });
}

async function checkAtBothWidths(page: Page, name: string): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const width of widths) {
    await page.setViewportSize({ width, height: 1000 });
    await settle(page);
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
  { name: 'categories', path: '/categories' },
  { name: 'suppliers', path: '/suppliers' },
  { name: 'contracts', path: '/contracts' },
  { name: 'query', path: '/query' },
  { name: 'not-found', path: '/no-such-screen' },
];

describe('accessibility in Chromium (axe-core)', () => {
  it('finds no serious or critical violation on the sign-in page', async () => {
    await suite.withPage(async (page) => {
      await page.goto('/login');
      expect(await checkAtBothWidths(page, 'login')).toEqual({});
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
  });

  it('finds no serious or critical violation on the filtered overview of a scoped category manager', async () => {
    await suite.withPage(async (page) => {
      await signIn(page, 'catman@spendscope.test');
      await page.waitForURL((url) => url.pathname === '/');
      expect(await checkAtBothWidths(page, 'overview-catman')).toEqual({});
    });
  });
});

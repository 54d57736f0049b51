import { chromium } from 'playwright-core';
import { expect, it } from 'vitest';
import { chromiumArgs, chromiumExecutable } from './browser.js';

// A newcomer's machine may have no system Chromium: the tests must then find the one shipped in
// the npm dev dependency @sparticuz/chromium, and it must really run a page.
it('falls back to the Chromium shipped in @sparticuz/chromium when no system Chromium is used', async () => {
  const executable = await chromiumExecutable({ SPENDSCOPE_E2E_IGNORE_SYSTEM_CHROMIUM: '1' });
  expect(executable).not.toMatch(/^\/usr\/bin\//);
  const browser = await chromium.launch({ executablePath: executable, headless: true, args: chromiumArgs });
  try {
    const page = await browser.newPage();
    await page.setContent('<h1>ready</h1>');
    expect(await page.textContent('h1')).toBe('ready');
  } finally {
    await browser.close();
  }
});

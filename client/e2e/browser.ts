import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Request } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestServer, type TestServer } from '../../server/test/harness.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const screenshotDir = path.join(repoRoot, 'artifacts', 'screenshots');

// Flags that keep headless Chromium quiet on a machine without a network (docs/architecture.md, browser tests).
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Which Chromium the browser tests drive: `CHROMIUM_PATH`, else Debian's package, else the binary
 * shipped inside the npm dev dependency `@sparticuz/chromium` (unpacked to the temp folder on first
 * use, no download), so `npm install && npm test` works on a machine without a system Chromium.
 * `SPENDSCOPE_E2E_IGNORE_SYSTEM_CHROMIUM=1` skips the system paths to try that fallback here.
 */
export async function chromiumExecutable(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const systemPaths = env.SPENDSCOPE_E2E_IGNORE_SYSTEM_CHROMIUM === '1' ? [] : ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const candidates = [env.CHROMIUM_PATH, ...systemPaths];
  const found = candidates.find((candidate): candidate is string => Boolean(candidate && existsSync(candidate)));
  if (found) return found;
  try {
    const { default: bundled } = await import('@sparticuz/chromium');
    return await bundled.executablePath();
  } catch (error) {
    throw new Error(
      'No Chromium found: set CHROMIUM_PATH, install the Debian package `chromium`, or run `npm install` ' +
        `(the dev dependency @sparticuz/chromium ships one): ${(error as Error).message}`,
      { cause: error },
    );
  }
}

/** Launches Chromium; Playwright gives every launch a fresh temporary profile (--user-data-dir). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: await chromiumExecutable(), headless: true, args: chromiumArgs });
}

export interface PageProblems {
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
}

/**
 * The page's recent requests, kept so that a failed scenario can say what the page was waiting
 * for: a flake on a loaded machine is otherwise only "timeout exceeded".
 */
class RequestTrail {
  private readonly pending = new Map<Request, number>();
  private readonly done: string[] = [];

  constructor(page: Page) {
    page.on('request', (request) => this.pending.set(request, Date.now()));
    // The response may be gone already when the context closes: the request is then left out.
    page.on('requestfinished', (request) => void request.response().then((response) => this.finish(request, String(response?.status() ?? '?')), () => undefined));
    page.on('requestfailed', (request) => this.finish(request, `failed (${request.failure()?.errorText ?? 'unknown'})`));
  }

  private static label(request: Request): string {
    const url = new URL(request.url());
    let operation = '';
    try {
      const body = request.postDataJSON() as { operationName?: string } | null;
      if (body?.operationName) operation = ` ${body.operationName}`;
    } catch {
      // Not JSON: a form or a file.
    }
    return `${request.method()} ${url.pathname}${operation}`;
  }

  private finish(request: Request, outcome: string): void {
    const started = this.pending.get(request);
    this.pending.delete(request);
    if (request.resourceType() !== 'fetch' && request.resourceType() !== 'document') return;
    this.done.push(`${RequestTrail.label(request)} → ${outcome} in ${started === undefined ? '?' : Date.now() - started} ms`);
    if (this.done.length > 15) this.done.shift();
  }

  describe(): string {
    const now = Date.now();
    const waiting = [...this.pending].map(([request, started]) => `${RequestTrail.label(request)}, ${now - started} ms so far`);
    return [`still waiting for: ${waiting.join('; ') || 'nothing'}`, 'last answered:', ...this.done.map((line) => `  ${line}`)].join('\n');
  }
}

/** A page in its own context (own cookies), recording every console error and page error. */
export async function openPage(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page; problems: PageProblems; trail: RequestTrail }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 1000 }, deviceScaleFactor: 1, locale: 'en-GB' });
  const page = await context.newPage();
  const problems: PageProblems = { errors: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') problems.errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.errors.push(`pageerror: ${error.message}`));
  return { context, page, problems, trail: new RequestTrail(page) };
}

/**
 * What the page showed when a scenario failed, added to the failure's message, with a screenshot
 * beside the others (`failed-<time>.png`): its address, the start of its text, its requests.
 */
async function describeFailure(page: Page, trail: RequestTrail, problems: PageProblems): Promise<string> {
  const text = await page.locator('body').innerText({ timeout: 2_000 }).catch(() => '(no text)');
  const shot = await saveScreenshot(page, `failed-${new Date().toISOString().replace(/[:.]/g, '-')}`).catch(() => '(none)');
  return [
    '', '--- the page when it failed',
    `at: ${page.url()}`,
    `text: ${text.replace(/\s+/g, ' ').slice(0, 600)}`,
    `errors: ${problems.errors.join(' | ') || 'none'}`,
    trail.describe(),
    `screenshot: ${shot}`,
  ].join('\n');
}

export async function saveScreenshot(page: Page, name: string): Promise<string> {
  await mkdir(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

export const demoPassword = 'spendscope-demo';

export async function signIn(page: Page, email: string, password = demoPassword): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Picks the option named `name` in a combobox whose search has focus, with ↓ until the option
 * `aria-activedescendant` points at is that one, then Enter; fails if it never gets there.
 */
export async function pickActiveOption(page: Page, search: Locator, name: string, maxSteps = 20): Promise<void> {
  const activeText = () => search.evaluate((input) => document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent ?? '');
  for (let i = 0; i < maxSteps && !(await activeText()).includes(name); i++) await page.keyboard.press('ArrowDown');
  expect(await activeText()).toContain(name);
  // Focus stays in the search box while the arrow keys move through the matches.
  expect(await search.evaluate((input) => input === document.activeElement)).toBe(true);
  await page.keyboard.press('Enter');
}

/** `text` as a regular expression matching itself, for accessible names that hold names from the data. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Parses a full money figure such as `€1,234,567.89` (or `-€12.50`) into a number. */
export function parseMoney(text: string | null): number {
  if (!text) return Number.NaN;
  const negative = text.includes('-') || text.includes('−');
  const digits = text.replace(/[^0-9.]/g, '');
  return (negative ? -1 : 1) * Number(digits);
}

/** The overview's total spend as shown in full in the tile's title. */
export async function totalSpend(page: Page): Promise<{ text: string; value: number }> {
  const tile = page.getByTestId('kpi-total-spend-value');
  await tile.waitFor();
  const text = (await tile.getAttribute('title')) ?? '';
  return { text, value: parseMoney(text) };
}

/** Waits until the dashboard has finished loading (no skeletons, no refresh in flight). */
export async function waitForDashboard(page: Page): Promise<void> {
  await page.getByTestId('kpi-total-spend-value').waitFor();
  await page.waitForFunction(() => !document.querySelector('.dashboard[aria-busy="true"]'));
}

/** Where the shared public datasets sit: beside the repository, as in CI's checkout. */
export const datasetsDir = path.join(repoRoot, '..', 'shared', 'datasets');

/**
 * One browser-test file's setup: a real server on a fresh seeded database and one Chromium,
 * started before and closed after the file's tests. `withPage` runs a scenario in a fresh
 * context and fails on any console or page error except the exact ones the scenario expects.
 */
export function browserSuite(serverOptions: Parameters<typeof startTestServer>[0] = {}) {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startTestServer(serverOptions);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    get server(): TestServer {
      if (!server) throw new Error('browserSuite: the server is not started yet');
      return server;
    },
    async withPage(scenario: (page: Page, problems: PageProblems) => Promise<void>, expectedErrors: readonly string[] = []) {
      const { context, page, problems, trail } = await openPage(browser!, server!.url);
      try {
        await scenario(page, problems);
      } catch (error) {
        if (error instanceof Error) error.message += await describeFailure(page, trail, problems);
        throw error;
      } finally {
        await context.close();
      }
      expect(problems.errors.filter((error) => !expectedErrors.includes(error))).toEqual([]);
    },
  };
}

/** A GraphQL call with the page's session cookie, independent of the console's own code. */
export async function graphqlAs<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await page.request.post('/graphql', { data: { query, variables } });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data?: T; errors?: unknown[] };
  expect(body.errors).toBeUndefined();
  return body.data as T;
}

/** Signs in and waits for the overview to open. */
export async function signInAs(page: Page, email: string): Promise<void> {
  await signIn(page, email);
  await page.waitForURL((url) => url.pathname === '/');
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

let axeSource: Promise<string> | null = null;

/**
 * Runs axe-core on the page as it is and returns the serious and critical violations, readably
 * (docs/accessibility.md). Evaluated through the DevTools protocol, not as an inline <script>: the
 * console's Content-Security-Policy (script-src 'self') rightly blocks inline scripts.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  const source = await axeSource;
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations as AxeViolation[];
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.length} node(s), e.g. ${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ')}`);
}

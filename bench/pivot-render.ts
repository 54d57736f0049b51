/**
 * How long the browser takes to render a large pivot once its data has arrived, in headless
 * Chromium over 200,000 demo lines, two pivots: rows SUPPLIER › QUARTER and column YEAR × 5
 * measures (≥ 10,000 rows × ≥ 20 columns), and a 2 × 2 pivot, rows CATEGORY_L2 › BUSINESS_UNIT under
 * columns YEAR › QUARTER (each year's quarters, its subtotal, the grand total) × 2 measures, about
 * 20,000 cells. Reads the performance marks the explorer sets: `pivot:data` (cube result
 * in hand), `pivot:committed` (first virtual rows in the DOM), `pivot:painted` (the frame after),
 * and the long tasks (> 50 ms, the page unresponsive) from navigation to the painted frame.
 * Measures, never fails on time.
 * Usage: npm run build && node --import tsx bench/pivot-render.ts
 */
import { launchBrowser, openPage, signIn } from '../client/e2e/browser.js';
import { startTestServer } from '../server/test/harness.js';
import { percentile, printTable } from './stats.js';

const LINES = Number(process.env.BENCH_LINES ?? 200_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PIVOTS = [
  { name: 'SUPPLIER › QUARTER × YEAR, 5 measures', url: '/explore?rows=SUPPLIER,QUARTER&col=YEAR&m=SPEND,LINE_COUNT,ON_CONTRACT_SPEND,OFF_CONTRACT_SPEND,AVG_LINE&from=2000-01-01&to=2100-12-31' },
  { name: '2 × 2: CATEGORY_L2 › BUSINESS_UNIT × YEAR › QUARTER, 2 measures', url: '/explore?rows=CATEGORY_L2,BUSINESS_UNIT&col=YEAR,QUARTER&m=SPEND,LINE_COUNT&from=2000-01-01&to=2100-12-31' },
];

interface Sample {
  fetchMs: number;
  commitMs: number;
  paintMs: number;
  rows: number;
  columns: number;
  scrollFrameMs: number;
  longestTaskMs: number;
  longTasks: number;
}

// Collects long tasks from the start of each page load (a string: see below).
const observeLongTasks = `window.__longTasks = []; new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });`;

const measureInPage = `(async () => {
  const at = (name) => performance.getEntriesByName(name)[0]?.startTime ?? Number.NaN;
  const grid = document.querySelector('[data-testid="pivot-grid"]');
  // One scroll jump into the middle and to the far right: time to the second painted frame.
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const scrollStart = performance.now();
  grid?.scrollTo(grid.scrollWidth, grid.scrollHeight / 2);
  await frame();
  await frame();
  // Long tasks from the data's arrival to the painted frame: the render of the grid itself.
  const tasks = (window.__longTasks ?? []).filter(([start, duration]) => start + duration >= at('pivot:data') && start <= at('pivot:painted'));
  return {
    longestTaskMs: Math.max(0, ...tasks.map(([, duration]) => duration)),
    longTasks: tasks.length,
    fetchMs: at('pivot:data'),
    commitMs: at('pivot:committed') - at('pivot:data'),
    paintMs: at('pivot:painted') - at('pivot:data'),
    rows: Number(grid?.getAttribute('aria-rowcount') ?? 0),
    columns: Number(grid?.getAttribute('aria-colcount') ?? 0),
    scrollFrameMs: performance.now() - scrollStart,
  };
})()`;

console.log(`Seeding ${LINES.toLocaleString('en-GB')} demo lines…`);
const server = await startTestServer({ lines: LINES });
const browser = await launchBrowser();
try {
  const { page, problems } = await openPage(browser, server.url);
  await signIn(page, 'analyst@spendscope.test');
  await page.waitForURL((url) => url.pathname === '/');

  await page.addInitScript(observeLongTasks);
  for (const pivot of PIVOTS) {
    const samples: Sample[] = [];
    for (let run = 0; run < RUNS + 1; run++) {
      await page.goto(pivot.url);
      await page.waitForFunction(() => performance.getEntriesByName('pivot:painted').length > 0, undefined, { timeout: 120_000 });
      // A string, not a function: tsx would wrap named helpers in `__name`, which the page lacks.
      const sample = (await page.evaluate(measureInPage)) as Sample;
      if (run > 0) samples.push(sample); // the first run warms caches and the JIT
    }

    const median = (pick: (s: Sample) => number) => percentile(samples.map(pick), 50);
    const max = (pick: (s: Sample) => number) => Math.max(...samples.map(pick));
    // Body rows and value columns (the grid's counts less its header row, grand total row and label column).
    const cells = (samples[0].rows - 2) * (samples[0].columns - 1);
    console.log(`\n${pivot.name}: ${samples[0].rows.toLocaleString('en-GB')} grid rows × ${samples[0].columns} columns = ${cells.toLocaleString('en-GB')} value cells, ${RUNS} runs (after 1 warm-up)\n`);
    printTable(
      ['measure', 'median ms', 'max ms'],
      [
        ['navigation → data arrived (network + server)', median((s) => s.fetchMs), max((s) => s.fetchMs)],
        ['data arrived → rows committed (build tree + render)', median((s) => s.commitMs), max((s) => s.commitMs)],
        ['data arrived → first frame painted', median((s) => s.paintMs), max((s) => s.paintMs)],
        ['longest task, data arrived → painted (page unresponsive)', median((s) => s.longestTaskMs), max((s) => s.longestTaskMs)],
        ['long tasks (> 50 ms), data arrived → painted (count)', median((s) => s.longTasks), max((s) => s.longTasks)],
        ['scroll jump (middle, far right) → 2 frames', median((s) => s.scrollFrameMs), max((s) => s.scrollFrameMs)],
      ],
    );
  }
  if (problems.errors.length) console.log('\nConsole errors:', problems.errors);
} finally {
  await browser.close();
  await server.close();
}

import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../server/test/csv-parse.js';
import { toCents } from '../../server/test/expected.js';
import { browserSuite, graphqlAs, saveScreenshot, signInAs } from './browser.js';
import { unzipEntry } from '../../server/test/zip-entry.js';

/**
 * Issue 13, "Done means": finance builds the business unit × category (level 1) × month pivot in
 * the explorer, exports it "as shown" as XLSX and CSV, and every figure of both files ties to the
 * API to the cent (leaf cells summed here in integer cents, and the engine's own subtotals), while
 * the files' header and row order are the grid's.
 */

const suite = browserSuite();

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].map((m) => `${m} 2025`);
const PERIOD = { dateFrom: '2025-01-01', dateTo: '2025-12-31' };
/** The grid's row height (DataTable's default), to know which row the top of the view shows. */
const ROW_HEIGHT = 34;
/** An exact amount with two decimals, as the engine writes it. */
const DECIMAL_2 = /^-?\d+\.\d{2}$/;

type Cents = bigint | null;

interface CubeKey {
  dimension: string;
  id: string | null;
  label: string;
}
interface Cube {
  currency: string;
  truncated: boolean;
  rows: { keys: CubeKey[]; values: (string | null)[]; depth: number }[];
  totals: { values: (string | null)[] };
}

const CUBE_FIELDS = 'currency truncated rows { keys { dimension id label } values depth } totals { values }';

/** A table of the export as text: header row, then one row per pivot row; figures as decimal text, '' for none. */
type Table = string[][];

const grid = (page: Page) => page.getByTestId('pivot-grid');

async function waitForGrid(page: Page) {
  await grid(page).waitFor();
  await page.waitForFunction(() => !document.querySelector('.explorer__result[aria-busy="true"]'));
}

const cents = (text: string): Cents => (text === '' ? null : toCents(text));

/** A figure as the grid shows it in full (`€1,234.56`, `-€0.50`; `—` for none), as integer cents. */
function screenCents(text: string): Cents {
  if (text === '—') return null;
  expect(text, `a full money figure on screen: ${text}`).toMatch(/^[-−]?€[\d,]+\.\d{2}$/);
  const digits = BigInt(text.replace(/[^\d]/g, ''));
  return /^[-−]/.test(text) ? -digits : digits;
}

const unescapeXml = (text: string) =>
  text.replace(/&(lt|gt|quot|apos|amp);/g, (_, entity: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[entity]!);

function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + ch.charCodeAt(0) - 64;
  return n - 1;
}

/** A worksheet's cells as text, from its XML: numbers as the exact `<v>` text, inline strings unescaped. */
function sheetCells(xml: string): Map<number, string[]> {
  const rows = new Map<number, string[]>();
  for (const m of xml.matchAll(/<c r="([A-Z]+)(\d+)"([^>]*?)(?:\/>|>(.*?)<\/c>)/g)) {
    const [, letters, rowText, attributes, body = ''] = m;
    const text = attributes.includes('t="inlineStr"')
      ? unescapeXml(/<t[^>]*>(.*?)<\/t>/s.exec(body)?.[1] ?? '')
      : (/<v>(.*?)<\/v>/.exec(body)?.[1] ?? '');
    const row = rows.get(Number(rowText)) ?? [];
    row[columnIndex(letters)] = text;
    rows.set(Number(rowText), row);
  }
  return rows;
}

async function download(page: Page, testId: string): Promise<{ download: Download; body: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  expect(await file.failure()).toBeNull();
  return { download: file, body: await readFile((await file.path())!) };
}

interface ScreenRow {
  index: number;
  kind: string;
  /** The row's path of labels (`Unit › Category`), from the label's title. */
  trail: string;
  /** Figure per aria-colindex (2 = first column member), as full money text. */
  cells: Record<number, string>;
}

/** What the grid renders now: header titles by column index, and the body and footer rows. */
async function renderedGrid(page: Page) {
  return grid(page).evaluate((el) => {
    const header: Record<number, { group: string; label: string }> = {};
    for (const h of el.querySelectorAll<HTMLElement>('.data-table__head [role="columnheader"]')) {
      header[Number(h.getAttribute('aria-colindex'))] = {
        group: h.querySelector('.data-table__header-group')?.textContent ?? '',
        label: h.querySelector('.data-table__header-label')?.textContent ?? '',
      };
    }
    const read = (row: HTMLElement) => {
      const cells: Record<number, string> = {};
      for (const cell of row.querySelectorAll<HTMLElement>('[role="gridcell"]')) {
        const index = Number(cell.getAttribute('aria-colindex'));
        // Compact cells show `€1.2M` and carry the full figure in their title.
        if (index > 1) cells[index] = cell.querySelector<HTMLElement>('[title]')?.title ?? cell.textContent ?? '';
      }
      const kind = /pivot-row--(\w+)/.exec(row.className)?.[1] ?? '';
      const trail = kind === 'total' ? 'Grand total' : (row.querySelector<HTMLElement>('.data-table__cell--pinned [title]')?.title ?? '');
      return { index: Number(row.getAttribute('aria-rowindex')), kind, trail, cells };
    };
    return {
      header,
      rows: [...el.querySelectorAll<HTMLElement>('.data-table__body [role="row"]')].map(read),
      footer: read(el.querySelector<HTMLElement>('.data-table__foot')!),
      rowCount: Number(el.getAttribute('aria-rowcount')),
      colCount: Number(el.getAttribute('aria-colcount')),
    };
  });
}

/**
 * Every row and column of the virtualised grid, read by scrolling it down (and across, if its
 * columns do not all fit) a screenful at a time; rows by aria-rowindex, merged.
 */
async function wholeGrid(page: Page) {
  const rows = new Map<number, ScreenRow>();
  const header = new Map<number, { group: string; label: string }>();
  let first: Awaited<ReturnType<typeof renderedGrid>> | null = null;
  const metrics = () => grid(page).evaluate((el) => ({ height: el.clientHeight, scrollHeight: el.scrollHeight, width: el.clientWidth, scrollWidth: el.scrollWidth }));
  const scrollTo = async (top: number, left: number) => {
    await grid(page).evaluate((el, at) => el.scrollTo(at.left, at.top), { top, left });
    // The virtualiser re-renders on the scroll event: two frames, then until the row at the top of the view is rendered.
    await grid(page).evaluate(async (el, rowHeight) => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      await frame();
      await frame();
      const want = String(Math.floor(el.scrollTop / rowHeight) + 2);
      const rendered = () => [...el.querySelectorAll('.data-table__body [role="row"]')].some((row) => row.getAttribute('aria-rowindex') === want);
      for (let n = 0; n < 120 && !rendered(); n++) await frame();
    }, ROW_HEIGHT);
  };
  const m = await metrics();
  const lefts = m.scrollWidth > m.width ? [0, m.scrollWidth - m.width] : [0];
  for (let top = 0; ; top += m.height - 2 * ROW_HEIGHT) {
    for (const left of lefts) {
      await scrollTo(top, left);
      const now = await renderedGrid(page);
      first ??= now;
      for (const [index, h] of Object.entries(now.header)) header.set(Number(index), h);
      for (const row of [...now.rows, now.footer]) rows.set(row.index, { ...row, cells: { ...rows.get(row.index)?.cells, ...row.cells } });
    }
    if (top + m.height >= m.scrollHeight) break;
  }
  await scrollTo(0, 0);
  return { first: first!, header, rows: [...rows.values()].sort((a, b) => a.index - b.index) };
}

describe('finance exports the units × categories × months pivot as shown', () => {
  it('XLSX and CSV hold every cell, subtotal and total of the API to the cent, in the grid’s layout', async () => {
    await suite.withPage(async (page) => {
      await signInAs(page, 'finance@spendscope.test');
      await page.locator('nav[aria-label="Main"]').getByRole('link', { name: /^Explore/ }).click();
      await page.waitForURL((url) => url.pathname === '/explore');

      // Through the panel: the year 2025, rows Business unit › Category (level 1), months across, Spend only, subtotals on.
      await page.getByTestId('preset-year-2025').click();
      await page.waitForURL((url) => url.searchParams.get('from') === PERIOD.dateFrom && url.searchParams.get('to') === PERIOD.dateTo);
      await page.getByRole('button', { name: 'Move Business unit up' }).click();
      await page.getByTestId('column-dimension').selectOption('MONTH');
      await page.getByTestId('measures').getByLabel('Lines').click();
      await page.waitForURL((url) =>
        url.searchParams.get('rows') === 'BUSINESS_UNIT,CATEGORY_L1' && url.searchParams.get('col') === 'MONTH' && url.searchParams.get('m') === 'SPEND');
      await waitForGrid(page);
      const panelRows = () => page.getByTestId('row-dimensions').locator('li').evaluateAll((items) => items.map((li) => li.querySelector('span')?.textContent ?? ''));
      await expect.poll(panelRows).toEqual(['Business unit', 'Category (level 1)']);
      expect(await page.getByTestId('column-dimension').inputValue()).toBe('MONTH');
      expect(await page.getByTestId('subtotals').isChecked()).toBe(true);
      const checkedMeasures = await page.getByTestId('measures').locator('label.check-row').evaluateAll((labels) =>
        labels.filter((l) => l.querySelector('input')?.checked).map((l) => l.textContent));
      expect(checkedMeasures).toEqual(['Spend']);
      expect(await page.getByTestId('export-layout').inputValue()).toBe('shown');
      const url = new URL(page.url());
      expect(url.searchParams.has('sort') || url.searchParams.has('lsort') || url.searchParams.has('top')).toBe(false);

      // The API, with the page's session: every leaf cell, and the engine's own unit × month subtotals and month totals.
      const api = await graphqlAs<{ leaves: Cube; units: Cube; months: Cube }>(
        page,
        `query ($leaves: SpendCubeQuery!, $units: SpendCubeQuery!, $months: SpendCubeQuery!) {
          leaves: spendCube(query: $leaves) { ${CUBE_FIELDS} }
          units: spendCube(query: $units) { ${CUBE_FIELDS} }
          months: spendCube(query: $months) { ${CUBE_FIELDS} }
        }`,
        {
          leaves: { dimensions: ['BUSINESS_UNIT', 'CATEGORY_L1', 'MONTH'], measures: ['SPEND'], filter: PERIOD, limit: 50_000 },
          units: { dimensions: ['BUSINESS_UNIT', 'MONTH'], measures: ['SPEND'], filter: PERIOD, subtotals: true, limit: 50_000 },
          months: { dimensions: ['MONTH'], measures: ['SPEND'], filter: PERIOD, limit: 50_000 },
        },
      );
      for (const cube of [api.leaves, api.units, api.months]) {
        expect(cube.truncated).toBe(false);
        expect(cube.currency).toBe('EUR');
        for (const r of cube.rows) expect(r.values[0]).toMatch(DECIMAL_2);
      }

      // Expected figures, summed here in integer cents from the leaves.
      const monthIds = [...new Set(api.leaves.rows.map((r) => r.keys[2].id!))].sort();
      const monthLabel = new Map(api.leaves.rows.map((r) => [r.keys[2].id!, r.keys[2].label]));
      expect(monthIds.map((id) => monthLabel.get(id))).toEqual(MONTHS);
      const units = new Map<string, { label: string; cells: Map<string, bigint>; total: bigint; cats: Map<string, { label: string; cells: Map<string, bigint>; total: bigint }> }>();
      const monthTotals = new Map<string, bigint>();
      let grand = 0n;
      for (const r of api.leaves.rows) {
        expect(r.depth).toBe(3);
        const [bu, cat, month] = r.keys;
        const value = toCents(r.values[0]!);
        const unit = units.get(String(bu.id)) ?? { label: bu.label, cells: new Map(), total: 0n, cats: new Map() };
        units.set(String(bu.id), unit);
        const category = unit.cats.get(String(cat.id)) ?? { label: cat.label, cells: new Map(), total: 0n };
        unit.cats.set(String(cat.id), category);
        expect(category.cells.has(month.id!)).toBe(false);
        category.cells.set(month.id!, value);
        category.total += value;
        unit.cells.set(month.id!, (unit.cells.get(month.id!) ?? 0n) + value);
        unit.total += value;
        monthTotals.set(month.id!, (monthTotals.get(month.id!) ?? 0n) + value);
        grand += value;
      }
      // The engine's own subtotals agree with the sums (a second, independent reading of the API).
      expect(toCents(api.leaves.totals.values[0]!)).toBe(grand);
      expect(toCents(api.units.totals.values[0]!)).toBe(grand);
      for (const r of api.units.rows) {
        const unit = units.get(String(r.keys[0].id));
        if (r.depth === 1) expect(toCents(r.values[0]!), r.keys[0].label).toBe(unit?.total);
        else expect(toCents(r.values[0]!), `${r.keys[0].label} ${r.keys[1].label}`).toBe(unit?.cells.get(r.keys[1].id!));
      }
      expect(api.units.rows.filter((r) => r.depth === 1)).toHaveLength(units.size);
      expect(new Map(api.months.rows.map((r) => [r.keys[0].id!, toCents(r.values[0]!)]))).toEqual(monthTotals);

      // What each exported row must hold, keyed by its labels: [unit, 'Total'] for a subtotal, [unit, category], ['Grand total', ''].
      const line = (cells: Map<string, bigint>, total: bigint): Cents[] => [...monthIds.map((m) => cells.get(m) ?? null), total];
      const expectedRows = new Map<string, Cents[]>();
      for (const unit of units.values()) {
        expectedRows.set(JSON.stringify([unit.label, 'Total']), line(unit.cells, unit.total));
        for (const cat of unit.cats.values()) expectedRows.set(JSON.stringify([unit.label, cat.label]), line(cat.cells, cat.total));
      }
      expectedRows.set(JSON.stringify(['Grand total', '']), line(monthTotals, grand));
      // Labels must tell rows apart for the comparison to mean anything.
      expect(expectedRows.size).toBe(1 + units.size + [...units.values()].reduce((n, u) => n + u.cats.size, 0));

      // The screen: every row (scrolling the virtualised grid), its header, its figures in full.
      const screen = await wholeGrid(page);
      expect(screen.rows).toHaveLength(screen.first.rowCount - 1);
      expect([...screen.header.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: screen.first.colCount }, (_, i) => i + 1));
      const screenHeader = [...screen.header.entries()].sort(([a], [b]) => a - b).map(([, h]) => h);
      expect(screenHeader[0].label).toBe('Rows');
      expect(screenHeader.slice(1).map((h) => h.label)).toEqual(screenHeader.slice(1).map(() => 'Spend'));
      const screenColumns = screenHeader.slice(1).map((h) => h.group);
      expect(screenColumns).toEqual([...MONTHS, 'Total']);
      // Every figure on screen is the API's too.
      const screenTable: { labels: string[]; kind: string; figures: Cents[] }[] = screen.rows.map((r) => {
        const trail = r.trail.split(' › ');
        const labels = r.kind === 'group' ? [trail[0], 'Total'] : r.kind === 'total' ? ['Grand total', ''] : trail;
        return { labels, kind: r.kind, figures: screenColumns.map((_, i) => screenCents(r.cells[i + 2] ?? '')) };
      });
      for (const r of screenTable) expect(r.figures, `screen row ${r.labels.join(' › ')}`).toEqual(expectedRows.get(JSON.stringify(r.labels)));
      expect(screenTable.map((r) => r.kind)).toEqual([...screenTable.slice(0, -1).map((r) => (r.labels[1] === 'Total' ? 'group' : 'detail')), 'total']);
      const screenOrder = screenTable.map((r) => JSON.stringify(r.labels));
      expect(new Set(screenOrder)).toEqual(new Set(expectedRows.keys()));
      // Groups read largest first (no sort chosen): units by total spend, categories by theirs within a unit.
      const totals = (rows: typeof screenTable) => rows.map((r) => r.figures.at(-1)!);
      const nonIncreasing = (values: bigint[]) => values.every((v, i) => i === 0 || values[i - 1] >= v);
      expect(nonIncreasing(totals(screenTable.filter((r) => r.kind === 'group')))).toBe(true);
      for (const unit of units.values()) expect(nonIncreasing(totals(screenTable.filter((r) => r.kind === 'detail' && r.labels[0] === unit.label))), unit.label).toBe(true);

      // The panel's row dimensions, then the grid's column headers, in the server's words.
      // The file names its row dimensions as the panel does.
      const expectedHeader = [...(await panelRows()), ...screenColumns];
      expect(expectedHeader).not.toContain(undefined);

      /** A file's table checked against the screen's layout and the API's figures. */
      const checkTable = (name: string, table: Table) => {
        expect(table[0], `${name} header`).toEqual(expectedHeader);
        const body = table.slice(1);
        expect(body.map((r) => JSON.stringify(r.slice(0, 2))), `${name} rows in the grid's order`).toEqual(screenOrder);
        for (const r of body) {
          expect(r, `${name} row width`).toHaveLength(expectedHeader.length);
          for (const v of r.slice(2)) expect(v === '' || DECIMAL_2.test(v), `${name} exact figure "${v}"`).toBe(true);
          expect(r.slice(2).map(cents), `${name} ${r.slice(0, 2).join(' › ')}`).toEqual(expectedRows.get(JSON.stringify(r.slice(0, 2))));
        }
      };

      await saveScreenshot(page, 'finance-export-pivot');

      // CSV from the export controls: UTF-8 with a byte order mark, CRLF line ends, exact decimals.
      const csv = await download(page, 'export-csv');
      expect(csv.download.suggestedFilename()).toMatch(/\.csv$/);
      expect([...csv.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const csvText = csv.body.toString('utf8');
      expect(csvText.endsWith('\r\n')).toBe(true);
      expect(/[^\r]\n|\r[^\n]/.test(csvText)).toBe(false);
      const csvTable = parseCsv(csvText);
      expect(csvTable).toHaveLength(expectedRows.size + 1);
      checkTable('CSV', csvTable);

      // XLSX from the same controls: the same table, from the sheet's own XML (exact decimal text), and its structure.
      const xlsx = await download(page, 'export-xlsx');
      expect(xlsx.download.suggestedFilename()).toMatch(/\.xlsx$/);
      const cells = sheetCells(unzipEntry(xlsx.body, 'xl/worksheets/sheet1.xml'));
      const rowNumbers = [...cells.keys()].sort((a, b) => a - b);
      const headerRow = rowNumbers.find((n) => cells.get(n)![0] === expectedHeader[0])!;
      expect(headerRow).toBeGreaterThan(1);
      const lastRow = rowNumbers.at(-1)!;
      const xlsxTable = Array.from({ length: lastRow - headerRow + 1 }, (_, i) =>
        Array.from({ length: expectedHeader.length }, (__, c) => cells.get(headerRow + i)?.[c] ?? ''));
      expect(xlsxTable).toHaveLength(expectedRows.size + 1);
      checkTable('XLSX', xlsxTable);
      expect(xlsxTable).toEqual(csvTable);

      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.body as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet('Pivot')!;
      expect(String(sheet.getCell('A2').value)).toContain('Period: 2025-01-01 to 2025-12-31');
      // Frozen: the header rows and the two label columns.
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', xSplit: 2, ySplit: headerRow });
      // An autofilter over the whole table, header to grand total.
      const lastColumn = String.fromCharCode(64 + expectedHeader.length);
      expect(sheet.autoFilter).toBe(`A${headerRow}:${lastColumn}${lastRow}`);
      // Outline: units' subtotals and the grand total at the top, their categories one level in, summary rows above.
      expect(sheet.properties.outlineLevelRow).toBe(1);
      expect(sheet.properties.outlineProperties).toMatchObject({ summaryBelow: false });
      for (let n = headerRow + 1; n <= lastRow; n++) {
        const row = sheet.getRow(n);
        const detail = row.getCell(1).value !== 'Grand total' && row.getCell(2).value !== 'Total';
        expect(row.outlineLevel ?? 0, `outline of row ${n}`).toBe(detail ? 1 : 0);
        expect(Boolean(row.font?.bold), `bold row ${n}`).toBe(!detail);
        expect(row.getCell(expectedHeader.length).numFmt).toContain('€');
      }
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/store/sql.js';
import type { Row } from '../src/store/store.js';
import { businessUnitTree, centsToString, quotientToString, rawLines, toCents, userScope, categoryTree, type RawLine } from './expected.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { startTestServer, type TestServer } from './harness.js';

/**
 * The cube completed (docs/domain.md, "The spend cube"): CATEGORY_L4, fiscal periods, QUANTITY,
 * the previous period and CHANGE, emissions, "not in" member filters and text search. Every
 * expected figure is computed here with plain SQL or plain arithmetic over the raw rows.
 */

const CUBE = `query Cube($q: SpendCubeQuery!) {
  spendCube(query: $q) {
    truncated
    columns { measure kind unit currency }
    rows { depth values keys { dimension id label rolledUp } }
    totals { values }
    period { dateFrom dateTo }
    previousPeriod { dateFrom dateTo months days }
  }
}`;
const LINES = `query($f: SpendFilter) { spendLines(filter: $f, page: { limit: 1 }) { totalCount totalAmount } }`;

interface Key { dimension: string; id: string | null; label: string; rolledUp: boolean }
interface CubeRow { depth: number; values: (string | null)[]; keys: Key[] }
interface Cube {
  truncated: boolean;
  columns: Array<{ measure: string; kind: string; unit: string | null; currency: string | null }>;
  rows: CubeRow[];
  totals: { values: (string | null)[] };
  period: { dateFrom: string; dateTo: string } | null;
  previousPeriod: { dateFrom: string; dateTo: string; months: number | null; days: number | null } | null;
}
interface LinePage { spendLines: { totalCount: number; totalAmount: string } }

let server: TestServer;
let finance: GraphQLClient;

async function cube(client: GraphQLClient, q: Record<string, unknown>): Promise<Cube> {
  const data = await client.ok<{ spendCube: Cube }>(CUBE, { q: { limit: 50_000, ...q } });
  expect(data.spendCube.truncated).toBe(false);
  return data.spendCube;
}

/** `a|b` for a row's keys, `*` for a rolled-up key and `null` for a missing one. */
const rowKey = (r: CubeRow) => r.keys.map((k) => (k.rolledUp ? '*' : (k.id ?? 'null'))).join('|');

async function query<T extends Row>(text: ReturnType<typeof sql>): Promise<T[]> {
  return server.store.query<T>(text, { name: 'test.expected' });
}

beforeAll(async () => {
  server = await startTestServer();
  finance = await GraphQLClient.signedIn(server.url, DEMO.finance);
});
afterAll(() => server?.close());

describe('CATEGORY_L4 and QUANTITY, with engine subtotals', () => {
  it('keys lines by their fourth-level category, null above level 4, with exact distinct counts per level', async () => {
    // The demo taxonomy has three levels: give one leaf two children and move some of its lines there.
    const [leaf] = await query<{ id: number; l1_id: number; l2_id: number }>(
      sql`SELECT id, l1_id, l2_id FROM categories WHERE code = ${'IT.SW.SAAS'}`,
    );
    const [{ next }] = await query<{ next: number }>(sql`SELECT MAX(id) + 1 AS next FROM categories`);
    for (const [offset, code, name, naics] of [[0, 'IT.SW.SAAS.CRM', 'CRM', '562212'], [1, 'IT.SW.SAAS.HR', 'HR Systems', null]] as const) {
      const id = next + offset;
      await server.store.execute(
        sql`INSERT INTO categories (id, code, name, parent_id, level, l1_id, l2_id, l3_id, l4_id, naics_code)
            VALUES (${id}, ${code}, ${name}, ${leaf.id}, 4, ${leaf.l1_id}, ${leaf.l2_id}, ${leaf.id}, ${id}, ${naics})`,
        { name: 'test.setup' },
      );
      await server.store.execute(
        sql`UPDATE spend_lines SET category_id = ${id}, quantity = CAST(${offset + 2.5} AS DECIMAL(18,6)) WHERE category_id = ${leaf.id} AND id % 3 = ${offset}`,
        { name: 'test.setup' },
      );
    }

    const result = await cube(finance, { dimensions: ['CATEGORY_L3', 'CATEGORY_L4'], measures: ['SPEND', 'SUPPLIER_COUNT', 'QUANTITY'], subtotals: true });
    // Each level grouped on its own, so every distinct count is the database's, not a sum.
    const expected = new Map<string, (string | null)[]>();
    const put = (key: string, r: { spend: string | null; suppliers: string | number; quantity: string | null }) =>
      expected.set(key, [centsToString(toCents(String(r.spend ?? '0'))), String(r.suppliers), r.quantity === null ? null : Number(r.quantity).toFixed(6)]);
    type Agg = { l3: number | null; l4: number | null; spend: string | null; suppliers: string; quantity: string | null };
    const aggregates = sql`CAST(SUM(s.amount_reporting) AS VARCHAR) AS spend, COUNT(DISTINCT s.supplier_id) AS suppliers, CAST(SUM(s.quantity) AS VARCHAR) AS quantity`;
    for (const r of await query<Agg>(sql`SELECT c.l3_id AS l3, c.l4_id AS l4, ${aggregates} FROM spend_lines s LEFT JOIN categories c ON c.id = s.category_id GROUP BY 1, 2`)) {
      put(`${r.l3 ?? 'null'}|${r.l4 ?? 'null'}`, r);
    }
    for (const r of await query<Agg>(sql`SELECT c.l3_id AS l3, ${aggregates} FROM spend_lines s LEFT JOIN categories c ON c.id = s.category_id GROUP BY 1`)) {
      put(`${r.l3 ?? 'null'}|*`, r);
    }
    const [total] = await query<Agg>(sql`SELECT ${aggregates} FROM spend_lines s`);

    expect(result.rows.length).toBe(expected.size);
    for (const r of result.rows) expect(r.values, rowKey(r)).toEqual(expected.get(rowKey(r)));
    expect(result.totals.values).toEqual([centsToString(toCents(String(total.spend))), String(total.suppliers), Number(total.quantity).toFixed(6)]);
    const crm = result.rows.find((r) => r.keys[1].id === String(next))!;
    expect(crm.keys[1].label).toBe('CRM');
    expect(result.columns.map((c) => [c.measure, c.kind, c.unit])).toEqual([['SPEND', 'MONEY', null], ['SUPPLIER_COUNT', 'COUNT', null], ['QUANTITY', 'NUMBER', null]]);

    // Drill-down by a level-4 key gives exactly that cell's lines.
    const lines = await finance.ok<LinePage>(LINES, { f: { members: [{ dimension: 'CATEGORY_L4', ids: [String(next)] }] } });
    expect(lines.spendLines.totalAmount).toBe(crm.values[0]);
  });
});

describe('FISCAL_YEAR and FISCAL_QUARTER with an April fiscal start', () => {
  let april: TestServer;
  let client: GraphQLClient;
  beforeAll(async () => {
    april = await startTestServer({ lines: 10_000, env: { SPENDSCOPE_FISCAL_YEAR_START_MONTH: '4' } });
    client = await GraphQLClient.signedIn(april.url, DEMO.finance);
  });
  afterAll(() => april?.close());

  it('names fiscal years after the year they end in, and subtotals every fiscal year exactly', async () => {
    const data = await client.ok<{ spendCube: Cube }>(CUBE, {
      q: { dimensions: ['FISCAL_YEAR', 'FISCAL_QUARTER'], measures: ['SPEND', 'LINE_COUNT', 'SUPPLIER_COUNT'], subtotals: true, sort: [{ dimension: 'FISCAL_QUARTER', direction: 'ASC' }] },
    });
    const result = data.spendCube;
    // April 2025 – March 2026 is FY2026; April–June is its Q1.
    const month = sql`CAST(EXTRACT(MONTH FROM invoice_date) AS INTEGER)`;
    const year = sql`CAST(EXTRACT(YEAR FROM invoice_date) AS INTEGER)`;
    const fy = sql`CASE WHEN ${month} >= 4 THEN ${year} + 1 ELSE ${year} END`;
    const fq = sql`CASE WHEN ${month} BETWEEN 4 AND 6 THEN 1 WHEN ${month} BETWEEN 7 AND 9 THEN 2 WHEN ${month} BETWEEN 10 AND 12 THEN 3 ELSE 4 END`;
    const aggregates = sql`CAST(SUM(amount_reporting) AS VARCHAR) AS spend, COUNT(*) AS lines, COUNT(DISTINCT supplier_id) AS suppliers`;
    type Agg = { fy: number; fq?: number; spend: string; lines: string; suppliers: string };
    const values = (r: Agg) => [centsToString(toCents(r.spend)), String(r.lines), String(r.suppliers)];
    const expected = new Map<string, string[]>();
    const q = <T extends Row>(text: ReturnType<typeof sql>) => april.store.query<T>(text, { name: 'test.expected' });
    for (const r of await q<Agg>(sql`SELECT ${fy} AS fy, ${fq} AS fq, ${aggregates} FROM spend_lines GROUP BY 1, 2`)) expected.set(`${r.fy}|${r.fy}-Q${r.fq}`, values(r));
    for (const r of await q<Agg>(sql`SELECT ${fy} AS fy, ${aggregates} FROM spend_lines GROUP BY 1`)) expected.set(`${r.fy}|*`, values(r));
    expect(result.rows.length).toBe(expected.size);
    for (const r of result.rows) expect(r.values, rowKey(r)).toEqual(expected.get(rowKey(r)));

    const q1 = result.rows.find((r) => r.keys[1].id === '2026-Q1')!;
    expect(q1.keys.map((k) => k.label)).toEqual(['FY2026', 'FY2026 Q1']);
    // Sorted by the fiscal quarter: time order.
    const quarters = result.rows.filter((r) => r.depth === 2).map((r) => r.keys[1].id!);
    expect(quarters).toEqual([...quarters].sort());

    // A fiscal member filter selects the same lines, and "not in" the rest.
    const [{ spend, lines }] = await q<{ spend: string; lines: string }>(
      sql`SELECT CAST(SUM(amount_reporting) AS VARCHAR) AS spend, COUNT(*) AS lines FROM spend_lines WHERE invoice_date BETWEEN DATE '2025-04-01' AND DATE '2025-06-30'`,
    );
    const kept = await client.ok<LinePage>(LINES, { f: { members: [{ dimension: 'FISCAL_QUARTER', ids: ['2026-Q1'] }] } });
    expect([kept.spendLines.totalAmount, kept.spendLines.totalCount]).toEqual([centsToString(toCents(spend)), Number(lines)]);
    const rest = await client.ok<LinePage>(LINES, { f: { members: [{ dimension: 'FISCAL_QUARTER', ids: ['2026-Q1'], exclude: true }] } });
    const [{ n }] = await q<{ n: string }>(sql`SELECT COUNT(*) AS n FROM spend_lines`);
    expect(rest.spendLines.totalCount).toBe(Number(n) - Number(lines));
  });
});

describe('SPEND_PREVIOUS_PERIOD and CHANGE', () => {
  type Agg = { l1: number | null; m: string | null; spend: string | null; prev: string | null; lines: string; suppliers: string };
  /** Current and previous figures per key; `shifted` is the previous line's date moved into the period. */
  async function expectedRows(from: string, to: string, prevFrom: string, shifted: ReturnType<typeof sql>, withMonth: boolean) {
    const cur = sql`s.invoice_date BETWEEN CAST(${from} AS DATE) AND CAST(${to} AS DATE)`;
    const prev = sql`s.invoice_date BETWEEN CAST(${prevFrom} AS DATE) AND CAST(${from} AS DATE) - 1`;
    const month = sql`substr(CAST(CASE WHEN ${cur} THEN s.invoice_date ELSE ${shifted} END AS VARCHAR), 1, 7)`;
    const aggregates = sql`CAST(SUM(CASE WHEN ${cur} THEN s.amount_reporting END) AS VARCHAR) AS spend,
      CAST(SUM(CASE WHEN ${prev} THEN s.amount_reporting END) AS VARCHAR) AS prev,
      COUNT(CASE WHEN ${cur} THEN 1 END) AS lines, COUNT(DISTINCT CASE WHEN ${cur} THEN s.supplier_id END) AS suppliers`;
    const base = sql`FROM spend_lines s LEFT JOIN categories c ON c.id = s.category_id WHERE (${cur}) OR (${prev})`;
    const out = new Map<string, (string | null)[]>();
    const put = (key: string, r: Agg) => {
      const spend = toCents(r.spend ?? '0');
      const previous = toCents(r.prev ?? '0');
      out.set(key, [centsToString(spend), centsToString(previous), previous === 0n ? null : quotientToString(spend - previous, previous, 6), String(r.lines), String(r.suppliers)]);
    };
    if (withMonth) {
      for (const r of await query<Agg>(sql`SELECT c.l1_id AS l1, ${month} AS m, ${aggregates} ${base} GROUP BY 1, 2`)) put(`${r.l1 ?? 'null'}|${r.m}`, r);
      for (const r of await query<Agg>(sql`SELECT c.l1_id AS l1, ${aggregates} ${base} GROUP BY 1`)) put(`${r.l1 ?? 'null'}|*`, r);
    } else {
      for (const r of await query<Agg>(sql`SELECT c.l1_id AS l1, ${aggregates} ${base} GROUP BY 1`)) put(`${r.l1 ?? 'null'}`, r);
    }
    const [total] = await query<Agg>(sql`SELECT ${aggregates} ${base}`);
    put('total', total);
    return out;
  }
  const measures = ['SPEND', 'SPEND_PREVIOUS_PERIOD', 'CHANGE', 'LINE_COUNT', 'SUPPLIER_COUNT'];

  it('a year of whole months compares each month with the same month a year earlier, at every level', async () => {
    const result = await cube(finance, { dimensions: ['CATEGORY_L1', 'MONTH'], measures, subtotals: true, filter: { dateFrom: '2025-01-01', dateTo: '2025-12-31' } });
    expect(result.period).toEqual({ dateFrom: '2025-01-01', dateTo: '2025-12-31' });
    expect(result.previousPeriod).toEqual({ dateFrom: '2024-01-01', dateTo: '2024-12-31', months: 12, days: null });
    const expected = await expectedRows('2025-01-01', '2025-12-31', '2024-01-01', sql`s.invoice_date + INTERVAL '12 months'`, true);
    expect(result.rows.length).toBe(expected.size - 1);
    for (const r of result.rows) expect(r.values, rowKey(r)).toEqual(expected.get(rowKey(r)));
    expect(result.totals.values).toEqual(expected.get('total'));
    expect(result.rows.some((r) => r.values[1] !== '0.00' && r.values[2] !== null)).toBe(true);
  });

  it('any other range compares with as many days before it, time members shifted by those days', async () => {
    // 2025-03-10 … 2025-04-19 is 41 days; the previous period is 2025-01-28 … 2025-03-09.
    const result = await cube(finance, { dimensions: ['CATEGORY_L1', 'MONTH'], measures, subtotals: true, filter: { dateFrom: '2025-03-10', dateTo: '2025-04-19' } });
    expect(result.previousPeriod).toEqual({ dateFrom: '2025-01-28', dateTo: '2025-03-09', months: null, days: 41 });
    const expected = await expectedRows('2025-03-10', '2025-04-19', '2025-01-28', sql`s.invoice_date + 41`, true);
    expect(result.rows.length).toBe(expected.size - 1);
    for (const r of result.rows) expect(r.values, rowKey(r)).toEqual(expected.get(rowKey(r)));
    expect(result.totals.values).toEqual(expected.get('total'));
  });

  it('without dates the period is the span of the data, so the previous period is empty and CHANGE null', async () => {
    const result = await cube(finance, { dimensions: ['CATEGORY_L1'], measures });
    const [range] = await query<{ lo: string; hi: string }>(sql`SELECT CAST(MIN(invoice_date) AS VARCHAR) AS lo, CAST(MAX(invoice_date) AS VARCHAR) AS hi FROM spend_lines`);
    expect(result.period).toEqual({ dateFrom: range.lo, dateTo: range.hi });
    expect(result.totals.values[1]).toBe('0.00');
    expect(result.totals.values[2]).toBeNull();
    expect(result.rows.every((r) => r.values[1] === '0.00' && r.values[2] === null)).toBe(true);
  });

  it('a category manager compares only the lines of their scope', async () => {
    const catman = await GraphQLClient.signedIn(server.url, DEMO.catman);
    const scope = await userScope(server.store, DEMO.catman);
    const tree = await categoryTree(server.store);
    const lines = (await rawLines(server.store)).filter((l) => l.categoryId !== null && tree.isWithin(l.categoryId, scope.categories));
    const sum = (ls: RawLine[]) => ls.reduce((n, l) => n + l.cents, 0n);
    const current = sum(lines.filter((l) => l.invoiceDate >= '2025-07-01' && l.invoiceDate <= '2025-12-31'));
    const previous = sum(lines.filter((l) => l.invoiceDate >= '2025-01-01' && l.invoiceDate <= '2025-06-30'));
    const result = await cube(catman, { dimensions: [], measures: ['SPEND', 'SPEND_PREVIOUS_PERIOD', 'CHANGE'], filter: { dateFrom: '2025-07-01', dateTo: '2025-12-31' } });
    expect(result.totals.values).toEqual([centsToString(current), centsToString(previous), quotientToString(current - previous, previous, 6)]);
  });
});

describe('EMISSIONS_KG', () => {
  /** BLS CPI-U annual averages (docs/domain.md, "Emissions"), typed in here from the source, not read from the code. */
  const CPI: Record<number, bigint> = { 2015: 237017n, 2016: 240007n, 2017: 245120n, 2018: 251107n, 2019: 255657n, 2020: 258811n, 2021: 270970n, 2022: 292655n, 2023: 304702n, 2024: 313689n };
  const cpiOf = (year: number) => CPI[Math.min(2024, Math.max(2015, year))];
  const divHalfEven = (n: bigint, d: bigint) => {
    let q = n / d;
    const twice = (n % d) * 2n;
    if (twice > d || (twice === d && q % 2n === 1n)) q += 1n;
    return q;
  };
  /** Thousandths (factors, CPI) and millionths (rates) as integers. */
  const scaled = (value: string, places: number) => {
    const [whole, frac = ''] = value.split('.');
    return BigInt(whole) * 10n ** BigInt(places) + BigInt((frac + '0'.repeat(places)).slice(0, places) || '0');
  };

  it('converts spend at each month\'s USD rate and 2021 prices, times the factor of the nearest NAICS code, exact at every level', async () => {
    const cats = await query<{ id: number; parent_id: number | null; naics_code: string | null }>(sql`SELECT id, parent_id, naics_code FROM categories`);
    const factors = new Map((await query<{ naics_code: string; f: string }>(sql`SELECT naics_code, CAST(kg_co2e_per_usd AS VARCHAR) AS f FROM emission_factors`)).map((r) => [r.naics_code, scaled(r.f, 3)]));
    const usd = new Map((await query<{ m: string; r: string }>(sql`SELECT substr(CAST(month AS VARCHAR), 1, 7) AS m, CAST(rate_to_reporting AS VARCHAR) AS r FROM fx_rates WHERE currency = 'USD'`)).map((r) => [r.m, scaled(r.r, 6)]));
    const byId = new Map(cats.map((c) => [c.id, c]));
    const naicsOf = (id: number): string | null => {
      for (let c = byId.get(id); c; c = c.parent_id === null ? undefined : byId.get(c.parent_id)) if (c.naics_code) return c.naics_code;
      return null;
    };
    const tree = await categoryTree(server.store);
    const lines = await rawLines(server.store);

    // kg per EUR at 9 decimals: factor × CPI(2021) / (CPI(year) × USD rate), half-even; kilograms × 10^11 per line.
    const cells = new Map<string, { kg: bigint | null; unmapped: bigint; spend: bigint }>();
    for (const l of lines) {
      const naics = l.categoryId === null ? null : naicsOf(l.categoryId);
      const factor = naics === null ? undefined : factors.get(naics);
      const rate = usd.get(l.invoiceDate.slice(0, 7));
      const k = factor === undefined || rate === undefined ? null : divHalfEven(factor * CPI[2021] * 10n ** 12n, cpiOf(Number(l.invoiceDate.slice(0, 4))) * rate);
      const l1 = l.categoryId === null ? 'null' : String(tree.ancestorAt(l.categoryId, 1));
      for (const key of [`${l1}|${l.invoiceDate.slice(0, 4)}`, `${l1}|*`, 'total']) {
        const cell = cells.get(key) ?? { kg: null, unmapped: 0n, spend: 0n };
        cell.spend += l.cents;
        if (k === null) cell.unmapped += l.cents;
        else cell.kg = (cell.kg ?? 0n) + l.cents * k;
        cells.set(key, cell);
      }
    }
    const kgText = (kg: bigint | null) => {
      if (kg === null) return null;
      const tenths = kg < 0n ? -divHalfEven(-kg, 10n ** 10n) : divHalfEven(kg, 10n ** 10n);
      const abs = tenths < 0n ? -tenths : tenths;
      return `${tenths < 0n ? '-' : ''}${abs / 10n}.${abs % 10n}`;
    };
    const values = (key: string) => {
      const c = cells.get(key)!;
      return [centsToString(c.spend), kgText(c.kg), centsToString(c.unmapped)];
    };

    const result = await cube(finance, { dimensions: ['CATEGORY_L1', 'YEAR'], measures: ['SPEND', 'EMISSIONS_KG', 'EMISSIONS_UNMAPPED_SPEND'], subtotals: true });
    expect(result.columns[1]).toMatchObject({ kind: 'NUMBER', unit: 'kg CO2e', currency: null });
    expect(result.rows.length).toBe(cells.size - 1);
    for (const r of result.rows) expect(r.values, rowKey(r)).toEqual(values(rowKey(r)));
    expect(result.totals.values).toEqual(values('total'));

    // Unclassified spend has no factor: its emissions are unknown (null), never zero.
    const unclassified = result.rows.find((r) => r.keys[0].id === null && r.keys[1].rolledUp)!;
    expect(unclassified.values[1]).toBeNull();
    expect(unclassified.values[2]).toBe(unclassified.values[0]);
    // Most demo spend carries a factor.
    const total = cells.get('total')!;
    expect(Number(total.unmapped) / Number(total.spend)).toBeLessThan(0.2);

    // A viewer's emissions are those of their business units' lines only.
    const viewer = await GraphQLClient.signedIn(server.url, DEMO.viewer);
    const scope = await userScope(server.store, DEMO.viewer);
    const units = await businessUnitTree(server.store);
    let kg = 0n;
    let unmapped = 0n;
    for (const l of lines.filter((line) => units.isWithin(line.businessUnitId, scope.businessUnits))) {
      const naics = l.categoryId === null ? null : naicsOf(l.categoryId);
      const factor = naics === null ? undefined : factors.get(naics);
      const rate = usd.get(l.invoiceDate.slice(0, 7));
      if (factor === undefined || rate === undefined) unmapped += l.cents;
      else kg += l.cents * divHalfEven(factor * CPI[2021] * 10n ** 12n, cpiOf(Number(l.invoiceDate.slice(0, 4))) * rate);
    }
    const scoped = await cube(viewer, { dimensions: [], measures: ['EMISSIONS_KG', 'EMISSIONS_UNMAPPED_SPEND'] });
    expect(scoped.totals.values).toEqual([kgText(kg), centsToString(unmapped)]);
    expect(scoped.totals.values[0]).not.toBe(values('total')[1]);
  });

  it('ships the EPA factors unchanged', async () => {
    const rows = await query<{ naics_code: string; f: string; n: string }>(
      sql`SELECT naics_code, CAST(kg_co2e_per_usd AS VARCHAR) AS f, (SELECT COUNT(*) FROM emission_factors) AS n FROM emission_factors WHERE naics_code IN ('511210', '562212', '327310', '112111')`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.naics_code, r.f]))).toEqual({ '511210': '0.097', '562212': '10.989', '327310': '3.858', '112111': '3.298' });
    expect(Number(rows[0].n)).toBe(1016);
  });
});

describe('"not in" member filters and text search apply on every path', () => {
  it('excludes the top suppliers from the cube, the lines and the export alike', async () => {
    const top = await query<{ id: number }>(
      sql`SELECT supplier_id AS id FROM spend_lines GROUP BY 1 ORDER BY SUM(amount_reporting) DESC, 1 LIMIT 10`,
    );
    const ids = top.map((t) => String(t.id));
    const [rest] = await query<{ spend: string; n: string }>(
      sql`SELECT CAST(SUM(amount_reporting) AS VARCHAR) AS spend, COUNT(*) AS n FROM spend_lines WHERE supplier_id NOT IN ${sql.list(top.map((t) => t.id))}`,
    );
    const filter = { members: [{ dimension: 'SUPPLIER', ids, exclude: true }] };
    const result = await cube(finance, { dimensions: ['SUPPLIER'], measures: ['SPEND', 'LINE_COUNT'], filter });
    expect(result.totals.values).toEqual([centsToString(toCents(rest.spend)), rest.n]);
    expect(result.rows.some((r) => ids.includes(r.keys[0].id!))).toBe(false);
    const lines = await finance.ok<LinePage>(LINES, { f: filter });
    expect([lines.spendLines.totalAmount, lines.spendLines.totalCount]).toEqual([centsToString(toCents(rest.spend)), Number(rest.n)]);
    const res = await fetch(`${server.url}/api/exports/lines?filter=${encodeURIComponent(JSON.stringify(filter))}`, { headers: { cookie: finance.sessionCookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-export-rows')).toBe(rest.n);
    await res.arrayBuffer();
  });

  it('a null key in "not in" leaves out the lines without a value; two entries on one dimension both apply', async () => {
    const [classified] = await query<{ spend: string }>(sql`SELECT CAST(SUM(amount_reporting) AS VARCHAR) AS spend FROM spend_lines WHERE category_id IS NOT NULL`);
    const result = await cube(finance, { dimensions: [], measures: ['SPEND'], filter: { members: [{ dimension: 'CATEGORY_L1', ids: [null], exclude: true }] } });
    expect(result.totals.values[0]).toBe(centsToString(toCents(classified.spend)));
    const both = await finance.ok<LinePage>(LINES, {
      f: { members: [{ dimension: 'ON_CONTRACT', ids: ['true'] }, { dimension: 'ON_CONTRACT', ids: ['false'] }] },
    });
    expect(both.spendLines.totalCount).toBe(0);
  });

  it('drilling a filtered measure with its own condition gives lines totalling the cell', async () => {
    const result = await cube(finance, {
      dimensions: ['CATEGORY_L1'], measures: ['ON_CONTRACT_SPEND', 'OFF_CONTRACT_SPEND', 'PO_COVERAGE', 'SPEND'],
      filter: { dateFrom: '2025-01-01', dateTo: '2025-12-31' },
    });
    for (const r of result.rows.slice(0, 4)) {
      const base = { dateFrom: '2025-01-01', dateTo: '2025-12-31', members: [{ dimension: 'CATEGORY_L1', ids: [r.keys[0].id] }] };
      const drill = async (dimension: string, id: string) =>
        (await finance.ok<LinePage>(LINES, { f: { ...base, members: [...base.members, { dimension, ids: [id] }] } })).spendLines.totalAmount;
      expect(await drill('ON_CONTRACT', 'true')).toBe(r.values[0]);
      expect(await drill('ON_CONTRACT', 'false')).toBe(r.values[1]);
      expect(quotientToString(toCents(await drill('PO_FLAG', 'true')), toCents(r.values[3]!), 6)).toBe(r.values[2]);
    }
  });

  it('searches supplier names and descriptions case-insensitively, with the text bound as a value', async () => {
    const needle = 'SaaS';
    const [expected] = await query<{ n: string; spend: string }>(
      sql`SELECT COUNT(*) AS n, CAST(SUM(s.amount_reporting) AS VARCHAR) AS spend FROM spend_lines s JOIN suppliers sup ON sup.id = s.supplier_id
          WHERE lower(s.description) LIKE '%saas%' OR lower(s.raw_supplier_name) LIKE '%saas%' OR lower(sup.name) LIKE '%saas%'`,
    );
    expect(Number(expected.n)).toBeGreaterThan(0);
    const found = await finance.ok<LinePage>(LINES, { f: { search: needle } });
    expect([found.spendLines.totalCount, found.spendLines.totalAmount]).toEqual([Number(expected.n), centsToString(toCents(expected.spend))]);
    const [supplier] = await query<{ name: string }>(sql`SELECT sup.name FROM suppliers sup WHERE sup.id = (SELECT supplier_id FROM spend_lines LIMIT 1)`);
    const [bySupplier] = await query<{ n: string }>(
      sql`SELECT COUNT(*) AS n FROM spend_lines s JOIN suppliers sup ON sup.id = s.supplier_id
          WHERE strpos(lower(s.description), lower(${supplier.name})) > 0 OR strpos(lower(s.raw_supplier_name), lower(${supplier.name})) > 0 OR strpos(lower(sup.name), lower(${supplier.name})) > 0`,
    );
    expect((await finance.ok<LinePage>(LINES, { f: { search: `  ${supplier.name.toUpperCase()} ` } })).spendLines.totalCount).toBe(Number(bySupplier.n));
    // Wildcards and quotes are plain characters.
    expect((await finance.ok<LinePage>(LINES, { f: { search: "%'_" } })).spendLines.totalCount).toBe(0);
    const tooLong = await finance.errorCode(LINES, { f: { search: 'x'.repeat(201) } });
    expect(tooLong).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { field: 'filter.search' } });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/store/sql.js';
import { centsToString, rawLines, toCents, type RawLine } from './expected.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { startTestServer, type TestServer } from './harness.js';

/**
 * Issue "Finance's month-end", part 2: a pivot with two column dimensions (year, quarter) over two
 * row dimensions (category level 1, business unit). Every subtotal comes from the engine
 * (`columnDimensions: 2`); here each is checked against sums of the raw lines computed in plain
 * TypeScript, and the cube against itself: a year's column equals the sum of its quarters, the
 * grand total column the sum of the years, to the cent, and the grand totals both ways equal the
 * cube's total and the lines'.
 */

export const TWO_BY_TWO = {
  dimensions: ['YEAR', 'QUARTER', 'CATEGORY_L1', 'BUSINESS_UNIT'], measures: ['SPEND', 'LINE_COUNT'], subtotals: true, columnDimensions: 2, limit: 50_000,
};

interface CubeKey { dimension: string; id: string | null; label: string; rolledUp: boolean }
interface Cube {
  rows: Array<{ keys: CubeKey[]; values: Array<string | null>; depth: number }>;
  totals: { values: Array<string | null> };
  truncated: boolean;
}
const CUBE_FIELDS = 'truncated rows { keys { dimension id label rolledUp } values depth } totals { values }';

let server: TestServer;
let finance: GraphQLClient;
let lines: RawLine[];
let l1Of: Map<number, number | null>;

async function cube(query: object): Promise<Cube> {
  const data = await finance.ok<{ spendCube: Cube }>(`query($q: SpendCubeQuery!) { spendCube(query: $q) { ${CUBE_FIELDS} } }`, { q: query });
  return data.spendCube;
}

/** The key of a line on each of the four dimensions, as the cube's public keys. */
function lineKeys(line: RawLine): Array<string | null> {
  const year = line.invoiceDate.slice(0, 4);
  const quarter = `${year}-Q${Math.floor((Number(line.invoiceDate.slice(5, 7)) - 1) / 3) + 1}`;
  const l1 = line.categoryId === null ? null : (l1Of.get(line.categoryId) ?? null);
  return [year, quarter, l1 === null ? null : String(l1), String(line.businessUnitId)];
}

/** Sums of the raw lines per combination, a rolled-up dimension written `*`. */
function expectedSums(): Map<string, { cents: bigint; lines: number }> {
  const sums = new Map<string, { cents: bigint; lines: number }>();
  // Every pattern the engine returns: a prefix of the columns crossed with a prefix of the rows.
  const patterns: boolean[][] = [];
  for (let c = 0; c <= 2; c++) for (let r = 0; r <= 2; r++) patterns.push([c >= 1, c >= 2, r >= 1, r >= 2]);
  for (const line of lines) {
    const keys = lineKeys(line);
    for (const kept of patterns) {
      const key = JSON.stringify(keys.map((k, i) => (kept[i] ? k : '*')));
      const s = sums.get(key) ?? { cents: 0n, lines: 0 };
      s.cents += line.cents;
      s.lines += 1;
      sums.set(key, s);
    }
  }
  return sums;
}

const keyOf = (keys: CubeKey[]) => JSON.stringify(keys.map((k) => (k.rolledUp ? '*' : k.id)));

beforeAll(async () => {
  server = await startTestServer();
  finance = await GraphQLClient.signedIn(server.url, DEMO.finance);
  lines = await rawLines(server.store);
  const categories = await server.store.query<{ id: number; l1_id: number | null }>(sql`SELECT id, l1_id FROM categories`, { name: 'test.l1' });
  l1Of = new Map(categories.map((c) => [Number(c.id), c.l1_id === null ? null : Number(c.l1_id)]));
});
afterAll(() => server?.close());

describe('a pivot with two column dimensions', () => {
  it('returns every crossed subtotal from the engine, each equal to the raw lines to the cent', async () => {
    const result = await cube(TWO_BY_TWO);
    expect(result.truncated).toBe(false);
    const expected = expectedSums();
    const seen = new Set<string>();
    for (const row of result.rows) {
      const key = keyOf(row.keys);
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
      const want = expected.get(key);
      expect(want, key).toBeDefined();
      expect(row.values, key).toEqual([centsToString(want!.cents), String(want!.lines)]);
      expect(row.depth).toBe(row.keys.filter((k) => !k.rolledUp).length);
    }
    // Every combination the lines have is there, the grand total apart (it is `totals`).
    const all = JSON.stringify(['*', '*', '*', '*']);
    expect([...seen].sort()).toEqual([...expected.keys()].filter((k) => k !== all).sort());
    const total = lines.reduce((s, l) => s + l.cents, 0n);
    expect(result.totals.values).toEqual([centsToString(total), String(lines.length)]);
  });

  it('column subtotals are the sums of their children, and the grand totals both ways are the cube total and the lines total', async () => {
    const result = await cube(TWO_BY_TWO);
    const cents = new Map(result.rows.map((r) => [keyOf(r.keys), toCents(r.values[0]!)]));
    const counts = new Map(result.rows.map((r) => [keyOf(r.keys), Number(r.values[1])]));
    const grand = toCents(result.totals.values[0]!);
    const linesTotal = lines.reduce((s, l) => s + l.cents, 0n);
    expect(grand).toBe(linesTotal);
    // Group the cells by their row (category, unit, either rolled up) and check each row across.
    const byRow = new Map<string, CubeKey[][]>();
    for (const r of result.rows) {
      const rowKey = JSON.stringify(r.keys.slice(2).map((k) => (k.rolledUp ? '*' : k.id)));
      byRow.set(rowKey, [...(byRow.get(rowKey) ?? []), r.keys]);
    }
    let checkedYears = 0;
    for (const [rowKey, keys] of byRow) {
      const rowPart = JSON.parse(rowKey) as Array<string | null>;
      const at = (year: string | null | '*', quarter: string | null | '*') => JSON.stringify([year, quarter, ...rowPart]);
      const years = [...new Set(keys.filter((k) => !k[0].rolledUp).map((k) => k[0].id))];
      let acrossYears = 0n;
      for (const year of years) {
        const quarters = keys.filter((k) => !k[0].rolledUp && k[0].id === year && !k[1].rolledUp);
        const sum = quarters.reduce((s, k) => s + cents.get(keyOf(k))!, 0n);
        const lineSum = quarters.reduce((s, k) => s + counts.get(keyOf(k))!, 0);
        expect(cents.get(at(year, '*')), `${rowKey} ${year}`).toBe(sum);
        expect(counts.get(at(year, '*'))).toBe(lineSum);
        acrossYears += sum;
        checkedYears++;
      }
      // The grand total column of this row (no year, no quarter); for the grand total row it is `totals`.
      const rowTotal = rowPart.every((p) => p === '*') ? grand : cents.get(at('*', '*'));
      expect(rowTotal, rowKey).toBe(acrossYears);
    }
    expect(checkedYears).toBeGreaterThan(10);
    // The grand total row: each year's column total is the sum of the units' and of the categories' figures.
    const years = [...new Set(result.rows.filter((r) => !r.keys[0].rolledUp).map((r) => r.keys[0].id))];
    let columnTotals = 0n;
    for (const year of years) {
      const yearTotal = cents.get(JSON.stringify([year, '*', '*', '*']))!;
      const byCategory = result.rows.filter((r) => r.keys[0].id === year && r.keys[1].rolledUp && !r.keys[2].rolledUp && r.keys[3].rolledUp);
      expect(byCategory.reduce((s, r) => s + toCents(r.values[0]!), 0n)).toBe(yearTotal);
      columnTotals += yearTotal;
    }
    expect(columnTotals).toBe(grand);
    // Down the grand total column: the categories add up to the grand total.
    const categoryTotals = result.rows.filter((r) => r.keys[0].rolledUp && r.keys[1].rolledUp && !r.keys[2].rolledUp && r.keys[3].rolledUp);
    expect(categoryTotals.reduce((s, r) => s + toCents(r.values[0]!), 0n)).toBe(grand);
  });

  it('a single column dimension is the one-level case of the same rule; two column dimensions need subtotals to cross', async () => {
    const one = await cube({ ...TWO_BY_TWO, dimensions: ['YEAR', 'CATEGORY_L1', 'BUSINESS_UNIT'], columnDimensions: 1 });
    const expected = expectedSums();
    for (const row of one.rows) {
      const k = row.keys.map((key) => (key.rolledUp ? '*' : key.id));
      const key = JSON.stringify([k[0], '*', k[1], k[2]]);
      expect(row.values[0], key).toBe(centsToString(expected.get(key)!.cents));
    }
    // The cells the explorer read before (column first, every prefix) are all there.
    const patterns = new Set(one.rows.map((r) => r.keys.map((key) => (key.rolledUp ? 0 : 1)).join('')));
    expect([...patterns].sort()).toEqual(['010', '011', '100', '110', '111']);
    const bad = await finance.request(`query($q: SpendCubeQuery!) { spendCube(query: $q) { truncated } }`, { q: { ...TWO_BY_TWO, columnDimensions: 3 } });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToString, categoryTree, quotientToString, rawLines, sumCents, type RawLine } from './expected.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { startTestServer, type TestServer } from './harness.js';

const CUBE = `query Cube($q: SpendCubeQuery!) {
  spendCube(query: $q) {
    currency truncated
    columns { measure kind label currency }
    rows { depth values keys { dimension id label rolledUp } }
    totals { values }
  }
}`;

interface CubeRow { depth: number; values: (string | null)[]; keys: Array<{ dimension: string; id: string | null; label: string; rolledUp: boolean }> }
interface CubeData { spendCube: { currency: string; truncated: boolean; rows: CubeRow[]; totals: { values: (string | null)[] }; columns: Array<{ measure: string; kind: string }> } }

let server: TestServer;
let finance: GraphQLClient;
let lines: RawLine[];
let tree: Awaited<ReturnType<typeof categoryTree>>;

const month = (date: string) => date.slice(0, 7);

beforeAll(async () => {
  server = await startTestServer();
  finance = await GraphQLClient.signedIn(server.url, DEMO.finance);
  lines = await rawLines(server.store);
  tree = await categoryTree(server.store);
});
afterAll(() => server?.close());

describe('spendCube against sums computed from the raw rows', () => {
  it('has demo data to test against', () => {
    expect(lines.length).toBe(20_000);
  });

  it('CATEGORY_L1 × MONTH: every cell, every subtotal and the grand total tie to the cent', async () => {
    const data = await finance.ok<CubeData>(CUBE, {
      q: { dimensions: ['CATEGORY_L1', 'MONTH'], measures: ['SPEND', 'LINE_COUNT', 'SUPPLIER_COUNT'], subtotals: true, limit: 50_000 },
    });
    const cube = data.spendCube;
    expect(cube.currency).toBe('EUR');
    expect(cube.truncated).toBe(false);

    // Expected, independently: group raw lines by (l1 ancestor, month) and by l1 alone.
    const cell = new Map<string, { cents: bigint; lines: number; suppliers: Set<number> }>();
    const add = (key: string, l: RawLine) => {
      const e = cell.get(key) ?? { cents: 0n, lines: 0, suppliers: new Set<number>() };
      e.cents += l.cents;
      e.lines += 1;
      e.suppliers.add(l.supplierId);
      cell.set(key, e);
    };
    for (const l of lines) {
      const l1 = l.categoryId === null ? 'null' : String(tree.ancestorAt(l.categoryId, 1));
      add(`${l1}|${month(l.invoiceDate)}`, l);
      add(`${l1}|*`, l);
    }
    const detail = cube.rows.filter((r) => r.depth === 2);
    const subtotals = cube.rows.filter((r) => r.depth === 1);
    expect(detail.length + subtotals.length).toBe(cell.size);
    for (const r of cube.rows) {
      const key = `${r.keys[0].id ?? 'null'}|${r.keys[1].rolledUp ? '*' : r.keys[1].id}`;
      const e = cell.get(key);
      expect(e, `unexpected row ${key}`).toBeDefined();
      expect(r.values).toEqual([centsToString(e!.cents), String(e!.lines), String(e!.suppliers.size)]);
    }
    const all = new Set(lines.map((l) => l.supplierId));
    expect(cube.totals.values).toEqual([centsToString(sumCents(lines)), String(lines.length), String(all.size)]);
    // A subtotal's distinct supplier count is not the sum of its months' counts: the engine computed it.
    const sumOfMonths = detail.filter((r) => r.keys[0].id === subtotals[0].keys[0].id).reduce((n, r) => n + Number(r.values[2]), 0);
    expect(Number(subtotals[0].values[2])).toBeLessThan(sumOfMonths);
  });

  it('top 50 suppliers for one year, sorted by spend, with names and truncation', async () => {
    const data = await finance.ok<CubeData>(CUBE, {
      q: {
        dimensions: ['SUPPLIER'], measures: ['SPEND', 'SHARE_OF_TOTAL'], limit: 50,
        filter: { dateFrom: '2025-01-01', dateTo: '2025-12-31' }, sort: [{ measure: 'SPEND', direction: 'DESC' }],
      },
    });
    const year = lines.filter((l) => l.invoiceDate >= '2025-01-01' && l.invoiceDate <= '2025-12-31');
    const bySupplier = new Map<number, bigint>();
    for (const l of year) bySupplier.set(l.supplierId, (bySupplier.get(l.supplierId) ?? 0n) + l.cents);
    const expected = [...bySupplier.entries()].sort((a, b) => (b[1] > a[1] ? 1 : b[1] < a[1] ? -1 : a[0] - b[0])).slice(0, 50);
    const cube = data.spendCube;
    expect(cube.truncated).toBe(bySupplier.size > 50);
    expect(cube.rows.map((r) => [Number(r.keys[0].id), r.values[0]])).toEqual(expected.map(([id, c]) => [id, centsToString(c)]));
    expect(cube.rows.every((r) => r.keys[0].label.length > 0 && r.keys[0].label !== r.keys[0].id)).toBe(true);
    expect(cube.totals.values[0]).toBe(centsToString(sumCents(year)));
    expect(cube.totals.values[1]).toBe('1.000000');
  });

  it('filters by business unit and contract flag, with coverage ratios derived exactly', async () => {
    const bu = lines[0].businessUnitId;
    const data = await finance.ok<CubeData>(CUBE, {
      q: { dimensions: ['ON_CONTRACT'], measures: ['SPEND', 'CONTRACT_COVERAGE', 'PO_COVERAGE', 'AVG_LINE'], filter: { businessUnitIds: [String(bu)] } },
    });
    const inBu = lines.filter((l) => l.businessUnitId === bu);
    const on = inBu.filter((l) => l.contractId !== null);
    const total = sumCents(inBu);
    const cube = data.spendCube;
    const onRow = cube.rows.find((r) => r.keys[0].id === 'true')!;
    expect(onRow.values[0]).toBe(centsToString(sumCents(on)));
    expect(onRow.values[1]).toBe('1.000000');
    expect(onRow.keys[0].label).toBe('On contract');
    // Coverage = on / total and the average line, half-even at 6 and 2 decimals, worked out with BigInt here.
    expect(cube.totals.values[1]).toBe(quotientToString(sumCents(on), total, 6));
    const po = sumCents(inBu.filter((l) => l.poNumber !== null));
    expect(cube.totals.values[2]).toBe(quotientToString(po, total, 6));
    expect(cube.totals.values[3]).toBe(quotientToString(total, BigInt(inBu.length) * 100n, 2));
  });

  it('YEAR × QUARTER keys and labels follow the documented formats', async () => {
    const data = await finance.ok<CubeData>(CUBE, { q: { dimensions: ['YEAR', 'QUARTER'], measures: ['LINE_COUNT'], sort: [{ dimension: 'QUARTER', direction: 'ASC' }] } });
    const quarters = data.spendCube.rows.map((r) => r.keys[1].id!);
    expect(quarters.every((q) => /^\d{4}-Q[1-4]$/.test(q))).toBe(true);
    expect([...quarters].sort()).toEqual(quarters);
    const total = data.spendCube.rows.reduce((n, r) => n + Number(r.values[0]), 0);
    expect(total).toBe(lines.length);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbStore } from '../../store/duckdb.js';
import { migrate } from '../../store/migrate.js';
import { sql } from '../../store/sql.js';
import { planCube, shapeCube } from './cube.js';
import { memberCondition } from '../../core/dimensions.js';

const limits = { defaultRows: 10_000, maxRows: 50_000 };

describe('planCube (SQL builder)', () => {
  it('builds one statement with GROUPING SETS for every prefix when subtotals are asked', () => {
    const plan = planCube(
      { dimensions: ['CATEGORY_L1', 'MONTH'], measures: ['SPEND', 'SUPPLIER_COUNT'], subtotals: true },
      sql`s.currency = ${'EUR'}`,
      limits,
    );
    const { text, values } = plan.statement.toQuery();
    expect(text).toContain('GROUP BY GROUPING SETS ((d0, d1), (d0), ())');
    // Step 1 groups the lines by fact columns only, keeping the supplier for the distinct count.
    expect(text).toMatch(/WITH pre AS \(SELECT s\.category_id AS src_category, .* AS src_month, s\.supplier_id AS src_supplier, SUM\(s\.amount_reporting\) AS a_spend/s);
    expect(text).toContain('FROM spend_lines s WHERE s.currency = $1 GROUP BY');
    // Step 2 joins dimensions to the partials, never to the lines.
    expect(text).toContain('FROM pre p LEFT JOIN categories c ON c.id = p.src_category');
    expect(text).toContain('COUNT(DISTINCT src_supplier)');
    expect(values).toEqual(['EUR', 3, 10_002]);
  });

  it('crosses every prefix of the column dimensions with every prefix of the rows (two column levels, three row levels)', () => {
    const plan = planCube(
      { dimensions: ['YEAR', 'QUARTER', 'CATEGORY_L1', 'BUSINESS_UNIT', 'SUPPLIER'], measures: ['SPEND'], subtotals: true, columnDimensions: 2 },
      sql`TRUE`,
      limits,
    );
    const { text } = plan.statement.toQuery();
    expect(text).toContain(
      'GROUPING SETS ((d0, d1, d2, d3, d4), (d0, d1, d2, d3), (d0, d1, d2), (d0, d1), (d0, d2, d3, d4), (d0, d2, d3), (d0, d2), (d0), ' +
        '(d2, d3, d4), (d2, d3), (d2), ())',
    );
    expect(() => planCube({ dimensions: ['YEAR', 'CATEGORY_L1', 'BUSINESS_UNIT', 'SUPPLIER', 'MONTH'], measures: ['SPEND'], columnDimensions: 1 }, sql`TRUE`, limits)).toThrow(/at most 4/);
    expect(() => planCube({ dimensions: ['YEAR'], measures: ['SPEND'], columnDimensions: 3 }, sql`TRUE`, limits)).toThrow(/columnDimensions/);
    // One column dimension: the same sets as before plus each row prefix without the column (the row totals).
    const one = planCube({ dimensions: ['YEAR', 'CATEGORY_L1'], measures: ['SPEND'], subtotals: true, columnDimensions: 1 }, sql`TRUE`, limits).statement.toQuery().text;
    expect(one).toContain('GROUPING SETS ((d0, d1), (d0), (d1), ())');
  });

  it('keeps only the detail level and the grand total without subtotals', () => {
    const { text } = planCube({ dimensions: ['SUPPLIER', 'YEAR'], measures: ['SPEND'] }, sql`TRUE`, limits).statement.toQuery();
    expect(text).toContain('GROUPING SETS ((d0, d1), ())');
    expect(text).not.toContain('categories c');
  });

  it('reads the previous period in the same scan, keyed by dates moved forward, grouped by position', () => {
    const period = { where: sql`TRUE`, from: '2025-01-01', to: '2025-12-31', previousFrom: '2024-01-01', previousTo: '2024-12-31', months: 12, days: null };
    const { text, values } = planCube({ dimensions: ['MONTH'], measures: ['SPEND', 'CHANGE', 'SUPPLIER_COUNT'] }, sql`FALSE`, { ...limits, period }).statement.toQuery();
    expect(text).toContain("s.invoice_date + (12 * INTERVAL '1 month')");
    expect(text).toContain('BETWEEN CAST($');
    expect(text).toMatch(/GROUP BY 1, 2\b/);
    // Distinct suppliers count only partials holding lines of the period itself.
    expect(text).toContain('COUNT(DISTINCT CASE WHEN a_lines > 0 THEN src_supplier END)');
    expect(values).toContain('2024-01-01');
    expect(() => planCube({ dimensions: [], measures: ['CHANGE'] }, sql`TRUE`, limits)).toThrow(/limits.period/);
  });

  it('keys fiscal periods by the date moved to a January start, the shift written as a literal', () => {
    const { text } = planCube({ dimensions: ['FISCAL_QUARTER'], measures: ['SPEND'] }, sql`TRUE`, { ...limits, calendar: { fiscalYearStartMonth: 10 } }).statement.toQuery();
    expect(text).toContain("(s.invoice_date + (3 * INTERVAL '1 month'))");
    const january = planCube({ dimensions: ['FISCAL_YEAR'], measures: ['SPEND'] }, sql`TRUE`, limits).statement.toQuery().text;
    expect(january).not.toContain('INTERVAL');
  });

  it('turns a member filter into "not in" that keeps lines without a value unless null is listed', () => {
    expect(memberCondition('SUPPLIER', ['7'], 'f', { exclude: true }).toQuery()).toEqual({ text: 'NOT COALESCE(((s.supplier_id IN ($1))), FALSE)', values: [7] });
    expect(memberCondition('CONTRACT', ['3', null], 'f', { exclude: true }).toQuery().text).toBe('NOT COALESCE(((s.contract_id IN ($1)) OR (s.contract_id IS NULL)), FALSE)');
  });

  it('never puts a filter value into the SQL text', () => {
    const evil = "'; DROP TABLE spend_lines; --";
    const { text, values } = planCube({ dimensions: ['SUPPLIER'], measures: ['SPEND'] }, sql`s.description = ${evil}`, limits).statement.toQuery();
    expect(text).not.toContain('DROP TABLE');
    expect(values).toContain(evil);
  });

  it('rejects repeated dimensions, unrequested sorts and oversized limits with typed errors', () => {
    const code = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        return (e as { extensions: { code: string; field?: string } }).extensions;
      }
      throw new Error('expected an error');
    };
    expect(code(() => planCube({ dimensions: ['YEAR', 'YEAR'], measures: ['SPEND'] }, sql`TRUE`, limits))).toMatchObject({
      code: 'BAD_USER_INPUT', field: 'query.dimensions',
    });
    expect(
      code(() => planCube({ dimensions: ['YEAR'], measures: ['SPEND'], sort: [{ measure: 'LINE_COUNT', direction: 'DESC' }] }, sql`TRUE`, limits)),
    ).toMatchObject({ code: 'BAD_USER_INPUT', field: 'query.sort.0.measure' });
    expect(code(() => planCube({ dimensions: ['YEAR'], measures: ['SPEND'], limit: 50_001 }, sql`TRUE`, limits))).toMatchObject({
      code: 'QUERY_TOO_COMPLEX',
    });
    expect(code(() => planCube({ dimensions: ['YEAR'], measures: [], limit: 5 }, sql`TRUE`, limits))).toMatchObject({
      code: 'BAD_USER_INPUT', field: 'query.measures',
    });
  });
});

describe('planCube on in-memory DuckDB', () => {
  let store: DuckDbStore;
  // Lines: (supplier, category, month, amount, contract?)
  const lines: Array<[number, number | null, string, string, number | null]> = [
    [1, 11, '2025-01-15', '100.10', 1],
    [1, 11, '2025-02-15', '200.20', null],
    [2, 11, '2025-01-20', '0.10', null],
    [2, 12, '2025-01-21', '0.20', 1],
    [3, null, '2025-02-01', '-50.05', null],
  ];

  beforeAll(async () => {
    store = await DuckDbStore.open(':memory:');
    await migrate(store);
    await store.execute(sql`INSERT INTO categories (id, code, name, level, l1_id) VALUES (1, 'A', 'Alpha', 1, 1), (2, 'B', 'Beta', 1, 2)`, { name: 't' });
    await store.execute(
      sql`INSERT INTO categories (id, code, name, level, parent_id, l1_id, l2_id) VALUES (11, 'A.1', 'Alpha one', 2, 1, 1, 11), (12, 'B.1', 'Beta one', 2, 2, 2, 12)`,
      { name: 't' },
    );
    for (const [i, [sup, cat, date, amount, contract]] of lines.entries()) {
      await store.execute(
        sql`INSERT INTO spend_lines (id, import_batch_id, source_ref, invoice_date, posting_date, supplier_id, raw_supplier_name, category_id,
              classification_source, business_unit_id, amount, currency, amount_reporting, contract_id)
            VALUES (${i + 1}, 1, ${`R${i}`}, CAST(${date} AS DATE), CAST(${date} AS DATE), ${sup}, 'x', ${cat}, 'NONE', 1,
              CAST(${amount} AS DECIMAL(18,2)), 'EUR', CAST(${amount} AS DECIMAL(18,2)), ${contract})`,
        { name: 't' },
      );
    }
  });
  afterAll(() => store.close());

  it('computes subtotals and distinct counts per level, exactly', async () => {
    const plan = planCube(
      { dimensions: ['CATEGORY_L1', 'MONTH'], measures: ['SPEND', 'SUPPLIER_COUNT', 'CONTRACT_COVERAGE', 'SHARE_OF_TOTAL'], subtotals: true },
      sql`TRUE`,
      limits,
    );
    const cube = shapeCube(plan, await store.query(plan.statement, { name: 'cube' }), 'EUR');
    // On contract: 100.10 + 0.20 = 100.30; 100.30 / 250.55 = 0.4003193…
    expect(cube.totals.values).toEqual(['250.55', '3', '0.400319', '1.000000']);
    const alpha = cube.rows.find((r) => r.keys[0].label === 'Alpha' && r.keys[1].rolledUp);
    // Alpha: 100.10 + 200.20 + 0.10 = 300.40 over suppliers 1 and 2 (supplier 1 counted once).
    expect(alpha?.values.slice(0, 2)).toEqual(['300.40', '2']);
    expect(alpha?.depth).toBe(1);
    const alphaJan = cube.rows.find((r) => r.keys[0].label === 'Alpha' && r.keys[1].id === '2025-01');
    expect(alphaJan?.values[0]).toBe('100.20');
    expect(alphaJan?.keys[1].label).toBe('Jan 2025');
    const unclassified = cube.rows.find((r) => r.keys[0].id === null && !r.keys[0].rolledUp && r.keys[1].rolledUp);
    expect(unclassified?.keys[0].label).toBe('Unclassified');
    expect(unclassified?.values[0]).toBe('-50.05');
    expect(cube.truncated).toBe(false);
  });

  it('compares with the previous period and leaves rows with only previous spend at zero', async () => {
    // Current: February 2025 (lines 2 and 5); previous: January 2025 (lines 1, 3, 4), keyed as February.
    const period = { where: sql`TRUE`, from: '2025-02-01', to: '2025-02-28', previousFrom: '2025-01-01', previousTo: '2025-01-31', months: 1, days: null };
    const plan = planCube(
      { dimensions: ['SUPPLIER', 'MONTH'], measures: ['SPEND', 'SPEND_PREVIOUS_PERIOD', 'CHANGE', 'SUPPLIER_COUNT'], subtotals: true },
      sql`FALSE`,
      { ...limits, period },
    );
    const cube = shapeCube(plan, await store.query(plan.statement, { name: 'cube' }), 'EUR');
    expect(cube.totals.values).toEqual(['150.15', '100.40', '0.495518', '2']);
    const two = cube.rows.find((r) => r.keys[0].id === '2' && r.keys[1].id === '2025-02');
    expect(two?.values).toEqual(['0.00', '0.30', '-1.000000', '0']);
    expect(cube.previousPeriod).toEqual({ dateFrom: '2025-01-01', dateTo: '2025-01-31', months: 1, days: null });
  });

  it('sorts, limits and reports truncation', async () => {
    const plan = planCube({ dimensions: ['SUPPLIER'], measures: ['SPEND'], limit: 2, sort: [{ measure: 'SPEND', direction: 'DESC' }] }, sql`TRUE`, limits);
    const cube = shapeCube(plan, await store.query(plan.statement, { name: 'cube' }), 'EUR');
    expect(cube.rows.map((r) => r.keys[0].id)).toEqual(['1', '2']);
    expect(cube.truncated).toBe(true);
    expect(cube.totals.values).toEqual(['250.55']);
  });
});

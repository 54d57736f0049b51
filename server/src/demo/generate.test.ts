import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbStore } from '../store/duckdb.js';
import { migrate } from '../store/migrate.js';
import { sql, type Sql } from '../store/sql.js';
import type { Row, Store } from '../store/store.js';
import { normaliseSupplierName } from '../lib/normalise.js';
import { DEMO_USERS, seedDemo, type DemoSummary } from './generate.js';

const LINES = 20_000;

async function seededStore(seed?: number): Promise<{ store: Store; summary: DemoSummary }> {
  const store = await DuckDbStore.open(':memory:');
  await migrate(store);
  const summary = await seedDemo(store, { lines: LINES, seed });
  return { store, summary };
}

// One content hash per table, over every column and row (password hashes excepted: scrypt salts are random).
const TABLE_HASHES: Record<string, Sql> = {
  users: sql`SELECT md5(string_agg(CAST(t AS VARCHAR), chr(10) ORDER BY t.id)) AS h FROM (SELECT * EXCLUDE (password_hash) FROM users) t`,
  user_scopes: sql`SELECT md5(string_agg(CAST(t AS VARCHAR), chr(10) ORDER BY CAST(t AS VARCHAR))) AS h FROM user_scopes t`,
  business_units: sql`SELECT md5(string_agg(CAST(t AS VARCHAR), chr(10) ORDER BY t.id)) AS h FROM business_units t`,
  cost_centers: sql`SELECT md5(string_agg(CAST(t AS VARCHAR), chr(10) ORDER BY t.id)) AS h FROM cost_centers t`,
  gl_accounts: sql`SELECT md5(string_agg(CAST(t AS VARCHAR), chr(10) ORDER BY t.id)) AS h FROM gl_accounts t`,
  categories: sql`SELECT md5(string_agg(CAST(t AS VARCHAR), chr(10) ORDER BY t.id)) AS h FROM categories t`,
  suppliers: sql`SELECT md5(string_agg(CAST(t AS VARCHAR), chr(10) ORDER BY t.id)) AS h FROM suppliers t`,
  supplier_aliases: sql`SELECT md5(string_agg(CAST(t AS VARCHAR), chr(10) ORDER BY CAST(t AS VARCHAR))) AS h FROM supplier_aliases t`,
  contracts: sql`SELECT md5(string_agg(CAST(t AS VARCHAR), chr(10) ORDER BY t.id)) AS h FROM contracts t`,
  contract_categories: sql`SELECT md5(string_agg(CAST(t AS VARCHAR), chr(10) ORDER BY CAST(t AS VARCHAR))) AS h FROM contract_categories t`,
  contract_business_units: sql`SELECT md5(string_agg(CAST(t AS VARCHAR), chr(10) ORDER BY CAST(t AS VARCHAR))) AS h FROM contract_business_units t`,
  fx_rates: sql`SELECT md5(string_agg(CAST(t AS VARCHAR), chr(10) ORDER BY CAST(t AS VARCHAR))) AS h FROM fx_rates t`,
  import_batches: sql`SELECT md5(string_agg(CAST(t AS VARCHAR), chr(10) ORDER BY t.id)) AS h FROM import_batches t`,
  spend_lines: sql`SELECT md5(string_agg(CAST(t AS VARCHAR), chr(10) ORDER BY t.id)) AS h FROM spend_lines t`,
};

async function contentHashes(store: Store): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [table, q] of Object.entries(TABLE_HASHES)) {
    const [row] = await store.query<{ h: string }>(q, { name: `test.hash.${table}` });
    out[table] = row.h;
  }
  return out;
}

const q = <T extends Row>(store: Store, text: Sql) => store.query<T>(text, { name: 'test' });

/** "-12.30" → -1230n, "1.165000" → 1165000n: exact parsing of DECIMAL strings, no floating point. */
function toUnits(decimal: string, scale: number): bigint {
  const negative = decimal.startsWith('-');
  const [whole, fraction = ''] = decimal.replace('-', '').split('.');
  const units = BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0').slice(0, scale) || '0');
  return negative ? -units : units;
}

function roundHalfEvenDiv(numerator: bigint, divisor: bigint): bigint {
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  let quotient = abs / divisor;
  const twice = (abs % divisor) * 2n;
  if (twice > divisor || (twice === divisor && quotient % 2n === 1n)) quotient += 1n;
  return negative ? -quotient : quotient;
}

describe('seedDemo', () => {
  let a: { store: Store; summary: DemoSummary };
  let b: { store: Store; summary: DemoSummary };
  let other: { store: Store; summary: DemoSummary };

  beforeAll(async () => {
    a = await seededStore();
    b = await seededStore();
    other = await seededStore(7);
  }, 30_000);

  afterAll(async () => {
    for (const s of [a, b, other]) await s?.store.close();
  });

  it('is deterministic: same seed and size give identical tables, another seed different ones', async () => {
    const [hashA, hashB, hashOther] = await Promise.all([contentHashes(a.store), contentHashes(b.store), contentHashes(other.store)]);
    expect(hashB).toEqual(hashA);
    expect(a.summary).toEqual(b.summary);
    expect(hashOther.spend_lines).not.toBe(hashA.spend_lines);
    expect(hashOther.suppliers).not.toBe(hashA.suppliers);
  });

  it('reports the rows it wrote', async () => {
    const [counts] = await q<{ lines: string; suppliers: string; categories: string }>(a.store,
      sql`SELECT CAST((SELECT count(*) FROM spend_lines) AS VARCHAR) AS lines, CAST((SELECT count(*) FROM suppliers) AS VARCHAR) AS suppliers,
                 CAST((SELECT count(*) FROM categories) AS VARCHAR) AS categories`);
    expect(Number(counts.lines)).toBe(LINES);
    expect(a.summary.counts.spend_lines).toBe(LINES);
    expect(a.summary.counts.suppliers).toBe(Number(counts.suppliers));
    expect(a.summary.counts.categories).toBe(Number(counts.categories));
  });

  it('converts every line at its month\'s rate, rounded half to even, and the batch total ties to the cent', async () => {
    const rates = await q<{ currency: string; month: string; rate: string }>(a.store,
      sql`SELECT currency, CAST(month AS VARCHAR) AS month, CAST(rate_to_reporting AS VARCHAR) AS rate FROM fx_rates`);
    const rateOf = new Map(rates.map((r) => [`${r.currency}|${r.month.slice(0, 7)}`, toUnits(r.rate, 6)]));
    const lines = await q<{ amount: string; currency: string; invoice_date: string; amount_reporting: string }>(a.store,
      sql`SELECT CAST(amount AS VARCHAR) AS amount, currency, CAST(invoice_date AS VARCHAR) AS invoice_date,
                 CAST(amount_reporting AS VARCHAR) AS amount_reporting FROM spend_lines`);
    let total = 0n;
    for (const line of lines) {
      const rate = rateOf.get(`${line.currency}|${line.invoice_date.slice(0, 7)}`);
      expect(rate, `rate for ${line.currency} ${line.invoice_date}`).toBeDefined();
      const expected = roundHalfEvenDiv(toUnits(line.amount, 2) * rate!, 1_000_000n);
      if (expected !== toUnits(line.amount_reporting, 2)) expect(line).toEqual({ ...line, amount_reporting: String(expected) });
      total += expected;
    }
    const [batch] = await q<{ row_count: string; total_amount: string }>(a.store,
      sql`SELECT CAST(row_count AS VARCHAR) AS row_count, CAST(total_amount AS VARCHAR) AS total_amount FROM import_batches`);
    expect(Number(batch.row_count)).toBe(LINES);
    expect(toUnits(batch.total_amount, 2)).toBe(total);
    expect(toUnits(a.summary.totalAmountReporting, 2)).toBe(total);
  });

  it('has a Pareto shape: the top 20 % of suppliers carry at least 60 % of spend', async () => {
    const lines = await q<{ supplier_id: number; amount_reporting: string }>(a.store,
      sql`SELECT supplier_id, CAST(amount_reporting AS VARCHAR) AS amount_reporting FROM spend_lines`);
    const bySupplier = new Map<number, bigint>();
    for (const l of lines) bySupplier.set(l.supplier_id, (bySupplier.get(l.supplier_id) ?? 0n) + toUnits(l.amount_reporting, 2));
    const spends = [...bySupplier.values()].sort((x, y) => (y > x ? 1 : y < x ? -1 : 0));
    const total = spends.reduce((s, v) => s + v, 0n);
    const top = spends.slice(0, Math.ceil(spends.length * 0.2)).reduce((s, v) => s + v, 0n);
    expect(Number((top * 1000n) / total) / 1000).toBeGreaterThanOrEqual(0.6);
  });

  it('leaves 2–10 % of lines unclassified and points the rest at level-3 categories', async () => {
    const [row] = await q<{ unclassified: string; bad_level: string; bad_source: string }>(a.store, sql`
      SELECT CAST(count(*) FILTER (WHERE l.category_id IS NULL) AS VARCHAR) AS unclassified,
             CAST(count(*) FILTER (WHERE l.category_id IS NOT NULL AND c.level <> 3) AS VARCHAR) AS bad_level,
             CAST(count(*) FILTER (WHERE (l.category_id IS NULL) <> (l.classification_source = 'NONE')) AS VARCHAR) AS bad_source
      FROM spend_lines l LEFT JOIN categories c ON c.id = l.category_id`);
    const share = Number(row.unclassified) / LINES;
    expect(share).toBeGreaterThanOrEqual(0.02);
    expect(share).toBeLessThanOrEqual(0.1);
    expect(Number(row.bad_level)).toBe(0);
    expect(Number(row.bad_source)).toBe(0);
  });

  it('matches lines only to live contracts of the supplier or its family parent that cover the category, unit and date', async () => {
    // The demo taxonomy and organisation are two levels at most under a contract's nodes: a line's node or its parent.
    const [row] = await q<{ mismatched: string; on_contract: string }>(a.store, sql`
      SELECT CAST(count(*) FILTER (WHERE c.id IS NULL OR (c.supplier_id <> l.supplier_id AND c.supplier_id IS DISTINCT FROM sup.parent_id)
                    OR c.status = 'DRAFT' OR l.invoice_date < c.start_date OR l.invoice_date > c.end_date
                    OR (c.status = 'TERMINATED' AND l.invoice_date > CAST(c.terminated_at AS DATE))
                    OR NOT EXISTS (SELECT 1 FROM contract_categories cc JOIN categories cat ON cat.id = l.category_id
                                   WHERE cc.contract_id = c.id AND cc.category_id IN (cat.id, cat.parent_id, cat.l1_id))
                    OR NOT EXISTS (SELECT 1 FROM contract_business_units cb JOIN business_units bu ON bu.id = l.business_unit_id
                                   WHERE cb.contract_id = c.id AND cb.business_unit_id IN (bu.id, bu.parent_id))) AS VARCHAR) AS mismatched,
             CAST(count(*) AS VARCHAR) AS on_contract
      FROM spend_lines l LEFT JOIN contracts c ON c.id = l.contract_id LEFT JOIN suppliers sup ON sup.id = l.supplier_id
      WHERE l.contract_id IS NOT NULL`);
    expect(Number(row.mismatched)).toBe(0);
    expect(Number(row.on_contract)).toBeGreaterThan(LINES * 0.3);
  });

  it('keeps organisation references consistent: cost centre within the line\'s business unit', async () => {
    const [row] = await q<{ bad: string }>(a.store, sql`
      SELECT CAST(count(*) AS VARCHAR) AS bad FROM spend_lines l
      LEFT JOIN cost_centers cc ON cc.id = l.cost_center_id
      LEFT JOIN business_units bu ON bu.id = l.business_unit_id
      LEFT JOIN gl_accounts gl ON gl.id = l.gl_account_id
      WHERE cc.business_unit_id IS DISTINCT FROM l.business_unit_id OR bu.id IS NULL OR gl.id IS NULL`);
    expect(Number(row.bad)).toBe(0);
  });

  it('keeps dates inside the demo period, posting 0–20 days after the invoice', async () => {
    const [row] = await q<{ first: string; last: string; lag_min: number; lag_max: number }>(a.store, sql`
      SELECT CAST(min(invoice_date) AS VARCHAR) AS first, CAST(max(invoice_date) AS VARCHAR) AS last,
             CAST(min(posting_date - invoice_date) AS INTEGER) AS lag_min, CAST(max(posting_date - invoice_date) AS INTEGER) AS lag_max FROM spend_lines`);
    expect(row.first >= '2023-11-01').toBe(true);
    expect(row.last <= '2026-10-31').toBe(true);
    expect(row.lag_min).toBeGreaterThanOrEqual(0);
    expect(row.lag_max).toBeLessThanOrEqual(20);
  });

  it('gives lines ids 1..N, unique source refs, and raw supplier names that are aliases of their supplier', async () => {
    const [row] = await q<{ min_id: string; max_id: string; refs: string; not_alias: string }>(a.store, sql`
      SELECT CAST(min(id) AS VARCHAR) AS min_id, CAST(max(id) AS VARCHAR) AS max_id, CAST(count(DISTINCT source_ref) AS VARCHAR) AS refs,
             CAST(count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM supplier_aliases a WHERE a.supplier_id = l.supplier_id AND a.raw_name = l.raw_supplier_name)) AS VARCHAR) AS not_alias
      FROM spend_lines l`);
    expect([Number(row.min_id), Number(row.max_id), Number(row.refs), Number(row.not_alias)]).toEqual([1, LINES, LINES, 0]);
  });

  it('gives every supplier alias the normalised name of its supplier', async () => {
    const rows = await q<{ raw_name: string; normalized_name: string }>(a.store,
      sql`SELECT a.raw_name, s.normalized_name FROM supplier_aliases a JOIN suppliers s ON s.id = a.supplier_id`);
    expect(rows.length).toBeGreaterThan(2000);
    expect(rows.filter((r) => normaliseSupplierName(r.raw_name) !== r.normalized_name)).toEqual([]);
    expect(new Set(rows.map((r) => r.normalized_name)).size).toBe(2000);
  });

  it('has contracts in every derived state relative to the as-of date', async () => {
    const rows = await q<{ state: string; n: string }>(a.store, sql`
      SELECT CASE WHEN status <> 'ACTIVE' THEN status
                  WHEN end_date < DATE '2026-11-21' THEN 'EXPIRED'
                  WHEN end_date <= DATE '2026-11-21' + INTERVAL 90 DAY THEN 'EXPIRING' ELSE 'ACTIVE' END AS state,
             CAST(count(*) AS VARCHAR) AS n
      FROM contracts GROUP BY 1`);
    const n = Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
    expect(n.EXPIRING).toBeGreaterThanOrEqual(12);
    expect(n.EXPIRED).toBeGreaterThan(0);
    expect(n.DRAFT).toBeGreaterThan(0);
    expect(n.TERMINATED).toBeGreaterThan(0);
    expect(n.ACTIVE).toBeGreaterThan(n.EXPIRED);
  });

  it('creates the five demo users with their roles and scopes', async () => {
    const users = await q<{ email: string; role: string }>(a.store, sql`SELECT email, role FROM users ORDER BY id`);
    expect(users).toEqual(DEMO_USERS.map((u) => ({ email: u.email, role: u.role })));
    expect(users.map((u) => u.role)).toEqual(['ADMIN', 'FINANCE', 'CATEGORY_MANAGER', 'ANALYST', 'VIEWER']);
    const scopes = await q<{ user_id: number; kind: string; code: string }>(a.store, sql`
      SELECT s.user_id, s.kind, coalesce(c.code, b.code) AS code FROM user_scopes s
      LEFT JOIN categories c ON s.kind = 'CATEGORY' AND c.id = s.ref_id
      LEFT JOIN business_units b ON s.kind = 'BUSINESS_UNIT' AND b.id = s.ref_id ORDER BY 1, 3`);
    expect(scopes).toEqual([
      { user_id: 3, kind: 'CATEGORY', code: 'IT' },
      { user_id: 3, kind: 'CATEGORY', code: 'PROF' },
      { user_id: 5, kind: 'BUSINESS_UNIT', code: 'BU-OPS-N' },
      { user_id: 5, kind: 'BUSINESS_UNIT', code: 'BU-SCM' },
    ]);
    const owned = await q<{ code: string }>(a.store, sql`SELECT code FROM categories WHERE owner_user_id = 3 ORDER BY code`);
    expect(owned.map((c) => c.code)).toEqual(['IT', 'PROF']);
  });

  it('builds a consistent three-level taxonomy', async () => {
    const [row] = await q<{ n: string; bad: string }>(a.store, sql`
      SELECT CAST(count(*) AS VARCHAR) AS n, CAST(count(*) FILTER (WHERE NOT (
        (level = 1 AND parent_id IS NULL AND l1_id = id AND l2_id IS NULL AND l3_id IS NULL)
        OR (level = 2 AND l1_id = parent_id AND l2_id = id AND l3_id IS NULL)
        OR (level = 3 AND l2_id = parent_id AND l3_id = id AND naics_code IS NOT NULL AND length(naics_code) = 6))
        OR l4_id IS NOT NULL) AS VARCHAR) AS bad FROM categories`);
    expect(Number(row.n)).toBeGreaterThanOrEqual(120);
    expect(Number(row.bad)).toBe(0);
  });
});

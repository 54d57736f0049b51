import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbStore } from '../src/store/duckdb.js';
import { migrate } from '../src/store/migrate.js';
import { openPostgresDatabase } from '../src/store/create.js';
import { seedDemo } from '../src/demo/generate.js';
import { PostgresStore } from '../src/store/postgres.js';
import { sql } from '../src/store/sql.js';
import { StoreCancelledError, StoreTimeoutError, type Store } from '../src/store/store.js';

/**
 * The PostgreSQL store against a real PostgreSQL 15 (docs/postgres.md): a fresh database per run,
 * dropped afterwards. The server is expected on 127.0.0.1:5432 (trust auth, database `test`);
 * SPENDSCOPE_TEST_PG_URL names another maintenance database.
 */
const ADMIN_URL = process.env.SPENDSCOPE_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DB_NAME = `spendscope_test_${process.pid}_${randomBytes(4).toString('hex')}`;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`No PostgreSQL reachable at ${ADMIN_URL} (${(error as Error).message}); these tests need one (docs/postgres.md).`, { cause: error });
  }
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function databaseUrl(): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
}

let store: PostgresStore;
let dir: string;

beforeAll(async () => {
  await admin(`CREATE DATABASE ${DB_NAME}`);
  store = await PostgresStore.open(databaseUrl(), { poolSize: 4 });
  dir = mkdtempSync(join(tmpdir(), 'spendscope-pg-'));
});

afterAll(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
  await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
});

describe('PostgresStore', () => {
  it('applies every migration, once', async () => {
    const applied = await migrate(store);
    expect(applied.length).toBeGreaterThanOrEqual(14);
    expect(applied).toEqual([...applied].sort((a, b) => a - b));
    expect(await migrate(store)).toEqual([]);
    const [{ n }] = await store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM emission_factors`, { name: 'test.factors' });
    expect(n).toBe('1016');
  });

  it('returns values in the shapes DuckDbStore gives: exact decimals, BIGINT as text, dates and timestamps as text', async () => {
    const [row] = await store.query(
      sql`SELECT CAST(${'12345678901234.57'} AS DECIMAL(18,2)) AS money, CAST(${'0.1'} AS DECIMAL(18,2)) + CAST(${'0.2'} AS DECIMAL(18,2)) AS sum,
        CAST(${'-0.05'} AS DECIMAL(18,2)) AS negative, CAST(${'1.5'} AS DECIMAL(18,6)) AS rate, CAST(${'9007199254740993'} AS BIGINT) AS big,
        COUNT(*) AS n, CAST(${7} AS INTEGER) AS small, CAST(${1.5} AS DOUBLE PRECISION) AS ratio, CAST('NaN' AS DOUBLE PRECISION) AS nan,
        DATE '2024-02-29' AS day, TIMESTAMP '2024-02-29 10:11:12.5' AS at, TIMESTAMP '2024-02-29 10:11:12' AS whole,
        CAST(${'2024-02-29 10:11:12+00'} AS TIMESTAMPTZ) AS tz, CAST(${true} AS BOOLEAN) AS flag, CAST(NULL AS DECIMAL(18,2)) AS missing`,
      { name: 'test.shapes' },
    );
    expect(row).toEqual({
      money: '12345678901234.57', sum: '0.30', negative: '-0.05', rate: '1.500000', big: '9007199254740993', n: '1', small: 7, ratio: 1.5,
      nan: 'NaN', day: '2024-02-29', at: '2024-02-29 10:11:12.5', whole: '2024-02-29 10:11:12', tz: '2024-02-29 10:11:12+00', flag: true,
      missing: null,
    });
  });

  it('opens every session in UTC and ISO dates, without JIT, with 32 MB per sort or hash (docs/postgres.md, "Session settings")', async () => {
    // On several connections at once, so more than the first one the pool opened is checked.
    const sessions = await Promise.all(Array.from({ length: 4 }, () => store.query<{ tz: string; ds: string; jit: string; mem: string }>(
      sql`SELECT current_setting('TimeZone') AS tz, current_setting('DateStyle') AS ds, current_setting('jit') AS jit, current_setting('work_mem') AS mem, pg_sleep(0.05)`,
      { name: 'test.session' },
    )));
    for (const [row] of sessions) expect(row).toMatchObject({ tz: 'UTC', ds: 'ISO, YMD', jit: 'off', mem: '32MB' });
  });

  it('rounds half to even at the cent with sql.roundHalfEvenCents, as on DuckDB', async () => {
    const inputs = ['0.125', '0.135', '-0.125', '1.005', '2.675', '-2.675', '10.004999'];
    const rows = await store.query<{ r: string }>(
      sql`SELECT ${sql.roundHalfEvenCents(sql`x`)} AS r FROM (VALUES ${sql.join(inputs.map((v, i) => sql`(${i}, CAST(${v} AS DECIMAL(18,6)))`))}) AS t(i, x) ORDER BY i`,
      { name: 'test.round' },
    );
    expect(rows.map((r) => r.r)).toEqual(['0.12', '0.14', '-0.12', '1.00', '2.68', '-2.68', '10.00']);
  });

  it('binds values with quotes, unicode and bigint as values, never as SQL', async () => {
    const hostile = "O'Brien\"; DROP TABLE users; -- ünïcødé ✓ 🧾";
    await store.execute(sql`INSERT INTO suppliers (id, name, normalized_name) VALUES (${1}, ${hostile}, ${'x'})`, { name: 'test.insert' });
    const rows = await store.query<{ id: number; name: string }>(sql`SELECT id, name FROM suppliers WHERE name = ${hostile}`, { name: 'test.select' });
    expect(rows).toEqual([{ id: 1, name: hostile }]);
    const [{ v }] = await store.query<{ v: string }>(sql`SELECT CAST(${9007199254740993n} AS BIGINT) AS v`, { name: 'test.bigint' });
    expect(v).toBe('9007199254740993');
    // The default sql.list and nested fragments keep their $n numbering on PostgreSQL too.
    const found = await store.query(sql`SELECT id FROM suppliers WHERE id IN ${sql.list([1, 2, 3])} AND ${sql.and([sql`name = ${hostile}`])}`, { name: 'test.list' });
    expect(found).toEqual([{ id: 1 }]);
  });

  it('rolls back a transaction that throws, leaving nothing, and commits one that returns', async () => {
    const before = store.spendVersion.current;
    await expect(
      store.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO suppliers (id, name, normalized_name) VALUES (${2}, ${'Gone'}, ${'gone'})`, { name: 'test.txInsert' });
        await tx.execute(sql`INSERT INTO spend_lines (id, import_batch_id, source_ref, invoice_date, posting_date, supplier_id, raw_supplier_name,
          classification_source, business_unit_id, amount, currency) VALUES (${1}, ${1}, ${'r'}, DATE '2024-01-01', DATE '2024-01-01', ${2}, ${'Gone'},
          ${'NONE'}, ${1}, ${'1.00'}, ${'EUR'})`, { name: 'test.txLine' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(store.spendVersion.current).toBeGreaterThan(before); // derived figures are re-checked even after a rollback
    const left = await store.query(sql`SELECT id FROM suppliers WHERE id = ${2} UNION ALL SELECT CAST(id AS INTEGER) FROM spend_lines`, { name: 'test.txLeft' });
    expect(left).toEqual([]);

    const kept = await store.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO suppliers (id, name, normalized_name) VALUES (${3}, ${'Kept'}, ${'kept'})`, { name: 'test.txKeep' });
      return (await tx.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM suppliers`, { name: 'test.txCount' }))[0].n;
    });
    expect(kept).toBe('2');
  });

  it('a statement past its time limit fails with StoreTimeoutError, and the connection serves the next one', async () => {
    await expect(store.query(sql`SELECT pg_sleep(5)`, { name: 'test.slow', timeoutMs: 200 })).rejects.toBeInstanceOf(StoreTimeoutError);
    // The pool's sessions went back to the default limit: a short sleep succeeds everywhere.
    const results = await Promise.all([1, 2, 3, 4].map((i) => store.query(sql`SELECT pg_sleep(0.3), ${i} AS i`, { name: 'test.after' })));
    expect(results.map((r) => r[0].i)).toEqual(['1', '2', '3', '4']);
    await expect(
      store.transaction((tx) => tx.query(sql`SELECT pg_sleep(5)`, { name: 'test.slowInTx', timeoutMs: 200 })),
    ).rejects.toBeInstanceOf(StoreTimeoutError);
    expect(store.statementStats().active).toBe(0);
  });

  it('an aborted signal cancels a running statement with StoreCancelledError and refuses new ones', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const running = store.query(sql`SELECT pg_sleep(10)`, { name: 'test.cancel', signal: controller.signal });
    setTimeout(() => controller.abort(new Error('client went away')), 200);
    const error = await running.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreCancelledError);
    expect((error as StoreCancelledError).reason).toEqual(new Error('client went away'));
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(store.query(sql`SELECT 1`, { name: 'test.refused', signal: controller.signal })).rejects.toBeInstanceOf(StoreCancelledError);
    const [{ one }] = await store.query<{ one: number }>(sql`SELECT 1 AS one`, { name: 'test.afterCancel' });
    expect(one).toBe(1);
  });

  it('bulk-loads a CSV with COPY: quoted commas, doubled quotes, unicode, empty fields as NULL, exact amounts', async () => {
    const file = join(dir, 'aliases.csv');
    writeFileSync(file, 'id,name,normalized_name,country_code\n10,"Acme, Inc.","acme inc",DE\n11,"The ""Best"" Tools",best,\n12,Zürich Ünïcødé AG,zurich,""\n');
    await store.loadCsv('suppliers', ['id', 'name', 'normalized_name', 'country_code'], file);
    const rows = await store.query(sql`SELECT id, name, country_code FROM suppliers WHERE id >= ${10} ORDER BY id`, { name: 'test.copied' });
    expect(rows).toEqual([
      { id: 10, name: 'Acme, Inc.', country_code: 'DE' },
      { id: 11, name: 'The "Best" Tools', country_code: null },
      { id: 12, name: 'Zürich Ünïcødé AG', country_code: null },
    ]);
    const contracts = join(dir, 'fx.csv');
    writeFileSync(contracts, 'currency,month,rate_to_reporting,created_at,updated_at\nUSD,2024-01-01,0.912345,2024-01-01 00:00:00,2024-01-01 00:00:00\n');
    await store.loadCsv('fx_rates', ['currency', 'month', 'rate_to_reporting', 'created_at', 'updated_at'], contracts);
    expect(await store.query(sql`SELECT month, rate_to_reporting FROM fx_rates`, { name: 'test.fx' })).toEqual([
      { month: '2024-01-01', rate_to_reporting: '0.912345' },
    ]);
  });

  it('streams a few thousand rows in chunks in bounded memory, and stops early when abandoned', async () => {
    const q = sql`SELECT g AS n, CAST(g * 0.01 AS DECIMAL(18,2)) AS amount, DATE '2024-01-01' + g AS day FROM generate_series(1, ${5000}) AS g ORDER BY g`;
    const chunks = [];
    for await (const chunk of store.stream(q, { name: 'test.stream' })) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks[0].columns).toEqual(['n', 'amount', 'day']);
    const rows = chunks.flatMap((c) => c.rows);
    expect(rows).toHaveLength(5000);
    expect(rows[0]).toEqual([1, '0.01', '2024-01-02']);
    expect(rows[4999]).toEqual([5000, '50.00', '2037-09-09']);

    for await (const chunk of store.stream(q, { name: 'test.streamAbandoned' })) {
      expect(chunk.rows.length).toBeGreaterThan(0);
      break;
    }
    expect(store.statementStats().active).toBe(0);
    const [{ n }] = await store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM generate_series(1, 10)`, { name: 'test.afterStream' });
    expect(n).toBe('10');
  });

  it('closes with grace: a running statement finishes, later work is refused', async () => {
    const other = await PostgresStore.open(databaseUrl(), { poolSize: 2 });
    const running = other.query(sql`SELECT 1 AS done FROM pg_sleep(0.3)`, { name: 'test.finishing' });
    await new Promise((r) => setTimeout(r, 50));
    await other.close({ graceMs: 5_000 });
    await expect(running).resolves.toEqual([{ done: 1 }]);
    await expect(other.query(sql`SELECT 1`, { name: 'test.closed' })).rejects.toThrow(/closing/);
  });
});

/** Headline figures in SQL both engines share; each engine sums on its own. */
async function headlineFigures(s: Store) {
  const q = (text: ReturnType<typeof sql>) => s.query(text, { name: 'test.headline' });
  return {
    total: await q(sql`SELECT SUM(amount_reporting) AS total, COUNT(*) AS lines FROM spend_lines`),
    byYear: await q(sql`SELECT CAST(EXTRACT(YEAR FROM invoice_date) AS INTEGER) AS year, SUM(amount_reporting) AS total FROM spend_lines GROUP BY 1 ORDER BY 1`),
    byL1: await q(sql`SELECT c.l1_id AS l1, SUM(l.amount_reporting) AS total FROM spend_lines l JOIN categories c ON c.id = l.category_id GROUP BY 1 ORDER BY 1`),
    topSuppliers: await q(sql`SELECT supplier_id, SUM(amount_reporting) AS total FROM spend_lines GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 10`),
    onContract: await q(sql`SELECT contract_id IS NOT NULL AS on_contract, SUM(amount_reporting) AS total, COUNT(*) AS lines FROM spend_lines GROUP BY 1 ORDER BY 1`),
  };
}

/** Cents from an exact decimal string ('-12.5' → -1250n), so sums in the test are exact too. */
function cents(text: string): bigint {
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const value = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  return text.startsWith('-') ? -value : value;
}

function money(value: bigint): string {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

describe('the demo seed on PostgreSQL and on DuckDB', () => {
  const LINES = 10_000;
  const seedDb = `${DB_NAME}_demo`;
  let postgres: Store;
  let duckdb: DuckDbStore;
  let seededTotal: string;

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${seedDb}`);
    const url = new URL(databaseUrl());
    url.pathname = `/${seedDb}`;
    const opened = await openPostgresDatabase(url.toString(), async (tx) => {
      seededTotal = (await seedDemo(tx, { lines: LINES })).totalAmountReporting;
    });
    expect(opened.seeded).toBe(true);
    postgres = opened.store;
    duckdb = await DuckDbStore.open(':memory:');
    await migrate(duckdb);
    const summary = await seedDemo(duckdb, { lines: LINES });
    expect(summary.totalAmountReporting).toBe(seededTotal);
  }, 180_000);

  afterAll(async () => {
    await postgres?.close();
    await duckdb?.close();
    await admin(`DROP DATABASE IF EXISTS ${seedDb} WITH (FORCE)`);
  });

  it('gives the same headline figures to the cent, and both match sums computed here from the lines', async () => {
    const [pgFigures, duckFigures] = [await headlineFigures(postgres), await headlineFigures(duckdb)];
    expect(pgFigures).toEqual(duckFigures);

    // Independently: every line's amount read back and summed in exact cents.
    const lines = await postgres.query<{ amount_reporting: string | null; year: number; on_contract: boolean }>(
      sql`SELECT amount_reporting, CAST(EXTRACT(YEAR FROM invoice_date) AS INTEGER) AS year, contract_id IS NOT NULL AS on_contract FROM spend_lines`,
      { name: 'test.lines' },
    );
    expect(lines).toHaveLength(LINES);
    const total = lines.reduce((sum, l) => sum + (l.amount_reporting === null ? 0n : cents(l.amount_reporting)), 0n);
    expect(pgFigures.total).toEqual([{ total: money(total), lines: String(LINES) }]);
    expect(money(total)).toBe(seededTotal);
    const byYear = new Map<number, bigint>();
    for (const l of lines) byYear.set(l.year, (byYear.get(l.year) ?? 0n) + (l.amount_reporting === null ? 0n : cents(l.amount_reporting)));
    expect(pgFigures.byYear).toEqual([...byYear].sort(([a], [b]) => a - b).map(([year, sum]) => ({ year, total: money(sum) })));
    const onContract = lines.filter((l) => l.on_contract).length;
    expect(onContract).toBeGreaterThan(0); // the matching rule ran on PostgreSQL too
    expect(pgFigures.onContract.map((r) => [r.on_contract, r.lines])).toEqual([[false, String(LINES - onContract)], [true, String(onContract)]]);
    expect(pgFigures.byL1.length).toBeGreaterThan(1);
  });

  it('keeps the demo in PostgreSQL: a second open finds it seeded and leaves it as it is', async () => {
    const url = new URL(databaseUrl());
    url.pathname = `/${seedDb}`;
    const again = await openPostgresDatabase(url.toString(), async () => {
      throw new Error('must not seed twice');
    });
    try {
      expect(again.seeded).toBe(false);
      const [{ n }] = await again.store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM spend_lines`, { name: 'test.count' });
      expect(n).toBe(String(LINES));
    } finally {
      await again.store.close();
    }
  });
});

import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DuckDbStore } from '../../store/duckdb.js';
import { sql } from '../../store/sql.js';
import { removeStagingLeftovers, StagingLoads } from './staging.js';

const COLUMNS = ['batch_id', 'row_number', 'severity', 'column_name', 'code', 'message', 'raw_value'] as const;

describe('staging in chunk files loaded while writing', () => {
  let store: DuckDbStore;
  let dir: string;
  beforeAll(async () => {
    store = await DuckDbStore.open(':memory:', { poolSize: 2 });
    await store.execute(
      sql`CREATE TABLE import_problems (batch_id INTEGER NOT NULL, row_number BIGINT NOT NULL, severity VARCHAR NOT NULL,
            column_name VARCHAR, code VARCHAR NOT NULL, message VARCHAR NOT NULL, raw_value VARCHAR)`,
      { name: 'test.create' },
    );
  });
  afterAll(() => store.close());
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'staging-test-'));
    await store.execute(sql`DELETE FROM import_problems`, { name: 'test.clear' });
  });

  const rows = () => store.query<{ row_number: string; raw_value: string | null }>(
    sql`SELECT CAST(row_number AS VARCHAR) AS row_number, raw_value FROM import_problems ORDER BY import_problems.row_number`, { name: 'test.rows' });

  /** Stages `n` rows 10 to a file; `fail(i)` may throw before row i is written. */
  async function stage(n: number, fail: (i: number) => void = () => {}) {
    await store.transaction(async (tx) => {
      const loads = new StagingLoads(tx, dir, '7');
      const out = loads.table('import_problems', COLUMNS, 10);
      try {
        for (let i = 1; i <= n; i++) {
          fail(i);
          // Row 23's code is NULL: the table refuses it, as a real load failure.
          const code = i === 23 && n === 30 ? null : 'CODE';
          if (out.writeValues([7, i, 'WARNING', 'Amount', code, `message ${i}`, i % 2 ? `"${i}", quoted` : null])) await out.flush();
        }
        await loads.finish();
      } catch (error) {
        await loads.abandon();
        throw error;
      }
    });
  }

  it('loads every row once, in order, across chunks, and leaves no file behind', async () => {
    await stage(25);
    const got = await rows();
    expect(got.map((r) => Number(r.row_number))).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(got[0].raw_value).toBe('"1", quoted');
    expect(got[1].raw_value).toBeNull();
    expect(readdirSync(dir)).toEqual([]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('stages nothing when a load fails, and says why', async () => {
    await expect(stage(30)).rejects.toThrow(/NOT NULL|null/i);
    expect(await rows()).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('stages nothing when reading fails halfway, after chunks were already loaded', async () => {
    await expect(stage(40, (i) => {
      if (i === 27) throw new Error('line 27 is too long');
    })).rejects.toThrow('line 27 is too long');
    expect(await rows()).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
    rmSync(dir, { recursive: true, force: true });
  });

  it("sweeps a killed validation's chunk files at start, and nothing else in the uploads folder", async () => {
    for (const name of ['7.import_rows.1.csv', '7.import_problems.2.csv', '12.upload', 'notes.csv', '7.import_rows.csv']) writeFileSync(join(dir, name), 'x');
    expect(await removeStagingLeftovers(dir)).toBe(2);
    expect(readdirSync(dir).sort()).toEqual(['12.upload', '7.import_rows.csv', 'notes.csv']);
    expect(await removeStagingLeftovers(join(dir, 'missing'))).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  });
});

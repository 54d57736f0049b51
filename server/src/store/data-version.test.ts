import { describe, expect, it } from 'vitest';
import { DataVersion, writeKinds } from './data-version.js';

const writesSpend = (text: string) => writeKinds(text).spend;

describe('writesSpend', () => {
  it('recognises every way the server writes spend lines', () => {
    for (const text of [
      'INSERT INTO spend_lines (id, amount) SELECT 1, 2',
      'UPDATE spend_lines AS s SET contract_id = m.new_contract_id FROM contract_rematch m',
      '\n    UPDATE spend_lines SET supplier_id = $1 WHERE id IN (SELECT line_id FROM supplier_merge_lines)',
      'DELETE FROM spend_lines WHERE import_batch_id = $1',
      'delete from SPEND_LINES where true',
      'TRUNCATE spend_lines',
      'ALTER TABLE spend_lines ADD COLUMN item_key VARCHAR',
      "COPY spend_lines (id) FROM '/tmp/x.csv'",
    ]) expect(writesSpend(text), text).toBe(true);
  });

  it('leaves reads and other tables alone', () => {
    for (const text of [
      'SELECT SUM(amount_reporting) FROM spend_lines s',
      'INSERT INTO supplier_merge_lines SELECT id FROM spend_lines',
      'INSERT INTO spend_lines_staging SELECT 1',
      'UPDATE suppliers SET name = $1',
      'DELETE FROM spend_rollup',
    ]) expect(writesSpend(text), text).toBe(false);
  });
});

describe('DataVersion', () => {
  it('moves on every bump and tells its listeners until they stop listening', () => {
    const version = new DataVersion();
    const seen: number[] = [];
    const stop = version.onChange((v) => seen.push(v));
    version.bump();
    version.bump();
    stop();
    version.bump();
    expect(version.current).toBe(3);
    expect(seen).toEqual([1, 2]);
  });
});

describe('writeKinds', () => {
  it('tells spend writes, other figure writes and bookkeeping apart in one reading', () => {
    expect(writeKinds('UPDATE spend_lines SET contract_id = NULL')).toEqual({ spend: true, figures: true });
    expect(writeKinds('UPDATE categories SET parent_id = $1')).toEqual({ spend: false, figures: true });
    expect(writeKinds('UPDATE sessions SET last_seen_at = $1')).toEqual({ spend: false, figures: false });
    expect(writeKinds('SELECT * FROM spend_lines')).toEqual({ spend: false, figures: false });
    expect(writeKinds(null)).toEqual({ spend: true, figures: true });
  });
});

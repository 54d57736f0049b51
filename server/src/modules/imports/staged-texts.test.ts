import { describe, expect, it } from 'vitest';
import { ImportLedger } from './ledger.js';
import { StagedTexts } from './staged-texts.js';

type Noted = Array<string | number | null>;
/** Rows per (kind, key, raw, name), however many times a text was written out. */
function summed(rows: Noted[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const [, kind, key, raw, name, n] of rows) {
    const k = JSON.stringify([kind, key, raw, name]);
    out.set(k, (out.get(k) ?? 0) + Number(n));
  }
  return out;
}

describe('StagedTexts', () => {
  const rows: Array<[string, string, string, string | null, string | null]> = [
    ['acme', 'ACME Ltd', 'ACME Ltd', 'Housing', 'Repairs'],
    ['acme', 'Acme Limited', 'Acme Limited', 'Housing', null],
    ['acme', 'ACME Ltd', 'ACME Ltd', null, 'Repairs'],
    ['redacted', 'Mr A Person', 'REDACTED', null, 'Care'],
    ['redacted', 'Mr A Person', 'REDACTED', 'Housing', 'Care'],
  ];

  it('notes each supplier (key, raw name, name) and each unit and category text once, with its rows', () => {
    const texts = new StagedTexts();
    for (const r of rows) texts.add(...r);
    expect(texts.full).toBe(false);
    const noted = [...texts.drain(7)];
    expect(noted).toEqual([
      [7, 'SUPPLIER', 'acme', 'ACME Ltd', 'ACME Ltd', 2],
      [7, 'SUPPLIER', 'acme', 'Acme Limited', 'Acme Limited', 1],
      [7, 'SUPPLIER', 'redacted', 'Mr A Person', 'REDACTED', 2],
      [7, 'UNIT', 'Housing', null, null, 3],
      [7, 'UNIT', null, null, null, 2],
      [7, 'CATEGORY', 'Repairs', null, null, 2],
      [7, 'CATEGORY', 'Care', null, null, 2],
    ]);
    // Drained means forgotten.
    expect([...texts.drain(7)]).toEqual([]);
  });

  it('says when the texts kept reach the bound; drained as it says, the sums are those of one drain at the end', () => {
    const many = Array.from({ length: 500 }, (_, i) => rows[i % rows.length].map((v) => (v === null ? null : `${v} ${i % 37}`)) as typeof rows[number]);
    const once = new StagedTexts();
    for (const r of many) once.add(...r);
    const all = [...once.drain(1)];

    const bounded = new StagedTexts(200);
    const written: Noted[] = [];
    let drains = 0;
    for (const r of many) {
      bounded.add(...r);
      if (bounded.full) {
        drains++;
        written.push(...bounded.drain(1));
      }
    }
    written.push(...bounded.drain(1));
    expect(drains).toBeGreaterThan(10);
    expect(written.length).toBeGreaterThan(all.length);
    expect(summed(written)).toEqual(summed(all));
  });
});

describe('ImportLedger.unconverted', () => {
  it('counts and adds up exactly, per currency in code order', () => {
    const ledger = new ImportLedger();
    for (const [currency, amount] of [['USD', '0.10'], ['CHF', '99999999999999.99'], ['USD', '0.20'], ['CHF', '99999999999999.99'], ['USD', '-0.05']]) {
      ledger.addUnconverted(currency, amount);
    }
    expect(ledger.unconverted()).toEqual([
      { currency: 'CHF', rows: 2, amount: '199999999999999.98' },
      { currency: 'USD', rows: 3, amount: '0.25' },
    ]);
    expect(new ImportLedger().unconverted()).toEqual([]);
  });
});

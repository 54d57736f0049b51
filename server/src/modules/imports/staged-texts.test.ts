import { describe, expect, it } from 'vitest';
import { ImportLedger } from './ledger.js';
import { StagedTexts, supplierKey } from './staged-texts.js';

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
  const rows: Array<[string, string, boolean, string | null, string | null]> = [
    ['ACME Ltd', 'ACME Ltd', false, 'Housing', 'Repairs'],
    ['Acme Limited', 'Acme Limited', false, 'Housing', null],
    ['ACME Ltd', 'ACME Ltd', false, null, 'Repairs'],
    ['Mr A Person', 'REDACTED', true, null, 'Care'],
    ['Mr A Person', 'REDACTED', true, 'Housing', 'Care'],
    // Validation never gives one raw name two names; were it to, each is counted apart.
    ['ACME Ltd', 'Acme', false, null, null],
  ];

  it('notes each supplier (key, raw name, name) and each unit and category text once, with its rows, and gives each row its key', () => {
    const texts = new StagedTexts();
    expect(rows.map((r) => texts.add(...r))).toEqual(rows.map(([, name, redacted]) => supplierKey(name, redacted)));
    expect(supplierKey('Mr A Person', true)).toBe('redacted');
    expect(supplierKey('ACME Ltd', false)).toBe(supplierKey('Acme Limited', false));
    expect(texts.full).toBe(false);
    const acme = supplierKey('ACME Ltd', false);
    expect([...texts.drain(7)]).toEqual([
      [7, 'SUPPLIER', acme, 'ACME Ltd', 'ACME Ltd', 2],
      [7, 'SUPPLIER', acme, 'Acme Limited', 'Acme Limited', 1],
      [7, 'SUPPLIER', 'redacted', 'Mr A Person', 'REDACTED', 2],
      [7, 'SUPPLIER', supplierKey('Acme', false), 'ACME Ltd', 'Acme', 1],
      [7, 'UNIT', 'Housing', null, null, 3],
      [7, 'UNIT', null, null, null, 3],
      [7, 'CATEGORY', 'Repairs', null, null, 2],
      [7, 'CATEGORY', 'Care', null, null, 2],
    ]);
    // Drained means forgotten.
    expect([...texts.drain(7)]).toEqual([]);
  });

  it('says when the texts kept reach the bound; drained as it says, the sums are those of one drain at the end', () => {
    const many = Array.from({ length: 500 }, (_, i) => {
      const [raw, name, redacted, unit, category] = rows[i % rows.length];
      const v = (text: string | null) => (text === null ? null : `${text} ${i % 37}`);
      return [v(raw)!, v(name)!, redacted, v(unit), v(category)] as const;
    });
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

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../test/csv-parse.js';
import { CsvWriter, csvField } from './csv-file.js';

const TRICKY = ['plain', 'a,b', 'say "hi"', 'two\nlines', 'cr\rlf', ' lead', 'trail ', '=1+1', '@cmd', 'Café €', '"', ','];

describe('csvField', () => {
  it('quotes only fields that hold a quote, comma, line break or outer white space (RFC 4180)', () => {
    expect([csvField(null), csvField(12), csvField(-1.5), csvField('plain'), csvField('=1+1')]).toEqual(['', '12', '-1.5', 'plain', '=1+1']);
    expect([csvField('a,b'), csvField('say "hi"'), csvField('two\nlines'), csvField(' lead')]).toEqual(['"a,b"', '"say ""hi"""', '"two\nlines"', '" lead"']);
  });

  it('reads back as written with an independent RFC 4180 parser', () => {
    expect(parseCsv(TRICKY.map(csvField).join(',') + '\r\n')).toEqual([TRICKY]);
  });
});

describe('CsvWriter', () => {
  const dir = mkdtempSync(join(tmpdir(), 'csv-file-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes rows the fast way and the slow way to the same text', () => {
    const path = join(dir, 'rows.csv');
    const out = new CsvWriter(path, ['id', 'text', 'n']);
    TRICKY.forEach((text, i) => out.writeValues([i, text, i % 2 === 0 ? null : -i / 4]));
    // A row too long for the fast path goes through the same field rule.
    out.writeValues([99, 'x,'.repeat(6_000), 1]);
    out.close();
    const rows = parseCsv(readFileSync(path, 'utf8'));
    expect(rows[0]).toEqual(['id', 'text', 'n']);
    expect(rows.slice(1, -1)).toEqual(TRICKY.map((text, i) => [String(i), text, i % 2 === 0 ? '' : String(-i / 4)]));
    expect(rows.at(-1)).toEqual(['99', 'x,'.repeat(6_000), '1']);
  });

  it('refuses empty text, which a bulk load could not tell from NULL', () => {
    const out = new CsvWriter(join(dir, 'empty.csv'), ['a']);
    expect(() => out.writeValues([''])).toThrow(/NULL/);
    expect(() => out.writeValues(['', 'x'.repeat(12_000)])).toThrow(/NULL/);
    out.close();
  });
});

import { describe, expect, it } from 'vitest';
import { ExactNumber, csvField, csvLine, moneyFormat, neutralise } from './cells.js';

describe('export cells', () => {
  it('neutralises text that a spreadsheet would evaluate', () => {
    for (const evil of ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(neutralise(evil).startsWith("'")).toBe(true);
    }
    expect(neutralise('Acme Ltd')).toBe('Acme Ltd');
  });

  it('leaves numbers alone, including negatives', () => {
    expect(csvField(-12.5)).toBe('-12.5');
    expect(csvLine(['a', -1, null])).toBe('a,-1,\r\n');
    expect(csvField(new ExactNumber('-1234567890123.45'))).toBe('-1234567890123.45');
    expect(() => new ExactNumber('=1+1')).toThrow();
  });

  it('quotes fields with separators, quotes and newlines', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=1,2')).toBe(`"'=1,2"`);
  });

  it('formats money with the currency symbol and thousands separators', () => {
    expect(moneyFormat('EUR')).toBe('"€"#,##0.00;-"€"#,##0.00');
    expect(moneyFormat('SEK')).toBe('"SEK "#,##0.00;-"SEK "#,##0.00');
  });
});

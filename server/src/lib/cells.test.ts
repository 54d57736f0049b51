import { describe, expect, it } from 'vitest';
import { ExactNumber, csvLine, moneyFormat, neutralise } from './cells.js';

describe('export cells', () => {
  it('neutralises text that a spreadsheet would evaluate', () => {
    for (const evil of ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(neutralise(evil).startsWith("'")).toBe(true);
    }
    expect(neutralise('Acme Ltd')).toBe('Acme Ltd');
  });

  it('leaves numbers alone, including negatives', () => {
    expect(csvLine([-12.5])).toBe('-12.5\r\n');
    expect(csvLine(['a', -1, null])).toBe('a,-1,\r\n');
    expect(csvLine([new ExactNumber('-1234567890123.45')])).toBe('-1234567890123.45\r\n');
    expect(() => new ExactNumber('=1+1')).toThrow();
  });

  it('neutralises formula-like text, then quotes it as any CSV field', () => {
    expect(csvLine(['=1,2', 'a,b', '-cmd', 'say "hi"'])).toBe(`"'=1,2","a,b",'-cmd,"say ""hi"""\r\n`);
  });

  it('formats money with the currency symbol and thousands separators', () => {
    expect(moneyFormat('EUR')).toBe('"€"#,##0.00;-"€"#,##0.00');
    expect(moneyFormat('SEK')).toBe('"SEK "#,##0.00;-"SEK "#,##0.00');
  });
});

import { describe, expect, it } from 'vitest';
import { CsvTokenizer } from '../../lib/csv.js';
import { detectDelimiter, detectEncoding, detectHeaderRow } from './detect.js';

describe('detection', () => {
  it('encoding', () => {
    expect(detectEncoding(Buffer.from('\uFEFFa,b', 'utf8'))).toMatchObject({ encoding: 'utf-8', bom: 'bom', bomLength: 3 });
    expect(detectEncoding(Buffer.from([0xc3, 0xaf, 0xc2, 0xbb, 0xc2, 0xbf, 0x61]))).toMatchObject({ bom: 'double-bom', bomLength: 6 });
    expect(detectEncoding(Buffer.from('Café', 'utf8')).encoding).toBe('utf-8');
    expect(detectEncoding(Buffer.from([0x43, 0x61, 0x66, 0xe9]), true).encoding).toBe('windows-1252');
    expect(detectEncoding(Buffer.from([0x43, 0xe9, 0x61, 0x66])).encoding).toBe('windows-1252');
    // A multi-byte character cut at the end of the sample is still UTF-8.
    expect(detectEncoding(Buffer.from('Caf\u00e9', 'utf8').subarray(0, 4)).encoding).toBe('utf-8');
  });
  it('delimiter', () => {
    expect(detectDelimiter('a,b,c\n1,2,3\n')).toBe(',');
    expect(detectDelimiter('a;b;c\n1,5;2,5;3\n4;"x;y";6\n')).toBe(';');
    expect(detectDelimiter('a\tb\tc\n"1,2"\t2\t3\n')).toBe('\t');
    expect(detectDelimiter('"x, y, z";b;c\n1;2;3\n4;5;6\n')).toBe(';');
  });
  it('header row after preamble lines', () => {
    const tokenizer = new CsvTokenizer(',');
    const rows = tokenizer.end(tokenizer.push(
      'Darlington Borough Council - Analysis,,\n,,Feb-13,,\ncolumns,,text description\n,,Directotate,Service,Supplier,Amount,Account\nX,,A,B,C,1.00,D\nX,,A,B,C,2.00,D\n',
    ));
    const h = detectHeaderRow(rows);
    expect(h.rowNumber).toBe(4);
    expect(h.headers).toEqual(['', '', 'Directotate', 'Service', 'Supplier', 'Amount', 'Account']);
  });
});

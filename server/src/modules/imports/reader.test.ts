import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ImportLedger } from './ledger.js';
import { readSpendFile, type SpendFileRead } from './reader.js';
import { ImportFileError, type ValidatedRow } from './types.js';

const FIXTURES = join(import.meta.dirname, '../../../test/fixtures/imports');
const TODAY = '2026-11-21';

async function* bytes(...parts: (string | Buffer)[]): AsyncGenerator<Buffer> {
  for (const p of parts) yield typeof p === 'string' ? Buffer.from(p, 'utf8') : p;
}

async function all(read: SpendFileRead): Promise<ValidatedRow[]> {
  const out: ValidatedRow[] = [];
  for await (const r of read.rows) out.push(r);
  return out;
}

async function failure(run: () => Promise<unknown>): Promise<ImportFileError> {
  try {
    await run();
  } catch (e) {
    if (e instanceof ImportFileError) return e;
    throw e;
  }
  throw new Error('expected an ImportFileError');
}

describe('files that cannot be read give a clear IMPORT_INVALID', () => {
  it('empty file', async () => {
    const e = await failure(() => readSpendFile({ fileName: 'a.csv', stream: bytes() }, { today: TODAY }));
    expect(e.code).toBe('IMPORT_INVALID');
    expect(e.message).toBe('a.csv is empty.');
  });

  it('whitespace only', async () => {
    const e = await failure(() => readSpendFile({ fileName: 'a.csv', stream: bytes('\uFEFF \r\n\n') }, { today: TODAY }));
    expect(e.reason).toBe('EMPTY');
  });

  it('binary file', async () => {
    const junk = Buffer.alloc(4096);
    for (let i = 0; i < junk.length; i++) junk[i] = (i * 37) % 256;
    const e = await failure(() => readSpendFile({ fileName: 'x.csv', stream: bytes(junk) }, { today: TODAY }));
    expect(e.reason).toBe('BINARY');
    expect(e.message).toMatch(/binary/);
  });

  it('UTF-16 says which encoding to use instead', async () => {
    const e = await failure(() =>
      readSpendFile({ fileName: 'u.csv', stream: bytes(Buffer.from('\uFEFFDate,Amount\n', 'utf16le')) }, { today: TODAY }),
    );
    expect(e.reason).toBe('UNSUPPORTED_ENCODING');
    expect(e.message).toMatch(/UTF-16/);
  });

  it('more than 1,000 columns', async () => {
    const header = Array.from({ length: 10_000 }, (_, i) => `c${i}`).join(',');
    const e = await failure(() => readSpendFile({ fileName: 'w.csv', stream: bytes(`${header}\n`) }, { today: TODAY }));
    expect(e.reason).toBe('TOO_MANY_COLUMNS');
    expect(e.message).toMatch(/10,000 columns; at most 1,000/);
  });

  it('a 50 MB single line fails fast without buffering it', async () => {
    const block = Buffer.alloc(1024 * 1024, 'a');
    let produced = 0;
    async function* fiftyMb(): AsyncGenerator<Buffer> {
      for (let i = 0; i < 50; i++) {
        produced++;
        yield block;
      }
    }
    const e = await failure(() => readSpendFile({ fileName: 'long.csv', stream: fiftyMb }, { today: TODAY }));
    expect(e.reason).toBe('LINE_TOO_LONG');
    expect(e.message).toMatch(/Line 1 is longer than 1,000,000 characters/);
    expect(produced).toBeLessThan(5);
  });

  it('no header with two columns', async () => {
    const e = await failure(() => readSpendFile({ fileName: 'one.csv', stream: bytes('hello\nworld\n') }, { today: TODAY }));
    expect(e.reason).toBe('NO_HEADER');
  });

  it('invalid JSON and JSON that is not OCDS', async () => {
    expect((await failure(() => readSpendFile({ fileName: 'a.json', stream: bytes('{"releases": [') }, { today: TODAY }))).reason)
      .toBe('INVALID_JSON');
    expect((await failure(() => readSpendFile({ fileName: 'a.json', stream: bytes('{"foo": 1}') }, { today: TODAY }))).reason)
      .toBe('UNSUPPORTED_FORMAT');
  });
});

describe('readable files', () => {
  it('header only is a valid file with 0 rows, and says so', async () => {
    const read = await readSpendFile({ fileName: 'h.csv', stream: bytes('Date,Supplier,Amount\r\n') }, { today: TODAY });
    expect(await all(read)).toEqual([]);
    expect(read.notes.join(' ')).toMatch(/header row but no data rows/);
  });

  it('decodes Windows-1252 (€, £, é) when the bytes are not UTF-8', async () => {
    const read = await readSpendFile({ fileName: 'cp1252.csv', stream: createReadStream(join(FIXTURES, 'cp1252.csv')) }, { today: TODAY });
    const [row] = await all(read);
    expect(read.encoding).toBe('windows-1252');
    expect(row.ok && row.row).toMatchObject({ supplierName: 'Café € Ltd', amount: '12.50', currency: 'GBP' });
  });

  it('finds the header after preamble lines, with ; and decimal commas; flags formula-like text', async () => {
    const path = join(FIXTURES, 'formula-preamble-semicolon.csv');
    const read = await readSpendFile({ fileName: path, stream: createReadStream(path) }, { today: TODAY, defaultCurrency: 'eur' });
    const rows = await all(read);
    expect(read.delimiter).toBe(';');
    expect(read.headerRow).toBe(4);
    expect(read.mapping.dateFormat).toBe('D_MON_Y');
    expect(rows.map((r) => r.ok && [r.row.invoiceDate, r.row.amount, r.row.supplierName, r.row.currency])).toEqual([
      ['2014-04-01', '1234.56', '=HYPERLINK("http://x","y")', 'EUR'],
      ['2014-04-02', '-12.50', '@cmd', 'EUR'],
    ]);
    const flagged = rows.flatMap((r) => r.warnings.filter((w) => w.code === 'FORMULA_LIKE_TEXT').map((w) => w.column));
    expect(flagged).toEqual(['Supplier', 'Description', 'Supplier']);
  });

  it('reports ragged rows per row and keeps the others', async () => {
    const csv = 'Date,Supplier,Amount\n2024-01-01,A,1\n2024-01-02,B\n2024-01-03,C,3,\n2024-01-04,"D, multi\nline",4,extra\n2024-01-05,E,5\n';
    const read = await readSpendFile({ fileName: 'r.csv', stream: bytes(csv) }, { today: TODAY, defaultCurrency: 'GBP' });
    const rows = await all(read);
    const ledger = new ImportLedger();
    rows.forEach((r) => ledger.add(r));
    expect(rows.map((r) => [r.rowNumber, r.ok])).toEqual([[2, true], [3, false], [4, true], [5, false], [7, true]]);
    const ragged = rows.find((r) => r.rowNumber === 3);
    expect(ragged && !ragged.ok && ragged.errors[0]).toMatchObject({ code: 'ROW_RAGGED', rawValue: '2024-01-02,B' });
    expect(ledger).toMatchObject({ rowCount: 5, acceptedCount: 3, rejectedCount: 2, problemCounts: { ROW_RAGGED: 2 } });
    expect(ledger.sourceTotals()).toEqual([{ currency: 'GBP', amount: '9.00' }]);
  });

  it('derives stable source references, distinct for repeated rows', async () => {
    const csv = 'Date,Supplier,Amount\n2024-01-01,A,1\n2024-01-01,A,1\n';
    const refs = async () =>
      (await all(await readSpendFile({ fileName: 'd.csv', stream: bytes(csv) }, { today: TODAY, defaultCurrency: 'GBP' })))
        .map((r) => (r.ok ? r.row.sourceRef : ''));
    const first = await refs();
    expect(first[0]).not.toBe(first[1]);
    expect(first[1]).toBe(`${first[0]}#2`);
    expect(await refs()).toEqual(first);
  });

  it('row numbers survive chunk boundaries inside quotes and CRLF', async () => {
    const read = await readSpendFile(
      { fileName: 'c.csv', stream: bytes('Date,Supplier,Amount\r', '\n2024-01-01,"A ""q', '"" \r\nB",1\r\n2024-01-02,C', ',2') },
      { today: TODAY, defaultCurrency: 'GBP' },
    );
    const rows = await all(read);
    expect(rows.map((r) => r.ok && [r.rowNumber, r.row.supplierName])).toEqual([[2, 'A "q" \r\nB'], [4, 'C']]);
  });

  it('warns on dates more than a year ahead and on rounding', async () => {
    const csv = 'Date,Supplier,Amount\n2028-01-01,A,1.005\n';
    const [row] = await all(await readSpendFile({ fileName: 'f.csv', stream: bytes(csv) }, { today: TODAY, defaultCurrency: 'GBP' }));
    expect(row.ok && row.row.amount).toBe('1.00');
    expect(row.warnings.map((w) => w.code)).toEqual(['AMOUNT_ROUNDED', 'DATE_FUTURE']);
  });

  it('OCDS without monetary items gives 0 rows and an explanation', async () => {
    const doc = JSON.stringify({ releases: [{ ocid: 'o-1', date: '2020-01-01', tender: { value: { amount: 5, currency: 'GBP' } } }] });
    const read = await readSpendFile({ fileName: 't.json', stream: bytes(doc) }, { today: TODAY });
    expect(await all(read)).toEqual([]);
    expect(read.notes[0]).toMatch(/no payment \(implementation transaction\) with a value/);
  });

  it('reads the first worksheet of an XLSX with date and serial cells', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Spend');
    ws.addRow(['Payment Date', 'Supplier Name', 'Net Amount']);
    ws.addRow([new Date(Date.UTC(2024, 2, 31)), 'ACME LTD', 1234.5]);
    ws.addRow([new Date(Date.UTC(2024, 3, 1)), 'Redacted personal data', -20]);
    const buffer = Buffer.from(await wb.xlsx.writeBuffer());
    const read = await readSpendFile({ fileName: 's.xlsx', stream: bytes(buffer) }, { today: TODAY, defaultCurrency: 'GBP' });
    const rows = await all(read);
    expect(read.format).toBe('XLSX');
    expect(rows.map((r) => r.ok && [r.row.invoiceDate, r.row.supplierName, r.row.amount])).toEqual([
      ['2024-03-31', 'ACME LTD', '1234.50'],
      ['2024-04-01', 'REDACTED', '-20.00'],
    ]);
  });

  it('a garbage .xlsx is refused clearly', async () => {
    const e = await failure(async () => {
      const read = await readSpendFile({ fileName: 'bad.xlsx', stream: bytes('not a zip') }, { today: TODAY });
      await all(read);
    });
    expect(e.reason).toBe('INVALID_XLSX');
  });

  it('a damaged workbook is refused in words that say what to do, not the zip or XML library\'s', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Spend');
    ws.addRow(['Payment Date', 'Supplier Name', 'Net Amount']);
    for (let i = 0; i < 2000; i++) ws.addRow([new Date(Date.UTC(2024, 2, 1 + (i % 28))), `Supplier ${i}`, i + 0.5]);
    const whole = Buffer.from(await wb.xlsx.writeBuffer());
    // Every entry's compressed bytes after its header scrambled: a zip whose parts do not inflate.
    const damaged = Buffer.from(whole);
    for (let at = damaged.indexOf('PK\x03\x04', 0, 'latin1'); at >= 0; at = damaged.indexOf('PK\x03\x04', at + 4, 'latin1')) {
      const start = at + 30 + damaged.readUInt16LE(at + 26) + damaged.readUInt16LE(at + 28);
      for (let i = start + 2; i < Math.min(start + 40, damaged.length); i++) damaged[i] ^= 0x5a;
    }
    const e = await failure(async () => {
      const read = await readSpendFile({ fileName: 'damaged.xlsx', stream: bytes(damaged) }, { today: TODAY });
      await all(read);
    });
    expect(e.reason).toBe('INVALID_XLSX');
    expect(e.message).toMatch(/not a valid Excel \(\.xlsx\) file.*save it again as \.xlsx, or save the sheet as CSV/);
  });
});

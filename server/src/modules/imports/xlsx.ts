/**
 * First worksheet of an XLSX workbook as raw rows, with exceljs's streaming reader (the sheet is
 * never held whole). Cells become the text a CSV export would have: dates as 'YYYY-MM-DD',
 * numbers without exponent, formulas as their cached result.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { numberToDecimal } from './ocds.js';
import { ImportFileError, LIMITS, type RawRow } from './types.js';

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** exceljs gives date cells as JS Dates at UTC midnight of the date shown in Excel. */
function dateText(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberToDecimal(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateText(value);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('error' in value) return value.error;
  if ('formula' in value || 'sharedFormula' in value) {
    const result = value.result;
    if (result === undefined) return '';
    if (typeof result === 'object' && !(result instanceof Date)) return result.error;
    return cellText(result);
  }
  if ('hyperlink' in value) return typeof value.text === 'string' ? value.text : cellText(value.text);
  return '';
}

/** Yields the rows of the first worksheet; empty rows are skipped (they carry no data). */
export async function* readXlsxRows(chunks: AsyncIterable<Buffer>): AsyncGenerator<RawRow> {
  const input = Readable.from(chunks);
  // Styles are needed: without them exceljs cannot tell a date cell from a number.
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  try {
    for await (const worksheet of workbook) {
      for await (const row of worksheet) {
        const values = row.values;
        if (!Array.isArray(values)) continue;
        // row.values is 1-based and sparse.
        const width = Math.min(values.length - 1, LIMITS.maxColumns + 1);
        const cells: string[] = new Array<string>(Math.max(width, 0));
        for (let c = 1; c <= width; c++) cells[c - 1] = cellText(values[c]);
        if (cells.every((c) => c.trim() === '')) continue;
        yield { rowNumber: row.number, cells };
      }
      break;
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    // A system error (the stored upload unreadable: EIO, ENOENT…) is the server's, answered as an
    // internal error and logged; it names server paths, so it never reaches the batch's message.
    if (error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string' && /^E[A-Z]+$/.test((error as NodeJS.ErrnoException).code!)) throw error;
    // Anything else is the workbook's: the library's own words (zip records, XML parsers) help
    // nobody who made the file, so the message says what to do instead.
    throw new ImportFileError(
      'The workbook could not be read: it is not a valid Excel (.xlsx) file, or it is damaged or password-protected. Open it in Excel or LibreOffice and save it again as .xlsx, or save the sheet as CSV.',
      'INVALID_XLSX',
    );
  } finally {
    input.destroy();
  }
}

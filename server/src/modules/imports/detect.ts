/**
 * What kind of text a file holds: encoding (UTF-8 with/without BOM, a double-encoded BOM,
 * Windows-1252 fallback), delimiter and header row (after preamble lines). All decisions are
 * made on a bounded prefix of the file (LIMITS.sniffBytes).
 */
import { tokenizeText } from '../../lib/csv.js';
import { headerKey, headerMatchCount } from './mapping.js';
import { ImportFileError, LIMITS, type RawRow } from './types.js';

export type TextEncodingName = 'utf-8' | 'windows-1252';

export interface DetectedEncoding {
  encoding: TextEncodingName;
  /** Bytes to skip at the start: 3 for a BOM, 6 for a BOM that was itself UTF-8 encoded twice. */
  bomLength: number;
  bom: 'none' | 'bom' | 'double-bom';
}

const BOM = [0xef, 0xbb, 0xbf];
/** A BOM read as Windows-1252 and written again as UTF-8 ("ï»¿"). */
const DOUBLE_BOM = [0xc3, 0xaf, 0xc2, 0xbb, 0xc2, 0xbf];

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  if (bytes.length < prefix.length) return false;
  return prefix.every((b, i) => bytes[i] === b);
}

/**
 * Refuses what is not a text table: empty, binary (NUL bytes or many control characters),
 * UTF-16, or a ZIP/XLSX sent as CSV. `sample` is the start of the file.
 */
export function assertTextFile(sample: Uint8Array, fileName: string): void {
  if (sample.length === 0) throw new ImportFileError(`${fileName} is empty.`, 'EMPTY');
  if (startsWith(sample, [0xff, 0xfe]) || startsWith(sample, [0xfe, 0xff])) {
    throw new ImportFileError(
      `${fileName} is UTF-16 encoded; save it as CSV UTF-8 (or Windows-1252) and upload it again.`,
      'UNSUPPORTED_ENCODING',
    );
  }
  if (startsWith(sample, [0x50, 0x4b, 0x03, 0x04])) {
    throw new ImportFileError(`${fileName} is a ZIP/XLSX file, not CSV; upload it as XLSX.`, 'UNSUPPORTED_FORMAT');
  }
  let control = 0;
  for (let i = 0; i < sample.length; i++) {
    const b = sample[i];
    if (b === 0) {
      throw new ImportFileError(`${fileName} is a binary file (it contains NUL bytes), not a CSV text file.`, 'BINARY');
    }
    if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) || b === 0x7f) control++;
  }
  if (control / sample.length > 0.01) {
    throw new ImportFileError(`${fileName} looks binary (${control} control characters), not a CSV text file.`, 'BINARY');
  }
  let onlySpace = true;
  const start = startsWith(sample, BOM) ? 3 : startsWith(sample, DOUBLE_BOM) ? 6 : 0;
  for (let i = start; i < sample.length && onlySpace; i++) {
    const b = sample[i];
    if (b !== 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) onlySpace = false;
  }
  if (onlySpace) throw new ImportFileError(`${fileName} is empty (it has no text).`, 'EMPTY');
}

/**
 * UTF-8 when the sample decodes strictly as UTF-8 (a sequence split at the end of a partial
 * sample is fine),
 * otherwise Windows-1252, which any byte sequence is. Bytes after the sample that are not
 * valid UTF-8 become U+FFFD rather than failing the file.
 */
export function detectEncoding(sample: Uint8Array, wholeFile = false): DetectedEncoding {
  if (startsWith(sample, DOUBLE_BOM)) return { encoding: 'utf-8', bomLength: 6, bom: 'double-bom' };
  if (startsWith(sample, BOM)) return { encoding: 'utf-8', bomLength: 3, bom: 'bom' };
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: !wholeFile });
    return { encoding: 'utf-8', bomLength: 0, bom: 'none' };
  } catch {
    return { encoding: 'windows-1252', bomLength: 0, bom: 'none' };
  }
}

/** Windows-1252 bytes 0x80–0x9F; Node 20's TextDecoder treats that label as Latin-1. */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

export interface ChunkDecoder {
  decode(chunk: Uint8Array): string;
  end(): string;
}

export function createDecoder(encoding: TextEncodingName): ChunkDecoder {
  if (encoding === 'utf-8') {
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    return { decode: (chunk) => decoder.decode(chunk, { stream: true }), end: () => decoder.decode() };
  }
  // Single-byte: no state between chunks.
  return {
    decode: (chunk) =>
      Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
        .toString('latin1')
        .replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]),
    end: () => '',
  };
}

const DELIMITERS = [',', ';', '\t'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/**
 * The delimiter whose rows agree most on a cell count above 1. Counted over the first rows of
 * the sample, quote-aware, so commas inside quoted text or decimal commas do not mislead.
 */
export function detectDelimiter(text: string): Delimiter {
  const head = text.slice(0, 256 * 1024);
  let best: Delimiter = ',';
  let bestScore = -1;
  for (const delimiter of DELIMITERS) {
    const rows = tokenizeText(head, delimiter, false).slice(0, LIMITS.headerSearchRows + 20);
    const counts = new Map<number, number>();
    for (const r of rows) counts.set(r.cells.length, (counts.get(r.cells.length) ?? 0) + 1);
    let modeWidth = 1;
    let modeCount = 0;
    for (const [width, count] of counts) {
      if (width > 1 && (count > modeCount || (count === modeCount && width > modeWidth))) {
        modeWidth = width;
        modeCount = count;
      }
    }
    // Agreement first; more columns breaks ties (a ';' inside text rarely repeats on every row).
    const score = modeWidth > 1 ? modeCount * 1000 + modeWidth : 0;
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

export interface DetectedHeader {
  /** Index into the sampled rows. */
  index: number;
  /** 1-based physical line of the header row. */
  rowNumber: number;
  /** Header cells, trimmed; extended with "Column N" when data rows are consistently wider. */
  headers: string[];
  /** Notes for the user about what was assumed. */
  notes: string[];
}

const NUMBER_LIKE = /^[-+(£$€]?\s*[\d.,]+\)?%?$|^\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}/;

/**
 * Scores each of the first rows as the header: cells that are known header synonyms weigh
 * most, then text (not number/date) cells, then how many following rows have the same width.
 * Preamble lines (titles, an SQL query, blank-ish lines) score low on all three.
 */
export function detectHeaderRow(rows: readonly RawRow[]): DetectedHeader {
  if (rows.length === 0) throw new ImportFileError('The file has no rows.', 'EMPTY');
  const candidates = Math.min(rows.length, LIMITS.headerSearchRows);
  let bestIndex = 0;
  let bestScore = -Infinity;
  for (let i = 0; i < candidates; i++) {
    const cells = rows[i].cells;
    const nonEmpty = cells.filter((c) => c.trim() !== '');
    if (nonEmpty.length < 2 && rows.length > 1) continue;
    const keys = new Set(nonEmpty.map(headerKey));
    const textCells = nonEmpty.filter((c) => !NUMBER_LIKE.test(c.trim()) && c.length <= 120).length;
    const following = rows.slice(i + 1, i + 21);
    const sameWidth = following.filter((r) => r.cells.length >= cells.length).length;
    const consistency = following.length === 0 ? 0 : sameWidth / following.length;
    const score =
      headerMatchCount(nonEmpty) * 10 +
      textCells +
      consistency * 5 -
      (nonEmpty.length - keys.size) * 2 -
      (nonEmpty.length - textCells) * 3;
    if (score > bestScore) {
      bestScore = score;
      bestIndex = i;
    }
  }
  const header = rows[bestIndex];
  if (header.cells.length > LIMITS.maxColumns) {
    throw new ImportFileError(
      `The header has ${header.cells.length.toLocaleString('en')} columns; at most ${LIMITS.maxColumns.toLocaleString('en')} are supported.`,
      'TOO_MANY_COLUMNS',
    );
  }
  const headers = header.cells.map((c) => c.trim());
  const notes: string[] = [];
  if (bestIndex > 0) notes.push(`Skipped ${bestIndex} line(s) above the header row (line ${header.rowNumber}).`);
  // Data consistently wider than the header (Newcastle: 10 headers, 11 cells on every row):
  // the extra cells are an unnamed column, not a defect of every row.
  const data = rows.slice(bestIndex + 1, bestIndex + 201);
  if (data.length > 0) {
    const widths = new Map<number, number>();
    for (const r of data) widths.set(r.cells.length, (widths.get(r.cells.length) ?? 0) + 1);
    const [modeWidth, modeCount] = [...widths.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0];
    if (modeWidth > headers.length && modeWidth <= LIMITS.maxColumns && modeCount / data.length >= 0.8) {
      const hasContent = data.some((r) => r.cells.slice(headers.length).some((c) => c.trim() !== ''));
      if (hasContent) {
        for (let c = headers.length; c < modeWidth; c++) headers.push(`Column ${c + 1}`);
        notes.push(`Rows have ${modeWidth} cells but the header only ${header.cells.length}; the extra cells were read as unnamed columns.`);
      }
    }
    // A header with trailing empty cells (a trailing comma) over narrower rows.
    while (headers.length > modeWidth && headers[headers.length - 1] === '' && modeCount / data.length >= 0.8) headers.pop();
  }
  return { index: bestIndex, rowNumber: header.rowNumber, headers, notes };
}

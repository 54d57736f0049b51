/**
 * Streaming RFC 4180 tokenizer: quoted fields, embedded newlines, "" escapes, CRLF / LF / CR.
 * Works on decoded text chunks and keeps at most one incomplete record in memory, so a
 * record longer than `maxRecordChars` is refused (CsvRecordTooLong) before it can exhaust memory.
 * Imports read spend files with it and reference uploads read small tables (docs/imports.md).
 */

export interface RawRow {
  /** 1-based physical line number where the record starts (CSV) or sheet row number (XLSX). */
  rowNumber: number;
  cells: string[];
}

/**
 * A cell kept beyond its row (a cache key, a distinct text), as its own copy: a cell is a slice of
 * a chunk of the file's text, and keeping the slice would keep the whole chunk alive. Short
 * strings are never slices in V8, so they are kept as they are.
 */
export function detached(text: string): string {
  return text.length < 13 ? text : ` ${text}`.slice(1);
}

/** A single CSV record longer than this is refused (a 50 MB line must not be buffered). */
export const MAX_RECORD_CHARS = 1_000_000;

/** A record grew past the limit: a quote that never closes, or not a CSV file at all. */
export class CsvRecordTooLong extends Error {
  constructor(
    readonly line: number,
    readonly maxRecordChars: number,
  ) {
    super(`Line ${line} is longer than ${maxRecordChars.toLocaleString('en')} characters`);
    this.name = 'CsvRecordTooLong';
  }
}

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

export class CsvTokenizer {
  private readonly delimiter: number;
  private readonly delimiterText: string;
  private carry = '';
  /** Physical line number (1-based) where the next record starts. */
  private line = 1;

  constructor(
    delimiter: string,
    private readonly maxRecordChars: number = MAX_RECORD_CHARS,
  ) {
    this.delimiter = delimiter.charCodeAt(0);
    this.delimiterText = delimiter.charAt(0);
  }

  /** Feeds a chunk of text; returns the records completed by it. */
  push(chunk: string, out: RawRow[] = []): RawRow[] {
    const data = this.carry.length > 0 ? this.carry + chunk : chunk;
    this.carry = '';
    const consumed = this.parse(data, false, out);
    this.carry = consumed < data.length ? data.slice(consumed) : '';
    if (this.carry.length > this.maxRecordChars) {
      throw new CsvRecordTooLong(this.line, this.maxRecordChars);
    }
    return out;
  }

  /** Flushes the last record (a file need not end with a newline). */
  end(out: RawRow[] = []): RawRow[] {
    if (this.carry.length > 0) this.parse(this.carry, true, out);
    this.carry = '';
    return out;
  }

  /**
   * Parses whole records from `data`; returns how many characters were consumed. When `final`
   * is false a record that reaches the end of `data` is left unconsumed for the next chunk.
   */
  private parse(data: string, final: boolean, out: RawRow[]): number {
    const n = data.length;
    const delimText = this.delimiterText;
    let pos = 0;
    // Positions of the next quote and the next CR at or after `pos` (n = none), found lazily.
    let nextQuote = -1;
    let nextCr = -1;
    while (pos < n) {
      // Fast path: a whole line with no quote and no lone CR is split natively.
      const nl = data.indexOf('\n', pos);
      if (nl >= 0) {
        if (nextQuote < pos) {
          nextQuote = data.indexOf('"', pos);
          if (nextQuote < 0) nextQuote = n;
        }
        if (nextQuote > nl) {
          if (nextCr < pos) {
            nextCr = data.indexOf('\r', pos);
            if (nextCr < 0) nextCr = n;
          }
          const end = nextCr === nl - 1 ? nl - 1 : nextCr > nl ? nl : -1;
          if (end >= 0) {
            // Blank lines carry no data; they are skipped rather than reported.
            if (end > pos) {
              const cells: string[] = [];
              let start = pos;
              for (;;) {
                const d = data.indexOf(delimText, start);
                if (d < 0 || d >= end) break;
                cells.push(data.slice(start, d));
                start = d + 1;
              }
              cells.push(data.slice(start, end));
              out.push({ rowNumber: this.line, cells });
            }
            this.line += 1;
            pos = nl + 1;
            continue;
          }
        }
      }
      const next = this.parseRecord(data, pos, final, out);
      if (next < 0) return pos;
      pos = next;
    }
    return pos;
  }

  /**
   * Parses one record starting at `pos` (quotes, embedded newlines, any line ending); returns
   * where the next record starts, or -1 when the record reaches the end of a non-final `data`.
   */
  private parseRecord(data: string, pos: number, final: boolean, out: RawRow[]): number {
    const n = data.length;
    const delim = this.delimiter;
    const cells: string[] = [];
    let newlinesInside = 0;
    for (;;) {
      let value: string;
      if (data.charCodeAt(pos) === QUOTE) {
        let p = pos + 1;
        value = '';
        let closed = false;
        for (;;) {
          const q = data.indexOf('"', p);
          if (q < 0) break;
          value += data.slice(p, q);
          if (data.charCodeAt(q + 1) === QUOTE) {
            value += '"';
            p = q + 2;
            continue;
          }
          // A closing quote at the very end of a chunk may still be the first half of "".
          if (q + 1 >= n && !final) break;
          p = q + 1;
          closed = true;
          break;
        }
        if (!closed) {
          if (!final) return -1;
          // Unterminated quote at end of file: keep what is there rather than losing the row.
          value += data.slice(p);
          p = n;
        }
        // Text between a closing quote and the delimiter (`"a"b,`) is kept, as spreadsheets do.
        let e = p;
        while (e < n) {
          const c = data.charCodeAt(e);
          if (c === delim || c === LF || c === CR) break;
          e++;
        }
        if (e > p) value += data.slice(p, e);
        pos = e;
        for (let i = value.indexOf('\n'); i >= 0; i = value.indexOf('\n', i + 1)) newlinesInside++;
      } else {
        let p = pos;
        while (p < n) {
          const c = data.charCodeAt(p);
          if (c === delim || c === LF || c === CR) break;
          p++;
        }
        value = data.slice(pos, p);
        pos = p;
      }
      cells.push(value);
      if (pos >= n) {
        if (!final) return -1;
        break;
      }
      const c = data.charCodeAt(pos);
      if (c === delim) {
        pos++;
        if (pos >= n) {
          if (!final) return -1;
          cells.push('');
          break;
        }
        continue;
      }
      if (c === CR) {
        // A CR at the end of a chunk may be followed by the LF of a CRLF in the next one.
        if (pos + 1 >= n && !final) return -1;
        pos += data.charCodeAt(pos + 1) === LF ? 2 : 1;
      } else {
        pos++;
      }
      break;
    }
    // Every way out of the loop above ends a record (incomplete ones returned early).
    // Blank lines carry no data; they are skipped rather than reported.
    if (!(cells.length === 1 && cells[0] === '')) out.push({ rowNumber: this.line, cells });
    this.line += 1 + newlinesInside;
    return pos;
  }
}

/**
 * Tokenizes an async stream of text chunks a batch of records at a time (the records one chunk
 * completes; null at the end), so consumers pay one await per chunk rather than per record.
 *  */
export function tokenizeCsvBatches(chunks: AsyncIterable<string>, delimiter: string): { next(): Promise<RawRow[] | null> } {
  const tokenizer = new CsvTokenizer(delimiter);
  const iterator = chunks[Symbol.asyncIterator]();
  let ended = false;
  return {
    async next(): Promise<RawRow[] | null> {
      while (!ended) {
        const chunk = await iterator.next();
        if (chunk.done) {
          ended = true;
          const rows = tokenizer.end([]);
          return rows.length > 0 ? rows : null;
        }
        const rows = tokenizer.push(chunk.value, []);
        if (rows.length > 0) return rows;
      }
      return null;
    },
  };
}

/** Tokenizes a complete string (used on the sniffed prefix of a file). */
export function tokenizeText(text: string, delimiter: string, final: boolean): RawRow[] {
  const tokenizer = new CsvTokenizer(delimiter, Number.MAX_SAFE_INTEGER);
  const rows = tokenizer.push(text);
  if (final) tokenizer.end(rows);
  return rows;
}

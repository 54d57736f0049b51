/**
 * CSV fields, and buffered CSV file output for bulk loads (the demo generator, import staging):
 * rows go through one reusable buffer into a file that the store then loads with COPY.
 */
import { closeSync, openSync, writeSync } from 'node:fs';

/**
 * Appends rows to a file through one reusable 8 MB buffer. Each row is encoded straight into the
 * buffer, so no long-lived multi-megabyte strings are built: those made the garbage collector,
 * not the generator, the bottleneck.
 */
export class CsvWriter {
  private static readonly SIZE = 8 * 1024 * 1024;
  /** Rows are far shorter than this; when less room is left, the buffer is flushed first. */
  private static readonly MAX_ROW_BYTES = 64 * 1024;
  private readonly fd: number;
  private readonly buffer = Buffer.allocUnsafe(CsvWriter.SIZE);
  private offset = 0;
  rows = 0;

  constructor(path: string, header: readonly string[]) {
    this.fd = openSync(path, 'w');
    this.append(header.join(','));
  }

  /** `row` is one already-formatted CSV line without its newline. */
  write(row: string): void {
    this.append(row);
    this.rows++;
  }

  /** Formats and writes one row of values; for the small tables (the fact table builds strings directly). */
  writeValues(values: ReadonlyArray<string | number | null>): void {
    // Fields are copied into the buffer one character at a time when they are plain printable
    // ASCII (the common case), with no line string built; anything else goes through csvField.
    // A row whose length could reach the row limit takes the original path, which checks it.
    let chars = values.length;
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      chars += 2 * (typeof v === 'string' ? v.length : 24) + 2;
    }
    if (chars * 3 + 1 > CsvWriter.MAX_ROW_BYTES) {
      this.write(values.map(loadField).join(','));
      return;
    }
    if (this.offset + CsvWriter.MAX_ROW_BYTES > CsvWriter.SIZE) this.flush();
    const buffer = this.buffer;
    let o = this.offset;
    for (let i = 0; i < values.length; i++) {
      if (i > 0) buffer[o++] = 0x2c; // ,
      const v = values[i];
      if (v === null) continue;
      if (typeof v === 'number' && v >= 0 && v <= 0x7fffffff && (v | 0) === v) {
        // A non-negative integer (ids, row numbers): its digits, written backwards.
        let digits = 1;
        for (let x = v; x >= 10; x = (x / 10) | 0) digits++;
        let x = v;
        for (let j = o + digits - 1; j >= o; j--) {
          const q = (x / 10) | 0;
          buffer[j] = 48 + x - q * 10;
          x = q;
        }
        o += digits;
        continue;
      }
      const s = typeof v === 'string' ? v : String(v);
      const n = s.length;
      if (n === 0) throw new Error(EMPTY_LOADS_AS_NULL);
      const first = s.charCodeAt(0);
      const last = s.charCodeAt(n - 1);
      let plain = first > 32 && first < 127 && last > 32 && last < 127;
      if (plain) {
        for (let j = 0; j < n; j++) {
          const c = s.charCodeAt(j);
          if (c < 0x2d ? c === 0x22 || c === 0x2c || c === 0x0a || c === 0x0d : c > 0x7f) {
            plain = false;
            break;
          }
          buffer[o + j] = c;
        }
      }
      o += plain ? n : buffer.write(csvField(s), o, 'utf8');
    }
    buffer[o++] = 0x0a; // \n
    this.offset = o;
    this.rows++;
  }

  private append(line: string): void {
    if (line.length * 3 + 1 > CsvWriter.MAX_ROW_BYTES) throw new Error('CsvWriter: row too long');
    if (this.offset + CsvWriter.MAX_ROW_BYTES > CsvWriter.SIZE) this.flush();
    this.offset += this.buffer.write(line, this.offset, 'utf8');
    this.buffer[this.offset++] = 0x0a; // \n
  }

  private flush(): void {
    let written = 0;
    while (written < this.offset) written += writeSync(this.fd, this.buffer, written, this.offset - written);
    this.offset = 0;
  }

  close(): void {
    this.flush();
    closeSync(this.fd);
  }
}

/**
 * One CSV field as RFC 4180 writes it: null → empty, and text quoted (quotes doubled) when it
 * holds a quote, comma or line break. Text with leading or trailing white space is quoted too,
 * so readers that trim unquoted fields keep it. The value is never altered otherwise: exports
 * neutralise formula-like text before it gets here (lib/cells.ts), bulk loads keep it as is.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  const s = String(value);
  return /[",\n\r]/.test(s) || s !== s.trim() ? `"${s.replaceAll('"', '""')}"` : s;
}

const EMPTY_LOADS_AS_NULL = 'CsvWriter: empty strings would load as NULL';

/** A field of a bulk-load file, where an empty field is the loader's NULL: empty text cannot be told apart, so it is refused. */
function loadField(value: string | number | null): string {
  if (value === '') throw new Error(EMPTY_LOADS_AS_NULL);
  return csvField(value);
}

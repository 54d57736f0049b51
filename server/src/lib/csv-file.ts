/**
 * Buffered CSV file output for bulk loads (the demo generator, import staging): rows go
 * through one reusable buffer into a file that the store then loads with COPY.
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
    this.write(values.map(csvField).join(','));
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

/** One CSV field: null → empty (the loader's NULL), text quoted only when it has to be. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  const s = String(value);
  if (s === '') throw new Error('csvField: empty strings would load as NULL');
  return /[",\n\r]/.test(s) || s !== s.trim() ? `"${s.replaceAll('"', '""')}"` : s;
}

/**
 * The small pieces the generator needs to write CSV fast and exactly: buffered file output,
 * field quoting, calendar arithmetic on day numbers and decimal formatting from integers.
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

// ---- dates as day numbers (days since 1970-01-01, UTC): cheap to add and compare in hot loops

const MS_PER_DAY = 86_400_000;

export function dayNumber(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number);
  return Date.UTC(y, m - 1, d) / MS_PER_DAY;
}

export function isoDate(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The day number of the first of the month `months` after the month containing `day`. */
export function addMonths(day: number, months: number): number {
  const d = new Date(day * MS_PER_DAY);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, d.getUTCDate()) / MS_PER_DAY;
}

// ---- exact decimals from integers

/** Cents → "1234.56" / "-0.05". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const frac = abs % 100;
  return `${sign}${(abs - frac) / 100}.${frac < 10 ? '0' : ''}${frac}`;
}

/** Micros (1e-6) → "1.165000". */
export function formatMicros(micros: number): string {
  const frac = micros % 1_000_000;
  return `${(micros - frac) / 1_000_000}.${String(frac).padStart(6, '0')}`;
}

/**
 * cents × rate(micros) → cents, rounded half to even. Exact: both operands are integers and
 * their product stays below 2^53 (asserted), so doubles hold it without rounding; the quotient
 * and remainder are then taken on integers. BigInt would be exact too, but ten million BigInt
 * multiplications cost seconds this loop does not need to spend.
 */
export function convertCents(cents: number, rateMicros: number): number {
  const product = Math.abs(cents) * rateMicros;
  if (!Number.isSafeInteger(product)) throw new Error(`convertCents: ${cents} × ${rateMicros} exceeds 2^53`);
  const remainder = product % 1_000_000;
  let quotient = (product - remainder) / 1_000_000;
  if (remainder > 500_000 || (remainder === 500_000 && quotient % 2 === 1)) quotient += 1;
  return cents < 0 ? -quotient : quotient;
}

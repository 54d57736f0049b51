/**
 * The small pieces the generator needs to write CSV fast and exactly: buffered file output,
 * field quoting, calendar arithmetic on day numbers and currency conversion on integers.
 */
import { divRoundHalfEvenInt } from '../lib/decimal.js';

export { CsvWriter, csvField } from '../lib/csv-file.js';


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

/**
 * cents × rate(micros) → cents, rounded half to even. Exact: both operands are integers and
 * their product stays below 2^53 (asserted), so doubles hold it without rounding. BigInt would
 * be exact too, but ten million BigInt multiplications cost seconds this loop does not need to spend.
 */
export function convertCents(cents: number, rateMicros: number): number {
  const product = cents * rateMicros;
  if (!Number.isSafeInteger(product)) throw new Error(`convertCents: ${cents} × ${rateMicros} exceeds 2^53`);
  return divRoundHalfEvenInt(product, 1_000_000);
}

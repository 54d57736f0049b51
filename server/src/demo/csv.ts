/**
 * The small pieces the generator needs to write CSV fast and exactly: buffered file output,
 * field quoting, calendar arithmetic on day numbers and decimal formatting from integers.
 */
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

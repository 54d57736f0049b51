/**
 * The numbers of one import, counted once as its rows stream through: rows, accepted, rejected,
 * warnings and problems by code, and exact totals per source currency and in the reporting
 * currency. The service writes a batch's counts from it; the dataset tests compare it with their
 * own reading of the files.
 */
import { fromScaled } from '../../lib/decimal.js';
import type { ProblemCode, ValidatedRow } from './types.js';

export class ImportLedger {
  rowCount = 0;
  acceptedCount = 0;
  rejectedCount = 0;
  /** Every warning: those on validated rows and those found while staging (FX_RATE_MISSING). */
  warningCount = 0;
  /** Problems by code, errors and warnings alike. */
  readonly problemCounts: Partial<Record<ProblemCode, number>> = {};
  private readonly bySource = new Map<string, CentsSum>();
  private readonly reporting = new CentsSum();
  /** Accepted rows no FX rate converts, per currency: their count and their amounts as in the file. */
  private readonly noRate = new Map<string, { rows: number; sum: CentsSum }>();

  /** Counts a validated row; an accepted row's amount goes to its currency's total. */
  add(validated: ValidatedRow): void {
    this.rowCount++;
    if (validated.ok) {
      this.acceptedCount++;
      const { amount, currency } = validated.row;
      let sum = this.bySource.get(currency);
      if (sum === undefined) {
        sum = new CentsSum();
        this.bySource.set(currency, sum);
      }
      sum.add(amount);
    } else {
      this.rejectedCount++;
      for (const e of validated.errors) this.count(e.code);
    }
    for (const w of validated.warnings) this.warn(w.code);
  }

  /** A warning about a row already added, found after validation. */
  warn(code: ProblemCode): void {
    this.warningCount++;
    this.count(code);
  }

  /** Adds an accepted row's amount as converted to the reporting currency (a 2-decimal string). */
  addReporting(amount: string): void {
    this.reporting.add(amount);
  }

  /** An accepted row that no FX rate converts (its amount as in the file): counted under its currency. */
  addUnconverted(currency: string, amount: string): void {
    let entry = this.noRate.get(currency);
    if (entry === undefined) this.noRate.set(currency, (entry = { rows: 0, sum: new CentsSum() }));
    entry.rows++;
    entry.sum.add(amount);
  }

  /** Per currency (in code order), the accepted rows no FX rate converts and their total as in the file. */
  unconverted(): Array<{ currency: string; rows: number; amount: string }> {
    return [...this.noRate]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([currency, { rows, sum }]) => ({ currency, rows, amount: fromScaled(sum.value(), 2) }));
  }

  /** Cents of the accepted amounts that could be converted, in the reporting currency. */
  reportingCents(): bigint {
    return this.reporting.value();
  }

  /** The accepted amounts that could be converted, in the reporting currency. */
  reportingTotal(): string {
    return fromScaled(this.reportingCents(), 2);
  }

  /** Cents of the accepted amounts per currency, in the order the currencies first appeared. */
  centsByCurrency(): Map<string, bigint> {
    return new Map([...this.bySource].map(([currency, sum]) => [currency, sum.value()]));
  }

  /** The accepted amounts per currency as decimal strings, as a batch stores them. */
  sourceTotals(): Array<{ currency: string; amount: string }> {
    return [...this.centsByCurrency()].map(([currency, cents]) => ({ currency, amount: fromScaled(cents, 2) }));
  }

  private count(code: ProblemCode): void {
    this.problemCounts[code] = (this.problemCounts[code] ?? 0) + 1;
  }
}

const SAFE_SUM = 2 ** 52;

/**
 * An exact sum of amounts ("-1234.50", always 2 decimals, as validation writes them): a float
 * accumulator while that is exact, BigInt beyond, so millions of rows cost no BigInt each.
 */
class CentsSum {
  private big = 0n;
  private small = 0;

  add(amount: string): void {
    const cents = smallCents(amount);
    if (cents === undefined) {
      this.big += BigInt(amount.replace('.', ''));
      return;
    }
    this.small += cents;
    if (this.small > SAFE_SUM || this.small < -SAFE_SUM) {
      this.big += BigInt(this.small);
      this.small = 0;
    }
  }

  value(): bigint {
    return this.small === 0 ? this.big : this.big + BigInt(this.small);
  }
}

/**
 * Cents of an amount ("-1234.50"): a number when it is a safe integer (at most 15 digits, so a
 * sum of one more stays exact), undefined otherwise.
 */
function smallCents(amount: string): number | undefined {
  const n = amount.length;
  const negative = amount.charCodeAt(0) === 45;
  // Digits = length less the point and the sign; 15 digits stay below 2^50.
  if (n - (negative ? 2 : 1) > 15) return undefined;
  let i = negative ? 1 : 0;
  let cents = 0;
  for (; i < n; i++) {
    const c = amount.charCodeAt(i);
    if (c !== 46) cents = cents * 10 + (c - 48);
  }
  return negative ? -cents : cents;
}

/**
 * An accepted row's amount in the reporting currency, at the rate of its month (docs/imports.md,
 * "Amounts that do not fit"): exact (BigInt cents × rate in millionths, half to even at the cent),
 * and refused when the result does not fit a stored amount, so that staging and commit never ask
 * the engine to hold it.
 */
import { AMOUNT_LIMIT_NOTE, amountFits, divRoundHalfEven, fromScaled, toScaled } from '../../lib/decimal.js';
import type { AcceptedRow, RowProblem } from './types.js';

export type Conversion =
  /** The amount in the reporting currency (2 decimals). */
  | { kind: 'CONVERTED'; amount: string }
  /** No rate for the currency and month: the line is kept unconverted, with a warning. */
  | { kind: 'NO_RATE' }
  /** The converted amount (exact, 2 decimals) does not fit DECIMAL(18,2): the row is an error. */
  | { kind: 'TOO_LARGE'; amount: string; rate: string };

const MICROS = 1_000_000n;

/** FX rates into the reporting currency by currency and month, as stored in `fx_rates`. */
export class FxTable {
  private readonly rates = new Map<string, bigint>();

  constructor(rows: Iterable<{ currency: string; month: string; rate: string }>, readonly reporting: string) {
    for (const r of rows) this.rates.set(`${r.currency}:${r.month.slice(0, 7)}`, toScaled(r.rate, 6));
  }

  /** `amount` (a decimal string of an accepted row) in `currency` on `date` ('YYYY-MM-DD') in the reporting currency. */
  convert(amount: string, currency: string, date: string): Conversion {
    // Already a stored amount (validation checked it fits).
    if (currency === this.reporting) return { kind: 'CONVERTED', amount };
    const micros = this.rates.get(`${currency}:${date.slice(0, 7)}`);
    if (micros === undefined) return { kind: 'NO_RATE' };
    const cents = divRoundHalfEven(toScaled(amount, 2) * micros, MICROS);
    const converted = fromScaled(cents, 2);
    return amountFits(cents) ? { kind: 'CONVERTED', amount: converted } : { kind: 'TOO_LARGE', amount: converted, rate: fromScaled(micros, 6) };
  }

  /** The row error for a conversion that does not fit, reported on the amount column (`column`: its header). */
  tooLargeProblem(row: AcceptedRow, conversion: Extract<Conversion, { kind: 'TOO_LARGE' }>, column: string): RowProblem {
    return {
      rowNumber: row.rowNumber,
      column,
      code: 'REPORTING_AMOUNT_TOO_LARGE',
      message:
        `${row.amount} ${row.currency} at the ${row.invoiceDate.slice(0, 7)} rate of ${conversion.rate} is ${conversion.amount} ${this.reporting}, ` +
        `too large to store (${AMOUNT_LIMIT_NOTE}).`,
      rawValue: row.amount,
    };
  }
}

import { describe, expect, it } from 'vitest';
import { ImportLedger } from './ledger.js';
import type { AcceptedRow, RowProblem, ValidatedRow } from './types.js';

let rowNumber = 1;
const problem = (code: RowProblem['code']): RowProblem => ({ rowNumber, column: null, code, message: code, rawValue: null });
const accepted = (amount: string, currency: string, warnings: RowProblem[] = []): ValidatedRow => {
  const row = { rowNumber: ++rowNumber, amount, currency } as AcceptedRow;
  return { ok: true, rowNumber, row, warnings };
};
const rejected = (...codes: RowProblem['code'][]): ValidatedRow => ({ ok: false, rowNumber: ++rowNumber, errors: codes.map(problem), warnings: [] });

describe('ImportLedger', () => {
  it('counts rows, problems and exact totals per currency, past 2^53 cents', () => {
    // 9e15 cents is beyond what a double adds exactly once a few are summed.
    const amounts = ['90000000000000.01', '90000000000000.01', '-0.05', '12.30', '9999999999999999.99', '-9999999999999999.99', '0.07'];
    const ledger = new ImportLedger();
    for (const a of amounts) ledger.add(accepted(a, 'GBP'));
    ledger.add(accepted('1.10', 'EUR', [problem('AMOUNT_ROUNDED'), problem('FORMULA_LIKE_TEXT')]));
    ledger.add(rejected('DATE_MISSING', 'AMOUNT_INVALID'));
    ledger.add(rejected('DATE_MISSING'));
    // Worked out by hand: 2 × 9000000000000001 − 5 + 1230 + 7 cents.
    expect(ledger.centsByCurrency()).toEqual(new Map([['GBP', 18_000_000_000_001_234n], ['EUR', 110n]]));
    expect(ledger.sourceTotals()).toEqual([{ currency: 'GBP', amount: '180000000000012.34' }, { currency: 'EUR', amount: '1.10' }]);
    expect(ledger).toMatchObject({ rowCount: 10, acceptedCount: 8, rejectedCount: 2, warningCount: 2 });
    expect(ledger.problemCounts).toEqual({ AMOUNT_ROUNDED: 1, FORMULA_LIKE_TEXT: 1, DATE_MISSING: 2, AMOUNT_INVALID: 1 });
  });

  it('keeps many small amounts exact', () => {
    const ledger = new ImportLedger();
    for (let i = 0; i < 100_000; i++) ledger.add(accepted('999999999999.99', 'USD'));
    expect(ledger.sourceTotals()).toEqual([{ currency: 'USD', amount: '99999999999999000.00' }]);
  });

  it('adds staging warnings and the reporting-currency total', () => {
    const ledger = new ImportLedger();
    ledger.add(accepted('10.00', 'USD'));
    ledger.add(accepted('5.00', 'JPY'));
    ledger.addReporting('7.99');
    ledger.warn('FX_RATE_MISSING');
    expect(ledger.reportingTotal()).toBe('7.99');
    expect(ledger).toMatchObject({ acceptedCount: 2, warningCount: 1, problemCounts: { FX_RATE_MISSING: 1 } });
    expect(new ImportLedger().reportingTotal()).toBe('0.00');
    expect(new ImportLedger().sourceTotals()).toEqual([]);
  });
});

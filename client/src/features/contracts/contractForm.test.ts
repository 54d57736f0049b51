import { describe, expect, it } from 'vitest';
import { checkContractForm, conflictRows, contractInputOf, emptyContractForm, fieldOfError, type ContractFormValues } from './contractForm';

const valid: ContractFormValues = {
  ...emptyContractForm('1', 'EUR'), number: 'CTR-1', title: 'Cloud', supplierId: '7', supplierName: 'Acme', categoryIds: ['3'], startDate: '2025-01-01',
  endDate: '2025-12-31', ceiling: '250,000.50',
};

describe('contract form', () => {
  it('accepts good values and sends them trimmed and upper-cased', () => {
    expect(checkContractForm(valid)).toEqual({});
    expect(contractInputOf({ ...valid, currency: 'gbp ', number: ' CTR-1 ' })).toMatchObject({ number: 'CTR-1', currency: 'GBP', ceiling: '250000.50', paymentTermsDays: 30, noticeDays: 0 });
  });
  it('names each wrong field', () => {
    expect(checkContractForm({ ...valid, endDate: '2024-12-31', ceiling: '0', categoryIds: [], supplierId: null, noticeDays: '-1' })).toEqual({
      endDate: 'The end date is before the start date.', ceiling: 'The ceiling must be more than 0.', categoryIds: 'Choose at least one category the contract covers.',
      supplierId: 'Choose the supplier.', noticeDays: 'Whole days, 0 to 3650.',
    });
    expect(checkContractForm({ ...valid, ceiling: '10.005' }).ceiling).toBeDefined();
    // A negative amount is an amount: it is told what is wrong with it, not how to write one.
    expect(checkContractForm({ ...valid, ceiling: '-500' }).ceiling).toBe('The ceiling must be more than 0.');
  });
  it('maps server fields to form fields', () => {
    expect(fieldOfError('input.endDate')).toBe('endDate');
    expect(fieldOfError('input.categoryIds')).toBe('categoryIds');
    expect(fieldOfError('version')).toBeNull();
  });
  it('lists what changed on both sides after a stale save', () => {
    const current = { ...valid, title: 'Cloud hosting', ceiling: '300000' };
    const mine = { ...valid, ceiling: '260000', endDate: '2026-06-30' };
    expect(conflictRows(valid, current, mine)).toEqual([
      { field: 'title', changedByOthers: true, changedByYou: false },
      { field: 'endDate', changedByOthers: false, changedByYou: true },
      { field: 'ceiling', changedByOthers: true, changedByYou: true },
    ]);
  });
});

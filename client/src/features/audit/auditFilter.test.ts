import { describe, expect, it } from 'vitest';
import { actionLabel, auditFilterFromParams, entityLabel, fieldLabel, valueLabel } from './auditFilter';

describe('audit filter labels', () => {
  it('reads codes as words', () => {
    expect(actionLabel('savedView.create')).toBe('Saved view: create');
    expect(actionLabel('user.update')).toBe('User: update');
    expect(actionLabel('import.commit')).toBe('Import: commit');
    expect(actionLabel('supplier.mergeUndo')).toBe('Supplier: merge undo');
    expect(entityLabel('ImportBatch')).toBe('Import batch');
    expect(entityLabel('User')).toBe('User');
    expect(fieldLabel('removedBusinessUnits')).toBe('Removed business units');
    expect(fieldLabel('name')).toBe('Name');
  });

  it('reads a role or status code in words and leaves other values as recorded', () => {
    expect(valueLabel('role', 'CATEGORY_MANAGER')).toBe('Category manager');
    expect(valueLabel('status', 'ROLLED_BACK')).toBe('Rolled back');
    // A category code, a unit code or a name is what was recorded, even when it looks like a code.
    expect(valueLabel('categories', 'IT, CON.BLD')).toBe('IT, CON.BLD');
    expect(valueLabel('name', 'ACME_LTD')).toBe('ACME_LTD');
    expect(valueLabel('role', 'viewer')).toBe('viewer');
  });
});

describe('auditFilterFromParams', () => {
  it('reads the audit log filter from the URL', () => {
    const params = new URLSearchParams('user=12&action=user.update&entity=User&entityId=7&from=2026-01-01&to=2026-01-31&offset=50');
    expect(auditFilterFromParams(params)).toEqual({ userId: '12', action: 'user.update', entity: 'User', entityId: '7', dateFrom: '2026-01-01', dateTo: '2026-01-31' });
  });

  it('leaves out what is malformed, so a hand-edited link still opens', () => {
    expect(auditFilterFromParams(new URLSearchParams('user=abc&from=yesterday&to=2026-02-30'))).toEqual({});
    expect(auditFilterFromParams(new URLSearchParams(''))).toEqual({});
  });

  it('reads a period that ends before it begins the other way round', () => {
    expect(auditFilterFromParams(new URLSearchParams('from=2026-11-28&to=2026-11-01'))).toEqual({ dateFrom: '2026-11-01', dateTo: '2026-11-28' });
  });
});

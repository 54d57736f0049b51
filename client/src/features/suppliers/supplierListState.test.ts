import { describe, expect, it } from 'vitest';
import { parseSupplierList, supplierQueryOf, writeSupplierList } from './supplierListState';

describe('the supplier list in the URL', () => {
  it('reads search, filters and sort, ignoring what it does not know', () => {
    const state = parseSupplierList(new URLSearchParams('q=acme&status=BLOCKED,NOPE&country=de,FRA,fr&family=42&all=1&sort=CHANGE:asc'));
    expect(state).toEqual({
      search: 'acme', statuses: ['BLOCKED'], countries: ['DE', 'FR'], familyId: '42', withoutSpend: true, sort: { field: 'CHANGE', direction: 'ASC' },
    });
  });

  it('defaults to the largest spend first, and names A–Z when sorted by name without a direction', () => {
    expect(parseSupplierList(new URLSearchParams('')).sort).toEqual({ field: 'SPEND', direction: 'DESC' });
    expect(parseSupplierList(new URLSearchParams('sort=NAME')).sort).toEqual({ field: 'NAME', direction: 'ASC' });
    expect(parseSupplierList(new URLSearchParams('family=x1')).familyId).toBeNull();
  });

  it('writes changes beside the global filter, back to the first page, without defaults', () => {
    const next = writeSupplierList(new URLSearchParams('from=2025-01-01&offset=100&sort=NAME:asc'), { search: ' acme ', sort: { field: 'SPEND', direction: 'DESC' } });
    expect(next.toString()).toBe('from=2025-01-01&q=acme');
  });

  it('asks for suppliers without spend when merged ones are wanted', () => {
    expect(supplierQueryOf(parseSupplierList(new URLSearchParams('status=MERGED'))).only).toEqual({
      statuses: ['MERGED'], countryCodes: null, familyId: null, includeWithoutSpend: true,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { contractFilterOf, expiringContractsLink, hasContractFilters, parseContractParams, writeContractParams } from './contractParams';

describe('contract list URL state', () => {
  it('round-trips through the query string, in status order, dropping bad values', () => {
    const params = parseContractParams(new URLSearchParams('status=EXPIRED,EXPIRING,NOPE&q=cloud&supplier=12&cat=3,x,4&bu=2&owner=1&within=90&view=timeline&offset=50'));
    expect(params).toEqual({
      statuses: ['EXPIRING', 'EXPIRED'], search: 'cloud', supplierId: '12', categoryIds: ['3', '4'], businessUnitIds: ['2'], ownerIds: ['1'], within: 90, view: 'timeline',
    });
    expect(writeContractParams(new URLSearchParams('offset=50&x=1'), params).toString())
      .toBe('x=1&status=EXPIRING%2CEXPIRED&q=cloud&supplier=12&cat=3%2C4&bu=2&owner=1&within=90&view=timeline');
    expect(writeContractParams(new URLSearchParams('offset=50'), params, { keepPage: true }).get('offset')).toBe('50');
  });
  it('ignores a supplier that is not an id and a window outside 0…36500', () => {
    const params = parseContractParams(new URLSearchParams('supplier=abc&within=-3'));
    expect(params.supplierId).toBeNull();
    expect(params.within).toBeNull();
    expect(hasContractFilters(params)).toBe(false);
    expect(parseContractParams(new URLSearchParams('within=0')).within).toBe(0);
  });
  it('becomes the API filter with nulls for what is not set', () => {
    expect(contractFilterOf(parseContractParams(new URLSearchParams('status=DRAFT&within=30')))).toEqual({
      statuses: ['DRAFT'], search: null, supplierId: null, categoryIds: null, businessUnitIds: null, ownerIds: null, expiringWithinDays: 30,
    });
  });
  it('the expiring tile keeps the overview\'s categories and units, and nothing else', () => {
    expect(expiringContractsLink(new URLSearchParams('from=2025-01-01&cat=3&bu=4,5'))).toBe('/contracts?status=EXPIRING&cat=3&bu=4%2C5');
    expect(expiringContractsLink(new URLSearchParams(''))).toBe('/contracts?status=EXPIRING');
  });
});

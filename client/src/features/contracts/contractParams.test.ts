import { describe, expect, it } from 'vitest';
import { contractFilterOf, expiringContractsLink, hasContractFilters, parseContractParams, writeContractParams } from './contractParams';
import { noFilterParams, type SpendFilterParams } from '../../filters/spendFilter';

describe('contract list URL state', () => {
  it('round-trips through the query string, in status order, dropping bad values', () => {
    const params = parseContractParams(new URLSearchParams('status=EXPIRED,EXPIRING,NOPE&q=cloud&sup=12,x,15,12&cat=3,x,4&bu=2&owner=1&within=90&view=timeline&offset=50'));
    expect(params).toEqual({
      statuses: ['EXPIRING', 'EXPIRED'], search: 'cloud', supplierIds: ['12', '15'], categoryIds: ['3', '4'], businessUnitIds: ['2'], ownerIds: ['1'], within: 90, view: 'timeline',
    });
    expect(writeContractParams(new URLSearchParams('offset=50&x=1'), params).toString())
      .toBe('x=1&status=EXPIRING%2CEXPIRED&q=cloud&sup=12%2C15&cat=3%2C4&bu=2&owner=1&within=90&view=timeline');
    expect(writeContractParams(new URLSearchParams('offset=50'), params, { keepPage: true }).get('offset')).toBe('50');
  });
  it('reads an older link\'s single supplier as sup, and writes it back as sup', () => {
    const params = parseContractParams(new URLSearchParams('supplier=12&status=ACTIVE'));
    expect(params.supplierIds).toEqual(['12']);
    expect(writeContractParams(new URLSearchParams('supplier=12&status=ACTIVE'), params).toString()).toBe('status=ACTIVE&sup=12');
    // The bar's suppliers win over an older single one.
    expect(parseContractParams(new URLSearchParams('supplier=12&sup=15')).supplierIds).toEqual(['15']);
  });
  it('ignores a supplier that is not an id and a window outside 0…36500', () => {
    const params = parseContractParams(new URLSearchParams('supplier=abc&within=-3'));
    expect(params.supplierIds).toEqual([]);
    expect(params.within).toBeNull();
    expect(hasContractFilters(params)).toBe(false);
    expect(parseContractParams(new URLSearchParams('within=0')).within).toBe(0);
  });
  it('becomes the API filter with nulls for what is not set', () => {
    expect(contractFilterOf(parseContractParams(new URLSearchParams('status=DRAFT&within=30')))).toEqual({
      statuses: ['DRAFT'], search: null, supplierIds: null, categoryIds: null, businessUnitIds: null, ownerIds: null, expiringWithinDays: 30,
    });
    expect(contractFilterOf(parseContractParams(new URLSearchParams('sup=12,15'))).supplierIds).toEqual(['12', '15']);
  });
  it('the expiring tile keeps the categories, units and suppliers it counted with, and nothing else', () => {
    const overview: SpendFilterParams = { ...noFilterParams, from: '2025-01-01', categoryIds: ['3'], businessUnitIds: ['4', '5'], supplierIds: ['815', '4711'] };
    const link = expiringContractsLink(overview);
    expect(link).toBe('/contracts?status=EXPIRING&cat=3&bu=4%2C5&sup=815%2C4711');
    // The list reads back exactly that filter.
    expect(contractFilterOf(parseContractParams(new URL(link, 'http://x').searchParams))).toMatchObject({
      statuses: ['EXPIRING'], categoryIds: ['3'], businessUnitIds: ['4', '5'], supplierIds: ['815', '4711'],
    });
    expect(expiringContractsLink({ categoryIds: [], businessUnitIds: [], supplierIds: [] })).toBe('/contracts?status=EXPIRING');
  });
});

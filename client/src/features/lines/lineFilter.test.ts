import { describe, expect, it } from 'vitest';
import { combineLineFilter, describeDrill, drillNeedsNames, lineFilterSearch, normaliseLinesSearch, parseLineFilter } from './lineFilter';

describe('lines filter from a link', () => {
  it('keeps what the API accepts and counts what it leaves out', () => {
    const filter = JSON.stringify({
      dateFrom: '2025-01-01',
      dateTo: 'yesterday',
      categoryIds: ['3'],
      bogus: 1,
      members: [
        { dimension: 'SUPPLIER', ids: ['12', null] },
        { dimension: 'BOGUS', ids: ['1'] },
        { dimension: 'toString', ids: ['1'] },
      ],
    });
    expect(parseLineFilter(new URLSearchParams({ filter }))).toEqual({
      filter: { dateFrom: '2025-01-01', categoryIds: ['3'], members: [{ dimension: 'SUPPLIER', ids: ['12', null] }] },
      invalid: false,
      ignored: 4,
    });
  });
  it('keeps a savings opportunity the API knows, and drops one it does not', () => {
    const known = JSON.stringify({ dateFrom: '2025-01-01', opportunity: 'TAIL_SPEND' });
    expect(parseLineFilter(new URLSearchParams({ filter: known })).filter).toEqual({ dateFrom: '2025-01-01', opportunity: 'TAIL_SPEND' });
    const unknown = JSON.stringify({ opportunity: 'CHEAPER_COFFEE' });
    expect(parseLineFilter(new URLSearchParams({ filter: unknown }))).toMatchObject({ filter: {}, ignored: 1 });
  });
  it('reports a filter that is not JSON as invalid', () => {
    expect(parseLineFilter(new URLSearchParams({ filter: '{oops' })).invalid).toBe(true);
  });
});

describe('lines links with a filter bar', () => {
  it('puts dates and units in the bar and keeps the drill apart', () => {
    const search = new URLSearchParams(
      lineFilterSearch({ dateFrom: '2025-01-01', dateTo: '2025-12-31', businessUnitIds: ['4'], categoryIds: ['12'], members: [{ dimension: 'SUPPLIER', ids: ['7'], exclude: true }] }, '/explore?rows=SUPPLIER', 'Others (40)'),
    );
    expect(Object.fromEntries(search)).toEqual({
      from: '2025-01-01', to: '2025-12-31', bu: '4',
      filter: JSON.stringify({ categoryIds: ['12'], members: [{ dimension: 'SUPPLIER', ids: ['7'], exclude: true }] }),
      what: 'Others (40)', back: '/explore?rows=SUPPLIER',
    });
    expect(parseLineFilter(search).filter).toEqual({ categoryIds: ['12'], members: [{ dimension: 'SUPPLIER', ids: ['7'], exclude: true }] });
  });

  it('puts the display currency in the bar (`cur`), so the lines total the figure clicked in its currency', () => {
    const search = new URLSearchParams(lineFilterSearch({ dateFrom: '2025-01-01', dateTo: '2025-12-31', categoryIds: ['12'], displayCurrency: 'USD' }));
    expect(Object.fromEntries(search)).toEqual({ from: '2025-01-01', to: '2025-12-31', cur: 'USD', filter: JSON.stringify({ categoryIds: ['12'] }) });
    expect(combineLineFilter({ dateFrom: '2025-01-01', displayCurrency: 'USD' }, { categoryIds: ['12'] }, null)).toEqual({ categoryIds: ['12'], dateFrom: '2025-01-01', displayCurrency: 'USD' });
    expect(combineLineFilter({ dateFrom: '2025-01-01' }, { categoryIds: ['12'] }, null)).toEqual({ categoryIds: ['12'], dateFrom: '2025-01-01' });
  });

  it('moves dates and units out of an older link’s filter once', () => {
    const old = new URLSearchParams({ filter: JSON.stringify({ dateFrom: '2025-01-01', dateTo: '2025-03-31', businessUnitIds: ['2'], hasPo: true }) });
    const moved = normaliseLinesSearch(old)!;
    expect(Object.fromEntries(moved)).toEqual({ filter: JSON.stringify({ hasPo: true }), from: '2025-01-01', to: '2025-03-31', bu: '2' });
    expect(normaliseLinesSearch(moved)).toBeNull();
  });

  it('puts a link\'s suppliers in the bar, where they show and can be removed, and reads the very same lines', () => {
    const filter = { dateFrom: '2025-01-01', dateTo: '2025-12-31', businessUnitIds: ['4'], categoryIds: ['17'], supplierIds: ['815'], onContract: false };
    const search = new URLSearchParams(lineFilterSearch(filter, undefined, 'Leakage from K-1'));
    expect(Object.fromEntries(search)).toEqual({
      from: '2025-01-01', to: '2025-12-31', bu: '4', sup: '815', filter: JSON.stringify({ categoryIds: ['17'], onContract: false }), what: 'Leakage from K-1',
    });
    const drill = parseLineFilter(search).filter;
    // The bar's filter for those params (as useSpendFilter hands it), with the drill: the link's own filter, nothing more or less.
    const bar = { dateFrom: '2025-01-01', dateTo: '2025-12-31', businessUnitIds: ['4'], categoryIds: null, supplierIds: ['815'] };
    expect(combineLineFilter(bar, drill, null)).toEqual(filter);
    // Removed from the bar, the supplier no longer applies; the rest of the drill does.
    const { supplierIds: _removed, ...wider } = filter;
    expect(combineLineFilter({ ...bar, supplierIds: null }, drill, null)).toEqual(wider);
    // No supplier at all (an empty list) stays in the drill: the bar would read it as every supplier.
    expect(parseLineFilter(new URLSearchParams(lineFilterSearch({ categoryIds: ['17'], supplierIds: [] }))).filter).toEqual({ categoryIds: ['17'], supplierIds: [] });
  });

  it('moves an older link\'s suppliers to the bar once, unless the bar names suppliers of its own', () => {
    const old = new URLSearchParams({ filter: JSON.stringify({ categoryIds: ['17'], supplierIds: ['815'] }), what: 'Laptops' });
    const moved = normaliseLinesSearch(old)!;
    expect(Object.fromEntries(moved)).toEqual({ filter: JSON.stringify({ categoryIds: ['17'] }), what: 'Laptops', sup: '815' });
    expect(normaliseLinesSearch(moved)).toBeNull();
    expect(Object.fromEntries(normaliseLinesSearch(new URLSearchParams({ filter: JSON.stringify({ supplierIds: ['815'] }) }))!)).toEqual({ sup: '815' });
    // With the bar's own suppliers, both apply (combineLineFilter): the drill keeps its own.
    expect(normaliseLinesSearch(new URLSearchParams({ filter: JSON.stringify({ supplierIds: ['815'] }), sup: '4711' }))).toBeNull();
    const dated = normaliseLinesSearch(new URLSearchParams({ filter: JSON.stringify({ dateFrom: '2025-01-01', supplierIds: ['815'] }), sup: '4711' }))!;
    expect(Object.fromEntries(dated)).toEqual({ filter: JSON.stringify({ supplierIds: ['815'] }), sup: '4711', from: '2025-01-01' });
  });

  it('reads the lines with the bar, the drill and the search together', () => {
    const bar = { dateFrom: '2025-01-01', dateTo: '2025-12-31', businessUnitIds: ['4'], categoryIds: ['1'] };
    expect(combineLineFilter(bar, { members: [{ dimension: 'MONTH', ids: ['2025-03'] }] }, ' acme ')).toEqual({
      dateFrom: '2025-01-01', dateTo: '2025-12-31', businessUnitIds: ['4'], categoryIds: ['1'], members: [{ dimension: 'MONTH', ids: ['2025-03'] }], search: 'acme',
    });
    // A drill into a deeper category keeps it, and the bar's top-level categories still apply.
    expect(combineLineFilter(bar, { categoryIds: ['17'] }, null)).toEqual({
      dateFrom: '2025-01-01', dateTo: '2025-12-31', businessUnitIds: ['4'], categoryIds: ['17'], members: [{ dimension: 'CATEGORY_L1', ids: ['1'] }],
    });
    // The bar's suppliers apply as they are, or beside a drill's own suppliers as a member filter (both must hold).
    const withSuppliers = { ...bar, supplierIds: ['815', '4711'] };
    expect(combineLineFilter(withSuppliers, {}, null)).toMatchObject({ supplierIds: ['815', '4711'] });
    expect(combineLineFilter(withSuppliers, { supplierIds: ['815'], categoryIds: ['17'] }, null)).toEqual({
      dateFrom: '2025-01-01', dateTo: '2025-12-31', businessUnitIds: ['4'], categoryIds: ['17'], supplierIds: ['815'],
      members: [{ dimension: 'CATEGORY_L1', ids: ['1'] }, { dimension: 'SUPPLIER', ids: ['815', '4711'] }],
    });
  });
});

describe('describeDrill', () => {
  // Category 3 and business unit 3 are different things with one id.
  const names = {
    categories: new Map([['7', 'IT & Telecoms'], ['8', 'Logistics'], ['9', 'Facilities'], ['10', 'Legal'], ['3', 'Fleet']]),
    businessUnits: new Map([['3', 'Operations']]),
  };
  it('names categories and business units once their names are known, and counts them until then', () => {
    expect(describeDrill({ categoryIds: ['7'] }, null, names)).toEqual(['Category: IT & Telecoms']);
    expect(describeDrill({ categoryIds: ['7', '8', '9'] }, null, names)).toEqual(['Categories: IT & Telecoms, Logistics and Facilities']);
    expect(describeDrill({ categoryIds: ['7', '8', '9', '10'] }, null, names)).toEqual(['Categories: IT & Telecoms, Logistics and 2 more']);
    expect(describeDrill({ categoryIds: ['7', '8'] }, null, null)).toEqual(['2 categories']);
    expect(describeDrill({ categoryIds: ['7', '99'] }, null, names)).toEqual(['2 categories']);
    expect(describeDrill({ members: [{ dimension: 'BUSINESS_UNIT', ids: ['3'] }, { dimension: 'CATEGORY_L2', ids: ['8'], exclude: true }] }, null, names))
      .toEqual(['Business unit: Operations', 'Category (level 2): all but Logistics']);
    expect(describeDrill({ categoryIds: ['3'], members: [{ dimension: 'BUSINESS_UNIT', ids: ['3'] }] }, null, names))
      .toEqual(['Category: Fleet', 'Business unit: Operations']);
    // Suppliers are counted; a lone null key is named as the cube names it; a drill's own label wins.
    expect(describeDrill({ members: [{ dimension: 'SUPPLIER', ids: ['1', '2'] }, { dimension: 'CATEGORY_L1', ids: [null] }] }, null, names))
      .toEqual(['Supplier: 2 selected', 'Category (level 1): Unclassified']);
    expect(describeDrill({ categoryIds: ['7'] }, 'Tail spend', names)).toEqual(['Tail spend']);
  });
  it('asks for names only when a chip would show them', () => {
    expect(drillNeedsNames({ categoryIds: ['7'] }, null)).toBe(true);
    expect(drillNeedsNames({ members: [{ dimension: 'BUSINESS_UNIT', ids: ['3'] }] }, null)).toBe(true);
    expect(drillNeedsNames({ members: [{ dimension: 'SUPPLIER', ids: ['3'] }] }, null)).toBe(false);
    expect(drillNeedsNames({ categoryIds: ['7'] }, 'Tail spend')).toBe(false);
  });
});

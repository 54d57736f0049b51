import { describe, expect, it } from 'vitest';
import { combineLineFilter, lineFilterSearch, normaliseLinesSearch, parseLineFilter } from './lineFilter';

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

  it('moves dates and units out of an older link’s filter once', () => {
    const old = new URLSearchParams({ filter: JSON.stringify({ dateFrom: '2025-01-01', dateTo: '2025-03-31', businessUnitIds: ['2'], hasPo: true }) });
    const moved = normaliseLinesSearch(old)!;
    expect(Object.fromEntries(moved)).toEqual({ filter: JSON.stringify({ hasPo: true }), from: '2025-01-01', to: '2025-03-31', bu: '2' });
    expect(normaliseLinesSearch(moved)).toBeNull();
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

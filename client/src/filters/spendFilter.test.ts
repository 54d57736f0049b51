import { describe, expect, it } from 'vitest';
import {
  activePresetId, datePresets, describeDroppedFilterValues, droppedFilterValues, hasActiveFilters, keepKnownIds, last12Months, noFilterParams, parseFilterParams, resolvePeriod,
  writeFilterParams,
  carriedSearch,
  defaultPeriodOf,
  filterSearch,
} from './spendFilter';

describe('spend filter URL state', () => {
  it('round-trips through the query string and drops empty values', () => {
    const params = parseFilterParams(new URLSearchParams('from=2025-01-01&to=2025-12-31&bu=3,4&cat=12&x=1'));
    expect(params).toEqual({ from: '2025-01-01', to: '2025-12-31', businessUnitIds: ['3', '4'], categoryIds: ['12'], supplierIds: [], displayCurrency: null });
    const written = writeFilterParams(new URLSearchParams('x=1&bu=9'), { ...params, businessUnitIds: [] });
    expect(written.toString()).toBe('x=1&from=2025-01-01&to=2025-12-31&cat=12');
  });
  it('reads suppliers from `sup`, in order, each once, and writes them back the same way', () => {
    const params = parseFilterParams(new URLSearchParams('sup=815,%204711%20,,815&bu=3'));
    expect(params.supplierIds).toEqual(['815', '4711']);
    expect(writeFilterParams(new URLSearchParams('x=1'), params).toString()).toBe('x=1&bu=3&sup=815%2C4711');
    expect(parseFilterParams(writeFilterParams(new URLSearchParams(), params))).toEqual(params);
    // Removing the last supplier removes the parameter; other parameters stay.
    expect(writeFilterParams(new URLSearchParams('sup=815&view=2'), { ...params, supplierIds: [] }).toString()).toBe('view=2&bu=3');
  });
  it('goes back to the first page when a filter changes, and keeps the page when none does', () => {
    const search = new URLSearchParams('from=2025-01-01&to=2025-12-31&sort=CHANGE&offset=50');
    const params = parseFilterParams(search);
    expect(writeFilterParams(search, params).get('offset')).toBe('50');
    const changed = writeFilterParams(search, { ...params, from: '2024-01-01', to: '2024-12-31' });
    expect(changed.toString()).toBe('from=2024-01-01&to=2024-12-31&sort=CHANGE');
    // The same filter spelt differently (spaces, a repeated id, another order) is no change.
    const spelt = new URLSearchParams('sup=815, 4711,815&bu=3&offset=50');
    expect(writeFilterParams(spelt, { ...parseFilterParams(spelt), supplierIds: ['4711', '815'] }).get('offset')).toBe('50');
    expect(writeFilterParams(spelt, { ...parseFilterParams(spelt), businessUnitIds: [] }).get('offset')).toBeNull();
  });
  it("keeps only the filter bar's parameters for a link to another screen", () => {
    expect(filterSearch('?from=2024-01-01&to=2024-12-31&sort=CHANGE&offset=50&bu=3&open=1,2')).toBe('?from=2024-01-01&to=2024-12-31&bu=3');
    expect(filterSearch('?sort=CHANGE&offset=50')).toBe('');
  });

  it('writes out the period seen when the next screen\'s default differs (overview 12 months, lines all time)', () => {
    const range = { minDate: '2021-03-04', maxDate: '2026-10-31' };
    // Overview → lines with no dates: the overview's last 12 months go along.
    expect(carriedSearch('?bu=3&sort=X', '/', '/lines', range)).toBe('?bu=3&from=2025-11-01&to=2026-10-31');
    // Lines → overview with no dates: all of the data, as the lines showed it.
    expect(carriedSearch('', '/lines', '/', range)).toBe('?from=2021-03-04&to=2026-10-31');
    // Same defaults, or dates already named, or no range known yet: only the bar's parameters.
    expect(carriedSearch('?cat=5', '/', '/explore', range)).toBe('?cat=5');
    expect(carriedSearch('?from=2024-01-01&to=2024-12-31', '/', '/lines', range)).toBe('?from=2024-01-01&to=2024-12-31');
    expect(carriedSearch('?cat=5', '/', '/lines', null)).toBe('?cat=5');
    expect(defaultPeriodOf('/lines')).toBe('all');
    expect(defaultPeriodOf('/categories/4')).toBe('last12Months');
    expect(parseFilterParams(new URLSearchParams(filterSearch('?cat=12&sup=815,4711&x=1')))).toEqual(parseFilterParams(new URLSearchParams('cat=12&sup=815,4711')));
  });
  it('counts a chosen supplier as an active filter, so Reset shows', () => {
    expect(hasActiveFilters(parseFilterParams(new URLSearchParams('sup=815')))).toBe(true);
    expect(hasActiveFilters(parseFilterParams(new URLSearchParams('x=1')))).toBe(false);
    expect(noFilterParams).toEqual(parseFilterParams(new URLSearchParams()));
  });
  it('ignores malformed dates', () => {
    expect(parseFilterParams(new URLSearchParams('from=yesterday')).from).toBeNull();
  });
  it('defaults to the 12 months ending at the last invoice', () => {
    expect(last12Months('2025-12-31')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(last12Months('2026-03-15')).toEqual({ from: '2025-04-01', to: '2026-03-15' });
    const empty = parseFilterParams(new URLSearchParams(''));
    expect(resolvePeriod(empty, '2026-03-15')).toEqual({ from: '2025-04-01', to: '2026-03-15' });
    expect(resolvePeriod(empty, null)).toBeNull();
  });
  it('offers previous calendar years present in the data', () => {
    const presets = datePresets('2023-02-01', '2025-06-30');
    expect(presets.map((p) => p.label)).toEqual(['Last 12 months', 'Year to date', '2024', '2023', 'All time']);
    const params = parseFilterParams(new URLSearchParams('from=2024-01-01&to=2024-12-31'));
    expect(activePresetId(params, presets)).toBe('year-2024');
    expect(activePresetId(parseFilterParams(new URLSearchParams('')), presets)).toBe('last-12-months');
    // Naming the default period's dates explicitly chooses it too.
    expect(activePresetId(parseFilterParams(new URLSearchParams('from=2024-07-01&to=2025-06-30')), presets)).toBe('last-12-months');
  });

  it('offers all dates as the default where a screen lists everything (the lines)', () => {
    const presets = datePresets('2023-02-01', '2025-06-30', 'all');
    expect(presets.find((p) => p.id === 'all-time')).toMatchObject({ from: null, to: null });
    expect(presets.find((p) => p.id === 'last-12-months')).toMatchObject({ from: '2024-07-01', to: '2025-06-30' });
    expect(activePresetId(parseFilterParams(new URLSearchParams('')), presets)).toBe('all-time');
    expect(activePresetId(parseFilterParams(new URLSearchParams('from=2023-02-01&to=2025-06-30')), presets)).toBe('all-time');
    expect(resolvePeriod(parseFilterParams(new URLSearchParams('')), '2025-06-30', '2023-02-01')).toEqual({ from: '2023-02-01', to: '2025-06-30' });
  });
});

describe('display currency in the URL', () => {
  it('reads `cur` as an upper-case ISO code, writes it back, and keeps it out of "active filters"', () => {
    const params = parseFilterParams(new URLSearchParams('cur=usd&bu=3'));
    expect(params.displayCurrency).toBe('USD');
    expect(writeFilterParams(new URLSearchParams(), params).toString()).toBe('bu=3&cur=USD');
    expect(parseFilterParams(new URLSearchParams('cur=US-D')).displayCurrency).toBeNull();
    expect(hasActiveFilters({ ...noFilterParams, displayCurrency: 'USD' })).toBe(false);
    // A currency change shows the same lines: the page is kept.
    expect(writeFilterParams(new URLSearchParams('offset=50'), { ...noFilterParams, displayCurrency: 'GBP' }).get('offset')).toBe('50');
  });
  it('drops a currency without rates and says so', () => {
    const search = new URLSearchParams('cur=XYZ');
    const directory = { businessUnitIds: new Set<string>(), categoryIds: new Set<string>(), supplierIds: null, currencies: new Set(['EUR', 'USD']) };
    const kept = keepKnownIds(parseFilterParams(search), directory);
    expect(kept.displayCurrency).toBeNull();
    expect(keepKnownIds(parseFilterParams(new URLSearchParams('cur=USD')), directory).displayCurrency).toBe('USD');
    expect(describeDroppedFilterValues(droppedFilterValues(search, kept))).toBe(
      'This link asked for a currency without exchange rates; figures are shown in the reporting currency.',
    );
  });
});

describe('unknown filter values in the URL', () => {
  const directory = { businessUnitIds: new Set(['1', '2']), categoryIds: new Set(['10']), supplierIds: new Set(['815']) };
  it('drops ids the directory does not know, and counts them and bad dates for a notice', () => {
    const search = new URLSearchParams('from=not-a-date&bu=1,999,abc&cat=10');
    const kept = keepKnownIds(parseFilterParams(search), directory);
    expect(kept).toEqual({ from: null, to: null, businessUnitIds: ['1'], categoryIds: ['10'], supplierIds: [], displayCurrency: null });
    const dropped = droppedFilterValues(search, kept);
    expect(dropped).toEqual({ businessUnits: 2, categories: 0, suppliers: 0, dates: 1, reversed: false });
    expect(describeDroppedFilterValues(dropped)).toBe(
      'This link asked for 2 business units that are unknown or outside your scope, and 1 date that is not valid; they are ignored.',
    );
  });
  it('drops suppliers the look-up did not name (unknown, out of scope, not an id) and says so', () => {
    const search = new URLSearchParams('sup=815,999,x1&cat=10,11');
    const kept = keepKnownIds(parseFilterParams(search), directory);
    expect(kept.supplierIds).toEqual(['815']);
    const dropped = droppedFilterValues(search, kept);
    expect(dropped).toMatchObject({ categories: 1, suppliers: 2 });
    expect(describeDroppedFilterValues(dropped)).toBe('This link asked for 1 category and 2 suppliers that are unknown or outside your scope; they are ignored.');
    const one = new URLSearchParams('bu=9&cat=11&sup=999');
    expect(describeDroppedFilterValues(droppedFilterValues(one, keepKnownIds(parseFilterParams(one), directory)))).toBe(
      'This link asked for 1 business unit, 1 category and 1 supplier that are unknown or outside your scope; they are ignored.',
    );
    // When the look-up failed, ids are kept unless they cannot be ids at all (the API would refuse the whole filter).
    expect(keepKnownIds(parseFilterParams(search), { ...directory, supplierIds: null }).supplierIds).toEqual(['815', '999']);
  });
  it('ignores dates that do not exist and counts each of them; reads a reversed period the other way round', () => {
    const impossible = new URLSearchParams('from=2025-13-45&to=2025-02-30');
    expect(parseFilterParams(impossible)).toMatchObject({ from: null, to: null });
    expect(droppedFilterValues(impossible, parseFilterParams(impossible))).toEqual({ businessUnits: 0, categories: 0, suppliers: 0, dates: 2, reversed: false });
    const oneBad = new URLSearchParams('from=notadate&to=2025-02-30');
    expect(describeDroppedFilterValues(droppedFilterValues(oneBad, parseFilterParams(oneBad)))).toBe(
      'This link asked for 2 dates that are not valid; they are ignored.',
    );
    const reversed = new URLSearchParams('from=2026-01-01&to=2020-01-01');
    expect(parseFilterParams(reversed)).toMatchObject({ from: '2020-01-01', to: '2026-01-01' });
    const dropped = droppedFilterValues(reversed, parseFilterParams(reversed));
    expect(dropped).toEqual({ businessUnits: 0, categories: 0, suppliers: 0, dates: 0, reversed: true });
    expect(describeDroppedFilterValues(dropped)).toBe("This link's period ended before it began; it is read the other way round.");
  });
  it('keeps everything while the directory is unknown, and says nothing when nothing was dropped', () => {
    const params = parseFilterParams(new URLSearchParams('bu=999'));
    expect(keepKnownIds(params, null)).toEqual(params);
    expect(describeDroppedFilterValues({ businessUnits: 0, categories: 0, suppliers: 0, dates: 0 })).toBeNull();
    expect(describeDroppedFilterValues({ businessUnits: 0, categories: 1, suppliers: 0, dates: 0 })).toBe(
      'This link asked for 1 category that is unknown or outside your scope; it is ignored.',
    );
  });
});

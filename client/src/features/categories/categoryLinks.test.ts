import { describe, expect, it } from 'vitest';
import { parseExplorerState } from '../explore/explorerState';
import { parseLineFilter } from '../lines/lineFilter';
import { categoryFilter, exploreHref, linesHref } from './categoryLinks';

const software = { id: '2', level: 2, ancestorIds: ['1'] };

describe('category drill links', () => {
  it('narrow the filter to the category, or to nothing when the filter names other categories', () => {
    const period = { dateFrom: '2025-01-01', dateTo: '2025-12-31' };
    expect(categoryFilter(period, software)).toEqual({ ...period, categoryIds: ['2'] });
    expect(categoryFilter({ ...period, categoryIds: ['1', '9'] }, software)).toEqual({ ...period, categoryIds: ['2'] });
    expect(categoryFilter({ ...period, categoryIds: ['9'] }, software)).toEqual({ ...period, categoryIds: [] });
  });

  it('open /lines with the filter the page reads back', () => {
    const href = linesHref({ dateFrom: '2025-01-01', categoryIds: ['2'], opportunity: 'TAIL_SPEND' }, 'Tail spend', '/categories/2');
    const search = new URL(href, 'http://x').searchParams;
    expect(new URL(href, 'http://x').pathname).toBe('/lines');
    // The period goes to the lines screen's filter bar; the rest is the drill's own part.
    expect(search.get('from')).toBe('2025-01-01');
    expect(parseLineFilter(search)).toEqual({ filter: { categoryIds: ['2'], opportunity: 'TAIL_SPEND' }, invalid: false, ignored: 0 });
    expect(search.get('what')).toBe('Tail spend');
    expect(search.get('back')).toBe('/categories/2');
  });

  it('open /explore on the category as a member filter of its level, keeping the screen filter', () => {
    const href = exploreHref({ from: '2025-01-01', to: '2025-12-31', businessUnitIds: ['3'], categoryIds: [], supplierIds: ['42', '7'] }, software, ['SUPPLIER'], ['SPEND', 'LINE_COUNT'])!;
    const search = new URL(href, 'http://x').searchParams;
    expect(search.get('from')).toBe('2025-01-01');
    expect(search.get('bu')).toBe('3');
    expect(search.get('sup')).toBe('42,7');
    expect(parseExplorerState(search)).toMatchObject({ rows: ['SUPPLIER'], measures: ['SPEND', 'LINE_COUNT'], filters: [{ dimension: 'CATEGORY_L2', ids: ['2'] }] });
    // Level 4 is a cube dimension too: its categories open the explorer on CATEGORY_L4.
    const level4 = exploreHref({ from: null, to: null, businessUnitIds: [], categoryIds: [], supplierIds: [] }, { id: '7', level: 4 }, ['SUPPLIER'], ['SPEND']);
    expect(parseExplorerState(new URL(level4!, 'http://x').searchParams)).toMatchObject({ filters: [{ dimension: 'CATEGORY_L4', ids: ['7'] }] });
    expect(exploreHref({ from: null, to: null, businessUnitIds: [], categoryIds: [], supplierIds: [] }, { id: '8', level: 5 }, ['SUPPLIER'], ['SPEND'])).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { savedViewLink } from './savedViewLink';

describe('where a saved view opens', () => {
  it('a pivot made through the API opens the explorer with its whole filter in the bar, suppliers included', () => {
    const definition = JSON.stringify({
      query: { dimensions: ['CATEGORY_L1'], measures: ['SPEND'], filter: { dateFrom: '2025-01-01', dateTo: '2025-06-30', businessUnitIds: ['3'], categoryIds: ['12'], supplierIds: ['815', '4711'] } },
    });
    const search = new URL(savedViewLink('PIVOT', definition, '9')!, 'http://x').searchParams;
    expect(Object.fromEntries(search)).toMatchObject({ from: '2025-01-01', to: '2025-06-30', bu: '3', cat: '12', sup: '815,4711', rows: 'CATEGORY_L1', view: '9' });
  });
});

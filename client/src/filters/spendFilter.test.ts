import { describe, expect, it } from 'vitest';
import { activePresetId, datePresets, last12Months, parseFilterParams, resolvePeriod, writeFilterParams } from './spendFilter';

describe('spend filter URL state', () => {
  it('round-trips through the query string and drops empty values', () => {
    const params = parseFilterParams(new URLSearchParams('from=2025-01-01&to=2025-12-31&bu=3,4&cat=12&x=1'));
    expect(params).toEqual({ from: '2025-01-01', to: '2025-12-31', businessUnitIds: ['3', '4'], categoryIds: ['12'] });
    const written = writeFilterParams(new URLSearchParams('x=1&bu=9'), { ...params, businessUnitIds: [] });
    expect(written.toString()).toBe('x=1&from=2025-01-01&to=2025-12-31&cat=12');
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
  });
});

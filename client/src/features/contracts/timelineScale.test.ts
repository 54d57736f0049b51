import { describe, expect, it } from 'vitest';
import { timelineScale } from './timelineScale';

describe('contract timeline scale', () => {
  it('spans every term, the as-of date and the warning window, with year ticks in order', () => {
    const scale = timelineScale([{ startDate: '2024-01-01', endDate: '2026-12-31' }, { startDate: '2025-06-01', endDate: '2028-05-31' }], '2026-11-21', 90);
    expect(scale.warningEnd).toBe('2027-02-19');
    expect(scale.position('2024-01-01')).toBeGreaterThan(0);
    expect(scale.position('2028-05-31')).toBeLessThan(1);
    expect(scale.position('2026-11-21')).toBeLessThan(scale.position('2027-02-19'));
    expect(scale.ticks.map((t) => t.label)).toEqual(['2024', '2025', '2026', '2027', '2028']);
    expect(scale.ticks.every((t, i) => i === 0 || t.at > scale.ticks[i - 1].at)).toBe(true);
  });
  it('shows the as-of date and its window even with no contract', () => {
    const scale = timelineScale([], '2026-11-21', 90);
    expect(scale.position('2026-11-21')).toBeGreaterThan(0);
    expect(scale.position('2027-02-19')).toBeLessThan(1);
  });
});

import { describe, expect, it } from 'vitest';
import { formatMoney } from '../format/numbers';
import { columnClasses, compareCellValues, formatCellValue } from './tableColumns';

describe('table column formatting', () => {
  it('formats values through the column format and shows a dash for no value', () => {
    expect(formatCellValue('1234.5', (value) => formatMoney(value, 'GBP'))).toBe('£1,234.50');
    expect(formatCellValue(42)).toBe('42');
    expect(formatCellValue(null, () => 'never')).toBe('—');
    expect(formatCellValue('', () => 'never')).toBe('—');
  });

  it('compares Decimal strings as numbers in numeric columns and text naturally otherwise', () => {
    const amounts = ['1200.00', '99.50', '-3', '1000'];
    expect([...amounts].sort((a, b) => compareCellValues(a, b, true))).toEqual(['-3', '99.50', '1000', '1200.00']);
    const names = ['beta', 'Alpha', 'item 10', 'item 9'];
    expect([...names].sort((a, b) => compareCellValues(a, b, false))).toEqual(['Alpha', 'beta', 'item 9', 'item 10']);
  });

  it('adds the alignment class to the column classes', () => {
    const align = { right: 'R', numeric: 'N' };
    expect(columnClasses({ numeric: true, className: 'numeric' }, align)).toBe('numeric N');
    expect(columnClasses({ align: 'right' }, align)).toBe('R');
    expect(columnClasses(undefined, align)).toBeUndefined();
  });
});

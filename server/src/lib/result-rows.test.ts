import { describe, expect, it } from 'vitest';
import { columnsOf, findTables, flattenObject, isDecimalColumn, numericColumns, primaryTable } from './result-rows.js';

describe('flattenObject', () => {
  it('names nested fields by their path and keeps scalars as they are', () => {
    expect(flattenObject({ id: '1', supplier: { name: 'Acme', country: { code: 'GB' } }, amount: '12.50', count: 3, onContract: false, note: null })).toEqual({
      id: '1',
      'supplier.name': 'Acme',
      'supplier.country.code': 'GB',
      amount: '12.50',
      count: 3,
      onContract: false,
      note: null,
    });
  });

  it('spreads short lists over indexed columns, as a cube row needs', () => {
    expect(flattenObject({ keys: [{ id: '1', label: 'IT' }, { id: '2025', label: '2025' }], values: ['10.00', null] })).toEqual({
      'keys.0.id': '1', 'keys.0.label': 'IT', 'keys.1.id': '2025', 'keys.1.label': '2025', 'values.0': '10.00', 'values.1': null,
    });
  });

  it('writes a long list into one cell: scalars joined, objects as JSON', () => {
    const many = Array.from({ length: 13 }, (_, i) => `a${i}`);
    expect(flattenObject({ tags: many })).toEqual({ tags: many.join('; ') });
    const objects = Array.from({ length: 13 }, (_, i) => ({ i }));
    expect(flattenObject({ items: objects })).toEqual({ items: JSON.stringify(objects) });
  });

  it('a null object adds no columns', () => {
    expect(flattenObject({ parent: null, name: 'x' })).toEqual({ parent: null, name: 'x' });
  });
});

describe('findTables', () => {
  const data = {
    me: { email: 'a@b' },
    spendCube: {
      totals: { amount: '30.00' },
      rows: [
        { keys: [{ dimension: 'CATEGORY', label: 'IT' }], amount: '10.00', lines: 2 },
        { keys: [{ dimension: 'CATEGORY', label: 'Travel' }], amount: '20.00', lines: 5, extra: { flag: true } },
      ],
    },
    suppliers: { nodes: [{ id: '7', name: 'Acme' }] },
  };

  it('finds every list of objects with its path, nested lists gathered across items', () => {
    const tables = findTables(data);
    expect(tables.map((t) => t.path)).toEqual(['spendCube.rows', 'spendCube.rows[].keys', 'suppliers.nodes']);
    const rows = tables[0];
    expect(rows.columns).toEqual(['keys.0.dimension', 'keys.0.label', 'amount', 'lines', 'extra.flag']);
    expect(rows.rows[1]).toEqual({ 'keys.0.dimension': 'CATEGORY', 'keys.0.label': 'Travel', amount: '20.00', lines: 5, 'extra.flag': true });
    expect(tables[1].rows).toEqual([{ dimension: 'CATEGORY', label: 'IT' }, { dimension: 'CATEGORY', label: 'Travel' }]);
  });

  it('ignores lists of scalars, empty lists and a result without data', () => {
    expect(findTables({ a: [1, 2], b: [], c: { d: 'x' } })).toEqual([]);
    expect(findTables(null)).toEqual([]);
    expect(findTables(undefined)).toEqual([]);
  });

  it('the primary table is the longest, ties to the first', () => {
    const tables = findTables({ a: [{ x: 1 }], b: [{ x: 1 }, { x: 2 }], c: [{ x: 1 }, { x: 2 }] });
    expect(primaryTable(tables)?.path).toBe('b');
    expect(primaryTable([])).toBeNull();
    // A cube's rows win over its columns even when a scoped result has fewer rows than measures.
    expect(primaryTable(findTables({ spendCube: { columns: [{ kind: 'MONEY' }, { kind: 'COUNT' }], rows: [{ values: ['1', '2'] }] } }))?.path).toBe('spendCube.rows');
  });
});

describe('columns and numbers', () => {
  it('columnsOf is the union of keys in first-seen order', () => {
    expect(columnsOf([{ a: 1 }, { b: 2, a: 3 }, { c: null }])).toEqual(['a', 'b', 'c']);
  });

  it('numeric columns accept numbers and decimal strings, skip ids and text', () => {
    const [table] = findTables({ rows: [{ id: '1', name: 'A', amount: '10.50', lines: 3, year: 2025, code: '44' }, { id: '2', name: 'B', amount: null, lines: 4, year: 2026, code: 'X1' }] });
    expect(numericColumns(table)).toEqual(['amount', 'lines', 'year']);
    expect(isDecimalColumn(table, 'amount')).toBe(true);
    expect(isDecimalColumn(table, 'lines')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { describeChanges, diffRecorded, recordedLabel } from './json-diff.js';

describe('diffRecorded (the audit log’s field-by-field changes)', () => {
  it('lists changed fields only, lists as comma-separated text, nested fields by dotted paths', () => {
    const before = JSON.stringify({ name: 'Ann', role: 'VIEWER', categories: [], units: ['OPS', 'FIN'], meta: { a: 1, b: { c: true } } });
    const after = JSON.stringify({ name: 'Ann', role: 'CATEGORY_MANAGER', categories: ['IT'], units: ['OPS', 'FIN'], meta: { a: 2, b: { c: true } } });
    expect(diffRecorded(before, after)).toEqual([
      { field: 'role', kind: 'CHANGED', before: 'VIEWER', after: 'CATEGORY_MANAGER' },
      { field: 'categories', kind: 'CHANGED', before: '(none)', after: 'IT' },
      { field: 'meta.a', kind: 'CHANGED', before: '1', after: '2' },
    ]);
  });

  it('a creation adds every field and a deletion removes them; null counts as absent', () => {
    expect(diffRecorded(null, '{"name":"X","owner":null}')).toEqual([{ field: 'name', kind: 'ADDED', before: null, after: 'X' }]);
    expect(diffRecorded('{"name":"X","n":3}', null)).toEqual([
      { field: 'name', kind: 'REMOVED', before: 'X', after: null },
      { field: 'n', kind: 'REMOVED', before: '3', after: null },
    ]);
    expect(diffRecorded('{"owner":"a@b.c"}', '{"owner":null}')).toEqual([{ field: 'owner', kind: 'REMOVED', before: 'a@b.c', after: null }]);
    expect(diffRecorded(null, null)).toEqual([]);
  });

  it('keeps recorded text that is not JSON, and compares an object with a plain value whole', () => {
    expect(diffRecorded('plain', 'other')).toEqual([{ field: 'value', kind: 'CHANGED', before: 'plain', after: 'other' }]);
    expect(diffRecorded('"a"', '{"x":1}')).toEqual([{ field: 'value', kind: 'CHANGED', before: 'a', after: '{"x":1}' }]);
  });

  it('reads as one line for a CSV cell', () => {
    expect(describeChanges(diffRecorded('{"name":"A","n":null}', '{"name":"B","n":2}'))).toBe('name: A → B; n: — → 2');
  });
});

describe('recordedLabel', () => {
  it('names the entity from the recorded fields, after before before', () => {
    expect(recordedLabel('{"name":"Old"}', '{"name":"New","email":"a@b.c"}')).toBe('New');
    expect(recordedLabel('{"email":"a@b.c"}', null)).toBe('a@b.c');
    expect(recordedLabel(null, '{"code":"IT","level":1}')).toBe('IT');
    expect(recordedLabel(null, '{"lines":3}')).toBeNull();
    expect(recordedLabel(null, null)).toBeNull();
  });
});

/**
 * A field-by-field difference of two JSON values as the audit log records them (before, after),
 * for people to read: nested objects are walked and named by dotted paths (`scope.categories`),
 * lists and other values are compared whole and written as text.
 */
export interface FieldChange {
  field: string;
  kind: 'ADDED' | 'REMOVED' | 'CHANGED';
  before: string | null;
  after: string | null;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(value: unknown): value is { [key: string]: Json } {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A value as one line of text: strings as they are, lists comma-separated, anything else as JSON. */
export function displayValue(value: Json | undefined): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.length ? value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ') : '(none)';
  return JSON.stringify(value);
}

/** Parses recorded JSON text; text that is not JSON is kept as a plain string value. */
export function parseRecorded(text: string | null): Json | undefined {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as Json;
  } catch {
    return text;
  }
}

function same(a: Json | undefined, b: Json | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The changed fields, in the order they first appear (before's keys, then after's new ones). */
export function diffJson(before: Json | undefined, after: Json | undefined, prefix = ''): FieldChange[] {
  if (!isObject(before) && !isObject(after)) {
    if (same(before ?? null, after ?? null)) return []; // absent and null both mean "no value"
    const field = prefix || 'value';
    const kind = before === undefined || before === null ? 'ADDED' : after === undefined || after === null ? 'REMOVED' : 'CHANGED';
    return [{ field, kind, before: displayValue(before), after: displayValue(after) }];
  }
  // One side is an object, the other is not (or absent): compare the object's fields with nothing.
  const b = isObject(before) ? before : {};
  const a = isObject(after) ? after : {};
  if (!isObject(before) && before !== undefined && before !== null) return [{ field: prefix || 'value', kind: 'CHANGED', before: displayValue(before), after: displayValue(after) }];
  if (!isObject(after) && after !== undefined && after !== null) return [{ field: prefix || 'value', kind: 'CHANGED', before: displayValue(before), after: displayValue(after) }];
  const keys = [...Object.keys(b), ...Object.keys(a).filter((k) => !(k in b))];
  return keys.flatMap((key) => diffJson(b[key], a[key], prefix ? `${prefix}.${key}` : key));
}

/** The changes between two recorded JSON texts. */
export function diffRecorded(before: string | null, after: string | null): FieldChange[] {
  return diffJson(parseRecorded(before), parseRecorded(after));
}

/** The changes as one line for a CSV cell: `field: before → after; …`. */
export function describeChanges(changes: readonly FieldChange[]): string {
  return changes.map((c) => `${c.field}: ${c.before ?? '—'} → ${c.after ?? '—'}`).join('; ');
}

/** Fields that name an entity for people, in the order they are preferred. */
const LABEL_FIELDS = ['name', 'email', 'code', 'fileName'] as const;

/** A readable name of the changed entity from what was recorded (after, else before), or null. */
export function recordedLabel(before: string | null, after: string | null): string | null {
  for (const side of [parseRecorded(after), parseRecorded(before)]) {
    if (!isObject(side)) continue;
    for (const field of LABEL_FIELDS) {
      const value = side[field];
      if (typeof value === 'string' && value.trim()) return value;
    }
  }
  return null;
}

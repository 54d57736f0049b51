/**
 * Tables inside a GraphQL result (docs/architecture.md, the query workbench): any list of objects
 * in `data` becomes rows with flat columns, nested fields named by their path (`supplier.name`).
 * Pure and dependency-free: the console's result table and chart and the server's
 * `/api/exports/query` use this same module, so what is exported is what was shown.
 */

export type FlatValue = string | number | boolean | null;
export type FlatRow = Record<string, FlatValue>;

export interface ResultTable {
  /** Where the list sits in `data`, e.g. `spendCube.rows`; list items inside lists get `[]`. */
  path: string;
  /** Flat column names in first-seen order. */
  columns: string[];
  rows: FlatRow[];
  /** Scalars beside the list in the object that holds it (a cube's `currency`); absent for lists inside lists. */
  beside?: Record<string, FlatValue>;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A list counts as a table when it is non-empty and every item is an object (or null). */
function isObjectList(value: unknown): value is Array<Record<string, unknown> | null> {
  return Array.isArray(value) && value.length > 0 && value.some(isPlainObject) && value.every((v) => v === null || isPlainObject(v));
}

function scalarText(value: unknown): FlatValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/** Lists inside a row up to this long are spread over indexed columns (`values.0`, `values.1`). */
export const MAX_SPREAD = 12;

/**
 * One object as a flat row: nested objects become `a.b` columns; a short list inside the row
 * (up to MAX_SPREAD items, e.g. a cube row's `keys` and `values`) is spread over indexed columns
 * `keys.0.label`, `values.1`; a longer one becomes one cell (scalars joined with `; `, objects as
 * JSON; `findTables` lists such a list as a table of its own).
 */
export function flattenObject(value: Record<string, unknown> | null, prefix = '', into: FlatRow = {}): FlatRow {
  if (value === null) return into;
  for (const [key, v] of Object.entries(value)) flattenValue(v, prefix ? `${prefix}.${key}` : key, into);
  return into;
}

function flattenValue(v: unknown, name: string, into: FlatRow): void {
  if (isPlainObject(v)) flattenObject(v, name, into);
  else if (Array.isArray(v)) {
    if (v.length <= MAX_SPREAD) v.forEach((item, i) => flattenValue(item, `${name}.${i}`, into));
    else into[name] = v.every((x) => !isPlainObject(x) && !Array.isArray(x)) ? v.map((x) => String(x ?? '')).join('; ') : JSON.stringify(v);
  } else into[name] = scalarText(v);
}

/** Columns of flat rows: the union of their keys in first-seen order. */
export function columnsOf(rows: readonly FlatRow[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) seen.add(key);
  return [...seen];
}

export function toTable(path: string, list: ReadonlyArray<Record<string, unknown> | null>, beside?: Record<string, FlatValue>): ResultTable {
  const rows = list.map((item) => flattenObject(item));
  return beside ? { path, columns: columnsOf(rows), rows, beside } : { path, columns: columnsOf(rows), rows };
}

/** The scalar fields of an object. */
function scalarsOf(value: Record<string, unknown>): Record<string, FlatValue> {
  const out: Record<string, FlatValue> = {};
  for (const [k, v] of Object.entries(value)) if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v as FlatValue;
  return out;
}

/**
 * Every list of objects in a result, outermost first, in document order. A list nested in the
 * items of another list is found through the first item that has it, flattened across all items
 * (e.g. `spendCube.rows[].keys`).
 */
export function findTables(data: unknown, limit = 20): ResultTable[] {
  const tables: ResultTable[] = [];
  const walk = (value: unknown, path: string, parent?: Record<string, unknown>) => {
    if (tables.length >= limit) return;
    if (isObjectList(value)) {
      tables.push(toTable(path, value, parent && scalarsOf(parent)));
      // Lists inside the items: gather them across every item.
      const keys = new Set<string>();
      for (const item of value) if (item) for (const [k, v] of Object.entries(item)) if (isObjectList(v) || isPlainObject(v)) keys.add(k);
      for (const key of keys) {
        const nested = value.flatMap((item) => {
          const v = item?.[key];
          return isObjectList(v) ? v : [];
        });
        if (nested.length) walk(nested, `${path}[].${key}`);
      }
      return;
    }
    if (isPlainObject(value)) for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k, value);
  };
  walk(data, '');
  return tables;
}

/**
 * The table to show and export first. The schema's result lists are `rows` (a cube) and `nodes`
 * (a page); beside them sit short lists of metadata (a cube's `columns`), which must not win just
 * because a scoped result has fewer rows. So: the longest `rows`/`nodes` list, else the longest
 * list; ties to the outermost.
 */
export function primaryTable(tables: readonly ResultTable[]): ResultTable | null {
  const longest = (list: readonly ResultTable[]) => {
    let best: ResultTable | null = null;
    for (const t of list) if (!best || t.rows.length > best.rows.length) best = t;
    return best;
  };
  return longest(tables.filter((t) => /(^|\.)(rows|nodes)$/.test(t.path))) ?? longest(tables);
}

/** A number written as JSON text by the API: GraphQL's `Decimal` scalar is a string like `"1234.50"`. */
const NUMERIC = /^-?\d+(\.\d+)?$/;

/** Columns whose every non-empty value is a number or a decimal string: candidates for a chart's value. */
export function numericColumns(table: ResultTable): string[] {
  // Identifiers are digits too, but nobody sums them.
  return table.columns.filter((column) => {
    if (/(^|\.)id$|Id$/.test(column)) return false;
    let any = false;
    for (const row of table.rows) {
      const v = row[column];
      if (v === null || v === undefined || v === '') continue;
      if (typeof v === 'number' || (typeof v === 'string' && NUMERIC.test(v))) any = true;
      else return false;
    }
    return any;
  });
}

/** Whether a column holds decimal strings (money, quantities) rather than JSON numbers. */
export function isDecimalColumn(table: ResultTable, column: string): boolean {
  return table.rows.some((row) => typeof row[column] === 'string' && NUMERIC.test(row[column] as string));
}

/** How a cube measure's values read (`MeasureKind` in schema/spend.graphql). */
export type MeasureKind = 'MONEY' | 'COUNT' | 'RATIO' | 'NUMBER';

/**
 * What the reader of a result knows besides it: readable names of the cube's dimensions, and of its
 * measures with their kinds. The console passes the explorer's names; a measure missing here is
 * named only by what the result says of it.
 */
export interface ColumnCatalogue {
  dimensions: Readonly<Record<string, string>>;
  measures: Readonly<Record<string, { label: string; kind: MeasureKind }>>;
}

/** What a flat column is, as far as the result (and the catalogue) tell. */
export interface ColumnInfo {
  /** The readable name ("Supplier", "Spend"), or null where only the path says what the column is. */
  name: string | null;
  /** A cube value column's measure kind: how to format it. */
  kind: MeasureKind | null;
  /** The currency of a MONEY column, when the result gives it (`columns[N].currency` or the cube's `currency`). */
  currency: string | null;
  /** Hidden unless asked for: a `keys.N.dimension` column that says the same on every row, beside its named `keys.N.label`. */
  hidden: boolean;
}

const MEASURE_KINDS: readonly string[] = ['MONEY', 'COUNT', 'RATIO', 'NUMBER'];

const text = (value: FlatValue | undefined): string | null => (typeof value === 'string' && value ? value : null);

/**
 * What each column of a cube's rows is (docs/architecture.md, the query workbench), from the
 * result and the catalogue: `values.N` is the measure of the sibling `columns` list's item N (its
 * `label`, `kind` and `currency`, or what the catalogue says of its `measure`, or of its `label`
 * alone); `keys.N.label` is named by the dimension its rows give in `keys.N.dimension`. Other
 * columns keep their path. The console's table and chart and the query export name columns
 * through this one function, so the file's header says what the screen said.
 */
export function describeColumns(tables: readonly ResultTable[], table: ResultTable, catalogue: ColumnCatalogue): Map<string, ColumnInfo> {
  const infos = new Map<string, ColumnInfo>();
  const siblingPath = table.path.replace(/(^|\.)rows$/, '$1columns');
  const measures = siblingPath !== table.path ? tables.find((t) => t.path === siblingPath) : undefined;
  const cubeCurrency = text(table.beside?.currency);
  const byLabel = new Map(Object.values(catalogue.measures).map((m) => [m.label, m]));
  const dimensionOf = (n: string) => {
    const values = new Set(table.rows.map((row) => row[`keys.${n}.dimension`]).filter((v) => v !== null && v !== undefined));
    return values.size === 1 ? text([...values][0]) : null;
  };
  for (const column of table.columns) {
    const info: ColumnInfo = { name: null, kind: null, currency: null, hidden: false };
    const value = /^values\.(\d+)$/.exec(column);
    if (value && measures) {
      const meta = measures.rows[Number(value[1])] ?? {};
      const measure = text(meta.measure);
      const known = (measure ? catalogue.measures[measure] : undefined) ?? byLabel.get(text(meta.label) ?? '');
      info.name = text(meta.label) ?? known?.label ?? null;
      const kind = text(meta.kind);
      info.kind = kind && MEASURE_KINDS.includes(kind) ? (kind as MeasureKind) : (known?.kind ?? null);
      if (info.kind === 'MONEY') info.currency = text(meta.currency) ?? cubeCurrency;
    }
    const key = /^keys\.(\d+)\.(label|dimension)$/.exec(column);
    const dimension = key && dimensionOf(key[1]);
    if (key && dimension && Object.hasOwn(catalogue.dimensions, dimension)) {
      if (key[2] === 'label') info.name = catalogue.dimensions[dimension];
      else info.hidden = table.columns.includes(`keys.${key[1]}.label`);
    }
    infos.set(column, info);
  }
  // Two columns of one name (a document may label anything) would read as one: they keep their paths.
  const counts = new Map<string, number>();
  for (const info of infos.values()) if (info.name) counts.set(info.name, (counts.get(info.name) ?? 0) + 1);
  for (const [column, info] of infos) if (info.name && counts.get(info.name)! > 1) info.name = `${info.name} (${column})`;
  return infos;
}

/** A column's header: its readable name, or its path. */
export function columnHeader(infos: ReadonlyMap<string, ColumnInfo>, column: string): string {
  return infos.get(column)?.name ?? column;
}

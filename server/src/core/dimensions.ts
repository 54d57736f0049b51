import { badInput } from '../errors.js';
import type { SpendDimension } from '../generated/graphql.js';
import { sql, type Sql } from '../store/sql.js';

/**
 * The allow-list of spend dimensions: how each one keys a line, where its labels come from, how
 * its public key is written, and how a filter on some of its members is expressed over
 * `spend_lines s` alone (for drill-down).
 */
/**
 * Cubes are computed in two steps (see cube.ts): lines are first grouped by fact-level
 * `source` columns, then the much smaller result is joined to dimension tables and rolled up.
 */
export interface DimensionDef {
  /** Fact-level expression over `spend_lines s` grouped in the first step. */
  source: Sql;
  /** Column holding `source` after the first step; dimensions that share a source share it. */
  sourceColumn: Sql;
  /** Key over the pre-aggregated row `p` and the joins `c` (categories) and `sup` (suppliers). */
  key: Sql;
  /** Join that provides the label for a key, as a `LEFT JOIN … ON … = key`. */
  labelTable?: Sql;
  labelColumn?: Sql;
  needsCategory?: boolean;
  needsSupplier?: boolean;
  label: (id: string | null) => string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const named = (fallback: string) => (id: string | null) => (id === null ? fallback : id);

/** A dimension keyed directly by a fact-level expression. */
function direct(source: Sql, column: Sql, rest: Omit<DimensionDef, 'source' | 'sourceColumn' | 'key'>): DimensionDef {
  return { source, sourceColumn: column, key: sql`p.${column}`, ...rest };
}

const SUPPLIER_SRC = { source: sql`s.supplier_id`, sourceColumn: sql`src_supplier` };
const CATEGORY_SRC = { source: sql`s.category_id`, sourceColumn: sql`src_category` };
const category = (level: Sql): DimensionDef => ({
  ...CATEGORY_SRC, key: sql`c.${level}`, needsCategory: true, labelTable: sql`categories`, labelColumn: sql`name`, label: named('Unclassified'),
});

/**
 * A supplier's family key over `sup` (suppliers). For a scoped viewer a parent they cannot see
 * (no line of its own in their scope) counts as absent, so its name is never shown as a label
 * and the child stands for itself, as if the parent did not exist (docs/scope.md). `scope` is a
 * condition over `spend_lines s`; null means unrestricted.
 */
export function parentKey(scope: Sql | null): Sql {
  if (scope === null) return sql`COALESCE(sup.parent_id, sup.id)`;
  return sql`CASE WHEN sup.parent_id IS NOT NULL
    AND EXISTS (SELECT 1 FROM spend_lines s WHERE s.supplier_id = sup.parent_id AND ${scope}) THEN sup.parent_id ELSE sup.id END`;
}

/** The time dimensions: keyed by the invoice date (or, for a previous period, a shifted one). */
export type TimeDimension = 'YEAR' | 'QUARTER' | 'MONTH' | 'FISCAL_YEAR' | 'FISCAL_QUARTER';
export const TIME_DIMENSIONS: readonly TimeDimension[] = ['YEAR', 'QUARTER', 'MONTH', 'FISCAL_YEAR', 'FISCAL_QUARTER'];

export function isTimeDimension(d: SpendDimension): d is TimeDimension {
  return (TIME_DIMENSIONS as readonly string[]).includes(d);
}

/**
 * The date a fiscal period is read from: `date` moved forward by (13 − start) months, which
 * brings the fiscal year's first month to January, so its calendar year and quarter are the
 * fiscal ones (named after the calendar year the fiscal year ends in; core/time.ts fiscalPeriod).
 * The shift is a validated configuration integer, written as a literal.
 */
function fiscalDate(date: Sql, fiscalYearStartMonth: number): Sql {
  const shift = (13 - fiscalYearStartMonth) % 12;
  return shift === 0 ? date : sql`(${date} + (${sql.int(shift)} * INTERVAL '1 month'))`;
}

/** The parts a time key reads, as literals (the engine plans a constant field name). */
const DATE_PART = { year: sql`'year'`, quarter: sql`'quarter'`, month: sql`'month'` };

/**
 * A time dimension's integer key over a date expression: 2025, 20251 (quarter), 202503 (month).
 * `date_part`, not `EXTRACT`: on PostgreSQL since 14 `EXTRACT` returns numeric, which took 350 ms
 * for year and quarter over the full rollup's 1.35M rows against 140 ms for `date_part`'s double
 * (an exact integer here); on DuckDB the two are one function.
 */
export function timeKey(dimension: TimeDimension, date: Sql, fiscalYearStartMonth: number): Sql {
  const part = (field: keyof typeof DATE_PART, d: Sql) => sql`CAST(date_part(${DATE_PART[field]}, ${d}) AS INTEGER)`;
  switch (dimension) {
    case 'YEAR':
      return part('year', date);
    case 'QUARTER':
      return sql`(${part('year', date)} * 10 + ${part('quarter', date)})`;
    case 'MONTH':
      return sql`(${part('year', date)} * 100 + ${part('month', date)})`;
    case 'FISCAL_YEAR':
      return part('year', fiscalDate(date, fiscalYearStartMonth));
    case 'FISCAL_QUARTER': {
      const f = fiscalDate(date, fiscalYearStartMonth);
      return sql`(${part('year', f)} * 10 + ${part('quarter', f)})`;
    }
  }
}

const TIME_COLUMN: Record<TimeDimension, Sql> = {
  YEAR: sql`src_year`, QUARTER: sql`src_quarter`, MONTH: sql`src_month`, FISCAL_YEAR: sql`src_fiscal_year`, FISCAL_QUARTER: sql`src_fiscal_quarter`,
};

const TIME_LABEL: Record<TimeDimension, (id: string | null) => string> = {
  YEAR: named('Unknown'),
  QUARTER: named('Unknown'),
  MONTH: (id) => monthLabel(id),
  FISCAL_YEAR: (id) => (id === null ? 'Unknown' : `FY${id}`),
  FISCAL_QUARTER: (id) => (id === null ? 'Unknown' : `FY${id.replace('-', ' ')}`),
};

/** How the cube keys a time dimension, over `date` (the invoice date unless a previous period shifts it). */
export function timeDimension(dimension: TimeDimension, date: Sql, fiscalYearStartMonth: number): DimensionDef {
  return direct(timeKey(dimension, date, fiscalYearStartMonth), TIME_COLUMN[dimension], { label: TIME_LABEL[dimension] });
}

const INVOICE_DATE = sql`s.invoice_date`;

/**
 * The allow-list. Time dimensions here are keyed by the invoice date with a January fiscal
 * start; use `dimensionDef` for the configured fiscal calendar.
 */
export const DIMENSIONS: Record<SpendDimension, DimensionDef> = {
  SUPPLIER: { ...SUPPLIER_SRC, key: sql`p.src_supplier`, labelTable: sql`suppliers`, labelColumn: sql`name`, label: named('Unknown supplier') },
  SUPPLIER_PARENT: {
    ...SUPPLIER_SRC, key: sql`COALESCE(sup.parent_id, p.src_supplier)`, needsSupplier: true,
    labelTable: sql`suppliers`, labelColumn: sql`name`, label: named('Unknown supplier'),
  },
  CATEGORY_L1: category(sql`l1_id`),
  CATEGORY_L2: category(sql`l2_id`),
  CATEGORY_L3: category(sql`l3_id`),
  CATEGORY_L4: category(sql`l4_id`),
  BUSINESS_UNIT: direct(sql`s.business_unit_id`, sql`src_business_unit`, { labelTable: sql`business_units`, labelColumn: sql`name`, label: named('No business unit') }),
  COST_CENTER: direct(sql`s.cost_center_id`, sql`src_cost_center`, { labelTable: sql`cost_centers`, labelColumn: sql`name`, label: named('No cost centre') }),
  GL_ACCOUNT: direct(sql`s.gl_account_id`, sql`src_gl_account`, { labelTable: sql`gl_accounts`, labelColumn: sql`name`, label: named('No GL account') }),
  COUNTRY: direct(sql`s.country_code`, sql`src_country`, { label: named('Unknown country') }),
  CURRENCY: direct(sql`s.currency`, sql`src_currency`, { label: named('Unknown currency') }),
  CONTRACT: direct(sql`s.contract_id`, sql`src_contract`, { labelTable: sql`contracts`, labelColumn: sql`number`, label: named('Off contract') }),
  ON_CONTRACT: direct(sql`CASE WHEN s.contract_id IS NULL THEN 0 ELSE 1 END`, sql`src_on_contract`, {
    label: (id) => (id === 'true' ? 'On contract' : 'Off contract'),
  }),
  PO_FLAG: direct(sql`CASE WHEN s.po_number IS NULL THEN 0 ELSE 1 END`, sql`src_po`, {
    label: (id) => (id === 'true' ? 'With PO' : 'Without PO'),
  }),
  YEAR: timeDimension('YEAR', INVOICE_DATE, 1),
  QUARTER: timeDimension('QUARTER', INVOICE_DATE, 1),
  MONTH: timeDimension('MONTH', INVOICE_DATE, 1),
  FISCAL_YEAR: timeDimension('FISCAL_YEAR', INVOICE_DATE, 1),
  FISCAL_QUARTER: timeDimension('FISCAL_QUARTER', INVOICE_DATE, 1),
};

/** The calendar the time dimensions follow. */
export interface Calendar {
  /** Month the fiscal year starts in, 1–12. */
  fiscalYearStartMonth: number;
}

/** A dimension's definition under a fiscal calendar, over `date` for time dimensions (the invoice date by default). */
export function dimensionDef(dimension: SpendDimension, calendar: Calendar, date: Sql = INVOICE_DATE): DimensionDef {
  return isTimeDimension(dimension) ? timeDimension(dimension, date, calendar.fiscalYearStartMonth) : DIMENSIONS[dimension];
}

function monthLabel(id: string | null): string {
  if (id === null) return 'Unknown';
  const [y, m] = id.split('-');
  return `${MONTHS[Number(m) - 1]} ${y}`;
}

/** Turns the engine's raw key into the public key: entity ids as strings, periods as `2025-03`. */
export function publicKey(dimension: SpendDimension, raw: string | number | boolean | null): string | null {
  if (raw === null) return null;
  const n = Number(raw);
  switch (dimension) {
    case 'ON_CONTRACT':
    case 'PO_FLAG':
      return n === 1 ? 'true' : 'false';
    case 'QUARTER':
    case 'FISCAL_QUARTER':
      return `${Math.floor(n / 10)}-Q${n % 10}`;
    case 'MONTH':
      return `${Math.floor(n / 100)}-${String(n % 100).padStart(2, '0')}`;
    default:
      return String(raw);
  }
}


type MemberKind = 'entity' | 'code' | 'flag' | 'year' | 'quarter' | 'month';

const MEMBER_KIND: Record<SpendDimension, MemberKind> = {
  SUPPLIER: 'entity', SUPPLIER_PARENT: 'entity', CATEGORY_L1: 'entity', CATEGORY_L2: 'entity', CATEGORY_L3: 'entity', CATEGORY_L4: 'entity',
  BUSINESS_UNIT: 'entity', COST_CENTER: 'entity', GL_ACCOUNT: 'entity', CONTRACT: 'entity', COUNTRY: 'code', CURRENCY: 'code',
  ON_CONTRACT: 'flag', PO_FLAG: 'flag', YEAR: 'year', QUARTER: 'quarter', MONTH: 'month', FISCAL_YEAR: 'year', FISCAL_QUARTER: 'quarter',
};

/** The engine's raw key for a public key (inverse of publicKey); undefined when malformed. */
function rawKey(kind: MemberKind, id: string): number | string | undefined {
  switch (kind) {
    case 'entity':
      return /^\d{1,10}$/.test(id) ? Number(id) : undefined;
    case 'code':
      return /^[A-Za-z]{2,3}$/.test(id) ? id.toUpperCase() : undefined;
    case 'flag':
      return id === 'true' ? 1 : id === 'false' ? 0 : undefined;
    case 'year':
      return /^\d{4}$/.test(id) ? Number(id) : undefined;
    case 'quarter': {
      const m = /^(\d{4})-Q([1-4])$/.exec(id);
      return m ? Number(m[1]) * 10 + Number(m[2]) : undefined;
    }
    case 'month': {
      const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(id);
      return m ? Number(m[1]) * 100 + Number(m[2]) : undefined;
    }
  }
}

/**
 * Per category level dimension: the `categories` column it keys by, and the name of that column
 * when the cube reads it in its first step (from a rollup, cube.ts).
 */
const CATEGORY_LEVEL: Partial<Record<SpendDimension, { column: Sql; sourceColumn: Sql }>> = {
  CATEGORY_L1: { column: sql`l1_id`, sourceColumn: sql`src_l1` },
  CATEGORY_L2: { column: sql`l2_id`, sourceColumn: sql`src_l2` },
  CATEGORY_L3: { column: sql`l3_id`, sourceColumn: sql`src_l3` },
  CATEGORY_L4: { column: sql`l4_id`, sourceColumn: sql`src_l4` },
};

/** A category level dimension's column (see CATEGORY_LEVEL), or undefined for any other dimension. */
export function categoryLevel(dimension: SpendDimension): { column: Sql; sourceColumn: Sql } | undefined {
  return CATEGORY_LEVEL[dimension];
}

export interface MemberOptions {
  /** The viewer's scope over `spend_lines s`, so supplier families are keyed as the cube keys them. */
  scope?: Sql | null;
  /** The fiscal calendar for FISCAL_YEAR and FISCAL_QUARTER keys (January start when absent). */
  calendar?: Calendar;
  /** "Not in": keep the lines whose key is none of `ids` (a null entry drops the lines without a value). */
  exclude?: boolean;
}

/**
 * Lines whose `dimension` key is one of `ids` (public keys as the cube returns them; null selects
 * lines without a value, e.g. Unclassified), or with `exclude` none of them. Expressed over
 * `spend_lines s` alone, with subqueries for keys that live on joined tables, so it fits every
 * query that filters spend.
 */
export function memberCondition(dimension: SpendDimension, ids: ReadonlyArray<string | null>, field: string, options: MemberOptions = {}): Sql {
  const kind = MEMBER_KIND[dimension];
  const values = ids.filter((id): id is string => id !== null).map((id) => {
    const raw = rawKey(kind, id);
    if (raw === undefined) throw badInput(field, `${field} has "${id.slice(0, 40)}", which is not a ${dimension} key.`);
    return raw;
  });
  const wantsMissing = ids.includes(null);
  const parts: Sql[] = [];
  const level = CATEGORY_LEVEL[dimension]?.column;
  if (level) {
    if (values.length) parts.push(sql`s.category_id IN (SELECT id FROM categories WHERE ${level} IN ${sql.list(values)})`);
    if (wantsMissing) parts.push(sql`s.category_id IS NULL OR s.category_id IN (SELECT id FROM categories WHERE ${level} IS NULL)`);
  } else if (dimension === 'SUPPLIER_PARENT') {
    if (values.length) parts.push(sql`s.supplier_id IN (SELECT sup.id FROM suppliers sup WHERE ${parentKey(options.scope ?? null)} IN ${sql.list(values)})`);
    if (wantsMissing) parts.push(sql`s.supplier_id IS NULL`);
  } else {
    const key = dimensionDef(dimension, options.calendar ?? { fiscalYearStartMonth: 1 }).source;
    if (values.length) parts.push(sql`${key} IN ${sql.list(values)}`);
    if (wantsMissing) parts.push(sql`${key} IS NULL`);
  }
  const kept = parts.length === 0 ? sql`FALSE` : sql.join(parts.map((p) => sql`(${p})`), sql` OR `);
  // A key that is NULL makes IN unknown, and NOT unknown drops the line: COALESCE keeps it.
  return options.exclude ? sql`NOT COALESCE((${kept}), FALSE)` : kept;
}

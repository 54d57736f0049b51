import { badInput } from '../../errors.js';
import type { SpendDimension } from '../../generated/graphql.js';
import { sql, type Sql } from '../../store/sql.js';

/**
 * The allow-list of spend dimensions: how each one keys a line (SQL over `spend_lines s`,
 * `categories c`, `suppliers sup`), where its labels come from, how its public key is written,
 * and how a filter on some of its members is expressed over `s` alone (for drill-down).
 */
export interface DimensionDef {
  /** Key expression over `spend_lines s`, `categories c`, `suppliers sup`. */
  key: Sql;
  /** Join that provides `name` for a key `k`, as a `LEFT JOIN … ON … = k`. */
  labelTable?: Sql;
  labelColumn?: Sql;
  needsCategory?: boolean;
  needsSupplier?: boolean;
  label: (id: string | null) => string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const year = sql`CAST(EXTRACT(YEAR FROM s.invoice_date) AS INTEGER)`;

const named = (fallback: string) => (id: string | null) => (id === null ? fallback : id);

export const DIMENSIONS: Record<SpendDimension, DimensionDef> = {
  SUPPLIER: { key: sql`s.supplier_id`, labelTable: sql`suppliers`, labelColumn: sql`name`, label: named('Unknown supplier') },
  SUPPLIER_PARENT: {
    key: sql`COALESCE(sup.parent_id, s.supplier_id)`, needsSupplier: true,
    labelTable: sql`suppliers`, labelColumn: sql`name`, label: named('Unknown supplier'),
  },
  CATEGORY_L1: { key: sql`c.l1_id`, needsCategory: true, labelTable: sql`categories`, labelColumn: sql`name`, label: named('Unclassified') },
  CATEGORY_L2: { key: sql`c.l2_id`, needsCategory: true, labelTable: sql`categories`, labelColumn: sql`name`, label: named('Unclassified') },
  CATEGORY_L3: { key: sql`c.l3_id`, needsCategory: true, labelTable: sql`categories`, labelColumn: sql`name`, label: named('Unclassified') },
  BUSINESS_UNIT: { key: sql`s.business_unit_id`, labelTable: sql`business_units`, labelColumn: sql`name`, label: named('No business unit') },
  COST_CENTER: { key: sql`s.cost_center_id`, labelTable: sql`cost_centers`, labelColumn: sql`name`, label: named('No cost centre') },
  GL_ACCOUNT: { key: sql`s.gl_account_id`, labelTable: sql`gl_accounts`, labelColumn: sql`name`, label: named('No GL account') },
  COUNTRY: { key: sql`s.country_code`, label: named('Unknown country') },
  CURRENCY: { key: sql`s.currency`, label: named('Unknown currency') },
  CONTRACT: { key: sql`s.contract_id`, labelTable: sql`contracts`, labelColumn: sql`number`, label: named('Off contract') },
  ON_CONTRACT: {
    key: sql`CASE WHEN s.contract_id IS NULL THEN 0 ELSE 1 END`,
    label: (id) => (id === 'true' ? 'On contract' : 'Off contract'),
  },
  PO_FLAG: {
    key: sql`CASE WHEN s.po_number IS NULL THEN 0 ELSE 1 END`,
    label: (id) => (id === 'true' ? 'With PO' : 'Without PO'),
  },
  YEAR: { key: year, label: named('Unknown') },
  QUARTER: { key: sql`(${year} * 10 + CAST(EXTRACT(QUARTER FROM s.invoice_date) AS INTEGER))`, label: named('Unknown') },
  MONTH: { key: sql`(${year} * 100 + CAST(EXTRACT(MONTH FROM s.invoice_date) AS INTEGER))`, label: (id) => monthLabel(id) },
};

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
      return `${Math.floor(n / 10)}-Q${n % 10}`;
    case 'MONTH':
      return `${Math.floor(n / 100)}-${String(n % 100).padStart(2, '0')}`;
    default:
      return String(raw);
  }
}


type MemberKind = 'entity' | 'code' | 'flag' | 'year' | 'quarter' | 'month';

const MEMBER_KIND: Record<SpendDimension, MemberKind> = {
  SUPPLIER: 'entity', SUPPLIER_PARENT: 'entity', CATEGORY_L1: 'entity', CATEGORY_L2: 'entity', CATEGORY_L3: 'entity',
  BUSINESS_UNIT: 'entity', COST_CENTER: 'entity', GL_ACCOUNT: 'entity', CONTRACT: 'entity', COUNTRY: 'code', CURRENCY: 'code',
  ON_CONTRACT: 'flag', PO_FLAG: 'flag', YEAR: 'year', QUARTER: 'quarter', MONTH: 'month',
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

const CATEGORY_LEVEL: Partial<Record<SpendDimension, Sql>> = { CATEGORY_L1: sql`l1_id`, CATEGORY_L2: sql`l2_id`, CATEGORY_L3: sql`l3_id` };

/**
 * Lines whose `dimension` key is one of `ids` (public keys as the cube returns them; null selects
 * lines without a value, e.g. Unclassified). Expressed over `spend_lines s` alone, with
 * subqueries for keys that live on joined tables, so it fits every query that filters spend.
 */
export function memberCondition(dimension: SpendDimension, ids: ReadonlyArray<string | null>, field: string): Sql {
  const kind = MEMBER_KIND[dimension];
  const values = ids.filter((id): id is string => id !== null).map((id) => {
    const raw = rawKey(kind, id);
    if (raw === undefined) throw badInput(field, `${field} has "${id.slice(0, 40)}", which is not a ${dimension} key.`);
    return raw;
  });
  const wantsMissing = ids.includes(null);
  const parts: Sql[] = [];
  const level = CATEGORY_LEVEL[dimension];
  if (level) {
    if (values.length) parts.push(sql`s.category_id IN (SELECT id FROM categories WHERE ${level} IN ${sql.list(values)})`);
    if (wantsMissing) parts.push(sql`s.category_id IS NULL OR s.category_id IN (SELECT id FROM categories WHERE ${level} IS NULL)`);
  } else if (dimension === 'SUPPLIER_PARENT') {
    if (values.length) parts.push(sql`s.supplier_id IN (SELECT id FROM suppliers WHERE COALESCE(parent_id, id) IN ${sql.list(values)})`);
    if (wantsMissing) parts.push(sql`s.supplier_id IS NULL`);
  } else {
    const key = DIMENSIONS[dimension].key;
    if (values.length) parts.push(sql`${key} IN ${sql.list(values)}`);
    if (wantsMissing) parts.push(sql`${key} IS NULL`);
  }
  return parts.length === 0 ? sql`FALSE` : sql.join(parts.map((p) => sql`(${p})`), sql` OR `);
}

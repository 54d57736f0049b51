import { sql } from '../src/store/sql.js';
import type { Store } from '../src/store/store.js';

/**
 * Independent expectations: raw rows read straight from the tables, and sums, scopes and
 * groupings computed here in plain TypeScript with BigInt cents, not by the code under test.
 */
export interface RawLine {
  id: number;
  supplierId: number;
  categoryId: number | null;
  businessUnitId: number;
  contractId: number | null;
  poNumber: string | null;
  invoiceDate: string;
  cents: bigint;
}

export async function rawLines(store: Store): Promise<RawLine[]> {
  const rows = await store.query<{
    id: string; supplier_id: number; category_id: number | null; business_unit_id: number; contract_id: number | null;
    po_number: string | null; invoice_date: string; amount_reporting: string;
  }>(sql`SELECT id, supplier_id, category_id, business_unit_id, contract_id, po_number, invoice_date, CAST(amount_reporting AS VARCHAR) AS amount_reporting FROM spend_lines`, {
    name: 'test.rawLines',
  });
  return rows.map((r) => ({
    id: Number(r.id), supplierId: r.supplier_id, categoryId: r.category_id, businessUnitId: r.business_unit_id,
    contractId: r.contract_id, poNumber: r.po_number, invoiceDate: r.invoice_date, cents: toCents(r.amount_reporting),
  }));
}

export function toCents(value: string): bigint {
  const negative = value.startsWith('-');
  const [whole, frac = ''] = value.replace('-', '').split('.');
  const cents = BigInt(whole) * 100n + BigInt((frac + '00').slice(0, 2));
  return negative ? -cents : cents;
}

export function centsToString(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** n / d with `places` decimals, ties to the even digit, as the API writes decimals ("0.123457"). */
export function quotientToString(n: bigint, d: bigint, places: number): string {
  const negative = n < 0n !== d < 0n;
  const a = (n < 0n ? -n : n) * 10n ** BigInt(places);
  const b = d < 0n ? -d : d;
  let q = a / b;
  const twice = (a % b) * 2n;
  if (twice > b || (twice === b && q % 2n === 1n)) q += 1n;
  const digits = q.toString().padStart(places + 1, '0');
  const text = `${digits.slice(0, digits.length - places)}.${digits.slice(digits.length - places)}`;
  return negative && q !== 0n ? `-${text}` : text;
}

export function sumCents(lines: Iterable<RawLine>): bigint {
  let total = 0n;
  for (const l of lines) total += l.cents;
  return total;
}

export interface Tree {
  parent: Map<number, number | null>;
}

export async function categoryTree(store: Store) {
  const rows = await store.query<{ id: number; parent_id: number | null; level: number; name: string }>(
    sql`SELECT id, parent_id, level, name FROM categories`,
    { name: 'test.categories' },
  );
  const parent = new Map(rows.map((r) => [r.id, r.parent_id]));
  /** Walks up the parents to the ancestor at `level` (1 = top). */
  const ancestorAt = (id: number, level: number): number | null => {
    const chain: number[] = [];
    for (let cur: number | null = id; cur !== null; cur = parent.get(cur) ?? null) chain.unshift(cur);
    return chain[level - 1] ?? null;
  };
  const isWithin = (id: number, roots: Set<number>): boolean => {
    for (let cur: number | null = id; cur !== null; cur = parent.get(cur) ?? null) if (roots.has(cur)) return true;
    return false;
  };
  return { rows, ancestorAt, isWithin, reaches: reachesBy(isWithin) };
}

/**
 * Whether a contract naming `refs` (its categories, or its units) can cover a line within `roots`'
 * subtrees: it names none (it covers all), or one of them lies within a root, or above one.
 */
function reachesBy(isWithin: (id: number, roots: Set<number>) => boolean) {
  return (refs: readonly number[], roots: Set<number>): boolean =>
    refs.length === 0 || refs.some((ref) => isWithin(ref, roots) || [...roots].some((root) => isWithin(root, new Set([ref]))));
}

export async function businessUnitTree(store: Store) {
  const rows = await store.query<{ id: number; parent_id: number | null }>(sql`SELECT id, parent_id FROM business_units`, { name: 'test.bus' });
  const parent = new Map(rows.map((r) => [r.id, r.parent_id]));
  const isWithin = (id: number, roots: Set<number>): boolean => {
    for (let cur: number | null = id; cur !== null; cur = parent.get(cur) ?? null) if (roots.has(cur)) return true;
    return false;
  };
  return { rows, isWithin, reaches: reachesBy(isWithin) };
}

export async function userScope(store: Store, email: string) {
  const rows = await store.query<{ role: string; kind: string | null; ref_id: number | null }>(
    sql`SELECT u.role, us.kind, us.ref_id FROM users u LEFT JOIN user_scopes us ON us.user_id = u.id WHERE u.email = ${email}`,
    { name: 'test.scope' },
  );
  return {
    role: rows[0].role,
    categories: new Set(rows.filter((r) => r.kind === 'CATEGORY').map((r) => r.ref_id!)),
    businessUnits: new Set(rows.filter((r) => r.kind === 'BUSINESS_UNIT').map((r) => r.ref_id!)),
  };
}

import type { CubeResult } from '../spend/spend.service.js';

type CubeRow = CubeResult['rows'][number];

/**
 * Orders cube rows as a pivot reads: each group's subtotal row, then its members, recursively,
 * siblings kept in the order the engine sorted them. Without subtotals the order is unchanged.
 */
export function pivotOrder(rows: readonly CubeRow[]): CubeRow[] {
  const prefix = (r: CubeRow, depth: number) => JSON.stringify(r.keys.slice(0, depth).map((k) => k.id));
  const children = new Map<string, CubeRow[]>();
  const minDepth = Math.min(...rows.map((r) => r.depth));
  for (const r of rows) {
    const parent = r.depth === minDepth ? 'root' : prefix(r, r.depth - 1);
    children.set(parent, [...(children.get(parent) ?? []), r]);
  }
  const out: CubeRow[] = [];
  const visit = (parent: string) => {
    for (const r of children.get(parent) ?? []) {
      out.push(r);
      visit(prefix(r, r.depth));
    }
  };
  visit('root');
  // Rows whose parent subtotal was cut by the row limit still appear, at the end (a Set: a
  // truncated result can hold 50,000 rows).
  if (out.length < rows.length) {
    const placed = new Set(out);
    out.push(...rows.filter((r) => !placed.has(r)));
  }
  return out;
}

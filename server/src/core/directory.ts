import type { DataScope } from './viewer.js';

/** A taxonomy node as the server holds it. */
export interface CategoryRecord {
  id: number;
  code: string;
  name: string;
  level: number;
  parentId: number | null;
  naicsCode: string | null;
  /** The user who owns the category (its category manager), when set. */
  ownerUserId: number | null;
  createdAt: string;
  updatedAt: string;
}

/** A node of the organisation (business units). */
export interface BusinessUnitRecord {
  id: number;
  code: string;
  name: string;
  parentId: number | null;
  createdAt: string;
  updatedAt: string;
}

interface TreeNode {
  id: number;
  parentId: number | null;
}

/** Each node's children, by its id. */
function childLists(nodes: readonly TreeNode[]): ReadonlyMap<number, readonly number[]> {
  const children = new Map<number, number[]>();
  for (const n of nodes) {
    if (n.parentId === null) continue;
    const list = children.get(n.parentId);
    if (list) list.push(n.id);
    else children.set(n.parentId, [n.id]);
  }
  return children;
}

/** Every id in `roots` that is a node, plus all their descendants (cycle-safe). */
function descendants(byId: ReadonlyMap<number, TreeNode>, children: ReadonlyMap<number, readonly number[]>, roots: readonly number[]): number[] {
  const out = new Set<number>();
  const stack = roots.filter((id) => byId.has(id));
  while (stack.length) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return [...out].sort((a, b) => a - b);
}

/** Every id in `ids` plus all their ancestors (cycle-safe). */
function ancestors(byId: ReadonlyMap<number, TreeNode>, ids: readonly number[]): number[] {
  const out = new Set<number>();
  for (const start of ids) {
    for (let id: number | null = start; id !== null && byId.has(id) && !out.has(id); id = byId.get(id)!.parentId) out.add(id);
  }
  return [...out].sort((a, b) => a - b);
}

/**
 * The small dimension tables (categories, business units) of one request, used to expand a
 * category or unit into its descendants for filters and scope, and the fiscal calendar that
 * fiscal member filters follow. Loaded once per request.
 */
export class Directory {
  readonly categoriesById: ReadonlyMap<number, CategoryRecord>;
  readonly businessUnitsById: ReadonlyMap<number, BusinessUnitRecord>;
  /** Child lists, built on first use: the directory is kept from request to request (`DirectoryCache`). */
  private categoryChildren: ReadonlyMap<number, readonly number[]> | null = null;
  private businessUnitChildren: ReadonlyMap<number, readonly number[]> | null = null;

  constructor(
    readonly categories: readonly CategoryRecord[],
    readonly businessUnits: readonly BusinessUnitRecord[],
    /** Month the fiscal year starts in (configuration), for fiscal member filters. */
    readonly fiscalYearStartMonth = 1,
  ) {
    this.categoriesById = new Map(categories.map((c) => [c.id, c]));
    this.businessUnitsById = new Map(businessUnits.map((b) => [b.id, b]));
  }

  categoryDescendants(ids: readonly number[]): number[] {
    this.categoryChildren ??= childLists(this.categories);
    return descendants(this.categoriesById, this.categoryChildren, ids);
  }

  businessUnitDescendants(ids: readonly number[]): number[] {
    this.businessUnitChildren ??= childLists(this.businessUnits);
    return descendants(this.businessUnitsById, this.businessUnitChildren, ids);
  }

  /**
   * The categories whose contracts can cover a line in `ids`' subtrees: those subtrees and every
   * ancestor of their roots (a contract covers the categories below its own; docs/scope.md).
   */
  categoryReach(ids: readonly number[]): number[] {
    return [...new Set([...this.categoryDescendants(ids), ...ancestors(this.categoriesById, ids)])].sort((a, b) => a - b);
  }

  /** As `categoryReach`, for business units. */
  businessUnitReach(ids: readonly number[]): number[] {
    return [...new Set([...this.businessUnitDescendants(ids), ...ancestors(this.businessUnitsById, ids)])].sort((a, b) => a - b);
  }

  /** Category ids the scope lets the user see, or null when unrestricted. */
  visibleCategoryIds(scope: DataScope): Set<number> | null {
    return scope.categoryIds === null ? null : new Set(this.categoryDescendants(scope.categoryIds));
  }

  visibleBusinessUnitIds(scope: DataScope): Set<number> | null {
    return scope.businessUnitIds === null ? null : new Set(this.businessUnitDescendants(scope.businessUnitIds));
  }
}

/**
 * The directory is read on every request but changes only when the taxonomy or the organisation
 * is edited, so one copy per store is kept. Anything that writes categories or business units
 * must call `invalidate()` after committing.
 */
export class DirectoryCache {
  private current: Promise<Directory> | null = null;

  constructor(private readonly load: () => Promise<Directory>) {}

  get(): Promise<Directory> {
    if (!this.current) {
      const loading = this.load();
      this.current = loading;
      loading.catch(() => {
        if (this.current === loading) this.current = null; // do not cache a failure
      });
    }
    return this.current;
  }

  invalidate(): void {
    this.current = null;
  }
}

// The category tree table's model: nodes arranged as a tree, the rows an expanded set shows, and
// what each key does (the WAI-ARIA treegrid pattern, row focus). Pure, so it is unit-tested.

export interface TreeItem {
  id: string;
  parentId: string | null;
}

export interface Tree<T extends TreeItem> {
  roots: T[];
  children: ReadonlyMap<string, T[]>;
  byId: ReadonlyMap<string, T>;
}

/** A visible row: the node with its place in the tree, as aria-level / aria-posinset / aria-setsize want it. */
export interface TreeRow<T extends TreeItem> {
  node: T;
  /** 1 for a root. */
  level: number;
  /** The parent shown in the tree (a scoped user's top category has none). */
  parentId: string | null;
  hasChildren: boolean;
  expanded: boolean;
  posInSet: number;
  setSize: number;
}

/**
 * Arranges nodes as a tree. A node whose parent is not among them is a root (a category manager's
 * own top category). Siblings are ordered by `compare` (largest spend first, say).
 */
export function buildTree<T extends TreeItem>(nodes: readonly T[], compare: (a: T, b: T) => number): Tree<T> {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const children = new Map<string, T[]>();
  const roots: T[] = [];
  for (const node of nodes) {
    if (node.parentId !== null && byId.has(node.parentId)) children.set(node.parentId, [...(children.get(node.parentId) ?? []), node]);
    else roots.push(node);
  }
  roots.sort(compare);
  for (const list of children.values()) list.sort(compare);
  return { roots, children, byId };
}

/** The rows shown: roots, and the children of every expanded row, depth first. */
export function visibleRows<T extends TreeItem>(tree: Tree<T>, expanded: ReadonlySet<string>): TreeRow<T>[] {
  const rows: TreeRow<T>[] = [];
  const walk = (list: T[], level: number, parentId: string | null) => {
    list.forEach((node, index) => {
      const kids = tree.children.get(node.id) ?? [];
      const open = kids.length > 0 && expanded.has(node.id);
      rows.push({ node, level, parentId, hasChildren: kids.length > 0, expanded: open, posInSet: index + 1, setSize: list.length });
      if (open) walk(kids, level + 1, node.id);
    });
  };
  walk(tree.roots, 1, null);
  return rows;
}

/** What a key press on a focused row does: move focus to a row, expand or collapse one, or open it. */
export type TreeKeyAction = { focus: string } | { expand: string } | { collapse: string } | { open: string } | null;

export function treeKeyAction<T extends TreeItem>(key: string, rows: readonly TreeRow<T>[], focusedId: string): TreeKeyAction {
  const index = rows.findIndex((r) => r.node.id === focusedId);
  if (index < 0) return rows.length ? { focus: rows[0].node.id } : null;
  const row = rows[index];
  switch (key) {
    case 'ArrowDown':
      return index + 1 < rows.length ? { focus: rows[index + 1].node.id } : null;
    case 'ArrowUp':
      return index > 0 ? { focus: rows[index - 1].node.id } : null;
    case 'Home':
      return { focus: rows[0].node.id };
    case 'End':
      return { focus: rows[rows.length - 1].node.id };
    case 'ArrowRight':
      // Closed: open it. Open: step to its first child.
      if (row.hasChildren && !row.expanded) return { expand: row.node.id };
      if (row.expanded) return { focus: rows[index + 1].node.id };
      return null;
    case 'ArrowLeft':
      // Open: close it. Closed (or a leaf): step to its parent.
      if (row.expanded) return { collapse: row.node.id };
      return row.parentId !== null ? { focus: row.parentId } : null;
    case 'Enter':
      return { open: row.node.id };
    default:
      return null;
  }
}

/** Every id on the way from the root to `id` (inclusive), for opening the tree at a node. */
export function pathTo<T extends TreeItem>(tree: Tree<T>, id: string): string[] {
  const path: string[] = [];
  for (let node = tree.byId.get(id); node; node = node.parentId === null ? undefined : tree.byId.get(node.parentId)) {
    if (path.includes(node.id)) break;
    path.unshift(node.id);
  }
  return path;
}

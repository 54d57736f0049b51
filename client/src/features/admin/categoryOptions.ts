import { graphql } from '../../gql';

// Categories for pickers and the taxonomy tree; ordered by code, so parents come before children.
export const CategoryOptionsQuery = graphql(`
  query CategoryOptions {
    categories {
      id
      code
      name
      level
      parentId
      naicsCode
    }
  }
`);

export interface CategoryOption {
  id: string;
  code: string;
  name: string;
  level: number;
  parentId?: string | null;
}

/** Depth-first order (each parent followed by its children), so indentation reads as a tree. */
export function treeOrder<T extends CategoryOption>(categories: readonly T[]): T[] {
  const byParent = new Map<string | null, T[]>();
  const ids = new Set(categories.map((category) => category.id));
  for (const category of categories) {
    // A parent outside the caller's scope: show the category at the top.
    const parent = category.parentId && ids.has(category.parentId) ? category.parentId : null;
    const siblings = byParent.get(parent) ?? [];
    siblings.push(category);
    byParent.set(parent, siblings);
  }
  const ordered: T[] = [];
  const visit = (parent: string | null) => {
    const children = [...(byParent.get(parent) ?? [])].sort((a, b) => a.code.localeCompare(b.code));
    for (const child of children) {
      ordered.push(child);
      visit(child.id);
    }
  };
  visit(null);
  return ordered;
}

/** A select option's text: non-breaking spaces indent it under its parent. */
export function indentedLabel(category: CategoryOption): string {
  return `${'\u00a0\u00a0\u00a0'.repeat(Math.max(0, category.level - 1))}${category.name} (${category.code})`;
}

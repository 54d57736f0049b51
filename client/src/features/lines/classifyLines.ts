import type { ApolloCache } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { graphql } from '../../gql';
import type { Role } from '../../gql/graphql';

/** Roles that may classify lines by hand (a category manager only into their own categories). */
export function canClassifyLines(role: Role | null): boolean {
  return role === 'ADMIN' || role === 'CATEGORY_MANAGER';
}

const ClassifySelectedLinesMutation = graphql(`
  mutation ClassifySelectedLines($lineIds: [ID!], $categoryId: ID) {
    classifyLines(lineIds: $lineIds, categoryId: $categoryId)
  }
`);

// The server returns only the categories the caller may see (a category manager's own).
const LineCategoryOptionsQuery = graphql(`
  query LineCategoryOptions {
    categories {
      id
      code
      name
      level
      parentId
    }
  }
`);

// Root fields whose answers depend on the category of a line (as the imports screen forgets after a commit).
const spendRootFields = ['spendSummary', 'spendCube', 'dataRange', 'spendLines', 'suppliers', 'supplier', 'categories', 'category', 'contracts', 'contract', 'businessUnits'];

function forgetSpend(cache: ApolloCache) {
  for (const fieldName of spendRootFields) cache.evict({ id: 'ROOT_QUERY', fieldName });
  cache.gc();
}

export function useClassifySelectedLines() {
  return useMutation(ClassifySelectedLinesMutation, { update: forgetSpend });
}

export interface CategoryChoice {
  id: string;
  name: string;
  code: string;
}

export interface CategoryChoiceGroup {
  label: string;
  options: CategoryChoice[];
}

/** Level-3 categories (where lines sit), grouped under "Level 1 › Level 2", in code order. */
export function useCategoryChoices(skip: boolean) {
  const { data, loading, error } = useQuery(LineCategoryOptionsQuery, { skip });
  const categories = data?.categories ?? [];
  const byId = new Map(categories.map((category) => [category.id, category]));
  const groups = new Map<string, CategoryChoiceGroup>();
  for (const category of [...categories].sort((a, b) => a.code.localeCompare(b.code))) {
    if (category.level !== 3) continue;
    const parent = category.parentId ? byId.get(category.parentId) : undefined;
    const grandparent = parent?.parentId ? byId.get(parent.parentId) : undefined;
    const label = [grandparent?.name, parent?.name].filter(Boolean).join(' › ') || 'Categories';
    const group = groups.get(label) ?? { label, options: [] };
    group.options.push({ id: category.id, name: category.name, code: category.code });
    groups.set(label, group);
  }
  return { groups: [...groups.values()], loading, error };
}

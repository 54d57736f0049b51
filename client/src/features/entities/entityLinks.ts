import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { filterSearch } from '../../filters/spendFilter';
import type { SpendDimension } from '../../gql/graphql';

/** The things that have a page of their own. */
export type EntityKind = 'supplier' | 'category' | 'contract';

const ROUTES: Record<EntityKind, string> = { supplier: '/suppliers', category: '/categories', contract: '/contracts' };

/** `/suppliers/42?from=…&to=…`: an entity's page, keeping the global filter of `search` (`filterSearch`). */
export function entityHref(kind: EntityKind, id: string, search = ''): string {
  return `${ROUTES[kind]}/${encodeURIComponent(id)}${filterSearch(search)}`;
}

/** `entityHref` for the current location: links from a filtered screen open the page under the same filter. */
export function useEntityHref(): (kind: EntityKind, id: string) => string {
  const { search } = useLocation();
  return useCallback((kind: EntityKind, id: string) => entityHref(kind, id, search), [search]);
}

/** Which page a cube dimension's members open, if any (suppliers, families, categories at any level, contracts). */
export function entityKindOf(dimension: SpendDimension): EntityKind | null {
  if (dimension === 'SUPPLIER' || dimension === 'SUPPLIER_PARENT') return 'supplier';
  if (dimension.startsWith('CATEGORY_L')) return 'category';
  if (dimension === 'CONTRACT') return 'contract';
  return null;
}

import { useCallback } from 'react';
import { useLocation } from 'react-router';
import type { SpendDimension } from '../../gql/graphql';

/** The things that have a page of their own. */
export type EntityKind = 'supplier' | 'category' | 'contract';

const ROUTES: Record<EntityKind, string> = { supplier: '/suppliers', category: '/categories', contract: '/contracts' };

/** The global filter's URL parameters (period, business units, categories, suppliers), which a link keeps. */
const CARRIED = ['from', 'to', 'bu', 'cat', 'sup'];

/** `/suppliers/42?from=…&to=…`: an entity's page, keeping the global filter of `search`. */
export function entityHref(kind: EntityKind, id: string, search = ''): string {
  const from = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const key of CARRIED) {
    const value = from.get(key);
    if (value) kept.set(key, value);
  }
  const query = kept.toString();
  return `${ROUTES[kind]}/${encodeURIComponent(id)}${query ? `?${query}` : ''}`;
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

import { explorerSearchFromQuery } from '../explore/explorerState';
import type { SavedViewKind, SpendCubeQuery } from '../../gql/graphql';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Where "Open" takes a saved view: the explorer with its state for pivots, the editor for queries. */
export function savedViewLink(kind: SavedViewKind, definition: string, id?: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(definition);
  } catch {
    return null;
  }
  if (!isRecord(parsed)) return null;
  if (kind === 'PIVOT') {
    // Views saved by the explorer keep its exact URL state; others (API-made) are rebuilt from the query.
    const display = parsed.display;
    if (isRecord(display) && typeof display.search === 'string') return `/explore?${display.search}`;
    return isRecord(parsed.query) ? `/explore?${explorerSearchFromQuery(parsed.query as Partial<SpendCubeQuery>)}` : null;
  }
  if (kind === 'DASHBOARD_FILTER') {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(parsed)) if (typeof value === 'string') search.set(key, value);
    return `/?${search.toString()}`;
  }
  return id ? `/query?id=${encodeURIComponent(id)}` : '/query';
}

import { explorerSearchFromQuery } from '../explore/explorerState';
import type { SavedViewKind, SpendCubeQuery } from '../../gql/graphql';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The dates a pivot opens with, resolved by the server (`SavedView.period`). */
export interface OpenPeriod {
  dateFrom?: string | null;
  dateTo?: string | null;
}

/** The explorer search with the view's resolved dates in place of those it was saved with, and the view's id for its banner. */
function withPeriod(search: string, period: OpenPeriod | null | undefined, id: string | undefined): string {
  const next = new URLSearchParams(search);
  if (period?.dateFrom && period.dateTo) {
    next.set('from', period.dateFrom);
    next.set('to', period.dateTo);
  }
  if (id) next.set('view', id);
  return next.toString();
}

/**
 * Where a saved view opens: the explorer with its state (and, with `period`, the dates the server
 * resolved for it) for pivots, the editor for queries, the overview for its filter. `/reports/:id`
 * redirects here; the list links to that permalink.
 */
export function savedViewLink(kind: SavedViewKind, definition: string, id?: string, period?: OpenPeriod | null): string | null {
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
    if (isRecord(display) && typeof display.search === 'string') return `/explore?${withPeriod(display.search, period, id)}`;
    return isRecord(parsed.query) ? `/explore?${withPeriod(explorerSearchFromQuery(parsed.query as Partial<SpendCubeQuery>), period, id)}` : null;
  }
  if (kind === 'DASHBOARD_FILTER') {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(parsed)) if (typeof value === 'string') search.set(key, value);
    return `/?${search.toString()}`;
  }
  return id ? `/query?id=${encodeURIComponent(id)}` : '/query';
}

// Where a category's figures drill to: `/lines` with a filter that holds exactly the lines behind
// the number, or `/explore` opened on the category. Pure, so it is unit-tested.
import type { SpendDimension, SpendFilter, SpendMeasure } from '../../gql/graphql';
import { writeFilterParams, type SpendFilterParams } from '../../filters/spendFilter';
import { defaultExplorerState, writeExplorerState } from '../explore/explorerState';
import { lineFilterSearch } from '../lines/lineFilter';

export interface CategoryRef {
  id: string;
  level: number;
  /** Ids of its ancestors, any order. */
  ancestorIds: readonly string[];
}

/**
 * The screen's filter narrowed to one category. The filter's categories combine with OR, so the
 * category cannot simply be added: when the filter names categories, the lines of this one are
 * in the filter only if it lies under one of them (the filter bar offers top-level categories, so
 * a category above a filtered one never comes up); otherwise none are.
 */
export function categoryFilter(filter: SpendFilter, category: CategoryRef): SpendFilter {
  const named = filter.categoryIds ?? [];
  const inside = named.length === 0 || [category.id, ...category.ancestorIds].some((id) => named.includes(id));
  return { ...filter, categoryIds: inside ? [category.id] : [] };
}

/** A `/lines` link for `filter`; `what` names the figure in the lines' heading, `back` is the screen to return to. */
export function linesHref(filter: SpendFilter, what: string, back?: string): string {
  return `/lines?${lineFilterSearch(filter, back, what)}`;
}

const CATEGORY_DIMENSIONS: Record<number, SpendDimension> = { 1: 'CATEGORY_L1', 2: 'CATEGORY_L2', 3: 'CATEGORY_L3' };

/** The explorer dimension a category of this level is a member of; null where the cube has none yet. */
export function categoryDimension(level: number): SpendDimension | null {
  return CATEGORY_DIMENSIONS[level] ?? null;
}

/**
 * `/explore` opened on a category: the screen's filter params, the category as a member filter on
 * its level, `rows` and `measures` as asked. Null for a level the cube cannot slice by.
 */
export function exploreHref(params: SpendFilterParams, category: { id: string; level: number }, rows: SpendDimension[], measures: SpendMeasure[]): string | null {
  const dimension = categoryDimension(category.level);
  if (!dimension) return null;
  const state = { ...defaultExplorerState, rows, measures, filters: [{ dimension, ids: [category.id] }] };
  return `/explore?${writeExplorerState(writeFilterParams(new URLSearchParams(), params), state).toString()}`;
}

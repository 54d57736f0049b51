import type { FieldPolicy } from '@apollo/client';

/** The shape every paged list field returns (`ImportBatchPage`, `SpendLinePage`, …). */
interface PagedList {
  __typename?: string;
  totalCount?: number;
  nodes?: readonly unknown[];
  pageInfo?: { __typename?: string; offset?: number; limit?: number; hasNextPage?: boolean };
  [field: string]: unknown;
}

interface PageArgs {
  page?: { offset?: number | null; limit?: number | null } | null;
}

// PageInput's defaults on the server (schema/common.graphql).
const DEFAULT_LIMIT = 50;

function windowOf(args: PageArgs | null | undefined): { offset: number; limit: number } {
  return { offset: args?.page?.offset ?? 0, limit: args?.page?.limit ?? DEFAULT_LIMIT };
}

/** Writes a fetched page into the list kept for its filter, at the page's offset. */
export function mergePage(existing: PagedList | undefined, incoming: PagedList, args: PageArgs | null | undefined): PagedList {
  const { offset } = windowOf(args);
  // A different total means rows came or went: pages fetched before may have shifted, so start over.
  const stale = existing?.totalCount !== undefined && incoming.totalCount !== undefined && existing.totalCount !== incoming.totalCount;
  const nodes = stale || !existing?.nodes ? [] : existing.nodes.slice();
  (incoming.nodes ?? []).forEach((node, index) => {
    nodes[offset + index] = node;
  });
  return { ...(stale ? {} : existing), ...incoming, nodes };
}

/**
 * Reads one page out of the list kept for its filter; undefined (a cache miss, so Apollo asks
 * the server) unless every row of the page is there.
 */
export function readPage(existing: PagedList | undefined, args: PageArgs | null | undefined): PagedList | undefined {
  if (!existing?.nodes) return undefined;
  const { offset, limit } = windowOf(args);
  const end = existing.totalCount === undefined ? offset + limit : Math.min(offset + limit, existing.totalCount);
  const nodes = existing.nodes.slice(offset, end);
  if (nodes.length < end - offset || nodes.some((node) => node === undefined)) return undefined;
  const page: PagedList = { ...existing, nodes };
  if (existing.pageInfo) {
    const hasNextPage = existing.totalCount === undefined ? Boolean(existing.pageInfo.hasNextPage) : end < existing.totalCount;
    page.pageInfo = { ...existing.pageInfo, offset, limit, hasNextPage };
  }
  return page;
}

/**
 * Field policy of a list paged with `page: PageInput`: cached once per filter (the other
 * arguments), its pages stored at their offsets, so moving between pages or coming back to a
 * list reuses what was fetched, and a changed filter never mixes with another's rows.
 */
export function pagedList(keyArgs: string[] | false): FieldPolicy<PagedList> {
  return {
    keyArgs,
    merge: (existing, incoming, { args }) => mergePage(existing, incoming, args as PageArgs | null),
    read: (existing, { args }) => readPage(existing, args as PageArgs | null),
  };
}

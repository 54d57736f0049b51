/** A page of a server-paged list, as `PageInput` asks for it and the list's `totalCount` answers. */
export interface PageWindow {
  offset: number;
  limit: number;
  totalCount: number;
}

export interface PagerState {
  /** 1-based number of the first and last row shown; both 0 when the list is empty. */
  first: number;
  last: number;
  /** 1-based page number and page count (at least 1). */
  page: number;
  pageCount: number;
  /** Offsets the first/previous/next/last buttons go to; null when the button has nowhere to go. */
  firstOffset: number | null;
  previousOffset: number | null;
  nextOffset: number | null;
  lastOffset: number | null;
}

/**
 * The pager's numbers for a window. Offsets are kept on page boundaries so that the page size
 * select and the URL can never produce a page that straddles two.
 */
export function pagerState({ offset, limit, totalCount }: PageWindow): PagerState {
  const size = Math.max(1, limit);
  const pageCount = Math.max(1, Math.ceil(totalCount / size));
  const page = Math.min(pageCount, Math.floor(Math.max(0, offset) / size) + 1);
  const start = (page - 1) * size;
  const lastStart = (pageCount - 1) * size;
  return {
    first: totalCount === 0 ? 0 : start + 1,
    last: Math.min(totalCount, start + size),
    page,
    pageCount,
    firstOffset: page > 1 ? 0 : null,
    previousOffset: page > 1 ? start - size : null,
    nextOffset: page < pageCount ? start + size : null,
    lastOffset: page < pageCount ? lastStart : null,
  };
}

/** The page sizes offered: the usual ones up to the server's maximum, plus the current one. */
export function pageSizeOptions(current: number, max: number): number[] {
  const sizes = new Set([10, 25, 50, 100, 250, 500, current].filter((size) => size >= 1 && size <= max));
  return [...sizes].sort((a, b) => a - b);
}

/** A page window read from the URL (`?offset=&limit=`), clamped to the server's limits. */
export function pageFromParams(params: URLSearchParams, defaultLimit: number, maxLimit: number, prefix = ''): { offset: number; limit: number } {
  const limitRaw = Number(params.get(`${prefix}limit`));
  const limit = Number.isInteger(limitRaw) && limitRaw >= 1 ? Math.min(limitRaw, maxLimit) : defaultLimit;
  const offsetRaw = Number(params.get(`${prefix}offset`));
  const offset = Number.isInteger(offsetRaw) && offsetRaw > 0 ? Math.floor(offsetRaw / limit) * limit : 0;
  return { offset, limit };
}

/** The URL params of a page window, the inverse of `pageFromParams`: defaults are left out so links stay short. */
export function pageToParams(next: { offset: number; limit: number }, defaultLimit: number): { offset: string | null; limit: string | null } {
  return { offset: next.offset ? String(next.offset) : null, limit: next.limit === defaultLimit ? null : String(next.limit) };
}

import { describe, expect, it } from 'vitest';
import { pageFromParams, pagerState, pageSizeOptions, pageToParams } from './pager';

describe('pager maths', () => {
  it('describes a middle page and where each button goes', () => {
    expect(pagerState({ offset: 50, limit: 25, totalCount: 1234 })).toEqual({
      first: 51,
      last: 75,
      page: 3,
      pageCount: 50,
      firstOffset: 0,
      previousOffset: 25,
      nextOffset: 75,
      lastOffset: 1225,
    });
  });

  it('stops at both ends and shows a short last page', () => {
    const first = pagerState({ offset: 0, limit: 50, totalCount: 120 });
    expect([first.firstOffset, first.previousOffset, first.nextOffset, first.lastOffset]).toEqual([null, null, 50, 100]);
    const last = pagerState({ offset: 100, limit: 50, totalCount: 120 });
    expect([last.first, last.last, last.page, last.pageCount]).toEqual([101, 120, 3, 3]);
    expect([last.nextOffset, last.lastOffset, last.previousOffset]).toEqual([null, null, 50]);
  });

  it('shows 0–0 of 0 for an empty list and one page', () => {
    expect(pagerState({ offset: 0, limit: 25, totalCount: 0 })).toMatchObject({ first: 0, last: 0, page: 1, pageCount: 1, nextOffset: null });
  });

  it('snaps an offset past the end, or off a page boundary, onto a page', () => {
    expect(pagerState({ offset: 5000, limit: 25, totalCount: 60 })).toMatchObject({ page: 3, first: 51, last: 60 });
    expect(pagerState({ offset: 30, limit: 25, totalCount: 60 })).toMatchObject({ page: 2, first: 26, last: 50, previousOffset: 0 });
  });

  it('offers page sizes up to the server maximum, keeping the current one', () => {
    expect(pageSizeOptions(25, 500)).toEqual([10, 25, 50, 100, 250, 500]);
    expect(pageSizeOptions(30, 100)).toEqual([10, 25, 30, 50, 100]);
  });

  it('reads the window from the URL, clamped to the limits and to page boundaries', () => {
    expect(pageFromParams(new URLSearchParams(''), 25, 500)).toEqual({ offset: 0, limit: 25 });
    expect(pageFromParams(new URLSearchParams('offset=60&limit=50'), 25, 500)).toEqual({ offset: 50, limit: 50 });
    expect(pageFromParams(new URLSearchParams('offset=-3&limit=9999'), 25, 500)).toEqual({ offset: 0, limit: 500 });
    expect(pageFromParams(new URLSearchParams('offset=x&limit=0'), 25, 500)).toEqual({ offset: 0, limit: 25 });
  });
});

describe('pageToParams', () => {
  it('is the inverse of pageFromParams, leaving defaults out', () => {
    expect(pageToParams({ offset: 0, limit: 50 }, 50)).toEqual({ offset: null, limit: null });
    const params = pageToParams({ offset: 200, limit: 100 }, 50);
    expect(params).toEqual({ offset: '200', limit: '100' });
    expect(pageFromParams(new URLSearchParams({ offset: params.offset!, limit: params.limit! }), 50, 500)).toEqual({ offset: 200, limit: 100 });
  });
});

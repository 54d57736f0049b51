import { useApolloClient, useQuery } from '@apollo/client/react';
import { useCallback, useRef, useState } from 'react';
import { graphql, type FragmentType } from '../../gql';
import type { SpendFilter, SpendLineSort } from '../../gql/graphql';
import type { LinesTableLineFragment } from './LinesTable';

export const PAGE_SIZE = 200;

const SpendLinesQuery = graphql(`
  query SpendLines($filter: SpendFilter, $sort: SpendLineSort, $page: PageInput) {
    spendLines(filter: $filter, sort: $sort, page: $page) {
      totalCount
      totalAmount
      currency
      pageInfo {
        offset
        hasNextPage
      }
      nodes {
        id
        ...LinesTable_line
      }
    }
  }
`);

type LineRef = FragmentType<typeof LinesTableLineFragment>;

/** The first page through `useQuery`, further pages of 200 appended as the user scrolls. */
export function useLinePages(filter: SpendFilter, sort: SpendLineSort, skip: boolean) {
  const client = useApolloClient();
  const key = JSON.stringify({ filter, sort });
  const first = useQuery(SpendLinesQuery, { variables: { filter, sort, page: { offset: 0, limit: PAGE_SIZE } }, skip });
  const [more, setMore] = useState<{ key: string; lines: LineRef[]; hasNextPage: boolean; error: unknown }>({ key, lines: [], hasNextPage: true, error: null });
  const fetching = useRef<string | null>(null);
  const extra = more.key === key ? more : { key, lines: [], hasNextPage: true, error: null };

  const firstPage = first.data?.spendLines;
  const lines: LineRef[] = firstPage ? [...firstPage.nodes, ...extra.lines] : [];
  const hasMore = Boolean(firstPage?.pageInfo.hasNextPage) && extra.hasNextPage && !extra.error;

  const loadMore = useCallback(() => {
    if (!hasMore || !firstPage) return;
    const offset = firstPage.nodes.length + extra.lines.length;
    const token = `${key}@${offset}`;
    if (fetching.current === token) return;
    fetching.current = token;
    client
      .query({ query: SpendLinesQuery, variables: { filter, sort, page: { offset, limit: PAGE_SIZE } } })
      .then(({ data, error }) => {
        setMore((current) => {
          const base = current.key === key ? current : { key, lines: [], hasNextPage: true, error: null };
          if (error || !data) return { ...base, error: error ?? new Error('No data') };
          return { key, lines: [...base.lines, ...data.spendLines.nodes], hasNextPage: data.spendLines.pageInfo.hasNextPage, error: null };
        });
      })
      .catch((error: unknown) => setMore((current) => ({ ...current, error })));
  }, [client, extra.lines.length, filter, firstPage, hasMore, key, sort]);

  /** Forgets the pages loaded after the first (call before refetching the first page). */
  const resetMore = useCallback(() => {
    fetching.current = null;
    setMore({ key, lines: [], hasNextPage: true, error: null });
  }, [key]);

  return { first, lines, hasMore, loadMore, moreError: extra.error, resetMore };
}

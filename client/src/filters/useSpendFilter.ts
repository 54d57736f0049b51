import { useQuery } from '@apollo/client/react';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { graphql } from '../gql';
import type { SpendFilter } from '../gql/graphql';
import { parseFilterParams, resolvePeriod, writeFilterParams, type DateSpan, type SpendFilterParams } from './spendFilter';

const SpendFilterDataRangeQuery = graphql(`
  query SpendFilterDataRange {
    dataRange {
      minDate
      maxDate
      asOfDate
    }
  }
`);

export interface SpendFilterState {
  /** What the URL says. */
  params: SpendFilterParams;
  /** The period in force (URL dates or the default); null until the data range is known or when there is no data. */
  period: DateSpan | null;
  /** The filter to send to the API; null while the default period is still loading. */
  filter: SpendFilter | null;
  minDate: string | null;
  maxDate: string | null;
  /** true once the data range has loaded (or failed). */
  ready: boolean;
  error: unknown;
  update(change: Partial<SpendFilterParams>): void;
  clear(): void;
}

/** The global spend filter of an analytic screen, kept in the URL query string. */
export function useSpendFilter(): SpendFilterState {
  const [searchParams, setSearchParams] = useSearchParams();
  const { data, error, loading } = useQuery(SpendFilterDataRangeQuery);
  const params = useMemo(() => parseFilterParams(searchParams), [searchParams]);
  const minDate = data?.dataRange.minDate ?? null;
  const maxDate = data?.dataRange.maxDate ?? null;
  const ready = !loading && (Boolean(data) || Boolean(error));

  const period = useMemo(() => resolvePeriod(params, maxDate), [params, maxDate]);
  const filter = useMemo<SpendFilter | null>(() => {
    if (!ready) return null;
    return {
      dateFrom: period?.from ?? null,
      dateTo: period?.to ?? null,
      businessUnitIds: params.businessUnitIds.length ? params.businessUnitIds : null,
      categoryIds: params.categoryIds.length ? params.categoryIds : null,
    };
  }, [ready, period, params]);

  const update = useCallback(
    (change: Partial<SpendFilterParams>) => {
      setSearchParams((current) => writeFilterParams(current, { ...parseFilterParams(current), ...change }));
    },
    [setSearchParams],
  );
  const clear = useCallback(() => {
    setSearchParams((current) =>
      writeFilterParams(current, { from: null, to: null, businessUnitIds: [], categoryIds: [] }),
    );
  }, [setSearchParams]);

  return { params, period, filter, minDate, maxDate, ready, error, update, clear };
}

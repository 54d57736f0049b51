import { useQuery } from '@apollo/client/react';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from './useSearchParams';
import { graphql } from '../gql';
import type { FilterBarOptionsQuery, SpendFilter } from '../gql/graphql';
import {
  droppedFilterValues,
  keepKnownIds,
  parseFilterParams,
  resolvePeriod,
  writeFilterParams,
  type DateSpan,
  type DefaultPeriod,
  type DroppedFilterValues,
  type FilterDirectory,
  type SpendFilterParams,
} from './spendFilter';

const SpendFilterDataRangeQuery = graphql(`
  query SpendFilterDataRange {
    dataRange {
      minDate
      maxDate
      asOfDate
    }
  }
`);

/** What the filter bar offers, and the signed-in user's scope to show instead of "All". */
const FilterBarOptionsDocument = graphql(`
  query FilterBarOptions {
    businessUnits {
      id
      code
      name
    }
    categories(level: 1) {
      id
      code
      name
    }
    me {
      id
      scope {
        businessUnits {
          id
          name
        }
        categories {
          id
          name
        }
      }
    }
  }
`);

export interface SpendFilterState {
  /** What the URL says, less the values the screens ignore (see `dropped`). */
  params: SpendFilterParams;
  /** The period in force (URL dates or the default); null until the data range is known or when there is no data. */
  period: DateSpan | null;
  /** The filter to send to the API; null while the default period or the filter options are still loading. */
  filter: SpendFilter | null;
  minDate: string | null;
  maxDate: string | null;
  /** The filter bar's choices and the user's scope; undefined while loading. */
  options: FilterBarOptionsQuery | undefined;
  /** URL values left out because they are unknown, out of scope or malformed. */
  dropped: DroppedFilterValues;
  /** true once the data range and the filter options have loaded (or failed). */
  ready: boolean;
  /** The period when the URL names none. */
  defaultPeriod: DefaultPeriod;
  error: unknown;
  update(change: Partial<SpendFilterParams>): void;
  clear(): void;
}

/**
 * The global spend filter of an analytic screen, kept in the URL query string. Without dates in the
 * URL the period is the last 12 months of data, or with `defaultPeriod: 'all'` all of it.
 */
export function useSpendFilter({ defaultPeriod = 'last12Months' }: { defaultPeriod?: DefaultPeriod } = {}): SpendFilterState {
  const [searchParams, setSearchParams] = useSearchParams();
  const { data, error, loading } = useQuery(SpendFilterDataRangeQuery);
  const { data: options, loading: optionsLoading } = useQuery(FilterBarOptionsDocument);
  const directory = useMemo<FilterDirectory | null>(
    () =>
      options
        ? { businessUnitIds: new Set(options.businessUnits.map((unit) => unit.id)), categoryIds: new Set(options.categories.map((category) => category.id)) }
        : null,
    [options],
  );
  const params = useMemo(() => keepKnownIds(parseFilterParams(searchParams), directory), [searchParams, directory]);
  const dropped = useMemo(() => droppedFilterValues(searchParams, params), [searchParams, params]);
  const minDate = data?.dataRange.minDate ?? null;
  const maxDate = data?.dataRange.maxDate ?? null;
  const ready = !loading && (Boolean(data) || Boolean(error)) && !optionsLoading;

  const period = useMemo(() => resolvePeriod(params, maxDate, defaultPeriod === 'all' ? minDate : null), [params, maxDate, minDate, defaultPeriod]);
  const filter = useMemo<SpendFilter | null>(() => {
    if (!ready) return null;
    return {
      dateFrom: period?.from ?? null,
      dateTo: period?.to ?? null,
      businessUnitIds: params.businessUnitIds.length ? params.businessUnitIds : null,
      categoryIds: params.categoryIds.length ? params.categoryIds : null,
    };
  }, [ready, period, params]);

  // Any change rewrites the URL without the ignored values, so the notice about them goes too.
  const update = useCallback(
    (change: Partial<SpendFilterParams>) => {
      setSearchParams((current) => writeFilterParams(current, { ...keepKnownIds(parseFilterParams(current), directory), ...change }));
    },
    [setSearchParams, directory],
  );
  const clear = useCallback(() => {
    setSearchParams((current) =>
      writeFilterParams(current, { from: null, to: null, businessUnitIds: [], categoryIds: [] }),
    );
  }, [setSearchParams]);

  return { params, period, filter, minDate, maxDate, options, dropped, ready, defaultPeriod, error, update, clear };
}

import { skipToken, useQuery } from '@apollo/client/react';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from './useSearchParams';
import { useDisplayCurrencies } from './useDisplayCurrencies';
import { useSettings } from '../features/settings/useSettings';
import { graphql } from '../gql';
import type { FilterBarOptionsQuery, SpendFilter } from '../gql/graphql';
import {
  droppedFilterValues,
  isSupplierId,
  keepKnownIds,
  noFilterParams,
  parseFilterParams,
  readCurrency,
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

/**
 * The URL's suppliers by id, named: organisations have thousands of suppliers, so the filter bar
 * cannot list them all as it does units and categories (unknown or out-of-scope ids are left out).
 */
const FilterBarSuppliersDocument = graphql(`
  query FilterBarSuppliers($ids: [ID!]!) {
    suppliersByIds(ids: $ids) {
      id
      name
    }
  }
`);

/** The most suppliers a link may name (`suppliersByIds` takes 100); the rest are dropped. */
const MAX_SUPPLIERS = 100;

/** A supplier of the filter, by name. */
export interface NamedSupplier {
  id: string;
  name: string;
}

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
  /** The chosen suppliers by name, in the URL's order. */
  suppliers: NamedSupplier[];
  /** Whether the screen honours the supplier filter (not a supplier's own page). */
  supplierFilter: boolean;
  /** Whether the screen shows its figures in the chosen display currency (not the classification review, whose amounts stay in the reporting currency). */
  currencyChoice: boolean;
  /** The currency figures are shown in: the URL's `cur`, else the reporting currency. */
  currency: string;
  /** The currencies the bar offers, the reporting currency first; just the one in force while they load. */
  currencies: string[];
  update(change: Partial<SpendFilterParams>): void;
  /** Sets the chosen suppliers; their names are kept, so the URL's change needs no look-up. */
  setSuppliers(suppliers: NamedSupplier[]): void;
  /** Shows figures in this currency (the reporting currency clears `cur`). */
  setCurrency(currency: string): void;
  clear(): void;
}

/**
 * Names of the URL's suppliers: those picked on this screen or looked up before (null: looked up
 * and not visible to the caller), and a look-up of the others. Ids are looked up once per screen,
 * so adding or removing a supplier changes the URL without waiting for the server. `visible` holds
 * the ids the caller may use (null when the look-up failed), `loading` is true while some are unknown.
 * The filter bar uses it, and so does the contract list for its own `sup`.
 */
export function useSupplierNames(urlIds: readonly string[]) {
  const [known, setKnown] = useState<ReadonlyMap<string, string | null>>(() => new Map());
  const wanted = useMemo(() => urlIds.filter(isSupplierId).slice(0, MAX_SUPPLIERS), [urlIds]);
  const unknown = useMemo(() => wanted.filter((id) => !known.has(id)), [wanted, known]);
  const { data, loading, error } = useQuery(FilterBarSuppliersDocument, unknown.length ? { variables: { ids: unknown } } : skipToken);
  // The answer names what was asked; an id it leaves out is unknown or outside the caller's scope.
  const answered = useMemo(() => {
    if (!data) return null;
    const found = new Map<string, string | null>(unknown.map((id) => [id, null]));
    for (const supplier of data.suppliersByIds) found.set(supplier.id, supplier.name);
    return found;
  }, [data, unknown]);
  // Kept once answered (adjusting state while rendering, as React recommends over an effect), so
  // the ids leave the look-up and a later change of the URL does not ask again. Only news is
  // kept: the last answer may stay in `data` after the look-up is skipped.
  if (answered && [...answered].some(([id, name]) => known.get(id) !== name)) setKnown(new Map([...known, ...answered]));
  const names = useMemo(() => (answered ? new Map([...known, ...answered]) : known), [known, answered]);
  const remember = useCallback((suppliers: readonly NamedSupplier[]) => {
    setKnown((current) => (suppliers.every((s) => current.get(s.id) === s.name) ? current : new Map([...current, ...suppliers.map((s) => [s.id, s.name] as const)])));
  }, []);
  const pending = unknown.filter((id) => !names.has(id));
  // Without an answer (the look-up failed) no id is dropped for being unknown.
  const visible = useMemo<ReadonlySet<string> | null>(
    () => (error && pending.length ? null : new Set(wanted.filter((id) => typeof names.get(id) === 'string'))),
    [error, pending.length, wanted, names],
  );
  return { names, visible, remember, loading: pending.length > 0 && loading && !error };
}

/** The span of the caller's data (the same cached query the filter bar reads), unless `skip`. */
export function useDataRange(skip = false): { minDate: string | null; maxDate: string | null } | null {
  const { data } = useQuery(SpendFilterDataRangeQuery, { skip });
  return data?.dataRange ?? null;
}

/**
 * The global spend filter of an analytic screen, kept in the URL query string. Without dates in the
 * URL the period is the last 12 months of data, or with `defaultPeriod: 'all'` all of it. A screen
 * about one supplier passes `supplierFilter: false`: it keeps the URL's suppliers for the screens
 * it links to but does not apply them (docs/architecture.md, "The filter bar").
 */
export function useSpendFilter({
  defaultPeriod = 'last12Months',
  supplierFilter = true,
  currencyChoice = true,
}: { defaultPeriod?: DefaultPeriod; supplierFilter?: boolean; currencyChoice?: boolean } = {}): SpendFilterState {
  const [searchParams, setSearchParams] = useSearchParams();
  const { data, error, loading } = useQuery(SpendFilterDataRangeQuery);
  const { data: options, loading: optionsLoading } = useQuery(FilterBarOptionsDocument);
  const { reportingCurrency } = useSettings();
  const urlCurrency = currencyChoice ? readCurrency(searchParams.get('cur')) : null;
  // The currencies are waited for only when the URL names one: it is checked before any figure is asked in it.
  const displayCurrencies = useDisplayCurrencies(reportingCurrency, !currencyChoice);
  const currencySet = useMemo(() => (displayCurrencies.currencies ? new Set(displayCurrencies.currencies) : null), [displayCurrencies.currencies]);
  const urlSupplierIds = useMemo(() => (supplierFilter ? parseFilterParams(searchParams).supplierIds : []), [searchParams, supplierFilter]);
  const supplierNames = useSupplierNames(urlSupplierIds);
  const directory = useMemo<FilterDirectory | null>(
    () =>
      options
        ? {
            businessUnitIds: new Set(options.businessUnits.map((unit) => unit.id)),
            categoryIds: new Set(options.categories.map((category) => category.id)),
            supplierIds: supplierNames.visible,
            currencies: currencySet,
          }
        : null,
    [options, supplierNames.visible, currencySet],
  );
  // What this screen applies of the URL: a supplier's page leaves `sup` out, the review screen `cur`.
  const applied = useCallback(
    (read: SpendFilterParams): SpendFilterParams => ({
      ...read,
      ...(supplierFilter ? {} : { supplierIds: [] }),
      ...(currencyChoice ? {} : { displayCurrency: null }),
    }),
    [supplierFilter, currencyChoice],
  );
  const params = useMemo(() => keepKnownIds(applied(parseFilterParams(searchParams)), directory), [searchParams, directory, applied]);
  const dropped = useMemo(() => {
    // The URL's suppliers (and currency) are kept for other screens, not dropped here.
    const search = new URLSearchParams(searchParams);
    if (!supplierFilter) search.delete('sup');
    if (!currencyChoice) search.delete('cur');
    return droppedFilterValues(search, params);
  }, [searchParams, params, supplierFilter, currencyChoice]);
  const minDate = data?.dataRange.minDate ?? null;
  const maxDate = data?.dataRange.maxDate ?? null;
  const currencyPending = Boolean(urlCurrency && urlCurrency !== reportingCurrency && displayCurrencies.loading);
  const ready = !loading && (Boolean(data) || Boolean(error)) && !optionsLoading && !supplierNames.loading && !currencyPending;
  const currency = params.displayCurrency ?? reportingCurrency;
  const currencies = useMemo(() => {
    const list = displayCurrencies.currencies ?? [reportingCurrency];
    return list.includes(currency) ? list : [...list, currency];
  }, [displayCurrencies.currencies, reportingCurrency, currency]);
  const suppliers = useMemo(
    () => params.supplierIds.map((id) => ({ id, name: supplierNames.names.get(id) ?? `Supplier #${id}` })),
    [params.supplierIds, supplierNames.names],
  );

  const period = useMemo(() => resolvePeriod(params, maxDate, defaultPeriod === 'all' ? minDate : null), [params, maxDate, minDate, defaultPeriod]);
  const filter = useMemo<SpendFilter | null>(() => {
    if (!ready) return null;
    return {
      dateFrom: period?.from ?? null,
      dateTo: period?.to ?? null,
      businessUnitIds: params.businessUnitIds.length ? params.businessUnitIds : null,
      categoryIds: params.categoryIds.length ? params.categoryIds : null,
      supplierIds: params.supplierIds.length ? params.supplierIds : null,
      // Only when it is not the reporting currency, so the requests (and saved queries) of a
      // screen in the reporting currency are as before.
      ...(currency !== reportingCurrency ? { displayCurrency: currency } : {}),
    };
  }, [ready, period, params, currency, reportingCurrency]);

  // Any change rewrites the URL without the ignored values, so the notice about them goes too.
  const update = useCallback(
    (change: Partial<SpendFilterParams>) => {
      setSearchParams((current) => {
        const read = parseFilterParams(current);
        // A screen that does not apply the suppliers (or the currency) leaves them in the URL as they are.
        const kept = keepKnownIds(applied(read), directory);
        const untouched = {
          ...(supplierFilter ? {} : { supplierIds: read.supplierIds }),
          ...(currencyChoice ? {} : { displayCurrency: read.displayCurrency }),
        };
        return writeFilterParams(current, { ...kept, ...untouched, ...change });
      });
    },
    [setSearchParams, directory, supplierFilter, currencyChoice, applied],
  );
  const setCurrency = useCallback(
    (next: string) => update({ displayCurrency: next === reportingCurrency ? null : next }),
    [update, reportingCurrency],
  );
  const { remember } = supplierNames;
  const setSuppliers = useCallback(
    (next: NamedSupplier[]) => {
      remember(next);
      update({ supplierIds: next.map((supplier) => supplier.id) });
    },
    [remember, update],
  );
  // Reset clears what narrows the lines; the currency they are shown in stays (`hasActiveFilters`).
  const clear = useCallback(() => {
    setSearchParams((current) => {
      const read = parseFilterParams(current);
      return writeFilterParams(current, { ...noFilterParams, supplierIds: supplierFilter ? [] : read.supplierIds, displayCurrency: read.displayCurrency });
    });
  }, [setSearchParams, supplierFilter]);

  return {
    params, period, filter, minDate, maxDate, options, dropped, ready, defaultPeriod, error, suppliers, supplierFilter,
    currencyChoice, currency, currencies, update, setSuppliers, setCurrency, clear,
  };
}

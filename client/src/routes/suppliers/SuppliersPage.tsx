import { skipToken, useQuery } from '@apollo/client/react';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from '../../filters/useSearchParams';
import { Button } from '../../components/Button';
import { FilterBar } from '../../components/FilterBar';
import { MultiSelect } from '../../components/MultiSelect';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { pageFromParams } from '../../components/pager';
import { EmptyState, ErrorState, SkeletonRows } from '../../components/StatusViews';
import { SupplierTable } from '../../features/suppliers/SupplierTable';
import { parseSupplierList, supplierQueryOf, writeSupplierList, type SupplierListState } from '../../features/suppliers/supplierListState';
import { useSettings } from '../../features/settings/useSettings';
import { useSpendFilter } from '../../filters/useSpendFilter';
import { ShownCurrencyContext, useAnsweredCurrency } from '../../features/settings/shownCurrency';
import { formatCount, formatDate } from '../../format/numbers';
import { graphql } from '../../gql';
import type { SupplierStatus } from '../../gql/graphql';
import styles from './SuppliersPage.module.css';

const SuppliersPageQuery = graphql(`
  query SuppliersPage($search: String, $filter: SpendFilter, $only: SupplierFilter, $sort: SupplierSort, $page: PageInput) {
    suppliers(search: $search, filter: $filter, supplierFilter: $only, sort: $sort, page: $page) {
      totalCount
      dateFrom
      dateTo
      nodes {
        supplier {
          id
        }
        ...SupplierTable_row
      }
    }
  }
`);

const SupplierCountriesQuery = graphql(`
  query SupplierCountries($filter: SpendFilter) {
    supplierCountries(filter: $filter) {
      code
      supplierCount
    }
  }
`);

const SupplierFamilyNameQuery = graphql(`
  query SupplierFamilyName($id: ID!) {
    supplier(id: $id) {
      id
      name
    }
  }
`);

const statusOptions: { value: SupplierStatus; label: string }[] = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'BLOCKED', label: 'Blocked' },
  { value: 'MERGED', label: 'Merged' },
];

/** The search box: typing updates the URL once it pauses, so the list follows without a request per key. */
function SearchBox({ value, onSearch }: { value: string; onSearch(text: string): void }) {
  const id = useId();
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  // The URL changed from elsewhere (back button, a link): show what it says.
  if (value !== seen) {
    setSeen(value);
    setText(value);
  }
  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = setTimeout(() => onSearch(text), 300);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <div className={styles.search}>
      <label htmlFor={id} className="visually-hidden">
        Search suppliers
      </label>
      <input
        id={id}
        type="search"
        className="input"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSearch(text);
        }}
        placeholder="Name, alias or tax id"
        autoComplete="off"
        data-testid="supplier-search"
      />
    </div>
  );
}

/** `/suppliers`: every supplier with spend under the global filter, searched, filtered, sorted and paged on the server. */
export function SuppliersPage() {
  const [params, setParams] = useSearchParams();
  const filterState = useSpendFilter();
  const { filter } = filterState;
  // A period that starts at (or before) the first line has nothing before it to compare with.
  const comparable = Boolean(filter?.dateFrom && filterState.minDate && filter.dateFrom > filterState.minDate);
  const { pageMax } = useSettings();
  const state = parseSupplierList(params);
  const page = pageFromParams(params, 50, pageMax);
  const { search, only, sort } = supplierQueryOf(state);
  const { data, previousData, loading, error, refetch } = useQuery(
    SuppliersPageQuery,
    filter ? { variables: { search, filter, only, sort, page } } : skipToken,
  );
  const countries = useQuery(SupplierCountriesQuery, filter ? { variables: { filter } } : skipToken);
  const family = useQuery(SupplierFamilyNameQuery, state.familyId ? { variables: { id: state.familyId }, errorPolicy: 'all' } : skipToken);
  const view = data ?? previousData;
  const list = view?.suppliers;
  const currency = useAnsweredCurrency(filter?.displayCurrency, Boolean(data));

  function update(change: Partial<SupplierListState>) {
    setParams((current) => writeSupplierList(current, change), { replace: 'search' in change });
  }

  function goToPage(next: { offset: number; limit: number }) {
    setParams((current) => {
      const search = new URLSearchParams(current);
      if (next.offset > 0) search.set('offset', String(next.offset));
      else search.delete('offset');
      if (next.limit !== 50) search.set('limit', String(next.limit));
      else search.delete('limit');
      return search;
    });
  }

  const narrowed = state.search || state.statuses.length || state.countries.length || state.familyId || state.withoutSpend;
  const summary = list ? (
    <span data-testid="supplier-count">
      <strong>{formatCount(list.totalCount)}</strong> {list.totalCount === 1 ? 'supplier' : 'suppliers'}
      {state.withoutSpend || state.statuses.includes('MERGED') ? '' : ' with spend'} · {formatDate(list.dateFrom)} – {formatDate(list.dateTo)}, change against the same span before
    </span>
  ) : (
    'Every supplier with spend in the period, with its change against the period before.'
  );

  return (
    <main className="page" data-testid="suppliers-page">
      <PageHeader title="Suppliers" description={summary} />
      <FilterBar state={filterState} />
      <div className={styles.toolbar} role="search" aria-label="Supplier search and filters">
        <SearchBox value={state.search} onSearch={(text) => update({ search: text })} />
        <MultiSelect
          label="Status"
          allLabel="Any status"
          testId="supplier-status-filter"
          options={statusOptions}
          selected={state.statuses}
          onChange={(statuses) => update({ statuses: statuses as SupplierStatus[] })}
        />
        <MultiSelect
          label="Country"
          allLabel="Any country"
          testId="supplier-country-filter"
          options={(countries.data?.supplierCountries ?? []).map((c) => ({ value: c.code, label: c.code, hint: `${formatCount(c.supplierCount)} suppliers` }))}
          selected={state.countries}
          onChange={(codes) => update({ countries: codes })}
        />
        {state.familyId && (
          <span className={styles.chip} data-testid="supplier-family-filter">
            Family of {family.data?.supplier?.name ?? `supplier #${state.familyId}`}
            <Button variant="ghost" size="small" onClick={() => update({ familyId: null })} aria-label="Show every family">
              ×
            </Button>
          </span>
        )}
        <label className={`check-row ${styles.check}`}>
          <input type="checkbox" checked={state.withoutSpend} onChange={(event) => update({ withoutSpend: event.target.checked })} data-testid="supplier-without-spend" />
          Include suppliers without spend
        </label>
        {narrowed && (
          <Button variant="ghost" size="small" onClick={() => update({ search: '', statuses: [], countries: [], familyId: null, withoutSpend: false })}>
            Clear
          </Button>
        )}
      </div>
      <section className={`card ${styles.card}`} aria-busy={loading}>
        {error || filterState.error ? (
          <ErrorState error={error ?? filterState.error} title="The suppliers could not be loaded" onRetry={() => void refetch()} />
        ) : !list ? (
          <SkeletonRows count={10} height={22} />
        ) : list.totalCount === 0 && !narrowed ? (
          <EmptyState title="No supplier has spend in this period" text="Try a wider date range, or include suppliers without spend." />
        ) : (
          <div className={loading ? styles.refreshing : undefined}>
            <ShownCurrencyContext.Provider value={currency}>
              <SupplierTable rows={list.nodes} sort={state.sort} onSort={(next) => update({ sort: next })} comparable={comparable} />
            </ShownCurrencyContext.Provider>
            <Pager offset={page.offset} limit={page.limit} totalCount={list.totalCount} maxLimit={pageMax} onChange={goToPage} label="Supplier pages" testId="supplier-pager" />
          </div>
        )}
      </section>
    </main>
  );
}

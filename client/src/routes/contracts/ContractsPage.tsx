import { skipToken, useQuery } from '@apollo/client/react';
import { useCallback, useMemo } from 'react';
import { Link } from 'react-router';
import { useSearchParams } from '../../filters/useSearchParams';
import { buttonClassName } from '../../components/buttonClass';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { pageFromParams } from '../../components/pager';
import { ErrorState, SkeletonRows } from '../../components/StatusViews';
import { indentedLabel, treeOrder } from '../../features/admin/categoryOptions';
import { ContractFilters } from '../../features/contracts/ContractFilters';
import { contractFilterOf, parseContractParams, writeContractParams, type ContractListParams } from '../../features/contracts/contractParams';
import { ContractsTable } from '../../features/contracts/ContractsTable';
import { ContractTimeline } from '../../features/contracts/ContractTimeline';
import { useSessionRole } from '../../features/session/SessionContext';
import { useSettings } from '../../features/settings/useSettings';
import { describeDroppedFilterValues } from '../../filters/spendFilter';
import { useSupplierNames, type NamedSupplier } from '../../filters/useSpendFilter';
import { formatCount } from '../../format/numbers';
import { graphql } from '../../gql';
import type { ContractStatus } from '../../gql/graphql';
import styles from './ContractsPage.module.css';

const ContractsPageQuery = graphql(`
  query ContractsPage($filter: ContractFilter, $page: PageInput) {
    contracts(filter: $filter, page: $page) {
      totalCount
      statusCounts {
        status
        count
      }
      nodes {
        id
        ...ContractsTable_contract
        ...ContractTimeline_contract
      }
    }
  }
`);

const ContractFilterOptionsQuery = graphql(`
  query ContractFilterOptions {
    categories {
      id
      code
      name
      level
      parentId
    }
    businessUnits {
      id
      code
      name
    }
    contractOwners {
      id
      name
    }
  }
`);

/** `/contracts`: contracts by status and expiry, as a table or a timeline, filtered in the URL. */
export function ContractsPage() {
  const [search, setSearch] = useSearchParams();
  const { pageDefault, pageMax, asOfDate, expiryWarningDays } = useSettings();
  const asked = useMemo(() => parseContractParams(search), [search]);
  // The suppliers (`sup`, as in the filter bar) are named by id; those the caller cannot see are
  // left out, with a notice, and the list waits for the names rather than show every supplier's.
  const supplierNames = useSupplierNames(asked.supplierIds);
  const { visible, names, remember } = supplierNames;
  const params = useMemo(
    () => (visible ? { ...asked, supplierIds: asked.supplierIds.filter((id) => visible.has(id)) } : asked),
    [asked, visible],
  );
  const suppliers = useMemo(() => params.supplierIds.map((id) => ({ id, name: names.get(id) ?? `Supplier #${id}` })), [params.supplierIds, names]);
  const droppedNotice = supplierNames.loading
    ? null
    : describeDroppedFilterValues({ businessUnits: 0, categories: 0, suppliers: asked.supplierIds.length - params.supplierIds.length, dates: 0 });
  const page = pageFromParams(search, pageDefault, pageMax);
  const filter = useMemo(() => contractFilterOf(params), [params]);
  const { data, previousData, loading, error, refetch } = useQuery(
    ContractsPageQuery,
    supplierNames.loading ? skipToken : { variables: { filter, page }, fetchPolicy: 'cache-and-network' },
  );
  const { data: options } = useQuery(ContractFilterOptionsQuery);
  const view = data ?? previousData;
  const role = useSessionRole();
  const mayCreate = role === 'ADMIN' || role === 'CATEGORY_MANAGER';

  const onChange = useCallback((next: ContractListParams) => setSearch((current) => writeContractParams(current, next)), [setSearch]);
  const onSuppliers = useCallback(
    (next: NamedSupplier[]) => {
      remember(next);
      onChange({ ...params, supplierIds: next.map((supplier) => supplier.id) });
    },
    [remember, onChange, params],
  );
  const goToPage = (next: { offset: number; limit: number }) =>
    setSearch((current) => {
      const out = new URLSearchParams(current);
      if (next.offset > 0) out.set('offset', String(next.offset));
      else out.delete('offset');
      if (next.limit !== pageDefault) out.set('limit', String(next.limit));
      else out.delete('limit');
      return out;
    });
  const counts = view ? (Object.fromEntries(view.contracts.statusCounts.map((c) => [c.status, c.count])) as Partial<Record<ContractStatus, number>>) : null;
  const categories = useMemo(() => treeOrder(options?.categories ?? []).map((c) => ({ value: c.id, label: indentedLabel(c).trim(), hint: c.code })), [options]);
  const units = useMemo(() => (options?.businessUnits ?? []).map((b) => ({ value: b.id, label: b.name, hint: b.code })), [options]);
  const totalCount = view?.contracts.totalCount ?? 0;

  return (
    <main className="page" data-testid="contracts-page">
      <div className={styles.header}>
        <PageHeader title="Contracts" description="Agreements by status and expiry. Open one for its utilisation, leakage and lines." />
        {mayCreate && (
          <Link className={buttonClassName({ variant: 'primary' })} to="/contracts/new" data-testid="new-contract">
            New contract
          </Link>
        )}
      </div>
      <ContractFilters
        params={params}
        counts={counts}
        categories={categories}
        businessUnits={units}
        owners={options?.contractOwners ?? []}
        suppliers={suppliers}
        warningDays={expiryWarningDays}
        onChange={onChange}
        onSuppliers={onSuppliers}
      />
      {droppedNotice && (
        <Notice icon testId="contracts-dropped-notice">
          {droppedNotice}
        </Notice>
      )}
      <div className={styles.bar}>
        <p className={styles.count} aria-live="polite" data-testid="contracts-count">
          {view ? `${formatCount(totalCount)} ${totalCount === 1 ? 'contract' : 'contracts'}` : 'Loading contracts…'}
        </p>
        <div className="segmented" role="group" aria-label="Show as">
          {(['table', 'timeline'] as const).map((shown) => (
            <button
              key={shown}
              type="button"
              className="segmented__item"
              aria-pressed={params.view === shown}
              onClick={() => setSearch((current) => writeContractParams(current, { ...params, view: shown }, { keepPage: true }))}
              data-testid={`view-${shown}`}
            >
              {shown === 'table' ? 'Table' : 'Timeline'}
            </button>
          ))}
        </div>
      </div>
      {error && !view ? (
        <ErrorState error={error} title="The contracts could not be loaded" onRetry={() => void refetch()} />
      ) : !view ? (
        <section className={`card ${styles.card}`}>
          <SkeletonRows count={6} />
        </section>
      ) : (
        <div aria-busy={loading} className={styles.results}>
          {params.view === 'timeline' ? (
            <ContractTimeline contracts={view.contracts.nodes} asOf={asOfDate} warningDays={expiryWarningDays} />
          ) : (
            <section className={`card ${styles.card}`} aria-label="Contract list">
              <ContractsTable contracts={view.contracts.nodes} />
            </section>
          )}
          {totalCount > 0 && (
            <Pager offset={page.offset} limit={page.limit} totalCount={totalCount} maxLimit={pageMax} onChange={goToPage} label="Contract pages" testId="contracts-pager" />
          )}
        </div>
      )}
    </main>
  );
}

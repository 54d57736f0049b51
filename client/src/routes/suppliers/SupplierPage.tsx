import { skipToken, useQuery } from '@apollo/client/react';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { isMissingRecord } from '../../apollo/errors';
import { buttonClassName } from '../../components/buttonClass';
import { FilterBar } from '../../components/FilterBar';
import { PageHeader } from '../../components/PageHeader';
import { ErrorState, RecordNotFound, SkeletonRows } from '../../components/StatusViews';
import { EntityLink } from '../../features/entities/EntityLink';
import { linesSearch } from '../../features/lines/lineFilter';
import { useSessionRole } from '../../features/session/SessionContext';
import { SupplierAliasTable } from '../../features/suppliers/SupplierAliasTable';
import { SupplierBusinessUnitTable, SupplierCategoryTable } from '../../features/suppliers/SupplierBreakdownTables';
import { SupplierContractsTable } from '../../features/suppliers/SupplierContractsTable';
import { SupplierFamilyCard } from '../../features/suppliers/SupplierFamilyCard';
import { SupplierKpis } from '../../features/suppliers/SupplierKpis';
import { ShownCurrencyContext } from '../../features/settings/shownCurrency';
import { SupplierStatusBadge } from '../../features/suppliers/SupplierStatusBadge';
import { SupplierDetailsPanel } from '../../features/suppliers/SupplierDetailsPanel';
import { SupplierStatusPanel } from '../../features/suppliers/SupplierStatusPanel';
import { SupplierTrendChart } from '../../features/suppliers/SupplierTrendChart';
import { useSpendFilter } from '../../filters/useSpendFilter';
import { formatCount } from '../../format/numbers';
import { graphql } from '../../gql';
import styles from './SupplierPage.module.css';

const SupplierPageQuery = graphql(`
  query SupplierPage($id: ID!, $filter: SpendFilter) {
    supplier(id: $id) {
      id
      name
      countryCode
      taxId
      status
      parent {
        id
        name
      }
      summary(filter: $filter) {
        lineCount
        currency
        ...SupplierKpis_summary
      }
      monthlySpend(filter: $filter) {
        ...SupplierTrendChart_month
      }
      categorySpend(filter: $filter) {
        ...SupplierCategories_row
      }
      businessUnitSpend(filter: $filter) {
        ...SupplierBusinessUnits_row
      }
      aliasUsage(filter: $filter) {
        ...SupplierAliases_alias
      }
      family(filter: $filter) {
        ...SupplierFamily_family
      }
      ...SupplierStatusPanel_supplier
      ...SupplierDetailsPanel_supplier
    }
    contracts(filter: { supplierId: $id }, page: { limit: 500 }) {
      totalCount
      nodes {
        id
        ...SupplierContracts_contract
      }
    }
  }
`);

function Panel({ title, subtitle, children, id }: { title: string; subtitle?: string; children: React.ReactNode; id: string }) {
  return (
    <section className={`card ${styles.panel}`} aria-labelledby={id}>
      <header className="card__header">
        <h2 className="card__title" id={id}>
          {title}
        </h2>
        {subtitle && <p className="card__subtitle">{subtitle}</p>}
      </header>
      {children}
    </section>
  );
}

/** `/suppliers/:id`: the supplier 360 under the global filter. */
export function SupplierPage() {
  const { id = '' } = useParams();
  // The page is one supplier's: the bar's suppliers stay in the URL for the screens it links to, unapplied.
  const filterState = useSpendFilter({ supplierFilter: false });
  const { filter } = filterState;
  // Its figures' lines: the bar's filter with this supplier (for the notice of lines without a rate).
  const supplierFilter = useMemo(() => (filter ? { ...filter, supplierIds: [id] } : null), [filter, id]);
  const role = useSessionRole();
  const { data, previousData, loading, error, refetch } = useQuery(SupplierPageQuery, filter ? { variables: { id, filter } } : skipToken);
  const view = data ?? previousData;
  const supplier = view?.supplier.id === id ? view.supplier : undefined;

  if (error && isMissingRecord(error)) {
    return (
      <RecordNotFound
        pageTitle="Supplier not found"
        title="There is no such supplier, or none you can see"
        text="It may have been merged, or its spend lies outside your categories or business units."
        back={{ to: '/suppliers', label: 'All suppliers' }}
      />
    );
  }

  // Its lines under the page's filter, all of it in the lines' filter bar (the supplier as the bar's
  // only supplier), so every part shows there and can be removed.
  const linesHref =
    supplier && filter
      ? `/lines?${linesSearch({
          bar: { from: filter.dateFrom ?? null, to: filter.dateTo ?? null, businessUnitIds: (filter.businessUnitIds ?? []).map(String), categoryIds: (filter.categoryIds ?? []).map(String), supplierIds: [supplier.id], displayCurrency: filter.displayCurrency ?? null },
        })}`
      : null;
  const description = supplier ? (
    <span className={styles.facts}>
      {supplier.countryCode && <span>{supplier.countryCode}</span>}
      {supplier.taxId && <span>Tax id {supplier.taxId}</span>}
      {supplier.parent && (
        <span>
          Part of{' '}
          <EntityLink kind="supplier" id={supplier.parent.id}>
            {supplier.parent.name}
          </EntityLink>
        </span>
      )}
    </span>
  ) : undefined;

  return (
    <main className="page" data-testid="supplier-page">
      <nav className={styles.breadcrumb} aria-label="Breadcrumb">
        <Link to="/suppliers">Suppliers</Link>
      </nav>
      <PageHeader
        title={supplier?.name ?? 'Supplier'}
        description={description}
        badge={supplier && supplier.status !== 'ACTIVE' ? <SupplierStatusBadge status={supplier.status} /> : undefined}
      />
      <FilterBar state={filterState} figuresFilter={supplierFilter} />
      {error || filterState.error ? (
        <ErrorState error={error ?? filterState.error} title="The supplier could not be loaded" onRetry={() => void refetch()} />
      ) : !supplier || !view ? (
        <div className="card">
          <SkeletonRows count={8} height={22} />
        </div>
      ) : (
        // The figures' currency as the answer names it, for the tables whose rows do not.
        <ShownCurrencyContext.Provider value={supplier.summary.currency}>
        <div className={`dashboard ${loading ? 'dashboard--refreshing' : ''}`} aria-busy={loading}>
          <SupplierKpis summary={supplier.summary} />
          <div className={styles.actions}>
            {linesHref && role !== 'VIEWER' && (
              <Link className={buttonClassName({ variant: 'primary' })} to={linesHref} data-testid="supplier-lines-link">
                {supplier.summary.lineCount === 1 ? 'Open its line' : `Open its ${formatCount(supplier.summary.lineCount)} lines`}
              </Link>
            )}
          </div>
          <SupplierTrendChart months={supplier.monthlySpend} />
          <div className={styles.row}>
            <Panel id="supplier-categories-title" title="Categories" subtitle="Where its lines are classified">
              <SupplierCategoryTable rows={supplier.categorySpend} />
            </Panel>
            <Panel id="supplier-units-title" title="Business units" subtitle={`Who buys from it: ${formatCount(supplier.businessUnitSpend.length)} ${supplier.businessUnitSpend.length === 1 ? 'unit' : 'units'}`}>
              <SupplierBusinessUnitTable rows={supplier.businessUnitSpend} />
            </Panel>
          </div>
          <Panel id="supplier-contracts-title" title="Contracts" subtitle="Its contracts you can see, with the spend matched to each so far">
            <SupplierContractsTable contracts={view.contracts.nodes} />
          </Panel>
          <div className={styles.row}>
            <SupplierFamilyCard family={supplier.family} supplierId={supplier.id} />
            <Panel id="supplier-aliases-title" title="Names in the files" subtitle="Every spelling imports matched to this supplier, with its lines in the period">
              <SupplierAliasTable aliases={supplier.aliasUsage} />
            </Panel>
          </div>
          <div className={styles.row}>
            <SupplierDetailsPanel supplier={supplier} />
            <SupplierStatusPanel supplier={supplier} />
          </div>
        </div>
        </ShownCurrencyContext.Provider>
      )}
    </main>
  );
}

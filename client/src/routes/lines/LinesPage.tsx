import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, Skeleton } from '../../components/StatusViews';
import { ExportButtons } from '../../features/exports/ExportButtons';
import { backToExplorer, parseLineFilter, parseLineSort } from '../../features/lines/lineFilter';
import { LinesTable } from '../../features/lines/LinesTable';
import { useLinePages } from '../../features/lines/useLinePages';
import { formatCount, formatDate, formatMoney } from '../../format/numbers';
import type { SpendFilter, SpendLineSort } from '../../gql/graphql';

/** One line per active part of the filter, so the user knows what the list holds. */
function describeFilter(filter: SpendFilter, what: string | null): string[] {
  const parts: string[] = what ? [what] : [];
  if (filter.dateFrom || filter.dateTo) parts.push(`${filter.dateFrom ? formatDate(filter.dateFrom) : '…'} – ${filter.dateTo ? formatDate(filter.dateTo) : '…'}`);
  if (filter.businessUnitIds?.length) parts.push(`${filter.businessUnitIds.length} business unit(s)`);
  if (filter.categoryIds?.length) parts.push(`${filter.categoryIds.length} categor${filter.categoryIds.length === 1 ? 'y' : 'ies'}`);
  if (!what) for (const member of filter.members ?? []) parts.push(`${member.dimension.toLowerCase().replace(/_/g, ' ')}: ${member.ids.length} member${member.ids.length === 1 ? '' : 's'}`);
  return parts;
}

/** `/lines`: the spend lines behind any filter, server-paginated (SPEC §2). */
export function LinesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { filter, invalid } = useMemo(() => parseLineFilter(searchParams), [searchParams]);
  const sort = useMemo(() => parseLineSort(searchParams), [searchParams]);
  const back = backToExplorer(searchParams);
  const what = searchParams.get('what');
  const { first, lines, hasMore, loadMore, moreError } = useLinePages(filter, sort, invalid);
  const page = first.data?.spendLines ?? first.previousData?.spendLines;

  function setSort(next: SpendLineSort) {
    setSearchParams((current) => {
      const search = new URLSearchParams(current);
      search.set('sort', `${next.field}:${next.direction === 'ASC' ? 'asc' : 'desc'}`);
      return search;
    });
  }

  const exportSearch = new URLSearchParams({ filter: JSON.stringify(filter), sort: JSON.stringify(sort) });
  const summary = page ? (
    <span data-testid="lines-summary">
      <strong data-testid="lines-count">{formatCount(page.totalCount)}</strong> lines · total{' '}
      <strong data-testid="lines-total">{formatMoney(page.totalAmount, page.currency)}</strong>
    </span>
  ) : (
    <Skeleton width={260} height={18} />
  );

  return (
    <main className="page page--wide">
      {back && (
        <nav className="breadcrumb" aria-label="Breadcrumb">
          <Link to={back} data-testid="back-to-explorer">
            ← Back to explorer
          </Link>
        </nav>
      )}
      <PageHeader title="Lines" description={summary} />
      <div className="lines-toolbar">
        <ul className="filter-chips" aria-label="Filter">
          {describeFilter(filter, what).map((part) => (
            <li key={part} className="filter-chip">
              {part}
            </li>
          ))}
          {describeFilter(filter, what).length === 0 && <li className="filter-chip">All lines in your scope</li>}
        </ul>
        <ExportButtons path={invalid ? null : `/api/exports/lines?${exportSearch.toString()}`} disabled={!page || page.totalCount === 0} />
      </div>
      {invalid ? (
        <EmptyState title="This link's filter could not be read" text="Open the lines again from the explorer or the overview." action={<Link className="button" to="/explore">Open the explorer</Link>} />
      ) : first.error ? (
        <ErrorState error={first.error} title="The lines could not be loaded" onRetry={() => void first.refetch()} />
      ) : !page ? (
        <div className="card explorer__skeleton" data-testid="lines-loading">
          {Array.from({ length: 12 }, (_, index) => (
            <Skeleton key={index} height={22} width="100%" />
          ))}
        </div>
      ) : page.totalCount === 0 ? (
        <EmptyState title="No spend matches these filters" text="Try a wider date range or fewer business units and categories." />
      ) : (
        <section className={`card lines-card ${first.loading ? 'explorer__grid--refreshing' : ''}`} aria-busy={first.loading}>
          <LinesTable lines={lines} currency={page.currency} hasMore={hasMore} sort={sort} onSort={setSort} onEndReached={loadMore} />
          {moreError ? <ErrorState error={moreError} title="More lines could not be loaded" /> : null}
        </section>
      )}
    </main>
  );
}

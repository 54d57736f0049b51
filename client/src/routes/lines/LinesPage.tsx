import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, Skeleton } from '../../components/StatusViews';
import { ExportButtons } from '../../features/exports/ExportButtons';
import { backLink, opportunityLabels, parseLineFilter, parseLineSort } from '../../features/lines/lineFilter';
import { ClassifyBar } from '../../features/lines/ClassifyBar';
import { canClassifyLines } from '../../features/lines/classifyLines';
import { LineSelectionContext, type LineSelection } from '../../features/lines/lineSelection';
import { LinesTable } from '../../features/lines/LinesTable';
import { useLinePages } from '../../features/lines/useLinePages';
import { useSessionRole } from '../../features/session/SessionContext';
import { formatCount, formatDate, formatMoney } from '../../format/numbers';
import { getFragmentData } from '../../gql';
import type { SpendFilter, SpendLineSort } from '../../gql/graphql';
import { LinesTableLineFragment } from '../../features/lines/LinesTable';
import { dimensionLabels } from '../../features/explore/explorerState';
import { buttonClassName } from '../../components/buttonClass';
import { Notice } from '../../components/Notice';
import styles from './LinesPage.module.css';

/** One line per active part of the filter, so the user knows what the list holds. */
function describeFilter(filter: SpendFilter, what: string | null): string[] {
  const parts: string[] = what ? [what] : [];
  if (filter.dateFrom || filter.dateTo) parts.push(`${filter.dateFrom ? formatDate(filter.dateFrom) : '…'} – ${filter.dateTo ? formatDate(filter.dateTo) : '…'}`);
  if (filter.businessUnitIds?.length) parts.push(`${filter.businessUnitIds.length} business unit(s)`);
  if (filter.categoryIds?.length) parts.push(`${filter.categoryIds.length} categor${filter.categoryIds.length === 1 ? 'y' : 'ies'}`);
  if (filter.onContract === true || filter.onContract === false) parts.push(filter.onContract ? 'On contract' : 'Off contract');
  if (filter.opportunity) parts.push(`Savings opportunity: ${opportunityLabels[filter.opportunity]}`);
  if (!what) {
    for (const member of filter.members ?? []) {
      // A lone null key is the lines without a value: name it the way the cube labels it.
      const none = member.dimension.startsWith('CATEGORY') ? 'Unclassified' : member.dimension === 'CONTRACT' ? 'Off contract' : 'no value';
      const which = member.ids.length === 1 && member.ids[0] === null ? none : `${member.ids.length} selected`;
      parts.push(`${dimensionLabels[member.dimension]}: ${which}`);
    }
  }
  return parts;
}

/** `/lines`: the spend lines behind any filter, server-paginated. */
export function LinesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { filter, invalid, ignored } = useMemo(() => parseLineFilter(searchParams), [searchParams]);
  const sort = useMemo(() => parseLineSort(searchParams), [searchParams]);
  const back = backLink(searchParams);
  const what = searchParams.get('what');
  const { first, lines, hasMore, loadMore, moreError, resetMore } = useLinePages(filter, sort, invalid);
  const page = first.data?.spendLines ?? first.previousData?.spendLines;
  const canClassify = canClassifyLines(useSessionRole());

  // Ticked lines belong to one filter and sort: another list starts with none ticked.
  const listKey = JSON.stringify({ filter, sort });
  const [picked, setPicked] = useState<{ key: string; ids: ReadonlySet<string> }>({ key: listKey, ids: new Set() });
  const selected = picked.key === listKey ? picked.ids : new Set<string>();
  // While a classification is applied and the lines refetched, the rows shown stay as they were.
  const [held, setHeld] = useState<typeof lines | null>(null);
  const shownLines = held ?? lines;
  const loadedIds = getFragmentData(LinesTableLineFragment, shownLines).map((line) => line.id);

  const selection: LineSelection | null = canClassify
    ? {
        selected,
        loadedIds,
        toggle(id) {
          const ids = new Set(selected);
          if (ids.has(id)) ids.delete(id);
          else ids.add(id);
          setPicked({ key: listKey, ids });
        },
        setAll(on) {
          setPicked({ key: listKey, ids: on ? new Set(loadedIds) : new Set() });
        },
      }
    : null;

  async function afterClassify(succeeded: boolean) {
    if (succeeded) {
      setPicked({ key: listKey, ids: new Set() });
      resetMore();
      try {
        await first.refetch();
      } catch {
        // the query's own error state shows the failure
      }
    }
    setHeld(null);
  }

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
        <nav className={styles.breadcrumb} aria-label="Breadcrumb">
          <Link to={back.href} data-testid={back.testId}>
            ← {back.label}
          </Link>
        </nav>
      )}
      <PageHeader title="Lines" description={summary} />
      <div className={styles.linesToolbar}>
        <ul className={styles.filterChips} aria-label="Filter">
          {describeFilter(filter, what).map((part) => (
            <li key={part} className={styles.filterChip}>
              {part}
            </li>
          ))}
          {describeFilter(filter, what).length === 0 && <li className={styles.filterChip}>All lines in your scope</li>}
        </ul>
        <ExportButtons path={invalid ? null : `/api/exports/lines?${exportSearch.toString()}`} disabled={!page || page.totalCount === 0} />
      </div>
      {ignored > 0 && (
        <Notice testId="lines-ignored-notice">
          This link's filter had {ignored === 1 ? '1 part' : `${ignored} parts`} the console does not know; {ignored === 1 ? 'it is' : 'they are'} ignored.
        </Notice>
      )}
      {canClassify && !invalid && page && (
        <ClassifyBar selectedIds={[...selected]} onClear={() => setPicked({ key: listKey, ids: new Set() })} onStart={() => setHeld(lines)} onFinish={afterClassify} />
      )}
      {invalid ? (
        <EmptyState title="This link's filter could not be read" text="Open the lines again from the explorer or the overview." action={<Link className={buttonClassName()} to="/explore">Open the explorer</Link>} />
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
        <section className={`card lines-card ${first.loading || held ? 'explorer__grid--refreshing' : ''}`} aria-busy={first.loading || held !== null}>
          <LineSelectionContext.Provider value={selection}>
            <LinesTable lines={shownLines} currency={page.currency} hasMore={hasMore && !held} sort={sort} onSort={setSort} onEndReached={loadMore} />
          </LineSelectionContext.Provider>
          {moreError ? <ErrorState error={moreError} title="More lines could not be loaded" /> : null}
        </section>
      )}
    </main>
  );
}

import { useQuery } from '@apollo/client/react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useSearchParams } from '../../filters/useSearchParams';
import { FilterBar } from '../../components/FilterBar';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, Skeleton } from '../../components/StatusViews';
import { ExportButtons } from '../../features/exports/ExportButtons';
import { backLink, combineLineFilter, describeDrill, drillNeedsNames, normaliseLinesSearch, parseLineFilter, parseLineSort, type DrillNames } from '../../features/lines/lineFilter';
import { ClassifyBar } from '../../features/lines/ClassifyBar';
import { canClassifyLines } from '../../features/lines/classifyLines';
import { LineSelectionContext, type LineSelection } from '../../features/lines/lineSelection';
import { LinesTable } from '../../features/lines/LinesTable';
import { useLinePages } from '../../features/lines/useLinePages';
import { useSessionRole } from '../../features/session/SessionContext';
import { formatCount, formatMoney } from '../../format/numbers';
import { defaultPeriodOf, hasActiveFilters } from '../../filters/spendFilter';
import { useSpendFilter } from '../../filters/useSpendFilter';
import { Button } from '../../components/Button';
import { getFragmentData, graphql } from '../../gql';
import type { SpendLineSort } from '../../gql/graphql';
import { LinesTableLineFragment } from '../../features/lines/LinesTable';
import { buttonClassName } from '../../components/buttonClass';
import { Notice } from '../../components/Notice';
import styles from './LinesPage.module.css';

/** The names a drill-down's chips show for its categories and business units (ids in the link). */
const LineDrillNamesDocument = graphql(`
  query LineDrillNames {
    categories {
      id
      name
    }
    businessUnits {
      id
      name
    }
  }
`);

/** Search on supplier and description: applied on Enter or the button, kept in the URL as `q`. */
function LineSearch({ value, onSearch }: { value: string; onSearch(text: string): void }) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // The URL changed elsewhere (back button, a link): show its search.
    setShown(value);
    setText(value);
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(text.trim());
  }
  return (
    <form className={styles.search} role="search" aria-label="Search lines" onSubmit={submit}>
      <label className="visually-hidden" htmlFor="lines-search">
        Search supplier or description
      </label>
      <input
        id="lines-search"
        className="input"
        type="search"
        placeholder="Search supplier or description…"
        maxLength={200}
        value={text}
        onChange={(event) => setText(event.target.value)}
        data-testid="lines-search"
      />
      <Button type="submit" size="small" data-testid="lines-search-submit">
        Search
      </Button>
      {value && (
        <Button
          variant="ghost"
          size="small"
          onClick={() => {
            setText('');
            onSearch('');
          }}
          data-testid="lines-search-clear"
        >
          Clear search
        </Button>
      )}
    </form>
  );
}

/** `/lines`: the spend lines behind any filter, server-paginated. */
export function LinesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  // The global filter bar; without dates the lines of every date are listed.
  const filterState = useSpendFilter({ defaultPeriod: defaultPeriodOf('/lines') });
  const { filter: drill, invalid, ignored } = useMemo(() => parseLineFilter(searchParams), [searchParams]);
  const q = searchParams.get('q') ?? '';
  const sort = useMemo(() => parseLineSort(searchParams), [searchParams]);
  const back = backLink(searchParams);
  const what = searchParams.get('what');
  // Chips name a drill's categories and units ("Category: IT & Telecoms"), not only count them.
  const drillNames = useQuery(LineDrillNamesDocument, { skip: !drillNeedsNames(drill, what) });
  const barFilter = filterState.filter;
  const filter = useMemo(() => (barFilter ? combineLineFilter(barFilter, drill, q) : null), [barFilter, drill, q]);
  const { first, lines, hasMore, loadMore, moreError, resetMore } = useLinePages(filter ?? {}, sort, invalid || !filter);

  // Links made before the filter bar carried their dates and units inside `filter`: move them to the bar.
  useEffect(() => {
    const normalised = normaliseLinesSearch(searchParams);
    if (normalised) setSearchParams(normalised, { replace: true });
  }, [searchParams, setSearchParams]);

  function setSearch(text: string) {
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (text) next.set('q', text);
      else next.delete('q');
      return next;
    });
  }
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

  const exportSearch = new URLSearchParams({ filter: JSON.stringify(filter ?? {}), sort: JSON.stringify(sort) });
  const names = useMemo<DrillNames | null>(() => {
    const data = drillNames.data;
    if (!data) return null;
    return { categories: new Map(data.categories.map((c) => [c.id, c.name])), businessUnits: new Map(data.businessUnits.map((u) => [u.id, u.name])) };
  }, [drillNames.data]);
  const chips = describeDrill(drill, what, names);
  const summary = page ? (
    <span data-testid="lines-summary">
      <strong data-testid="lines-count">{formatCount(page.totalCount)}</strong> {page.totalCount === 1 ? 'line' : 'lines'} · total{' '}
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
      <FilterBar state={filterState} figuresFilter={filter} />
      <div className={styles.linesToolbar}>
        <LineSearch value={q} onSearch={setSearch} />
        <ul className={styles.filterChips} aria-label="Drill-down" data-testid="lines-drill">
          {chips.map((part) => (
            <li key={part} className={styles.filterChip}>
              {part}
            </li>
          ))}
          {/* Without a drill-down the bar says what the list holds; with nothing chosen there, it is everything in scope. */}
          {chips.length === 0 && (
            <li className={styles.filterChip}>
              {hasActiveFilters(filterState.params) ? 'All lines under the filters above' : 'All lines in your scope'}
              {q ? ' that match the search' : ''}
            </li>
          )}
        </ul>
        <ExportButtons path={invalid || !filter ? null : `/api/exports/lines?${exportSearch.toString()}`} disabled={!page || page.totalCount === 0} />
      </div>
      {ignored > 0 && (
        <Notice testId="lines-ignored-notice">
          This link's filter had {ignored === 1 ? '1 part' : `${ignored} parts`} the console does not know; {ignored === 1 ? 'it is' : 'they are'} ignored.
        </Notice>
      )}
      {filterState.error ? <ErrorState error={filterState.error} title="The filter could not be loaded" /> : null}
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
        <EmptyState
          title="No spend matches these filters"
          text={q ? `No line’s supplier or description contains “${q}” under these filters.` : 'Try a wider date range or fewer business units and categories.'}
          action={q ? <Button onClick={() => setSearch('')}>Clear the search</Button> : undefined}
        />
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

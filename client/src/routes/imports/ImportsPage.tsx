import { useQuery } from '@apollo/client/react';
import { useNavigate } from 'react-router';
import { useSearchParams } from '../../filters/useSearchParams';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { pageFromParams } from '../../components/pager';
import { EmptyState, ErrorState, SkeletonRows } from '../../components/StatusViews';
import { ImportHistoryTable } from '../../features/imports/ImportHistoryTable';
import { UploadCard } from '../../features/imports/UploadCard';
import { useSettings } from '../../features/settings/useSettings';
import { formatCount } from '../../format/numbers';
import { graphql } from '../../gql';

const DEFAULT_PAGE_SIZE = 25;

const ImportsPageQuery = graphql(`
  query ImportsPage($page: PageInput) {
    importBatches(page: $page) {
      totalCount
      nodes {
        id
        ...ImportHistoryTable_batch
      }
    }
    sources: importBatches(page: { limit: 500 }) {
      nodes {
        id
        sourceName
      }
    }
  }
`);

/** `/imports`: upload a file, and the history of every batch. */
export function ImportsPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { pageMax } = useSettings();
  const page = pageFromParams(params, DEFAULT_PAGE_SIZE, pageMax);
  // Others import too: always ask the server, showing the cached history meanwhile.
  const { data, previousData, loading, error, refetch } = useQuery(ImportsPageQuery, {
    variables: { page },
    fetchPolicy: 'cache-and-network',
  });
  const view = data ?? previousData;
  const sourceNames = [...new Set((view?.sources.nodes ?? []).map((batch) => batch.sourceName))].sort((a, b) => a.localeCompare(b));
  const totalCount = view?.importBatches.totalCount ?? 0;

  // The page lives in the URL, so a page of the history can be linked to and survives a reload.
  function goToPage(next: { offset: number; limit: number }) {
    const search: Record<string, string> = {};
    if (next.offset > 0) search.offset = String(next.offset);
    if (next.limit !== DEFAULT_PAGE_SIZE) search.limit = String(next.limit);
    setParams(search);
  }

  return (
    <main className="page" data-testid="imports-page">
      <PageHeader title="Imports" description="Load spend files, check them row by row, and commit or roll back whole batches." />
      <UploadCard sourceNames={sourceNames} onUploaded={(id) => void navigate(`/imports/${id}`)} onFailed={() => void refetch()} />
      <section className="card import-history" aria-labelledby="import-history-title">
        <div className="card__header import-history__header">
          <div>
            <h2 className="card__title" id="import-history-title">
              Import history
            </h2>
            <p className="card__subtitle">{view ? `${formatCount(totalCount)} ${totalCount === 1 ? 'batch' : 'batches'}, newest first` : 'Newest first'}</p>
          </div>
        </div>
        {error && !view ? (
          <ErrorState error={error} title="The import history could not be loaded" onRetry={() => void refetch()} />
        ) : !view ? (
          <SkeletonRows count={4} />
        ) : totalCount === 0 ? (
          <EmptyState title="No imports yet" text="Upload a spend file above to start." />
        ) : (
          <div aria-busy={loading}>
            <ImportHistoryTable batches={view.importBatches.nodes} />
            <Pager offset={page.offset} limit={page.limit} totalCount={totalCount} maxLimit={pageMax} onChange={goToPage} label="Import history pages" testId="imports-pager" />
          </div>
        )}
      </section>
    </main>
  );
}

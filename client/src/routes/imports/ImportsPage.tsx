import { useQuery } from '@apollo/client/react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, SkeletonRows } from '../../components/StatusViews';
import { ImportHistoryTable } from '../../features/imports/ImportHistoryTable';
import { UploadCard } from '../../features/imports/UploadCard';
import { useReportingCurrency } from '../../features/imports/useReportingCurrency';
import { formatCount } from '../../format/numbers';
import { graphql } from '../../gql';
import { Button } from '../../components/Button';

const PAGE_SIZE = 25;

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
  const pageIndex = Math.max(0, Number(params.get('page') ?? '1') - 1 || 0);
  const reportingCurrency = useReportingCurrency();
  // Others import too: always ask the server, showing the cached history meanwhile.
  const { data, previousData, loading, error, refetch } = useQuery(ImportsPageQuery, {
    variables: { page: { offset: pageIndex * PAGE_SIZE, limit: PAGE_SIZE } },
    fetchPolicy: 'cache-and-network',
  });
  const view = data ?? previousData;
  const sourceNames = [...new Set((view?.sources.nodes ?? []).map((batch) => batch.sourceName))].sort((a, b) => a.localeCompare(b));
  const totalCount = view?.importBatches.totalCount ?? 0;
  const pageCount = Math.max(1, Math.ceil(totalCount / PAGE_SIZE));

  function goToPage(index: number) {
    setParams(index === 0 ? {} : { page: String(index + 1) });
  }

  return (
    <main className="page" data-testid="imports-page">
      <PageHeader title="Imports" description="Load spend files, check them row by row, and commit or roll back whole batches." />
      <UploadCard sourceNames={sourceNames} onUploaded={(id) => void navigate(`/imports/${id}`)} />
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
            <ImportHistoryTable batches={view.importBatches.nodes} reportingCurrency={reportingCurrency} />
            {pageCount > 1 && (
              <nav className="import-pager" aria-label="Import history pages">
                <Button size="small" disabled={pageIndex === 0} onClick={() => goToPage(pageIndex - 1)}>
                  Previous
                </Button>
                <span className="import-pager__text">
                  Page {formatCount(pageIndex + 1)} of {formatCount(pageCount)}
                </span>
                <Button size="small" disabled={pageIndex + 1 >= pageCount} onClick={() => goToPage(pageIndex + 1)}>
                  Next
                </Button>
              </nav>
            )}
          </div>
        )}
      </section>
    </main>
  );
}

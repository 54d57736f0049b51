import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, Skeleton } from '../../components/StatusViews';
import { SavedViewsTable } from '../../features/reports/SavedViewsTable';
import { useSessionRole } from '../../features/session/SessionContext';
import { graphql } from '../../gql';
import { buttonClassName } from '../../components/buttonClass';

const SavedViewsQuery = graphql(`
  query SavedViews {
    savedViews {
      id
      ...SavedViewsTable_view
    }
  }
`);

/** `/reports`: saved and shared views. */
export function ReportsPage() {
  const role = useSessionRole();
  const analyst = role !== null && role !== 'VIEWER';
  const { data, loading, error, refetch } = useQuery(SavedViewsQuery);

  return (
    <main className="page">
      <PageHeader title="Reports" description="Your saved views and the ones others shared: open, share and export them." />
      {error ? (
        <ErrorState error={error} title="The saved views could not be loaded" onRetry={() => void refetch()} />
      ) : loading && !data ? (
        <div className="card explorer__skeleton" data-testid="reports-loading">
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} height={22} width="100%" />
          ))}
        </div>
      ) : !data?.savedViews.length ? (
        <EmptyState
          title="No saved views yet"
          text={
            analyst
              ? 'Build a pivot in the explorer and choose “Save view” to keep it here.'
              : 'Choose “Save view” on the Overview to keep its filter here; overview filters shared with you appear here too. Saved pivots and queries open in the explorer and the query editor, which your role does not include.'
          }
          action={
            analyst ? (
              <Link className={buttonClassName()} to="/explore">
                Open the explorer
              </Link>
            ) : undefined
          }
        />
      ) : (
        <section className="card reports-card">
          <SavedViewsTable views={data.savedViews} canExport={analyst} canOpenPivots={analyst} />
        </section>
      )}
    </main>
  );
}

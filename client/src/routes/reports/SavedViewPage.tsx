import { useQuery } from '@apollo/client/react';
import { Navigate, useParams } from 'react-router';
import { describeApiError, isMissingRecord } from '../../apollo/errors';
import { PageHeader } from '../../components/PageHeader';
import { ErrorState, RecordNotFound, Skeleton } from '../../components/StatusViews';
import { savedViewLink } from '../../features/reports/savedViewLink';
import { graphql } from '../../gql';

const SavedViewOpenQuery = graphql(`
  query SavedViewOpen($id: ID!) {
    savedView(id: $id) {
      id
      kind
      definition
      period {
        relative
        dateFrom
        dateTo
      }
    }
  }
`);

/**
 * `/reports/:id`, a saved view's permalink: it opens where the view lives (a pivot in the explorer
 * with the period resolved now, a query in the editor, a filter on the overview), so the link can be
 * shared with anyone the view is shared with. An unknown id, or a view private to someone else, is
 * "saved view not found" (the API answers both with `NOT_FOUND`, docs/scope.md).
 */
export function SavedViewPage() {
  const { id = '' } = useParams();
  const { data, error, refetch } = useQuery(SavedViewOpenQuery, { variables: { id }, fetchPolicy: 'network-only' });
  const view = data?.savedView;

  if (error) {
    const code = describeApiError(error).code;
    if (isMissingRecord(error)) return <SavedViewNotFound />;
    return (
      <main className="page">
        <PageHeader title="Saved view" />
        <ErrorState
          error={error}
          title={code === 'FORBIDDEN' ? 'Your role cannot open this kind of view' : 'The saved view could not be opened'}
          onRetry={code === 'FORBIDDEN' ? undefined : () => void refetch()}
        />
      </main>
    );
  }
  if (!view) {
    return (
      <main className="page" aria-busy="true" data-testid="saved-view-opening">
        <PageHeader title="Opening the saved view…" />
        <Skeleton height={120} />
      </main>
    );
  }
  const link = savedViewLink(view.kind, view.definition, view.id, view.period);
  if (!link) return <SavedViewNotFound />;
  return <Navigate to={link} replace />;
}

function SavedViewNotFound() {
  return (
    <RecordNotFound
      pageTitle="Saved view not found"
      title="There is no such saved view, or it is not shared with you"
      text="Its owner may have deleted it or stopped sharing it. Ask them for the link again, or pick one of the views you can open."
      back={{ to: '/reports', label: 'Saved views' }}
      testId="saved-view-not-found"
    />
  );
}

import { useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router';
import { isMissingRecord } from '../../apollo/errors';
import { PageHeader } from '../../components/PageHeader';
import { ErrorState, RecordNotFound, Skeleton } from '../../components/StatusViews';
import { DeliverySection, ReportDeliveryQueryDocument } from '../../features/subscriptions/DeliverySection';
import { graphql } from '../../gql';

const ReportDeliveryViewQuery = graphql(`
  query ReportDeliveryView($id: ID!) {
    savedView(id: $id) {
      id
      name
      kind
      ownerName
      shared
    }
  }
`);

/**
 * `/reports/:id/delivery`: a saved pivot's or query's page for delivery by email on a schedule
 * (docs/domain.md, "Report subscriptions"), linked from /reports.
 */
export function ReportDeliveryPage() {
  const { id = '' } = useParams();
  const view = useQuery(ReportDeliveryViewQuery, { variables: { id } });
  const delivery = useQuery(ReportDeliveryQueryDocument, { variables: { id }, fetchPolicy: 'cache-and-network', skip: !view.data });
  const error = view.error ?? delivery.error;
  if (error) {
    if (isMissingRecord(error)) {
      return (
        <RecordNotFound pageTitle="Delivery" title="Saved view not found" text="There is no such saved view, or it is not shared with you."
          back={{ to: '/reports', label: 'Back to reports' }} testId="saved-view-not-found" />
      );
    }
    return (
      <main className="page">
        <PageHeader title="Delivery" />
        <ErrorState error={error} title="The report's delivery could not be loaded" onRetry={() => void delivery.refetch()} />
      </main>
    );
  }
  const saved = view.data?.savedView;
  return (
    <main className="page" aria-busy={!delivery.data}>
      <PageHeader
        title={saved ? `Delivery: ${saved.name}` : 'Delivery'}
        description="Send this report by email on a schedule. Each recipient receives the figures of their own scope."
      />
      <p>
        <Link className="table-link" to="/reports">Back to reports</Link>
        {saved && (
          <>
            {' · '}
            <Link className="table-link" to={`/reports/${encodeURIComponent(saved.id)}`}>Open the report</Link>
          </>
        )}
      </p>
      {saved && delivery.data ? <DeliverySection viewId={saved.id} data={delivery.data} /> : <Skeleton height={160} />}
    </main>
  );
}

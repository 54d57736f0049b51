import { useQuery } from '@apollo/client/react';
import { Notice } from '../../components/Notice';
import { graphql } from '../../gql';
import { describeDates, describeSavedPeriod } from './savedViewPeriod';
import styles from './SavedViewBanner.module.css';

const SavedViewBannerQuery = graphql(`
  query SavedViewBanner($id: ID!) {
    savedView(id: $id) {
      id
      name
      ownerId
      ownerName
      period {
        relative
        dateFrom
        dateTo
      }
    }
  }
`);

interface ViewerScope {
  businessUnits: readonly { name: string }[];
  categories: readonly { name: string }[];
}

/** The signed-in user as the filter bar already has them (`useSpendFilter().options.me`). */
interface BannerViewer {
  id: string;
  scope: ViewerScope | null | undefined;
}

/**
 * "Figures are limited to your categories: IT & Telecoms, Professional Services": a view holds a
 * query, never data, so a scoped user opening someone else's view sees their own part of it
 * (docs/domain.md, "Who sees what"); null when the viewer sees everything or owns the view.
 */
export function scopeNoticeText(scope: ViewerScope | null | undefined): string | null {
  const parts = [
    scope?.categories.length ? `your categories: ${scope.categories.map((c) => c.name).join(', ')}` : null,
    scope?.businessUnits.length ? `your business units: ${scope.businessUnits.map((b) => b.name).join(', ')}` : null,
  ].filter((part): part is string => part !== null);
  return parts.length ? `Figures are limited to ${parts.join(' and ')}.` : null;
}

/**
 * Which saved view the explorer was opened from (`?view=`), its period, and the viewer's scope when
 * it is not their own view. The viewer comes from the filter bar's query rather than being asked again.
 */
export function SavedViewBanner({ id, viewer }: { id: string; viewer: BannerViewer | null | undefined }) {
  const { data } = useQuery(SavedViewBannerQuery, { variables: { id } });
  const view = data?.savedView;
  if (!view || !viewer) return null;
  const others = view.ownerId !== viewer.id;
  const scopeText = others ? scopeNoticeText(viewer.scope) : null;
  const period = view.period;
  return (
    <div className={styles.banner} data-testid="saved-view-banner">
      <p className={styles.title}>
        Saved view <strong>{view.name}</strong>
        {others && <> by {view.ownerName}</>}
        {period && (
          <span className={styles.period} data-testid="saved-view-banner-period">
            {' · '}
            {describeSavedPeriod(period)}
            {period.relative && period.dateFrom && period.dateTo && ` (${describeDates(period.dateFrom, period.dateTo)})`}
          </span>
        )}
      </p>
      {scopeText && (
        <Notice icon testId="scope-notice">
          {scopeText}
        </Notice>
      )}
    </div>
  );
}

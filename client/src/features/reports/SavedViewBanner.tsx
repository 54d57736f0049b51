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
    me {
      id
      scope {
        businessUnits {
          id
          name
        }
        categories {
          id
          name
        }
      }
    }
  }
`);

/**
 * "Figures are limited to your categories: IT & Telecoms, Professional Services": a view holds a
 * query, never data, so a scoped user opening someone else's view sees their own part of it
 * (docs/domain.md, "Who sees what"); null when the viewer sees everything or owns the view.
 */
export function scopeNoticeText(
  scope: { businessUnits: readonly { name: string }[]; categories: readonly { name: string }[] } | null | undefined,
): string | null {
  const parts = [
    scope?.categories.length ? `your categories: ${scope.categories.map((c) => c.name).join(', ')}` : null,
    scope?.businessUnits.length ? `your business units: ${scope.businessUnits.map((b) => b.name).join(', ')}` : null,
  ].filter((part): part is string => part !== null);
  return parts.length ? `Figures are limited to ${parts.join(' and ')}.` : null;
}

/** Which saved view the explorer was opened from (`?view=`), its period, and the viewer's scope when it is not their own view. */
export function SavedViewBanner({ id }: { id: string }) {
  const { data } = useQuery(SavedViewBannerQuery, { variables: { id } });
  const view = data?.savedView;
  if (!view) return null;
  const others = view.ownerId !== data.me?.id;
  const scopeText = others ? scopeNoticeText(data.me?.scope) : null;
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

import { useQuery } from '@apollo/client/react';
import { useId } from 'react';
import { useSearchParams, withSearchParams } from '../../filters/useSearchParams';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { pageFromParams, pageToParams } from '../../components/pager';
import { ErrorState, SkeletonRows } from '../../components/StatusViews';
import { AuditTable } from '../../features/audit/AuditTable';
import { actionLabel, auditFilterFromParams, entityLabel } from '../../features/audit/auditFilter';
import { ExportButtons } from '../../features/exports/ExportButtons';
import { useSettings } from '../../features/settings/useSettings';
import { formatCount } from '../../format/numbers';
import { graphql } from '../../gql';
import styles from './AuditPage.module.css';

const DEFAULT_PAGE_SIZE = 50;

const AuditPageQuery = graphql(`
  query AuditPage($filter: AuditEventFilter, $page: PageInput) {
    auditEvents(filter: $filter, page: $page) {
      totalCount
      nodes {
        id
        ...AuditTable_event
      }
    }
  }
`);

const AuditFilterOptionsQuery = graphql(`
  query AuditFilterOptions {
    auditLogOptions {
      actions
      entities
    }
    users(page: { limit: 500 }) {
      nodes {
        id
        name
        email
      }
    }
  }
`);

/** `/admin/audit`: every recorded change, newest first, filtered by user, action, entity and dates; CSV export. ADMIN only. */
export function AuditPage() {
  const ids = useId();
  const [params, setParams] = useSearchParams();
  const { pageMax } = useSettings();
  const page = pageFromParams(params, DEFAULT_PAGE_SIZE, pageMax);
  const filter = auditFilterFromParams(params);
  const { data, previousData, loading, error, refetch } = useQuery(AuditPageQuery, { variables: { filter, page }, fetchPolicy: 'cache-and-network' });
  const options = useQuery(AuditFilterOptionsQuery, { fetchPolicy: 'cache-and-network' }).data;
  const view = data ?? previousData;
  const totalCount = view?.auditEvents.totalCount ?? 0;
  const filtered = Object.keys(filter).length > 0;
  const exportPath = `/api/audit/export${filtered ? `?filter=${encodeURIComponent(JSON.stringify(filter))}` : ''}`;

  function update(changes: Record<string, string | null>, keepPage = false) {
    setParams(
      (current) => withSearchParams(current, keepPage ? changes : { ...changes, offset: null }),
      { replace: true },
    );
  }

  const select = (key: 'user' | 'action' | 'entity', label: string, all: string, values: { value: string; label: string }[]) => (
    <div className="field">
      <label className="field__label" htmlFor={`${ids}-${key}`}>
        {label}
      </label>
      <select id={`${ids}-${key}`} className="input input--select" value={params.get(key) ?? ''} onChange={(event) => update({ [key]: event.target.value || null })} data-testid={`audit-filter-${key}`}>
        <option value="">{all}</option>
        {values.map((v) => (
          <option key={v.value} value={v.value}>
            {v.label}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <main className="page" data-testid="admin-audit-page">
      <PageHeader title="Audit log" description="Every change made in Spendscope: who, what, when, and each field before and after. Passwords and links are never recorded." />

      <section className="card admin-card" aria-labelledby={`${ids}-events`}>
        <div className="admin-card__header">
          <div className="card__header">
            <h2 className="card__title" id={`${ids}-events`}>
              Changes
            </h2>
            <p className="card__subtitle" data-testid="audit-count">
              {view ? `${formatCount(totalCount)} ${totalCount === 1 ? 'change' : 'changes'}${filtered ? (totalCount === 1 ? ' matches the filters' : ' match the filters') : ''}, newest first` : 'Newest first'}
            </p>
          </div>
          <ExportButtons path={exportPath} formats={['csv']} disabled={!view || totalCount === 0} />
        </div>

        <div className={styles.filters} role="search" aria-label="Audit log filters">
          {select('user', 'User', 'Anyone', (options?.users.nodes ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.email})` })))}
          {select('action', 'Action', 'Any action', (options?.auditLogOptions.actions ?? []).map((a) => ({ value: a, label: actionLabel(a) })))}
          {select('entity', 'Entity', 'Any entity', (options?.auditLogOptions.entities ?? []).map((e) => ({ value: e, label: entityLabel(e) })))}
          <div className="field">
            <label className="field__label" htmlFor={`${ids}-from`}>
              From
            </label>
            <input id={`${ids}-from`} className="input" type="date" value={filter.dateFrom ?? ''} max={filter.dateTo ?? undefined} onChange={(event) => update({ from: event.target.value || null })} data-testid="audit-filter-from" />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${ids}-to`}>
              To
            </label>
            <input id={`${ids}-to`} className="input" type="date" value={filter.dateTo ?? ''} min={filter.dateFrom ?? undefined} onChange={(event) => update({ to: event.target.value || null })} data-testid="audit-filter-to" />
          </div>
          {filtered && (
            <Button variant="ghost" size="small" className={styles.reset} onClick={() => update({ user: null, action: null, entity: null, entityId: null, from: null, to: null })} data-testid="audit-filter-reset">
              Reset
            </Button>
          )}
        </div>

        {error && !view ? (
          <ErrorState error={error} title="The audit log could not be loaded" onRetry={() => void refetch()} />
        ) : !view ? (
          <SkeletonRows count={6} />
        ) : (
          <div aria-busy={loading}>
            <AuditTable events={view.auditEvents.nodes} />
            <Pager
              offset={page.offset}
              limit={page.limit}
              totalCount={totalCount}
              maxLimit={pageMax}
              onChange={(next) => update(pageToParams(next, DEFAULT_PAGE_SIZE), true)}
              label="Audit log pages"
              testId="audit-pager"
            />
          </div>
        )}
      </section>
    </main>
  );
}

import { useMemo } from 'react';
import { Table, cellTone } from '../../components/Table';
import type { TableColumn } from '../../components/tableColumns';
import { formatDateTime } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import type { AuditTable_EventFragment } from '../../gql/graphql';
import { actionLabel, entityLabel, fieldLabel, valueLabel } from './auditFilter';
import styles from './AuditTable.module.css';

const AuditTableEventFragment = graphql(`
  fragment AuditTable_event on AuditEvent {
    id
    at
    userId
    userName
    userEmail
    action
    entity
    entityId
    label
    changes {
      field
      kind
      before
      after
    }
  }
`);

type AuditEventRow = AuditTable_EventFragment;

/** Before and after, field by field: what was removed struck through, what was added marked. */
function Changes({ event }: { event: AuditEventRow }) {
  if (!event.changes.length) return <span className={cellTone.muted}>No fields recorded</span>;
  return (
    <dl className={styles.changes} data-testid="audit-changes">
      {event.changes.map((change) => (
        <div key={change.field} className={styles.change} data-testid="audit-change" data-field={change.field}>
          <dt className={styles.field} title={change.field}>
            {fieldLabel(change.field)}
          </dt>
          <dd className={styles.values}>
            {change.before !== null && (
              <del className={styles.before} data-testid="audit-before">
                <span className="visually-hidden">was </span>
                {valueLabel(change.field, change.before)}
              </del>
            )}
            {change.before !== null && change.after !== null && (
              <span className={styles.arrow} aria-hidden="true">
                →
              </span>
            )}
            {change.after !== null && (
              <ins className={styles.after} data-testid="audit-after">
                <span className="visually-hidden">now </span>
                {valueLabel(change.field, change.after)}
              </ins>
            )}
            {change.before === null && change.after === null && <span className={cellTone.muted}>—</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The audit log, newest first (the server's order). */
export function AuditTable(props: { events: readonly FragmentType<typeof AuditTableEventFragment>[] }) {
  const events = props.events.map((event) => getFragmentData(AuditTableEventFragment, event));
  const columns = useMemo<TableColumn<AuditEventRow>[]>(
    () => [
      {
        id: 'at',
        header: 'When',
        meta: { className: cellTone.nowrap },
        cell: (event) => <time dateTime={event.at}>{formatDateTime(event.at)}</time>,
      },
      {
        id: 'user',
        header: 'Who',
        cell: (event) =>
          event.userName ? (
            <>
              {event.userName}
              <span className={`${cellTone.sub} ${cellTone.nowrap}`}>{event.userEmail}</span>
            </>
          ) : (
            <span className={cellTone.muted}>{event.userId ? `User #${event.userId}` : 'System'}</span>
          ),
      },
      // In words, as the filter lists them; the code is the tooltip (and the filter's value in the URL).
      { id: 'action', header: 'Action', cell: (event) => <span className={cellTone.nowrap} title={event.action}>{actionLabel(event.action)}</span> },
      {
        id: 'entity',
        header: 'Entity',
        meta: { className: styles.entityColumn },
        cell: (event) => (
          <>
            <span className={cellTone.nowrap}>
              {entityLabel(event.entity)} {/^\d+$/.test(event.entityId) ? `#${event.entityId}` : event.entityId}
            </span>
            {event.label && (
              <span className={`${cellTone.sub} ${styles.entityLabel}`} title={event.label}>
                {event.label}
              </span>
            )}
          </>
        ),
      },
      { id: 'changes', header: 'Changes', meta: { className: styles.changesColumn }, cell: (event) => <Changes event={event} /> },
    ],
    [],
  );
  return (
    <Table
      rows={events}
      columns={columns}
      getRowId={(event) => event.id}
      density="dense"
      scroll={{ framed: true }}
      testId="audit-table"
      label="Audit events"
      rowProps={(event) => ({ 'data-testid': 'audit-row', 'data-action': event.action, 'data-entity-id': event.entityId })}
      empty="No change matches these filters."
    />
  );
}

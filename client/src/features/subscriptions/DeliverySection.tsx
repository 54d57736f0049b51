import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { describeApiError } from '../../apollo/errors';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { graphql } from '../../gql';
import type { ReportDeliveryQuery } from '../../gql/graphql';
import { SubscriptionForm, newDraft, type SubscriptionDraft } from './SubscriptionForm';
import styles from './Delivery.module.css';

export const ReportDeliveryQueryDocument = graphql(`
  query ReportDelivery($id: ID!) {
    me {
      id
    }
    reportDeliverySettings {
      enabled
    }
    reportSubscriptions(savedViewId: $id) {
      id
      format
      frequency
      dayOfWeek
      dayOfMonth
      workingDay
      time
      timeZone
      scheduleText
      paused
      nextRunAt
      lastRunAt
      stoppedReason
      editable
      version
      createdByName
      recipients {
        id
        name
        disabled
      }
    }
    reportDeliveries(savedViewId: $id, limit: 50) {
      id
      subscriptionId
      trigger
      status
      attempts
      nextAttemptAt
      sentAt
      error
      createdAt
      recipient {
        id
        name
      }
    }
    reportRecipientCandidates(savedViewId: $id) {
      id
      name
      role
    }
  }
`);

const PauseReportSubscriptionMutation = graphql(`
  mutation PauseReportSubscription($id: ID!) {
    pauseReportSubscription(id: $id) {
      id
      paused
      nextRunAt
    }
  }
`);

const ResumeReportSubscriptionMutation = graphql(`
  mutation ResumeReportSubscription($id: ID!) {
    resumeReportSubscription(id: $id) {
      id
      paused
      nextRunAt
    }
  }
`);

const DeleteReportSubscriptionMutation = graphql(`
  mutation DeleteReportSubscription($id: ID!) {
    deleteReportSubscription(id: $id)
  }
`);

const SendReportSubscriptionNowMutation = graphql(`
  mutation SendReportSubscriptionNow($id: ID!) {
    sendReportSubscriptionNow(id: $id) {
      id
      deliveries {
        id
        status
      }
    }
  }
`);

type Data = ReportDeliveryQuery;
type Subscription = Data['reportSubscriptions'][number];

const dateTime = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });
export const when = (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : '—');

const STATUS: Record<string, string> = { PENDING: 'Waiting', SENDING: 'Sending', SENT: 'Sent', FAILED: 'Failed', SKIPPED: 'Skipped' };

function toDraft(s: Subscription): SubscriptionDraft {
  return {
    id: s.id, version: s.version, format: s.format, frequency: s.frequency, dayOfWeek: s.dayOfWeek ?? 'MONDAY', dayOfMonth: s.dayOfMonth ?? null,
    workingDay: s.workingDay ?? null, time: s.time, timeZone: s.timeZone, recipientIds: s.recipients.map((r) => r.id),
  };
}

function SubscriptionItem({ s, onEdit, onMessage }: { s: Subscription; onEdit(): void; onMessage(text: string): void }) {
  const options = { refetchQueries: ['ReportDelivery'] };
  const [pause, { loading: pausing }] = useMutation(PauseReportSubscriptionMutation, options);
  const [resume, { loading: resuming }] = useMutation(ResumeReportSubscriptionMutation, options);
  const [remove, { loading: deleting }] = useMutation(DeleteReportSubscriptionMutation, options);
  const [sendNow, { loading: sending }] = useMutation(SendReportSubscriptionNowMutation, options);
  const [confirming, setConfirming] = useState(false);
  const run = async (action: () => Promise<unknown>, done?: string) => {
    try {
      await action();
      if (done) onMessage(done);
    } catch (error) {
      onMessage(describeApiError(error).message);
    }
  };
  return (
    <li className={styles.item} data-testid={`subscription-${s.id}`}>
      <div className={styles.itemHead}>
        <strong>{s.scheduleText}</strong>
        <span className="badge">{s.format}</span>
        {s.paused && <span className="badge">Paused</span>}
      </div>
      <p className={styles.muted}>
        Next run: <span data-testid="subscription-next-run">{s.paused ? 'paused' : when(s.nextRunAt)}</span>
        {' · '}Last: {when(s.lastRunAt)} · Made by {s.createdByName}
      </p>
      <p>To: {s.recipients.map((r) => (r.disabled ? `${r.name} (disabled)` : r.name)).join(', ')}</p>
      {s.stoppedReason && <Notice icon>{s.stoppedReason}</Notice>}
      {s.editable && (
        <div className="row-actions">
          <Button size="small" onClick={() => void run(() => sendNow({ variables: { id: s.id } }), 'Queued: one message to every recipient.')} busy={sending} busyLabel="Sending…" data-testid="subscription-send-now">
            Send now
          </Button>
          <Button size="small" variant="ghost" onClick={onEdit}>Edit</Button>
          {s.paused ? (
            <Button size="small" variant="ghost" onClick={() => void run(() => resume({ variables: { id: s.id } }))} disabled={resuming}>Resume</Button>
          ) : (
            <Button size="small" variant="ghost" onClick={() => void run(() => pause({ variables: { id: s.id } }))} disabled={pausing}>Pause</Button>
          )}
          {confirming ? (
            <span className="row-actions" role="group" aria-label="Delete this subscription?"
              onKeyDown={(event) => {
                if (event.key === 'Escape') {
                  event.stopPropagation();
                  setConfirming(false);
                }
              }}
            >
              <Button size="small" variant="danger" onClick={() => void run(() => remove({ variables: { id: s.id } }), 'Subscription deleted.')} disabled={deleting}>Confirm delete</Button>
              <Button size="small" variant="ghost" onClick={() => setConfirming(false)} autoFocus>Keep</Button>
            </span>
          ) : (
            <Button size="small" variant="ghost" onClick={() => setConfirming(true)}>Delete</Button>
          )}
        </div>
      )}
    </li>
  );
}

/**
 * A report's "Delivery" section (docs/domain.md, "Report subscriptions"): its subscriptions with the
 * schedule in words and the next run, the form to make or change one, pause, resume, delete and Send
 * now, and the delivery log. Says plainly when the server has no SMTP server to send with.
 */
export function DeliverySection({ viewId, data }: { viewId: string; data: Data }) {
  const [draft, setDraft] = useState<SubscriptionDraft | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const me = data.me?.id ?? '';
  const nameOf = (id: string) => data.reportSubscriptions.find((s) => s.id === id)?.scheduleText ?? `Subscription ${id}`;
  return (
    <>
      <section className={`card ${styles.section}`} aria-labelledby="delivery-title" data-testid="delivery-section">
        <h2 id="delivery-title" className={styles.title}>Delivery</h2>
        {!data.reportDeliverySettings.enabled && (
          <Notice icon testId="delivery-off">
            Delivery is off: no SMTP server configured. Subscriptions can be made; their messages wait until an administrator sets SPENDSCOPE_SMTP_URL.
          </Notice>
        )}
        {/* Always in the page, so a screen reader hears each new message. */}
        <p role="status" className={styles.muted} data-testid="delivery-message">{message}</p>
        {data.reportSubscriptions.length ? (
          <ul className={styles.list} aria-label="Subscriptions">
            {data.reportSubscriptions.map((s) => (
              <SubscriptionItem key={s.id} s={s} onEdit={() => setDraft(toDraft(s))} onMessage={setMessage} />
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>No subscriptions yet. Each recipient receives the figures of their own scope.</p>
        )}
        {draft ? (
          <SubscriptionForm key={draft.id ?? 'new'} viewId={viewId} draft={draft} candidates={data.reportRecipientCandidates}
            onDone={() => {
              setMessage(draft.id ? 'Subscription saved.' : 'Subscription created.');
              setDraft(null);
            }}
            onCancel={() => setDraft(null)} />
        ) : (
          <Button variant="primary" onClick={() => setDraft(newDraft(me))} data-testid="subscription-new" disabled={!data.reportRecipientCandidates.length}>
            New subscription
          </Button>
        )}
      </section>
      <section className={`card ${styles.section}`} aria-labelledby="delivery-log-title" data-testid="delivery-log">
        <h2 id="delivery-log-title" className={styles.title}>Delivery log</h2>
        {data.reportDeliveries.length ? (
          <table className={styles.table}>
            <caption className="visually-hidden">Messages sent for this report, newest first</caption>
            <thead>
              <tr><th scope="col">Queued</th><th scope="col">Subscription</th><th scope="col">Recipient</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Why</th></tr>
            </thead>
            <tbody>
              {data.reportDeliveries.map((d) => (
                <tr key={d.id} data-testid="delivery-row">
                  <td>{when(d.createdAt)}{d.trigger === 'MANUAL' ? ' (sent now)' : ''}</td>
                  <td>{nameOf(d.subscriptionId)}</td>
                  <td>{d.recipient.name}</td>
                  <td>{STATUS[d.status] ?? d.status}{d.status === 'SENT' && d.sentAt ? ` ${when(d.sentAt)}` : ''}{d.status === 'PENDING' && d.attempts > 0 ? `, next try ${when(d.nextAttemptAt)}` : ''}</td>
                  <td>{d.attempts}</td>
                  <td>{d.error ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className={styles.muted}>Nothing sent yet.</p>
        )}
      </section>
    </>
  );
}

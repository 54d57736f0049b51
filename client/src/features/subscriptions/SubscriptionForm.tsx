import { useMutation } from '@apollo/client/react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { describeApiError } from '../../apollo/errors';
import { FormActions } from '../../components/FormActions';
import { Hint } from '../../components/Hint';
import { graphql } from '../../gql';
import type { ReportFormat, ReportFrequency, Weekday } from '../../gql/graphql';
import styles from './Delivery.module.css';

const CreateReportSubscriptionMutation = graphql(`
  mutation CreateReportSubscription($input: ReportSubscriptionInput!) {
    createReportSubscription(input: $input) {
      id
    }
  }
`);

const UpdateReportSubscriptionMutation = graphql(`
  mutation UpdateReportSubscription($id: ID!, $version: Int!, $input: ReportSubscriptionInput!) {
    updateReportSubscription(id: $id, version: $version, input: $input) {
      id
    }
  }
`);

export interface SubscriptionDraft {
  id: string | null;
  version: number;
  format: ReportFormat;
  frequency: ReportFrequency;
  dayOfWeek: Weekday | null;
  dayOfMonth: number | null;
  workingDay: number | null;
  time: string;
  timeZone: string;
  recipientIds: string[];
}

export interface Candidate {
  id: string;
  name: string;
  role: string;
}

const WEEKDAYS: Weekday[] = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
const dayName = (d: Weekday) => d.charAt(0) + d.slice(1).toLowerCase();

/** The browser's zone, and every IANA zone it knows (the browser's first). */
function timeZones(current: string): string[] {
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([current, own, 'UTC', ...all])].filter(Boolean);
}

export function newDraft(me: string): SubscriptionDraft {
  return {
    id: null, version: 0, format: 'XLSX', frequency: 'MONTHLY', dayOfWeek: 'MONDAY', dayOfMonth: null, workingDay: 3, time: '08:00',
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC', recipientIds: [me],
  };
}

/**
 * Making or changing a subscription: schedule (frequency, day, working day, time, zone), format and
 * recipients (docs/domain.md, "Report subscriptions"). Only the view's owner or an admin is offered
 * others as recipients (`reportRecipientCandidates`); anyone else subscribes themselves.
 */
export function SubscriptionForm({ viewId, draft, candidates, onDone, onCancel }: {
  viewId: string;
  draft: SubscriptionDraft;
  candidates: readonly Candidate[];
  onDone(): void;
  onCancel(): void;
}) {
  const ids = useId();
  const [value, setValue] = useState(draft);
  const [monthlyBy, setMonthlyBy] = useState<'workingDay' | 'dayOfMonth'>(draft.dayOfMonth !== null ? 'dayOfMonth' : 'workingDay');
  const [error, setError] = useState<string | null>(null);
  const zones = useMemo(() => timeZones(draft.timeZone), [draft.timeZone]);
  const [create, { loading: creating }] = useMutation(CreateReportSubscriptionMutation, { refetchQueries: ['ReportDelivery'], awaitRefetchQueries: true });
  const [update, { loading: updating }] = useMutation(UpdateReportSubscriptionMutation, { refetchQueries: ['ReportDelivery'], awaitRefetchQueries: true });
  const set = (patch: Partial<SubscriptionDraft>) => setValue((v) => ({ ...v, ...patch }));
  const problem = value.recipientIds.length === 0 ? 'Choose at least one recipient.' : null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (problem) return;
    setError(null);
    const monthly = value.frequency === 'MONTHLY';
    const input = {
      savedViewId: viewId, format: value.format, recipientUserIds: value.recipientIds, frequency: value.frequency,
      dayOfWeek: value.frequency === 'WEEKLY' ? value.dayOfWeek : null,
      dayOfMonth: monthly && monthlyBy === 'dayOfMonth' ? (value.dayOfMonth ?? 1) : null,
      workingDay: monthly && monthlyBy === 'workingDay' ? (value.workingDay ?? 1) : null,
      time: value.time, timeZone: value.timeZone,
    };
    try {
      if (value.id) await update({ variables: { id: value.id, version: value.version, input } });
      else await create({ variables: { input } });
      onDone();
    } catch (e) {
      setError(describeApiError(e).message);
    }
  }

  return (
    <form className="admin-form" onSubmit={(e) => void onSubmit(e)} aria-labelledby={`${ids}-title`} data-testid="subscription-form" noValidate
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <h3 className={styles.formTitle} id={`${ids}-title`}>{value.id ? 'Change the subscription' : 'New subscription'}</h3>
      <div className="admin-form__grid">
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-frequency`}>Frequency</label>
          <select id={`${ids}-frequency`} className="input input--select" value={value.frequency} onChange={(e) => set({ frequency: e.target.value as ReportFrequency })} data-testid="subscription-frequency" autoFocus>
            <option value="DAILY">Daily</option>
            <option value="WEEKLY">Weekly</option>
            <option value="MONTHLY">Monthly</option>
          </select>
        </div>
        {value.frequency === 'WEEKLY' && (
          <div className="field">
            <label className="field__label" htmlFor={`${ids}-weekday`}>Day</label>
            <select id={`${ids}-weekday`} className="input input--select" value={value.dayOfWeek ?? 'MONDAY'} onChange={(e) => set({ dayOfWeek: e.target.value as Weekday })} data-testid="subscription-weekday">
              {WEEKDAYS.map((d) => <option key={d} value={d}>{dayName(d)}</option>)}
            </select>
          </div>
        )}
        {value.frequency === 'MONTHLY' && (
          <fieldset className={styles.fieldset}>
            <legend className="field__label">Day of the month</legend>
            <label className="check-row check-row--inline">
              <input type="radio" name={`${ids}-by`} checked={monthlyBy === 'workingDay'} onChange={() => setMonthlyBy('workingDay')} data-testid="subscription-by-working-day" />
              Working day
            </label>
            <label className="check-row check-row--inline">
              <input type="radio" name={`${ids}-by`} checked={monthlyBy === 'dayOfMonth'} onChange={() => setMonthlyBy('dayOfMonth')} data-testid="subscription-by-date" />
              Date
            </label>
            {monthlyBy === 'workingDay' ? (
              <>
                <label className="visually-hidden" htmlFor={`${ids}-working-day`}>Working day of the month, 1 to 23</label>
                <input id={`${ids}-working-day`} className="input" type="number" min={1} max={23} value={value.workingDay ?? 1}
                  onChange={(e) => set({ workingDay: Number(e.target.value) || 1 })} aria-describedby={`${ids}-working-hint`} data-testid="subscription-working-day" />
                <Hint id={`${ids}-working-hint`}>The Nth Monday–Friday of the month (no holiday calendar); the last one when the month has fewer.</Hint>
              </>
            ) : (
              <>
                <label className="visually-hidden" htmlFor={`${ids}-day`}>Day of the month, 1 to 31</label>
                <input id={`${ids}-day`} className="input" type="number" min={1} max={31} value={value.dayOfMonth ?? 1}
                  onChange={(e) => set({ dayOfMonth: Number(e.target.value) || 1 })} aria-describedby={`${ids}-day-hint`} data-testid="subscription-day" />
                <Hint id={`${ids}-day-hint`}>1 to 31; the month’s last day in shorter months.</Hint>
              </>
            )}
          </fieldset>
        )}
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-time`}>Time</label>
          <input id={`${ids}-time`} className="input" type="time" value={value.time} onChange={(e) => set({ time: e.target.value })} required data-testid="subscription-time" />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-zone`}>Time zone</label>
          <select id={`${ids}-zone`} className="input input--select" value={value.timeZone} onChange={(e) => set({ timeZone: e.target.value })} data-testid="subscription-zone">
            {zones.map((z) => <option key={z} value={z}>{z.replace(/_/g, ' ')}</option>)}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-format`}>Format</label>
          <select id={`${ids}-format`} className="input input--select" value={value.format} onChange={(e) => set({ format: e.target.value as ReportFormat })} data-testid="subscription-format">
            <option value="XLSX">Excel (XLSX)</option>
            <option value="CSV">CSV</option>
          </select>
        </div>
        <fieldset className={styles.fieldset} data-testid="subscription-recipients">
          <legend className="field__label">Recipients</legend>
          {candidates.map((c) => (
            <label key={c.id} className="check-row check-row--inline">
              <input type="checkbox" checked={value.recipientIds.includes(c.id)}
                onChange={(e) => set({ recipientIds: e.target.checked ? [...value.recipientIds, c.id] : value.recipientIds.filter((id) => id !== c.id) })} />
              {c.name} <span className={styles.muted}>({c.role.replace('_', ' ').toLowerCase()})</span>
            </label>
          ))}
          <Hint>Each recipient receives the figures of their own scope. Only users who can open this view are listed.</Hint>
        </fieldset>
      </div>
      <FormActions error={error} errorTestId="subscription-error" saving={creating || updating} saveLabel={value.id ? 'Save changes' : 'Create subscription'}
        saveTestId="subscription-save" blocked={problem !== null} hint={problem} onCancel={onCancel} />
    </form>
  );
}

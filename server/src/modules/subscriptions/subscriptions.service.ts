import { AppError, badInput, notFound } from '../../errors.js';
import type { ReportSubscriptionInput } from '../../generated/graphql.js';
import { audit } from '../../core/audit.js';
import { parseId } from '../../core/ids.js';
import type { RequestData } from '../../core/request-data.js';
import { sqlTimestamp } from '../../core/time.js';
import { Viewer, type RoleName, type UserRecord } from '../../core/viewer.js';
import { sql, type Sql } from '../../store/sql.js';
import type { ViewsService } from '../views/views.service.js';
import { MAX_WORKING_DAY, WEEKDAYS, canonicalTimeZone, nextRun, type Schedule } from './schedule.js';
import { deliveryFields, runFields, subscriptionFields, type RecipientRecord, type SubscriptionRecord } from './subscriptions.mappers.js';
import * as q from './subscriptions.queries.js';

/** At most this many recipients per subscription, and subscriptions per saved view. */
export const MAX_RECIPIENTS = 50;
export const MAX_SUBSCRIPTIONS_PER_VIEW = 20;
const MAX_LOG = 200;

/** A timestamp as the store returns it (UTC, no zone) → ms since the epoch. */
export function storedInstant(value: string): number {
  return Date.parse(/[zZ]|[+-]\d\d(:?\d\d)?$/.test(value) ? value.replace(' ', 'T') : `${value.replace(' ', 'T')}Z`);
}

/** A whole-second UTC timestamp for the store (schedules are on minutes: no fraction to compare). */
export function runTimestamp(ms: number): string {
  return sqlTimestamp(new Date(Math.floor(ms / 1000) * 1000)).replace(/\.\d+$/, '');
}

function roleCan(role: RoleName, action: 'export' | 'explore' | 'query'): boolean {
  return new Viewer({ id: 0, role, scopeCategoryIds: [], scopeBusinessUnitIds: [] } as unknown as UserRecord).can(action);
}

/**
 * Whether a user may receive a saved view: they can open it (their own, or shared) and its kind
 * (a pivot needs the explorer, a query the editor), and they may export. Null when they may;
 * else why not, in words (docs/domain.md, "Report subscriptions").
 */
export function cannotReceive(user: { id: number; name: string; role: RoleName; disabled: boolean }, view: { ownerId: number; shared: boolean; kind: string }): string | null {
  if (user.disabled) return `${user.name} is disabled.`;
  const kind = view.kind === 'PIVOT' ? 'explore' : 'query';
  if (!roleCan(user.role, 'export') || !roleCan(user.role, kind)) {
    return `${user.name} (${user.role}) cannot open ${view.kind === 'PIVOT' ? 'pivots' : 'saved queries'}, so cannot receive this report.`;
  }
  if (view.ownerId !== user.id && !view.shared) return `${user.name} cannot open this view: it is private to its owner. Share it first.`;
  return null;
}

/**
 * Report subscriptions (docs/domain.md, "Report subscriptions"): who may subscribe whom, the
 * schedule, the delivery log. Deliveries themselves run in `subscriptions.runtime.ts`, each
 * rendered as its recipient.
 */
export class SubscriptionsService {
  constructor(
    private readonly data: RequestData,
    private readonly views: ViewsService,
  ) {}

  deliverySettings() {
    this.data.viewer();
    return { enabled: this.data.config.smtpUrl !== null };
  }

  /** Subscriptions the caller sees: of views they can open (their own or shared, of a kind their role opens), and theirs to see. */
  private visible(viewer: Viewer): Sql {
    const me = viewer.user.id;
    const kinds = [viewer.can('explore') ? 'PIVOT' : null, viewer.can('query') ? 'QUERY' : null].filter((k): k is string => k !== null);
    const kindOk = kinds.length ? sql`v.kind IN (${sql.join(kinds.map((k) => sql`${k}`))})` : sql`FALSE`;
    const mine = viewer.user.role === 'ADMIN'
      ? sql`TRUE`
      : sql`(s.created_by = ${me} OR v.owner_id = ${me} OR EXISTS (SELECT 1 FROM report_subscription_recipients rr WHERE rr.subscription_id = s.id AND rr.user_id = ${me}))`;
    return sql`(v.owner_id = ${me} OR v.shared) AND ${kindOk} AND ${mine}`;
  }

  private editableBy(viewer: Viewer, s: SubscriptionRecord): boolean {
    return viewer.user.role === 'ADMIN' || s.createdBy === viewer.user.id || s.savedViewOwnerId === viewer.user.id;
  }

  private shape(s: SubscriptionRecord) {
    return { ...subscriptionFields(s), editable: this.editableBy(this.data.viewer(), s) };
  }

  async list(savedViewId: string | null | undefined) {
    const viewer = this.data.viewer();
    let where = this.visible(viewer);
    if (savedViewId !== null && savedViewId !== undefined) {
      const view = await this.views.byId(savedViewId);
      where = sql`${where} AND s.saved_view_id = ${view.id}`;
    }
    return (await q.listSubscriptions(this.data.store, where)).map((s) => this.shape(s));
  }

  private async record(id: string, field = 'id'): Promise<SubscriptionRecord> {
    const viewer = this.data.viewer();
    const [found] = await q.listSubscriptions(this.data.store, sql`s.id = ${parseId(id, field)} AND ${this.visible(viewer)}`);
    if (!found) throw notFound('Report subscription', id, field === 'id' ? undefined : field);
    return found;
  }

  async byId(id: string) {
    return this.shape(await this.record(id));
  }

  private async editable(id: string): Promise<SubscriptionRecord> {
    const s = await this.record(id);
    if (!this.editableBy(this.data.viewer(), s)) throw new AppError('FORBIDDEN', 'Only the subscription\'s creator, the view\'s owner or an admin may change it.');
    return s;
  }

  async recipientCandidates(savedViewId: string) {
    const viewer = this.data.viewer();
    const view = await this.views.byId(savedViewId);
    const users = viewer.user.role === 'ADMIN' || view.ownerId === viewer.user.id
      ? await q.enabledUsers(this.data.store)
      : await q.usersByIds(this.data.store, [viewer.user.id]);
    return users.filter((u) => cannotReceive(u, view) === null).map((u) => ({ id: String(u.id), name: u.name, role: u.role, disabled: u.disabled }));
  }

  /** Checks the input as a whole: the view, the recipients, the schedule; returns what is stored. */
  private async validate(input: ReportSubscriptionInput): Promise<{ view: Awaited<ReturnType<ViewsService['byId']>>; values: q.SubscriptionValues; recipients: RecipientRecord[] }> {
    const viewer = this.data.viewer();
    viewer.require('export');
    const view = await this.views.byId(input.savedViewId);
    if (view.kind !== 'PIVOT' && view.kind !== 'QUERY') throw badInput('input.savedViewId', 'Only pivots and saved queries can be sent on a schedule.');
    const schedule = validSchedule(input);
    const recipientIds = [...new Set(input.recipientUserIds.map((id) => parseId(id, 'input.recipientUserIds')))];
    if (recipientIds.length === 0) throw badInput('input.recipientUserIds', 'Name at least one recipient.');
    if (recipientIds.length > MAX_RECIPIENTS) throw badInput('input.recipientUserIds', `A subscription may have at most ${MAX_RECIPIENTS} recipients.`);
    const mayNameOthers = viewer.user.role === 'ADMIN' || view.ownerId === viewer.user.id;
    if (!mayNameOthers && recipientIds.some((id) => id !== viewer.user.id)) {
      throw badInput('input.recipientUserIds', 'Only the view\'s owner or an admin may subscribe others; you may subscribe yourself.');
    }
    const users = await q.usersByIds(this.data.store, recipientIds);
    for (const id of recipientIds) {
      const user = users.find((u) => u.id === id);
      if (!user) throw badInput('input.recipientUserIds', `There is no user ${id}.`);
      const why = cannotReceive(user, view);
      if (why) throw badInput('input.recipientUserIds', why);
    }
    const values: q.SubscriptionValues = {
      savedViewId: view.id, format: input.format, ...schedule, nextRunAt: runTimestamp(nextRun(schedule, Date.now())),
    };
    return { view, values, recipients: users };
  }

  async create(input: ReportSubscriptionInput) {
    const viewer = this.data.viewer();
    const { view, values, recipients } = await this.validate(input);
    const now = sqlTimestamp(new Date());
    const id = await this.data.store.transaction(async (tx) => {
      if ((await q.countForView(tx, view.id)) >= MAX_SUBSCRIPTIONS_PER_VIEW) {
        throw badInput('input.savedViewId', `A view may have at most ${MAX_SUBSCRIPTIONS_PER_VIEW} subscriptions; change or delete one of its others.`);
      }
      const newId = await q.insertSubscription(tx, values, viewer.user.id, now);
      await q.replaceRecipients(tx, newId, recipients.map((r) => r.id));
      await audit(tx, { userId: viewer.user.id, action: 'reportSubscription.create', entity: 'ReportSubscription', entityId: newId, after: auditShape(values, recipients) });
      return newId;
    });
    return this.byId(String(id));
  }

  async update(id: string, version: number, input: ReportSubscriptionInput) {
    const viewer = this.data.viewer();
    const before = await this.editable(id);
    const { view, values, recipients } = await this.validate(input);
    const now = sqlTimestamp(new Date());
    await this.data.store.transaction(async (tx) => {
      if (view.id !== before.savedViewId && (await q.countForView(tx, view.id)) >= MAX_SUBSCRIPTIONS_PER_VIEW) {
        throw badInput('input.savedViewId', `A view may have at most ${MAX_SUBSCRIPTIONS_PER_VIEW} subscriptions; change or delete one of its others.`);
      }
      if (!(await q.updateSubscription(tx, before.id, version, values, now))) {
        throw new AppError('CONFLICT', 'This subscription was changed by someone else. Reload it and try again.', { field: 'version' });
      }
      await q.replaceRecipients(tx, before.id, recipients.map((r) => r.id));
      await audit(tx, {
        userId: viewer.user.id, action: 'reportSubscription.update', entity: 'ReportSubscription', entityId: before.id,
        before: auditShape(before, before.recipients), after: auditShape(values, recipients),
      });
    });
    return this.byId(id);
  }

  async setPaused(id: string, paused: boolean) {
    const viewer = this.data.viewer();
    const before = await this.editable(id);
    if (before.paused === paused) throw new AppError('INVALID_STATE', paused ? 'This subscription is already paused.' : 'This subscription is not paused.');
    const now = new Date();
    // Resumed: from the next time it comes due, not the runs it missed while paused.
    const next = paused ? (before.nextRunAt ?? runTimestamp(now.getTime())) : runTimestamp(nextRun(before, now.getTime()));
    await this.data.store.transaction(async (tx) => {
      await q.setPaused(tx, before.id, paused, next, sqlTimestamp(now));
      await audit(tx, {
        userId: viewer.user.id, action: paused ? 'reportSubscription.pause' : 'reportSubscription.resume', entity: 'ReportSubscription', entityId: before.id,
        before: { paused: before.paused }, after: { paused },
      });
    });
    return this.byId(id);
  }

  async remove(id: string): Promise<boolean> {
    const viewer = this.data.viewer();
    const before = await this.editable(id);
    await this.data.store.transaction(async (tx) => {
      await q.deleteSubscription(tx, before.id);
      await audit(tx, { userId: viewer.user.id, action: 'reportSubscription.delete', entity: 'ReportSubscription', entityId: before.id, before: auditShape(before, before.recipients) });
    });
    return true;
  }

  /** "Send now": one run, a delivery to every recipient, queued at once; the runtime sends them. */
  async sendNow(id: string) {
    const viewer = this.data.viewer();
    const s = await this.editable(id);
    const now = sqlTimestamp(new Date());
    const runId = await this.data.store.transaction(async (tx) => {
      const newRun = await q.insertRun(tx, { subscriptionId: s.id, trigger: 'MANUAL', requestedBy: viewer.user.id, scheduledFor: now, recipientIds: s.recipients.map((r) => r.id), now });
      await q.markRunNow(tx, s.id, now);
      await audit(tx, {
        userId: viewer.user.id, action: 'reportSubscription.sendNow', entity: 'ReportSubscription', entityId: s.id,
        after: { runId: newRun, recipientUserIds: s.recipients.map((r) => r.id) },
      });
      return newRun;
    });
    const deliveries = await q.listDeliveries(this.data.store, sql`d.run_id = ${runId}`, MAX_RECIPIENTS);
    return runFields({ id: runId, subscriptionId: s.id, trigger: 'MANUAL', createdAt: now, deliveries });
  }

  /** The delivery log: every recipient's messages for the creator, the view's owner and admins; a recipient's own otherwise. */
  async deliveries(savedViewId: string | null | undefined, subscriptionId: string | null | undefined, limit: number | null | undefined) {
    const viewer = this.data.viewer();
    const me = viewer.user.id;
    const take = Math.max(1, Math.min(MAX_LOG, limit ?? 50));
    let scope = sql`TRUE`;
    if (subscriptionId !== null && subscriptionId !== undefined) scope = sql`d.subscription_id = ${(await this.record(subscriptionId, 'subscriptionId')).id}`;
    if (savedViewId !== null && savedViewId !== undefined) scope = sql`${scope} AND s.saved_view_id = ${(await this.views.byId(savedViewId)).id}`;
    const whose = viewer.user.role === 'ADMIN' ? sql`TRUE` : sql`(s.created_by = ${me} OR v.owner_id = ${me} OR d.recipient_id = ${me})`;
    const where = sql`EXISTS (SELECT 1 FROM report_subscriptions s JOIN saved_views v ON v.id = s.saved_view_id
      WHERE s.id = d.subscription_id AND ${this.visible(viewer)} AND ${whose} AND ${scope})`;
    return (await q.listDeliveries(this.data.store, where, take)).map(deliveryFields);
  }
}

function auditShape(s: Schedule & { savedViewId: number; format: string }, recipients: readonly { id: number }[]) {
  return {
    savedViewId: s.savedViewId, format: s.format, frequency: s.frequency, dayOfWeek: s.dayOfWeek, dayOfMonth: s.dayOfMonth, workingDay: s.workingDay,
    time: s.time, timeZone: s.timeZone, recipientUserIds: recipients.map((r) => r.id),
  };
}

/** The schedule of an input: each frequency's day, a real time and a time zone Intl knows. */
function validSchedule(input: ReportSubscriptionInput): Schedule {
  const time = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(input.time.trim());
  if (!time) throw badInput('input.time', 'The time must be HH:MM on a 24-hour clock, e.g. 08:00.');
  const timeZone = canonicalTimeZone(input.timeZone.trim());
  if (!timeZone) throw badInput('input.timeZone', `“${input.timeZone.slice(0, 64)}” is not a time zone; use an IANA name such as Europe/London.`);
  const schedule: Schedule = { frequency: input.frequency, dayOfWeek: null, dayOfMonth: null, workingDay: null, time: `${time[1]}:${time[2]}`, timeZone };
  if (input.frequency === 'WEEKLY') {
    if (!input.dayOfWeek) throw badInput('input.dayOfWeek', 'A weekly subscription needs its day of the week.');
    schedule.dayOfWeek = WEEKDAYS.indexOf(input.dayOfWeek) + 1;
  } else if (input.frequency === 'MONTHLY') {
    const byDate = input.dayOfMonth !== null && input.dayOfMonth !== undefined;
    const byWorkingDay = input.workingDay !== null && input.workingDay !== undefined;
    if (byDate === byWorkingDay) throw badInput('input.dayOfMonth', 'A monthly subscription needs either a day of the month or a working day, not both.');
    if (byDate) {
      if (!Number.isInteger(input.dayOfMonth) || input.dayOfMonth! < 1 || input.dayOfMonth! > 31) throw badInput('input.dayOfMonth', 'The day of the month must be 1 to 31.');
      schedule.dayOfMonth = input.dayOfMonth!;
    } else {
      if (!Number.isInteger(input.workingDay) || input.workingDay! < 1 || input.workingDay! > MAX_WORKING_DAY) {
        throw badInput('input.workingDay', `The working day must be 1 to ${MAX_WORKING_DAY}.`);
      }
      schedule.workingDay = input.workingDay!;
    }
  }
  return schedule;
}

import type { RoleName } from '../../core/viewer.js';
import { sql, type Sql } from '../../store/sql.js';
import type { Store } from '../../store/store.js';
import type { DeliveryRecord, DeliveryStatus, DeliveryTrigger, RecipientRecord, ReportFormat, SubscriptionRecord } from './subscriptions.mappers.js';
import type { Frequency } from './schedule.js';

type Value = string | number | boolean | null;

const ts = (value: string) => sql`CAST(${value} AS TIMESTAMP)`;
const ids = (list: readonly number[]) => sql.join(list.map((id) => sql`${id}`));

interface SubscriptionRow {
  id: number; saved_view_id: number; view_name: string; view_kind: string; view_owner: number; created_by: number; creator_name: string | null; creator_disabled: string | null;
  format: string; frequency: string; day_of_week: number | null; day_of_month: number | null; working_day: number | null; time_of_day: string; time_zone: string;
  paused: boolean; next_run_at: string | null; last_run_at: string | null; version: number; created_at: string; updated_at: string;
  [k: string]: Value;
}

const SELECT_SUBSCRIPTION = sql`SELECT s.id, s.saved_view_id, v.name AS view_name, v.kind AS view_kind, v.owner_id AS view_owner, s.created_by, u.name AS creator_name,
    u.disabled_at AS creator_disabled, s.format, s.frequency, s.day_of_week, s.day_of_month, s.working_day, s.time_of_day, s.time_zone, s.paused,
    s.next_run_at, s.last_run_at, s.version, s.created_at, s.updated_at
  FROM report_subscriptions s JOIN saved_views v ON v.id = s.saved_view_id LEFT JOIN users u ON u.id = s.created_by`;

function toSubscription(r: SubscriptionRow, recipients: RecipientRecord[]): SubscriptionRecord {
  return {
    id: Number(r.id), savedViewId: Number(r.saved_view_id), savedViewName: r.view_name, savedViewKind: r.view_kind as SubscriptionRecord['savedViewKind'],
    savedViewOwnerId: Number(r.view_owner), createdBy: Number(r.created_by), createdByName: r.creator_name ?? 'Former user', createdByDisabled: r.creator_disabled !== null,
    format: r.format as ReportFormat, frequency: r.frequency as Frequency, dayOfWeek: r.day_of_week, dayOfMonth: r.day_of_month, workingDay: r.working_day,
    time: r.time_of_day, timeZone: r.time_zone, paused: r.paused, nextRunAt: r.next_run_at, lastRunAt: r.last_run_at, version: Number(r.version),
    createdAt: r.created_at, updatedAt: r.updated_at, recipients,
  };
}

interface UserRow { id: number; name: string; email: string; role: string; disabled_at: string | null; [k: string]: Value }
const toRecipient = (r: UserRow): RecipientRecord => ({ id: Number(r.id), name: r.name, email: r.email, role: r.role as RoleName, disabled: r.disabled_at !== null });

/** Subscriptions matching `where` (over `s`, the subscription, and `v`, its view), newest first, with their recipients. */
export async function listSubscriptions(store: Store, where: Sql): Promise<SubscriptionRecord[]> {
  const rows = await store.query<SubscriptionRow>(sql`${SELECT_SUBSCRIPTION} WHERE ${where} ORDER BY s.id DESC`, { name: 'subscriptions.list' });
  if (!rows.length) return [];
  const recipients = await store.query<UserRow & { subscription_id: number }>(
    sql`SELECT r.subscription_id, u.id, u.name, u.email, u.role, u.disabled_at FROM report_subscription_recipients r JOIN users u ON u.id = r.user_id
        WHERE r.subscription_id IN (${ids(rows.map((r) => Number(r.id)))}) ORDER BY u.name, u.id`,
    { name: 'subscriptions.recipients' },
  );
  return rows.map((r) => toSubscription(r, recipients.filter((x) => Number(x.subscription_id) === Number(r.id)).map(toRecipient)));
}

export async function findSubscription(store: Store, id: number): Promise<SubscriptionRecord | null> {
  const [found] = await listSubscriptions(store, sql`s.id = ${id}`);
  return found ?? null;
}

export async function usersByIds(store: Store, userIds: readonly number[]): Promise<RecipientRecord[]> {
  if (!userIds.length) return [];
  const rows = await store.query<UserRow>(sql`SELECT id, name, email, role, disabled_at FROM users WHERE id IN (${ids(userIds)})`, { name: 'subscriptions.users' });
  return rows.map(toRecipient);
}

/** Enabled users, by name: whom a view's owner or an admin may pick as recipients (the service keeps those who can open the view). */
export async function enabledUsers(store: Store): Promise<RecipientRecord[]> {
  const rows = await store.query<UserRow>(sql`SELECT id, name, email, role, disabled_at FROM users WHERE disabled_at IS NULL ORDER BY name, id`, { name: 'subscriptions.candidates' });
  return rows.map(toRecipient);
}

export async function countForView(store: Store, viewId: number): Promise<number> {
  const [row] = await store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM report_subscriptions WHERE saved_view_id = ${viewId}`, { name: 'subscriptions.countForView' });
  return Number(row.n);
}

export interface SubscriptionValues {
  savedViewId: number; format: ReportFormat; frequency: Frequency; dayOfWeek: number | null; dayOfMonth: number | null; workingDay: number | null;
  time: string; timeZone: string; nextRunAt: string;
}

export async function insertSubscription(store: Store, v: SubscriptionValues, createdBy: number, now: string): Promise<number> {
  const [row] = await store.query<{ id: number }>(
    sql`INSERT INTO report_subscriptions (id, saved_view_id, created_by, format, frequency, day_of_week, day_of_month, working_day, time_of_day, time_zone,
          paused, next_run_at, last_run_at, version, created_at, updated_at)
        VALUES (nextval('report_subscriptions_id_seq'), ${v.savedViewId}, ${createdBy}, ${v.format}, ${v.frequency}, ${v.dayOfWeek}, ${v.dayOfMonth}, ${v.workingDay},
          ${v.time}, ${v.timeZone}, FALSE, ${ts(v.nextRunAt)}, NULL, 1, ${ts(now)}, ${ts(now)})
        RETURNING id`,
    { name: 'subscriptions.insert' },
  );
  return Number(row.id);
}

/** Replaces the whole definition when the version matches; false when it was stale. */
export async function updateSubscription(store: Store, id: number, version: number, v: SubscriptionValues, now: string): Promise<boolean> {
  const rows = await store.query(
    sql`UPDATE report_subscriptions SET saved_view_id = ${v.savedViewId}, format = ${v.format}, frequency = ${v.frequency}, day_of_week = ${v.dayOfWeek},
          day_of_month = ${v.dayOfMonth}, working_day = ${v.workingDay}, time_of_day = ${v.time}, time_zone = ${v.timeZone}, next_run_at = ${ts(v.nextRunAt)},
          version = version + 1, updated_at = ${ts(now)}
        WHERE id = ${id} AND version = ${version} RETURNING id`,
    { name: 'subscriptions.update' },
  );
  return rows.length === 1;
}

export function setPaused(store: Store, id: number, paused: boolean, nextRunAt: string, now: string) {
  return store.execute(
    sql`UPDATE report_subscriptions SET paused = ${paused}, next_run_at = ${ts(nextRunAt)}, version = version + 1, updated_at = ${ts(now)} WHERE id = ${id}`,
    { name: 'subscriptions.pause' },
  );
}

export async function replaceRecipients(store: Store, id: number, userIds: readonly number[]) {
  await store.execute(sql`DELETE FROM report_subscription_recipients WHERE subscription_id = ${id}`, { name: 'subscriptions.recipientsClear' });
  if (!userIds.length) return;
  await store.execute(
    sql`INSERT INTO report_subscription_recipients (subscription_id, user_id) VALUES ${sql.join(userIds.map((u) => sql`(${id}, ${u})`))}`,
    { name: 'subscriptions.recipientsInsert' },
  );
}

/** The subscription, its recipients, runs and log. */
export async function deleteSubscription(store: Store, id: number) {
  await store.execute(sql`DELETE FROM report_deliveries WHERE subscription_id = ${id}`, { name: 'subscriptions.deleteDeliveries' });
  await store.execute(sql`DELETE FROM report_delivery_runs WHERE subscription_id = ${id}`, { name: 'subscriptions.deleteRuns' });
  await store.execute(sql`DELETE FROM report_subscription_recipients WHERE subscription_id = ${id}`, { name: 'subscriptions.recipientsClear' });
  await store.execute(sql`DELETE FROM report_subscriptions WHERE id = ${id}`, { name: 'subscriptions.delete' });
}

/** A run with one PENDING delivery per recipient, due now; returns the run's id. */
export async function insertRun(
  store: Store, run: { subscriptionId: number; trigger: DeliveryTrigger; requestedBy: number | null; scheduledFor: string; recipientIds: readonly number[]; now: string },
): Promise<number> {
  const [row] = await store.query<{ id: number }>(
    sql`INSERT INTO report_delivery_runs (id, subscription_id, kind, requested_by, scheduled_for, created_at)
        VALUES (nextval('report_delivery_runs_id_seq'), ${run.subscriptionId}, ${run.trigger}, ${run.requestedBy}, ${ts(run.scheduledFor)}, ${ts(run.now)}) RETURNING id`,
    { name: 'subscriptions.insertRun' },
  );
  const runId = Number(row.id);
  for (const recipient of run.recipientIds) {
    await store.execute(
      sql`INSERT INTO report_deliveries (id, run_id, subscription_id, recipient_id, status, attempts, next_attempt_at, created_at, updated_at)
          VALUES (nextval('report_deliveries_id_seq'), ${runId}, ${run.subscriptionId}, ${recipient}, 'PENDING', 0, ${ts(run.now)}, ${ts(run.now)}, ${ts(run.now)})`,
      { name: 'subscriptions.insertDelivery' },
    );
  }
  return runId;
}

interface DeliveryRow {
  id: string; run_id: number; subscription_id: number; kind: string; status: string; attempts: number; next_attempt_at: string | null; sent_at: string | null;
  error: string | null; created_at: string; recipient_id: number; name: string | null; email: string | null; role: string | null; disabled_at: string | null;
  [k: string]: Value;
}

const SELECT_DELIVERY = sql`SELECT CAST(d.id AS VARCHAR) AS id, d.run_id, d.subscription_id, r.kind, d.status, d.attempts, d.next_attempt_at, d.sent_at, d.error,
    r.created_at, d.recipient_id, u.name, u.email, u.role, u.disabled_at
  FROM report_deliveries d JOIN report_delivery_runs r ON r.id = d.run_id LEFT JOIN users u ON u.id = d.recipient_id`;

const toDelivery = (r: DeliveryRow): DeliveryRecord => ({
  id: r.id, runId: Number(r.run_id), subscriptionId: Number(r.subscription_id), trigger: r.kind as DeliveryTrigger, status: r.status as DeliveryStatus,
  attempts: Number(r.attempts), nextAttemptAt: r.next_attempt_at, sentAt: r.sent_at, error: r.error, createdAt: r.created_at,
  recipient: { id: Number(r.recipient_id), name: r.name ?? 'Former user', email: r.email ?? '', role: (r.role ?? 'VIEWER') as RoleName, disabled: r.disabled_at !== null },
});

/** Deliveries matching `where` (over `d`, the delivery, and `r`, its run), newest first. */
export async function listDeliveries(store: Store, where: Sql, limit: number): Promise<DeliveryRecord[]> {
  const rows = await store.query<DeliveryRow>(sql`${SELECT_DELIVERY} WHERE ${where} ORDER BY d.run_id DESC, u.name, d.id LIMIT ${limit}`, { name: 'subscriptions.deliveries' });
  return rows.map(toDelivery);
}

// The delivery runtime's statements (subscriptions.runtime.ts).

/** Subscriptions that came due, with their creators' state. */
export async function dueSubscriptions(store: Store, now: string): Promise<SubscriptionRecord[]> {
  return listSubscriptions(store, sql`NOT s.paused AND s.next_run_at <= ${ts(now)}`);
}

/**
 * Moves a due subscription to its next run, only if no one did it first (the run it had is still
 * its next_run_at): on a shared database one process wins, and only it queues the run's deliveries.
 */
export async function advanceSubscription(store: Store, id: number, dueAt: string, nextRunAt: string, now: string): Promise<boolean> {
  const rows = await store.query(
    sql`UPDATE report_subscriptions SET next_run_at = ${ts(nextRunAt)}, last_run_at = ${ts(now)}
        WHERE id = ${id} AND next_run_at = ${ts(dueAt)} AND NOT paused RETURNING id`,
    { name: 'subscriptions.advance' },
  );
  return rows.length === 1;
}

export function markRunNow(store: Store, id: number, now: string) {
  return store.execute(sql`UPDATE report_subscriptions SET last_run_at = ${ts(now)} WHERE id = ${id}`, { name: 'subscriptions.lastRun' });
}

/** Whether any delivery is waiting or was abandoned by a process that stopped beating (a cheap read before claiming). */
export async function anyClaimable(store: Store, now: string, staleBefore: string): Promise<boolean> {
  const rows = await store.query(
    sql`SELECT 1 AS due FROM report_deliveries WHERE (status = 'PENDING' AND next_attempt_at <= ${ts(now)}) OR (status = 'SENDING' AND heartbeat_at < ${ts(staleBefore)}) LIMIT 1`,
    { name: 'subscriptions.anyClaimable' },
  );
  return rows.length > 0;
}

export interface ClaimedDelivery { id: string; subscriptionId: number; recipientId: number; attempts: number; trigger: DeliveryTrigger }

/**
 * Claims one delivery: a PENDING one that is due, or a SENDING one whose process stopped beating.
 * The conditions are in the UPDATE itself, so on PostgreSQL a second process updating the same row
 * waits for the first, finds it no longer matches, and claims nothing (docs/durability.md).
 */
export async function claimDelivery(store: Store, owner: string, now: string, staleBefore: string): Promise<ClaimedDelivery | null> {
  const claimable = sql`((status = 'PENDING' AND next_attempt_at <= ${ts(now)}) OR (status = 'SENDING' AND heartbeat_at < ${ts(staleBefore)}))`;
  const rows = await store.query<{ id: string; subscription_id: number; recipient_id: number; attempts: number; run_id: number }>(
    sql`UPDATE report_deliveries SET status = 'SENDING', owner = ${owner}, heartbeat_at = ${ts(now)}, attempts = attempts + 1, updated_at = ${ts(now)}
        WHERE id = (SELECT MIN(id) FROM report_deliveries WHERE ${claimable}) AND ${claimable}
        RETURNING CAST(id AS VARCHAR) AS id, subscription_id, recipient_id, attempts, run_id`,
    { name: 'subscriptions.claim' },
  );
  if (!rows.length) return null;
  const [run] = await store.query<{ kind: string }>(sql`SELECT kind FROM report_delivery_runs WHERE id = ${Number(rows[0].run_id)}`, { name: 'subscriptions.runKind' });
  return {
    id: rows[0].id, subscriptionId: Number(rows[0].subscription_id), recipientId: Number(rows[0].recipient_id), attempts: Number(rows[0].attempts),
    trigger: (run?.kind ?? 'SCHEDULED') as DeliveryTrigger,
  };
}

export function beat(store: Store, id: string, owner: string, now: string) {
  return store.execute(
    sql`UPDATE report_deliveries SET heartbeat_at = ${ts(now)} WHERE id = ${Number(id)} AND owner = ${owner} AND status = 'SENDING'`,
    { name: 'subscriptions.beat' },
  );
}

/** Ends this process's attempt: SENT, FAILED, SKIPPED, or PENDING again for a retry at `nextAttemptAt`. A SENT delivery keeps the reason its last failed attempt failed. */
export function finishDelivery(
  store: Store, id: string, owner: string, end: { status: DeliveryStatus; error: string | null; nextAttemptAt?: string; sentAt?: string; now: string },
) {
  return store.execute(
    sql`UPDATE report_deliveries SET status = ${end.status}, error = ${end.error ? end.error.slice(0, 1000) : sql`error`}, owner = NULL, heartbeat_at = NULL,
          next_attempt_at = ${end.nextAttemptAt ? ts(end.nextAttemptAt) : sql`next_attempt_at`}, sent_at = ${end.sentAt ? ts(end.sentAt) : sql`sent_at`}, updated_at = ${ts(end.now)}
        WHERE id = ${Number(id)} AND owner = ${owner} AND status = 'SENDING'`,
    { name: 'subscriptions.finish' },
  );
}

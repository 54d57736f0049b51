import type { RoleName } from '../../core/viewer.js';
import { WEEKDAYS, describeSchedule, type Frequency, type Schedule } from './schedule.js';

export type ReportFormat = 'CSV' | 'XLSX';
export type DeliveryStatus = 'PENDING' | 'SENDING' | 'SENT' | 'FAILED' | 'SKIPPED';
export type DeliveryTrigger = 'SCHEDULED' | 'MANUAL';

export interface RecipientRecord {
  id: number;
  name: string;
  email: string;
  role: RoleName;
  disabled: boolean;
}

export interface SubscriptionRecord extends Schedule {
  id: number;
  savedViewId: number;
  savedViewName: string;
  savedViewKind: 'PIVOT' | 'QUERY' | 'DASHBOARD_FILTER';
  savedViewOwnerId: number;
  createdBy: number;
  createdByName: string;
  createdByDisabled: boolean;
  format: ReportFormat;
  frequency: Frequency;
  paused: boolean;
  nextRunAt: string | null;
  lastRunAt: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
  recipients: RecipientRecord[];
}

export interface DeliveryRecord {
  id: string;
  runId: number;
  subscriptionId: number;
  trigger: DeliveryTrigger;
  recipient: RecipientRecord;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: string | null;
  sentAt: string | null;
  error: string | null;
  createdAt: string;
}

export interface DeliveryRunRecord {
  id: number;
  subscriptionId: number;
  trigger: DeliveryTrigger;
  createdAt: string;
  deliveries: DeliveryRecord[];
}

/** The subscription as the API shows it (ids as strings, the weekday by name, the schedule in words). */
export function subscriptionFields(s: SubscriptionRecord) {
  return {
    id: String(s.id),
    savedViewId: String(s.savedViewId),
    savedViewName: s.savedViewName,
    savedViewKind: s.savedViewKind,
    format: s.format,
    frequency: s.frequency,
    dayOfWeek: s.dayOfWeek ? WEEKDAYS[s.dayOfWeek - 1] : null,
    dayOfMonth: s.dayOfMonth,
    workingDay: s.workingDay,
    time: s.time,
    timeZone: s.timeZone,
    scheduleText: describeSchedule(s),
    paused: s.paused,
    nextRunAt: s.paused ? null : s.nextRunAt,
    lastRunAt: s.lastRunAt,
    recipients: s.recipients.map(recipientFields),
    createdById: String(s.createdBy),
    createdByName: s.createdByName,
    stoppedReason: s.createdByDisabled ? `${s.createdByName}, who made it, is disabled: nothing is sent until they are enabled again.` : null,
    version: s.version,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

export function recipientFields(r: RecipientRecord) {
  return { id: String(r.id), name: r.name, role: r.role, disabled: r.disabled };
}

export function deliveryFields(d: DeliveryRecord) {
  return {
    id: d.id, runId: String(d.runId), subscriptionId: String(d.subscriptionId), trigger: d.trigger, recipient: recipientFields(d.recipient),
    status: d.status, attempts: d.attempts, nextAttemptAt: d.status === 'PENDING' ? d.nextAttemptAt : null, sentAt: d.sentAt, error: d.error, createdAt: d.createdAt,
  };
}

export function runFields(r: DeliveryRunRecord) {
  return { id: String(r.id), subscriptionId: String(r.subscriptionId), trigger: r.trigger, createdAt: r.createdAt, deliveries: r.deliveries.map(deliveryFields) };
}

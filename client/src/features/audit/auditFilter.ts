import type { AuditEventFilter } from '../../gql/graphql';
import { readPeriod } from '../../filters/spendFilter';

/** The filter the URL names (`user`, `action`, `entity`, `from`, `to`); malformed values are left out. */
export function auditFilterFromParams(params: URLSearchParams): AuditEventFilter {
  const filter: AuditEventFilter = {};
  const user = params.get('user');
  if (user && /^\d+$/.test(user)) filter.userId = user;
  const action = params.get('action');
  if (action) filter.action = action;
  const entity = params.get('entity');
  if (entity) filter.entity = entity;
  const entityId = params.get('entityId');
  if (entityId) filter.entityId = entityId;
  const { from, to } = readPeriod(params.get('from'), params.get('to'));
  if (from) filter.dateFrom = from;
  if (to) filter.dateTo = to;
  return filter;
}

/** "ImportBatch" → "Import batch", "savedView" → "Saved view". */
function words(code: string): string {
  const spaced = code.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** An audit action as the filter lists it: `savedView.create` → "Saved view: create" (the code stays the value). */
export function actionLabel(action: string): string {
  const at = action.lastIndexOf('.');
  return at < 0 ? words(action) : `${words(action.slice(0, at))}: ${words(action.slice(at + 1)).toLowerCase()}`;
}

/** An audited entity as the filter lists it: `ImportBatch` → "Import batch". */
export function entityLabel(entity: string): string {
  return words(entity);
}

/** A changed field as the log shows it: `removedBusinessUnits` → "Removed business units". */
export function fieldLabel(field: string): string {
  return words(field);
}

/** Fields whose values are codes of a fixed list (a role, a status): shown in words. */
const LISTED_VALUES = new Set(['role', 'status', 'kind', 'severity', 'classificationSource']);

/**
 * A recorded value as the log shows it: a role or status code in words (`CATEGORY_MANAGER` →
 * "Category manager"); anything else as recorded (category codes, names, amounts).
 */
export function valueLabel(field: string, value: string): string {
  return LISTED_VALUES.has(field) && /^[A-Z][A-Z_]*$/.test(value) ? words(value.toLowerCase()) : value;
}

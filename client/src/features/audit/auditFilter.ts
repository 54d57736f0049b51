import type { AuditEventFilter } from '../../gql/graphql';

const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date in `YYYY-MM-DD` form (not 2026-02-30). */
function isDate(value: string | null): value is string {
  if (!value || !datePattern.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

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
  const from = params.get('from');
  if (isDate(from)) filter.dateFrom = from;
  const to = params.get('to');
  if (isDate(to)) filter.dateTo = to;
  return filter;
}

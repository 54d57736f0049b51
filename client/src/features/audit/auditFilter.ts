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

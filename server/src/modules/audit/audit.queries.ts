import { sql, type Sql } from '../../store/sql.js';
import type { Store } from '../../store/store.js';

export interface AuditEventRecord {
  id: number;
  at: string;
  userId: number | null;
  userName: string | null;
  userEmail: string | null;
  action: string;
  entity: string;
  entityId: string;
  before: string | null;
  after: string | null;
}

interface EventRow {
  id: string; at: string; user_id: number | null; user_name: string | null; user_email: string | null;
  action: string; entity: string; entity_id: string; before: string | null; after: string | null;
  [k: string]: string | number | boolean | null;
}

export interface AuditFilter {
  userId: number | null;
  action: string | null;
  entity: string | null;
  entityId: string | null;
  /** First day, inclusive (UTC). */
  dateFrom: string | null;
  /** Last day, inclusive (UTC). */
  dateTo: string | null;
}

export function auditWhere(f: AuditFilter): Sql {
  return sql.and([
    f.userId !== null ? sql`e.user_id = ${f.userId}` : sql``,
    f.action !== null ? sql`e.action = ${f.action}` : sql``,
    f.entity !== null ? sql`e.entity = ${f.entity}` : sql``,
    f.entityId !== null ? sql`e.entity_id = ${f.entityId}` : sql``,
    f.dateFrom !== null ? sql`e.occurred_at >= CAST(${f.dateFrom} AS TIMESTAMP)` : sql``,
    f.dateTo !== null ? sql`e.occurred_at < CAST(${f.dateTo} AS TIMESTAMP) + INTERVAL '1 day'` : sql``,
  ]);
}

const SELECT = sql`SELECT CAST(e.id AS VARCHAR) AS id, CAST(e.occurred_at AS VARCHAR) AS at, e.user_id, u.name AS user_name, u.email AS user_email,
  e.action, e.entity, e.entity_id, e.before, e.after
  FROM audit_events e LEFT JOIN users u ON u.id = e.user_id`;
// Newest first; the id orders events written in the same millisecond.
const ORDER = sql`ORDER BY e.occurred_at DESC, e.id DESC`;

const toRecord = (r: EventRow): AuditEventRecord => ({
  id: Number(r.id), at: r.at, userId: r.user_id, userName: r.user_name, userEmail: r.user_email,
  action: r.action, entity: r.entity, entityId: r.entity_id, before: r.before, after: r.after,
});

export async function listEvents(store: Store, where: Sql, page: { offset: number; limit: number }) {
  const [count] = await store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM audit_events e WHERE ${where}`, { name: 'audit.count' });
  const rows = await store.query<EventRow>(sql`${SELECT} WHERE ${where} ${ORDER} LIMIT ${page.limit} OFFSET ${page.offset}`, { name: 'audit.list' });
  return { totalCount: Number(count.n), nodes: rows.map(toRecord) };
}

/** Every matching event, newest first, as a stream (the CSV export). */
export function streamEvents(store: Store, where: Sql) {
  return store.stream(sql`${SELECT} WHERE ${where} ${ORDER}`, { name: 'audit.export', timeoutMs: 600_000 });
}

/** Columns of `streamEvents`' rows, in order. */
export const STREAM_COLUMNS = ['id', 'at', 'user_id', 'user_name', 'user_email', 'action', 'entity', 'entity_id', 'before', 'after'] as const;

export async function distinctValues(store: Store) {
  const rows = await store.query<{ kind: string; value: string }>(
    sql`SELECT DISTINCT 'action' AS kind, action AS value FROM audit_events UNION SELECT DISTINCT 'entity', entity FROM audit_events ORDER BY kind, value`,
    { name: 'audit.options' },
  );
  return {
    actions: rows.filter((r) => r.kind === 'action').map((r) => r.value),
    entities: rows.filter((r) => r.kind === 'entity').map((r) => r.value),
  };
}

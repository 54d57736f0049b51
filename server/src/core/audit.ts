import { sql } from '../store/sql.js';
import type { Store } from '../store/store.js';
import { sqlTimestamp } from './time.js';

/** Appends one event to the audit log, inside the caller's transaction when given one. */
export function audit(
  store: Store,
  event: { userId: number | null; action: string; entity: string; entityId: string | number; before?: unknown; after?: unknown },
) {
  const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));
  return store.execute(
    sql`INSERT INTO audit_events (id, occurred_at, user_id, action, entity, entity_id, before, after)
        VALUES (nextval('audit_events_id_seq'), CAST(${sqlTimestamp(new Date())} AS TIMESTAMP), ${event.userId}, ${event.action},
                ${event.entity}, ${String(event.entityId)}, ${json(event.before)}, ${json(event.after)})`,
    { name: 'audit.append' },
  );
}

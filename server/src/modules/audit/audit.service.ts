import { badInput } from '../../errors.js';
import type { AuditEventFilter, PageInput } from '../../generated/graphql.js';
import { parseId } from '../../core/ids.js';
import type { RequestData } from '../../core/request-data.js';
import { isValidDate } from '../../core/spend-filter.js';
import { validatePage } from '../../lib/page.js';
import * as q from './audit.queries.js';

export type { AuditEventRecord } from './audit.queries.js';

const MAX_TEXT = 64;

/** The audit log (docs/domain.md, audit log): read by admins only, newest first. */
export class AuditService {
  constructor(private readonly data: RequestData) {}

  private admin() {
    this.data.viewer().require('admin');
  }

  private filter(input: AuditEventFilter | null | undefined): q.AuditFilter {
    const text = (value: string | null | undefined, field: string) => {
      const trimmed = value?.trim();
      if (!trimmed) return null;
      if (trimmed.length > MAX_TEXT) throw badInput(`filter.${field}`, `${field} may be at most ${MAX_TEXT} characters.`);
      return trimmed;
    };
    const date = (value: string | null | undefined, field: string) => {
      if (!value) return null;
      if (!isValidDate(value)) throw badInput(`filter.${field}`, `${field} must be a date, YYYY-MM-DD.`);
      return value;
    };
    const f: q.AuditFilter = {
      userId: input?.userId ? parseId(input.userId, 'filter.userId') : null,
      action: text(input?.action, 'action'),
      entity: text(input?.entity, 'entity'),
      entityId: text(input?.entityId, 'entityId'),
      dateFrom: date(input?.dateFrom, 'dateFrom'),
      dateTo: date(input?.dateTo, 'dateTo'),
    };
    if (f.dateFrom && f.dateTo && f.dateFrom > f.dateTo) throw badInput('filter.dateTo', 'dateTo must not be before dateFrom.');
    return f;
  }

  async list(filter: AuditEventFilter | null | undefined, pageInput: PageInput | null | undefined) {
    this.admin();
    const where = q.auditWhere(this.filter(filter));
    const page = validatePage(pageInput, this.data.pageLimits());
    const { totalCount, nodes } = await q.listEvents(this.data.store, where, page);
    return { totalCount, nodes, pageInfo: { offset: page.offset, limit: page.limit, hasNextPage: page.offset + nodes.length < totalCount } };
  }

  async options() {
    this.admin();
    return q.distinctValues(this.data.store);
  }

  /** Every event the filter selects, newest first, chunk by chunk (the CSV export). */
  async *export(filter: AuditEventFilter | null | undefined): AsyncGenerator<q.AuditEventRecord[]> {
    this.admin();
    const where = q.auditWhere(this.filter(filter));
    for await (const chunk of q.streamEvents(this.data.store, where)) {
      const at = Object.fromEntries(q.STREAM_COLUMNS.map((c) => [c, chunk.columns.indexOf(c)])) as Record<(typeof q.STREAM_COLUMNS)[number], number>;
      yield chunk.rows.map((r) => ({
        id: Number(r[at.id]), at: String(r[at.at]), userId: r[at.user_id] === null ? null : Number(r[at.user_id]),
        userName: r[at.user_name] as string | null, userEmail: r[at.user_email] as string | null,
        action: String(r[at.action]), entity: String(r[at.entity]), entityId: String(r[at.entity_id]),
        before: r[at.before] as string | null, after: r[at.after] as string | null,
      }));
    }
  }
}

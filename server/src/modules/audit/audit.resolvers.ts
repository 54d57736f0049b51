import type { Resolvers } from '../../generated/graphql.js';
import { diffRecorded, recordedLabel } from '../../lib/json-diff.js';

export const auditResolvers: Resolvers = {
  Query: {
    auditEvents: (_p, { filter, page }, ctx) => ctx.audit.list(filter, page),
    auditLogOptions: (_p, _a, ctx) => ctx.audit.options(),
  },
  AuditEvent: {
    id: (e) => String(e.id),
    userId: (e) => (e.userId === null ? null : String(e.userId)),
    changes: (e) => diffRecorded(e.before, e.after),
    label: (e) => recordedLabel(e.before, e.after),
  },
};

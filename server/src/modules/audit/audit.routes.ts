import { Router } from 'express';
import { buildSchema, type GraphQLInputType } from 'graphql';
import type { Logger } from '../../logger.js';
import type { AppServices } from '../../context.js';
import { badInput } from '../../errors.js';
import type { AuditEventFilter } from '../../generated/graphql.js';
import { loadTypeDefs } from '../../graphql/schema.js';
import { restRoute } from '../../http/rest.js';
import { inputParam } from '../../http/query-params.js';
import { CSV_BOM, csvLine, writeText } from '../../lib/cells.js';
import { describeChanges, diffRecorded } from '../../lib/json-diff.js';

const HEADER = ['Time (UTC)', 'User', 'Email', 'Action', 'Entity', 'Entity id', 'Changes', 'Before (JSON)', 'After (JSON)'];

/**
 * `GET /api/audit/export?filter=<AuditEventFilter as JSON>`: the audit log as CSV, newest first,
 * streamed with backpressure; text cells are neutralised against formula injection (lib/cells.ts).
 * ADMIN only, like `auditEvents`.
 */
export function auditRouter(services: AppServices, logger: Logger): Router {
  const schema = buildSchema(loadTypeDefs().join('\n'));
  const filterType = schema.getType('AuditEventFilter') as GraphQLInputType;
  const router = Router();
  router.get('/export', restRoute(services, logger, 'audit.export', async (ctx, req, res) => {
    ctx.data.viewer().require('admin');
    if ((req.query.format ?? 'csv') !== 'csv') throw badInput('format', 'The audit log exports as csv only.');
    const events = ctx.audit.export(inputParam<AuditEventFilter>(req, 'filter', filterType, false));
    // The first chunk is read before any header is sent, so a bad filter still answers with a clean error.
    const first = await events.next();
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.setHeader('content-disposition', `attachment; filename="spendscope-audit-${new Date().toISOString().slice(0, 10)}.csv"`);
    res.setHeader('cache-control', 'no-store');
    await writeText(res, CSV_BOM + csvLine(HEADER));
    for (let chunk = first; !chunk.done; chunk = await events.next()) {
      let text = '';
      for (const e of chunk.value) {
        const at = e.at.replace(' ', 'T').slice(0, 23) + 'Z';
        text += csvLine([at, e.userName ?? (e.userId === null ? '' : `#${e.userId}`), e.userEmail ?? '', e.action, e.entity, e.entityId,
          describeChanges(diffRecorded(e.before, e.after)), e.before ?? '', e.after ?? '']);
      }
      await writeText(res, text);
    }
  }));
  return router;
}

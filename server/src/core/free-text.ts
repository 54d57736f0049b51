import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import type { Viewer } from './viewer.js';

const REASON = 'PERSISTED_QUERIES_ONLY';

/**
 * `SPENDSCOPE_PERSISTED_QUERIES_ONLY` (docs/security.md, persisted operations): with it on, a
 * GraphQL document sent as text rather than as a persisted id runs only for a role that may use
 * the GraphQL editor (the `query` permission). Checked before the document is parsed: by
 * `/graphql` as the request arrives, and by the query export for its document.
 */
export function requireFreeTextAllowed(viewer: Viewer | null, config: Pick<Config, 'persistedQueriesOnly'>): void {
  if (!config.persistedQueriesOnly) return;
  if (!viewer) {
    throw new AppError('UNAUTHENTICATED', 'Sign in to send GraphQL documents of your own: signed out, this server runs only the console\'s operations.', {
      reason: REASON,
      http: { status: 401 },
    });
  }
  if (!viewer.can('query')) {
    throw new AppError('FORBIDDEN', 'Your role may not send GraphQL documents of its own: this server runs only the console\'s operations for it.', {
      reason: REASON,
      http: { status: 403 },
    });
  }
}

import type { Config } from '../config.js';
import { badInput } from '../errors.js';

/**
 * Offset pagination with its limits (50 by default, 500 at most; a query export's page walk reads
 * larger pages: `RequestData.pageLimits()`, docs/request-limits.md section 2).
 */
export function validatePage(page: { offset?: number | null; limit?: number | null } | null | undefined, config: Pick<Config, 'pageDefault' | 'pageMax'>) {
  const offset = page?.offset ?? 0;
  const limit = page?.limit ?? config.pageDefault;
  if (!Number.isInteger(offset) || offset < 0) throw badInput('page.offset', 'page.offset must be 0 or more.');
  if (!Number.isInteger(limit) || limit < 1 || limit > config.pageMax) {
    throw badInput('page.limit', `page.limit must be from 1 to ${config.pageMax}.`);
  }
  return { offset, limit };
}

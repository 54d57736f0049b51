/**
 * Optimistic concurrency (docs/domain.md, "Versions"): a write names the `version` of the row as
 * the caller saw it and only changes the row while it still has it.
 */
import { AppError } from '../errors.js';
import { sql, type Sql } from '../store/sql.js';

/**
 * The condition a versioned write adds to its `WHERE`: `version = v`, or no condition when the
 * caller sent none (the API's older writes, whose `version` argument is optional, do not check).
 */
export function atVersion(version: number | null | undefined): Sql {
  return version === null || version === undefined ? sql`TRUE` : sql`version = ${version}`;
}

/**
 * The answer to a stale version: `CONFLICT` on `field`, saying what was not done, with the
 * version the row has now (`extensions.currentVersion`) when it is known.
 */
export function staleVersion(what: string, notDone: string, field: string, currentVersion?: number): AppError {
  return new AppError('CONFLICT', `${what} was changed by someone else since you saw it; ${notDone}. Look at it again, then try once more if it is still right.`, {
    field, ...(currentVersion !== undefined ? { currentVersion } : {}),
  });
}

import { sql, type Sql } from '../store/sql.js';

/**
 * A line's item key from its description: what unit-price variance compares lines by
 * (docs/domain.md). Written by an import's commit, the demo seed, and the start-up repair of lines
 * stored without one.
 */
export const itemKey = (description: Sql) => sql`lower(trim(${description}))`;

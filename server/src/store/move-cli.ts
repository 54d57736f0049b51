/**
 * `npm run move-to-postgres -- --to postgres://user@host:5432/db [--db path]`: copies a DuckDB
 * database (default: $SPENDSCOPE_DB or data/spendscope.duckdb) into an empty PostgreSQL database
 * (docs/postgres.md, "Moving a DuckDB database"). The DuckDB file is only read; the target gets
 * everything or, on any failure, nothing.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureDatabase } from './ensure-database.js';
import { MoveError, moveDuckDbToPostgres } from './move.js';
import { redactUrl } from './postgres.js';
import { StoreOpenError } from './store.js';

const USAGE = `Usage: npm run move-to-postgres -- --to postgres://user@host:5432/database [--db PATH]

  --to URL    an empty PostgreSQL database (made when it does not exist)
  --db PATH   the DuckDB file to copy (default: $SPENDSCOPE_DB or data/spendscope.duckdb)`;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { to: { type: 'string' }, db: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } }, strict: true });
  if (values.help || !values.to) {
    console.log(USAGE);
    if (!values.help) process.exitCode = 1;
    return;
  }
  const dbPath = resolve(values.db ?? process.env.SPENDSCOPE_DB ?? 'data/spendscope.duckdb');
  if (!existsSync(dbPath)) throw new MoveError(`${dbPath} does not exist.`);
  const shown = redactUrl(values.to);
  if ((await ensureDatabase(values.to)).created) console.error(`Created the database ${shown}`);
  console.error(`Moving ${dbPath} into ${shown}`);
  const report = await moveDuckDbToPostgres(dbPath, values.to, { log: (m) => console.error(`  ${m}`) });
  console.log(`Moved ${report.tables.length} tables and ${report.sequences} sequences in ${report.seconds.toFixed(1)} s.`);
  console.log('Start the server with SPENDSCOPE_DATABASE_URL set to that database; it rebuilds the rollups at start.');
}

main().catch((error: unknown) => {
  // Errors we name (a missing file, a refused or unreachable target) as one line, not a stack.
  console.error(error instanceof MoveError || error instanceof StoreOpenError ? error.message : error);
  process.exitCode = 1;
});

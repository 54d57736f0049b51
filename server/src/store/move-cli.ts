/**
 * `npm run move-to-postgres -- --to postgres://user@host:5432/db [--db path]`: copies a DuckDB
 * database (default: $SPENDSCOPE_DB or data/spendscope.duckdb) into an empty PostgreSQL database
 * (docs/postgres.md, "Moving a DuckDB database"). The DuckDB file is only read; the target gets
 * everything or, on any failure, nothing.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { MoveError, moveDuckDbToPostgres } from './move.js';

const USAGE = `Usage: npm run move-to-postgres -- --to postgres://user@host:5432/database [--db PATH]

  --to URL    an empty PostgreSQL database (create it first: createdb spendscope)
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
  console.error(`Moving ${dbPath} into ${values.to.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@')}`);
  const report = await moveDuckDbToPostgres(dbPath, values.to, { log: (m) => console.error(`  ${m}`) });
  console.log(`Moved ${report.tables.length} tables and ${report.sequences} sequences in ${report.seconds.toFixed(1)} s.`);
  console.log('Start the server with SPENDSCOPE_DATABASE_URL set to that database; it rebuilds the rollups at start.');
}

main().catch((error: unknown) => {
  console.error(error instanceof MoveError ? error.message : error);
  process.exitCode = 1;
});

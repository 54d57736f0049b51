/**
 * PostgreSQL databases of the tests: each test server or process test makes its own and drops
 * it (docs/postgres.md, "Tests"). Apart from harness.ts so that the run's global set-up, which
 * only removes what a run left, does not load the server.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The maintenance database tests create and drop their own databases from. */
export const PG_ADMIN_URL = process.env.SPENDSCOPE_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Runs one statement on the maintenance database (CREATE / DROP DATABASE); its rows. */
export async function pgAdmin(statement: string): Promise<Array<Record<string, unknown>>> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`No PostgreSQL reachable at ${PG_ADMIN_URL} (${(error as Error).message}); SPENDSCOPE_TEST_BACKEND=postgres needs one (docs/postgres.md).`, { cause: error });
  }
  try {
    return (await client.query(statement)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A fresh, uniquely named PostgreSQL database: its URL, and `drop()` to remove it (connections
 * still open to it are ended).
 */
export async function createPgDatabase(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  // Letters, digits and `_` only: the name is written into the statement text. Within a test run
  // it carries the run's id, so the run's end removes any a failed set-up left (global-setup.ts).
  const name = `spendscope_it_${testRun() ?? process.pid}_${randomBytes(4).toString('hex')}`;
  if (template === undefined) await pgAdmin(`CREATE DATABASE ${name}`);
  else await copyPgDatabase(template, name);
  return { url: pgUrl(name), drop: () => dropPgDatabase(name) };
}

export function pgUrl(database: string): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

/** PostgreSQL's SQLSTATE when a template database still has a session open (one just closed may linger a moment). */
const OBJECT_IN_USE = '55006';

async function copyPgDatabase(template: string, name: string): Promise<void> {
  if (!/^\w+$/.test(template)) throw new Error(`Not a test database name: ${template}`);
  for (let attempt = 1; ; attempt++) {
    try {
      await pgAdmin(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== OBJECT_IN_USE || attempt === 50) throw error;
      await new Promise((done) => setTimeout(done, 100));
    }
  }
}

/** The test run's id (global-setup.ts), when in one. */
export function testRun(): string | undefined {
  const run = process.env.SPENDSCOPE_TEST_RUN;
  return run && /^\w+$/.test(run) ? run : undefined;
}

/**
 * Removes a run's PostgreSQL templates, and any of its test databases still there (global-setup.ts,
 * after the run): each test drops its own, but a set-up that failed half way may not have.
 */
export async function dropPgDatabasesOfRun(run: string): Promise<string[]> {
  if (!/^\w+$/.test(run)) throw new Error(`Not a test run id: ${run}`);
  const rows = await pgAdmin(`SELECT datname FROM pg_database WHERE datname LIKE 'spendscope\\_tpl\\_${run}\\_%' OR datname LIKE 'spendscope\\_it\\_${run}\\_%'`);
  const names = rows.map((row) => String(row.datname));
  for (const name of names) await dropPgDatabase(name);
  return names;
}

/** Removes a test database by name (letters, digits and `_`), ending connections still open to it. */
export async function dropPgDatabase(name: string): Promise<void> {
  if (!/^\w+$/.test(name)) throw new Error(`Not a test database name: ${name}`);
  await pgAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/**
 * Makes the PostgreSQL database a URL names when it does not exist yet: the API and
 * `move-to-postgres` connect to that database, so neither can make it once connected. Connects to
 * the server's `postgres` maintenance database with the same user, password and TLS settings
 * (docs/postgres.md, "Moving a DuckDB database"; docs/scale-out.md).
 */
import pg from 'pg';
import { firstLine } from '../lib/first-line.js';
import { StoreOpenError } from './store.js';

/**
 * Whether the database was created (false: it existed), its name and server. Failures are
 * StoreOpenErrors naming the server, never the password.
 */
export async function ensureDatabase(url: string): Promise<{ created: boolean; name: string; where: string }> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new StoreOpenError('Not a PostgreSQL URL: expected postgres://user@host:5432/database.');
  }
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!name) throw new StoreOpenError(`${target.protocol}//${target.host} names no database: add one, e.g. /spendscope.`);
  const maintenance = new URL(target);
  maintenance.pathname = '/postgres';
  const where = `${target.hostname}:${target.port || 5432}`;
  const client = new pg.Client({ connectionString: maintenance.toString() });
  try {
    await client.connect();
  } catch (error) {
    throw new StoreOpenError(`No PostgreSQL reachable at ${where} (${firstLine(error)}).`);
  }
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount) return { created: false, name, where };
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
    return { created: true, name, where };
  } catch (error) {
    throw new StoreOpenError(`Could not create database ${name} on ${where}: ${firstLine(error)}`);
  } finally {
    await client.end().catch(() => {});
  }
}

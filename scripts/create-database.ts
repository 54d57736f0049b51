// Creates the PostgreSQL database a URL names when it does not exist yet (scripts/scale-local.sh).
// The API migrates and seeds it on its first start; this only makes the empty database, which the
// API cannot do itself since it connects to that database. Connects to the server's `postgres`
// maintenance database with the same user, password and TLS settings.
// Usage: node --import tsx scripts/create-database.ts postgres://user@host:5432/spendscope
import pg from 'pg';

const url = process.argv[2];
if (!url) {
  console.error('Usage: create-database.ts postgres://user@host:5432/name');
  process.exit(2);
}
const target = new URL(url);
const name = decodeURIComponent(target.pathname.slice(1));
const maintenance = new URL(url);
maintenance.pathname = '/postgres';
const where = `${target.hostname}:${target.port || 5432}`;

const client = new pg.Client({ connectionString: maintenance.toString() });
try {
  await client.connect();
} catch (error) {
  console.error(`No PostgreSQL reachable at ${where} (${(error as Error).message}).`);
  process.exit(1);
}
try {
  const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (rowCount) {
    console.log(`Database ${name} exists on ${where}.`);
  } else {
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
    console.log(`Created database ${name} on ${where}.`);
  }
} catch (error) {
  console.error(`Could not create database ${name} on ${where}: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await client.end();
}

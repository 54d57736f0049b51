// Creates the PostgreSQL database a URL names when it does not exist yet (scripts/scale-local.sh,
// and by hand before a first start on PostgreSQL): `ensureDatabase` in server/src/store.
// Usage: node --import tsx scripts/create-database.ts postgres://user@host:5432/spendscope
import { ensureDatabase } from '../server/src/store/ensure-database.js';

const url = process.argv[2];
if (!url) {
  console.error('Usage: create-database.ts postgres://user@host:5432/name');
  process.exit(2);
}
try {
  const { created, name, where } = await ensureDatabase(url);
  console.log(created ? `Created database ${name} on ${where}.` : `Database ${name} exists on ${where}.`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}

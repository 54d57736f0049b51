/**
 * Once per `vitest run` of the integration or browser tests: a folder and a run id for the seeded
 * templates test servers copy (harness.ts, `seededTemplate`), removed with the run's PostgreSQL
 * templates, and any test database of the run still there, when the run ends. Workers start
 * after this and inherit the environment.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropPgDatabasesOfRun } from './pg-databases.js';

export default function setup(): () => Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'spendscope-templates-'));
  const run = `${process.pid}_${randomBytes(3).toString('hex')}`;
  process.env.SPENDSCOPE_TEST_TEMPLATES = dir;
  process.env.SPENDSCOPE_TEST_RUN = run;
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    // Only a PostgreSQL run makes PostgreSQL databases; a DuckDB run need not reach a server.
    if (process.env.SPENDSCOPE_TEST_BACKEND !== 'postgres') return;
    const left = (await dropPgDatabasesOfRun(run)).filter((name) => !name.startsWith('spendscope_tpl_'));
    if (left.length) console.warn(`Removed ${left.length} test database(s) a test left behind: ${left.join(', ')}`);
  };
}

import { copyFileSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createPgDatabase, dropPgDatabase, pgAdmin, pgUrl, testRun } from './pg-databases.js';
import { loadConfig } from '../src/config.js';
import type { Logger } from '../src/logger.js';
import { openStore, startServer } from '../src/server.js';
import { sql, type Sql } from '../src/store/sql.js';
import type { BulkTable, QueryOptions, Row, StatementStats, Store, StreamChunk } from '../src/store/store.js';
import type { ImportRuntime } from '../src/modules/imports/imports.service.js';
import type { ClassifierRuntime } from '../src/modules/classification/classifier.runtime.js';

/**
 * The engine the integration tests serve from: `SPENDSCOPE_TEST_BACKEND=postgres` (npm run
 * test:integration:pg) runs them against a fresh PostgreSQL database each, DuckDB otherwise
 * (docs/postgres.md, "Tests").
 */
export type TestBackend = 'duckdb' | 'postgres';

export function testBackend(): TestBackend {
  const raw = process.env.SPENDSCOPE_TEST_BACKEND ?? '';
  if (raw === '' || raw === 'duckdb') return 'duckdb';
  if (raw === 'postgres') return 'postgres';
  throw new Error(`SPENDSCOPE_TEST_BACKEND must be duckdb or postgres, got ${raw}`);
}

/**
 * Seeded databases to copy, one per engine and demo size in a test run: a test server starts from
 * a copy (the DuckDB file copied, a PostgreSQL database created with it as `TEMPLATE`) instead of
 * seeding its own, which took about 2 s a server and a minute and a half of each run
 * (docs/architecture.md, "Tests"). `server/test/global-setup.ts` names the run's templates
 * (`SPENDSCOPE_TEST_TEMPLATES`, `SPENDSCOPE_TEST_RUN`) and removes them after it; outside a test
 * run (a benchmark) every server seeds its own. The seed depends on the number of lines only
 * (`seedDemo`); the seed itself is tested where it is the subject (the seed's own tests, the
 * crash loop, the 1M-line export).
 */
const templates = new Map<string, Promise<string>>();

function seededTemplate(backend: TestBackend, lines: number): Promise<string> | null {
  const dir = process.env.SPENDSCOPE_TEST_TEMPLATES;
  const run = testRun();
  if (!dir || !run) return null;
  const key = `${backend}_${lines}`;
  let template = templates.get(key);
  if (!template) {
    template = backend === 'duckdb' ? duckDbTemplate(dir, lines) : pgTemplate(run, lines);
    // A failed seed is not kept: the next server tries again and reports its own error.
    template.catch(() => templates.delete(key));
    templates.set(key, template);
  }
  return template;
}

/** What opening a template's database needs: where it is, and how many demo lines to seed into it. */
function seedingConfig(where: Record<string, string>, lines: number) {
  return loadConfig({ ...where, SPENDSCOPE_DEMO_LINES: String(lines), PORT: '0', HOST: '127.0.0.1' });
}

/** Seeds under a temporary name and renames when whole, so a template that exists is complete. */
async function duckDbTemplate(dir: string, lines: number): Promise<string> {
  const path = join(dir, `seeded-${lines}.duckdb`);
  if (existsSync(path)) return path; // made by an earlier file of this run (vitest --isolate)
  const building = join(dir, `building-${lines}-${process.pid}.duckdb`);
  const { store } = await openStore(seedingConfig({ SPENDSCOPE_DB: building }, lines));
  await store.close(); // checkpoints: the whole database is in the file, no write-ahead log left
  if (existsSync(`${building}.wal`)) throw new Error(`The seeded template ${building} kept a write-ahead log`);
  renameSync(building, path);
  return path;
}

async function pgTemplate(run: string, lines: number): Promise<string> {
  const name = `spendscope_tpl_${run}_${lines}`;
  const existing = await pgAdmin(`SELECT 1 FROM pg_database WHERE datname = '${name}'`);
  if (existing.length) return name;
  const building = `${name}_building`;
  await pgAdmin(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
  await pgAdmin(`CREATE DATABASE ${building}`);
  try {
    const { store } = await openStore(seedingConfig({ SPENDSCOPE_DATABASE_URL: pgUrl(building) }, lines));
    await store.close();
    await pgAdmin(`ALTER DATABASE ${building} RENAME TO ${name}`);
  } catch (error) {
    await dropPgDatabase(building);
    throw error;
  }
  return name;
}

export interface TestServer {
  url: string;
  /** The engine it serves from (SPENDSCOPE_TEST_BACKEND). */
  backend: TestBackend;
  /** The same store the server uses, for tests to read raw rows and compute expectations independently. */
  store: Store;
  /** Errors the server logged, for tests that must prove nothing internal leaked or broke. */
  loggedErrors: string[];
  /** The server's import runtime, for tests that inject a failure into a commit. */
  imports: ImportRuntime;
  /** The server's classifier, for tests that train it now or inject a failure. */
  classifier: ClassifierRuntime;
  /**
   * Names of statements (e.g. `spend.cube`) that are made slow: each is preceded, on the same
   * request's signal and gate, by a real DuckDB statement that runs for minutes unless
   * interrupted. Tests add and remove names to prove time budgets and cancellation.
   */
  slowStatements: Set<string>;
  /**
   * How many slowed statements are running now. A test that cancels one waits for this rather
   * than for any statement: on PostgreSQL the request's own first statement (reading the shared
   * versions) also counts as running, and aborting then cancels nothing.
   */
  slowRunning(): number;
  /** Info lines the server logged (e.g. cancelled requests). */
  loggedInfo: string[];
  /**
   * Resolves once the rollups and the unit-price index match the lines (false if they could not be
   * built). Their first build runs in the background at start, so a test that counts running
   * statements waits it out first.
   */
  settleRollups(): Promise<boolean>;
  /** Stops like SIGTERM does: requests in flight get `graceMs` (default 5 s), then are cancelled. */
  close(graceMs?: number): Promise<void>;
}

/**
 * A real server over HTTP on a random port, backed by a fresh temporary DuckDB file, or a fresh
 * PostgreSQL database when SPENDSCOPE_TEST_BACKEND=postgres, seeded with the deterministic demo
 * data (small by default), serving the built console when present.
 */
export async function startTestServer(
  options: {
    lines?: number; asOf?: string; importMaxMb?: number; requestTimeoutMs?: number; userStatements?: number;
    /** Further environment, e.g. another reporting currency. */ env?: Record<string, string>;
  } = {},
): Promise<TestServer> {
  const backend = testBackend();
  const lines = options.lines ?? 20_000;
  const template = await seededTemplate(backend, lines);
  const dir = mkdtempSync(join(tmpdir(), 'spendscope-test-'));
  if (template && backend === 'duckdb') copyFileSync(template, join(dir, 'test.duckdb'));
  const pgDatabase = backend === 'postgres' ? await createPgDatabase(template ?? undefined) : null;
  const config = loadConfig({
    SPENDSCOPE_DB: join(dir, 'test.duckdb'),
    ...(pgDatabase ? { SPENDSCOPE_DATABASE_URL: pgDatabase.url } : {}),
    SPENDSCOPE_DEMO_LINES: String(lines),
    SPENDSCOPE_AS_OF: options.asOf ?? '2026-11-21',
    SPENDSCOPE_CLIENT_DIST: resolve(import.meta.dirname, '../../client/dist'),
    SPENDSCOPE_IMPORT_MAX_MB: String(options.importMaxMb ?? 200),
    ...(options.requestTimeoutMs ? { SPENDSCOPE_REQUEST_TIMEOUT_MS: String(options.requestTimeoutMs) } : {}),
    ...(options.userStatements ? { SPENDSCOPE_USER_STATEMENTS: String(options.userStatements) } : {}),
    PORT: '0',
    HOST: '127.0.0.1',
    // The classifier trains in the background of a server that has it (docs/domain.md,
    // "Classification"); tests of it turn it on, the others are spared the CPU.
    SPENDSCOPE_CLASSIFIER: 'false',
    ...options.env,
  });
  const loggedErrors: string[] = [];
  const loggedInfo: string[] = [];
  const logger: Logger = {
    info: (message, fields) => loggedInfo.push(`${message} ${JSON.stringify(fields)}`),
    error: (message, fields) => loggedErrors.push(`${message} ${JSON.stringify(fields)}`),
  };
  let store: Store;
  try {
    ({ store } = await openStore(config));
  } catch (error) {
    await pgDatabase?.drop();
    throw error;
  }
  const slowStatements = new Set<string>();
  const slowCount = { running: 0 };
  const server = await startServer(new SlowStatements(store, slowStatements, slowCount), config, logger);
  return {
    url: `http://127.0.0.1:${server.port}`,
    backend,
    store,
    loggedErrors,
    loggedInfo,
    slowStatements,
    slowRunning: () => slowCount.running,
    imports: server.services.imports,
    classifier: server.services.classifier,
    settleRollups: async () => (server.rollups ? server.rollups.settle() : true),
    async close(graceMs?: number) {
      await server.close(graceMs);
      await store.close();
      rmSync(dir, { recursive: true, force: true });
      await pgDatabase?.drop();
    },
  };
}

/**
 * Minutes of real work that only an interrupt ends early: on DuckDB 10^10 rows of a cross join,
 * on PostgreSQL a sleep (a cancel ends it as it ends any statement).
 */
const SLOW: Record<TestBackend, Sql> = {
  duckdb: sql`SELECT COUNT(*) AS n FROM range(100000) a, range(100000) b WHERE a.range + b.range < 0`,
  postgres: sql`SELECT pg_sleep(600) IS NULL AS n`,
};

/** The real store; statements named in `slow` first run SLOW with the same options (signal, timeout). */
class SlowStatements implements Store {
  readonly dialect: Store['dialect'];
  readonly spendVersion: Store['spendVersion'];
  readonly dataVersion: Store['dataVersion'];
  constructor(private readonly inner: Store, private readonly slow: Set<string>, private readonly count: { running: number }) {
    this.dialect = inner.dialect;
    this.spendVersion = inner.spendVersion;
    this.dataVersion = inner.dataVersion;
  }
  private async delay(options: QueryOptions): Promise<void> {
    if (!this.slow.has(options.name)) return;
    this.count.running++;
    try {
      await this.inner.query(SLOW[this.dialect], { ...options, name: `${options.name}.slow`, timeoutMs: 600_000 });
    } finally {
      this.count.running--;
    }
  }
  async query<T extends Row = Row>(q: Sql, options: QueryOptions): Promise<T[]> {
    await this.delay(options);
    return this.inner.query<T>(q, options);
  }
  async execute(q: Sql, options: QueryOptions): Promise<void> {
    await this.delay(options);
    return this.inner.execute(q, options);
  }
  async *stream(q: Sql, options: QueryOptions): AsyncGenerator<StreamChunk> {
    await this.delay(options);
    yield* this.inner.stream(q, options);
  }
  transaction<T>(fn: (tx: Store) => Promise<T>, options?: { signal?: AbortSignal }): Promise<T> {
    // Statements inside a transaction (a lines export reads in one) can be slowed by name too.
    return this.inner.transaction((tx) => fn(new SlowStatements(tx, this.slow, this.count)), options);
  }
  loadCsv(table: BulkTable, columns: readonly string[], filePath: string): Promise<void> {
    return this.inner.loadCsv(table, columns, filePath);
  }
  statementStats(): StatementStats {
    return this.inner.statementStats();
  }
  checkpoint(): Promise<void> {
    return this.inner.checkpoint();
  }
  interrupt(): void {
    this.inner.interrupt();
  }
  close(options?: { graceMs?: number }): Promise<void> {
    return this.inner.close(options);
  }
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadConfig } from '../src/config.js';
import type { Logger } from '../src/app.js';
import { openStore, startServer } from '../src/server.js';
import type { Store } from '../src/store/store.js';
import type { ImportRuntime } from '../src/modules/imports/imports.service.js';

export interface TestServer {
  url: string;
  dbPath: string;
  /** The same store the server uses, for tests to read raw rows and compute expectations independently. */
  store: Store;
  /** Errors the server logged, for tests that must prove nothing internal leaked or broke. */
  loggedErrors: string[];
  /** The server's import runtime, for tests that inject a failure into a commit. */
  imports: ImportRuntime;
  close(): Promise<void>;
}

/**
 * A real server over HTTP on a random port, backed by a fresh temporary DuckDB file seeded with
 * the deterministic demo data (small by default), serving the built console when present.
 */
export async function startTestServer(
  options: { lines?: number; asOf?: string; importMaxMb?: number; /** Further environment, e.g. another reporting currency. */ env?: Record<string, string> } = {},
): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'spendscope-test-'));
  const dbPath = join(dir, 'test.duckdb');
  const config = loadConfig({
    SPENDSCOPE_DB: dbPath,
    SPENDSCOPE_DEMO_LINES: String(options.lines ?? 20_000),
    SPENDSCOPE_AS_OF: options.asOf ?? '2026-11-21',
    SPENDSCOPE_CLIENT_DIST: resolve(import.meta.dirname, '../../client/dist'),
    SPENDSCOPE_IMPORT_MAX_MB: String(options.importMaxMb ?? 200),
    PORT: '0',
    HOST: '127.0.0.1',
    ...options.env,
  });
  const loggedErrors: string[] = [];
  const logger: Logger = { info: () => {}, error: (message, fields) => loggedErrors.push(`${message} ${JSON.stringify(fields)}`) };
  const { store } = await openStore(config);
  const server = await startServer(store, config, logger);
  return {
    url: `http://127.0.0.1:${server.port}`,
    dbPath,
    store,
    loggedErrors,
    imports: server.services.imports,
    async close() {
      await server.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

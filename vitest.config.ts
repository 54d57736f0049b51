import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

// Apollo Server loads graphql's CommonJS build; vite would give our code the ESM build, and two
// copies of graphql refuse each other's schemas. Point both at the same file.
const graphqlCjs = createRequire(import.meta.url).resolve('graphql');

/**
 * Integration tests about one engine, whatever SPENDSCOPE_TEST_BACKEND says: the DuckDB file's
 * crashes, and PostgreSQL's own store, the move into it, and several processes on one database.
 */
const ENGINE_FILES = {
  duckdb: ['server/test/durability.test.ts'],
  postgres: ['server/test/postgres-store.test.ts', 'server/test/move-to-postgres.test.ts', 'server/test/multi-process.test.ts', 'server/test/scale-local.test.ts'],
};

// Three tiers (docs/architecture.md, tests): unit tests next to the code, integration tests over real HTTP
// against a seeded DuckDB file, browser tests in real Chromium against the built console.
export default defineConfig({
  resolve: { alias: [{ find: /^graphql$/, replacement: graphqlCjs }] },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['server/src/**/*.test.ts', 'client/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['server/test/**/*.test.ts'],
          // Seeded databases test servers copy instead of seeding each their own (harness.ts).
          globalSetup: ['server/test/global-setup.ts'],
          // Files about one engine run in that engine's run of the suite only (docs/postgres.md, "Tests").
          // SPENDSCOPE_TEST_EXCLUDE (comma-separated paths) leaves out files that `npm test` runs in a job of their own (scripts/test.sh).
          exclude: [
            ...ENGINE_FILES[process.env.SPENDSCOPE_TEST_BACKEND === 'postgres' ? 'duckdb' : 'postgres'],
            ...(process.env.SPENDSCOPE_TEST_EXCLUDE?.split(',').filter(Boolean) ?? []),
          ],
          testTimeout: 60_000,
          // A test server's seed takes about 1.5 s; in CI it once stalled past 120 s while the
          // PostgreSQL run beside it loaded a million lines (docs/architecture.md, "Tests").
          hookTimeout: 300_000,
          fileParallelism: false,
          // One module graph for the whole run, not one per file: importing the server anew took
          // about a second per file, 90 s of each run (docs/architecture.md, "Tests"). No test
          // mocks a module or changes the environment; each file starts servers of its own.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['client/e2e/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          // What the console shows after the server's work (activating a contract matches its spend:
          // 1.9 s once in CI) is polled for up to 10 s, not vitest's 1 s; a poll ends when it matches.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 90_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          isolate: false,
        },
      },
    ],
  },
});

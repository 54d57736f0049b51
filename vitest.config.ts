import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

// Apollo Server loads graphql's CommonJS build; vite would give our code the ESM build, and two
// copies of graphql refuse each other's schemas. Point both at the same file.
const graphqlCjs = createRequire(import.meta.url).resolve('graphql');

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
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['client/e2e/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

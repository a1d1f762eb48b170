import { defineConfig } from 'vitest/config';

// Unit and API tests. API tests get a real PostgreSQL from the global setup (embedded, or
// DATABASE_URL); each test file migrates its own fresh database (apps/server/src/test/).
//
// Speed on a 2-core machine: vitest's default is one worker less than the cores (one worker
// here), but an API test mostly waits on PostgreSQL, so two workers overlap that wait. API test
// files share their worker's loaded modules (isolate: false): each file builds its own app,
// platform and database, so nothing of a file's state reaches the next, and the server's modules
// are loaded once a worker instead of once a file (that import was the largest part of the run).
// Unit tests of the web app and the contract stay isolated (module mocks, browser-like globals).
export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', 'e2e/**'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default', './scripts/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: ['apps/server/**/*.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/**/*.test.ts', 'apps/web/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});

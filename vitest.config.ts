import { defineConfig } from 'vitest/config';

// Unit and API tests. API tests get a real PostgreSQL from the global setup (embedded, or
// DATABASE_URL); each test file migrates its own fresh database (apps/server/src/test/).
export default defineConfig({
  test: {
    include: ['packages/**/*.test.ts', 'apps/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'e2e/**'],
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
});

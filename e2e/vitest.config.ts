import { defineConfig } from 'vitest/config';

// Browser tests: the started app (scripts/start.mjs, as `npm start` runs it) in a real Chromium.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['tests/**/*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // expect.poll waits 1 s by default: on a busy 2-core CI machine (the server loading the
    // sanitiser's DOM while Chromium renders) a page can take longer to show what it will show.
    expect: { poll: { timeout: 10_000 } },
    // In CI a browser test that fails is run once more before it counts as failed: the CI
    // machine has 2 cores for Chromium, the portal and PostgreSQL, and a rare slow moment
    // (seconds) is not a defect. A test that fails twice fails the run; a retried pass shows in
    // the log.
    retry: process.env.CI === 'true' ? 1 : 0,
    fileParallelism: false,
    reporters: ['default', '../scripts/summary-reporter.ts'],
  },
});

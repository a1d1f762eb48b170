import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './workers.ts';

// Browser tests: the started app (scripts/start.mjs, as `npm start` runs it) in a real Chromium.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['tests/**/*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    // A flow of a dozen pages takes 20 to 40 s on this 2-core machine and has taken 60 s when the
    // machine ran 2.5 times slower (a CI run of session 39, every step alike): the time-out is for
    // a test that hangs, not a speed target (waits inside a test fail in 30 s naming their
    // locator, browser.ts). Speed is the bench's business (decision 006).
    testTimeout: 150_000,
    hookTimeout: 180_000,
    // expect.poll waits 1 s by default: on a busy 2-core CI machine (the server loading the
    // sanitiser's DOM while Chromium renders) a page can take longer to show what it will show.
    // Each try of a poll is a round trip to the browser and a query of the page: every 200 ms
    // rather than every 50 ms, a quarter of the work the browser and the runner do while waiting.
    expect: { poll: { timeout: 20_000, interval: 200 } },
    // No retry: a browser test that fails once fails the run. Tests wait for conditions (a
    // text, a URL, an answer), never for a time (decision 006).
    // With E2E_WORKERS=2 files run side by side, each worker against its own portal (global-setup.ts, portal.ts).
    fileParallelism: E2E_WORKERS > 1,
    // Files share their worker's loaded modules (as the API tests do): the helpers, drizzle's
    // schema and playwright-core are imported once per worker rather than once per file (about
    // 1.7 s a file). Each file still opens its own browser; state the helpers keep across files
    // (the accessibility checks already made, the learner counter) is meant to last the run.
    isolate: false,
    maxWorkers: E2E_WORKERS,
    reporters: ['default', '../scripts/summary-reporter.ts'],
  },
});

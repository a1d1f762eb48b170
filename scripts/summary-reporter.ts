import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** Appends this run's counts for scripts/test.mjs's closing line. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
      if (mod.state() === 'failed' && [...mod.children.allTests()].length === 0) failed += 1;
    }
    const dir = path.resolve('node_modules/.cache');
    mkdirSync(dir, { recursive: true });
    appendFileSync(path.join(dir, 'portal-test-summary.jsonl'), JSON.stringify({ passed, failed, skipped }) + '\n');
  }
}

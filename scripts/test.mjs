// `npm test`: typecheck, lint, unit and API tests, build, browser tests; then one closing line
// "N passed, N failed, N skipped" over all test runs (the vitest runs write their counts).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const summary = path.join(root, 'node_modules/.cache/portal-test-summary.jsonl');
rmSync(summary, { force: true });

const steps = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['unit and API tests', ['run', 'test:unit']],
  ['browser tests', ['run', 'test:e2e']],
];
let failedStep;
for (const [name, args] of steps) {
  process.stdout.write(`\n=== ${name} ===\n`);
  const r = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    failedStep = name;
    break;
  }
}
let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(summary)) {
  for (const line of readFileSync(summary, 'utf8').split('\n').filter(Boolean)) {
    const c = JSON.parse(line);
    passed += c.passed;
    failed += c.failed;
    skipped += c.skipped;
  }
}
if (failedStep) process.stdout.write(`\nThe step "${failedStep}" failed.\n`);
process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
process.exit(failedStep || failed > 0 ? 1 : 0);

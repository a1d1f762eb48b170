// `npm test`: typecheck, lint, the web build, the unit and API tests and the browser tests (on that
// build), each started once the steps it waits for have passed and run side by side with whatever
// else runs (STEPS below); then each step's time and one closing line "N passed, N failed, N
// skipped" over all test runs (the vitest runs write their counts). Decision 006 has the budget.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const summary = path.join(root, 'node_modules/.cache/portal-test-summary.jsonl');
rmSync(summary, { force: true });

/**
 * A step's npm script. `quiet`: its output is kept and printed when it ends (two steps that run
 * side by side do not interleave their lines); otherwise it goes straight to the terminal.
 */
function run(name, args, { quiet = false } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', args, { cwd: root, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      if (quiet) process.stdout.write(`\n=== ${name} (${seconds} s) ===\n${output}`);
      resolve({ name, ok: code === 0, seconds });
    });
  });
}

// Each step starts once the steps it waits for have passed (a step whose wait failed is not run):
// typecheck then the web build on one core, lint then the unit and API tests on the other, and the
// browser tests (which use both cores) as soon as the typecheck, lint and the build have passed,
// beside the end of the unit and API tests. Those tests' last minute or so left a core idle (their
// slowest files one at a time), and the browser tests' start (two portals and their demo data)
// waited on them: decision 006 has the measurements.
const STEPS = [
  { name: 'typecheck', args: ['run', 'typecheck'], after: [] },
  { name: 'lint', args: ['run', 'lint'], after: [] },
  { name: 'web build', args: ['run', 'build'], after: ['typecheck'] },
  { name: 'unit and API tests', args: ['run', 'test:unit'], after: ['lint'] },
  { name: 'browser tests', args: ['run', 'test:e2e:built'], after: ['typecheck', 'lint', 'web build'], loud: true },
];
const done = new Map();
const times = [];
const started = new Map();
let failedStep;
await new Promise((finish) => {
  const next = () => {
    for (const step of STEPS) {
      if (started.has(step.name)) continue;
      if (step.after.some((n) => done.get(n) === false)) {
        // Not run: a step it waits for failed (and so the steps waiting for it are not run either).
        started.set(step.name, null);
        done.set(step.name, false);
        continue;
      }
      if (!step.after.every((n) => done.get(n) === true)) continue;
      const others = STEPS.filter((s) => started.has(s.name) && !done.has(s.name)).map((s) => s.name);
      process.stdout.write(`\n=== ${step.name}${others.length ? ` (beside ${others.join(', ')})` : ''} ===\n`);
      const running = run(step.name, step.args, { quiet: !step.loud });
      started.set(step.name, running);
      void running.then((r) => {
        times.push(r);
        done.set(step.name, r.ok);
        if (!r.ok) failedStep ??= r.name;
        next();
      });
    }
    if (STEPS.every((s) => done.has(s.name))) finish();
  };
  next();
});
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
process.stdout.write(`\nSteps: ${times.map((t) => `${t.name} ${t.seconds} s`).join(', ')}\n`);
if (failedStep) process.stdout.write(`\nThe step "${failedStep}" failed.\n`);
process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
process.exit(failedStep || failed > 0 ? 1 : 0);

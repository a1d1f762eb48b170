// `npm test`: typecheck, the web build, the format check and the unit tests side by side with
// eslint and then the API tests, then the browser tests (on that build); then each step's time
// and one closing line "N passed, N failed, N skipped" over all test runs (the vitest runs write
// their counts). Decision 006 has the budget of each step.
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

/** Steps one after the other, stopping at the first that fails. */
async function lane(steps) {
  const results = [];
  for (const [name, args, options] of steps) {
    const r = await run(name, args, options);
    results.push(r);
    if (!r.ok) break;
  }
  return results;
}

// Two lanes of about equal length, one core each: typecheck (tsc, one thread, about 60 s), the web
// build (about 70 s), the format check (prettier, about 25 s) and the web app's and contract's unit
// tests (about 20 s); eslint (about 55 s) then the API tests (about 130 s alone). With lint and
// all the vitest projects on the second lane (until session 38), the first lane was done a minute
// before it, and that minute ran on one core (decision 006). The browser tests use both cores
// themselves and come last, on that build.
const groups = [
  [
    [
      ['typecheck', ['run', 'typecheck'], { quiet: true }],
      ['web build', ['run', 'build'], { quiet: true }],
      ['format check', ['run', 'lint:format'], { quiet: true }],
      ['unit tests', ['run', 'test:unit:web'], { quiet: true }],
    ],
    [
      ['eslint', ['run', 'lint:code'], { quiet: true }],
      ['API tests', ['run', 'test:unit:api'], { quiet: true }],
    ],
  ],
  [[['browser tests', ['run', 'test:e2e:built']]]],
];
const times = [];
let failedStep;
for (const group of groups) {
  const names = group.flat().map(([name]) => name);
  if (names.length === 1) process.stdout.write(`\n=== ${names[0]} ===\n`);
  else process.stdout.write(`\n=== ${names.join(', ')} (side by side) ===\n`);
  const results = (await Promise.all(group.map((steps) => lane(steps)))).flat();
  times.push(...results);
  failedStep = results.find((r) => !r.ok)?.name;
  if (failedStep) break;
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
process.stdout.write(`\nSteps: ${times.map((t) => `${t.name} ${t.seconds} s`).join(', ')}\n`);
if (failedStep) process.stdout.write(`\nThe step "${failedStep}" failed.\n`);
process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
process.exit(failedStep || failed > 0 ? 1 : 0);

import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions, ElementContext } from 'axe-core';
import type { Page } from 'playwright-core';
import { inject, onTestFinished, TestRunner } from 'vitest';

/**
 * WCAG 2.2 AA in every browser test (issue 11, decision 025). `openBrowser` watches its page: after
 * every load of the page the page is checked with axe-core; `browserSession` checks the state the
 * page is in at the end of each test. A violation fails the test that was running (or, for a load
 * in `beforeAll`, the next test that ends, and at the latest closing the browser). Each page (and
 * each state a test names) is checked once in a run, at its first visit (`checkedBefore` below).
 *
 * After an in-page change the load does not see (a dialog or drawer opened, a tab switched, a
 * client-side navigation), a test checks again where the change is:
 *
 *     await page.getByRole('dialog').waitFor();
 *     await expectAccessible(page, 'change-phone dialog');
 */

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const AXE_VERSION = (require('axe-core/package.json') as { version: string }).version;

/** The rules of WCAG 2.0, 2.1 and 2.2 at levels A and AA, and nothing else (no best practices). */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Content we do not control, left out of the check. Each entry says why; our own pages and
 * components never go here (fix them instead).
 */
const THIRD_PARTY: ReadonlyArray<{ selector: string; reason: string }> = [];

export interface Violation {
  rule: string;
  help: string;
  url: string;
  when: string;
  nodes: Array<{ target: string; summary: string }>;
}

interface Watch {
  /** axe runs one check at a time in a page: each check waits for the one before. */
  queue: Promise<void>;
  pending: Set<Promise<void>>;
  found: Violation[];
  seen: Set<string>;
  tests: WeakSet<object>;
}

const watches = new WeakMap<Page, Watch>();

function watchOf(page: Page): Watch {
  let w = watches.get(page);
  if (!w) {
    w = { queue: Promise.resolve(), pending: new Set(), found: [], seen: new Set(), tests: new WeakSet() };
    watches.set(page, w);
  }
  return w;
}

/** The page's navigation was faster than the check: the page checked is gone, nothing to say. */
const isGone = (e: unknown) =>
  /Execution context was destroyed|Target page, context or browser has been closed|Target closed|navigat/i.test(
    String((e as Error)?.message ?? e),
  );

type AxeOutcome = Array<Omit<Violation, 'url' | 'when'>>;

/**
 * Runs axe in the page once it has no finite animation running (a dialog fading in). Null when the
 * page went on to another document between injecting axe and running it (two loads in a row): that
 * document's own load check covers it.
 */
async function runAxe(page: Page): Promise<AxeOutcome | null> {
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ tags, exclude }) => {
      for (let i = 0; i < 20; i++) {
        const running = document
          .getAnimations()
          .filter((a) => a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
        if (running.length === 0) break;
        await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
        await new Promise((r) => requestAnimationFrame(() => r(undefined)));
      }
      const axe = (window as unknown as { axe?: { run(c: ElementContext, o: RunOptions): Promise<AxeResults> } }).axe;
      // A new document loaded since axe was injected: its own load check covers it.
      if (!axe) return null;
      const result = await axe.run(
        { exclude: exclude.filter((s) => document.querySelector(s)).map((s) => [s]) },
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'], iframes: false },
      );
      return result.violations.map((v) => ({
        rule: v.id,
        help: v.help,
        nodes: v.nodes.map((n) => ({
          target: n.target.map(String).join(' >> '),
          summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
        })),
      }));
    },
    { tags: WCAG_AA_TAGS, exclude: THIRD_PARTY.map((t) => t.selector) },
  );
}

/**
 * What this run has checked already (issue 19 item 14): axe runs once per distinct page — its host
 * (the tenant, whose theme colours count), its path (the language is its `/en` segment) and, for a
 * check a test asks for, what it says the page shows — not on every visit. Checking every load took
 * about 0.3–0.5 s a load, and most loads are the same pages again. A page whose document (markup
 * and viewport) is one already checked on that site is not checked again either (`fingerprint`):
 * a test's end state where nothing changed since the load, the same page under another address.
 * The list is a file in the run's data folder (global-setup.ts), so it holds across test files,
 * whichever worker runs them.
 * `A11Y_EVERY_LOAD=1` checks every visit again (while working on accessibility).
 */
const EVERY_LOAD = process.env.A11Y_EVERY_LOAD === '1';

function checkedFile(): string | undefined {
  try {
    return inject('a11yChecked');
  } catch {
    return undefined; // not under the browser tests' global setup
  }
}

const checkedHere = new Set<string>();

function pageKey(url: string, when: string): string {
  const u = new URL(url);
  return when === 'after load' ? `${u.hostname}${u.pathname}` : `${u.hostname}${u.pathname} | ${when}`;
}

/** True when this page (and state) was checked before in the run; if not, it is noted as checked. */
function checkedBefore(key: string): boolean {
  if (EVERY_LOAD) return false;
  if (checkedHere.has(key)) return true;
  const file = checkedFile();
  if (file && existsSync(file) && readFileSync(file, 'utf8').split('\n').includes(key)) {
    checkedHere.add(key);
    return true;
  }
  return false;
}

function noteChecked(key: string): void {
  if (checkedHere.has(key)) return;
  checkedHere.add(key);
  const file = checkedFile();
  if (file) appendFileSync(file, `${key}\n`);
}

/**
 * What axe's outcome depends on, as a short text: the document's markup (a 32-bit hash and its
 * length) and the viewport's size (layout: target sizes, what overlaps). The site's theme is the
 * host, which the caller adds.
 */
function fingerprint(page: Page): Promise<string> {
  return page.evaluate(() => {
    const html = document.documentElement.outerHTML;
    let h = 0;
    for (let i = 0; i < html.length; i++) h = (Math.imul(31, h) + html.charCodeAt(i)) | 0;
    return `#${html.length}:${(h >>> 0).toString(36)} ${window.innerWidth}x${window.innerHeight}`;
  });
}

/**
 * One check of the page as it is now. A violation seen while the page was changing (an animation
 * began during the run) is measured once more after the page settled, and only what the settled
 * page shows counts.
 */
function check(page: Page, when: string): Promise<void> {
  const w = watchOf(page);
  const run = w.queue.then(() => checkNow(page, when, w));
  w.queue = run.catch(() => undefined);
  return run;
}

async function checkNow(page: Page, when: string, w: Watch): Promise<void> {
  const url = page.url();
  if (page.isClosed() || !/^https?:/.test(url)) return;
  const key = pageKey(url, when);
  if (checkedBefore(key)) return;
  try {
    // The same document on the same site at the same size was checked already (a test's end state
    // where its load was, a search for another word with the same results): axe would find the same.
    const same = `${new URL(url).hostname} ${await fingerprint(page)}`;
    if (checkedBefore(same)) {
      noteChecked(key);
      return;
    }
    let outcome = await runAxe(page);
    if (outcome && outcome.length > 0) outcome = await runAxe(page);
    if (outcome === null) return; // the page went on to another document: not checked
    // Checked (a page that went away during the check was not: the next visit checks it).
    noteChecked(key);
    noteChecked(same);
    for (const v of outcome) {
      const key = `${url} ${v.rule} ${v.nodes.map((n) => n.target).join(',')}`;
      if (w.seen.has(key)) continue;
      w.seen.add(key);
      w.found.push({ ...v, url, when });
    }
  } catch (e) {
    if (page.isClosed() || isGone(e)) return;
    throw e;
  }
}

function describe(found: Violation[]): string {
  const lines = [`WCAG 2.2 AA (axe-core ${AXE_VERSION}, tags ${WCAG_AA_TAGS.join(' ')}): ${found.length} violation(s)`];
  for (const v of found) {
    lines.push(`- ${v.rule}: ${v.help}`, `  on ${v.url} (${v.when})`);
    for (const n of v.nodes) lines.push(`    ${n.target}`, `      ${n.summary}`);
  }
  return lines.join('\n');
}

/** Waits for the page's running checks and throws what they found (each violation once). */
export async function settleAccessibility(page: Page): Promise<void> {
  const w = watchOf(page);
  while (w.pending.size > 0) await Promise.all([...w.pending]);
  const found = w.found.splice(0);
  if (found.length > 0) throw new Error(describe(found));
}

/**
 * Checks the page as it is now (after an in-page change such as a dialog opening) and fails on
 * any violation, together with what the page's load checks found so far.
 */
export async function expectAccessible(page: Page, when = 'checked by the test'): Promise<void> {
  if (!page.isClosed()) await check(page, when);
  await settleAccessibility(page);
}

/**
 * Checks the page after each load of its main frame. The test running at the load fails at its end
 * if the check finds a violation.
 */
export function watchAccessibility(page: Page): void {
  const w = watchOf(page);
  page.on('load', () => {
    const running = check(page, 'after load').catch((e: unknown) => {
      w.found.push({ rule: 'axe-error', help: String(e), url: page.url(), when: 'after load', nodes: [] });
    });
    w.pending.add(running);
    void running.finally(() => w.pending.delete(running));
    const test = TestRunner.getCurrentTest();
    if (test && !w.tests.has(test)) {
      w.tests.add(test);
      onTestFinished(() => settleAccessibility(page));
    }
  });
}

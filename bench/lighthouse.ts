// Lighthouse (desktop preset) on /home of the started portal, in Debian's Chromium.
// Targets: performance ≥ 95, accessibility 100. Prints the scores and the failing audits.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { startPortal } from './lib.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/test-support.ts';

const portal = await startPortal();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: CHROMIUM_FLAGS,
});
try {
  for (const path of ['/home', '/en/home']) {
    const result = await lighthouse(
      `http://localhost:${portal.port}${path}`,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
      desktopConfig,
    );
    if (!result) throw new Error('Lighthouse gave no result');
    const { categories, audits } = result.lhr;
    console.log(
      `${path}: performance ${Math.round((categories.performance?.score ?? 0) * 100)}, accessibility ${Math.round((categories.accessibility?.score ?? 0) * 100)}` +
        ` (FCP ${audits['first-contentful-paint']?.displayValue}, LCP ${audits['largest-contentful-paint']?.displayValue}, TBT ${audits['total-blocking-time']?.displayValue}, CLS ${audits['cumulative-layout-shift']?.displayValue})`,
    );
    for (const ref of categories.accessibility?.auditRefs ?? []) {
      const a = audits[ref.id];
      if (a && a.score !== null && a.score < 1 && ref.weight > 0) console.log(`  accessibility: ${a.id}: ${a.title}`);
    }
  }
} finally {
  await chrome.kill();
  await portal.stop();
}

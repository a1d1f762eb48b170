/**
 * Browser-test files run at once, each against a portal of its own (global-setup.ts): two by
 * default (the browser step about 7 minutes instead of 10 on this machine). E2E_WORKERS=1 runs one
 * at a time. Chromium asks for reduced motion (browser.ts, decision 044): no click lands on a list or
 * dialog that is still animating, which lost clicks when two files shared the two cores.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? '2') || 1);

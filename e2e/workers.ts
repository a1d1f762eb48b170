/**
 * Browser-test files run at once, each against a portal of its own (global-setup.ts): one by
 * default. E2E_WORKERS=2 runs two at a time (the browser step about 7 minutes instead of 10 on
 * this machine), but on two cores it still loses clicks in lists and dialogs that are animating:
 * three of five fresh-clone runs lost one or two such clicks (decision 006, session 32).
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? '1') || 1);

/**
 * Browser-test files run at once (each against a portal of its own, global-setup.ts): two by
 * default, the machine's two cores (decision 006); E2E_WORKERS=1 runs them one at a time.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? '2') || 1);

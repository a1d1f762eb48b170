import { inject } from 'vitest';

/** One portal of the run: its HTTP port, its embedded database and its private storage folder. */
export interface PortalInfo {
  port: number;
  databaseUrl: string;
  uploadDir: string;
}

/**
 * The portal this test file runs against. The run starts one portal per worker (global-setup.ts)
 * and vitest numbers its workers 1…maxWorkers (VITEST_POOL_ID; two files running at once never
 * share a number), so files that run side by side never see each other's changes to a site.
 */
export function portal(): PortalInfo {
  const portals = inject('portals');
  const id = Number(process.env.VITEST_POOL_ID ?? '1');
  return portals[(id - 1) % portals.length]!;
}

import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Platform } from './platform.ts';

/** How long /readyz waits for the database's answer before it says the portal is not ready. */
export const READY_TIMEOUT_MS = 2_000;

/**
 * Health checks for a load balancer or supervisor (decision 024), outside the gateway (no rate
 * limit, no envelope):
 * - `/healthz`, liveness: the process serves requests (200). It never asks the database, so a
 *   database that is down or restarting does not get a healthy process killed.
 * - `/readyz`, readiness: the database answers `SELECT 1` within READY_TIMEOUT_MS (200), else 503,
 *   so the balancer sends no traffic while the database is frozen, gone or being restarted. One
 *   check runs at a time; requests meanwhile share its answer.
 */
export function registerHealth(app: FastifyInstance, platform: Platform): void {
  let inFlight: Promise<boolean> | null = null;
  const databaseAnswers = (): Promise<boolean> =>
    (inFlight ??= new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
      platform.database.pool
        // A per-query read timeout (pg's query_timeout): a connection that never answers is dropped.
        .query({ text: 'SELECT 1', query_timeout: READY_TIMEOUT_MS } as pg.QueryConfig)
        .then(
          () => resolve(true),
          () => resolve(false),
        )
        .finally(() => clearTimeout(timer));
    }).finally(() => (inFlight = null)));

  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn' }, async (_req, reply) => {
    if (await databaseAnswers()) return { status: 'ready' };
    return reply.status(503).header('retry-after', '5').send({ status: 'database unavailable' });
  });
}

import type { FastifyInstance } from 'fastify';
import { rankCalls, rankKinds } from '@portal/contract';
import { registerCall, type GatewayDeps } from '../../platform/gateway.ts';
import type { RankingService } from './ranking.service.ts';

/** The six ranking calls: a board page and one's own rank for each of the three boards. */
export function registerRankingRoutes(app: FastifyInstance, deps: GatewayDeps, ranking: RankingService): void {
  for (const kind of rankKinds) {
    registerCall(app, deps, rankCalls[kind].page, (q, ctx) =>
      ranking.page(ctx.session!, kind, q.pageCurrent, q.pageSize),
    );
    registerCall(app, deps, rankCalls[kind].current, (_q, ctx) => ranking.current(ctx.session!, kind));
  }
}

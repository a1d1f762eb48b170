import type { FastifyInstance } from 'fastify';
import { findRegions } from '@portal/contract';
import { memoJson, registerCall, type GatewayDeps } from '../../platform/gateway.ts';
import { getRegionTree, type RegionDepth } from './region.service.ts';

/** National administrative division trees, built once from the npm data packages. */
export function registerRegionRoutes(app: FastifyInstance, deps: GatewayDeps): void {
  registerCall(app, deps, findRegions, (q) => memoJson(getRegionTree(q.kind, q.depth as RegionDepth)), {
    compress: true,
  });
}

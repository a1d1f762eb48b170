import type { FastifyInstance } from 'fastify';
import { findTags } from '@portal/contract';
import { registerCall, type GatewayDeps } from '../../platform/gateway.ts';
import type { TagService } from './tag.service.ts';

/** The learner tags of the signed-in session's enterprise. */
export function registerTagRoutes(app: FastifyInstance, deps: GatewayDeps, tags: TagService): void {
  registerCall(app, deps, findTags, async (q, ctx) =>
    tags.findTags({ eid: await ctx.eid(), lang: ctx.lang, tagName: q.tagName }),
  );
}

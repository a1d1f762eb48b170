import type { FastifyInstance } from 'fastify';
import { findTopicBanners, findTopicCourses, findTopics } from '@portal/contract';
import { registerCall, type GatewayDeps } from '../../platform/gateway.ts';
import { requestLang } from '../../platform/request-context.ts';
import type { TopicService } from './topic.service.ts';

/** The topic calls of account-area.md section 7 (signed-in learners, their enterprise's topics). */
export function registerTopicRoutes(app: FastifyInstance, deps: GatewayDeps, topics: TopicService): void {
  registerCall(app, deps, findTopics, (_q, ctx) => topics.list(ctx.session!.eid, requestLang(ctx.req)));
  registerCall(app, deps, findTopicBanners, (q, ctx) => topics.banners(ctx.session!.eid, q.topicId));
  registerCall(app, deps, findTopicCourses, (q, ctx) => topics.findCourses(ctx.session!.eid, q));
}

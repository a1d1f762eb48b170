import type { FastifyInstance } from 'fastify';
import { topicBannerList, topicCoursePage, topicList } from '@portal/contract';
import { registerCall, type GatewayDeps } from '../../platform/gateway.ts';
import { requestLang } from '../../platform/request-context.ts';
import type { TopicService } from './topic.service.ts';

/** The topic calls of account-area.md section 7 (signed-in learners, their enterprise's topics). */
export function registerTopicRoutes(app: FastifyInstance, deps: GatewayDeps, topics: TopicService): void {
  registerCall(app, deps, topicList, (_q, ctx) => topics.list(ctx.session!.eid, requestLang(ctx.req)));
  registerCall(app, deps, topicBannerList, (q, ctx) => topics.banners(ctx.session!.eid, q.topicId));
  registerCall(app, deps, topicCoursePage, (q, ctx) => topics.coursePage(ctx.session!.eid, q));
}

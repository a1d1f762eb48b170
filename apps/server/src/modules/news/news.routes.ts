import type { FastifyInstance } from 'fastify';
import { findNewsCategories, findNews, viewNews } from '@portal/contract';
import { registerCall, type GatewayDeps } from '../../platform/gateway.ts';
import { requestLang } from '../../platform/request-context.ts';
import type { NewsService } from './news.service.ts';

/** The public news calls (visitors read news where visitor mode allows the pages). */
export function registerNewsRoutes(app: FastifyInstance, deps: GatewayDeps, news: NewsService): void {
  registerCall(app, deps, findNewsCategories, async (_q, ctx) => news.categories(await ctx.eid(), requestLang(ctx.req)));
  registerCall(app, deps, findNews, async (q, ctx) => news.page(await ctx.eid(), q, requestLang(ctx.req)));
  registerCall(app, deps, viewNews, async (q, ctx) => news.view(await ctx.eid(), q.id, requestLang(ctx.req)));
}

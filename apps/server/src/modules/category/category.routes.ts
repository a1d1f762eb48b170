import type { FastifyInstance } from 'fastify';
import { findCategories } from '@portal/contract';
import { registerCall, type GatewayDeps } from '../../platform/gateway.ts';
import type { CategoryService } from './category.service.ts';

/** The site's categories by categoryType (public). */
export function registerCategoryRoutes(app: FastifyInstance, deps: GatewayDeps, categories: CategoryService): void {
  registerCall(app, deps, findCategories, async (q, ctx) =>
    categories.findCategories({ eid: await ctx.eid(), categoryType: q.categoryType, lang: ctx.lang }),
  );
}

import type { FastifyInstance } from 'fastify';
import * as calls from '@portal/contract';
import { memoJson, registerCall, type GatewayDeps } from '../../platform/gateway.ts';
import type { SiteService } from './site.service.ts';

/** Public site calls read on every page: visitors' answers are cached whole (gateway.ts). */
const VISITORS = { cacheForVisitors: true } as const;

/** The site calls of platform.md section 7: thin handlers over the site service. */
export function registerSiteRoutes(app: FastifyInstance, deps: GatewayDeps, site: SiteService): void {
  registerCall(
    app,
    deps,
    calls.viewWebsite,
    async (_q, ctx) => memoJson(await site.getWebsite(await ctx.eid())),
    VISITORS,
  );
  registerCall(app, deps, calls.viewWebsiteAuth, async (_q, ctx) => memoJson(await site.getWebsite(await ctx.eid())));
  registerCall(app, deps, calls.viewCorrectDomain, (q) => site.getCorrectDomain(q.eid));
  registerCall(app, deps, calls.viewAgreement, async (q, ctx) => site.getAgreement(await ctx.eid(), q.type));
  registerCall(app, deps, calls.viewBusinessIntro, async (_q, ctx) => site.getBusinessIntro(await ctx.eid()));
  registerCall(app, deps, calls.findNavItems, async (_q, ctx) => memoJson(await site.getNav(await ctx.eid())), VISITORS);
  registerCall(
    app,
    deps,
    calls.findZones,
    async (_q, ctx) => memoJson(await site.listZones(await ctx.eid())),
    VISITORS,
  );
  registerCall(app, deps, calls.viewZoneLogo, async (_q, ctx) => {
    const w = await site.getWebsite(await ctx.eid());
    return { logoUrl: w.userEntLogo, entName: w.entName };
  });
  registerCall(
    app,
    deps,
    calls.findBanners,
    async (_q, ctx) => memoJson(await site.listBanners(await ctx.eid(), false)),
    VISITORS,
  );
  registerCall(app, deps, calls.findBannersAuth, async (_q, ctx) =>
    memoJson(await site.listBanners(await ctx.eid(), true)),
  );
  registerCall(
    app,
    deps,
    calls.findSysLinks,
    async (_q, ctx) => memoJson(await site.listLinks(await ctx.eid())),
    VISITORS,
  );
  registerCall(app, deps, calls.viewLatestAndroid, async (_q, ctx) => site.getLatestAndroid(await ctx.eid()));
}

import * as calls from '@portal/contract';
import { memoJson } from '../../platform/gateway.ts';
import { defineModule } from '../../platform/module.ts';
import { SITE_TABLES } from './site.service.ts';
import { registerSiteAdmin } from './site-admin.routes.ts';

/** Public site calls read on every page: visitors' answers are cached whole (gateway.ts). */
const VISITORS = { cacheForVisitors: true } as const;

/**
 * The site calls of platform.md section 7: thin handlers over the site service, which the platform
 * builds (the gateway and the page renderer read the same cached settings).
 */
export default defineModule({
  name: 'site',
  register(gateway, platform) {
    const { site } = platform;
    // Every process forgets an enterprise's cached site when the database announces a change of
    // its rows (migration 0040), whoever made it: the back office, another process, a SQL prompt.
    void platform.database.changes.subscribe({
      change: (c) => {
        if (SITE_TABLES.has(c.table)) site.forget(c.eid);
      },
      gap: () => site.forget(),
    });
    registerSiteAdmin(gateway, platform);
    gateway.call(calls.viewWebsite, async (_q, ctx) => memoJson(await site.viewWebsite(await ctx.eid())), VISITORS);
    gateway.call(calls.viewWebsiteAuth, async (_q, ctx) => memoJson(await site.viewWebsite(ctx.eid)));
    gateway.call(calls.viewCorrectDomain, (q) => site.viewCorrectDomain(q.eid));
    gateway.call(calls.viewAgreement, async (q, ctx) => site.viewAgreement(await ctx.eid(), q.type));
    gateway.call(calls.viewBusinessIntro, async (_q, ctx) => site.viewBusinessIntro(await ctx.eid()));
    gateway.call(calls.findNavItems, async (_q, ctx) => memoJson(await site.findNavItems(await ctx.eid())), VISITORS);
    gateway.call(calls.findZones, async (_q, ctx) => memoJson(await site.findZones(await ctx.eid())), VISITORS);
    gateway.call(calls.viewZoneLogo, async (_q, ctx) => {
      const w = await site.viewWebsite(ctx.eid);
      return { logoUrl: w.userEntLogo, entName: w.entName };
    });
    gateway.call(
      calls.findBanners,
      async (_q, ctx) => memoJson(await site.findBanners(await ctx.eid(), false)),
      VISITORS,
    );
    gateway.call(calls.findBannersAuth, async (_q, ctx) => memoJson(await site.findBanners(ctx.eid, true)));
    gateway.call(calls.findSysLinks, async (_q, ctx) => memoJson(await site.findSysLinks(await ctx.eid())), VISITORS);
    gateway.call(calls.viewLatestAndroid, async (_q, ctx) => site.viewLatestAndroid(await ctx.eid()));
  },
});

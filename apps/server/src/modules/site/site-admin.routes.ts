import * as calls from '@portal/contract';
import type { Gateway } from '../../platform/gateway.ts';
import type { Platform } from '../../platform/platform.ts';
import { SiteAdminRepository } from './site-admin.repository.ts';
import { SiteAdminService } from './site-admin.service.ts';

/**
 * The back office's site calls (issue 21 item 4, decision 042): zones, banners, friendly links,
 * navigation, the site texts and the settings. Admin calls (decision 036): the gateway settled the
 * caller; each write is audited in its transaction and clears the site's caches.
 */
export function registerSiteAdmin(gateway: Gateway, platform: Platform): void {
  const s = new SiteAdminService(new SiteAdminRepository(platform.db), platform.site);
  gateway.call(calls.findZonesAdmin, (_q, ctx) => s.findZones(ctx.eid));
  gateway.call(calls.saveZone, (q, ctx) => s.saveZone(ctx, q));
  gateway.call(calls.deleteZone, (q, ctx) => s.deleteZone(ctx, q.id));
  gateway.call(calls.sortZones, (q, ctx) => s.sortZones(ctx, q.ids));
  gateway.call(calls.findBannersAdmin, (_q, ctx) => s.findBanners(ctx.eid));
  gateway.call(calls.saveBanner, (q, ctx) => s.saveBanner(ctx, q));
  gateway.call(calls.deleteBanner, (q, ctx) => s.deleteBanner(ctx, q.id));
  gateway.call(calls.sortBanners, (q, ctx) => s.sortBanners(ctx, q.ids));
  gateway.call(calls.findSysLinksAdmin, (_q, ctx) => s.findSysLinks(ctx.eid));
  gateway.call(calls.saveSysLink, (q, ctx) => s.saveSysLink(ctx, q));
  gateway.call(calls.deleteSysLink, (q, ctx) => s.deleteSysLink(ctx, q.id));
  gateway.call(calls.sortSysLinks, (q, ctx) => s.sortSysLinks(ctx, q.ids));
  gateway.call(calls.findNavItemsAdmin, (_q, ctx) => s.findNavItems(ctx.eid));
  gateway.call(calls.saveNavItem, (q, ctx) => s.saveNavItem(ctx, q));
  gateway.call(calls.deleteNavItem, (q, ctx) => s.deleteNavItem(ctx, q.id));
  gateway.call(calls.sortNavItems, (q, ctx) => s.sortNavItems(ctx, q.ids));
  gateway.call(calls.findSiteTexts, (_q, ctx) => s.findSiteTexts(ctx.eid));
  gateway.call(calls.saveSiteText, (q, ctx) => s.saveSiteText(ctx, q));
  gateway.call(calls.viewSiteSettings, (_q, ctx) => s.viewSiteSettings(ctx.eid));
  gateway.call(calls.saveSiteSettings, (q, ctx) => s.saveSiteSettings(ctx, q));
}

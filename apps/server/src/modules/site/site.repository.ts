import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { schema, withTenant, type Db } from '@portal/db';

/**
 * SQL of the site calls. Every query is filtered by the tenant's eid and runs as that enterprise's
 * work (`withTenant`): the site service answers for any enterprise whose site is asked for (the
 * gateway's visitor-mode check, page renders), whatever the request's own scope is.
 */
export class SiteRepository {
  constructor(private readonly db: Db) {}

  private as<T>(eid: number, query: () => PromiseLike<T>): Promise<T> {
    return withTenant(eid, async () => await query());
  }

  async viewWebsite(eid: number) {
    const rows = await this.as(eid, () =>
      this.db
        .select({ settings: schema.websiteSettings, enterprise: schema.enterprises })
        .from(schema.websiteSettings)
        .innerJoin(schema.enterprises, eq(schema.enterprises.eid, schema.websiteSettings.eid))
        .where(eq(schema.websiteSettings.eid, eid))
        .limit(1),
    );
    return rows[0] ?? null;
  }

  viewCorrectDomain(eid: number) {
    return this.as(eid, () =>
      this.db
        .select({ eid: schema.enterprises.eid, domain: schema.enterprises.correctDomain })
        .from(schema.enterprises)
        .where(and(eq(schema.enterprises.eid, eid), eq(schema.enterprises.status, 1)))
        .limit(1)
        .then((r) => r[0] ?? null),
    );
  }

  findNavItems(eid: number) {
    return this.as(eid, () =>
      this.db
        .select()
        .from(schema.navItems)
        .where(and(eq(schema.navItems.eid, eid), eq(schema.navItems.enabled, true)))
        .orderBy(asc(schema.navItems.sort), asc(schema.navItems.id)),
    );
  }

  findZones(eid: number) {
    return this.as(eid, () =>
      this.db
        .select()
        .from(schema.zones)
        .where(and(eq(schema.zones.eid, eid), eq(schema.zones.enabled, true)))
        .orderBy(asc(schema.zones.sort), asc(schema.zones.id)),
    );
  }

  findBanners(eid: number, audiences: string[]) {
    return this.as(eid, () =>
      this.db
        .select()
        .from(schema.banners)
        .where(
          and(
            eq(schema.banners.eid, eid),
            eq(schema.banners.enabled, true),
            inArray(schema.banners.audience, audiences),
          ),
        )
        .orderBy(asc(schema.banners.sort), asc(schema.banners.id)),
    );
  }

  findSysLinks(eid: number) {
    return this.as(eid, () =>
      this.db
        .select()
        .from(schema.sysLinks)
        .where(eq(schema.sysLinks.eid, eid))
        .orderBy(asc(schema.sysLinks.sort), asc(schema.sysLinks.id)),
    );
  }

  viewAgreement(eid: number, type: string) {
    return this.as(eid, () =>
      this.db
        .select()
        .from(schema.agreements)
        .where(and(eq(schema.agreements.eid, eid), eq(schema.agreements.type, type)))
        .limit(1)
        .then((r) => r[0] ?? null),
    );
  }

  viewLatestAndroid(eid: number, platform: string, channel: string) {
    return this.as(eid, () =>
      this.db
        .select()
        .from(schema.appVersions)
        .where(
          and(
            eq(schema.appVersions.eid, eid),
            eq(schema.appVersions.platform, platform),
            eq(schema.appVersions.channel, channel),
          ),
        )
        .orderBy(desc(schema.appVersions.versionCode))
        .limit(1)
        .then((r) => r[0] ?? null),
    );
  }
}

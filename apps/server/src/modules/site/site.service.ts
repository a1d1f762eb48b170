import type { z } from 'zod';
import {
  BUSINESS_INTRO_TYPE,
  ErrorCode,
  type bannerSchema,
  type NavItem,
  type sysLinkSchema,
  type WebsiteInfo,
  type zoneSchema,
} from '@portal/contract';
import { TtlCache } from '../../platform/cache.ts';
import { AppError } from '../../platform/errors.ts';
import type { Tenancy } from '../../platform/tenancy.ts';
import { presentNavItem, presentWebsite } from './site.presenter.ts';
import type { SiteRepository } from './site.repository.ts';

type Banner = z.infer<typeof bannerSchema>;

/** The tables whose rows the site calls serve (migration 0040 announces their changes). */
export const SITE_TABLES: ReadonlySet<string> = new Set([
  'website_settings',
  'nav_items',
  'zones',
  'banners',
  'sys_links',
  'agreements',
]);

/** Told that an enterprise's site changed (undefined: every enterprise's, after a gap). */
export type SiteChangeListener = (eid: number | undefined) => void;

/**
 * Site information of one enterprise. The site calls are read on every page, so their results are
 * cached per enterprise for a short, bounded time (SITE_CACHE_TTL_MS).
 */
export class SiteService {
  private readonly websites: TtlCache<WebsiteInfo>;
  private readonly navs: TtlCache<NavItem[]>;
  private readonly lists: TtlCache<unknown[]>;
  private readonly listeners = new Set<SiteChangeListener>();

  constructor(
    private readonly repo: SiteRepository,
    private readonly tenancy: Tenancy,
    ttlMs: number,
  ) {
    this.websites = new TtlCache({ max: 2000, ttlMs });
    this.navs = new TtlCache({ max: 2000, ttlMs });
    this.lists = new TtlCache({ max: 8000, ttlMs });
  }

  /**
   * Forgets what this process holds of an enterprise's site (every enterprise's without one) and
   * tells the holders of answers built from it (visitors' answers, pages, zone lists): the back
   * office calls it after its commit, and every process when the database announces a change.
   */
  forget(eid?: number): void {
    const mine = eid === undefined ? undefined : (key: string) => key === String(eid);
    const listed = eid === undefined ? undefined : (key: string) => key.split(':')[1] === String(eid);
    this.websites.forget(mine);
    this.navs.forget(mine);
    this.lists.forget(listed);
    for (const listener of this.listeners) listener(eid);
  }

  /** Calls `listener` after each `forget`; answers the way to stop. */
  onChange(listener: SiteChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  viewWebsite(eid: number): Promise<WebsiteInfo> {
    return this.websites.get(String(eid), async () => {
      const row = await this.repo.viewWebsite(eid);
      if (!row) throw new AppError(ErrorCode.ENTERPRISE_NOT_FOUND);
      return presentWebsite(row.settings, row.enterprise, this.tenancy.tenantCode(eid));
    });
  }

  findNavItems(eid: number): Promise<NavItem[]> {
    return this.navs.get(String(eid), async () => (await this.repo.findNavItems(eid)).map(presentNavItem));
  }

  async viewCorrectDomain(eid: number): Promise<{ eid: number; domain: string }> {
    const row = await this.repo.viewCorrectDomain(eid);
    if (!row) throw new AppError(ErrorCode.ENTERPRISE_NOT_FOUND);
    return row;
  }

  async findZones(eid: number): Promise<z.infer<typeof zoneSchema>[]> {
    return (await this.lists.get(`zones:${eid}`, async () =>
      (await this.repo.findZones(eid)).map((z) => ({
        id: z.id,
        zoneName: z.zoneName,
        zoneNameEn: z.zoneNameEn || z.zoneName,
        zoneType: z.zoneType,
        relationType: z.relationType,
        showNum: z.showNum,
        sort: z.sort,
      })),
    )) as z.infer<typeof zoneSchema>[];
  }

  /** An enabled zone of the enterprise of the given type (a home zone call's zoneId), else 404. */
  async zoneOf(eid: number, id: number, zoneType: number): Promise<z.infer<typeof zoneSchema>> {
    const zone = (await this.findZones(eid)).find((z) => z.id === id && z.zoneType === zoneType);
    if (!zone)
      throw new AppError(ErrorCode.NOT_FOUND, { message: { zh: '专区不存在', en: 'The zone does not exist' } });
    return zone;
  }

  /** Visitors see banners for everyone; signed-in learners also see the ones meant for them. */
  async findBanners(eid: number, signedIn: boolean): Promise<Banner[]> {
    const audiences = signedIn ? ['all', 'signedIn'] : ['all', 'visitor'];
    return (await this.lists.get(`banners:${eid}:${signedIn}`, async () =>
      (await this.repo.findBanners(eid, audiences)).map((b) => ({
        id: b.id,
        title: b.title,
        imageUrl: b.imageUrl,
        linkUrl: b.linkUrl,
        openNewWindow: b.openNewWindow,
        sort: b.sort,
      })),
    )) as Banner[];
  }

  async findSysLinks(eid: number): Promise<z.infer<typeof sysLinkSchema>[]> {
    return (await this.lists.get(`links:${eid}`, async () =>
      (await this.repo.findSysLinks(eid)).map((l) => ({ id: l.id, name: l.name, url: l.url, sort: l.sort })),
    )) as z.infer<typeof sysLinkSchema>[];
  }

  /** An agreement as sanitised rich text (sanitised once per cache period, not per request). */
  async viewAgreement(eid: number, type: 'serviceAgreement' | 'privacyAgreement') {
    const [agreement] = (await this.lists.get(`agreement:${eid}:${type}`, async () => {
      const row = await this.repo.viewAgreement(eid, type);
      if (!row) {
        throw new AppError(ErrorCode.NOT_FOUND, { message: { zh: '协议不存在', en: 'The agreement does not exist' } });
      }
      // The sanitiser (sanitize-html, with its parser) is loaded when rich text is first presented.
      const { sanitizeRichText } = await import('@portal/contract/sanitize');
      return [{ type, title: row.title, content: sanitizeRichText(row.content) }];
    })) as Array<{ type: typeof type; title: string; content: string }>;
    return agreement!;
  }

  /**
   * The business introduction of /business/intro: a site text kept with the agreements, sanitised
   * once per cache period; a site without one gets an empty text (the page says so).
   */
  async viewBusinessIntro(eid: number): Promise<{ title: string; content: string }> {
    const [intro] = (await this.lists.get(`agreement:${eid}:${BUSINESS_INTRO_TYPE}`, async () => {
      const row = await this.repo.viewAgreement(eid, BUSINESS_INTRO_TYPE);
      if (!row) return [{ title: '', content: '' }];
      const { sanitizeRichText } = await import('@portal/contract/sanitize');
      return [{ title: row.title, content: sanitizeRichText(row.content) }];
    })) as Array<{ title: string; content: string }>;
    return intro!;
  }

  async viewLatestAndroid(eid: number) {
    const row = await this.repo.viewLatestAndroid(eid, 'android', 'official');
    if (!row) return null;
    return {
      versionName: row.versionName,
      versionCode: row.versionCode,
      downloadUrl: row.downloadUrl,
      updateContent: row.updateContent,
      forceUpdate: row.forceUpdate,
      releasedAt: row.releasedAt.toISOString(),
    };
  }
}

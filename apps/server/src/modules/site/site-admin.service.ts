import {
  DEFAULT_GROUP_FIELDS,
  DETAIL_FIELDS,
  ErrorCode,
  SITE_TEXT_TYPES,
  isSiteLink,
  type AdminBanner,
  type AdminNavItem,
  type AdminSysLink,
  type AdminZone,
  type AuditEntityType,
  type ErrorCodeValue,
  type SiteSettings,
  type SiteText,
  type SiteTextType,
} from '@portal/contract';
import { schema } from '@portal/db';
import type { z } from 'zod';
import type { bannerInput, navItemInput, siteSettings, sysLinkInput, zoneInput } from '@portal/contract';
import type { AdminAudit } from '../../platform/admin-audit.ts';
import { AppError } from '../../platform/errors.ts';
import { presentTheme } from './site.presenter.ts';
import { SiteAdminRepository, type OrderedTable, type SettingsChange } from './site-admin.repository.ts';
import type { SiteService } from './site.service.ts';

/** The administrator's call: the enterprise it changes and its audit (decision 036). */
export interface SiteAdminCaller {
  eid: number;
  audit: AdminAudit;
}

type ZoneRow = typeof schema.zones.$inferSelect;
type BannerRow = typeof schema.banners.$inferSelect;
type LinkRow = typeof schema.sysLinks.$inferSelect;
type NavRow = typeof schema.navItems.$inferSelect;

const presentZone = (r: ZoneRow): AdminZone => ({
  id: r.id,
  zoneName: r.zoneName,
  zoneNameEn: r.zoneNameEn,
  zoneType: r.zoneType,
  relationType: r.relationType,
  showNum: r.showNum,
  sort: r.sort,
  enabled: r.enabled,
});
const presentBanner = (r: BannerRow): AdminBanner => ({
  id: r.id,
  title: r.title,
  imageUrl: r.imageUrl,
  linkUrl: r.linkUrl,
  openNewWindow: r.openNewWindow,
  sort: r.sort,
  enabled: r.enabled,
  audience: r.audience === 'visitor' || r.audience === 'signedIn' ? r.audience : 'all',
});
const presentLink = (r: LinkRow): AdminSysLink => ({ id: r.id, name: r.name, url: r.url, sort: r.sort });
const presentNav = (r: NavRow): AdminNavItem => ({
  id: r.id,
  name: r.name,
  nameEn: r.nameEn,
  menuType: r.menuType,
  url: r.url,
  topicId: r.topicId,
  sort: r.sort,
  openNewWindow: r.openNewWindow,
  enabled: r.enabled,
});

/** One ordered list of the site: its table, audit kind, missing-row code and presenter. */
interface ListKind<Row, Out> {
  table: OrderedTable;
  entityType: AuditEntityType;
  notFound: ErrorCodeValue;
  present: (row: Row) => Out;
}

const ZONES: ListKind<ZoneRow, AdminZone> = {
  table: schema.zones,
  entityType: 'zone',
  notFound: ErrorCode.SITE_ZONE_NOT_FOUND,
  present: presentZone,
};
const BANNERS: ListKind<BannerRow, AdminBanner> = {
  table: schema.banners,
  entityType: 'banner',
  notFound: ErrorCode.SITE_BANNER_NOT_FOUND,
  present: presentBanner,
};
const LINKS: ListKind<LinkRow, AdminSysLink> = {
  table: schema.sysLinks,
  entityType: 'sys_link',
  notFound: ErrorCode.SITE_LINK_NOT_FOUND,
  present: presentLink,
};
const NAVS: ListKind<NavRow, AdminNavItem> = {
  table: schema.navItems,
  entityType: 'nav_item',
  notFound: ErrorCode.SITE_NAV_NOT_FOUND,
  present: presentNav,
};

/** A link field: empty, or an address the site may send a person to (9356). */
function requireLink(value: string, optional: boolean): void {
  if (optional && value === '') return;
  if (!isSiteLink(value)) throw new AppError(ErrorCode.SITE_LINK_INVALID);
}

/**
 * The site's own content in the back office (issue 21 item 4, decision 042). Each write runs in
 * one transaction with its audit row, then forgets the enterprise's cached site in this process at
 * once (the database's NOTIFY tells the other processes, migration 0040): a learner's or visitor's
 * next call shows the change.
 */
export class SiteAdminService {
  constructor(
    private readonly repo: SiteAdminRepository,
    private readonly site: SiteService,
  ) {}

  async findZones(eid: number) {
    return (await this.repo.findZones(eid)).map(presentZone);
  }

  async findBanners(eid: number) {
    return (await this.repo.findBanners(eid)).map(presentBanner);
  }

  async findSysLinks(eid: number) {
    return (await this.repo.findSysLinks(eid)).map(presentLink);
  }

  async findNavItems(eid: number) {
    return (await this.repo.findNavItems(eid)).map(presentNav);
  }

  saveZone(caller: SiteAdminCaller, q: z.infer<typeof zoneInput>) {
    const { id, ...fields } = q;
    // Only a course zone has an order of its own; the newest first when none is chosen.
    const values = { ...fields, relationType: q.zoneType === 2 ? (q.relationType ?? 1) : null };
    return this.save(caller, ZONES, id, values);
  }

  saveBanner(caller: SiteAdminCaller, q: z.infer<typeof bannerInput>) {
    requireLink(q.imageUrl, false);
    requireLink(q.linkUrl, true);
    const { id, ...values } = q;
    return this.save(caller, BANNERS, id, values);
  }

  saveSysLink(caller: SiteAdminCaller, q: z.infer<typeof sysLinkInput>) {
    requireLink(q.url, false);
    const { id, ...values } = q;
    return this.save(caller, LINKS, id, values);
  }

  async saveNavItem(caller: SiteAdminCaller, q: z.infer<typeof navItemInput>) {
    const topic = q.menuType === 3;
    if (topic && (q.topicId === null || !(await this.repo.hasTopic(caller.eid, q.topicId)))) {
      throw new AppError(ErrorCode.SITE_NAV_TOPIC_REQUIRED);
    }
    requireLink(q.url, true);
    const { id, ...values } = q;
    return this.save(caller, NAVS, id, { ...values, topicId: topic ? q.topicId : null });
  }

  deleteZone = (caller: SiteAdminCaller, id: number) => this.remove(caller, ZONES, id);
  deleteBanner = (caller: SiteAdminCaller, id: number) => this.remove(caller, BANNERS, id);
  deleteSysLink = (caller: SiteAdminCaller, id: number) => this.remove(caller, LINKS, id);
  deleteNavItem = (caller: SiteAdminCaller, id: number) => this.remove(caller, NAVS, id);

  sortZones = async (caller: SiteAdminCaller, ids: number[]) => {
    await this.sort(caller, ZONES, ids);
    return this.findZones(caller.eid);
  };
  sortBanners = async (caller: SiteAdminCaller, ids: number[]) => {
    await this.sort(caller, BANNERS, ids);
    return this.findBanners(caller.eid);
  };
  sortSysLinks = async (caller: SiteAdminCaller, ids: number[]) => {
    await this.sort(caller, LINKS, ids);
    return this.findSysLinks(caller.eid);
  };
  sortNavItems = async (caller: SiteAdminCaller, ids: number[]) => {
    await this.sort(caller, NAVS, ids);
    return this.findNavItems(caller.eid);
  };

  /** Adds (placed last) or changes a row of the list; its before and after in the audit. */
  private async save<Row, Out>(
    { eid, audit }: SiteAdminCaller,
    kind: ListKind<Row, Out>,
    id: number | undefined,
    values: Record<string, unknown>,
  ): Promise<Out> {
    const saved = await this.repo.transaction(async (tx) => {
      let before: Out | null = null;
      let row: Row;
      if (id === undefined) {
        const sort = await SiteAdminRepository.nextSort(tx, kind.table, eid);
        const rows = await tx
          .insert(kind.table)
          .values({ ...values, eid, sort } as never)
          .returning();
        row = rows[0] as Row;
      } else {
        const old = await SiteAdminRepository.lockRow(tx, kind.table, eid, id);
        if (!old) throw new AppError(kind.notFound);
        before = kind.present(old as Row);
        const rows = await tx
          .update(kind.table)
          .set(values as never)
          .where(SiteAdminRepository.rowOf(kind.table, eid, id))
          .returning();
        row = rows[0] as Row;
      }
      const after = kind.present(row);
      await audit.record(tx, { entityType: kind.entityType, entityId: (after as { id: number }).id, before, after });
      return after;
    });
    this.site.forget(eid);
    return saved;
  }

  private async remove<Row, Out>({ eid, audit }: SiteAdminCaller, kind: ListKind<Row, Out>, id: number) {
    await this.repo.transaction(async (tx) => {
      const old = await SiteAdminRepository.lockRow(tx, kind.table, eid, id);
      if (!old) throw new AppError(kind.notFound);
      await SiteAdminRepository.deleteRow(tx, kind.table, eid, id);
      await audit.record(tx, {
        entityType: kind.entityType,
        entityId: id,
        before: kind.present(old as Row),
        after: null,
      });
    });
    this.site.forget(eid);
    return { id };
  }

  /** A new order of the whole list: every current id once (else 9355, e.g. a stale page). */
  private async sort<Row, Out>({ eid, audit }: SiteAdminCaller, kind: ListKind<Row, Out>, ids: number[]) {
    await this.repo.transaction(async (tx) => {
      const before = await SiteAdminRepository.lockOrder(tx, kind.table, eid);
      const same =
        new Set(ids).size === ids.length && ids.length === before.length && ids.every((i) => before.includes(i));
      if (!same) throw new AppError(ErrorCode.SITE_ORDER_MISMATCH);
      await SiteAdminRepository.writeOrder(tx, kind.table, eid, ids);
      await audit.record(tx, {
        entityType: kind.entityType,
        entityId: 'order',
        before: { ids: before },
        after: { ids },
        action: `sort:${kind.entityType}`,
      });
    });
    this.site.forget(eid);
  }

  async findSiteTexts(eid: number): Promise<SiteText[]> {
    const rows = await this.repo.findSiteTexts(eid);
    return SITE_TEXT_TYPES.map((type) => {
      const row = rows.find((r) => r.type === type);
      return row
        ? { type, title: row.title, content: row.content, updatedAt: row.updatedAt.toISOString() }
        : { type, title: '', content: '', updatedAt: null };
    });
  }

  async saveSiteText({ eid, audit }: SiteAdminCaller, q: { type: SiteTextType; title: string; content: string }) {
    const saved = await this.repo.transaction(async (tx) => {
      const old = await SiteAdminRepository.lockSiteText(tx, eid, q.type);
      const row = await SiteAdminRepository.writeSiteText(tx, eid, q);
      const present = (r: NonNullable<typeof old>): SiteText => ({
        type: q.type,
        title: r.title,
        content: r.content,
        updatedAt: r.updatedAt.toISOString(),
      });
      const after = present(row);
      await audit.record(tx, { entityType: 'site_text', entityId: q.type, before: old ? present(old) : null, after });
      return after;
    });
    this.site.forget(eid);
    return saved;
  }

  async viewSiteSettings(eid: number): Promise<SiteSettings> {
    const row = await this.repo.viewSettings(eid);
    if (!row) throw new AppError(ErrorCode.ENTERPRISE_NOT_FOUND);
    return presentSettings(row, await this.repo.findRegistrationFields(eid));
  }

  async saveSiteSettings({ eid, audit }: SiteAdminCaller, q: z.infer<typeof siteSettings>): Promise<SiteSettings> {
    for (const f of q.registrationFields) {
      const known = f.grp === 'default' ? f.field in DEFAULT_GROUP_FIELDS : f.field in DETAIL_FIELDS;
      if (!known) throw new AppError(ErrorCode.SITE_REGISTRATION_FIELD_UNKNOWN, { params: { field: f.field } });
    }
    for (const url of [q.userEntLogo, q.websiteIco, q.appDownloadQrCode, q.h5Url]) requireLink(url, true);
    const saved = await this.repo.transaction(async (tx) => {
      const old = await SiteAdminRepository.lockSettings(tx, eid);
      if (!old) throw new AppError(ErrorCode.ENTERPRISE_NOT_FOUND);
      const before = presentSettings(old, await SiteAdminRepository.findRegistrationFieldsIn(tx, eid));
      const { theme, individuationOptions, registrationFields, ...flat } = q;
      const change: SettingsChange = {
        ...flat,
        theme,
        // Options this page does not edit (another site's custom keys) are kept.
        individuationOptions: { ...old.individuationOptions, ...individuationOptions },
      };
      const fields = dedupeFields(registrationFields);
      await SiteAdminRepository.writeSettings(tx, eid, change, fields);
      const row = await SiteAdminRepository.lockSettings(tx, eid);
      const after = presentSettings(row!, await SiteAdminRepository.findRegistrationFieldsIn(tx, eid));
      await audit.record(tx, { entityType: 'site_setting', entityId: eid, before, after });
      return after;
    });
    this.site.forget(eid);
    return saved;
  }
}

/** The last of each group and field wins (a form sends each once). */
function dedupeFields(fields: SiteSettings['registrationFields']) {
  const byKey = new Map(fields.map((f) => [`${f.grp}:${f.field}`, f]));
  return [...byKey.values()];
}

type SettingsRow = typeof schema.websiteSettings.$inferSelect;
type FieldRow = typeof schema.registrationFields.$inferSelect;

/**
 * The settings as the page edits them; the registration fields are every field of both groups,
 * configured or by their defaults (name '' = the default label), so the page shows them all.
 */
function presentSettings(row: SettingsRow, configured: FieldRow[]): SiteSettings {
  const fieldsOf = (grp: 'default' | 'userTitle', defaults: Record<string, { show: boolean; required: boolean }>) =>
    Object.entries(defaults).map(([field, def], i) => {
      const c = configured.find((r) => r.grp === grp && r.field === field);
      return c
        ? { grp, field, name: c.name, required: c.required, show: c.show, sort: c.sort }
        : { grp, field, name: '', required: def.required, show: def.show, sort: 100 + i };
    });
  return {
    entName: row.entName,
    contactPhone: row.contactPhone,
    websiteDesc: row.websiteDesc,
    websiteKeyword: row.websiteKeyword,
    websiteCopyright: row.websiteCopyright,
    websiteIcpNo: row.websiteIcpNo,
    websitePrnNo: row.websitePrnNo,
    userEntLogo: row.userEntLogo,
    websiteIco: row.websiteIco,
    visitorOpenSet: row.visitorOpenSet,
    registerOpenSet: row.registerOpenSet,
    registerAutoAudit: row.registerAutoAudit,
    verifyOpenSet: row.verifyOpenSet,
    usernameOpenSet: row.usernameOpenSet,
    personalInfoConfirmOpenSet: row.personalInfoConfirmOpenSet,
    talentInfoConfirmOpenSet: row.talentInfoConfirmOpenSet,
    greyThemeOpenSet: row.greyThemeOpenSet,
    showCoursePriceOpenSet: row.showCoursePriceOpenSet,
    showUserCommentOpenSet: row.showUserCommentOpenSet,
    studyScoreType: row.studyScoreType === 2 ? 2 : 1,
    entTypeNameStyle: row.entTypeNameStyle === 2 ? 2 : 1,
    theme: presentTheme(row.theme),
    individuationOptions: pickIndividuation(row.individuationOptions),
    isEnableAppDownload: row.isEnableAppDownload,
    appDownloadQrCode: row.appDownloadQrCode,
    h5Url: row.h5Url,
    registrationFields: [...fieldsOf('default', DEFAULT_GROUP_FIELDS), ...fieldsOf('userTitle', DETAIL_FIELDS)].sort(
      (a, b) => (a.grp === b.grp ? a.sort - b.sort : a.grp === 'default' ? -1 : 1),
    ),
  };
}

/** The individuation options the contract knows, each only when well formed. */
function pickIndividuation(stored: Record<string, unknown>): SiteSettings['individuationOptions'] {
  const out: Record<string, string | boolean> = {};
  for (const key of [
    'admissionTicketPrintTime',
    'accountHidePage',
    'indexCustomerServiceLink',
    'pcSfjIndexCustomerServiceEntranceImg',
    'pcSfjIndexCustomerServiceText',
  ]) {
    if (typeof stored[key] === 'string') out[key] = stored[key];
  }
  if (typeof stored.indexCustomerServiceEntranceOpenSet === 'boolean') {
    out.indexCustomerServiceEntranceOpenSet = stored.indexCustomerServiceEntranceOpenSet;
  }
  return out;
}

import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id } from '../envelope.ts';
import { BUSINESS_INTRO_TYPE } from './business-intro.ts';
import { individuationOptionsSchema, themeOptionsSchema } from './system.ts';

/**
 * The site's own content in the back office (issue 21 item 4, decision 042): home zones, banners,
 * friendly links, navigation, the site texts (agreements, privacy, business introduction), the
 * float window and the site settings. Every call is `admin`; every write is audited, and clears
 * the caches that hold what it changed in every process (the site tables' NOTIFY triggers).
 * These lists are a site's handful of rows (a home page shows a few zones): they come whole, in
 * their order, not paged.
 */

/** Zone types of the home page (zoneSchema): 1 banner … 8 friendly links. */
export const ZONE_TYPES = [1, 2, 3, 4, 5, 6, 7, 8] as const;
/** A course zone's order of courses: 1 newest, 2 most learners, 3 recommended (CourseRelation). */
export const COURSE_ZONE_RELATIONS = [1, 2, 3] as const;
/** How many items a zone shows at most. */
export const ZONE_SHOW_NUM_MAX = 24;
/** Navigation menu types (navItemSchema): 1 home … 7 about. */
export const NAV_MENU_TYPES = [1, 2, 3, 4, 5, 6, 7] as const;
/** Who sees a banner: everyone, visitors only, or signed-in learners only. */
export const BANNER_AUDIENCES = ['all', 'visitor', 'signedIn'] as const;
/** The site texts an administrator edits (agreements table, by type). */
export const SITE_TEXT_TYPES = ['serviceAgreement', 'privacyAgreement', BUSINESS_INTRO_TYPE] as const;
export type SiteTextType = (typeof SITE_TEXT_TYPES)[number];
/** A site text's rich content at most (characters of HTML). */
export const SITE_TEXT_MAX = 200_000;
/** Items of one sorted list at most (a reorder sends them all). */
export const SITE_LIST_MAX = 200;

/**
 * A link a site may put behind a banner, a friendly link or a menu: an address on the web
 * (http/https) or a path of the site (`/news`). Nothing else (no javascript:, no data:).
 */
export function isSiteLink(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !/\s/.test(value);
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const name = (max: number) => z.string().trim().min(1).max(max);
const nameEn = (max: number) => z.string().trim().max(max).default('');
const link = z.string().trim().max(500);

export const adminZone = z.object({
  id: z.number().int(),
  zoneName: z.string(),
  zoneNameEn: z.string(),
  zoneType: z.number().int(),
  relationType: z.number().int().nullable(),
  showNum: z.number().int(),
  sort: z.number().int(),
  enabled: z.boolean(),
});
export type AdminZone = z.infer<typeof adminZone>;

export const zoneInput = z.object({
  /** Absent: a new zone, placed last. */
  id: id.optional(),
  zoneName: name(30),
  zoneNameEn: nameEn(60),
  zoneType: z.coerce.number().int().min(1).max(8),
  /** A course zone's order (COURSE_ZONE_RELATIONS); ignored by the other types. */
  relationType: z.coerce.number().int().min(1).max(3).nullable().default(null),
  showNum: z.coerce.number().int().min(1).max(ZONE_SHOW_NUM_MAX).default(8),
  enabled: z.boolean().default(true),
});

export const adminBanner = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string(),
  openNewWindow: z.boolean(),
  sort: z.number().int(),
  enabled: z.boolean(),
  audience: z.enum(BANNER_AUDIENCES),
});
export type AdminBanner = z.infer<typeof adminBanner>;

export const bannerInput = z.object({
  id: id.optional(),
  title: name(50),
  /** An uploaded picture's URL (uploadPic) or an address on the web. */
  imageUrl: z.string().trim().min(1).max(500),
  linkUrl: link.default(''),
  openNewWindow: z.boolean().default(false),
  enabled: z.boolean().default(true),
  audience: z.enum(BANNER_AUDIENCES).default('all'),
});

export const adminSysLink = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  sort: z.number().int(),
});
export type AdminSysLink = z.infer<typeof adminSysLink>;

export const sysLinkInput = z.object({ id: id.optional(), name: name(30), url: link.min(1) });

export const adminNavItem = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string(),
  menuType: z.number().int(),
  url: z.string(),
  topicId: z.number().int().nullable(),
  sort: z.number().int(),
  openNewWindow: z.boolean(),
  enabled: z.boolean(),
});
export type AdminNavItem = z.infer<typeof adminNavItem>;

export const navItemInput = z.object({
  id: id.optional(),
  name: name(10),
  nameEn: nameEn(30),
  menuType: z.coerce.number().int().min(1).max(7),
  url: link.default(''),
  /** The topic of a topic menu (menuType 3). */
  topicId: id.nullable().default(null),
  openNewWindow: z.boolean().default(false),
  enabled: z.boolean().default(true),
});

const idOnly = z.object({ id });
/** A list's ids in their new order: every item of the list, each once. */
const order = z.object({ ids: z.array(id).min(1).max(SITE_LIST_MAX) });

/** Declares the four calls of one ordered list of the site: list, save, delete, reorder. */
function listCalls<R extends z.ZodType, I extends z.ZodType>(
  names: { list: string; save: string; delete: string; sort: string },
  stem: string,
  what: string,
  row: R,
  input: I,
) {
  return {
    list: defineCall({
      name: names.list,
      method: 'GET',
      path: `/system/auth/admin/${stem}/list` as `/system/auth/admin/${string}`,
      summary: `The site's ${what}, in order, hidden ones too (administrators)`,
      tags: ['site-admin'],
      request: z.object({}),
      response: z.array(row),
    }),
    save: defineCall({
      name: names.save,
      method: 'POST',
      path: `/system/auth/admin/${stem}/save` as `/system/auth/admin/${string}`,
      summary: `Adds (no id; placed last) or changes one of the site's ${what}; answers it`,
      tags: ['site-admin'],
      request: input,
      response: row,
    }),
    delete: defineCall({
      name: names.delete,
      method: 'POST',
      path: `/system/auth/admin/${stem}/delete` as `/system/auth/admin/${string}`,
      summary: `Deletes one of the site's ${what}`,
      tags: ['site-admin'],
      request: idOnly,
      response: z.object({ id: z.number().int() }),
    }),
    sort: defineCall({
      name: names.sort,
      method: 'POST',
      path: `/system/auth/admin/${stem}/sort` as `/system/auth/admin/${string}`,
      summary: `Puts the site's ${what} in the given order (every id of the list, each once)`,
      tags: ['site-admin'],
      request: order,
      response: z.array(row),
    }),
  };
}

const zoneCalls = listCalls(
  { list: 'findZonesAdmin', save: 'saveZone', delete: 'deleteZone', sort: 'sortZones' },
  'zone',
  'home zones',
  adminZone,
  zoneInput,
);
export const findZonesAdmin = zoneCalls.list;
export const saveZone = zoneCalls.save;
export const deleteZone = zoneCalls.delete;
export const sortZones = zoneCalls.sort;

const bannerCalls = listCalls(
  { list: 'findBannersAdmin', save: 'saveBanner', delete: 'deleteBanner', sort: 'sortBanners' },
  'banner',
  'banners',
  adminBanner,
  bannerInput,
);
export const findBannersAdmin = bannerCalls.list;
export const saveBanner = bannerCalls.save;
export const deleteBanner = bannerCalls.delete;
export const sortBanners = bannerCalls.sort;

const linkCalls = listCalls(
  { list: 'findSysLinksAdmin', save: 'saveSysLink', delete: 'deleteSysLink', sort: 'sortSysLinks' },
  'sys-link',
  'friendly links',
  adminSysLink,
  sysLinkInput,
);
export const findSysLinksAdmin = linkCalls.list;
export const saveSysLink = linkCalls.save;
export const deleteSysLink = linkCalls.delete;
export const sortSysLinks = linkCalls.sort;

const navCalls = listCalls(
  { list: 'findNavItemsAdmin', save: 'saveNavItem', delete: 'deleteNavItem', sort: 'sortNavItems' },
  'nav',
  'navigation menus',
  adminNavItem,
  navItemInput,
);
export const findNavItemsAdmin = navCalls.list;
export const saveNavItem = navCalls.save;
export const deleteNavItem = navCalls.delete;
export const sortNavItems = navCalls.sort;

export const siteText = z.object({
  type: z.enum(SITE_TEXT_TYPES),
  title: z.string(),
  /** The rich content as stored (the portal sanitises it when it serves it). */
  content: z.string(),
  /** ISO 8601; null: the site has no such text yet. */
  updatedAt: z.string().nullable(),
});
export type SiteText = z.infer<typeof siteText>;

export const findSiteTexts = defineCall({
  name: 'findSiteTexts',
  method: 'GET',
  path: '/system/auth/admin/site-text/list',
  summary: "The site's service agreement, privacy policy and business introduction as stored (administrators)",
  tags: ['site-admin'],
  request: z.object({}),
  response: z.array(siteText),
});

export const saveSiteText = defineCall({
  name: 'saveSiteText',
  method: 'POST',
  path: '/system/auth/admin/site-text/save',
  summary: "Writes one of the site's texts (a new version of an agreement: its time is the consent's version)",
  tags: ['site-admin'],
  request: z.object({
    type: z.enum(SITE_TEXT_TYPES),
    title: z.string().trim().min(1).max(50),
    content: z.string().max(SITE_TEXT_MAX),
  }),
  response: siteText,
});

/** One configured registration field (registration_fields; account-area.md section 4). */
export const registrationFieldSetting = z.object({
  grp: z.enum(['default', 'userTitle']),
  field: z.string().trim().min(1).max(40),
  name: z.string().trim().max(20).default(''),
  required: z.boolean(),
  show: z.boolean(),
  sort: z.coerce.number().int().min(0).max(999),
});

/** The site settings an administrator changes (website_settings; platform.md and account-area.md). */
export const siteSettings = z.object({
  entName: z.string().trim().min(1).max(50),
  contactPhone: z.string().trim().max(30),
  websiteDesc: z.string().trim().max(300),
  websiteKeyword: z.string().trim().max(200),
  websiteCopyright: z.string().trim().max(200),
  websiteIcpNo: z.string().trim().max(50),
  websitePrnNo: z.string().trim().max(50),
  userEntLogo: z.string().trim().max(500),
  websiteIco: z.string().trim().max(500),
  /** Visitor mode: visitors see the home page and the visitor-only pages. */
  visitorOpenSet: z.boolean(),
  /** Registration is open (else /register goes home). */
  registerOpenSet: z.boolean(),
  /** Registrations are accepted at once (else they wait for an administrator). */
  registerAutoAudit: z.boolean(),
  /** Registration asks for the ID number (verified). */
  verifyOpenSet: z.boolean(),
  usernameOpenSet: z.boolean(),
  personalInfoConfirmOpenSet: z.boolean(),
  talentInfoConfirmOpenSet: z.boolean(),
  greyThemeOpenSet: z.boolean(),
  showCoursePriceOpenSet: z.boolean(),
  showUserCommentOpenSet: z.boolean(),
  /** 2 credit hours (学时), else credits (学分). */
  studyScoreType: z.coerce.number().int().min(1).max(2),
  /** 2 "unit" (单位), else "enterprise" (企业). */
  entTypeNameStyle: z.coerce.number().int().min(1).max(2),
  theme: themeOptionsSchema,
  individuationOptions: individuationOptionsSchema,
  /** The float window: the app's download QR code (an uploaded picture) and the mobile site. */
  isEnableAppDownload: z.boolean(),
  appDownloadQrCode: z.string().trim().max(500),
  h5Url: z.string().trim().max(500),
  registrationFields: z.array(registrationFieldSetting).max(60),
});
export type SiteSettings = z.infer<typeof siteSettings>;

export const viewSiteSettings = defineCall({
  name: 'viewSiteSettings',
  method: 'GET',
  path: '/system/auth/admin/website/settings',
  summary: "The site's settings as an administrator edits them (theme over its defaults, registration fields)",
  tags: ['site-admin'],
  request: z.object({}),
  response: siteSettings,
});

export const saveSiteSettings = defineCall({
  name: 'saveSiteSettings',
  method: 'POST',
  path: '/system/auth/admin/website/settings/save',
  summary: "Writes the site's settings; learners and visitors get them on their next call",
  tags: ['site-admin'],
  request: siteSettings,
  response: siteSettings,
});

import { z } from 'zod';
import { id } from '../envelope.ts';
import { defineCall } from '../call.ts';

const eidQuery = z.object({
  eid: z.coerce
    .number()
    .int()
    .positive()
    .max(2147483647)
    .optional()
    .describe('Enterprise id; the domain default when absent'),
});

export const tenantCodes = ['SFJ', 'publicTraining', 'medicalInsurance', 'MLH', 'KPY'] as const;
export type TenantCode = (typeof tenantCodes)[number];

/**
 * A CSS colour as a tenant may set it: #rgb, #rrggbb (#rrggbbaa) or rgb()/rgba(). Theme values are
 * written into the page's <style>, so nothing else may pass.
 */
export const cssColor = z
  .string()
  .trim()
  .regex(
    /^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\))$/,
  );

/** Theme options (platform.md section 3) with their defaults. */
export const themeOptionsSchema = z.object({
  themeColor: cssColor,
  headerBgColor: cssColor,
  headerFontColor: cssColor,
  navBgColor: cssColor,
  navFontColor: cssColor,
  navHighlightColor: cssColor,
  footerBgColor: cssColor,
  footerFontColor: cssColor,
  fontColor: cssColor,
  highlightColor: cssColor,
  pcWrapperWidth: z.number().int().min(960).max(1920),
  pcNavThemeStyle: z.union([z.literal(1), z.literal(2), z.literal(3)]),
});
export type ThemeOptions = z.infer<typeof themeOptionsSchema>;

export { DEFAULT_THEME } from '../theme.ts';

export const individuationOptionsSchema = z.object({
  admissionTicketPrintTime: z.string().optional(),
  accountHidePage: z.string().optional(),
  indexCustomerServiceLink: z.string().optional(),
  indexCustomerServiceEntranceOpenSet: z.boolean().optional(),
  pcSfjIndexCustomerServiceEntranceImg: z.string().optional(),
  pcSfjIndexCustomerServiceText: z.string().optional(),
});

export const websiteInfoSchema = z.object({
  eid: z.number().int(),
  entName: z.string(),
  tenantCode: z.enum(tenantCodes).nullable(),
  lang: z.enum(['zh', 'en']),
  userEntLogo: z.string(),
  websiteIco: z.string(),
  websiteDesc: z.string(),
  websiteKeyword: z.string(),
  websiteIcpNo: z.string(),
  websitePrnNo: z.string(),
  websiteCopyright: z.string(),
  contactPhone: z.string(),
  isEnableStatistics: z.boolean(),
  statisticsCode: z.string(),
  websiteThemeColor: themeOptionsSchema,
  studyScoreType: z.number().int(),
  entTypeNameStyle: z.number().int(),
  greyThemeOpenSet: z.boolean(),
  showCoursePriceOpenSet: z.boolean(),
  showUserCommentOpenSet: z.boolean(),
  verifyOpenSet: z.boolean(),
  usernameOpenSet: z.boolean(),
  registerOpenSet: z.boolean(),
  visitorOpenSet: z.boolean(),
  defaultUserHeadPortrait: z.string(),
  appDownloadQrCode: z.string(),
  isEnableAppDownload: z.boolean(),
  /** Hostname of the site's configured correct address, e.g. `learn.example.com` (no scheme or port). */
  correctDomain: z.string(),
  /** Mobile (H5) site address; the mobile redirect happens only when it is set. */
  h5Url: z.string(),
  individuationOptions: individuationOptionsSchema,
});
export type WebsiteInfo = z.infer<typeof websiteInfoSchema>;

export const navItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string(),
  /** 1 home, 2 news, 3 topic, 4 knowledge, 5 lecturer, 6 account, 7 about. */
  menuType: z.number().int().min(1).max(7),
  url: z.string(),
  topicId: z.number().int().nullable(),
  sort: z.number().int(),
  openNewWindow: z.boolean(),
});
export type NavItem = z.infer<typeof navItemSchema>;

export const zoneSchema = z.object({
  id: z.number().int(),
  zoneName: z.string(),
  zoneNameEn: z.string(),
  /** 1 banner, 2 courses, 3 news, 4 lecturers, 5 ranking, 6 announcements, 7 projects, 8 system links. */
  zoneType: z.number().int(),
  relationType: z.number().int().nullable(),
  showNum: z.number().int(),
  sort: z.number().int(),
});
export type Zone = z.infer<typeof zoneSchema>;

export const bannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string(),
  openNewWindow: z.boolean(),
  sort: z.number().int(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const sysLinkSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  sort: z.number().int(),
});

export const agreementTypes = ['serviceAgreement', 'privacyAgreement'] as const;

export const enumOptionSchema = z.object({
  value: z.number().int(),
  label: z.string(),
  labelEn: z.string(),
});
export type EnumOption = z.infer<typeof enumOptionSchema>;

export interface RegionNode {
  code: string;
  name: string;
  children?: RegionNode[];
}
export const regionNodeSchema: z.ZodType<RegionNode> = z.lazy(() =>
  z.object({ code: z.string(), name: z.string(), children: z.array(regionNodeSchema).optional() }),
);
export const regionTreeKinds = ['national', 'guangxi', 'full'] as const;

export const viewWebsite = defineCall({
  name: 'viewWebsite',
  method: 'GET',
  path: '/system/api/website/view',
  summary: 'Public website info of the site found from the domain and eid',
  tags: ['system'],
  request: eidQuery,
  response: websiteInfoSchema,
});

export const viewWebsiteAuth = defineCall({
  name: 'viewWebsiteAuth',
  method: 'GET',
  path: '/system/auth/website/view',
  summary: "Website info of the session's enterprise",
  tags: ['system'],
  request: z.object({}),
  response: websiteInfoSchema,
});

export const viewCorrectDomain = defineCall({
  name: 'viewCorrectDomain',
  method: 'GET',
  path: '/system/api/website/domain',
  summary: 'The configured correct domain of an enterprise',
  tags: ['system'],
  request: z.object({ eid: id }),
  response: z.object({ eid: z.number().int(), domain: z.string() }),
});

export const viewAgreement = defineCall({
  name: 'viewAgreement',
  method: 'GET',
  path: '/system/api/website/agreement',
  summary: 'A site agreement (service or privacy), as sanitised rich text',
  tags: ['system'],
  request: eidQuery.extend({ type: z.enum(agreementTypes) }),
  response: z.object({ type: z.enum(agreementTypes), title: z.string(), content: z.string() }),
});

export const findNavItems = defineCall({
  name: 'findNavItems',
  method: 'GET',
  path: '/system/api/pc/zone/info/nav/bar/list',
  summary: 'Navigation items of the site, in order',
  tags: ['system'],
  request: eidQuery,
  response: z.array(navItemSchema),
});

export const findZones = defineCall({
  name: 'findZones',
  method: 'GET',
  path: '/system/api/pc/zone/info/list',
  summary: 'Home page zones of the site, in order',
  tags: ['system'],
  request: eidQuery,
  response: z.array(zoneSchema),
});

export const viewZoneLogo = defineCall({
  name: 'viewZoneLogo',
  method: 'GET',
  path: '/system/auth/pc/zone/info/logo',
  summary: "Logo of the session's enterprise for the header",
  tags: ['system'],
  request: z.object({}),
  response: z.object({ logoUrl: z.string(), entName: z.string() }),
});

export const findBanners = defineCall({
  name: 'findBanners',
  method: 'GET',
  path: '/system/api/banner/setting/list',
  summary: 'Home page banners',
  tags: ['system'],
  request: eidQuery,
  response: z.array(bannerSchema),
});

export const findBannersAuth = defineCall({
  name: 'findBannersAuth',
  method: 'GET',
  path: '/system/auth/banner/setting/list',
  summary: "Home page banners of the session's enterprise",
  tags: ['system'],
  request: z.object({}),
  response: z.array(bannerSchema),
});

export const findSysLinks = defineCall({
  name: 'findSysLinks',
  method: 'GET',
  path: '/system/api/sys/link/list',
  summary: 'Friendly links shown in the footer',
  tags: ['system'],
  request: eidQuery,
  response: z.array(sysLinkSchema),
});

export const findEnumOptions = defineCall({
  name: 'findEnumOptions',
  method: 'GET',
  path: '/system/api/enum/list',
  summary: 'Options of one enumeration (account-area.md section 3)',
  tags: ['system'],
  request: z.object({ enumName: z.string().trim().min(1).max(64) }),
  response: z.array(enumOptionSchema),
});

export const findRegions = defineCall({
  name: 'findRegions',
  method: 'POST',
  path: '/system/api/region/list',
  summary: 'Administrative division tree (national codes)',
  tags: ['system'],
  request: z.object({
    kind: z.enum(regionTreeKinds).default('national'),
    /** 2: province and city; 3: down to district (default). */
    depth: z.coerce.number().int().min(1).max(3).default(3),
  }),
  response: z.array(regionNodeSchema),
});

export const viewLatestAndroid = defineCall({
  name: 'viewLatestAndroid',
  method: 'GET',
  path: '/system/api/app/version/manager/android/official/latest',
  summary: 'Latest official Android app version of the site, or null',
  tags: ['system'],
  request: eidQuery,
  response: z
    .object({
      versionName: z.string(),
      versionCode: z.number().int(),
      downloadUrl: z.string(),
      updateContent: z.string(),
      forceUpdate: z.boolean(),
      releasedAt: z.string(),
    })
    .nullable(),
});

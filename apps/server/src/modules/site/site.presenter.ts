import {
  DEFAULT_THEME,
  individuationOptionsSchema,
  themeOptionsSchema,
  type NavItem,
  type TenantCode,
  type ThemeOptions,
  type WebsiteInfo,
} from '@portal/contract';
import type { schema } from '@portal/db';

type SettingsRow = typeof schema.websiteSettings.$inferSelect;
type EnterpriseRow = typeof schema.enterprises.$inferSelect;
type NavRow = typeof schema.navItems.$inferSelect;

/** Stored theme JSON merged over the defaults; unknown or malformed keys are dropped. */
export function presentTheme(stored: Record<string, unknown>): ThemeOptions {
  const merged = { ...DEFAULT_THEME };
  for (const key of Object.keys(DEFAULT_THEME) as Array<keyof ThemeOptions>) {
    const single = themeOptionsSchema.shape[key].safeParse(stored[key]);
    if (single.success) (merged as Record<string, unknown>)[key] = single.data;
  }
  return merged;
}

export function presentWebsite(
  settings: SettingsRow,
  enterprise: EnterpriseRow,
  tenantCode: TenantCode | null,
): WebsiteInfo {
  const individuation = individuationOptionsSchema.safeParse(settings.individuationOptions);
  return {
    eid: settings.eid,
    entName: settings.entName,
    tenantCode,
    lang: enterprise.lang === 'en' ? 'en' : 'zh',
    userEntLogo: settings.userEntLogo,
    websiteIco: settings.websiteIco,
    websiteDesc: settings.websiteDesc,
    websiteKeyword: settings.websiteKeyword,
    websiteIcpNo: settings.websiteIcpNo,
    websitePrnNo: settings.websitePrnNo,
    websiteCopyright: settings.websiteCopyright,
    contactPhone: settings.contactPhone,
    isEnableStatistics: settings.isEnableStatistics,
    statisticsCode: settings.isEnableStatistics ? settings.statisticsCode : '',
    websiteThemeColor: presentTheme(settings.theme),
    studyScoreType: settings.studyScoreType,
    entTypeNameStyle: settings.entTypeNameStyle,
    greyThemeOpenSet: settings.greyThemeOpenSet,
    showCoursePriceOpenSet: settings.showCoursePriceOpenSet,
    showUserCommentOpenSet: settings.showUserCommentOpenSet,
    verifyOpenSet: settings.verifyOpenSet,
    usernameOpenSet: settings.usernameOpenSet,
    registerOpenSet: settings.registerOpenSet,
    visitorOpenSet: settings.visitorOpenSet,
    defaultUserHeadPortrait: settings.defaultUserHeadPortrait,
    appDownloadQrCode: settings.appDownloadQrCode,
    isEnableAppDownload: settings.isEnableAppDownload,
    correctDomain: enterprise.correctDomain,
    h5Url: settings.h5Url,
    individuationOptions: individuation.success ? individuation.data : {},
  };
}

export function presentNavItem(row: NavRow): NavItem {
  const url = row.menuType === 3 && row.topicId !== null ? `/topic/cate/${row.topicId}` : row.url;
  return {
    id: row.id,
    name: row.name,
    nameEn: row.nameEn || row.name,
    menuType: row.menuType,
    url,
    topicId: row.topicId,
    sort: row.sort,
    openNewWindow: row.openNewWindow,
  };
}

/** Business constants and limits (platform.md section 9, account-area.md section 9). */
export const HTTP_TIMEOUT_MS = 300_000;
export const TOKEN_COOKIE = 'token';
export const TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const FIRST_VISIT_COOKIE = 'first_visit';
export const FIRST_VISIT_TTL_MS = 12 * 60 * 60 * 1000;
export const LANG_COOKIE = 'i18n_redirected';
export const LANG_COOKIE_DAYS = 365;
export const TOAST_DEDUPE_MS = 2000;
export const RELOAD_GUARD_MS = 60_000;
export const LOADING_BAR_DURATION_MS = 5000;
export const LOADING_BAR_THROTTLE_MS = 200;
export const DEFAULT_CONTACT_PHONE = '0771-966111';
export const LAYOUT_WIDTH = 1200;
export const NAV_INLINE_ITEMS = 5;
export const NAV_POPOVER_ABOVE = 6;
export const SCROLL_THRESHOLD_PX = 100;
export const FIXED_HEADER_HEIGHT_PX = 190;
export const HEADER_HEIGHTS = { 1: 66, 2: 100, 3: 75 } as const;
export const NAV_HEIGHT_STYLE2 = 60;
export const QR_CODE_SIZE = 150;
export const NO_DISPOSE_FLAG = '_No_dispose';
export const PLATFORM_HEADER_VALUE = 'WEB-CLIENT';
export const THIRD_PARTY_STATE_PREFIX = 'LEARNPORTAL_';
export const COMMENT_PAGE_SIZE = 10;
export const EXPORT_PAGE_SIZE = 10;
/** The header's export-download list asks this many a page (account-area.md section 9). */
export const EXPORT_LIST_PAGE_SIZE = 20;
/** SMS verification codes are 6 characters (account-area.md section 9). */
export const SMS_CODE_LENGTH = 6;
export const RANK_PAGE_SIZE = 3;
export const DEFAULT_LANG = 'zh';
export const LANGS = ['zh', 'en'] as const;
export const DEFAULT_H5_PATH = '/h5';

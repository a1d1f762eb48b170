import type { ThemeConfig } from 'antd';
import type { ThemeOptions } from '@portal/contract';

/** CSS-variable key antd puts on every component root; the tenant's variables are set on it. */
const ANTD_CSS_VAR_KEY = 'portal';

/**
 * antd theme of a tenant. zeroRuntime: component styles come from the stylesheet built once
 * (base) plus the tenant's variable block, never generated per request (DESIGN.md section 6).
 */
export function antdTheme(theme: Pick<ThemeOptions, 'themeColor'>, zeroRuntime = true): ThemeConfig {
  return {
    zeroRuntime,
    hashed: false,
    cssVar: { key: ANTD_CSS_VAR_KEY, prefix: 'ant' },
    token: {
      colorPrimary: theme.themeColor,
      colorInfo: theme.themeColor,
      colorLink: theme.themeColor,
      borderRadius: 4,
      fontFamily:
        "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
    },
  };
}

/** The portal's own CSS variables for header, navigation and footer colours and the page width. */
export function portalCssVars(t: ThemeOptions): string {
  return [
    `--portal-theme:${t.themeColor}`,
    `--portal-header-bg:${t.headerBgColor}`,
    `--portal-header-color:${t.headerFontColor}`,
    `--portal-nav-bg:${t.navBgColor}`,
    `--portal-nav-color:${t.navFontColor}`,
    `--portal-nav-highlight:${t.navHighlightColor}`,
    `--portal-footer-bg:${t.footerBgColor}`,
    `--portal-footer-color:${t.footerFontColor}`,
    `--portal-font-color:${t.fontColor}`,
    `--portal-highlight:${t.highlightColor}`,
    `--portal-wrapper-width:${t.pcWrapperWidth}px`,
  ].join(';');
}

import type { ThemeConfig } from 'antd';
import type { ThemeOptions } from '@portal/contract';
import { accessibleThemeColor, hoverThemeColor, lightThemeTint, readableText } from './contrast.ts';

/** CSS-variable key antd puts on every component root; the tenant's variables are set on it. */
const ANTD_CSS_VAR_KEY = 'portal';

/**
 * antd theme of a tenant. zeroRuntime: component styles come from the stylesheet built once
 * (base) plus the tenant's variable block, never generated per request (DESIGN.md section 6).
 */
export function antdTheme(theme: Pick<ThemeOptions, 'themeColor'>, zeroRuntime = true): ThemeConfig {
  // antd puts the primary colour on text (links, the current menu item) and under white text
  // (primary buttons): the tenant's colour, or its nearest shade readable in both (decision 025).
  const primary = accessibleThemeColor(theme.themeColor);
  return {
    zeroRuntime,
    hashed: false,
    cssVar: { key: ANTD_CSS_VAR_KEY, prefix: 'ant' },
    token: {
      colorPrimary: primary,
      colorInfo: primary,
      colorLink: primary,
      // Hovered: darker, not antd's lighter shade, which white text cannot be read on (4.5:1).
      colorPrimaryHover: hoverThemeColor(theme.themeColor),
      colorLinkHover: hoverThemeColor(theme.themeColor),
      // The tints the primary colour is text on (the current menu item, processing tags): light
      // enough for it whatever the hue.
      colorPrimaryBg: lightThemeTint(theme.themeColor),
      colorInfoBg: lightThemeTint(theme.themeColor),
      // antd's grey texts (descriptions, the password hint, counts, placeholders) are 0.45 and
      // 0.25 black, below 4.5:1 on white; these are the lightest that reach it.
      colorTextDescription: 'rgba(0,0,0,0.58)',
      colorTextTertiary: 'rgba(0,0,0,0.58)',
      colorTextPlaceholder: 'rgba(0,0,0,0.58)',
      // Error texts (form messages) at 5.6:1 instead of #ff4d4f's 3.3:1.
      colorError: '#cf1322',
      // Hovered danger links and buttons: darker, not antd's lighter #db373f, which fell to 4.34:1
      // on a hovered table row (#fafafa).
      colorErrorHover: '#a8071a',
      colorErrorTextHover: '#a8071a',
      // A loading button keeps its colours (the spinner says it is busy): faded, white text on the
      // primary colour falls below 4.5:1.
      opacityLoading: 1,
      borderRadius: 4,
      fontFamily:
        "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
    },
  };
}

/**
 * The portal's own CSS variables for header, navigation and footer colours and the page width. Each
 * text colour reaches 4.5:1 on the background it is shown on: where the tenant's pair does not, the
 * text moves to the nearest shade that does, or to black or white (decision 025).
 */
export function portalCssVars(t: ThemeOptions): string {
  return [
    `--portal-theme:${accessibleThemeColor(t.themeColor)}`,
    `--portal-header-bg:${t.headerBgColor}`,
    `--portal-header-color:${readableText(t.headerFontColor, t.headerBgColor)}`,
    `--portal-nav-bg:${t.navBgColor}`,
    `--portal-nav-color:${readableText(t.navFontColor, t.navBgColor)}`,
    // The current item of the navigation: on the navigation's background in every style.
    `--portal-nav-highlight:${readableText(t.navHighlightColor, t.navBgColor)}`,
    `--portal-footer-bg:${t.footerBgColor}`,
    `--portal-footer-color:${readableText(t.footerFontColor, t.footerBgColor)}`,
    `--portal-font-color:${readableText(t.fontColor, '#ffffff')}`,
    `--portal-highlight:${t.highlightColor}`,
    `--portal-wrapper-width:${t.pcWrapperWidth}px`,
  ].join(';');
}

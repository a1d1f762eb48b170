import type { ThemeOptions } from './calls/system.ts';

/** Theme defaults (platform.md section 3). A light module: browser code imports it directly. */
export const DEFAULT_THEME: ThemeOptions = {
  themeColor: '#1668dc',
  headerBgColor: '#ffffff',
  headerFontColor: '#333333',
  navBgColor: '#1668dc',
  navFontColor: '#ffffff',
  navHighlightColor: '#ffffff',
  footerBgColor: '#2b2f3a',
  footerFontColor: '#c7cad1',
  fontColor: '#333333',
  highlightColor: '#1668dc',
  pcWrapperWidth: 1200,
  pcNavThemeStyle: 1,
};

import { createElement } from 'react';
import { ConfigProvider } from 'antd';
import { extractStyle } from '@ant-design/static-style-extract';
import { LRUCache } from 'lru-cache';
import { DEFAULT_THEME, type ThemeOptions } from '@portal/contract';
import { antdTheme, portalCssVars } from './antd-theme.ts';

/**
 * The tenant theme's CSS: antd's variable blocks for the tenant's colours (only the rules that
 * differ from the default theme, whose full stylesheet is built once) plus the portal's own
 * variables. Computed once per distinct theme and cached, so a page pays no style extraction.
 */
const cache = new LRUCache<string, string>({ max: 500 });
let baseRules: Set<string> | undefined;

function extractRules(theme: Pick<ThemeOptions, 'themeColor'>): string[] {
  const css = extractStyle((node) => createElement(ConfigProvider, { theme: antdTheme(theme, false) }, node));
  return css.split('}').filter((r) => r.trim());
}

/** The whole antd stylesheet for the default theme (written into the client build). */
export function baseAntdCss(): string {
  return extractRules(DEFAULT_THEME).join('}') + '}';
}

export function tenantThemeCss(theme: ThemeOptions, grey: boolean): string {
  const key = `${JSON.stringify(theme)}|${grey}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  baseRules ??= new Set(extractRules(DEFAULT_THEME));
  const antdVars =
    theme.themeColor.toLowerCase() === DEFAULT_THEME.themeColor.toLowerCase()
      ? ''
      : extractRules(theme)
          .filter((r) => !baseRules!.has(r) && !r.includes('.css-var-_'))
          .map((r) => `${r}}`)
          .join('');
  const css = `:root{${portalCssVars(theme)}}${antdVars}${grey ? 'html{filter:grayscale(100%)}' : ''}`;
  cache.set(key, css);
  return css;
}

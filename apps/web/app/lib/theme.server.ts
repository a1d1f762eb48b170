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
let baseBlocks: Map<string, Map<string, string>> | undefined;

function extractCss(theme: Pick<ThemeOptions, 'themeColor'>): string {
  return extractStyle((node) => createElement(ConfigProvider, { theme: antdTheme(theme, false) }, node));
}

/**
 * The top-level variable blocks of a stylesheet: `.portal{--ant-…}`, `.portal.ant-btn{--ant-button-…}`
 * (selectors on the CSS-variable key whose bodies are plain declarations). Only these depend on the
 * theme's colours; everything else is the same for every tenant.
 */
export function variableBlocks(css: string): string[] {
  return css.match(/(?<=^|\})\.portal[^{}@]*\{[^{}]*\}/g) ?? [];
}

/** The whole antd stylesheet for the default theme (written into the client build). */
export function baseAntdCss(): string {
  return extractCss(DEFAULT_THEME);
}

/** `.sel{--a:1;--b:2}` → selector and its declarations. */
function parseBlocks(css: string): Map<string, Map<string, string>> {
  const blocks = new Map<string, Map<string, string>>();
  for (const block of variableBlocks(css)) {
    const open = block.indexOf('{');
    const decls = new Map<string, string>();
    for (const decl of block.slice(open + 1, -1).split(';')) {
      const colon = decl.indexOf(':');
      if (colon > 0) decls.set(decl.slice(0, colon).trim(), decl.slice(colon + 1).trim());
    }
    blocks.set(block.slice(0, open).trim(), decls);
  }
  return blocks;
}

/** Only the declarations of the tenant's variable blocks that differ from the default theme's. */
function changedDeclarations(theme: ThemeOptions): string {
  baseBlocks ??= parseBlocks(extractCss(DEFAULT_THEME));
  let out = '';
  for (const [selector, decls] of parseBlocks(extractCss(theme))) {
    const base = baseBlocks.get(selector);
    const changed = [...decls].filter(([name, value]) => base?.get(name) !== value);
    if (changed.length) out += `${selector}{${changed.map(([n, v]) => `${n}:${v}`).join(';')}}`;
  }
  return out;
}

export function tenantThemeCss(theme: ThemeOptions, grey: boolean): string {
  const key = `${JSON.stringify(theme)}|${grey}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const antdVars =
    theme.themeColor.toLowerCase() === DEFAULT_THEME.themeColor.toLowerCase() ? '' : changedDeclarations(theme);
  const css = `:root{${portalCssVars(theme)}}${antdVars}${grey ? 'html{filter:grayscale(100%)}' : ''}`;
  cache.set(key, css);
  return css;
}

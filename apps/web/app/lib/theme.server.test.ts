import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '@portal/contract/theme';
import { tenantThemeCss, variableBlocks } from './theme.server.ts';

describe('tenant theme CSS', () => {
  const red = { ...DEFAULT_THEME, themeColor: '#b4232a', headerBgColor: '#b4232a', pcNavThemeStyle: 2 as const };

  it('carries the portal variables and only the antd variables the colour changes', () => {
    const css = tenantThemeCss(red, false);
    expect(css).toContain('--portal-theme:#b4232a');
    expect(css).toContain('--portal-header-bg:#b4232a');
    expect(css).toContain('--portal-wrapper-width:1200px');
    expect(css.toLowerCase()).toContain('--ant-color-primary:#b4232a');
    // Size-independent tokens are not repeated (they are in the base stylesheet).
    expect(css).not.toContain('--ant-font-size:');
    expect(css.length).toBeLessThan(12_000);
    expect(css).not.toContain('grayscale');
  });

  it('adds the grey filter when the site asks for it', () => {
    expect(tenantThemeCss(red, true)).toContain('html{filter:grayscale(100%)}');
  });

  it('needs no antd variables for the default colour', () => {
    const css = tenantThemeCss(DEFAULT_THEME, false);
    expect(css).not.toContain('--ant-');
    expect(css.startsWith(':root{--portal-theme:#1668dc')).toBe(true);
  });

  it('returns the same string for the same theme (computed once)', () => {
    expect(tenantThemeCss(red, false)).toBe(tenantThemeCss({ ...red }, false));
  });

  it('finds only top-level variable blocks on the CSS-variable key (none inside @media)', () => {
    const css = '.portal{--a:1}.x{color:red}@media (min-width:1px){.portal.ant-btn{--b:2}}.portal.ant-btn{--c:3}';
    expect(variableBlocks(css)).toEqual(['.portal{--a:1}', '.portal.ant-btn{--c:3}']);
  });
});

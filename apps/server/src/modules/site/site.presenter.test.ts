import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '@portal/contract';
import { presentTheme } from './site.presenter.ts';

describe('presentTheme', () => {
  it('merges stored colours over the defaults', () => {
    expect(presentTheme({ themeColor: '#b4232a', pcNavThemeStyle: 2 })).toEqual({
      ...DEFAULT_THEME,
      themeColor: '#b4232a',
      pcNavThemeStyle: 2,
    });
  });

  it('drops anything that is not a colour, so nothing can break out of the page style', () => {
    const theme = presentTheme({
      themeColor: 'red}</style><img src=x onerror=alert(1)>',
      headerBgColor: 'url(javascript:alert(1))',
      navBgColor: 'rgba(0, 0, 0, 0.5)',
      pcWrapperWidth: 99999,
      pcNavThemeStyle: 7,
    });
    expect(theme.themeColor).toBe(DEFAULT_THEME.themeColor);
    expect(theme.headerBgColor).toBe(DEFAULT_THEME.headerBgColor);
    expect(theme.navBgColor).toBe('rgba(0, 0, 0, 0.5)');
    expect(theme.pcWrapperWidth).toBe(1200);
    expect(theme.pcNavThemeStyle).toBe(1);
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '@portal/contract';
import { ThemeCss } from './theme.ts';

const theme = (themeColor: string) => ({ ...DEFAULT_THEME, themeColor });

// Theme CSS comes from a worker thread that loads antd once and serves the themes asked for while
// it lives (every tenant's first page after a restart asks for its own).
const themes = new ThemeCss(300);
afterAll(() => themes.close());

describe('tenant theme CSS', () => {
  it('extracts each theme once, with one worker for themes asked for close together', async () => {
    const [red, green] = await Promise.all([themes.get(theme('#b4232a'), false), themes.get(theme('#1f7a3a'), false)]);
    expect(red).not.toBe(green);
    expect(red.startsWith(':root{--portal-theme:')).toBe(true);
    const grey = await themes.get(theme('#b4232a'), true);
    expect(grey).not.toBe(red);
    expect(await themes.get(theme('#b4232a'), false)).toBe(red);
    expect(themes.started).toBe(1);
  });

  it('ends the worker when idle and starts one again for the next new theme', async () => {
    await new Promise((r) => setTimeout(r, 600));
    const blue = await themes.get(theme('#1d4ed8'), false);
    expect(blue.startsWith(':root{--portal-theme:')).toBe(true);
    expect(themes.started).toBe(2);
  });
});

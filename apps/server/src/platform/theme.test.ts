import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '@portal/contract';
import { ThemeCss, themeCodeVersion } from './theme.ts';

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
    await expect.poll(() => themes.running, { timeout: 5000 }).toBe(false);
    const blue = await themes.get(theme('#1d4ed8'), false);
    expect(blue.startsWith(':root{--portal-theme:')).toBe(true);
    expect(themes.started).toBe(2);
  });
});

describe('stored theme CSS', () => {
  it('prewarms the themes once; a restart reads them back without a worker; another code version extracts again', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'theme-css-'));
    const version = await themeCodeVersion();
    const wanted = [
      { theme: theme('#7c3aed'), grey: false },
      { theme: theme('#7c3aed'), grey: true },
    ];
    // A folder of an earlier version of the code goes at the first prewarm.
    await mkdir(path.join(dir, 'earlier'), { recursive: true });
    await writeFile(path.join(dir, 'earlier', 'x.css'), 'stale');
    const first = new ThemeCss(300, { dir, version });
    try {
      expect(await first.prewarm(wanted)).toBe(2);
      expect(await readdir(dir)).toEqual([version]);
      const violet = await first.get(wanted[0]!.theme, false);
      expect(violet.startsWith(':root{--portal-theme:')).toBe(true);
      expect(first.started).toBe(1);

      const restarted = new ThemeCss(300, { dir, version });
      expect(await restarted.prewarm(wanted)).toBe(0);
      expect(await restarted.get(wanted[0]!.theme, false)).toBe(violet);
      expect(await restarted.get(wanted[1]!.theme, true)).not.toBe(violet);
      expect(restarted.started).toBe(0);

      const upgraded = new ThemeCss(300, { dir, version: 'another' });
      try {
        expect(await upgraded.prewarm(wanted.slice(0, 1))).toBe(1);
        expect(await readdir(dir)).toEqual(['another']);
      } finally {
        await upgraded.close();
      }
    } finally {
      await first.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('names the code version by a short hash, the same for the same code', async () => {
    expect(await themeCodeVersion()).toMatch(/^[0-9a-f]{16}$/);
    expect(await themeCodeVersion()).toBe(await themeCodeVersion());
  });
});

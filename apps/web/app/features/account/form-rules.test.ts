import { describe, expect, it } from 'vitest';
import { safeRedirect } from './form-rules.ts';

describe('safeRedirect', () => {
  it('keeps paths of this site', () => {
    expect(safeRedirect('/account?change=7', '/home')).toBe('/account?change=7');
    expect(safeRedirect('/en/news/detail?id=1#top', '/home')).toBe('/en/news/detail?id=1#top');
  });
  it('refuses anything a browser would take to another site', () => {
    for (const raw of [
      '//evil.com',
      '/\\evil.com',
      '/\t/evil.com',
      '/\n/evil.com',
      'https://evil.com',
      'javascript:alert(1)',
      '',
      null,
    ]) {
      expect(safeRedirect(raw, '/home'), String(raw)).toBe('/home');
    }
  });
});

import { describe, expect, it } from 'vitest';
import { passRedirect, safeRedirect } from './form-rules.ts';

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

describe('passRedirect', () => {
  it('passes a redirect on, encoded, and only a path of this site', () => {
    expect(passRedirect('/register', '/signUp?projectId=7', '/home')).toBe(
      `/register?redirect=${encodeURIComponent('/signUp?projectId=7')}`,
    );
    expect(passRedirect('/en/login', '//evil.com', '/en/home')).toBe(
      `/en/login?redirect=${encodeURIComponent('/en/home')}`,
    );
    expect(passRedirect('/register', null, '/home')).toBe('/register');
    expect(passRedirect('/register', '', '/home')).toBe('/register');
  });
});

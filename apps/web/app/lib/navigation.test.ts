import { describe, expect, it } from 'vitest';
import {
  basePath,
  isMobileUserAgent,
  isOldIeUserAgent,
  localePath,
  mobileTarget,
  pathLang,
  resolveNavigation,
  type NavigationState,
} from './navigation.ts';

const visitor: NavigationState = {
  signedIn: false,
  visitorOpenSet: true,
  registerOpenSet: true,
  siteLang: 'zh',
  h5Url: '',
  isMobile: false,
  isOldIe: false,
  isDev: false,
  langCookie: undefined,
};
const go = (path: string, s: Partial<NavigationState> = {}) => {
  const u = new URL(path, 'http://x');
  return resolveNavigation(u.pathname, u.search, { ...visitor, ...s });
};

describe('paths and languages', () => {
  it('reads the language from the /en prefix only', () => {
    expect(pathLang('/en')).toBe('en');
    expect(pathLang('/en/home')).toBe('en');
    expect(pathLang('/english')).toBe('zh');
    expect(basePath('/en/news/')).toBe('/news');
    expect(basePath('/en')).toBe('/');
    expect(localePath('/home', 'en')).toBe('/en/home');
    expect(localePath('/', 'en')).toBe('/en');
    expect(localePath('/home', 'zh')).toBe('/home');
  });
});

describe('root redirect', () => {
  it('goes to /home with visitor mode on and to /login with it off', () => {
    expect(go('/')).toBe('/home');
    expect(go('/', { visitorOpenSet: false })).toBe('/login');
    expect(go('/en', { visitorOpenSet: false })).toBe('/en/login');
    expect(go('/', { visitorOpenSet: false, signedIn: true })).toBe('/home');
  });
  it('follows the remembered language on the bare root', () => {
    expect(go('/', { langCookie: 'en' })).toBe('/en/home');
  });
});

describe('route guard without a session', () => {
  it('lets public paths through', () => {
    for (const p of [
      '/home',
      '/news',
      '/news/detail?id=3',
      '/login',
      '/register',
      '/agreement',
      '/ie',
      '/certificate/query',
      '/company/in',
      '/app/download',
    ]) {
      expect(go(p)).toBeNull();
    }
  });
  it('sends other paths to /login with the encoded original path and query', () => {
    expect(go('/account?change=7')).toBe(`/login?redirect=${encodeURIComponent('/account?change=7')}`);
    expect(go('/en/knowledge')).toBe(`/en/login?redirect=${encodeURIComponent('/en/knowledge')}`);
  });
  it('leaves unknown pages to the 404 page', () => {
    expect(go('/no/such/page')).toBeNull();
    expect(go('/en/account/nothing')).toBeNull();
  });
  it('sends /topic to /login', () => {
    expect(go('/topic')).toBe('/login');
    expect(go('/topic/cate/5')).toBe('/login');
  });
  it('closes the visitor-only paths when visitor mode is off, but not the other public ones', () => {
    expect(go('/news', { visitorOpenSet: false })).toBe(`/login?redirect=${encodeURIComponent('/news')}`);
    expect(go('/about', { visitorOpenSet: false })).toBeNull();
    // The certificate check is open on every site (decision 030).
    expect(go('/certificate/query?number=ZS1001202600000001', { visitorOpenSet: false })).toBeNull();
    expect(go('/en/certificate/query', { visitorOpenSet: false })).toBeNull();
    expect(go('/login', { visitorOpenSet: false })).toBeNull();
  });
  it('opens a live room to visitors in visitor mode only (issue 24)', () => {
    expect(go('/live/watch?id=3')).toBeNull();
    expect(go('/en/live/watch?id=3')).toBeNull();
    expect(go('/live/watch?id=3', { visitorOpenSet: false })).toBe(
      `/login?redirect=${encodeURIComponent('/live/watch?id=3')}`,
    );
    expect(go('/en/live/watch?id=3', { visitorOpenSet: false })).toBe(
      `/en/login?redirect=${encodeURIComponent('/en/live/watch?id=3')}`,
    );
  });
  it('opens the training enrolment page to visitors in visitor mode only (decision 063)', () => {
    expect(go('/signUp?projectId=7')).toBeNull();
    expect(go('/en/signUp')).toBeNull();
    expect(go('/signUp?projectId=7', { visitorOpenSet: false })).toBe(
      `/login?redirect=${encodeURIComponent('/signUp?projectId=7')}`,
    );
    expect(go('/signUp?projectId=7', { visitorOpenSet: false, signedIn: true })).toBeNull();
  });
  it('sends /register to /home when registration is off', () => {
    expect(go('/register', { registerOpenSet: false })).toBe('/home');
  });
});

describe('route guard with a session', () => {
  it('sends /login to /home and lets account pages through', () => {
    expect(go('/login', { signedIn: true })).toBe('/home');
    // Signed in without an enterprise chosen (code 309): every page leads to /company.
    expect(go('/home', { signedIn: true, choosingEnterprise: true })).toBe('/company');
    expect(go('/account', { signedIn: true, choosingEnterprise: true })).toBe('/company?redirect=%2Faccount');
    expect(go('/en/news', { signedIn: true, choosingEnterprise: true })).toBe('/en/company?redirect=%2Fen%2Fnews');
    expect(go('/company', { signedIn: true, choosingEnterprise: true })).toBeNull();
    expect(go('/en/login', { signedIn: true })).toBe('/en/home');
    expect(go('/account', { signedIn: true })).toBeNull();
    expect(go('/topic/cate/1', { signedIn: true })).toBeNull();
  });
});

describe('English redirect', () => {
  it('adds /en when the site language is English, keeping the query', () => {
    expect(go('/about?x=1', { siteLang: 'en' })).toBe('/en/about?x=1');
    expect(go('/en/about', { siteLang: 'en' })).toBeNull();
  });
});

describe('unsupported browsers', () => {
  it('sends Internet Explorer to /ie, whatever the page', () => {
    expect(go('/home', { isOldIe: true })).toBe('/ie');
    expect(go('/en/account', { isOldIe: true })).toBe('/en/ie');
    expect(go('/ie', { isOldIe: true })).toBeNull();
    expect(isOldIeUserAgent('Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko')).toBe(true);
    expect(isOldIeUserAgent('Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1)')).toBe(true);
    expect(isOldIeUserAgent('Mozilla/5.0 (Windows NT 10.0) Chrome/130.0 Safari/537.36 Edg/130.0')).toBe(false);
  });
});

describe('mobile redirect', () => {
  const h5 = { isMobile: true, h5Url: 'https://m.example.com/h5' };
  it('only happens with an H5 address, outside development, and never for /app/download', () => {
    expect(go('/home', { isMobile: true })).toBeNull();
    expect(go('/home', { ...h5, isDev: true })).toBeNull();
    expect(go('/app/download', h5)).toBeNull();
    expect(go('/home', h5)).toBe('https://m.example.com/h5');
  });
  it('maps the special pages', () => {
    expect(mobileTarget('/agreement', '?type=privacyAgreement', '/h5')).toBe(
      '/h5/pages/login/agreement?type=privacyAgreement',
    );
    expect(mobileTarget('/agreement', '', '/h5')).toBe('/h5/pages/login/agreement?type=serviceAgreement');
    expect(mobileTarget('/batchPackage/query', '?a=1&b=2', '/h5')).toBe('/h5/pages/batchPackage/query?a=1&b=2');
    expect(mobileTarget('/certificate/query', '?x=1', '/h5')).toBe('/h5/pages/certificate/query');
    expect(mobileTarget('/live/watch/42', '', '/h5')).toBe('/h5/pages/live/watch?id=42');
  });
  it('recognises phones but not desktops', () => {
    expect(isMobileUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe(true);
    expect(isMobileUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36')).toBe(true);
    expect(isMobileUserAgent('Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36')).toBe(false);
  });
});

describe('pages with parameters', () => {
  it('knows /search/{keyword} and /topic/cate/{id?}, not what merely starts like them', async () => {
    const { findPage } = await import('../pages.ts');
    expect(findPage('/search/医保')?.path).toBe('search/:str');
    expect(findPage('/search')).toBeUndefined();
    expect(findPage('/search/a/b')).toBeUndefined();
    expect(findPage('/topic/cate')?.path).toBe('topic/cate/:id?');
    expect(findPage('/topic/cate/3')?.path).toBe('topic/cate/:id?');
    expect(findPage('/topic/cate/3/4')).toBeUndefined();
    expect(findPage('/news/detail')?.path).toBe('news/detail');
  });
});

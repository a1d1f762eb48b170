/**
 * Route guard, root redirect, English redirect and mobile redirect (platform.md sections 4 and 6,
 * account-area.md section 2). One implementation: the root loader runs it on the server for the
 * first paint, the root clientLoader runs it in the browser for every navigation.
 */
import { findPage } from '../pages.ts';

export type Lang = 'zh' | 'en';

export interface NavigationState {
  signedIn: boolean;
  /** Signed in, but no enterprise chosen yet: /company is the only page. */
  choosingEnterprise?: boolean;
  visitorOpenSet: boolean;
  registerOpenSet: boolean;
  siteLang: Lang;
  /** Mobile (H5) site address; '' turns the mobile redirect off. */
  h5Url: string;
  isMobile: boolean;
  /** Internet Explorer, which cannot run the portal: it gets the /ie page. */
  isOldIe: boolean;
  isDev: boolean;
  /** The i18n_redirected cookie, if set. */
  langCookie: Lang | undefined;
}

/** Paths needing no sign-in (platform.md section 6). */
const PUBLIC_PATHS = [
  '/test',
  '/home',
  '/news',
  '/news/detail',
  '/news/categorySearch',
  '/about',
  '/login',
  '/register',
  '/agreement',
  '/forget',
  '/crm',
  '/boss',
  '/h5',
  '/callbackLogin',
  '/thirdLogin',
  '/app/download',
  '/ie',
  '/company/in',
  '/certificate/query',
  '/live/watch',
  '/signUp',
] as const;

/**
 * White-listed paths only open to visitors when visitor mode is on. The spec lists
 * /certificate/query among them too, but issue 13 makes the certificate check work for visitors
 * of every site (a certificate's QR code must open it anywhere): decision 030. A live room
 * (/live/watch, issue 24) is watched by visitors where visitor mode is on, without attendance: its
 * call is a visitor call (decision 060), and a room's link is what gets shared. So is the training
 * enrolment page (/signUp, decision 063): a poster's link shows a visitor the project and the way
 * to sign in or register first, where visitor mode is on.
 */
const VISITOR_PATHS = ['/home', '/news', '/news/detail', '/ie', '/live/watch', '/signUp'] as const;

/** The language of a path: `/en` prefix is English. */
export function pathLang(pathname: string): Lang {
  return pathname === '/en' || pathname.startsWith('/en/') ? 'en' : 'zh';
}

/** The path without its `/en` prefix and trailing slash: `/en/news/` → `/news`. */
export function basePath(pathname: string): string {
  let p = pathLang(pathname) === 'en' ? pathname.slice(3) : pathname;
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p || '/';
}

/** A path in the given language: `localePath('/home', 'en')` → `/en/home`. */
export function localePath(path: string, lang: Lang): string {
  if (lang === 'zh') return path;
  return path === '/' ? '/en' : `/en${path}`;
}

export function isPublicPath(pathname: string): boolean {
  return (PUBLIC_PATHS as readonly string[]).includes(basePath(pathname));
}

/** A path some page answers (pages.ts), as opposed to one that only the 404 page matches. */
function isKnownPath(base: string): boolean {
  return base === '/' || base.startsWith('/redirect/') || findPage(base) !== undefined;
}

/** The mobile site address for a path (account-area.md section 2). */
export function mobileTarget(pathname: string, search: string, h5Url: string): string {
  const base = h5Url.replace(/\/$/, '');
  const p = basePath(pathname);
  const query = new URLSearchParams(search);
  if (p === '/agreement') {
    const type = query.get('type') === 'privacyAgreement' ? 'privacyAgreement' : 'serviceAgreement';
    return `${base}/pages/login/agreement?type=${type}`;
  }
  if (p === '/batchPackage/query') return `${base}/pages/batchPackage/query${search}`;
  if (p === '/certificate/query') return `${base}/pages/certificate/query`;
  if (p.startsWith('/live/watch')) {
    const id = query.get('id') ?? p.split('/').filter(Boolean).pop() ?? '';
    return `${base}/pages/live/watch?id=${encodeURIComponent(id)}`;
  }
  return base;
}

/** Where to go instead of `pathname + search`, or null to stay. */
export function resolveNavigation(pathname: string, search: string, s: NavigationState): string | null {
  const lang = pathLang(pathname);
  const p = basePath(pathname);

  if (s.isOldIe) return p === '/ie' ? null : localePath('/ie', lang);
  if (s.isMobile && s.h5Url && !s.isDev && p !== '/app/download') {
    return mobileTarget(pathname, search, s.h5Url);
  }
  if (s.siteLang === 'en' && lang === 'zh') {
    return localePath(p, 'en') + search;
  }
  const to = (path: string) => localePath(path, lang);

  if (p === '/') {
    if (lang === 'zh' && s.langCookie === 'en')
      return localePath(s.signedIn || s.visitorOpenSet ? '/home' : '/login', 'en');
    return to(s.signedIn || s.visitorOpenSet ? '/home' : '/login');
  }
  if (s.choosingEnterprise) return p === '/company' ? null : `${to('/company')}${redirectQuery(pathname, search, p)}`;
  if (p === '/register' && !s.registerOpenSet) return to('/home');
  if (s.signedIn) {
    if (p === '/login') return to('/home');
    return null;
  }
  const withRedirect = () => `${to('/login')}?redirect=${encodeURIComponent(pathname + search)}`;
  if (p === '/topic' || p.startsWith('/topic/')) return to('/login');
  // An unknown page is not guarded: everyone gets its 404 (该页面不存在), not a sign-in page.
  if (!isPublicPath(pathname) && isKnownPath(p)) return withRedirect();
  if ((VISITOR_PATHS as readonly string[]).includes(p) && !s.visitorOpenSet) return withRedirect();
  return null;
}

/** `?redirect=` back to a page worth returning to (not the sign-in pages), or ''. */
function redirectQuery(pathname: string, search: string, p: string): string {
  if (p === '/' || p === '/login' || p === '/home' || !isKnownPath(p)) return '';
  return `?redirect=${encodeURIComponent(pathname + search)}`;
}

/** A coarse mobile-device test on the User-Agent (phones and small tablets, not iPad desktop mode). */
export function isMobileUserAgent(ua: string | null | undefined): boolean {
  if (!ua) return false;
  return /Android.+Mobile|iPhone|iPod|Windows Phone|HarmonyOS.+Mobile|MicroMessenger.+Mobile|Mobile Safari/i.test(ua);
}

/** Internet Explorer (MSIE up to 10, Trident for 11). */
export function isOldIeUserAgent(ua: string | null | undefined): boolean {
  return !!ua && /MSIE |Trident\//.test(ua);
}

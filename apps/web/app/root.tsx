import { lazy, Suspense, useEffect } from 'react';
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  useNavigate,
  useRouteError,
  useRouteLoaderData,
  type ClientLoaderFunctionArgs,
  type HeadersFunction,
  type ShouldRevalidateFunction,
} from 'react-router';
import { viewCurrentUser } from '@portal/contract/calls/account';
import { FIRST_VISIT_COOKIE, LANG_COOKIE, TOKEN_COOKIE } from '@portal/contract/constants';
import { bindRequestUi } from './lib/api.ts';
import { useHydrated } from './lib/use-hydrated.ts';
import { LangContext } from './lib/i18n.ts';
import {
  isMobileUserAgent,
  isOldIeUserAgent,
  pathLang,
  resolveNavigation,
  type Lang,
  type NavigationState,
} from './lib/navigation.ts';
import { forgetRootData, keptRootData, type RootData } from './lib/root-data.ts';
import { isDocumentSite, THEME_STYLE_ID, useThemeCss } from './lib/theme-css.tsx';
import { queryEid, requestedEid } from './lib/site.server.ts';
import { ErrorPage } from './shell/error-page.tsx';
import { LoadingBar } from './shell/loading-bar.tsx';
import { StatisticsCode } from './shell/statistics-code.tsx';
import antdCss from './styles/antd.css?url';
import type { Route } from './+types/root';
import appCss from './styles/app.css?url';

export const links = () => [
  { rel: 'stylesheet', href: antdCss },
  { rel: 'stylesheet', href: appCss },
];

function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  const m = header.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`));
  if (!m?.[1]) return undefined;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return undefined; // a malformed cookie is as good as none
  }
}

function navState(
  site: RootData['site'],
  isDev: boolean,
  ua: string | null,
  langCookie: string | undefined,
): NavigationState {
  return {
    signedIn: site.signedIn,
    choosingEnterprise: site.choosingEnterprise,
    visitorOpenSet: site.website.visitorOpenSet,
    registerOpenSet: site.website.registerOpenSet,
    siteLang: site.website.lang,
    h5Url: site.website.h5Url,
    isMobile: isMobileUserAgent(ua),
    isOldIe: isOldIeUserAgent(ua),
    isDev,
    langCookie: langCookie === 'en' || langCookie === 'zh' ? langCookie : undefined,
  };
}

export async function loader({ request, context: ctx }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const cookies = request.headers.get('cookie');
  const eidParam = queryEid(request);
  const eid = requestedEid(request);
  // A malformed ?eid= names no enterprise: the same 404 as an unknown one (site.server.ts).
  const site = eid === null ? null : await ctx.loadSite(request, eid);
  if (!site) {
    throw data(
      { message: pathLang(url.pathname) === 'en' ? 'This site does not exist' : '平台不存在' },
      { status: 404 },
    );
  }
  const target = resolveNavigation(
    url.pathname,
    url.search,
    navState(site, ctx.isDev, request.headers.get('user-agent'), readCookie(cookies, LANG_COOKIE)),
  );
  const headers = new Headers();
  // The enterprise a visitor chose with ?eid= is remembered, also when this answer is a redirect.
  if (eidParam) headers.append('set-cookie', `eid=${eidParam}; Path=/; SameSite=Lax`);
  // A token that no longer opens a session is removed (the page is already a visitor's).
  const signOut = `${TOKEN_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;
  if (!site.signedIn && readCookie(cookies, TOKEN_COOKIE)) headers.append('set-cookie', signOut);
  if (target) throw redirect(target, { headers });
  const user = site.signedIn && !site.choosingEnterprise ? await ctx.gateway(request, viewCurrentUser, {}) : null;
  if (user && user.code !== 200) {
    // A failed user-info load signs out (account-area.md, session start) when the session is gone:
    // the token goes and the page loads again as a visitor's, where the guard decides (to /login
    // for a private page). A busy or failing server is an error page, the session kept.
    if (user.code === RATE_LIMITED) {
      // Too many requests is said as such: 429 with Retry-After (the limits' window), not 503.
      throw data({ message: user.message }, { status: 429, headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } });
    }
    if (!SESSION_GONE.has(user.code)) throw data({ message: user.message }, { status: 503 });
    headers.append('set-cookie', signOut);
    throw redirect(url.pathname + url.search, { headers });
  }
  // For the document's <style> only (lib/theme-css.tsx): not in the data sent for hydration.
  ctx.page.themeCss = await ctx.themeCss(site.website.websiteThemeColor, site.website.greyThemeOpenSet);
  const body: RootData = {
    site,
    user: user ? user.data : null,
    lang: pathLang(url.pathname),
    nonce: ctx.nonce,
    isDev: ctx.isDev,
    checkDomain: !ctx.isDev && !readCookie(cookies, FIRST_VISIT_COOKIE),
  };
  return data(body, { headers });
}

/** Codes of a session that is no more: not signed in, expired, ended, disabled (platform.md section 8). */
const SESSION_GONE = new Set([301, 305, 307, 308]);

/** The gateway's rate-limited code, and when a page refused for it may be asked for again (the limits' window). */
const RATE_LIMITED = 429;
const RETRY_AFTER_SECONDS = 60;

/** The document's headers: a page refused by a rate limit says when to come back (Retry-After). */
export const headers: HeadersFunction = ({ errorHeaders }) => {
  const retryAfter = errorHeaders?.get('retry-after');
  return retryAfter ? { 'retry-after': retryAfter } : new Headers();
};

export async function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs) {
  const url = new URL(request.url);
  let cached = keptRootData.current;
  if (!cached || url.searchParams.has('eid')) {
    const loaded = (await serverLoader()) as RootData;
    // Another enterprise's site has its own theme, which only a document load brings (the theme's
    // CSS is not in the loader data: lib/theme-css.tsx).
    if (!isDocumentSite(loaded.site.website.eid)) {
      window.location.assign(request.url);
      return new Promise<never>(() => {});
    }
    cached = keptRootData.current = loaded;
    return cached;
  }
  const target = resolveNavigation(
    url.pathname,
    url.search,
    navState(cached.site, cached.isDev, navigator.userAgent, readCookie(document.cookie, LANG_COOKIE)),
  );
  if (target) throw redirect(target);
  return { ...cached, lang: pathLang(url.pathname), checkDomain: false };
}

export const shouldRevalidate: ShouldRevalidateFunction = () => true;

function Head({ root }: { root: RootData | undefined }) {
  const w = root?.site.website;
  const themeCss = useThemeCss();
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="renderer" content="webkit" />
      {w && (
        <>
          <title>{w.entName}</title>
          <meta name="description" content={w.websiteDesc} />
          <meta name="keywords" content={w.websiteKeyword} />
          {w.websiteIco && <link rel="icon" href={w.websiteIco} />}
        </>
      )}
      <Meta />
      <Links />
      {root && <style id={THEME_STYLE_ID} data-eid={w?.eid} dangerouslySetInnerHTML={{ __html: themeCss }} />}
    </head>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData('root') as RootData | undefined;
  if (root && typeof window !== 'undefined') keptRootData.current ??= root;
  const lang: Lang = root?.lang ?? 'zh';
  return (
    <html lang={lang === 'en' ? 'en' : 'zh-CN'}>
      <Head root={root} />
      <body>
        {children}
        <ScrollRestoration nonce={root?.nonce} />
        <Scripts nonce={root?.nonce} />
        {root && <StatisticsCode website={root.site.website} nonce={root.nonce} />}
      </body>
    </html>
  );
}

// antd loads only when it has something to show: an error toast, a dialog, the wrong-domain alert.
const loadFeedback = () => import('./features/antd/feedback.tsx');
const WrongDomainAlert = lazy(() =>
  import('./shell/wrong-domain-alert.tsx').then((m) => ({ default: m.WrongDomainAlert })),
);

/** Connects the request layer to toasts, dialogs and the router. */
function RequestUiBinding({ root }: { root: RootData }) {
  const navigate = useNavigate();
  useEffect(() => {
    const theme = root.site.website.websiteThemeColor;
    bindRequestUi({
      toastError: (text) => void loadFeedback().then((m) => m.showError(text, theme, root.lang)),
      dialog: (options) => void loadFeedback().then((m) => m.showNotice(options, theme, root.lang)),
      navigate: (to) => void navigate(to),
      leave: (to) => window.location.assign(to),
      website: () => root.site.website,
      domain: () => root.site.domain,
      clearSession: () => {
        localStorage.removeItem('personConfirmSet');
        forgetRootData();
      },
    });
    return () => bindRequestUi(undefined);
  }, [navigate, root]);
  return null;
}

/** The wrong-domain check is due and the host is not the site's configured one. */
function wrongDomain(root: RootData): boolean {
  const correct = root.site.website.correctDomain.toLowerCase();
  return root.checkDomain && correct !== '' && root.site.hostname !== correct;
}

export default function Root() {
  const root = useRouteLoaderData('root') as RootData;
  const hydrated = useHydrated();
  return (
    <LangContext.Provider value={root.lang}>
      <RequestUiBinding root={root} />
      <LoadingBar />
      <Outlet />
      {hydrated && wrongDomain(root) && (
        <Suspense fallback={null}>
          <WrongDomainAlert />
        </Suspense>
      )}
    </LangContext.Provider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData('root') as RootData | undefined;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data === 'object' && error.data && 'message' in error.data
      ? String((error.data as { message: unknown }).message)
      : undefined;
  return (
    <LangContext.Provider
      value={root?.lang ?? pathLang(typeof window === 'undefined' ? '/' : window.location.pathname)}
    >
      <main id="portal-main">
        <ErrorPage status={status} message={message} />
      </main>
    </LangContext.Provider>
  );
}

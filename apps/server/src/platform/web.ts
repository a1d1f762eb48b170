import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { createRequestHandler as CreateRequestHandler, ServerBuild } from 'react-router';
import { eq } from 'drizzle-orm';
import { ClearedCache } from './cleared-cache.ts';
import { forgetOnCourseChange } from './course-changes.ts';
import {
  ErrorCode,
  GATEWAY_PREFIX,
  LANG_COOKIE,
  TOKEN_COOKIE,
  type PortalLoadContext,
  type SiteBundle,
  type ThemeOptions,
} from '@portal/contract';
import { schema } from '@portal/db';
import { AppError } from './errors.ts';
import { gatewayOf } from './gateway.ts';
import type { Platform } from './platform.ts';
import { hostnameOf, registrableDomain } from './request-context.ts';
import type { Session } from './session.ts';
import { ThemeCss, themeCodeVersion } from './theme.ts';

export const DEFAULT_WEB_BUILD = path.resolve(import.meta.dirname, '../../../web/build');

function cookieValue(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) {
      try {
        return decodeURIComponent(part.slice(i + 1).trim());
      } catch {
        return undefined; // a malformed cookie is as good as none
      }
    }
  }
  return undefined;
}

/**
 * The in-process access of one page render (the load context): its site and its gateway calls,
 * with no HTTP round trip. The render's session is looked up once, however many loaders ask.
 */
export function createLoadContextFactory(services: Platform, app: FastifyInstance, themes = new ThemeCss()) {
  // A page render never sets a gateway answer's cookies or headers (its calls are reads).
  const noReply = new Proxy({} as FastifyReply, {
    get: (_target, name) => {
      throw new Error(`a page render's gateway call used reply.${String(name)}`);
    },
  });

  return (requestId: string, nonce: string, remoteAddress: string): PortalLoadContext => {
    let session: Promise<Session> | undefined;
    const sessionOf = (token: string | undefined) => (session ??= services.sessions.authenticate(token));
    const sites = new Map<string, Promise<SiteBundle | null>>();

    const loadSite = async (request: Request, eid: number | undefined): Promise<SiteBundle | null> => {
      const host = request.headers.get('host') ?? 'localhost';
      const domain = registrableDomain(host);
      const token = cookieValue(request.headers.get('cookie'), TOKEN_COOKIE);
      let sessionEid: number | undefined;
      let choosingEnterprise = false;
      if (token) {
        try {
          sessionEid = (await sessionOf(token)).eid;
        } catch (err) {
          // A token that opens no session (unknown, expired, ended, disabled) makes a visitor; a
          // database failure is an error, not a sign-out.
          if (!(err instanceof AppError)) throw err;
          sessionEid = undefined;
          choosingEnterprise = err.code === ErrorCode.CHOOSE_ENTERPRISE;
        }
      }
      let siteEid: number;
      try {
        siteEid = sessionEid ?? (await services.tenancy.resolveEid({ domain, eid }));
      } catch (err) {
        if (err instanceof AppError && err.code === ErrorCode.ENTERPRISE_NOT_FOUND) return null;
        throw err;
      }
      const [website, nav, links] = await Promise.all([
        services.site.viewWebsite(siteEid),
        services.site.findNavItems(siteEid),
        services.site.findSysLinks(siteEid),
      ]);
      return {
        website,
        nav,
        links,
        signedIn: sessionEid !== undefined || choosingEnterprise,
        choosingEnterprise,
        domain,
        hostname: hostnameOf(host),
      };
    };

    return {
      requestId,
      nonce,
      isDev: services.config.NODE_ENV === 'development',
      // Every loader of the render asks for the same site: found once.
      loadSite: (request, eid) => {
        const key = String(eid);
        let site = sites.get(key);
        if (!site) sites.set(key, (site = loadSite(request, eid)));
        return site;
      },
      loadBanners: (eid, signedIn) => services.site.findBanners(eid, signedIn),
      themeCss: (theme, grey) => themes.get(theme, grey),
      page: { themeCss: null },
      gateway: async (request, call, input) => {
        const url = new URL(request.url);
        const cookieHeader = request.headers.get('cookie');
        const token = cookieValue(cookieHeader, TOKEN_COOKIE);
        const host = request.headers.get('host') ?? 'localhost';
        const payload = (input ?? {}) as Record<string, unknown>;
        // A public call's enterprise comes from the query only (never a body), as over HTTP.
        const eidQuery = typeof payload.eid === 'number' ? payload.eid : undefined;
        // Query input as a URL carries it: strings.
        const raw =
          call.requestIn === 'query'
            ? Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)]))
            : payload;
        const headers: Record<string, string> = { host };
        const userAgent = request.headers.get('user-agent');
        if (userAgent) headers['user-agent'] = userAgent;
        const req = {
          id: requestId,
          ip: remoteAddress,
          method: call.method,
          url: GATEWAY_PREFIX + call.path,
          protocol: url.protocol === 'https:' ? 'https' : 'http',
          headers,
          cookies: token ? { [TOKEN_COOKIE]: token } : {},
          query: call.requestIn === 'query' ? raw : {},
          body: call.requestIn === 'query' ? undefined : raw,
          get log() {
            return app.log.child({ reqId: requestId });
          },
        } as unknown as FastifyRequest;
        const envelope = await gatewayOf(app).invoke(call, raw, {
          req,
          reply: noReply,
          // Messages come back in the page's language (the /en prefix), whatever the cookie says.
          lang: /^\/en(\/|$)/.test(url.pathname) ? 'en' : 'zh',
          token,
          domain: () => registrableDomain(host),
          eidQuery: () => eidQuery,
          session: () => sessionOf(token),
        });
        return envelope as never;
      },
    };
  };
}

function toWebRequest(req: FastifyRequest, reply: FastifyReply): Request {
  const origin = `${req.protocol}://${req.headers.host ?? 'localhost'}`;
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = Readable.toWeb(req.raw) as unknown as ReadableStream;
    init.duplex = 'half';
  }
  return new Request(origin + req.url, init);
}

interface CachedPage {
  headers: Array<[string, string]>;
  csp: string;
  body: Buffer;
}

function sendCached(reply: FastifyReply, page: CachedPage) {
  reply.status(200);
  for (const [k, value] of page.headers) reply.header(k, value);
  reply.header('content-security-policy', page.csp);
  reply.header('cache-control', 'private, no-cache');
  return reply.send(page.body);
}

/**
 * The cache key of a visitor's page request, or undefined when the page is not cacheable: only
 * GET without a session token; the key holds everything the page depends on (host, URL, user
 * agent for the mobile and IE redirects, the cookies the root loader reads).
 */
export function visitorPageKey(req: FastifyRequest, ttlMs: number): string | undefined {
  if (ttlMs <= 0 || req.method !== 'GET') return undefined;
  const cookies = req.cookies ?? {};
  if (cookies[TOKEN_COOKIE]) return undefined;
  return [
    req.headers.host ?? '',
    req.url,
    req.headers['user-agent'] ?? '',
    cookies.eid ?? '',
    cookies[LANG_COOKIE] ?? '',
    cookies.first_visit ? '1' : '0',
  ].join('\n');
}

/** The CSP of a finished page: its inline scripts allowed by their SHA-256 hashes. */
export function pageCspForHtml(html: string): string {
  const hashes = new Set<string>();
  for (const m of html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
    );
  }
  return pageCsp([...hashes].join(' '));
}

/**
 * Content-Security-Policy of a page: scripts only with this response's nonce or hashes, and what
 * those load ('strict-dynamic': also Polyv's player script, which the course player adds). The
 * players need workers of the app's own (pdf.js) or made in the page (xgplayer-hls), media from
 * the app, blob URLs (HLS through MSE) and video hosts, and Polyv's player its own hosts.
 */
export function pageCsp(allowed: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${allowed} 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self' https://*.polyv.net https://*.videocc.net",
    "media-src 'self' blob: https:",
    "worker-src 'self' blob:",
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * Serves the built web app: static assets from build/client (hashed assets cached for a year) and
 * every other GET through React Router's server build, rendered with the in-process load context.
 */
export async function mountWeb(
  app: FastifyInstance,
  services: Platform,
  buildDir = DEFAULT_WEB_BUILD,
): Promise<{ prewarmThemes(): Promise<number> }> {
  const serverEntry = path.join(buildDir, 'server/index.js');
  if (!existsSync(serverEntry)) {
    throw new Error(`The web app is not built (${serverEntry} is missing). Run "npm run build" first.`);
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  // The build's own React Router (its production build, apps/web/vite.config.ts) makes the
  // handler: one copy of React Router for the handler and the routes it renders.
  const { createRequestHandler } = build.entry.module as unknown as {
    createRequestHandler: typeof CreateRequestHandler;
  };
  const handle = createRequestHandler(build, services.config.NODE_ENV === 'production' ? 'production' : 'development');
  const themes = new ThemeCss(undefined, {
    dir: path.join(services.config.DATA_DIR, 'theme-css'),
    version: await themeCodeVersion(),
  });
  const makeContext = createLoadContextFactory(services, app, themes);

  await app.register(fastifyStatic, {
    root: path.join(buildDir, 'client'),
    wildcard: false,
    index: false,
    preCompressed: true,
    // Cache-Control is ours (setHeaders): @fastify/static would otherwise send its own max-age=0
    // after setHeaders has run.
    cacheControl: false,
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.setHeader('cache-control', 'public, max-age=3600');
      }
    },
  });

  const pageCache = new ClearedCache<CachedPage>({ max: 1000, ttlMs: services.config.PAGE_CACHE_TTL_MS });
  // A visitor's page that shows what the back office changed is rendered again at once (decision
  // 040); pages are keyed by host, not enterprise, and administrators' changes are rare: all go.
  services.contentChanges.subscribe(() => pageCache.clear());
  // A visitor's page shows the site's zones, menus and theme: a change of them forgets the pages.
  services.site.onChange(() => pageCache.clear());
  // Visitors' pages show course zones and lists: a course change drops them at once (decision 039).
  void forgetOnCourseChange(services.database.changes, () => pageCache.clear());

  const render = async (req: FastifyRequest, reply: FastifyReply) => {
    const key = visitorPageKey(req, services.config.PAGE_CACHE_TTL_MS);
    const cached = key === undefined ? undefined : pageCache.get(key);
    if (cached) return sendCached(reply, cached);

    const mark = pageCache.mark();
    const nonce = randomBytes(16).toString('base64');
    const response = await handle(toWebRequest(req, reply), makeContext(String(req.id), nonce, req.ip) as never);
    const isHtml = (response.headers.get('content-type') ?? '').includes('text/html');
    const cookies = response.headers.getSetCookie();
    if (key !== undefined && isHtml && response.status === 200 && cookies.length === 0 && response.body) {
      // A visitor's page: rendered once, kept for PAGE_CACHE_TTL_MS, with a hash-based CSP since
      // a nonce must not be served twice.
      const html = await response.text();
      const page: CachedPage = {
        headers: [...response.headers].filter(([k]) => k !== 'set-cookie' && k !== 'content-length'),
        csp: pageCspForHtml(html),
        body: Buffer.from(html),
      };
      pageCache.set(key, page, mark);
      return sendCached(reply, page);
    }
    reply.status(response.status);
    for (const [k, value] of response.headers) {
      if (k === 'set-cookie') continue;
      reply.header(k, value);
    }
    if (cookies.length) reply.header('set-cookie', cookies);
    if (isHtml) {
      reply.header('content-security-policy', pageCsp(`'nonce-${nonce}'`));
      // Pages depend on the host and the visitor's cookies: never stored by shared caches.
      if (!response.headers.has('cache-control')) reply.header('cache-control', 'private, no-cache');
    }
    if (!response.body) return reply.send();
    return reply.send(Readable.fromWeb(response.body as never));
  };

  app.route({ method: ['GET', 'HEAD'], url: '/*', handler: render });
  if (services.config.BENCH_ROUTES) {
    const entry = build.entry.module as unknown as { renderBareAntdPage(): Promise<Response> };
    app.get('/__bench/antd', async (_req, reply) => {
      const response = await entry.renderBareAntdPage();
      reply.header('content-type', 'text/html; charset=utf-8');
      return reply.send(Readable.fromWeb(response.body as never));
    });
  }
  app.route({ method: ['GET', 'HEAD'], url: '/', handler: render });
  app.addHook('onClose', () => themes.close());
  return { prewarmThemes: async () => themes.prewarm(await enterpriseThemes(services)) };
}

/** The distinct themes of the active enterprises' sites (the grey one where a site is grey). */
async function enterpriseThemes(services: Platform): Promise<Array<{ theme: ThemeOptions; grey: boolean }>> {
  const enterprises = await services.systemDb
    .select({ eid: schema.enterprises.eid })
    .from(schema.enterprises)
    .where(eq(schema.enterprises.status, 1))
    .orderBy(schema.enterprises.eid);
  const themes = new Map<string, { theme: ThemeOptions; grey: boolean }>();
  for (const { eid } of enterprises) {
    const website = await services.site.viewWebsite(eid).catch(() => null);
    if (!website) continue;
    const entry = { theme: website.websiteThemeColor, grey: website.greyThemeOpenSet };
    themes.set(JSON.stringify(entry), entry);
  }
  return [...themes.values()];
}

import http from 'node:http';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ErrorCode, GATEWAY_PREFIX, errorText, type Lang } from '@portal/contract';
import { modules } from '../modules/index.ts';
import {
  Gateway,
  setGatewayOf,
  envelope,
  gatewayNotFound,
  installGatewayErrorHandling,
  isCsrfSafe,
  type GatewayDeps,
} from './gateway.ts';
import { registerHealth } from './health.ts';
import { ConnectionDrain } from './connection-drain.ts';
import { answerClientError, keepReadingRefusedBody } from './http-limits.ts';
import type { PortalModule } from './module.ts';
import { buildOpenApi } from './openapi.ts';
import { RateLimitKeys } from './rate-limit.ts';
import type { Platform } from './platform.ts';
import { requestIdOf, requestLang } from './request-context.ts';
import { forgetOnCourseChange } from './course-changes.ts';
import { GATEWAY_HEADERS, VisitorAnswers, type FrontDoorOptions } from './visitor-answers.ts';

/**
 * Security headers of documents (pages, static files, API docs). They are constants, set from one
 * frozen object instead of helmet's chain of middlewares. Pages add their nonce CSP (web.ts); HSTS
 * is added behind a trusted HTTPS proxy. Gateway answers are JSON, never rendered as documents:
 * they carry only nosniff (GATEWAY_HEADERS), since every header costs throughput on small calls.
 */
export const SECURITY_HEADERS = Object.freeze({
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-permitted-cross-domain-policies': 'none',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
});

/** The client's address as Fastify's `req.ip` gives it (X-Forwarded-For behind a trusted proxy). */
function clientAddress(req: http.IncomingMessage, trustProxy: boolean): string | undefined {
  const forwarded = req.headers['x-forwarded-for'];
  if (trustProxy && typeof forwarded === 'string' && forwarded.trim()) return forwarded.split(',')[0]!.trim();
  return req.socket.remoteAddress;
}

/** A request that matched a gateway call's route (including the gateway's not-found route). */
function isGatewayRoute(req: FastifyRequest): boolean {
  const route = req.routeOptions.url ?? '';
  return (
    (route === GATEWAY_PREFIX || route.startsWith(GATEWAY_PREFIX + '/')) && !route.startsWith(GATEWAY_PREFIX + '/docs')
  );
}

/**
 * The HTTP server: the gateway under /gateway, health checks, API docs; the web app is mounted on
 * it by `mountWeb` (web.ts). Used as it is by the API tests through `app.inject`.
 */
export async function buildApp(
  platform: Platform,
  options: {
    /** Modules besides the composition root's (tests register probes of the request path). */
    extraModules?: readonly PortalModule[];
  } = {},
): Promise<FastifyInstance> {
  const { config } = platform;
  const answers = new VisitorAnswers(config.SITE_CACHE_TTL_MS);
  // Visitors' cached answers are keyed by domain, not enterprise; administrators' changes are rare:
  // one clears them all, so a visitor's next call reads the change (decision 040).
  platform.contentChanges.subscribe(() => answers.clear());
  // Visitors' answers are built from the site's rows: a change of them forgets them all (site
  // changes are rare; their keys name the domain, not the enterprise).
  platform.site.onChange(() => answers.clear());
  // Visitors' cached answers hold course zones: a course change empties them at once (decision
  // 039). Their keys name domains, not enterprises, and changes are rare: all of them go.
  void forgetOnCourseChange(platform.database.changes, () => answers.clear());
  let closing = false;
  // Set once Fastify exists: the cookie parser and the request logger the front door uses.
  const front: { options?: FrontDoorOptions } = {};
  let drain: ConnectionDrain | undefined;
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : { level: config.LOG_LEVEL, redact: ['req.headers.token', 'req.headers.cookie', 'res.headers["set-cookie"]'] },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    genReqId: (req) => requestIdOf(req.headers),
    return503OnClosing: true,
    // Requests Node's parser refuses (URL and headers over 16 KB…) are answered in the envelope.
    clientErrorHandler: answerClientError,
    forceCloseConnections: 'idle',
    // Visitors' cached site answers are served in front of the router (visitor-answers.ts); the
    // server is otherwise the one Fastify would create.
    serverFactory: (handler, factoryOptions) => {
      const options = factoryOptions as {
        keepAliveTimeout?: number;
        requestTimeout?: number;
        connectionTimeout?: number;
      };
      const server = http.createServer((req, res) => {
        if (front.options && answers.serve(req, res, front.options)) return;
        handler(req, res);
      });
      server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
      server.requestTimeout = options.requestTimeout ?? 0;
      server.setTimeout(options.connectionTimeout ?? 0);
      drain = new ConnectionDrain(server);
      return server;
    },
  });
  app.addHook('preClose', (done) => {
    closing = true;
    drain?.drain();
    done();
  });

  await app.register(cookie);
  // Multipart bodies are read only by the upload calls, one file each, limited per call.
  await app.register(multipart, { limits: { files: 1, fields: 5, fileSize: 2 * 1024 * 1024 } });
  const logRequests = ['info', 'debug', 'trace'].includes(config.LOG_LEVEL);
  front.options = {
    closing: () => closing,
    parseCookie: (header) => app.parseCookie(header),
    trustProxy: config.TRUST_PROXY,
    logRequest: logRequests
      ? (reqId, req, startedAt) =>
          app.log.info(
            {
              reqId,
              // The shape Fastify's request serializer reads (ip, host, socket).
              req: {
                method: req.method,
                url: req.url,
                host: req.headers.host,
                ip: clientAddress(req, config.TRUST_PROXY),
                socket: req.socket,
              },
              res: { statusCode: 200 },
              responseTime: performance.now() - startedAt,
            },
            'request completed',
          )
      : undefined,
  };
  // Pages and gateway answers; static assets are served precompressed (web.ts).
  await app.register(compress, {
    // Routes opt out where answers are small (most gateway calls): the hooks alone cost 10 %.
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // Signed-in calls are counted per account, the others per address (rate-limit.ts, decision 022).
  const limitKeys = new RateLimitKeys(platform.sessions, {
    perAccount: config.RATE_LIMIT_PER_ACCOUNT_PER_MINUTE,
    perAddress: config.RATE_LIMIT_PER_MINUTE,
  });
  await app.register(rateLimit, {
    global: true,
    keyGenerator: limitKeys.key,
    max: limitKeys.max,
    timeWindow: 60_000,
    // Only a refused call says so (Retry-After); the limit headers on every answer cost throughput.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    // Judged by the route the request matched, not by how its URL was spelled (%67ateway…).
    allowList: (req) => !isGatewayRoute(req),
    errorResponseBuilder: (req, ctx) => {
      const lang: Lang = requestLang(req);
      return Object.assign(new Error('rate limited'), {
        statusCode: 429,
        retryAfter: ctx.after,
        envelope: envelope(ErrorCode.RATE_LIMITED, errorText(ErrorCode.RATE_LIMITED, lang), null),
      });
    },
  });

  app.addHook('onRequest', (req, reply, done) => {
    const gateway = isGatewayRoute(req);
    reply.headers(gateway ? GATEWAY_HEADERS : SECURITY_HEADERS);
    reply.header('x-request-id', req.id);
    if (gateway && !isCsrfSafe(req)) {
      const lang = requestLang(req);
      reply
        .status(200)
        .send(
          envelope(
            ErrorCode.FORBIDDEN,
            req.headers.platform === undefined
              ? lang === 'zh'
                ? '请求缺少 platform 请求头，已拒绝'
                : 'Refused: the platform header is missing'
              : lang === 'zh'
                ? '请求头 platform 不正确，已拒绝'
                : 'Refused: the platform header is wrong',
            null,
          ),
        );
      return;
    }
    done();
  });
  if (config.TRUST_PROXY) {
    app.addHook('onSend', async (req, reply) => {
      if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=15552000; includeSubDomains');
    });
  }

  installGatewayErrorHandling(app);
  // A body refused for its size is read to its end, so the client gets the 413, not a reset.
  app.addHook('onError', (req, reply, err, done) => keepReadingRefusedBody(req, reply, err, done));

  registerHealth(app, platform);

  const openapi = buildOpenApi();
  await app.register(swagger, { mode: 'static', specification: { document: openapi as never } });
  await app.register(swaggerUi, { routePrefix: `${GATEWAY_PREFIX}/docs`, uiConfig: { docExpansion: 'list' } });

  const deps: GatewayDeps = {
    sessions: platform.sessions,
    tenancy: platform.tenancy,
    answers,
    checkResponses: config.NODE_ENV !== 'production',
    visitorOpen: async (eid) => (await platform.site.viewWebsite(eid)).visitorOpenSet,
  };
  await app.register(async (gateway) => {
    const calls = new Gateway(gateway, deps);
    setGatewayOf(app, calls);
    for (const module of [...modules, ...(options.extraModules ?? [])]) module.register(calls, platform);
    gateway.all(`${GATEWAY_PREFIX}/*`, gatewayNotFound);
    gateway.all(GATEWAY_PREFIX, gatewayNotFound);
  });

  return app;
}

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
import type { Database } from '@portal/db';
import { registerEnumRoutes } from '../modules/enum/enum.routes.ts';
import { registerRegionRoutes } from '../modules/region/region.routes.ts';
import { SiteRepository } from '../modules/site/site.repository.ts';
import { registerSiteRoutes } from '../modules/site/site.routes.ts';
import { SiteService } from '../modules/site/site.service.ts';
import { pino } from 'pino';
import { AccountRepository } from '../modules/account/account.repository.ts';
import { registerAccountRoutes } from '../modules/account/account.routes.ts';
import { AccountService } from '../modules/account/account.service.ts';
import { ProfileService } from '../modules/account/profile.service.ts';
import { EnterpriseApplicationRepository } from '../modules/enterprise-application/enterprise-application.repository.ts';
import { registerEnterpriseApplicationRoutes } from '../modules/enterprise-application/enterprise-application.routes.ts';
import { RegistrationRepository } from '../modules/registration/registration.repository.ts';
import { registerRegistrationRoutes } from '../modules/registration/registration.routes.ts';
import { RegistrationService } from '../modules/registration/registration.service.ts';
import { registerUploadRoutes } from '../modules/upload/upload.routes.ts';
import { UploadService } from '../modules/upload/upload.service.ts';
import { SmsCodes } from '../modules/account/sms-code.service.ts';
import { registerThirdPartyRoutes } from '../modules/account/third-party.routes.ts';
import { ThirdPartyService } from '../modules/account/third-party.service.ts';
import { AuditLog } from './audit.ts';
import { CaptchaStore } from './captcha.ts';
import { idCardKeyFile, passwordKeyFile, uploadDir, urlSigningKeyFile, type Config } from './config.ts';
import { LocalStorage, UrlSigner, type FileStorage } from './storage.ts';
import { UploadRepository } from '../modules/upload/upload.repository.ts';
import { AnnouncementRepository } from '../modules/announcement/announcement.repository.ts';
import { registerAnnouncementRoutes } from '../modules/announcement/announcement.routes.ts';
import { AnnouncementService } from '../modules/announcement/announcement.service.ts';
import { LecturerRepository } from '../modules/lecturer/lecturer.repository.ts';
import { registerLecturerRoutes } from '../modules/lecturer/lecturer.routes.ts';
import { LecturerService } from '../modules/lecturer/lecturer.service.ts';
import { CourseRepository } from '../modules/course/course.repository.ts';
import { registerCourseRoutes } from '../modules/course/course.routes.ts';
import { CourseService } from '../modules/course/course.service.ts';
import { NewsRepository } from '../modules/news/news.repository.ts';
import { registerNewsRoutes } from '../modules/news/news.routes.ts';
import { NewsService } from '../modules/news/news.service.ts';
import { TopicRepository } from '../modules/topic/topic.repository.ts';
import { registerTopicRoutes } from '../modules/topic/topic.routes.ts';
import { TopicService } from '../modules/topic/topic.service.ts';
import { MessageRepository } from '../modules/message/message.repository.ts';
import { registerMessageRoutes } from '../modules/message/message.routes.ts';
import { MessageService } from '../modules/message/message.service.ts';
import { ExportRecordRepository } from '../modules/export-record/export-record.repository.ts';
import { registerExportRecordRoutes } from '../modules/export-record/export-record.routes.ts';
import { ExportRecordService } from '../modules/export-record/export-record.service.ts';
import { RankingRepository } from '../modules/ranking/ranking.repository.ts';
import { registerRankingRoutes } from '../modules/ranking/ranking.routes.ts';
import { RankingService } from '../modules/ranking/ranking.service.ts';
import { CategoryRepository } from '../modules/category/category.repository.ts';
import { registerCategoryRoutes } from '../modules/category/category.routes.ts';
import { CategoryService } from '../modules/category/category.service.ts';
import { TagRepository } from '../modules/tag/tag.repository.ts';
import { registerTagRoutes } from '../modules/tag/tag.routes.ts';
import { TagService } from '../modules/tag/tag.service.ts';
import { IdCardVault } from './id-card-vault.ts';
import { PasswordCipher } from './password-cipher.ts';
import { AliyunSmsProvider, DevSmsProvider, type SmsProvider } from './providers/sms.ts';
import {
  DevThirdPartyProvider,
  DingTalkProvider,
  WeChatProvider,
  WeComProvider,
  type ThirdPartyKind,
  type ThirdPartyProvider,
} from './providers/third-party.ts';
import { envelope, gatewayNotFound, installGatewayErrorHandling, isCsrfSafe, type GatewayDeps } from './gateway.ts';
import { buildOpenApi } from './openapi.ts';
import { requestIdOf, requestLang } from './request-context.ts';
import { SessionStore } from './session.ts';
import { Tenancy } from './tenancy.ts';
import { GATEWAY_HEADERS, VisitorAnswers, type FrontDoorOptions } from './visitor-answers.ts';

export interface Services {
  config: Config;
  database: Database;
  tenancy: Tenancy;
  sessions: SessionStore;
  site: SiteService;
  cipher: PasswordCipher;
  captchas: CaptchaStore;
  sms: SmsProvider;
  accounts: AccountService;
  profiles: ProfileService;
  storage: FileStorage;
  signer: UrlSigner;
  uploads: UploadService;
  registrations: RegistrationService;
  ranking: RankingService;
  news: NewsService;
  lecturers: LecturerService;
  topics: TopicService;
  announcements: AnnouncementService;
  messages: MessageService;
  exportRecords: ExportRecordService;
  courses: CourseService;
  tags: TagService;
  categories: CategoryService;
  thirdParty: ThirdPartyService;
  thirdPartyProviders: Map<ThirdPartyKind, ThirdPartyProvider>;
}

export async function createServices(config: Config, database: Database): Promise<Services> {
  const { db } = database;
  const tenancy = new Tenancy(db, config);
  const sessions = new SessionStore(db);
  const site = new SiteService(new SiteRepository(db), tenancy, config.SITE_CACHE_TTL_MS);
  const cipher = await PasswordCipher.load(passwordKeyFile(config));
  const vault = await IdCardVault.load(idCardKeyFile(config));
  const captchas = new CaptchaStore(db);
  // The dev provider's messages are log lines of their own (a newcomer reads the codes there).
  const sms: SmsProvider =
    config.SMS_PROVIDER === 'aliyun'
      ? new AliyunSmsProvider({
          accessKeyId: config.ALIYUN_ACCESS_KEY_ID!,
          accessKeySecret: config.ALIYUN_ACCESS_KEY_SECRET!,
          signName: config.ALIYUN_SMS_SIGN_NAME!,
          templateCode: config.ALIYUN_SMS_TEMPLATE_CODE!,
        })
      : new DevSmsProvider(db, pino({ level: config.LOG_LEVEL, name: 'sms' }));
  const storage = new LocalStorage(uploadDir(config));
  const signer = await UrlSigner.load(urlSigningKeyFile(config));
  const uploads = new UploadService(storage, signer, new UploadRepository(db));
  const accountRepository = new AccountRepository(db);
  const audit = new AuditLog(db);
  const smsCodes = new SmsCodes(db, sms);
  const registrations = new RegistrationService({
    registrations: new RegistrationRepository(db),
    accounts: accountRepository,
    sessions,
    captchas,
    smsCodes,
    cipher,
    vault,
    uploads,
    audit,
  });
  const profiles = new ProfileService({ accounts: accountRepository, cipher, vault, uploads, registrations });
  const accounts = new AccountService({
    accounts: accountRepository,
    sessions,
    captchas,
    smsCodes,
    cipher,
    audit,
    uploads,
    config,
  });
  const thirdPartyProviders = thirdPartyProvidersOf(config);
  const thirdParty = new ThirdPartyService({
    providers: thirdPartyProviders,
    accounts: accountRepository,
    signIn: accounts,
    signer,
  });
  return {
    thirdParty,
    thirdPartyProviders,
    config,
    database,
    tenancy,
    sessions,
    site,
    cipher,
    captchas,
    sms,
    accounts,
    profiles,
    storage,
    signer,
    uploads,
    registrations,
    ranking: new RankingService(new RankingRepository(db)),
    news: new NewsService(new NewsRepository(db)),
    lecturers: new LecturerService(new LecturerRepository(db)),
    topics: new TopicService(new TopicRepository(db)),
    announcements: new AnnouncementService(new AnnouncementRepository(db)),
    messages: new MessageService(new MessageRepository(db)),
    exportRecords: new ExportRecordService(new ExportRecordRepository(db), storage, signer),
    courses: new CourseService(new CourseRepository(db)),
    tags: new TagService(new TagRepository(db)),
    categories: new CategoryService(new CategoryRepository(db)),
  };
}

/** The real provider where its credentials are configured, else the offline dev one. */
function thirdPartyProvidersOf(config: Config): Map<ThirdPartyKind, ThirdPartyProvider> {
  const c = config;
  const real: Array<[ThirdPartyKind, ThirdPartyProvider | null]> = [
    [
      'dingding',
      c.DINGTALK_CLIENT_ID && c.DINGTALK_CLIENT_SECRET
        ? new DingTalkProvider({ clientId: c.DINGTALK_CLIENT_ID, clientSecret: c.DINGTALK_CLIENT_SECRET })
        : null,
    ],
    [
      'weixin',
      c.WECHAT_APP_ID && c.WECHAT_APP_SECRET
        ? new WeChatProvider({ appId: c.WECHAT_APP_ID, appSecret: c.WECHAT_APP_SECRET })
        : null,
    ],
    [
      'workWeixin',
      c.WECOM_CORP_ID && c.WECOM_AGENT_ID && c.WECOM_SECRET
        ? new WeComProvider({ corpId: c.WECOM_CORP_ID, agentId: c.WECOM_AGENT_ID, secret: c.WECOM_SECRET })
        : null,
    ],
  ];
  // A provider without credentials is played by its stand-in only where DEV_PROVIDERS allows it.
  const providers = new Map<ThirdPartyKind, ThirdPartyProvider>();
  for (const [kind, provider] of real) {
    if (provider) providers.set(kind, provider);
    else if (c.DEV_PROVIDERS) providers.set(kind, new DevThirdPartyProvider(kind));
  }
  return providers;
}

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
export async function buildApp(services: Services): Promise<FastifyInstance> {
  const { config } = services;
  const answers = new VisitorAnswers(config.SITE_CACHE_TTL_MS);
  let closing = false;
  // Set once Fastify exists: the cookie parser and the request logger the front door uses.
  const front: { options?: FrontDoorOptions } = {};
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
      return server;
    },
  });
  app.addHook('preClose', (done) => {
    closing = true;
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
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_PER_MINUTE,
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

  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn' }, async (_req, reply) => {
    try {
      await services.database.pool.query('SELECT 1');
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'database unavailable' });
    }
  });

  const openapi = buildOpenApi();
  await app.register(swagger, { mode: 'static', specification: { document: openapi as never } });
  await app.register(swaggerUi, { routePrefix: `${GATEWAY_PREFIX}/docs`, uiConfig: { docExpansion: 'list' } });

  const deps: GatewayDeps = {
    sessions: services.sessions,
    tenancy: services.tenancy,
    answers,
    checkResponses: config.NODE_ENV !== 'production',
  };
  await app.register(async (gateway) => {
    registerSiteRoutes(gateway, deps, services.site);
    registerEnumRoutes(gateway, deps);
    registerAccountRoutes(gateway, deps, { ...services, config });
    registerUploadRoutes(gateway, deps, { ...services, perMinute: config.SIGN_IN_PER_IP_PER_MINUTE });
    registerRankingRoutes(gateway, deps, services.ranking);
    registerNewsRoutes(gateway, deps, services.news);
    registerLecturerRoutes(gateway, deps, services.lecturers, services.site);
    registerTopicRoutes(gateway, deps, services.topics);
    registerAnnouncementRoutes(gateway, deps, services.announcements, services.site, config.SIGN_IN_PER_IP_PER_MINUTE);
    registerMessageRoutes(gateway, deps, services.messages, config.SIGN_IN_PER_IP_PER_MINUTE);
    registerExportRecordRoutes(gateway, deps, services.exportRecords);
    registerCourseRoutes(gateway, deps, services.courses, services.site);
    registerTagRoutes(gateway, deps, services.tags);
    registerCategoryRoutes(gateway, deps, services.categories);
    registerRegistrationRoutes(gateway, deps, { ...services, perMinute: config.SIGN_IN_PER_IP_PER_MINUTE });
    registerThirdPartyRoutes(gateway, deps, {
      thirdParty: services.thirdParty,
      providers: services.thirdPartyProviders,
      site: services.site,
      perMinute: config.SIGN_IN_PER_IP_PER_MINUTE,
    });
    registerEnterpriseApplicationRoutes(gateway, deps, {
      applications: new EnterpriseApplicationRepository(services.database.db),
      captchas: services.captchas,
      perMinute: config.SIGN_IN_PER_IP_PER_MINUTE,
    });
    registerRegionRoutes(gateway, deps);
    gateway.all(`${GATEWAY_PREFIX}/*`, gatewayNotFound);
    gateway.all(GATEWAY_PREFIX, gatewayNotFound);
  });

  return app;
}

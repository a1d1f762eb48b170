import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ErrorCode,
  GATEWAY_PREFIX,
  PLATFORM_HEADER_VALUE,
  TOKEN_COOKIE,
  errorCodes,
  errorText,
  isOpenAccess,
  routePathOf,
  type CallAccess,
  type CallDef,
  type CallParsedRequest,
  type CallResponse,
  type Envelope,
  type Lang,
} from '@portal/contract';
import { runInTenantScope, type TenantScope } from '@portal/db';
import { AdminAudit } from './admin-audit.ts';
import { AppError } from './errors.ts';
import { EventStream } from './event-stream.ts';
import { eidFromQuery, queryInput, refuseNul, refuseNulIn } from './input-guard.ts';
import { requestDomain, requestLang } from './request-context.ts';
import type { AccountSession, Session, SessionStore } from './session.ts';
import type { Tenancy } from './tenancy.ts';
import { VisitorAnswers } from './visitor-answers.ts';

interface BaseContext {
  req: FastifyRequest;
  reply: FastifyReply;
  lang: Lang;
}

/**
 * A public call's context. Its tenant is resolved when first asked for: a valid session's
 * enterprise, else the site found from the domain and the eid in the query (never a request body).
 */
export interface PublicContext extends BaseContext {
  eid: () => Promise<number>;
}

/** A visitor-mode call: a signed-in learner's enterprise, or a visitor's site whose visitor mode is on. */
export interface VisitorContext extends BaseContext {
  eid: number;
  session: Session | null;
}

/** A session call: the signed-in session, its enterprise chosen; every tenant row goes through `eid`. */
export interface SessionContext extends BaseContext {
  eid: number;
  session: Session;
}

/** An account call: a signed-in session that may not have chosen its enterprise yet. */
export interface AccountContext extends BaseContext {
  account: AccountSession;
}

/**
 * A back-office call (decision 036): a session whose account administers its enterprise. A write
 * records what it changed with `audit.record(tx, …)` in the transaction of the change.
 */
export interface AdminContext extends SessionContext {
  audit: AdminAudit;
}

/** The context a handler receives, by the access its call declares (packages/contract call.ts). */
export type ContextFor<A extends CallAccess> = A extends 'admin'
  ? AdminContext
  : A extends 'session'
    ? SessionContext
    : A extends 'account'
      ? AccountContext
      : A extends 'visitor'
        ? VisitorContext
        : PublicContext;

export type CallHandler<C extends CallDef> = (
  input: CallParsedRequest<C>,
  ctx: ContextFor<C['access']>,
) =>
  | Promise<CallResponse<C> | RawJson | EventStream<CallResponse<C>>>
  | CallResponse<C>
  | RawJson
  | EventStream<CallResponse<C>>;

/** `data` already serialised to JSON (a cached answer), sent as it is. */
export class RawJson {
  private parsed: unknown;
  constructor(readonly json: string) {}

  /** The data as a JSON client reads it, parsed once (in-process callers: page renders). */
  value(): unknown {
    return (this.parsed ??= JSON.parse(this.json));
  }
}

const memo = new WeakMap<object, RawJson>();

/**
 * The JSON of a value that is cached elsewhere (the same object until its cache entry expires),
 * serialised once: cached site calls then cost no serialisation per request.
 */
export function memoJson(value: object): RawJson {
  let raw = memo.get(value);
  if (!raw) {
    raw = new RawJson(JSON.stringify(value));
    memo.set(value, raw);
  }
  return raw;
}

/** `{"code":200,"message":"成功","data":` per language, for answers with RawJson data. */
const okPrefix = {
  zh: `{"code":200,"message":${JSON.stringify(errorText(200, 'zh'))},"data":`,
  en: `{"code":200,"message":${JSON.stringify(errorText(200, 'en'))},"data":`,
} as const;

export interface GatewayDeps {
  sessions: SessionStore;
  tenancy: Tenancy;
  /**
   * Whole answers of cacheable public GET calls for visitors (no session token), by URL, domain and
   * language, for SITE_CACHE_TTL_MS: served again in front of the router (visitor-answers.ts).
   */
  answers: VisitorAnswers;
  /** Validate every response against the contract (development and tests). */
  checkResponses: boolean;
  /** Whether an enterprise's site lets visitors in (visitorOpenSet): decides visitor-mode calls. */
  visitorOpen: (eid: number) => Promise<boolean>;
}

export interface CallOptions {
  compress?: boolean;
  /** A public GET whose answer depends only on URL, domain and language (site information). */
  cacheForVisitors?: boolean;
  /** A tighter per-address limit than the gateway's (sign-in, codes). */
  perMinute?: number;
}

/** Codes after which the session token is of no more use (platform.md section 4). */
const SESSION_GONE_CODES: ReadonlySet<number> = new Set([
  ErrorCode.NOT_SIGNED_IN,
  ErrorCode.SESSION_EXPIRED,
  ErrorCode.SESSION_ENDED,
  ErrorCode.ACCOUNT_DISABLED,
]);

/** An admin call that changes something: it records its change in the audit log (decision 036). */
export const isAdminWrite = (call: Pick<CallDef, 'access' | 'method'>): boolean =>
  call.access === 'admin' && call.method !== 'GET';

const zodLocales = { zh: z.locales.zhCN().localeError, en: z.locales.en().localeError };

/** The session token: the `token` header, else the HttpOnly `token` cookie. */
export function requestToken(req: FastifyRequest): string | undefined {
  const header = req.headers.token;
  if (typeof header === 'string' && header.trim()) return header.trim();
  return req.cookies?.[TOKEN_COOKIE] || undefined;
}

/**
 * Who a call is made for: an HTTP request (`httpCaller`), or a page render in this process
 * (`Gateway.invoke`), whose calls share one session look-up.
 */
export interface Caller {
  req: FastifyRequest;
  reply: FastifyReply;
  lang: Lang;
  /** The session token (header or cookie), if any. */
  token: string | undefined;
  /** The site's registrable domain (the `domain` header, else the Host's). */
  domain(): string;
  /** The enterprise named in the query (a public call's site), if any. */
  eidQuery(): number | undefined;
  /** The token's session; looked up once per caller, rejected as SessionStore.authenticate does. */
  session(): Promise<Session>;
}

/** The caller of an HTTP request to the gateway. */
function httpCaller(req: FastifyRequest, reply: FastifyReply, lang: Lang, deps: GatewayDeps): Caller {
  const token = requestToken(req);
  let session: Promise<Session> | undefined;
  return {
    req,
    reply,
    lang,
    token,
    domain: () => requestDomain(req),
    eidQuery: () => eidFromQuery(req),
    session: () => (session ??= deps.sessions.authenticate(token)),
  };
}

/**
 * The tenant of a public call (DESIGN.md section 4): a valid session's enterprise, else the eid in
 * the query, else the domain's default enterprise.
 */
async function publicEid(caller: Caller, deps: GatewayDeps): Promise<number> {
  if (caller.token) {
    const session = await caller.session().catch(() => null);
    if (session) return session.eid;
  }
  return deps.tenancy.resolveEid({ domain: caller.domain(), eid: caller.eidQuery() });
}

export function envelope<T>(code: number, message: string, data: T): Envelope<T> {
  return { code, message, data };
}

/** Turns zod issues into code 400 naming the first bad field, with every field in data.fields. */
export function badInput(error: z.ZodError): AppError {
  const fields = error.issues.map((i) => ({ field: i.path.join('.') || '(body)', message: i.message }));
  const first = fields[0]!;
  return new AppError(ErrorCode.BAD_INPUT, {
    data: { fields },
    message: {
      zh: `${errorText(ErrorCode.BAD_INPUT, 'zh')}：${first.field} ${first.message}`,
      en: `${errorText(ErrorCode.BAD_INPUT, 'en')}: ${first.field}: ${first.message}`,
    },
  });
}

/**
 * The tenant of a visitor-mode call: a signed-in learner's enterprise; a visitor's site, or 301
 * (请先登录) where its visitor mode is off, as the route guard sends visitors of such a site to /login.
 */
async function visitorEid(caller: Caller, deps: GatewayDeps): Promise<{ eid: number; session: Session | null }> {
  if (caller.token) {
    const session = await caller.session().catch(() => null);
    if (session) return { eid: session.eid, session };
  }
  const eid = await deps.tenancy.resolveEid({ domain: caller.domain(), eid: caller.eidQuery() });
  if (!(await deps.visitorOpen(eid))) throw new AppError(ErrorCode.NOT_SIGNED_IN);
  return { eid, session: null };
}

/** The context of a call by its declared access: who is calling is settled before the handler runs. */
async function contextFor(
  call: CallDef,
  caller: Caller,
  deps: GatewayDeps,
  scope: TenantScope,
): Promise<PublicContext | VisitorContext | SessionContext | AccountContext | AdminContext> {
  const base: BaseContext = { req: caller.req, reply: caller.reply, lang: caller.lang };
  switch (call.access) {
    case 'admin': {
      // A visitor gets the session's answers (301…); a signed-in learner of this or of another
      // enterprise, 3403: only the session's enterprise counts, whatever the person is elsewhere.
      const session = await caller.session();
      if (!session.isAdmin) throw new AppError(ErrorCode.NOT_ADMIN);
      scope.eid = session.eid;
      const audit = new AdminAudit({
        eid: session.eid,
        accountId: session.accountId,
        call: call.name,
        requestId: String(caller.req.id),
        ip: caller.req.ip,
      });
      return { ...base, session, eid: session.eid, audit };
    }
    case 'session': {
      const session = await caller.session();
      scope.eid = session.eid;
      return { ...base, session, eid: session.eid };
    }
    case 'account':
      // No enterprise yet, or one being left: an account call does no tenant's work.
      return { ...base, account: await deps.sessions.authenticateAccount(caller.token) };
    case 'visitor': {
      const found = await visitorEid(caller, deps);
      scope.eid = found.eid;
      return { ...base, ...found };
    }
    case 'public': {
      let eidPromise: Promise<number> | undefined;
      const resolve = async () => (scope.eid = await publicEid(caller, deps));
      return { ...base, eid: () => (eidPromise ??= resolve()) };
    }
  }
}

/**
 * The call's input checked by its zod schema. The common case parses without an error map (zod's
 * fast path); only bad input is parsed again to word its messages in the user's language.
 */
function parseInput(call: CallDef, raw: unknown, lang: Lang): unknown {
  let parsed = call.request.safeParse(raw);
  if (!parsed.success) {
    parsed = (call.requestFor?.(lang) ?? call.request).safeParse(raw, { error: zodLocales[lang] });
    if (!parsed.success) throw badInput(parsed.error);
  }
  return parsed.data;
}

/**
 * The pipeline every call passes, whoever makes it: parse and validate the input with the call's
 * zod schema, settle who is calling by the access the call declares, run the handler with that
 * context inside the request's tenant scope, check the answer against the contract (development
 * and tests). Returns the handler's data; refusals are thrown as AppError.
 */
async function runCall<C extends CallDef>(
  call: C,
  handler: CallHandler<C>,
  deps: GatewayDeps,
  raw: unknown,
  caller: Caller,
): Promise<unknown> {
  const { lang } = caller;
  // The request's tenant scope: row-level security holds every query of the call to the
  // enterprise its access settles (a public call's once it asks for it), and to none before.
  const scope: TenantScope = { eid: null };
  const result = await runInTenantScope(scope, async () => {
    // A back-office call settles who is calling first: to anyone else it answers 301 or 3403
    // whatever the input, so nobody but an administrator learns even what it accepts.
    const early = call.access === 'admin' ? await contextFor(call, caller, deps, scope) : undefined;
    const input = parseInput(call, raw, lang);
    const ctx = early ?? (await contextFor(call, caller, deps, scope));
    const answer = await handler(input as CallParsedRequest<C>, ctx as ContextFor<C['access']>);
    if (isAdminWrite(call) && (early as AdminContext).audit.recorded === 0) {
      // Every administrator's write is in the audit log (decision 036): a handler that forgot is a bug.
      caller.req.log.error({ call: call.name }, 'admin write recorded nothing in the audit log');
      throw new AppError(ErrorCode.INTERNAL);
    }
    return answer;
  });
  if ((call.stream === 'events') !== result instanceof EventStream) {
    // A streamed call answers an EventStream and no other call does: a handler that mixes them is a bug.
    if (result instanceof EventStream) result.abort();
    caller.req.log.error({ call: call.name }, 'a call answered a stream it does not declare, or the reverse');
    throw new AppError(ErrorCode.INTERNAL);
  }
  if (deps.checkResponses && !(result instanceof EventStream)) {
    const checked = call.response.safeParse(result instanceof RawJson ? result.value() : result);
    if (!checked.success) {
      caller.req.log.error({ call: call.name, issues: checked.error.issues }, 'response does not match the contract');
      throw new AppError(ErrorCode.INTERNAL);
    }
  }
  return result;
}

/** An event of a streamed call checked against the contract: a wrong one is a bug, thrown to its writer. */
function checkEvent(call: CallDef, event: unknown): void {
  const checked = call.response.safeParse(event);
  if (!checked.success) {
    throw new Error(`${call.name}: an event does not match the contract: ${JSON.stringify(checked.error.issues)}`);
  }
}

/**
 * Registers one contract call: parse and validate the input with the call's zod schema, settle who
 * is calling by the access the call declares (public, visitor, session, account, admin), run the handler
 * with that context, answer in the envelope. Handlers stay thin and never check access themselves.
 */
export function registerCall<C extends CallDef>(
  app: FastifyInstance,
  deps: GatewayDeps,
  call: C,
  handler: CallHandler<C>,
  options: CallOptions = {},
): void {
  const cacheable = options.cacheForVisitors === true && call.method === 'GET' && isOpenAccess(call.access);
  app.route({
    method: call.method,
    url: GATEWAY_PREFIX + routePathOf(call.path),
    // Compression only where answers are large (region trees); gateway bodies are small JSON.
    ...(options.compress ? {} : { compress: false, decompress: false }),
    ...(options.perMinute ? { config: { rateLimit: { max: options.perMinute, timeWindow: 60_000 } } } : {}),
    handler: async (req, reply) => {
      const lang = requestLang(req);
      const answerKey =
        cacheable && !requestToken(req) ? VisitorAnswers.key(lang, requestDomain(req), req.url) : undefined;
      if (answerKey !== undefined) {
        // Requests the front door does not see (app.inject: tests, page renders) are answered here.
        const hit = deps.answers.get(answerKey);
        if (hit !== undefined) {
          reply.type('application/json; charset=utf-8');
          return reply.send(hit);
        }
      }
      const mark = deps.answers.mark();
      refuseNul(req); // U+0000 anywhere in the query or body: 400 (input-guard.ts)
      const input = (call.requestIn === 'query' ? queryInput(req.query) : req.body) ?? {};
      // A path parameter (`{id}`) joins the input as the query would carry it.
      const params = req.params as Record<string, string> | undefined;
      const raw =
        params && Object.keys(params).length > 0 && typeof input === 'object' ? { ...input, ...params } : input;
      const result = await runCall(call, handler, deps, raw, httpCaller(req, reply, lang, deps));
      if (result instanceof EventStream) {
        // Server-sent events (the contract's `stream: 'events'`), each event checked as an answer is.
        const check = deps.checkResponses ? (event: unknown) => checkEvent(call, event) : undefined;
        return result.attach(reply, check);
      }
      const body =
        result instanceof RawJson
          ? okPrefix[lang] + result.json + '}'
          : JSON.stringify(envelope(ErrorCode.OK, errorText(ErrorCode.OK, lang), result));
      if (answerKey !== undefined) deps.answers.set(answerKey, body, mark);
      reply.type('application/json; charset=utf-8');
      return reply.send(body);
    },
  });
}

/**
 * What a module registers its calls on: `gateway.call(def, handler, options)`. The handler's
 * context is typed by the call's declared access (a session call's `ctx.session` is never null).
 */
export class Gateway {
  /** Every registered call by `METHOD path`, for in-process callers (`invoke`). */
  private readonly handlers = new Map<string, { call: CallDef; handler: CallHandler<CallDef> }>();

  constructor(
    readonly app: FastifyInstance,
    readonly deps: GatewayDeps,
  ) {}

  call<C extends CallDef>(def: C, handler: CallHandler<C>, options?: CallOptions): void {
    registerCall(this.app, this.deps, def, handler, options);
    this.handlers.set(`${def.method} ${def.path}`, { call: def, handler: handler as CallHandler<CallDef> });
  }

  /**
   * A call made in this process for a page render (web.ts): the same pipeline as over HTTP
   * (validation, access, tenant scope, contract check, envelope) without the HTTP round trip;
   * the render's calls share its caller, so its session is looked up once. A page's own calls are
   * not counted by the rate limits: the page request was. The answer is what a JSON client reads.
   */
  async invoke(def: Pick<CallDef, 'method' | 'path'>, raw: unknown, caller: Caller): Promise<Envelope<unknown>> {
    const { lang } = caller;
    const entry = this.handlers.get(`${def.method} ${def.path}`);
    try {
      if (!entry) throw new AppError(ErrorCode.NOT_FOUND);
      refuseNulIn([raw], lang); // as over HTTP (input-guard.ts)
      // A page render reads answers, never streams: a streamed call is not made in process.
      if (entry.call.stream) throw new AppError(ErrorCode.NOT_FOUND);
      const result = await runCall(entry.call, entry.handler, this.deps, raw, caller);
      const data = result instanceof RawJson ? result.value() : JSON.parse(JSON.stringify(result ?? null));
      return envelope(ErrorCode.OK, errorText(ErrorCode.OK, lang), data);
    } catch (err) {
      if (err instanceof AppError) {
        if ((errorCodes[err.code]?.httpStatus ?? 200) >= 500) caller.req.log.error({ err }, 'server error');
        return envelope(err.code, err.messageFor(lang), err.data ?? null);
      }
      if (isDatabaseUnavailable(err)) {
        caller.req.log.error({ err, call: entry?.call.name }, 'database unavailable');
        return envelope(ErrorCode.UNAVAILABLE, errorText(ErrorCode.UNAVAILABLE, lang), null);
      }
      caller.req.log.error({ err, call: entry?.call.name }, 'unhandled error');
      return envelope(ErrorCode.INTERNAL, errorText(ErrorCode.INTERNAL, lang), null);
    }
  }
}

/** The gateway of an app (buildApp), for in-process callers. */
const gateways = new WeakMap<FastifyInstance, Gateway>();

export function setGatewayOf(app: FastifyInstance, gateway: Gateway): void {
  gateways.set(app, gateway);
}

export function gatewayOf(app: FastifyInstance): Gateway {
  const gateway = gateways.get(app);
  if (!gateway) throw new Error('buildApp registered no gateway on this app');
  return gateway;
}

/**
 * A failure of the database rather than of the call: it is down, restarting, frozen past the
 * statement or connection timeout (packages/db), or refusing connections. Answered 503 (try again),
 * not 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    const code = typeof e.code === 'string' ? e.code : '';
    // 57014 statement cancelled (statement_timeout), 57P0x shutdown or starting, 08xxx connection.
    if (code === '57014' || code.startsWith('57P') || code.startsWith('08')) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code)) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (/timeout exceeded when trying to connect|Query read timeout|Connection terminated/i.test(message)) return true;
    if (e.cause === e) break;
  }
  return false;
}

/** The gateway's error handler and not-found handler: everything answers in the envelope. */
export function installGatewayErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, req, reply) => {
    const lang = requestLang(req);
    if (err instanceof AppError) {
      const status = errorCodes[err.code]?.httpStatus ?? 200;
      if (SESSION_GONE_CODES.has(err.code) && req.cookies?.[TOKEN_COOKIE]) {
        // The token is an HttpOnly cookie the page cannot remove: the server does it.
        reply.clearCookie(TOKEN_COOKIE, { path: '/' });
      }
      if (status >= 500) req.log.error({ err }, 'server error');
      return reply.status(status).send(envelope(err.code, err.messageFor(lang), err.data));
    }
    const e = err as { statusCode?: number; code?: string; message?: string };
    if (e.statusCode === 429) {
      return reply.status(429).send(envelope(ErrorCode.RATE_LIMITED, errorText(ErrorCode.RATE_LIMITED, lang), null));
    }
    if (e.statusCode === 413 || e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply
        .status(413)
        .send(envelope(ErrorCode.PAYLOAD_TOO_LARGE, errorText(ErrorCode.PAYLOAD_TOO_LARGE, lang), null));
    }
    if (e.statusCode === 415 || e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply
        .status(200)
        .send(
          envelope(
            ErrorCode.BAD_INPUT,
            lang === 'zh' ? '参数错误：不支持的内容类型' : 'Invalid input: unsupported content type',
            null,
          ),
        );
    }
    if (e.statusCode === 400) {
      // Malformed JSON and other protocol-level bad requests.
      const msg = lang === 'zh' ? '参数错误：请求体不是有效的 JSON' : 'Invalid input: the body is not valid JSON';
      return reply.status(200).send(envelope(ErrorCode.BAD_INPUT, msg, null));
    }
    if (isDatabaseUnavailable(err)) {
      req.log.error({ err }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(envelope(ErrorCode.UNAVAILABLE, errorText(ErrorCode.UNAVAILABLE, lang), null));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(envelope(ErrorCode.INTERNAL, errorText(ErrorCode.INTERNAL, lang), null));
  });
}

export function gatewayNotFound(req: FastifyRequest, reply: FastifyReply) {
  const lang = requestLang(req);
  const msg =
    lang === 'zh'
      ? `接口不存在：${req.method} ${req.url.split('?')[0]}`
      : `Unknown call: ${req.method} ${req.url.split('?')[0]}`;
  return reply.status(200).send(envelope(ErrorCode.NOT_FOUND, msg, null));
}

/**
 * CSRF rule (DESIGN.md section 3): a state-changing call must carry `platform: WEB-CLIENT`, which a
 * cross-site form cannot set and a cross-site fetch cannot send without a CORS preflight we refuse.
 */
export function isCsrfSafe(req: FastifyRequest): boolean {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return true;
  return req.headers.platform === PLATFORM_HEADER_VALUE;
}

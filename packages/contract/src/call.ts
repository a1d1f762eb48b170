import type { z } from 'zod';
import type { Lang } from './errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may make a call (DESIGN.md section 3), declared on the call and enforced by the gateway:
 * - `public`: anyone (`/api/` paths); the tenant is the session's enterprise, else the site's.
 * - `visitor`: an `/api/` path visitors may call only where the site's visitor mode (visitorOpenSet)
 *   is on, else 301; a signed-in learner always may.
 * - `session`: a signed-in session with its enterprise chosen (`/auth/`, `/data/crm/` paths).
 * - `account`: a signed-in session that may not have chosen its enterprise yet (sign-out, the
 *   enterprise list, choosing one).
 * - `admin`: a signed-in session whose account administers (isAdmin) the session's enterprise: the
 *   back office's calls, all under `/<service>/auth/admin/…` (decision 036); a visitor gets 301, a
 *   signed-in learner 3403. Its writes record what they changed in the audit log.
 */
export type CallAccess = 'public' | 'visitor' | 'session' | 'account' | 'admin';

/** Access a call has by its path alone: `/x/api/…` public, `/x/auth/admin/…` admin, else a session. */
export type PathAccess<P extends string> = P extends `/${string}/auth/admin/${string}`
  ? 'admin'
  : P extends `/${string}/${infer Second}/${string}`
    ? Second extends `${infer S}/${string}`
      ? S extends 'api'
        ? 'public'
        : 'session'
      : Second extends 'api'
        ? 'public'
        : 'session'
    : 'session';

/** Calls a visitor (no session) may make: public ones, and visitor-mode ones where the site allows. */
export const isOpenAccess = (access: CallAccess): boolean => access === 'public' || access === 'visitor';

/**
 * One gateway call, declared once. The server registers its handler from it, the web client calls
 * it through one typed function, and OpenAPI is generated from it.
 */
export interface CallDef<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  A extends CallAccess = CallAccess,
> {
  /** Stable name, used as the OpenAPI operationId and in logs. */
  name: string;
  method: HttpMethod;
  /** Path after the gateway prefix, exactly as the spec gives it. */
  path: string;
  access: A;
  summary: string;
  tags: string[];
  /** Query (GET, DELETE without body) or body (POST, PUT, DELETE with body). */
  request: Req;
  /** Where the request is read from. */
  requestIn: 'query' | 'body';
  /**
   * The same request schema with its own messages in the user's language, for calls whose fields
   * carry texts of the spec (the message board); the gateway words bad input with it.
   */
  requestFor?: (lang: Lang) => z.ZodType;
  /** Schema of `data` in the envelope; of each event for a call answered as a stream (`stream`). */
  response: Res;
  /**
   * `events`: the call answers with server-sent events (`text/event-stream`), each `data:` line one
   * JSON value of `response`, instead of the envelope; a refusal before the stream starts (session,
   * input, limits) is the envelope as for any call.
   */
  stream?: 'events';
}

export type CallRequest<C extends CallDef> = z.input<C['request']>;
export type CallParsedRequest<C extends CallDef> = z.output<C['request']>;
export type CallResponse<C extends CallDef> = z.output<C['response']>;

/** The gateway prefix every call sits under. */
export const GATEWAY_PREFIX = '/gateway';

/**
 * `/user/auth/...`, `/data/crm/...` need a session; `/.../api/...` are public (DESIGN.md section 3);
 * `/.../auth/admin/...` are the back office's (an administrator of the session's enterprise).
 */
export function accessForPath(path: string): 'public' | 'session' | 'admin' {
  const [, , second, third] = path.split('/');
  if (second === 'api') return 'public';
  if (second === 'auth' && third === 'admin') return 'admin';
  return 'session';
}

/**
 * Declares a call. Its access follows from its path (`/api/` public, `/auth/admin/` admin, else
 * session) unless given: `visitor` narrows an `/api/` call to sites whose visitor mode is on,
 * `account` widens an `/auth/` call to sessions without an enterprise. Any other contradiction with
 * the path is refused: an admin call is never outside `/auth/admin/`, nor a call there not admin.
 */
export function defineCall<
  Req extends z.ZodType,
  Res extends z.ZodType,
  P extends string,
  A extends CallAccess = PathAccess<P>,
>(
  def: Omit<CallDef<Req, Res, A>, 'access' | 'requestIn' | 'path'> & {
    path: P;
    access?: A;
    requestIn?: 'query' | 'body';
  },
): CallDef<Req, Res, A> {
  const byPath = accessForPath(def.path);
  const access = (def.access ?? byPath) as A;
  // Only these two differ from the path's: visitor narrows public, account widens session.
  const allowed =
    access === byPath || (access === 'visitor' ? byPath === 'public' : access === 'account' && byPath === 'session');
  if (!allowed) {
    throw new Error(`call ${def.name}: access ${access} contradicts its path ${def.path}`);
  }
  const requestIn = def.requestIn ?? (def.method === 'GET' ? 'query' : 'body');
  return { ...def, access, requestIn };
}

/** The `{name}` parameters of a call's path (the spec writes `/download/resource/download/{id}`). */
const PATH_PARAM = /\{(\w+)\}/g;

export function pathParamsOf(path: string): string[] {
  return [...path.matchAll(PATH_PARAM)].map((m) => m[1] as string);
}

/** The path as the router matches it (`{id}` → `:id`). */
export function routePathOf(path: string): string {
  return path.replace(PATH_PARAM, ':$1');
}

/**
 * The path with its `{name}` parameters filled from `input` (URI-encoded) and the input left for
 * the query or body. A parameter missing from the input is left empty (the server answers 400).
 */
export function fillPath(
  path: string,
  input: Record<string, unknown>,
): { path: string; rest: Record<string, unknown> } {
  const names = pathParamsOf(path);
  if (names.length === 0) return { path, rest: input };
  const rest = { ...input };
  for (const name of names) delete rest[name];
  const filled = path.replace(PATH_PARAM, (_m, name: string) => {
    const value = input[name];
    return value === undefined || value === null ? '' : encodeURIComponent(String(value));
  });
  return { path: filled, rest };
}

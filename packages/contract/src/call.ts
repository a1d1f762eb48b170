import type { z } from 'zod';
import type { Lang } from './errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may make a call: anyone, or only a signed-in session (DESIGN.md section 3). */
export type CallAccess = 'public' | 'session';

/**
 * One gateway call, declared once. The server registers its handler from it, the web client calls
 * it through one typed function, and OpenAPI is generated from it.
 */
export interface CallDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  /** Stable name, used as the OpenAPI operationId and in logs. */
  name: string;
  method: HttpMethod;
  /** Path after the gateway prefix, exactly as the spec gives it. */
  path: string;
  access: CallAccess;
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
  /** Schema of `data` in the envelope. */
  response: Res;
}

export type CallRequest<C extends CallDef> = z.input<C['request']>;
export type CallParsedRequest<C extends CallDef> = z.output<C['request']>;
export type CallResponse<C extends CallDef> = z.output<C['response']>;

/** The gateway prefix every call sits under. */
export const GATEWAY_PREFIX = '/gateway';

/** `/user/auth/...`, `/data/crm/...` need a session; `/.../api/...` are public (DESIGN.md section 3). */
export function accessForPath(path: string): CallAccess {
  const second = path.split('/')[2];
  if (second === 'api') return 'public';
  return 'session';
}

export function defineCall<Req extends z.ZodType, Res extends z.ZodType>(
  def: Omit<CallDef<Req, Res>, 'access' | 'requestIn'> & {
    access?: CallAccess;
    requestIn?: 'query' | 'body';
  },
): CallDef<Req, Res> {
  const access = def.access ?? accessForPath(def.path);
  if (access !== accessForPath(def.path)) {
    throw new Error(`call ${def.name}: access ${access} contradicts its path ${def.path}`);
  }
  const requestIn = def.requestIn ?? (def.method === 'GET' ? 'query' : 'body');
  return { ...def, access, requestIn };
}

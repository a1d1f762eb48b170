import type { IncomingMessage, ServerResponse } from 'node:http';
import { GATEWAY_PREFIX, LANG_COOKIE, TOKEN_COOKIE, type Lang } from '@portal/contract';
import { ClearedCache } from './cleared-cache.ts';
import { domainOf, langOf, requestIdOf } from './request-context.ts';

/** Headers of every gateway answer (also set by the gateway's onRequest hook, http.ts). */
export const GATEWAY_HEADERS = Object.freeze({
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
});

const JSON_TYPE = 'application/json; charset=utf-8';
const HSTS = 'max-age=15552000; includeSubDomains';

interface Answer {
  /** A string: Node writes the head and a string body in one piece (a Buffer is a second one). */
  body: string;
  length: string;
}

export interface FrontDoorOptions {
  /** Requests are being refused while the server stops (Fastify answers them with 503). */
  closing: () => boolean;
  parseCookie: (header: string) => Record<string, string | undefined>;
  trustProxy: boolean;
  /** Writes the request line when request logging is on (Fastify's 'request completed'). */
  logRequest?: ((reqId: string, req: IncomingMessage, startedAt: number) => void) | undefined;
}

/**
 * Whole answers of cacheable public GET calls (site information read on every page) for visitors
 * without a session, by language, domain and URL, for SITE_CACHE_TTL_MS (decision 007).
 *
 * The gateway's route handler stores an answer after it has served it once (validated input,
 * tenancy, envelope); `serve` then answers the same request from memory in front of Fastify's
 * router, with the same headers, so a cached site call costs what serving bytes from memory costs.
 * Anything else (a miss, a session, another method, a server that is stopping) goes on to Fastify.
 * Like static files and cached pages, answers served here are not counted by the per-address rate
 * limit: they cost no work; misses are counted as every other call.
 */
export class VisitorAnswers {
  private readonly cache: ClearedCache<Answer>;

  constructor(ttlMs: number, max = 5000) {
    this.cache = new ClearedCache<Answer>({ max, ttlMs });
  }

  static key(lang: Lang, domain: string, url: string): string {
    return `${lang}|${domain}|${url}`;
  }

  get(key: string): string | undefined {
    return this.cache.get(key)?.body;
  }

  /** Where making an answer starts (ClearedCache): an answer begun before a clear is not kept. */
  mark(): number {
    return this.cache.mark();
  }

  set(key: string, body: string, mark: number): void {
    this.cache.set(key, { body, length: String(Buffer.byteLength(body)) }, mark);
  }

  clear(): void {
    this.cache.clear();
  }

  /**
   * Answers a visitor's GET of a cached gateway call; false when the request must go to Fastify.
   */
  serve(req: IncomingMessage, res: ServerResponse, options: FrontDoorOptions): boolean {
    const url = req.url;
    if (req.method !== 'GET' || url === undefined || !url.startsWith(GATEWAY_PREFIX + '/') || options.closing()) {
      return false;
    }
    const headers = req.headers;
    if (headers.token !== undefined) return false;
    const cookies = headers.cookie ? options.parseCookie(headers.cookie) : undefined;
    if (cookies?.[TOKEN_COOKIE]) return false;
    const key = VisitorAnswers.key(
      langOf(headers.lang, cookies?.[LANG_COOKIE], headers['accept-language']),
      domainOf(headers),
      url,
    );
    const answer = this.cache.get(key);
    if (answer === undefined) return false;
    const startedAt = options.logRequest ? performance.now() : 0;
    const reqId = requestIdOf(headers);
    const out: Record<string, string> = {
      ...GATEWAY_HEADERS,
      'x-request-id': reqId,
      'content-type': JSON_TYPE,
      'content-length': answer.length,
    };
    if (options.trustProxy && forwardedProto(headers['x-forwarded-proto']) === 'https') {
      out['strict-transport-security'] = HSTS;
    }
    res.writeHead(200, out);
    res.end(answer.body);
    options.logRequest?.(reqId, req, startedAt);
    return true;
  }
}

/** The protocol a trusted proxy reports, read as Fastify reads it (the last entry). */
function forwardedProto(value: string | string[] | undefined): string | undefined {
  const header = Array.isArray(value) ? value.join(',') : value;
  return header?.slice(header.lastIndexOf(',') + 1).trim();
}

import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { parse as parseDomain } from 'tldts';
import { LANG_COOKIE, type Lang } from '@portal/contract';
import type { FastifyRequest } from 'fastify';

/**
 * The registrable ("primary") domain of a host, from the public-suffix list: `learn.example.com`
 * → `example.com`. Hosts without one (localhost, IP addresses) are their own domain.
 */
export function registrableDomain(host: string): string {
  const hostname = hostnameOf(host);
  const parsed = parseDomain(hostname, { allowPrivateDomains: true });
  return parsed.domain ?? hostname;
}

/** `Host` header value without port, lower-cased; IPv6 brackets kept. */
export function hostnameOf(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return h.split(':')[0] ?? h;
}

/**
 * The user's language: the `lang` header the web client sends with the page's language, else the
 * i18n_redirected cookie, else Accept-Language, else Chinese.
 */
export function requestLang(req: FastifyRequest): Lang {
  return langOf(req.headers.lang, req.cookies?.[LANG_COOKIE], req.headers['accept-language']);
}

/** requestLang from the raw values: `lang` header, i18n_redirected cookie, Accept-Language. */
export function langOf(
  header: string | string[] | undefined,
  cookie: string | undefined,
  accept: string | undefined,
): Lang {
  if (header === 'en' || header === 'zh') return header;
  if (cookie === 'en' || cookie === 'zh') return cookie;
  if (typeof accept === 'string' && /^en\b/i.test(accept.trim())) return 'en';
  return 'zh';
}

/** The `domain` header the web client sends, else the one computed from Host. */
export function requestDomain(req: FastifyRequest): string {
  return domainOf(req.headers);
}

export function domainOf(headers: IncomingHttpHeaders): string {
  const header = headers.domain;
  if (typeof header === 'string' && header.trim()) return header.trim().toLowerCase();
  return registrableDomain(headers.host ?? 'localhost');
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The caller's `x-request-id` when it is a sane one (a proxy's), else a new UUID. */
export function requestIdOf(headers: IncomingHttpHeaders): string {
  const incoming = headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, errorText, type Lang } from '@portal/contract';
import { langOf } from './request-context.ts';

/**
 * Answers the HTTP server gives before (or instead of) the router, in the envelope like every other
 * answer (DESIGN.md section 3, decision 022): requests Node's parser refuses (a URL or headers over
 * 16 KB, a malformed request), and bodies over the limit, which are read to their end after the 413
 * so that the client, still sending, gets the answer instead of a reset connection.
 */

/** After a 413, at most this much more of the refused body is read (and thrown away) before the connection is cut. */
export const REFUSED_BODY_DRAIN_BYTES = 32 * 1024 * 1024;
/** …and for at most this long. */
export const REFUSED_BODY_DRAIN_MS = 30_000;
/** A refused request's connection is closed this long after its answer if the client keeps it open. */
const CLIENT_ERROR_LINGER_MS = 5_000;

const CLIENT_ERROR_TEXTS = {
  header_overflow: {
    zh: `${errorText(ErrorCode.BAD_INPUT, 'zh')}：请求地址或请求头过长`,
    en: `${errorText(ErrorCode.BAD_INPUT, 'en')}: the address or the headers of the request are too long`,
  },
  timeout: { zh: '请求超时，请稍后再试', en: 'The request took too long, please try again' },
  malformed: {
    zh: `${errorText(ErrorCode.BAD_INPUT, 'zh')}：请求格式不正确`,
    en: `${errorText(ErrorCode.BAD_INPUT, 'en')}: the request is malformed`,
  },
} as const;

/** The user's language from what the parser had read of the request (header, cookie, Accept-Language). */
function rawLang(raw: Buffer | undefined): Lang {
  const text = raw ? raw.toString('latin1') : '';
  const header = /\r\nlang:[ \t]*(\w+)/i.exec(text)?.[1];
  const cookie = /[;\s]i18n_redirected=(\w+)/.exec(text)?.[1];
  const accept = /\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(text)?.[1];
  return langOf(header, cookie, accept);
}

const answered = new WeakSet<Duplex>();

/**
 * Fastify's `clientErrorHandler`: Node's parser refused the request (HPE_HEADER_OVERFLOW for more
 * than 16 KB of URL and headers: 431; a timeout: 408; anything else: 400). The answer is the
 * envelope (code 400 with the reason) instead of Fastify's own JSON, then the connection closes;
 * what the client still sends meanwhile is read and dropped, so the answer is not lost to a reset.
 */
export function answerClientError(
  this: FastifyInstance,
  err: Error & { code?: string; rawPacket?: unknown },
  socket: Duplex,
): void {
  // The parser reports every later chunk of a refused request again: it is answered once.
  if (err.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
  answered.add(socket);
  const kind =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? 'header_overflow'
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'timeout'
        : 'malformed';
  const status = kind === 'header_overflow' ? 431 : kind === 'timeout' ? 408 : 400;
  this.log.info({ err: { code: err.code, message: err.message } }, `client error: ${kind}`);
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({
    code: ErrorCode.BAD_INPUT,
    message: CLIENT_ERROR_TEXTS[kind][rawLang(Buffer.isBuffer(err.rawPacket) ? err.rawPacket : undefined)],
    data: null,
  });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'content-type: application/json; charset=utf-8\r\n' +
      `content-length: ${Buffer.byteLength(body)}\r\n` +
      'x-content-type-options: nosniff\r\ncache-control: no-store\r\nconnection: close\r\n\r\n' +
      body,
  );
  // Half-closed: the client reads the answer and closes; one that does not is cut off.
  setTimeout(() => socket.destroy(), CLIENT_ERROR_LINGER_MS).unref();
}

/**
 * An `onError` hook: when a request is refused for its size (413: over the body limit, or an upload
 * over its file limit) before its body is read to the end, the rest of the body is read and thrown
 * away (up to REFUSED_BODY_DRAIN_BYTES, for REFUSED_BODY_DRAIN_MS) and the connection kept, instead
 * of Fastify's `connection: close`, which closed the socket while the client was still sending:
 * the client then got a reset (EPIPE, ECONNRESET) rather than the 413 envelope.
 */
export function keepReadingRefusedBody(req: FastifyRequest, reply: FastifyReply, err: unknown, done: () => void): void {
  const e = err as { statusCode?: number; code?: string };
  const tooLarge = e.statusCode === 413 || e.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || isPayloadTooLarge(err);
  const raw = req.raw;
  if (tooLarge && !raw.complete && !raw.destroyed) {
    const declared = Number(req.headers['content-length']);
    if (!(declared > REFUSED_BODY_DRAIN_BYTES)) {
      reply.removeHeader('connection');
      let seen = 0;
      // An injected request (tests) has a socket stand-in without destroy: nothing to cut there.
      const cut = () => {
        const socket = raw.socket as { destroy?: () => void } | null | undefined;
        if (typeof socket?.destroy === 'function') socket.destroy();
      };
      const timer = setTimeout(cut, REFUSED_BODY_DRAIN_MS).unref();
      const stop = () => clearTimeout(timer);
      raw.on('data', (chunk: Buffer) => {
        seen += chunk.length;
        if (seen > REFUSED_BODY_DRAIN_BYTES) {
          stop();
          cut();
        }
      });
      raw.once('end', stop);
      raw.once('close', stop);
      raw.resume();
    }
  }
  done();
}

function isPayloadTooLarge(err: unknown): boolean {
  return (err as { code?: unknown }).code === ErrorCode.PAYLOAD_TOO_LARGE;
}

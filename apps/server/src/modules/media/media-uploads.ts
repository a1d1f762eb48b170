import { AsyncLocalStorage } from 'node:async_hooks';
import { Server, type Upload } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ErrorCode,
  GATEWAY_PREFIX,
  MEDIA_UPLOADS_PATH,
  MEDIA_UPLOAD_MAX_BYTES,
  errorText,
  type ErrorCodeValue,
  type Lang,
} from '@portal/contract';
import { AppError } from '../../platform/errors.ts';
import { requestToken } from '../../platform/gateway.ts';
import { requestLang } from '../../platform/request-context.ts';
import type { SessionStore } from '../../platform/session.ts';
import { kindOfFile, type UploadSources } from './media-files.ts';
import type { MediaService, UploadActor } from './media.service.ts';

const BASE = `${GATEWAY_PREFIX}${MEDIA_UPLOADS_PATH}`;

/** An upload id is `<eid>-<random>`: the enterprise it belongs to is part of its name. */
const UPLOAD_ID = /^(\d+)-[a-f0-9]{32}$/;

/** A refusal in tus's terms: an HTTP status and the gateway's envelope as the body. */
function refusal(status: number, code: ErrorCodeValue, lang: Lang) {
  return {
    status_code: status,
    body: JSON.stringify({ code, message: errorText(code, lang), data: null }),
  };
}

/**
 * Resumable uploads to the media library (the tus protocol, decision 041) under
 * /gateway/course/auth/admin/media/uploads: only an administrator of the session's enterprise,
 * with the gateway's session and CSRF rules (the `platform` header on every write, http.ts). Each
 * request settles who is calling before tus sees it; an upload id names its enterprise, so an
 * administrator of another enterprise finds no upload of this one. A finished upload becomes a
 * material (`MediaService.acceptUpload`).
 */
export function mountMediaUploads(
  app: FastifyInstance,
  deps: { sessions: SessionStore; sources: UploadSources; service: MediaService },
): Server {
  const actors = new AsyncLocalStorage<UploadActor>();
  const actor = () => {
    const a = actors.getStore();
    if (!a) throw new Error('media upload outside a request');
    return a;
  };
  const tus = new Server({
    path: BASE,
    datastore: deps.sources.store,
    maxSize: MEDIA_UPLOAD_MAX_BYTES,
    relativeLocation: true,
    // Same origin only: no CORS headers for other sites.
    allowedOrigins: [],
    namingFunction: () => `${actor().eid}-${crypto.randomUUID().replaceAll('-', '')}`,
    async onUploadCreate(_req, upload) {
      const { lang } = actor();
      if (upload.sizeIsDeferred || upload.size === undefined) throw refusal(400, ErrorCode.MEDIA_LENGTH_NEEDED, lang);
      if (upload.size > MEDIA_UPLOAD_MAX_BYTES) throw refusal(413, ErrorCode.MEDIA_TOO_LARGE, lang);
      const name = upload.metadata?.filename ?? '';
      if (!kindOfFile(name)) throw refusal(415, ErrorCode.MEDIA_TYPE_NOT_ALLOWED, lang);
      return {};
    },
    async onUploadFinish(_req, upload: Upload) {
      const material = await deps.service.acceptUpload(actor(), {
        id: upload.id,
        size: upload.size ?? upload.offset,
        fileName: upload.metadata?.filename ?? '',
        title: upload.metadata?.title ?? '',
      });
      // The browser learns the new material's id (tus's 204 has no body).
      return { headers: { 'Upload-Material-Id': String(material.id) } };
    },
    async onResponseError(_req, err) {
      if (err instanceof AppError) return refusal(400, err.code, actor().lang);
      return undefined;
    },
    exposedHeaders: ['Upload-Material-Id'],
  });

  const handle = async (req: FastifyRequest, reply: FastifyReply) => {
    const lang = requestLang(req);
    const send = (status: number, code: ErrorCodeValue) =>
      reply
        .status(status)
        .type('application/json; charset=utf-8')
        .send({ code, message: errorText(code, lang), data: null });
    let eid: number;
    let accountId: number;
    try {
      const session = await deps.sessions.authenticate(requestToken(req));
      if (!session.isAdmin) return send(403, ErrorCode.NOT_ADMIN);
      ({ eid, accountId } = session);
    } catch (err) {
      if (err instanceof AppError) return send(401, err.code);
      throw err;
    }
    const rest = (req.params as { '*'?: string })['*'];
    if (rest !== undefined && rest !== '') {
      const owner = UPLOAD_ID.exec(rest);
      if (!owner || Number(owner[1]) !== eid) return send(404, ErrorCode.MEDIA_UPLOAD_NOT_FOUND);
    }
    reply.hijack();
    const a: UploadActor = { eid, accountId, lang, requestId: String(req.id), ip: req.ip };
    await actors.run(a, () => tus.handle(req.raw, reply.raw));
  };

  // tus's bodies are the file's bytes: left unread for tus to stream to its store.
  app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));
  app.all(BASE, handle);
  app.all(`${BASE}/*`, handle);
  return tus;
}

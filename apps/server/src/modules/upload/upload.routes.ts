import * as calls from '@portal/contract';
import { requestToken } from '../../platform/gateway.ts';
import { defineModule } from '../../platform/module.ts';
import { isFileKey } from '../../platform/storage.ts';
import { registrationTicketsOf } from '../registration-form/index.ts';
import { uploadServiceOf } from './upload.service.ts';

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  // The media library (decision 041): HLS playlists and segments, documents.
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xls: 'application/vnd.ms-excel',
};

/**
 * Files anyone with the link may read: avatars, and the media library's (a transcoded video's
 * playlists, segments and poster, a document), as the direct-URL videos they stand beside are:
 * their folder's name is 18 random bytes, never listed to anyone but the enterprise's learners.
 */
const isPublicKey = (key: string) => key.startsWith('avatars/') || key.startsWith('media/');

/** The upload calls and the files they keep: avatars public, one-inch photos by signed link. */
export default defineModule({
  name: 'upload',
  register(gateway, platform) {
    const { app } = gateway;
    const { storage, signer, sessions } = platform;
    const uploads = uploadServiceOf(platform);
    const tickets = registrationTicketsOf(platform);
    gateway.call(calls.uploadPic, async (_input, ctx) => {
      const { key } = await uploads.accept((o) => ctx.req.file(o), 'avatar', ctx.eid, ctx.session.accountId);
      return { url: uploads.publicUrl(key) };
    });
    gateway.call(
      calls.uploadPrivateFile,
      async (_input, ctx) => {
        // Public (registration has no session yet): the site's enterprise, and a tight per-address limit.
        // A signed-in person's upload is theirs; one without a session is claimed by a registration,
        // and only a registration in progress on a site that registers may make one (its ticket).
        const session = await sessions.authenticate(requestToken(ctx.req)).catch(() => null);
        const eid = await ctx.eid();
        const uploader = session?.eid === eid ? session.accountId : null;
        if (uploader === null) await tickets.assertMayUpload(ctx.req, eid);
        const { key } = await uploads.accept((o) => ctx.req.file(o), 'headshot', eid, uploader);
        return { key, url: uploads.signedUrl(key) };
      },
      { perMinute: platform.perMinute },
    );

    app.get('/uploads/*', async (req, reply) => {
      const key = (req.params as { '*': string })['*'];
      const query = req.query as { expires?: string; sig?: string };
      const allowed = isFileKey(key) && (isPublicKey(key) || signer.verify(key, query.expires, query.sig));
      const file = allowed ? await storage.open(key) : null;
      if (!file) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      reply.header('content-type', TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream');
      reply.header('content-length', file.size);
      // Export files are saved, never shown (the page's download link gives them their name), and
      // never kept by the browser: a deleted export must not come back from its cache.
      const exported = key.startsWith('exports/');
      if (exported) reply.header('content-disposition', 'attachment');
      reply.header(
        'cache-control',
        isPublicKey(key) ? 'public, max-age=31536000, immutable' : exported ? 'no-store' : 'private, max-age=600',
      );
      return reply.send(file.stream);
    });
  },
});

import path from 'node:path';
import { withTenant } from '@portal/db';
import * as calls from '@portal/contract';
import { startAuditedExport } from '../../platform/audited-export.ts';
import { learnerOf } from '../../platform/learner.ts';
import { defineModule } from '../../platform/module.ts';
import { DEFAULT_WEB_BUILD } from '../../platform/web.ts';
import { LiveAdmin } from './live-admin.ts';
import { liveAttendanceExport } from './live-export.ts';
import { LiveProviders } from './live-providers.ts';
import { LiveRepository } from './live.repository.ts';
import { LIVE_CHANNEL_PATH, LiveService } from './live.service.ts';

/**
 * Live rooms (issue 24 item 1 and 4, decision 060): the room page's room and play address, the
 * attendance reports (watch, playback, leave), the header search's live type, the portal's own HLS
 * channel, and the back office's rooms, attendance and settings.
 */
export default defineModule({
  name: 'live',
  register(gateway, platform) {
    const repo = new LiveRepository(platform.db, platform.database.tenantPool);
    const providers = new LiveProviders(platform.db, platform.vault);
    const live = new LiveService({
      repo,
      providers,
      signer: platform.signer,
      storage: platform.storage,
      publicDir: path.join(DEFAULT_WEB_BUILD, 'client'),
    });
    gateway.call(calls.viewLiveRoomUrl, (q, ctx) =>
      live.viewRoom(ctx.eid, ctx.session ? learnerOf(ctx.session) : null, q.id),
    );
    gateway.call(calls.watchLive, (q, ctx) => live.report(learnerOf(ctx.session), q.id, 'live'));
    gateway.call(calls.watchPlayback, (q, ctx) => live.report(learnerOf(ctx.session), q.id, 'playback'));
    gateway.call(calls.leaveLive, (q, ctx) => live.report(learnerOf(ctx.session), q.id, 'leave'));
    gateway.call(calls.findLiveRooms, (q, ctx) => live.search(ctx.eid, q));

    // The portal's own channel: a live playlist for a signed address, never cached.
    gateway.app.get(`${LIVE_CHANNEL_PATH}.m3u8`, async (req, reply) => {
      const { eid, room } = req.params as { eid: string; room: string };
      const { token } = req.query as { token?: string };
      const e = Number(eid);
      const r = Number(room);
      const text =
        Number.isSafeInteger(e) && e > 0 && Number.isSafeInteger(r) && r > 0 && typeof token === 'string'
          ? await withTenant(e, () => live.channelPlaylist(e, r, token))
          : null;
      reply.header('cache-control', 'no-store');
      if (text === null) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      return reply.type('application/vnd.apple.mpegurl').send(text);
    });

    const admin = new LiveAdmin(repo, providers, live);
    gateway.call(calls.findAdminLiveRooms, (q, ctx) => admin.page(ctx.eid, q));
    gateway.call(calls.viewAdminLiveRoom, (q, ctx) => admin.view(ctx.eid, q.id));
    gateway.call(calls.createLiveRoom, (q, ctx) => admin.create(ctx, q));
    gateway.call(calls.editLiveRoom, ({ id, ...form }, ctx) => admin.edit(ctx, id, form));
    gateway.call(calls.deleteLiveRoom, (q, ctx) => admin.remove(ctx, q.id));
    gateway.call(calls.findLiveAttendance, (q, ctx) => admin.attendance(ctx.eid, q));
    const exportKind = platform.exports.define('crm-live-attendance', liveAttendanceExport(admin));
    gateway.call(calls.exportLiveAttendance, async (q, ctx) => {
      await admin.view(ctx.eid, q.id);
      return startAuditedExport(platform.db, exportKind, ctx, q, 'live_attendance_export');
    });
    gateway.call(calls.viewLiveSettings, (_q, ctx) => admin.settings(ctx.eid));
    gateway.call(calls.saveLiveSettings, (q, ctx) => admin.saveSettings(ctx, q));
  },
});

import * as calls from '@portal/contract';
import { defineModule } from '../../platform/module.ts';
import { learnerOf } from '../../platform/learner.ts';
import { AnnouncementRepository } from './announcement.repository.ts';
import { AnnouncementService } from './announcement.service.ts';
import { AnnouncementAdmin } from './announcement-admin.ts';
import { AnnouncementAdminRepository } from './announcement-admin.repository.ts';

/**
 * The announcement calls of platform.md section 7. Comment and reply saves are limited per address,
 * like the message board's writes. The public view is a visitor-mode call: a signed-in learner's
 * enterprise, a visitor's only where that enterprise's visitor mode is on (else 301).
 */
export default defineModule({
  name: 'announcement',
  register(gateway, platform) {
    const s = new AnnouncementService(new AnnouncementRepository(platform.db));
    const limited = { perMinute: platform.perMinute };
    gateway.call(calls.findPopupAnnouncements, (_q, ctx) => s.findPopupAnnouncements(learnerOf(ctx.session)));
    gateway.call(calls.viewAnnouncement, (q, ctx) =>
      s.viewAnnouncement(ctx.eid, q.id, ctx.session?.eid === ctx.eid ? ctx.session.accountId : null),
    );
    gateway.call(calls.findAnnouncementRecords, (q, ctx) => s.findAnnouncementRecords(learnerOf(ctx.session), q));
    gateway.call(calls.countReadAnnouncements, (_q, ctx) => s.countReadAnnouncements(learnerOf(ctx.session)));
    gateway.call(calls.countUnreadAnnouncements, (_q, ctx) => s.countUnreadAnnouncements(learnerOf(ctx.session)));
    gateway.call(calls.deleteAnnouncementRecords, (q, ctx) =>
      s.deleteAnnouncementRecords(learnerOf(ctx.session), q.ids),
    );
    gateway.call(calls.readAnnouncementRecords, (q, ctx) => s.readAnnouncementRecords(learnerOf(ctx.session), q.ids));
    gateway.call(calls.viewAnnouncementRecord, (q, ctx) => s.viewAnnouncementRecord(learnerOf(ctx.session), q.id));
    gateway.call(calls.admireAnnouncement, (q, ctx) => s.admireAnnouncement(learnerOf(ctx.session), q.id));
    gateway.call(calls.findAnnouncementComments, (q, ctx) => s.findAnnouncementComments(learnerOf(ctx.session), q));
    gateway.call(
      calls.saveAnnouncementComment,
      (q, ctx) => s.saveAnnouncementComment(learnerOf(ctx.session), q.id, q.content),
      limited,
    );
    gateway.call(
      calls.saveAnnouncementReply,
      (q, ctx) => s.saveAnnouncementReply(learnerOf(ctx.session), q.commentId, q.content),
      limited,
    );
    gateway.call(calls.deleteAnnouncementReply, (q, ctx) => s.deleteAnnouncementReply(learnerOf(ctx.session), q.id));
    gateway.call(calls.deleteAnnouncementComment, (q, ctx) =>
      s.deleteAnnouncementComment(learnerOf(ctx.session), q.id),
    );

    // The back office (decision 043).
    const admin = new AnnouncementAdmin(new AnnouncementAdminRepository(platform.db));
    gateway.call(calls.findAdminAnnouncements, (q, ctx) => admin.findAnnouncements(ctx.eid, q));
    gateway.call(calls.findAnnouncementDepartments, (_q, ctx) => admin.findDepartments(ctx.eid));
    gateway.call(calls.viewAdminAnnouncement, (q, ctx) => admin.viewAnnouncement(ctx.eid, q.id));
    gateway.call(calls.saveAnnouncement, (q, ctx) => admin.saveAnnouncement(ctx, q));
    gateway.call(calls.setAnnouncementPublished, (q, ctx) => admin.setPublished(ctx, q.id, q.published));
    gateway.call(calls.deleteAnnouncement, (q, ctx) => admin.deleteAnnouncement(ctx, q.id));
  },
});

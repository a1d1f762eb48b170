import type { FastifyInstance } from 'fastify';
import {
  admireAnnouncement,
  deleteAnnouncementRecords,
  readAnnouncementRecords,
  deleteAnnouncementComment,
  findAnnouncementComments,
  saveAnnouncementComment,
  viewAnnouncement,
  findPopupAnnouncements,
  countReadAnnouncements,
  findAnnouncementRecords,
  viewAnnouncementRecord,
  deleteAnnouncementReply,
  saveAnnouncementReply,
  countUnreadAnnouncements,
} from '@portal/contract';
import { registerCall, type CallContext, type GatewayDeps } from '../../platform/gateway.ts';
import { visitorModeEid } from '../../platform/visitor-mode.ts';
import type { SiteService } from '../site/site.service.ts';
import type { Learner } from './announcement.repository.ts';
import type { AnnouncementService } from './announcement.service.ts';

/** The signed-in learner of a session call: their enterprise and account. */
const learner = (ctx: CallContext): Learner => ({ eid: ctx.session!.eid, accountId: ctx.session!.accountId });

/**
 * The announcement calls of platform.md section 7. `perMinute` limits comment and reply saves per
 * address, like the message board's writes.
 */
export function registerAnnouncementRoutes(
  app: FastifyInstance,
  deps: GatewayDeps,
  s: AnnouncementService,
  site: SiteService,
  perMinute: number,
): void {
  // The public view: a signed-in learner's enterprise; a visitor's only where that enterprise's
  // visitor mode is on (an `?eid=` names the enterprise whose rule applies), else 301.
  const visitorOpen = async (eid: number) => (await site.getWebsite(eid)).visitorOpenSet;
  registerCall(app, deps, findPopupAnnouncements, (_q, ctx) => s.popups(learner(ctx)));
  registerCall(app, deps, viewAnnouncement, async (q, ctx) =>
    s.info(await visitorModeEid(ctx, deps, visitorOpen), q.id),
  );
  registerCall(app, deps, findAnnouncementRecords, (q, ctx) => s.page(learner(ctx), q));
  registerCall(app, deps, countReadAnnouncements, (_q, ctx) => s.readCount(learner(ctx)));
  registerCall(app, deps, countUnreadAnnouncements, (_q, ctx) => s.unreadCount(learner(ctx)));
  registerCall(app, deps, deleteAnnouncementRecords, (q, ctx) => s.remove(learner(ctx), q.ids));
  registerCall(app, deps, readAnnouncementRecords, (q, ctx) => s.markRead(learner(ctx), q.ids));
  registerCall(app, deps, viewAnnouncementRecord, (q, ctx) => s.view(learner(ctx), q.id));
  registerCall(app, deps, admireAnnouncement, (q, ctx) => s.admire(learner(ctx), q.id));
  registerCall(app, deps, findAnnouncementComments, (q, ctx) => s.comments(learner(ctx), q));
  registerCall(app, deps, saveAnnouncementComment, (q, ctx) => s.comment(learner(ctx), q.id, q.content), {
    perMinute,
  });
  registerCall(app, deps, saveAnnouncementReply, (q, ctx) => s.reply(learner(ctx), q.commentId, q.content), {
    perMinute,
  });
  registerCall(app, deps, deleteAnnouncementReply, (q, ctx) => s.deleteComment(learner(ctx), q.id, true));
  registerCall(app, deps, deleteAnnouncementComment, (q, ctx) => s.deleteComment(learner(ctx), q.id, false));
}

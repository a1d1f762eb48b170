import type { FastifyInstance } from 'fastify';
import {
  announcementAdmire,
  announcementBatchDelete,
  announcementBatchRead,
  announcementCommentDelete,
  announcementCommentPage,
  announcementCommentSave,
  announcementInfoView,
  announcementPopList,
  announcementReadCount,
  announcementRecordPage,
  announcementRecordView,
  announcementReplyDelete,
  announcementReplySave,
  announcementWaitReadCount,
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
  registerCall(app, deps, announcementPopList, (_q, ctx) => s.popups(learner(ctx)));
  registerCall(app, deps, announcementInfoView, async (q, ctx) =>
    s.info(await visitorModeEid(ctx, deps, visitorOpen), q.id),
  );
  registerCall(app, deps, announcementRecordPage, (q, ctx) => s.page(learner(ctx), q));
  registerCall(app, deps, announcementReadCount, (_q, ctx) => s.readCount(learner(ctx)));
  registerCall(app, deps, announcementWaitReadCount, (_q, ctx) => s.unreadCount(learner(ctx)));
  registerCall(app, deps, announcementBatchDelete, (q, ctx) => s.remove(learner(ctx), q.ids));
  registerCall(app, deps, announcementBatchRead, (q, ctx) => s.markRead(learner(ctx), q.ids));
  registerCall(app, deps, announcementRecordView, (q, ctx) => s.view(learner(ctx), q.id));
  registerCall(app, deps, announcementAdmire, (q, ctx) => s.admire(learner(ctx), q.id));
  registerCall(app, deps, announcementCommentPage, (q, ctx) => s.comments(learner(ctx), q));
  registerCall(app, deps, announcementCommentSave, (q, ctx) => s.comment(learner(ctx), q.id, q.content), {
    perMinute,
  });
  registerCall(app, deps, announcementReplySave, (q, ctx) => s.reply(learner(ctx), q.commentId, q.content), {
    perMinute,
  });
  registerCall(app, deps, announcementReplyDelete, (q, ctx) => s.deleteComment(learner(ctx), q.id, true));
  registerCall(app, deps, announcementCommentDelete, (q, ctx) => s.deleteComment(learner(ctx), q.id, false));
}

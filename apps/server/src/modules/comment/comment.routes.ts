import * as calls from '@portal/contract';
import { defineModule } from '../../platform/module.ts';
import { CommentModeration } from './comment-moderation.ts';
import { CommentModerationRepository } from './comment-moderation.repository.ts';

/**
 * Comment moderation in the back office (decision 043): learners' comments on courses,
 * announcements and tasks in one list; hide, show again, delete.
 */
export default defineModule({
  name: 'comment',
  register(gateway, platform) {
    const moderation = new CommentModeration(new CommentModerationRepository(platform.db));
    gateway.call(calls.findAdminComments, (q, ctx) => moderation.findComments(ctx.eid, q));
    gateway.call(calls.setCommentHidden, (q, ctx) => moderation.setHidden(ctx, q.kind, q.id, q.hidden));
    gateway.call(calls.deleteAdminComment, (q, ctx) => moderation.deleteComment(ctx, q.kind, q.id));
  },
});

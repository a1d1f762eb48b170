import {
  pageOffset,
  toPage,
  type AdminComment,
  type CallParsedRequest,
  type CommentKind,
  type findAdminComments,
} from '@portal/contract';
import type { AdminAudit } from '../../platform/admin-audit.ts';
import { requireFound } from '../../platform/errors.ts';
import { COUNT_CAP, CommentModerationRepository as Repo, type ModeratedRow } from './comment-moderation.repository.ts';

/** An administrator's call (the gateway settled that the session administers `eid`). */
export interface AdminCaller {
  eid: number;
  audit: AdminAudit;
}

const present = (r: ModeratedRow): AdminComment => ({
  kind: r.kind,
  id: Number(r.id),
  content: r.content,
  accountId: Number(r.account_id),
  authorName: r.author_name ?? '',
  targetId: Number(r.target_id),
  targetTitle: r.target_title,
  parentId: r.parent_id === null ? null : Number(r.parent_id),
  hidden: r.hidden,
  createdAt: new Date(r.created_at).toISOString(),
});

/**
 * Comment moderation in the back office (decision 043): one list of learners' comments on
 * courses, announcements and study tasks; hiding (a hidden comment leaves every learner's list and
 * count, and can be shown again) and deleting, each audited as entity `comment` with id
 * `<kind>:<id>`. Learners' comment reads are not cached: the change shows on their next read.
 */
export class CommentModeration {
  constructor(private readonly repo: Repo) {}

  async findComments(eid: number, q: CallParsedRequest<typeof findAdminComments>) {
    const filter = {
      kind: q.kind,
      hidden: q.hidden === undefined ? undefined : q.hidden === 'yes',
      keyword: q.keyword || undefined,
    };
    const offset = pageOffset(q.pageCurrent, q.pageSize);
    const [rows, total] = await Promise.all([
      offset >= COUNT_CAP ? Promise.resolve([]) : this.repo.findComments(eid, filter, offset, q.pageSize),
      this.repo.countComments(eid, filter),
    ]);
    return toPage(rows.map(present), total, q.pageCurrent, q.pageSize);
  }

  async setHidden({ eid, audit }: AdminCaller, kind: CommentKind, id: number, hidden: boolean) {
    return this.repo.transaction(async (tx) => {
      const before = present(requireFound(await Repo.comment(tx, eid, kind, id, true)));
      await Repo.setHidden(tx, eid, kind, id, hidden);
      const after = present(requireFound(await Repo.comment(tx, eid, kind, id)));
      await audit.record(tx, { entityType: 'comment', entityId: `${kind}:${id}`, before, after });
      return after;
    });
  }

  async deleteComment({ eid, audit }: AdminCaller, kind: CommentKind, id: number) {
    return this.repo.transaction(async (tx) => {
      const before = present(requireFound(await Repo.comment(tx, eid, kind, id, true)));
      await Repo.delete(tx, eid, kind, id);
      await audit.record(tx, { entityType: 'comment', entityId: `${kind}:${id}`, before, after: null });
      return { kind, id };
    });
  }
}

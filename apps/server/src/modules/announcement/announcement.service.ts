import {
  commentMessages,
  commentProblem,
  ANNOUNCEMENT_REPLY_PREVIEW,
  ErrorCode,
  toPage,
  type Lang,
  pageOffset,
} from '@portal/contract';
import { AppError } from '../../platform/errors.ts';
import type { AnnouncementRepository } from './announcement.repository.ts';
import { authorizeComment, authorizeCommentDelete } from './announcement.policy.ts';
import { presentRecord, presentReply } from './announcement.presenter.ts';
import type { Learner } from '../../platform/learner.ts';

// The sanitiser (sanitize-html, with its parser) is loaded when rich text is first presented.
const sanitize = async (html: string) => (await import('@portal/contract/sanitize')).sanitizeRichText(html);

interface Paging {
  pageCurrent: number;
  pageSize: number;
}

/**
 * Announcements and notices (issue 4, decision 014): the learner's records (list, counts, popup,
 * read, delete, like) and the comments and replies of an announcement.
 */
export class AnnouncementService {
  /** Materialisations under way, by learner: calls made at once (the notices section's three) share one. */
  private readonly materialising = new Map<string, Promise<void>>();

  constructor(private readonly repo: AnnouncementRepository) {}

  /**
   * Gives the learner records of the announcements they lack. Calls arriving while one is under
   * way for the same learner wait for it rather than running the INSERT again in parallel (each
   * would draw identity values for the same missing rows).
   */
  private materialise(l: Learner): Promise<void> {
    const key = `${l.eid}:${l.accountId}`;
    let running = this.materialising.get(key);
    if (!running) {
      running = this.repo.materialise(l).finally(() => this.materialising.delete(key));
      this.materialising.set(key, running);
    }
    return running;
  }

  async findAnnouncementRecords(
    l: Learner,
    q: Paging & { readStatus?: number | undefined; kind?: number | undefined },
  ) {
    await this.materialise(l);
    const filter = {
      ...(q.readStatus !== undefined ? { read: q.readStatus === 1 } : {}),
      ...(q.kind !== undefined ? { kind: q.kind } : {}),
    };
    const { rows, total } = await this.repo.findAnnouncementRecords(
      l,
      filter,
      pageOffset(q.pageCurrent, q.pageSize),
      q.pageSize,
    );
    return toPage(rows.map(presentRecord), total, q.pageCurrent, q.pageSize);
  }

  async countReadAnnouncements(l: Learner) {
    await this.materialise(l);
    return this.repo.counts(l, true);
  }

  async countUnreadAnnouncements(l: Learner) {
    await this.materialise(l);
    return this.repo.counts(l, false);
  }

  async findPopupAnnouncements(l: Learner) {
    await this.materialise(l);
    const rows = await this.repo.findPopupAnnouncements(l);
    return Promise.all(rows.map(async (row) => ({ ...presentRecord(row), content: await sanitize(row.content) })));
  }

  async readAnnouncementRecords(l: Learner, ids: number[]) {
    return { count: await this.repo.readAnnouncementRecords(l, ids) };
  }

  async deleteAnnouncementRecords(l: Learner, ids: number[]) {
    return { count: await this.repo.deleteAnnouncementRecords(l, ids) };
  }

  /** One of the learner's records; opening it marks it read. Another's or a deleted one is 404. */
  async viewAnnouncementRecord(l: Learner, id: number) {
    const row = await this.record(l, id);
    if (row.readAt === null) {
      await this.repo.readAnnouncementRecords(l, [id]);
      row.readAt = new Date();
    }
    const commentCount = await this.repo.commentCount(l.eid, row.announcementId);
    return { ...presentRecord(row), content: await sanitize(row.content), commentCount };
  }

  async admireAnnouncement(l: Learner, id: number) {
    const result = await this.repo.admireAnnouncement(l, id);
    if (!result) throw new AppError(ErrorCode.NOT_FOUND);
    return result;
  }

  /** A published announcement of the enterprise (the route decides whose and whether a visitor may). */
  /** The public view: one published for everyone, or for the signed-in person's departments. */
  async viewAnnouncement(eid: number, id: number, accountId: number | null) {
    const row = await this.repo.announcement(eid, id, accountId);
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    return {
      id: row.id,
      kind: row.kind,
      title: row.title,
      content: await sanitize(row.content),
      publishedAt: row.publishedAt.toISOString(),
      admireCount: row.admireCount,
      commentOpen: row.commentOpen,
    };
  }

  /**
   * Comments of the announcement of a record (newest first, each with its first replies), or with
   * `parentId` the replies of one of its comments (oldest first).
   */
  async findAnnouncementComments(l: Learner, q: Paging & { id: number; parentId?: number | undefined }) {
    const record = await this.record(l, q.id);
    const offset = pageOffset(q.pageCurrent, q.pageSize);
    if (q.parentId !== undefined) {
      const parent = await this.repo.comment(l.eid, q.parentId);
      const isComment = parent?.announcementId === record.announcementId && parent.parentId === null;
      if (!isComment) throw new AppError(ErrorCode.NOT_FOUND);
      const { rows, total } = await this.repo.replyPage(l.eid, q.parentId, offset, q.pageSize);
      const list = rows.map((row) => ({ ...presentReply(row, l.accountId), replyCount: 0, replies: [] }));
      return toPage(list, total, q.pageCurrent, q.pageSize);
    }
    const { rows, total } = await this.repo.commentPage(l.eid, record.announcementId, offset, q.pageSize);
    const replies = await this.repo.repliesOf(
      l.eid,
      rows.map((row) => row.id),
      ANNOUNCEMENT_REPLY_PREVIEW,
    );
    const list = rows.map((row) => ({
      ...presentReply(row, l.accountId),
      replyCount: replies.counts.get(row.id) ?? 0,
      replies: replies.rows.filter((x) => x.parentId === row.id).map((x) => presentReply(x, l.accountId)),
    }));
    return toPage(list, total, q.pageCurrent, q.pageSize);
  }

  async saveAnnouncementComment(l: Learner, id: number, content: string) {
    const record = await this.record(l, id);
    authorizeComment(record);
    const text = checked(content);
    const newId = await this.repo.addComment({
      eid: l.eid,
      announcementId: record.announcementId,
      accountId: l.accountId,
      content: text,
    });
    return this.saved(l, newId);
  }

  /**
   * A reply to a comment, or to a reply (filed under the same comment, naming whom it answers).
   * A comment deleted between reading it and saving the reply is not found (404), like one
   * deleted before.
   */
  async saveAnnouncementReply(l: Learner, commentId: number, content: string) {
    const target = await this.repo.comment(l.eid, commentId);
    const announcement = target && (await this.repo.announcement(l.eid, target.announcementId, l.accountId));
    authorizeComment(target && announcement);
    if (!target) throw new AppError(ErrorCode.NOT_FOUND);
    const text = checked(content);
    const newId = await this.repo.addComment({
      eid: l.eid,
      announcementId: target.announcementId,
      accountId: l.accountId,
      content: text,
      parentId: target.parentId ?? target.id,
      replyToAccountId: target.parentId === null ? null : target.accountId,
    });
    return this.saved(l, newId);
  }

  /** The comment or reply just saved; 404 when it could not be (what it hangs on went) or is gone again. */
  private async saved(l: Learner, id: number | null) {
    const row = id === null ? null : await this.repo.commentView(l.eid, id);
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    return presentReply(row, l.accountId);
  }

  /** Deletes the learner's own comment; anyone else's is refused (announcement.policy.ts). */
  deleteAnnouncementComment(l: Learner, id: number) {
    return this.deleteOwn(l, id, false);
  }

  /** Deletes the learner's own reply. */
  deleteAnnouncementReply(l: Learner, id: number) {
    return this.deleteOwn(l, id, true);
  }

  private async deleteOwn(l: Learner, id: number, asReply: boolean) {
    authorizeCommentDelete(l, await this.repo.comment(l.eid, id), asReply);
    await this.repo.deleteComment(l.eid, id);
    return null;
  }

  private async record(l: Learner, id: number) {
    const row = await this.repo.one(l, id);
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    return row;
  }
}

/** The comment text, trimmed, or code 400 with the rule's message in both languages. */
function checked(content: string): string {
  const problem = commentProblem(content);
  if (problem) {
    throw new AppError(ErrorCode.BAD_INPUT, {
      message: { zh: commentMessages.zh[problem], en: commentMessages.en[problem] } satisfies Record<Lang, string>,
    });
  }
  return content.trim();
}

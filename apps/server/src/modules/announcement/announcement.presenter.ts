import type { AnnouncementRecord, AnnouncementReply } from '@portal/contract';
import type { CommentRow, RecordRow } from './announcement.repository.ts';

/** A learner's record as the calls give it. */
export const presentRecord = (row: RecordRow): AnnouncementRecord => ({
  id: row.id,
  announcementId: row.announcementId,
  kind: row.kind,
  title: row.title,
  publishedAt: row.publishedAt.toISOString(),
  read: row.readAt !== null,
  readAt: row.readAt?.toISOString() ?? null,
  admired: row.admiredAt !== null,
  admireCount: row.admireCount,
  commentOpen: row.commentOpen,
});

/** The name a learner shows in this enterprise: real name, else nickname. */
const nameOf = (realName: string | null, userName: string | null) => realName || userName || '';

export const presentReply = (row: CommentRow, accountId: number): AnnouncementReply => ({
  id: row.id,
  parentId: row.parentId,
  content: row.content,
  createdAt: row.createdAt.toISOString(),
  userName: nameOf(row.realName, row.userName),
  headPortrait: row.headPortrait,
  replyToUserName:
    row.replyToRealName === null && row.replyToUserName === null
      ? null
      : nameOf(row.replyToRealName, row.replyToUserName),
  mine: row.accountId === accountId,
});

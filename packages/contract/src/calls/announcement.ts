import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id, paging, pageResponse } from '../envelope.ts';

// Announcements and notices (platform.md section 7 "Announcement calls", account-area.md
// /account?change=5; decision 014). A learner addresses an announcement through their own record
// of it (the "record id"); comments by their comment id.

const ids = z.array(id).min(1).max(100);

/** Kind 1: an announcement of the enterprise; kind 2: a platform (system) notice. */
export const ANNOUNCEMENT_KIND = { enterprise: 1, platform: 2 } as const;

export const ANNOUNCEMENT_PAGE_SIZE = 10;
export const ANNOUNCEMENT_PAGE_SIZE_MAX = 50;
export const ANNOUNCEMENT_COMMENT_PAGE_SIZE = 10;
/** Replies shown under a comment in a comment page; the rest are paged with `parentId`. */
export const ANNOUNCEMENT_REPLY_PREVIEW = 3;

const listPaging = paging(ANNOUNCEMENT_PAGE_SIZE, ANNOUNCEMENT_PAGE_SIZE_MAX);

/** One announcement as one learner's record of it. */
export const announcementRecord = z.object({
  /** The record id the calls take. */
  id: z.number().int(),
  announcementId: z.number().int(),
  kind: z.number().int(),
  title: z.string(),
  publishedAt: z.string(),
  read: z.boolean(),
  readAt: z.string().nullable(),
  admired: z.boolean(),
  admireCount: z.number().int(),
  commentOpen: z.boolean(),
});
export type AnnouncementRecord = z.infer<typeof announcementRecord>;

/** Unread (or read) counts: all, the enterprise's, the platform's (account-area.md: default all 0). */
export const unreadCount = z.object({
  count: z.number().int(),
  entCount: z.number().int(),
  sysCount: z.number().int(),
});
export type UnreadCount = z.infer<typeof unreadCount>;

export const findPopupAnnouncements = defineCall({
  name: 'findPopupAnnouncements',
  method: 'POST',
  path: '/user/auth/announcement/user/record/pop/list',
  summary: 'Unread popup announcements of the learner, newest first, with their sanitised content',
  tags: ['announcement'],
  request: z.object({}),
  response: z.array(announcementRecord.extend({ content: z.string() })),
});

export const viewAnnouncement = defineCall({
  name: 'viewAnnouncement',
  method: 'GET',
  path: '/user/api/announcement/info/view',
  access: 'visitor',
  summary:
    "A published announcement of the signed-in learner's enterprise, or for visitors the site's (eid: that enterprise's) where its visitor mode is on, else 301; sanitised content",
  tags: ['announcement'],
  request: z.object({
    eid: z.coerce
      .number()
      .int()
      .positive()
      .max(2147483647)
      .optional()
      .describe('Enterprise id; the domain default when absent'),
    id,
  }),
  response: z.object({
    id: z.number().int(),
    kind: z.number().int(),
    title: z.string(),
    content: z.string(),
    publishedAt: z.string(),
    admireCount: z.number().int(),
    commentOpen: z.boolean(),
  }),
});

export const findAnnouncementRecords = defineCall({
  name: 'findAnnouncementRecords',
  method: 'POST',
  path: '/user/auth/announcement/user/record/page',
  summary: "The learner's announcements (deleted ones left out), newest first; readStatus 0 unread, 1 read",
  tags: ['announcement'],
  request: z.object({
    ...listPaging,
    readStatus: z.coerce.number().int().min(0).max(1).optional(),
    kind: z.coerce.number().int().min(1).max(2).optional(),
  }),
  response: pageResponse(announcementRecord),
});

export const countReadAnnouncements = defineCall({
  name: 'countReadAnnouncements',
  method: 'POST',
  path: '/user/auth/announcement/user/record/read/count',
  summary: "How many of the learner's announcements are read (deleted ones left out)",
  tags: ['announcement'],
  request: z.object({}),
  response: unreadCount,
});

export const countUnreadAnnouncements = defineCall({
  name: 'countUnreadAnnouncements',
  method: 'POST',
  path: '/user/auth/announcement/user/record/wait/read/count',
  summary: "How many of the learner's announcements are unread (the header bell), by kind",
  tags: ['announcement'],
  request: z.object({}),
  response: unreadCount,
});

export const deleteAnnouncementRecords = defineCall({
  name: 'deleteAnnouncementRecords',
  method: 'DELETE',
  path: '/user/auth/announcement/user/record/batch/delete',
  summary: "Removes records from the learner's list; ids not the learner's are ignored. Answers how many",
  tags: ['announcement'],
  request: z.object({ ids }),
  response: z.object({ count: z.number().int() }),
});

export const readAnnouncementRecords = defineCall({
  name: 'readAnnouncementRecords',
  method: 'PUT',
  path: '/user/auth/announcement/user/record/batch/read',
  summary: "Marks records read; ids not the learner's are ignored. Answers how many changed",
  tags: ['announcement'],
  request: z.object({ ids }),
  response: z.object({ count: z.number().int() }),
});

export const viewAnnouncementRecord = defineCall({
  name: 'viewAnnouncementRecord',
  method: 'GET',
  path: '/user/auth/announcement/user/record/view',
  summary: 'One of the learner’s announcements with its sanitised content; opening it marks it read',
  tags: ['announcement'],
  request: z.object({ id }),
  response: announcementRecord.extend({ content: z.string(), commentCount: z.number().int() }),
});

export const admireAnnouncement = defineCall({
  name: 'admireAnnouncement',
  method: 'PUT',
  path: '/user/auth/announcement/user/record/update/admire',
  summary: 'Toggles the learner’s like of the announcement; answers the new state and count',
  tags: ['announcement'],
  request: z.object({ id }),
  response: z.object({ admired: z.boolean(), admireCount: z.number().int() }),
});

export const announcementReply = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  content: z.string(),
  createdAt: z.string(),
  userName: z.string(),
  headPortrait: z.string(),
  /** The person a reply answers, when it answers a reply. */
  replyToUserName: z.string().nullable(),
  /** The signed-in learner wrote it (may delete it). */
  mine: z.boolean(),
});

export const announcementComment = announcementReply.extend({
  replyCount: z.number().int(),
  /** The oldest few replies; the rest are paged with parentId. */
  replies: z.array(announcementReply),
});
export type AnnouncementComment = z.infer<typeof announcementComment>;
export type AnnouncementReply = z.infer<typeof announcementReply>;

export const findAnnouncementComments = defineCall({
  name: 'findAnnouncementComments',
  method: 'POST',
  path: '/user/auth/announcement/comment/page',
  summary:
    'Comments of an announcement (record id), newest first, each with its first replies; with parentId, the replies of that comment oldest first',
  tags: ['announcement'],
  request: z.object({
    id,
    parentId: id.optional(),
    ...paging(ANNOUNCEMENT_COMMENT_PAGE_SIZE, ANNOUNCEMENT_PAGE_SIZE_MAX),
  }),
  response: pageResponse(announcementComment),
});

// Content is checked by the service (comment-rules.ts: blank, longer than COMMENT_MAX_LENGTH) so
// the message is that rule's in the user's language; the schema only bounds the body.
const content = z.string().max(10_000);

export const saveAnnouncementComment = defineCall({
  name: 'saveAnnouncementComment',
  method: 'POST',
  path: '/user/auth/announcement/comment/save',
  summary: 'Comments on an announcement (record id) whose comments are open',
  tags: ['announcement'],
  request: z.object({ id, content }),
  response: announcementReply,
});

export const saveAnnouncementReply = defineCall({
  name: 'saveAnnouncementReply',
  method: 'POST',
  path: '/user/auth/announcement/comment/reply/save',
  summary: 'Replies to a comment or to a reply (commentId); a reply is filed under its comment',
  tags: ['announcement'],
  request: z.object({ commentId: id, content }),
  response: announcementReply,
});

export const deleteAnnouncementReply = defineCall({
  name: 'deleteAnnouncementReply',
  method: 'DELETE',
  path: '/user/auth/announcement/comment/reply/delete',
  summary: 'Deletes one of the learner’s own replies',
  tags: ['announcement'],
  request: z.object({ id }),
  response: z.null(),
});

export const deleteAnnouncementComment = defineCall({
  name: 'deleteAnnouncementComment',
  method: 'DELETE',
  path: '/user/auth/announcement/comment/delete',
  summary: 'Deletes one of the learner’s own comments with its replies',
  tags: ['announcement'],
  request: z.object({ id }),
  response: z.null(),
});

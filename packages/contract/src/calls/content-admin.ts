import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id, pageResponse, paging } from '../envelope.ts';
import type { Lang } from '../errors.ts';
import { charCount } from './message.ts';

/**
 * The back office's content calls (issue 21 item 4, decision 043): news and their categories,
 * announcements published to everyone or to departments, the message board's replies and the
 * moderation of learners' comments. Every call is `admin` by its `/auth/admin/` path; every write
 * is in the audit log.
 */

export const NEWS_TITLE_MAX = 100;
export const NEWS_SUMMARY_MAX = 200;
export const NEWS_AUTHOR_MAX = 30;
export const NEWS_CATEGORY_NAME_MAX = 20;
export const ANNOUNCEMENT_TITLE_MAX = 100;
export const MESSAGE_REPLY_MAX = 500;
/** Rich text as stored (HTML): generous, but bounded like every other input (decision 022). */
export const RICH_CONTENT_MAX = 200_000;
/** Departments one announcement may name. */
export const ANNOUNCEMENT_DEPARTMENTS_MAX = 100;

const texts = {
  zh: {
    titleRequired: '请输入标题',
    titleMax: (n: number) => `标题不能超过${n}个字`,
    summaryMax: `摘要不能超过${NEWS_SUMMARY_MAX}个字`,
    authorMax: `作者不能超过${NEWS_AUTHOR_MAX}个字`,
    categoryRequired: '请选择新闻分类',
    categoryNameRequired: '请输入分类名称',
    categoryNameMax: `分类名称不能超过${NEWS_CATEGORY_NAME_MAX}个字`,
    contentRequired: '请输入正文',
    contentMax: '正文过长',
    replyRequired: '请输入回复内容',
    replyMax: `回复内容不能超过${MESSAGE_REPLY_MAX}个字`,
    coverUrl: '封面地址不正确',
    departmentsMax: `最多选择${ANNOUNCEMENT_DEPARTMENTS_MAX}个部门`,
  },
  en: {
    titleRequired: 'Please enter the title',
    titleMax: (n: number) => `The title can be at most ${n} characters`,
    summaryMax: `The summary can be at most ${NEWS_SUMMARY_MAX} characters`,
    authorMax: `The author can be at most ${NEWS_AUTHOR_MAX} characters`,
    categoryRequired: 'Please choose a news category',
    categoryNameRequired: 'Please enter the category name',
    categoryNameMax: `The category name can be at most ${NEWS_CATEGORY_NAME_MAX} characters`,
    contentRequired: 'Please enter the body',
    contentMax: 'The body is too long',
    replyRequired: 'Please enter the reply',
    replyMax: `The reply can be at most ${MESSAGE_REPLY_MAX} characters`,
    coverUrl: 'The cover address is not valid',
    departmentsMax: `Choose at most ${ANNOUNCEMENT_DEPARTMENTS_MAX} departments`,
  },
} as const;

/** A required, trimmed text of at most `max` characters (code points). */
const requiredText = (required: string, tooLong: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .refine((v) => charCount(v) <= max, { error: tooLong });

/** An optional, trimmed text of at most `max` characters ('' when absent). */
const optionalText = (tooLong: string, max: number) =>
  z
    .string()
    .trim()
    .refine((v) => charCount(v) <= max, { error: tooLong })
    .default('');

/** A picture address as the upload call answers it: a site path or an http(s) URL, or none. */
const coverUrl = (message: string) =>
  z
    .string()
    .trim()
    .max(1000, { error: message })
    .refine((v) => v === '' || v.startsWith('/') || /^https?:\/\//.test(v), { error: message })
    .default('');

/** A time the back office sends (ISO 8601 with its offset); absent: now. */
const when = z.iso.datetime({ offset: true }).optional();

/**
 * The forms' fields and rules in the page's language, shared by the server (the calls' requests)
 * and the back office's forms (antd rules run the same schemas).
 */
export function contentFields(lang: Lang) {
  const t = texts[lang];
  return {
    newsTitle: requiredText(t.titleRequired, t.titleMax(NEWS_TITLE_MAX), NEWS_TITLE_MAX),
    announcementTitle: requiredText(t.titleRequired, t.titleMax(ANNOUNCEMENT_TITLE_MAX), ANNOUNCEMENT_TITLE_MAX),
    summary: optionalText(t.summaryMax, NEWS_SUMMARY_MAX),
    author: optionalText(t.authorMax, NEWS_AUTHOR_MAX),
    categoryId: z.coerce
      .number({ error: t.categoryRequired })
      .int()
      .positive({ error: t.categoryRequired })
      .max(2147483647),
    categoryName: requiredText(t.categoryNameRequired, t.categoryNameMax, NEWS_CATEGORY_NAME_MAX),
    categoryNameEn: optionalText(t.categoryNameMax, NEWS_CATEGORY_NAME_MAX),
    content: z
      .string({ error: t.contentRequired })
      .refine((v) => v.replace(/<[^>]*>|&nbsp;|\s/g, '') !== '' || /<img\b/i.test(v), { error: t.contentRequired })
      .refine((v) => v.length <= RICH_CONTENT_MAX, { error: t.contentMax }),
    coverUrl: coverUrl(t.coverUrl),
    replyContent: requiredText(t.replyRequired, t.replyMax, MESSAGE_REPLY_MAX),
    departmentIds: z.array(id).max(ANNOUNCEMENT_DEPARTMENTS_MAX, { error: t.departmentsMax }).default([]),
  };
}

/** Published or a draft: the lists' filter. */
export const publishStatus = z.enum(['published', 'draft']);

// ---- news categories -------------------------------------------------------------------------

export const adminNewsCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string(),
  sort: z.number().int(),
  /** Articles filed under it (a category is deleted only when this is 0). */
  newsCount: z.number().int(),
});
export type AdminNewsCategory = z.infer<typeof adminNewsCategory>;

export const findAdminNewsCategories = defineCall({
  name: 'findAdminNewsCategories',
  method: 'GET',
  path: '/system/auth/admin/news/category/list',
  summary: "The enterprise's news categories in order, with how many articles each holds",
  tags: ['content-admin'],
  request: z.object({}),
  response: z.array(adminNewsCategory),
});

const categoryRequest = (lang: Lang) => {
  const f = contentFields(lang);
  return z.object({
    /** Absent: a new category. */
    id: id.optional(),
    name: f.categoryName,
    nameEn: f.categoryNameEn,
    sort: z.coerce.number().int().min(0).max(9999).default(0),
  });
};

export const saveNewsCategory = defineCall({
  name: 'saveNewsCategory',
  method: 'POST',
  path: '/system/auth/admin/news/category/save',
  summary: 'Adds a news category, or renames and reorders one (9404: the name is taken)',
  tags: ['content-admin'],
  request: categoryRequest('zh'),
  requestFor: categoryRequest,
  response: adminNewsCategory,
});

export const deleteNewsCategory = defineCall({
  name: 'deleteNewsCategory',
  method: 'POST',
  path: '/system/auth/admin/news/category/delete',
  summary: 'Deletes a news category that holds no article (9401 when it holds some)',
  tags: ['content-admin'],
  request: z.object({ id }),
  response: z.object({ id: z.number().int() }),
});

// ---- news ------------------------------------------------------------------------------------

export const adminNewsRow = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  title: z.string(),
  coverUrl: z.string(),
  author: z.string(),
  published: z.boolean(),
  /** ISO 8601; a later time is a scheduled article (not listed before it). */
  publishedAt: z.string(),
  viewCount: z.number().int(),
});
export type AdminNewsRow = z.infer<typeof adminNewsRow>;

export const ADMIN_NEWS_SORTS = ['publishedAt', '-publishedAt', 'viewCount', '-viewCount', 'title', '-title'] as const;

export const findAdminNews = defineCall({
  name: 'findAdminNews',
  method: 'GET',
  path: '/system/auth/admin/news/page',
  summary:
    "The enterprise's news, drafts included: by keyword (title), category and status, sorted (at most 10 000 counted)",
  tags: ['content-admin'],
  request: z.object({
    ...paging(20, 100),
    keyword: z.string().trim().max(50).optional(),
    categoryId: id.optional(),
    status: publishStatus.optional(),
    sort: z.enum(ADMIN_NEWS_SORTS).default('-publishedAt'),
  }),
  response: pageResponse(adminNewsRow),
});

export const adminNews = adminNewsRow.extend({ summary: z.string(), content: z.string() });
export type AdminNews = z.infer<typeof adminNews>;

export const viewAdminNews = defineCall({
  name: 'viewAdminNews',
  method: 'GET',
  path: '/system/auth/admin/news/view',
  summary: 'One article of the enterprise as the editor opens it (its stored, sanitised content)',
  tags: ['content-admin'],
  request: z.object({ id }),
  response: adminNews,
});

const newsRequest = (lang: Lang) => {
  const f = contentFields(lang);
  return z.object({
    /** Absent: a new article. */
    id: id.optional(),
    categoryId: f.categoryId,
    title: f.newsTitle,
    summary: f.summary,
    author: f.author,
    coverUrl: f.coverUrl,
    content: f.content,
    /** Absent: now (a new article) or unchanged (an edit). */
    publishedAt: when,
    published: z.boolean().default(false),
  });
};

export const saveNews = defineCall({
  name: 'saveNews',
  method: 'POST',
  path: '/system/auth/admin/news/save',
  summary: 'Adds or edits an article; its rich content is sanitised when saved (9402: unknown category)',
  tags: ['content-admin'],
  request: newsRequest('zh'),
  requestFor: newsRequest,
  response: adminNews,
});

export const setNewsPublished = defineCall({
  name: 'setNewsPublished',
  method: 'POST',
  path: '/system/auth/admin/news/publish',
  summary: 'Publishes an article (learners and visitors see it at once) or takes it back',
  tags: ['content-admin'],
  request: z.object({ id, published: z.boolean() }),
  response: adminNewsRow,
});

export const deleteNews = defineCall({
  name: 'deleteNews',
  method: 'POST',
  path: '/system/auth/admin/news/delete',
  summary: 'Deletes an article',
  tags: ['content-admin'],
  request: z.object({ id }),
  response: z.object({ id: z.number().int() }),
});

// ---- announcements ---------------------------------------------------------------------------

export const namedRef = z.object({ id: z.number().int(), name: z.string() });

export const adminAnnouncementRow = z.object({
  id: z.number().int(),
  title: z.string(),
  published: z.boolean(),
  publishedAt: z.string(),
  popup: z.boolean(),
  commentOpen: z.boolean(),
  /** The departments it is published to; empty: everyone in the enterprise. */
  departments: z.array(namedRef),
});
export type AdminAnnouncementRow = z.infer<typeof adminAnnouncementRow>;

export const findAdminAnnouncements = defineCall({
  name: 'findAdminAnnouncements',
  method: 'GET',
  path: '/user/auth/admin/announcement/page',
  summary: "The enterprise's announcements, drafts included, newest first; by keyword (title) and status",
  tags: ['content-admin'],
  request: z.object({
    ...paging(20, 100),
    keyword: z.string().trim().max(50).optional(),
    status: publishStatus.optional(),
  }),
  response: pageResponse(adminAnnouncementRow),
});

export const adminAnnouncement = adminAnnouncementRow.extend({ content: z.string() });
export type AdminAnnouncement = z.infer<typeof adminAnnouncement>;

export const viewAdminAnnouncement = defineCall({
  name: 'viewAdminAnnouncement',
  method: 'GET',
  path: '/user/auth/admin/announcement/view',
  summary: 'One announcement of the enterprise as the editor opens it',
  tags: ['content-admin'],
  request: z.object({ id }),
  response: adminAnnouncement,
});

export const findAnnouncementDepartments = defineCall({
  name: 'findAnnouncementDepartments',
  method: 'GET',
  path: '/user/auth/admin/announcement/departments',
  summary: "The enterprise's departments an announcement can be published to (a tree by parentId)",
  tags: ['content-admin'],
  request: z.object({}),
  response: z.array(namedRef.extend({ parentId: z.number().int().nullable() })),
});

const announcementRequest = (lang: Lang) => {
  const f = contentFields(lang);
  return z.object({
    id: id.optional(),
    title: f.announcementTitle,
    content: f.content,
    popup: z.boolean().default(false),
    commentOpen: z.boolean().default(true),
    published: z.boolean().default(false),
    publishedAt: when,
    /** Empty: everyone in the enterprise; else the members of these departments and those under them. */
    departmentIds: f.departmentIds,
  });
};

export const saveAnnouncement = defineCall({
  name: 'saveAnnouncement',
  method: 'POST',
  path: '/user/auth/admin/announcement/save',
  summary:
    'Adds or edits an announcement, for everyone or for departments (9403: unknown department); learners no longer targeted lose it',
  tags: ['content-admin'],
  request: announcementRequest('zh'),
  requestFor: announcementRequest,
  response: adminAnnouncement,
});

export const setAnnouncementPublished = defineCall({
  name: 'setAnnouncementPublished',
  method: 'POST',
  path: '/user/auth/admin/announcement/publish',
  summary: 'Publishes an announcement to its learners or takes it back',
  tags: ['content-admin'],
  request: z.object({ id, published: z.boolean() }),
  response: adminAnnouncementRow,
});

export const deleteAnnouncement = defineCall({
  name: 'deleteAnnouncement',
  method: 'POST',
  path: '/user/auth/admin/announcement/delete',
  summary: "Deletes an announcement with its learners' records and comments",
  tags: ['content-admin'],
  request: z.object({ id }),
  response: z.object({ id: z.number().int() }),
});

// ---- the message board -----------------------------------------------------------------------

export const adminMessage = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  /** The learner's name in the enterprise (real name, else user name). */
  learnerName: z.string(),
  title: z.string(),
  messageContent: z.string(),
  messageDate: z.string(),
  replyContent: z.string().nullable(),
  repliedAt: z.string().nullable(),
});
export type AdminMessage = z.infer<typeof adminMessage>;

export const findAdminMessages = defineCall({
  name: 'findAdminMessages',
  method: 'GET',
  path: '/user/auth/admin/online/message/page',
  summary: "Learners' messages, newest first; replied or not, keyword in title or content (at most 10 000 counted)",
  tags: ['content-admin'],
  request: z.object({
    ...paging(20, 100),
    keyword: z.string().trim().max(50).optional(),
    replied: z.enum(['yes', 'no']).optional(),
  }),
  response: pageResponse(adminMessage),
});

const replyRequest = (lang: Lang) => z.object({ id, replyContent: contentFields(lang).replyContent });

export const replyMessage = defineCall({
  name: 'replyMessage',
  method: 'POST',
  path: '/user/auth/admin/online/message/reply',
  summary: "Replies to a learner's message (or changes the reply); the learner sees it in /account?change=10",
  tags: ['content-admin'],
  request: replyRequest('zh'),
  requestFor: replyRequest,
  response: adminMessage,
});

// ---- comment moderation ----------------------------------------------------------------------

/** The comments an administrator moderates: of courses, announcements and study tasks. */
export const COMMENT_KINDS = ['course', 'announcement', 'task'] as const;
export const commentKind = z.enum(COMMENT_KINDS);
export type CommentKind = z.infer<typeof commentKind>;

export const adminComment = z.object({
  kind: commentKind,
  id: z.number().int(),
  content: z.string(),
  accountId: z.number().int(),
  authorName: z.string(),
  /** The course, announcement or task commented on. */
  targetId: z.number().int(),
  targetTitle: z.string(),
  /** A reply to another comment (announcements only), else null. */
  parentId: z.number().int().nullable(),
  hidden: z.boolean(),
  createdAt: z.string(),
});
export type AdminComment = z.infer<typeof adminComment>;

export const findAdminComments = defineCall({
  name: 'findAdminComments',
  method: 'GET',
  path: '/system/auth/admin/comment/page',
  summary:
    "Learners' comments on courses, announcements and tasks in one list, newest first; by kind, hidden or not, keyword (at most 10 000 counted)",
  tags: ['content-admin'],
  request: z.object({
    ...paging(20, 100),
    kind: commentKind.optional(),
    hidden: z.enum(['yes', 'no']).optional(),
    keyword: z.string().trim().max(50).optional(),
  }),
  response: pageResponse(adminComment),
});

export const setCommentHidden = defineCall({
  name: 'setCommentHidden',
  method: 'POST',
  path: '/system/auth/admin/comment/hide',
  summary: "Hides a comment from learners' lists and counts, or shows it again",
  tags: ['content-admin'],
  request: z.object({ kind: commentKind, id, hidden: z.boolean() }),
  response: adminComment,
});

export const deleteAdminComment = defineCall({
  name: 'deleteAdminComment',
  method: 'POST',
  path: '/system/auth/admin/comment/delete',
  summary: 'Deletes a comment (an announcement comment with its replies)',
  tags: ['content-admin'],
  request: z.object({ kind: commentKind, id }),
  response: z.object({ kind: commentKind, id: z.number().int() }),
});

import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id, paging, pageResponse } from '../envelope.ts';
import type { Lang } from '../errors.ts';

/**
 * The message board (account-area.md sections 4, 5 and 7): a learner's messages to the site's
 * staff, each with the staff's reply once given. Only one's own messages are read and written
 * (decision 015); a message the staff answered can no longer be edited.
 */

export const MESSAGE_TITLE_MAX = 50;
export const MESSAGE_CONTENT_MAX = 200;
export const MESSAGE_PAGE_SIZE = 10;

const texts = {
  zh: {
    titleRequired: '请输入留言标题',
    titleMax: `留言标题不能超过${MESSAGE_TITLE_MAX}个字`,
    contentRequired: '请输入留言内容',
    contentMax: `留言内容不能超过${MESSAGE_CONTENT_MAX}个字`,
  },
  en: {
    titleRequired: 'Please enter the message title',
    titleMax: `The title can be at most ${MESSAGE_TITLE_MAX} characters`,
    contentRequired: 'Please enter the message content',
    contentMax: `The content can be at most ${MESSAGE_CONTENT_MAX} characters`,
  },
} as const;

/** Length in characters (code points), not bytes or UTF-16 units: 50 汉字 or 50 emoji fit a title. */
export const charCount = (value: string): number => Array.from(value).length;

/** A required, trimmed text of at most `max` characters, with the spec's messages in `lang`. */
function boundedText(required: string, tooLong: string, max: number) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .refine((v) => charCount(v) <= max, { error: tooLong });
}

/**
 * The form's fields and rules, shared by the server (the call's request) and the dialog (antd
 * rules run the same schemas), in the page's language.
 */
export function messageFields(lang: Lang) {
  const t = texts[lang];
  return {
    title: boundedText(t.titleRequired, t.titleMax, MESSAGE_TITLE_MAX),
    messageContent: boundedText(t.contentRequired, t.contentMax, MESSAGE_CONTENT_MAX),
  };
}

export const onlineMessage = z.object({
  id: z.number().int(),
  title: z.string(),
  messageContent: z.string(),
  /** When the message was left (ISO 8601). */
  messageDate: z.string(),
  /** The staff's reply, null until given. */
  replyContent: z.string().nullable(),
  repliedAt: z.string().nullable(),
});
export type OnlineMessage = z.infer<typeof onlineMessage>;

const saveRequest = (lang: Lang) => z.object(messageFields(lang));
const editRequest = (lang: Lang) => z.object({ id, ...messageFields(lang) });

export const saveMessage = defineCall({
  name: 'saveMessage',
  method: 'POST',
  path: '/user/auth/online/message/save',
  summary: `Leave a message to the site's staff (title at most ${MESSAGE_TITLE_MAX}, content at most ${MESSAGE_CONTENT_MAX} characters)`,
  tags: ['message'],
  request: saveRequest('zh'),
  requestFor: saveRequest,
  response: onlineMessage,
});

export const editMessage = defineCall({
  name: 'editMessage',
  method: 'POST',
  path: '/user/auth/online/message/edit',
  summary: 'Edit one of my messages; refused (4101) once the staff replied to it',
  tags: ['message'],
  request: editRequest('zh'),
  requestFor: editRequest,
  response: onlineMessage,
});

export const findMessages = defineCall({
  name: 'findMessages',
  method: 'POST',
  path: '/user/auth/online/message/page',
  summary: 'My messages, newest first; keyword filters title and content',
  tags: ['message'],
  request: z.object({
    ...paging(MESSAGE_PAGE_SIZE, 50),
    keyword: z.string().trim().max(50).optional(),
  }),
  response: pageResponse(onlineMessage),
});

export const viewMessage = defineCall({
  name: 'viewMessage',
  method: 'GET',
  path: '/user/auth/online/message/view',
  summary: 'One of my messages with the reply when there is one',
  tags: ['message'],
  request: z.object({ id }),
  response: onlineMessage,
});

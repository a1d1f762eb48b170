import { z } from 'zod';
import { defineCall } from '../call.ts';
import type { Lang } from '../errors.ts';

/** The enterprise's learner tags (platform.md section 7: POST /system/auth/tag/list). Decision 019. */

export const tagItem = z.object({ id: z.number().int(), tagName: z.string() });
export type TagItem = z.infer<typeof tagItem>;

export const TAG_NAME_MAX = 50;

const findTagsRequest = (lang: Lang) =>
  z.object({
    tagName: z
      .string()
      .trim()
      .max(TAG_NAME_MAX, {
        error:
          lang === 'zh' ? `标签名称最多${TAG_NAME_MAX}个字` : `The tag name has at most ${TAG_NAME_MAX} characters`,
      })
      .optional(),
  });

export const findTags = defineCall({
  name: 'findTags',
  method: 'POST',
  path: '/system/auth/tag/list',
  summary:
    "The learner tags of the signed-in session's enterprise, in order (names in the page's language where given); tagName filters by a part of the name",
  tags: ['tag'],
  request: findTagsRequest('zh'),
  requestFor: findTagsRequest,
  response: z.array(tagItem),
});

import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id, pageResponse, paging } from '../envelope.ts';
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

// The back office's tags (issue 21 item 3, decision 040): the enterprise's learner tags — listed
// with how many learners carry each and how many study tasks are assigned to it, added, renamed,
// reordered and deleted (refused while study tasks are assigned to it; learners' labels go with it).

export const TAG_SORT_MAX = 9999;

export const adminTag = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string(),
  sort: z.number().int(),
  learnerCount: z.number().int(),
  taskCount: z.number().int(),
});
export type AdminTag = z.infer<typeof adminTag>;

/** A tag's fields, with messages in the caller's language (the page's form uses the same). */
export const tagFormFor = (lang: Lang) => {
  const tooLong = (zh: string, en: string) => ({
    error: lang === 'zh' ? `${zh}最多${TAG_NAME_MAX}个字` : `The ${en} has at most ${TAG_NAME_MAX} characters`,
  });
  const sortError = {
    error: lang === 'zh' ? `排序为0到${TAG_SORT_MAX}的整数` : `Sort is a whole number 0–${TAG_SORT_MAX}`,
  };
  return z.object({
    name: z
      .string({ error: lang === 'zh' ? '请填写标签名称' : 'Please enter the tag name' })
      .trim()
      .min(1, { error: lang === 'zh' ? '请填写标签名称' : 'Please enter the tag name' })
      .max(TAG_NAME_MAX, tooLong('标签名称', 'tag name')),
    nameEn: z.string().trim().max(TAG_NAME_MAX, tooLong('英文名称', 'English name')).default(''),
    sort: z.coerce.number().int(sortError).min(0, sortError).max(TAG_SORT_MAX, sortError).default(0),
  });
};

export const findAdminTags = defineCall({
  name: 'findAdminTags',
  method: 'GET',
  path: '/system/auth/admin/tag/page',
  summary: "The enterprise's learner tags for the back office in their order, by a part of the name, with their use",
  tags: ['tag', 'back-office'],
  request: z.object({ ...paging(20, 100), keyword: z.string().trim().max(TAG_NAME_MAX).optional() }),
  response: pageResponse(adminTag),
});

export const createTag = defineCall({
  name: 'createTag',
  method: 'POST',
  path: '/system/auth/admin/tag/create',
  summary: 'Adds a learner tag; 9271 a name the enterprise has',
  tags: ['tag', 'back-office'],
  request: tagFormFor('zh'),
  requestFor: tagFormFor,
  response: z.object({ id: z.number().int() }),
});

const editTagFor = (lang: Lang) => tagFormFor(lang).extend({ id });

export const editTag = defineCall({
  name: 'editTag',
  method: 'POST',
  path: '/system/auth/admin/tag/{id}/edit',
  summary: 'Renames or reorders a learner tag; 9271 a name another tag has',
  tags: ['tag', 'back-office'],
  request: editTagFor('zh'),
  requestFor: editTagFor,
  response: z.object({ id: z.number().int() }),
});

export const deleteTag = defineCall({
  name: 'deleteTag',
  method: 'POST',
  path: '/system/auth/admin/tag/{id}/delete',
  summary: 'Deletes a learner tag and takes it off its learners; 9272 while study tasks are assigned to it',
  tags: ['tag', 'back-office'],
  request: z.object({ id }),
  response: z.object({ id: z.number().int() }),
});

import { z } from 'zod';
import { id } from '../envelope.ts';
import { defineCall } from '../call.ts';

/** Upload limits and texts (account-area.md section 5). */
export const AVATAR_MAX_BYTES = 500 * 1024;
export const HEADSHOT_MAX_BYTES = 1024 * 1024;
export const AVATAR_SIZE_PX = 110;
export const HEADSHOT_SUGGESTED_PX = { width: 295, height: 413 } as const;
export const HEADSHOT_SHOWN_PX = { width: 110, height: 154 } as const;
/** A bank transfer's receipt (decision 057). */
export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;

/** Multipart calls: the file is a form-data part, not JSON (the request schema is empty). */
export const uploadPic = defineCall({
  name: 'uploadPic',
  method: 'POST',
  path: '/system/auth/upload/pic',
  summary:
    'Upload a picture (multipart/form-data, part picFile: JPG or PNG by content, at most 500 KB); answers its URL',
  tags: ['upload'],
  request: z.object({}),
  response: z.object({ url: z.string() }),
});

export const uploadPrivateFile = defineCall({
  name: 'uploadPrivateFile',
  method: 'POST',
  path: '/system/api/upload/private/file',
  summary:
    'Upload a one-inch photo (multipart/form-data, part file: JPG or PNG by content, at most 1024 KB); answers its key and a short-lived link',
  tags: ['upload'],
  request: z.object({ eid: id.optional() }),
  requestIn: 'query',
  response: z.object({ key: z.string(), url: z.string() }),
});

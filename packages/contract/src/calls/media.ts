import { z } from 'zod';
import { defineCall } from '../call.ts';
import { pageResponse, paging } from '../envelope.ts';

/**
 * The enterprise's media library in the back office (issue 21 item 3, decision 041): uploaded
 * videos (transcoded to HLS by a background job) and documents that course periods use.
 */

/** 1 video, 2 document (the library's kinds an administrator uploads). */
export const MATERIAL_KINDS = [1, 2] as const;
export type MaterialKind = (typeof MATERIAL_KINDS)[number];

export const TRANSCODE_STATES = ['queued', 'running', 'ready', 'failed'] as const;
export type TranscodeState = (typeof TRANSCODE_STATES)[number];

/** The largest file an upload takes (2 GB: the size column is a PostgreSQL integer). */
export const MEDIA_UPLOAD_MAX_BYTES = 2_000_000_000;

/** The file extensions an upload takes, by kind. */
export const MEDIA_VIDEO_EXTENSIONS = [
  'mp4',
  'mov',
  'm4v',
  'mkv',
  'webm',
  'avi',
  'flv',
  'wmv',
  'mpg',
  'mpeg',
  'ts',
] as const;
export const MEDIA_DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'ppt', 'pptx', 'xls', 'xlsx'] as const;

/** The tus endpoint of resumable uploads under the gateway's prefix (not a contract call: tus speaks its own protocol). */
export const MEDIA_UPLOADS_PATH = '/course/auth/admin/media/uploads';

export const material = z.object({
  id: z.number().int(),
  kind: z.number().int(),
  title: z.string(),
  fileName: z.string(),
  fileSize: z.number().int(),
  /** 1 Polyv, 4 a direct URL (MP4 or HLS); null for documents. */
  vodPlatform: z.number().int().nullable(),
  /** Null while the video is not playable yet (queued, transcoding or failed). */
  durationSeconds: z.number().int().nullable(),
  transcodeState: z.enum(TRANSCODE_STATES),
  /** 0–100 while running; 100 once ready. */
  transcodeProgress: z.number().int(),
  /** Why the transcoding failed, '' otherwise. */
  transcodeError: z.string(),
  /** The poster frame's URL, '' when none. */
  posterUrl: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type Material = z.infer<typeof material>;

export const findMaterials = defineCall({
  name: 'findMaterials',
  method: 'GET',
  path: '/course/auth/admin/material/page',
  summary:
    "The enterprise's media library (videos and documents), newest first, by kind and title, with each video's transcoding state (at most 10 000 counted)",
  tags: ['media'],
  request: z.object({
    ...paging(20, 100),
    kind: z.coerce
      .number()
      .pipe(z.union([z.literal(1), z.literal(2)]))
      .optional(),
    /** Part of the title (or file name). */
    search: z.string().trim().max(100).optional(),
    /** Only these ids (a select showing its chosen value). */
    id: z.coerce.number().int().positive().max(2147483647).optional(),
  }),
  response: pageResponse(material),
});

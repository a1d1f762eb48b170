import type { MultipartFile } from '@fastify/multipart';
import type { AppError } from './errors.ts';

/** How a call takes the next part of its multipart body (`ctx.req.file`). */
export type NextPart = (options: { limits: { fileSize: number; files: number } }) => Promise<MultipartFile | undefined>;

/**
 * The one file part (`file`) of an upload call, read whole: at most `maxBytes` (a larger one is
 * `tooLarge`), none or another part is `missing`. Its name is made safe to show back in a list
 * (no path separators or control characters, at most 120 characters).
 */
export async function readFilePart(
  next: NextPart,
  o: { maxBytes: number; missing: () => AppError; tooLarge: () => AppError; fallbackName: string },
): Promise<{ data: Buffer; fileName: string }> {
  let part: MultipartFile | undefined;
  try {
    part = await next({ limits: { fileSize: o.maxBytes, files: 1 } });
  } catch {
    part = undefined;
  }
  if (!part || part.fieldname !== 'file') throw o.missing();
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw o.tooLarge();
    throw err;
  }
  const fileName = [...(part.filename || o.fallbackName)]
    .map((ch) => (ch === '/' || ch === '\\' || ch.charCodeAt(0) < 32 ? '_' : ch))
    .join('')
    .slice(0, 120);
  return { data, fileName };
}

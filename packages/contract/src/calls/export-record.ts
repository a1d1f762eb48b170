import { z } from 'zod';
import { defineCall } from '../call.ts';
import { EXPORT_PAGE_SIZE } from '../constants.ts';
import { id, paging, pageResponse } from '../envelope.ts';

/**
 * Export records (platform.md section 7, account-area.md sections 3, 4 and 9): the signed-in
 * learner's export files, listed in the header's download popover. The /data/crm/ paths take the
 * session (decision 015): a learner reads and deletes only their own records.
 */

export const ExportStatus = { PROCESSING: 1, DONE: 2, FAILED: 3 } as const;
export type ExportStatusValue = (typeof ExportStatus)[keyof typeof ExportStatus];

export const exportRecord = z.object({
  id: z.number().int(),
  fileName: z.string(),
  /** Bytes (0 until the file exists). */
  fileSize: z.number().int(),
  /** When the export was asked for (ISO 8601). */
  gmtCreate: z.string(),
  exportStatus: z.union([z.literal(1), z.literal(2), z.literal(3)]),
});
export type ExportRecord = z.infer<typeof exportRecord>;

export const findExportRecords = defineCall({
  name: 'findExportRecords',
  method: 'POST',
  path: '/data/crm/export/record/page',
  summary: 'My export records, newest first',
  tags: ['export'],
  request: z.object({
    ...paging(EXPORT_PAGE_SIZE, 50),
  }),
  response: pageResponse(exportRecord),
});

export const deleteExportRecord = defineCall({
  name: 'deleteExportRecord',
  method: 'DELETE',
  path: '/data/crm/export/record/delete',
  summary: 'Delete one of my export records and its file',
  tags: ['export'],
  request: z.object({ id }),
  response: z.null(),
});

export const deleteAllExportRecords = defineCall({
  name: 'deleteAllExportRecords',
  method: 'DELETE',
  path: '/data/crm/export/record/all/delete',
  summary: 'Delete all my export records (in this enterprise) and their files',
  tags: ['export'],
  request: z.object({}),
  response: z.null(),
});

export const getExportDownloadUrl = defineCall({
  name: 'getExportDownloadUrl',
  method: 'GET',
  path: '/data/crm/export/record/get/file/download/url',
  summary: 'A short-lived signed link to a finished export file (status 2); 4201 while processing, 4202 when failed',
  tags: ['export'],
  request: z.object({ id }),
  response: z.object({ url: z.string(), fileName: z.string() }),
});

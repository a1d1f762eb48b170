import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id, pageResponse, paging } from '../envelope.ts';
import { encryptedPassword } from './fields.ts';

/**
 * The back office's learner import (issue 21 item 2, decision 038). All calls are
 * `admin` (an administrator of the session's enterprise) by their `/auth/admin/` path.
 */

/** The largest import file: 10 000 learners with every column are about 1 MB; a margin for styles. */
export const LEARNER_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Rows one import takes (a bigger list is split into files). */
export const LEARNER_IMPORT_MAX_ROWS = 20_000;

/** An import's state: waiting or running, done, failed. */
export const LearnerImportStatus = { RUNNING: 1, DONE: 2, FAILED: 3 } as const;

export const learnerImport = z.object({
  id: z.number().int(),
  fileName: z.string(),
  status: z.number().int(),
  totalRows: z.number().int(),
  rowsDone: z.number().int(),
  createdCount: z.number().int(),
  updatedCount: z.number().int(),
  unchangedCount: z.number().int(),
  rejectedCount: z.number().int(),
  /** Why the whole import failed (status 3), in the administrator's language. */
  error: z.string(),
  /** The result file (rejected rows and their reasons) by signed link, once done with rejections. */
  resultUrl: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type LearnerImport = z.infer<typeof learnerImport>;

export const viewLearnerImportTemplate = defineCall({
  name: 'viewLearnerImportTemplate',
  method: 'GET',
  path: '/system/auth/admin/learner-import/template',
  summary:
    "The import template (XLSX: the site's columns with headers in the caller's language, an example row and a notes sheet) by signed link",
  tags: ['back-office'],
  request: z.object({}),
  response: z.object({ url: z.string(), fileName: z.string() }),
});

export const startLearnerImport = defineCall({
  name: 'startLearnerImport',
  method: 'POST',
  path: '/system/auth/admin/learner-import',
  summary:
    'Import learners (multipart/form-data, part file: an XLSX of at most 10 MB); initialPassword (RSA-encrypted like a sign-in password) is the password of the accounts it creates. Answers the import (the same one while that file is still being imported)',
  tags: ['back-office'],
  request: z.object({ initialPassword: encryptedPassword }),
  requestIn: 'query',
  response: learnerImport,
});

export const viewLearnerImport = defineCall({
  name: 'viewLearnerImport',
  method: 'GET',
  path: '/system/auth/admin/learner-import/{id}',
  summary: "One import's state and counts (the progress bar polls it)",
  tags: ['back-office'],
  request: z.object({ id }),
  response: learnerImport,
});

export const findLearnerImports = defineCall({
  name: 'findLearnerImports',
  method: 'GET',
  path: '/system/auth/admin/learner-import/page',
  summary: "The enterprise's imports, newest first",
  tags: ['back-office'],
  request: z.object({ ...paging(10, 50) }),
  response: pageResponse(learnerImport),
});

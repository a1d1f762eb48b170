import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id, pageResponse, paging } from '../envelope.ts';
import { encryptedPassword } from './fields.ts';

/**
 * The back office's learner import and approvals (issue 21 item 2, decision 038). All calls are
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

/** Why an administrator rejects: required, shown to the applicant. */
const rejectReason = z.string().trim().max(200, { error: '原因不能超过200个字' });

export const pendingRegistration = z.object({
  accountId: z.number().int(),
  phone: z.string(),
  realName: z.string(),
  userName: z.string(),
  userDetail: z.record(z.string(), z.string()),
  /** ISO 8601: when it was sent (or sent again). */
  createdAt: z.string(),
});

export const findPendingRegistrations = defineCall({
  name: 'findPendingRegistrations',
  method: 'GET',
  path: '/user/auth/admin/registration/pending/page',
  summary: 'Registrations waiting for review (the site does not accept them at once), oldest first',
  tags: ['back-office'],
  request: z.object({ ...paging(10, 100) }),
  response: pageResponse(pendingRegistration),
});

export const decideRegistration = defineCall({
  name: 'decideRegistration',
  method: 'POST',
  path: '/user/auth/admin/registration/decide',
  summary:
    'Approve (the person signs in as a member) or reject (with a reason the person is told at sign-in) a registration waiting for review',
  tags: ['back-office'],
  request: z
    .object({ accountId: id, approve: z.boolean(), reason: rejectReason.default('') })
    .refine((v) => v.approve || v.reason.length > 0, { error: '请输入拒绝原因', path: ['reason'] }),
  response: z.null(),
});

export const enterpriseApplicationItem = z.object({
  id: z.number().int(),
  entName: z.string(),
  creditCode: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  remark: z.string(),
  /** 1 waiting, 2 approved, 3 rejected. */
  status: z.number().int(),
  rejectReason: z.string(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});

export const findEnterpriseApplications = defineCall({
  name: 'findEnterpriseApplications',
  method: 'GET',
  path: '/system/auth/admin/enterprise-application/page',
  summary: 'Applications to join made on this site (/company/in), by status, newest first',
  tags: ['back-office'],
  request: z.object({ ...paging(10, 100), status: z.coerce.number().int().min(1).max(3).optional() }),
  response: pageResponse(enterpriseApplicationItem),
});

export const decideEnterpriseApplication = defineCall({
  name: 'decideEnterpriseApplication',
  method: 'POST',
  path: '/system/auth/admin/enterprise-application/decide',
  summary: 'Approve or reject (with a reason) an application waiting for review; the contact is told by SMS',
  tags: ['back-office'],
  request: z
    .object({ id, approve: z.boolean(), reason: rejectReason.default('') })
    .refine((v) => v.approve || v.reason.length > 0, { error: '请输入拒绝原因', path: ['reason'] }),
  response: z.null(),
});

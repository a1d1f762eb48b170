import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id, paging, pageResponse } from '../envelope.ts';

/**
 * Batch packages (issue 23 item 5, decision 058): courses an organisation buys once for several
 * people. The site sets one up (its courses, seats, price and last day); /batchPackage/query finds
 * it by its 12-digit number; the organisation's buyer buys it as goods type 3; then each of its
 * people joins it with the number (one seat each) and studies its courses until its last day.
 */

export const BATCH_PACKAGE_TITLE_MAX = 60;
export const BATCH_PACKAGE_SEATS_MAX = 10_000;
export const BATCH_PACKAGE_COURSES_MAX = 50;
/** The number people are given: 12 digits. */
export const batchPackageCode = z
  .string()
  .trim()
  .regex(/^\d{12}$/, '12 digits');

/** What a package is now: 1 for sale, 2 bought (people join), 3 past its last day, 4 not for sale. */
export const BatchPackageState = { ON_SALE: 1, BOUGHT: 2, EXPIRED: 3, OFF: 4 } as const;
export const batchPackageState = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

export const batchPackageCourse = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  /** Credit hours, in tenths shown as a number (1.5). */
  creditHours: z.number(),
});

export const batchPackageView = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  organisation: z.string(),
  intro: z.string(),
  amountFen: z.number().int(),
  amount: z.number(),
  seats: z.number().int(),
  seatsTaken: z.number().int(),
  /** The last day its courses are open, ISO 8601. */
  validUntil: z.string(),
  state: batchPackageState,
  courses: z.array(batchPackageCourse),
  /** The learner bought it (the organisation's buyer). */
  bought: z.boolean(),
  /** The learner holds one of its seats. */
  joined: z.boolean(),
  /** The learner's unpaid order of it, if any. */
  openOrderId: z.number().int().nullable(),
});
export type BatchPackageView = z.infer<typeof batchPackageView>;

export const queryBatchPackage = defineCall({
  name: 'queryBatchPackage',
  method: 'GET',
  path: '/user/auth/batchPackage/query',
  summary: 'A batch package found by its number: its courses, seats, price and last day, and the learner’s place in it',
  tags: ['batch-package'],
  request: z.object({ code: batchPackageCode }),
  response: batchPackageView,
});

export const joinBatchPackage = defineCall({
  name: 'joinBatchPackage',
  method: 'POST',
  path: '/user/auth/batchPackage/join',
  summary: 'Takes one seat of a bought batch package: its courses open to the learner until its last day',
  tags: ['batch-package'],
  request: z.object({ code: batchPackageCode }),
  response: batchPackageView,
});

export const myBatchPackages = defineCall({
  name: 'myBatchPackages',
  method: 'GET',
  path: '/user/auth/batchPackage/mine',
  summary: 'The batch packages the learner holds a seat of, newest first',
  tags: ['batch-package'],
  request: z.object({}),
  response: z.array(batchPackageView),
});

export const adminBatchPackageRow = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  organisation: z.string(),
  amountFen: z.number().int(),
  seats: z.number().int(),
  seatsTaken: z.number().int(),
  validUntil: z.string(),
  published: z.boolean(),
  state: batchPackageState,
  courseCount: z.number().int(),
  /** The buyer's name, or ''. */
  buyerName: z.string(),
  boughtAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminBatchPackageRow = z.infer<typeof adminBatchPackageRow>;

export const findAdminBatchPackages = defineCall({
  name: 'findAdminBatchPackages',
  method: 'GET',
  path: '/user/auth/admin/batchPackage/page',
  summary: "The enterprise's batch packages, newest first, by a keyword (number, title, organisation)",
  tags: ['batch-package'],
  request: z.object({ ...paging(20, 100), keyword: z.string().trim().max(50).default('') }),
  response: pageResponse(adminBatchPackageRow),
});

export const adminBatchPackage = adminBatchPackageRow.extend({
  intro: z.string(),
  courses: z.array(batchPackageCourse),
});

export const viewAdminBatchPackage = defineCall({
  name: 'viewAdminBatchPackage',
  method: 'GET',
  path: '/user/auth/admin/batchPackage/view',
  summary: 'One batch package with its courses, for the editor',
  tags: ['batch-package'],
  request: z.object({ id }),
  response: adminBatchPackage,
});

/** The editor's form, checked the same way in the page and by the call. */
export const batchPackageForm = z.object({
  /** Absent: a new package (its number is made by the server). */
  id: id.optional(),
  title: z.string().trim().min(1).max(BATCH_PACKAGE_TITLE_MAX),
  organisation: z.string().trim().max(BATCH_PACKAGE_TITLE_MAX).default(''),
  intro: z.string().trim().max(2000).default(''),
  /** The price of the whole package, in fen. */
  priceFen: z.number().int().min(1).max(100_000_000),
  seats: z.number().int().min(1).max(BATCH_PACKAGE_SEATS_MAX),
  /** The last day its courses are open (China time), YYYY-MM-DD. */
  validUntil: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
    .refine((d) => {
      const t = Date.parse(`${d}T00:00:00Z`);
      return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
    }, 'a day of the calendar'),
  courseIds: z.array(id).min(1).max(BATCH_PACKAGE_COURSES_MAX),
  published: z.boolean().default(true),
});
export type BatchPackageForm = z.infer<typeof batchPackageForm>;

export const saveBatchPackage = defineCall({
  name: 'saveBatchPackage',
  method: 'POST',
  path: '/user/auth/admin/batchPackage/save',
  summary:
    'Creates or edits a batch package; once bought, only its title, introduction, seats upwards and last day later',
  tags: ['batch-package'],
  request: batchPackageForm,
  response: adminBatchPackage,
});

export const deleteBatchPackage = defineCall({
  name: 'deleteBatchPackage',
  method: 'POST',
  path: '/user/auth/admin/batchPackage/delete',
  summary: 'Deletes a batch package nobody has bought or ordered',
  tags: ['batch-package'],
  request: z.object({ id }),
  response: z.object({ id: z.number().int() }),
});

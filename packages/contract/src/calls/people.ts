import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id, pageResponse, paging } from '../envelope.ts';

/**
 * People in the back office (issue 21 item 2, decision 037): the department tree and the
 * enterprise's learners. Every call is `admin` by its `/auth/admin/` path; every write is audited.
 */

/** The longest department name (a tree node's label). */
export const DEPARTMENT_NAME_MAX = 50;
/** The most departments or tags one learner is given at once. */
export const LEARNER_GROUPS_MAX = 50;
/**
 * The most learners a list counts: past it the page says there are more than this many and asks for
 * a filter (no count of a whole big table); pages past it are reached by keyset ("next"). Counting
 * costs about 4 µs a row under row-level security, so 10 000 (decision 037's first figure) was
 * 40 ms of every page view of a big enterprise's list, and of every filtered one.
 */
export const LEARNER_COUNT_CAP = 1_000;

const departmentName = z
  .string()
  .trim()
  .min(1, { error: '请输入部门名称' })
  .max(DEPARTMENT_NAME_MAX, { error: `部门名称最多${DEPARTMENT_NAME_MAX}个字` });

export const departmentNode = z.object({
  id: z.number().int(),
  /** null at the top of the tree. */
  parentId: z.number().int().nullable(),
  name: z.string(),
  nameEn: z.string(),
  sort: z.number().int(),
  /** People in this department itself (not its sub-departments). */
  memberCount: z.number().int(),
});
export type DepartmentNode = z.infer<typeof departmentNode>;

export const findDepartmentTree = defineCall({
  name: 'findDepartmentTree',
  method: 'GET',
  path: '/system/auth/admin/department/tree',
  summary:
    "The enterprise's departments in tree order (a parent before its children, siblings by sort then id) with their own member counts",
  tags: ['people'],
  request: z.object({}),
  response: z.object({ list: z.array(departmentNode) }),
});

export const saveDepartment = defineCall({
  name: 'saveDepartment',
  method: 'POST',
  path: '/system/auth/admin/department/save',
  summary: 'Adds a department at the top or under a parent (last among its siblings)',
  tags: ['people'],
  request: z.object({
    parentId: id.nullable().default(null),
    name: departmentName,
    nameEn: z.string().trim().max(DEPARTMENT_NAME_MAX).default(''),
  }),
  response: departmentNode,
});

export const editDepartment = defineCall({
  name: 'editDepartment',
  method: 'POST',
  path: '/system/auth/admin/department/edit',
  summary: 'Renames a department (its Chinese and English names)',
  tags: ['people'],
  request: z.object({
    id,
    name: departmentName,
    nameEn: z.string().trim().max(DEPARTMENT_NAME_MAX).default(''),
  }),
  response: departmentNode,
});

export const moveDepartment = defineCall({
  name: 'moveDepartment',
  method: 'POST',
  path: '/system/auth/admin/department/move',
  summary:
    'Moves a department under another parent (null: the top) at a position among its new siblings; never under itself or its own descendant (9103)',
  tags: ['people'],
  request: z.object({
    id,
    parentId: id.nullable(),
    /** Its place among the new siblings from 0; past the end: last. */
    index: z.coerce.number().int().min(0).max(10_000).default(10_000),
  }),
  response: departmentNode,
});

export const deleteDepartment = defineCall({
  name: 'deleteDepartment',
  method: 'POST',
  path: '/system/auth/admin/department/delete',
  summary: 'Deletes a department with no members (9104) and no sub-departments (9105)',
  tags: ['people'],
  request: z.object({ id }),
  response: z.object({ id: z.number().int() }),
});

/** The list's status filter: enabled or disabled members, or administrators. */
export const LEARNER_STATUS_FILTERS = ['enabled', 'disabled', 'admin'] as const;
/** The list's sorts: joined time or name, `-` for descending (joined newest first by default). */
export const LEARNER_SORTS = ['createdAt', '-createdAt', 'realName', '-realName'] as const;
export type LearnerSort = (typeof LEARNER_SORTS)[number];

/** The list's filter, shared by the page and the export. */
export const learnerFilter = z.object({
  /** A part of the name, nickname, employee number or phone. */
  keyword: z.string().trim().max(50).optional(),
  /** In this department or any below it. */
  departmentId: id.optional(),
  tagId: id.optional(),
  status: z.enum(LEARNER_STATUS_FILTERS).optional(),
  sort: z.enum(LEARNER_SORTS).default('-createdAt'),
});
export type LearnerFilter = z.infer<typeof learnerFilter>;

const group = z.object({ id: z.number().int(), name: z.string() });

export const learnerRow = z.object({
  accountId: z.number().int(),
  phone: z.string(),
  realName: z.string(),
  userName: z.string(),
  employeeNo: z.string(),
  /** 1 enabled, 2 disabled. */
  status: z.number().int(),
  isAdmin: z.boolean(),
  departments: z.array(group),
  tags: z.array(group),
  /** When the person joined the enterprise, ISO 8601. */
  createdAt: z.string(),
});
export type LearnerRow = z.infer<typeof learnerRow>;

export const findLearners = defineCall({
  name: 'findLearners',
  method: 'GET',
  path: '/system/auth/admin/learner/page',
  summary:
    "The enterprise's learners by keyword, department (with those below), tag and status, sorted; paged by page number within the first 1 000 (counted up to there) or after a keyset cursor (`cursor`, the previous page's `nextCursor`) at any depth",
  tags: ['people'],
  request: learnerFilter.extend({
    ...paging(20, 100),
    /** The previous page's `nextCursor`: the page after its last row, however deep (pageCurrent is then only shown). */
    cursor: z.string().trim().max(200).optional(),
  }),
  response: pageResponse(learnerRow).extend({
    /** The cursor of the page after this one; null on the last page. */
    nextCursor: z.string().nullable(),
    /** totalCount stopped at LEARNER_COUNT_CAP: there are at least that many. */
    countCapped: z.boolean(),
  }),
});

export const learnerFormField = z.object({
  field: z.string(),
  label: z.string(),
  required: z.boolean(),
  /** text, select, date, email, telephone, cascade, photo… (the registration form's kinds). */
  kind: z.string(),
  /** Where the field is a select: its enumeration (GET enum list). */
  enumName: z.string().nullable(),
});

export const viewLearner = defineCall({
  name: 'viewLearner',
  method: 'GET',
  path: '/system/auth/admin/learner/info',
  summary: "One learner of the enterprise with the profile fields the site's registration form shows",
  tags: ['people'],
  request: z.object({ accountId: id }),
  response: learnerRow.extend({
    userDetail: z.record(z.string(), z.string()),
    /** The detail fields the site's form shows, in its order and with its labels. */
    fields: z.array(learnerFormField),
    /** A member of other enterprises too (a temporary password is then sent by SMS only). */
    inOtherEnterprises: z.boolean(),
  }),
});

export const editLearner = defineCall({
  name: 'editLearner',
  method: 'POST',
  path: '/system/auth/admin/learner/edit',
  summary:
    "Edits a learner's name, nickname, employee number (unique in the enterprise, 9122) and the detail fields the site's form shows (checked as at registration)",
  tags: ['people'],
  request: z.object({
    accountId: id,
    realName: z.string().trim().min(1, { error: '请输入真实姓名' }).max(15, { error: '真实姓名最多15个字' }).optional(),
    userName: z.string().trim().max(15, { error: '昵称最多15个字' }).optional(),
    /** '' removes it. */
    employeeNo: z.string().trim().max(30, { error: '工号最多30个字' }).optional(),
    userDetail: z.record(z.string(), z.string().max(300)).optional(),
  }),
  response: z.object({ accountId: z.number().int() }),
});

export const setLearnerStatus = defineCall({
  name: 'setLearnerStatus',
  method: 'POST',
  path: '/system/auth/admin/learner/status',
  summary:
    "Disables (the learner's sessions here end at once: their next call is answered 308) or enables a learner; never oneself (9131)",
  tags: ['people'],
  request: z.object({ accountId: id, enabled: z.boolean() }),
  response: z.object({ accountId: z.number().int(), status: z.number().int() }),
});

export const setLearnerAdmin = defineCall({
  name: 'setLearnerAdmin',
  method: 'POST',
  path: '/system/auth/admin/learner/admin',
  summary:
    "Makes a learner an administrator of the enterprise or not, from their very next call; never removes one's own (9132)",
  tags: ['people'],
  request: z.object({ accountId: id, isAdmin: z.boolean() }),
  response: z.object({ accountId: z.number().int(), isAdmin: z.boolean() }),
});

export const LEARNER_PASSWORD_RESETS = ['temporary', 'sms'] as const;

export const resetLearnerPassword = defineCall({
  name: 'resetLearnerPassword',
  method: 'POST',
  path: '/system/auth/admin/learner/password/reset',
  summary:
    "Gives a learner a new temporary password: shown once in the answer (`temporary`; only for a member of this enterprise alone, 9133) or sent to their phone by SMS (`sms`); their sessions end; never one's own (9134)",
  tags: ['people'],
  request: z.object({ accountId: id, mode: z.enum(LEARNER_PASSWORD_RESETS) }),
  response: z.object({
    accountId: z.number().int(),
    /** The temporary password (`temporary` only): shown once, never stored readable. */
    password: z.string().nullable(),
    /** The phone the SMS went to, masked (`sms` only). */
    sentTo: z.string().nullable(),
  }),
});

export const setLearnerTags = defineCall({
  name: 'setLearnerTags',
  method: 'POST',
  path: '/system/auth/admin/learner/tags',
  summary: "Replaces a learner's tags with these (the enterprise's tags; an unknown one is refused, 9141)",
  tags: ['people'],
  request: z.object({ accountId: id, tagIds: z.array(id).max(LEARNER_GROUPS_MAX) }),
  response: z.object({ accountId: z.number().int(), tagIds: z.array(z.number().int()) }),
});

export const setLearnerDepartments = defineCall({
  name: 'setLearnerDepartments',
  method: 'POST',
  path: '/system/auth/admin/learner/departments',
  summary: "Replaces the departments a learner is in with these (the enterprise's; an unknown one is refused, 9101)",
  tags: ['people'],
  request: z.object({ accountId: id, departmentIds: z.array(id).max(LEARNER_GROUPS_MAX) }),
  response: z.object({ accountId: z.number().int(), departmentIds: z.array(z.number().int()) }),
});

export const exportLearners = defineCall({
  name: 'exportLearners',
  method: 'POST',
  path: '/system/auth/admin/learner/export',
  summary:
    "Exports the learners of the list's filter as XLSX in a background job: answers the administrator's export record",
  tags: ['people'],
  request: learnerFilter,
  response: z.object({ id: z.number().int(), fileName: z.string(), exportStatus: z.number().int() }),
});

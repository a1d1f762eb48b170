import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id, pageResponse, paging } from '../envelope.ts';
import { TALENT_BUSINESS_SLOTS, TALENT_SECTIONS } from '../talent.ts';

/**
 * The talent-pool record (account-area.md sections 3, 5, 6; platform.md section 2:
 * /account/fileRegister), served by the talent module: the signed-in person's record in the
 * session's enterprise, read whole and saved one section (saveType 1–6) at a time. Name, phone
 * and staff number are the profile's and are shown, never stored again. The rules of each field
 * (labels, limits, required, conditional display) are in `talent.ts`.
 */

const day = z
  .string()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/, { error: 'A date is YYYY-MM-DD' })
  .describe('YYYY-MM-DD, or empty');
const choice = z.number().int().min(1).max(999).nullable();
const text = z.string().max(2000);

export const talentBusinessRelationSchema = z.object({
  businessCategoryId: z.number().int().positive(),
  businessCategoryName: z.string().max(100),
  /** The category's ancestors, root first (the cascader's path). */
  parentCategoryIdList: z.array(z.number().int().positive()).max(10),
  recommendOrder: z.number().int().min(1).max(TALENT_BUSINESS_SLOTS),
});
export type TalentBusinessRelation = z.infer<typeof talentBusinessRelationSchema>;

/** The fields a learner edits (every section's), as stored. */
export const talentEditableSchema = z.object({
  talentType: z.number().int().min(1).max(3),
  sex: choice,
  birthday: day,
  nation: choice,
  nativePlace: text,
  birthPlace: text,
  politicalStatus: choice,
  partyJoinDate: day,
  healthStatus: text,
  highestEducation: choice,
  startWorkDate: day,
  companyName: text,
  companyPosition: text,
  /** Region codes: talent type 3 [province, city] of the national tree, else [city, district] of the Guangxi tree. */
  region: z.array(z.string().regex(/^\d{6}$/)).max(3),
  talentClassification: choice,
  jobTitle: choice,
  jobRank: choice,
  postType: choice,
  postLevel: choice,
  professionalRank: choice,
  skillLevel: choice,
  positionHierarchy: choice,
  talentBusinessRelationList: z.array(talentBusinessRelationSchema).max(TALENT_BUSINESS_SLOTS),
  education: choice,
  graduateSchool: text,
  major: text,
  jobEducation: choice,
  jobGraduateSchool: text,
  jobMajor: text,
  technicalTitle: text,
  professionalTitle: text,
  expertise: text,
  remark: text,
  studyWorkExperience: text,
  assessmentRewardPunishment: text,
});
export type TalentEditable = z.infer<typeof talentEditableSchema>;

export const talentRecordSchema = talentEditableSchema.extend({
  /** null: no record yet (the page starts one; the account page's talent tab is hidden). */
  id: z.number().int().nullable(),
  /** 1 self, 2 admin import, 3 history (the registration-source enumeration). */
  talentSource: z.number().int().min(1).max(3),
  /** The talent types the learner may choose. */
  talentTypeList: z.array(z.number().int()),
  name: z.string(),
  phone: z.string().describe('Masked'),
  /** The staff number of the enterprise's roster; '' for an imported record (talentSource 2). */
  userNo: z.string(),
  tagList: z.array(z.string()),
  /** Region names, in the order of `region`. */
  regionNames: z.array(z.string()),
  politicalStatusText: z.string(),
  /** The sections saved so far (saveType). */
  savedSections: z.array(z.number().int()),
  updatedAt: z.string().nullable(),
});
export type TalentRecord = z.infer<typeof talentRecordSchema>;

export const viewTalentInfo = defineCall({
  name: 'viewTalentInfo',
  method: 'GET',
  path: '/user/auth/enterprise/talent/info/view',
  summary:
    "The signed-in person's talent-pool record in the session's enterprise (id null when there is none yet); name, phone and staff number from the profile",
  tags: ['account'],
  request: z.object({}),
  response: talentRecordSchema,
});

export const editTalentInfo = defineCall({
  name: 'editTalentInfo',
  method: 'POST',
  path: '/user/auth/enterprise/talent/info/edit',
  summary:
    "Saves one section (saveType 1–6) of the signed-in person's talent record; the section's required fields and limits checked (9601 with the field's message); fields the classification hides are cleared",
  tags: ['account'],
  request: talentEditableSchema.partial().extend({
    saveType: z.union(TALENT_SECTIONS.map((s) => z.literal(s))),
  }),
  response: talentRecordSchema,
});

// ---- The back office (issue 24 item 4): the enterprise's talent records ----

/** The list's filter, shared by the page and the export. */
export const adminTalentFilter = z.object({
  /** A part of the name, staff number or phone (3 digits or more). */
  keyword: z.string().trim().max(50).default(''),
  talentType: z.coerce.number().int().min(1).max(3).optional(),
  talentClassification: z.coerce.number().int().min(1).max(4).optional(),
  /** In this department or any below it. */
  departmentId: id.optional(),
});
export type AdminTalentFilter = z.infer<typeof adminTalentFilter>;

export const adminTalentRow = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  name: z.string(),
  phone: z.string().describe('Masked'),
  userNo: z.string(),
  departmentName: z.string(),
  talentType: z.number().int(),
  talentSource: z.number().int(),
  talentClassification: z.number().int().nullable(),
  companyName: z.string(),
  companyPosition: z.string(),
  savedSections: z.array(z.number().int()),
  updatedAt: z.string(),
});
export type AdminTalentRow = z.infer<typeof adminTalentRow>;

export const findAdminTalentRecords = defineCall({
  name: 'findAdminTalentRecords',
  method: 'GET',
  path: '/user/auth/admin/talent/page',
  summary:
    "The enterprise's talent records, last saved first, by a keyword (name, staff number, phone), talent type, classification and department",
  tags: ['talent'],
  request: adminTalentFilter.extend(paging(20, 100)),
  response: pageResponse(adminTalentRow),
});

export const viewAdminTalentRecord = defineCall({
  name: 'viewAdminTalentRecord',
  method: 'GET',
  path: '/user/auth/admin/talent/view',
  summary: "One member's talent record, as the member sees it (9606 when the member has none)",
  tags: ['talent'],
  request: z.object({ accountId: id }),
  response: talentRecordSchema,
});

export const exportAdminTalentRecords = defineCall({
  name: 'exportAdminTalentRecords',
  method: 'POST',
  path: '/user/auth/admin/talent/export',
  summary:
    "Exports the talent records of the list's filter, every field with its labels, as XLSX in a background job: answers the administrator's export record",
  tags: ['talent'],
  request: adminTalentFilter,
  response: z.object({ id: z.number().int(), fileName: z.string(), exportStatus: z.number().int() }),
});

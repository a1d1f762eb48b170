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

// ---- Import of history records (issue 24 item 4, decision 062) ----
// An XLSX of the export's columns (its template) is read and every row checked into a preview
// that stores nothing; importing sends the same file again (its digest from the preview) and
// saves the rows' sections with talentSource 3. A section a member has saved is never
// overwritten: an import fills only sections not saved yet, so a file imported twice changes
// nothing the second time.

/** The largest import file, and the rows one import takes (a larger history is split into files). */
export const TALENT_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const TALENT_IMPORT_MAX_ROWS = 5000;

/**
 * What the import does with a row: `create` makes the member's record (talentSource 3), `fill`
 * adds sections to the record they have, `unchanged` adds nothing (every section the row gives is
 * saved already), `refused` cannot be imported (the phone, or no section without problems).
 */
export const TALENT_IMPORT_OUTCOMES = ['create', 'fill', 'unchanged', 'refused'] as const;
export type TalentImportOutcome = (typeof TALENT_IMPORT_OUTCOMES)[number];

export const talentImportRow = z.object({
  /** The sheet's row. */
  row: z.number().int(),
  /** The member's name from their profile; the file's 姓名 when the phone is no member's. */
  name: z.string(),
  phone: z.string().describe('Masked when it is a mobile number'),
  accountId: z.number().int().nullable(),
  outcome: z.enum(TALENT_IMPORT_OUTCOMES),
  /** The sections (saveType) the import saves (or saved) for this row. */
  sections: z.array(z.number().int()),
  /** Sections the row gives that the member's record has saved already: kept, not overwritten. */
  kept: z.array(z.number().int()),
  /** Why the row, or one of its sections, is not imported, in the administrator's language. */
  problems: z.array(z.string()),
});
export type TalentImportRow = z.infer<typeof talentImportRow>;

export const talentImportResult = z.object({
  /** SHA-256 of the file (hex): the import call is given it back with the same file. */
  digest: z.string(),
  fileName: z.string(),
  /** false: a preview (nothing stored); true: what the import saved. */
  imported: z.boolean(),
  totalRows: z.number().int(),
  createCount: z.number().int(),
  fillCount: z.number().int(),
  unchangedCount: z.number().int(),
  refusedCount: z.number().int(),
  /** Sections saved over all rows. */
  sectionCount: z.number().int(),
  rows: z.array(talentImportRow),
});
export type TalentImportResult = z.infer<typeof talentImportResult>;

const importDigest = z
  .string()
  .regex(/^[0-9a-f]{64}$/, { error: 'The preview’s digest' })
  .describe("The preview's digest of the file");

export const viewTalentImportTemplate = defineCall({
  name: 'viewTalentImportTemplate',
  method: 'GET',
  path: '/user/auth/admin/talent/import/template',
  summary:
    "The history import template (XLSX: the export's columns with headers in the caller's language, a notes sheet with each column's values and an example row) by signed link",
  tags: ['talent'],
  request: z.object({}),
  response: z.object({ url: z.string(), fileName: z.string() }),
});

export const previewTalentImport = defineCall({
  name: 'previewTalentImport',
  method: 'POST',
  path: '/user/auth/admin/talent/import/preview',
  summary:
    "Reads history talent records (multipart/form-data, part file: an XLSX of the template or the export, at most 5 MB and 5 000 rows) and checks every row: the member by phone, each section's fields; stores nothing. Answers each row's sections to save, those kept and its problems",
  tags: ['talent'],
  request: z.object({}),
  requestIn: 'query',
  response: talentImportResult,
});

export const importTalentRecords = defineCall({
  name: 'importTalentRecords',
  method: 'POST',
  path: '/user/auth/admin/talent/import',
  summary:
    "Imports the previewed file again (multipart/form-data, part file; digest: the preview's, 9611 when the file differs): each row's sections without problems that the member's record has not saved yet, a new record with talentSource 3. Imports of one enterprise go one at a time; the same file again saves nothing more",
  tags: ['talent'],
  request: z.object({ digest: importDigest }),
  requestIn: 'query',
  response: talentImportResult,
});

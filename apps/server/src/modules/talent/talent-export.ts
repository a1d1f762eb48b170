import {
  TALENT_BUSINESS_CATEGORY_TYPE,
  enumLabel,
  talentFields,
  talentSectionTitles,
  type AdminTalentFilter,
  type Lang,
  type TalentBusinessRelation,
  type TalentField,
} from '@portal/contract';
import { chinaMinute, fileStamp } from '../../platform/china-time.ts';
import type { ExportDefinition } from '../../platform/exports.ts';
import { CHOICES, presentAdminRow, regionNames, type TalentService } from './talent.service.ts';
import type { TalentRepository } from './talent.repository.ts';

/** Records read per keyset step: memory stays bounded however many records the filter holds. */
const BATCH = 500;

const FIELDS = Object.keys(talentFields) as TalentField[];

/** A field's value as a cell: choices by their label, regions and business areas by name. */
function cell(
  field: TalentField,
  details: Record<string, unknown>,
  talentType: number,
  lang: Lang,
  areaNames: Map<number, string>,
): string {
  const value = details[field];
  const enumName = CHOICES[field];
  if (enumName) return typeof value === 'number' ? enumLabel(enumName, value, lang) : '';
  if (field === 'region')
    return Array.isArray(value) ? (regionNames(talentType, value as string[]) ?? []).join('/') : '';
  if (field === 'talentBusinessRelationList') {
    return Array.isArray(value)
      ? (value as TalentBusinessRelation[])
          .map((b) => areaNames.get(b.businessCategoryId) ?? b.businessCategoryName)
          .join('、')
      : '';
  }
  return typeof value === 'string' ? value : '';
}

/**
 * The back office's talent records of the list's filter as XLSX (/crm/talent, issue 24 item 4,
 * decision 059), made by the export job in the enterprise's scope, read by id in keyset steps:
 * every field of the six sections with its label, choices in the administrator's language.
 */
export function talentExport(service: TalentService, repo: TalentRepository): ExportDefinition<AdminTalentFilter> {
  return {
    fileName: (lang: Lang) => `${lang === 'en' ? 'talent-records' : '人才档案'}-${fileStamp()}.xlsx`,
    sheetName: (lang: Lang) => (lang === 'en' ? 'Talent records' : '人才档案'),
    columns: [
      { key: 'name', header: { zh: '姓名', en: 'Name' }, width: 12 },
      { key: 'phone', header: { zh: '手机号', en: 'Phone' }, width: 14 },
      { key: 'userNo', header: { zh: '工号', en: 'Staff number' }, width: 12 },
      { key: 'departmentName', header: { zh: '部门', en: 'Department' }, width: 16 },
      { key: 'talentType', header: { zh: '人才类型', en: 'Talent type' }, width: 12 },
      { key: 'talentSource', header: { zh: '来源', en: 'Source' }, width: 12 },
      ...FIELDS.map((field) => ({
        key: field,
        header: talentFields[field].label,
        width: talentFields[field].kind === 'textarea' ? 40 : 16,
      })),
      { key: 'savedSections', header: { zh: '已保存部分', en: 'Sections saved' }, width: 30 },
      { key: 'updatedAt', header: { zh: '更新时间', en: 'Updated' }, width: 18 },
    ],
    async *rows({ eid, params, lang }) {
      const q = await service.adminQuery(eid, params);
      // The business areas by their names now, in the administrator's language.
      const areaNames = new Map(
        (await repo.businessCategories(eid, TALENT_BUSINESS_CATEGORY_TYPE)).map((c) => [
          c.id,
          lang === 'en' && c.nameEn ? c.nameEn : c.name,
        ]),
      );
      let after: number | null = null;
      for (;;) {
        const rows = await repo.adminStep(eid, q, after, BATCH);
        for (const row of rows) {
          const shown = presentAdminRow(row);
          yield {
            name: shown.name,
            phone: shown.phone,
            userNo: shown.userNo,
            departmentName: shown.departmentName,
            talentType: enumLabel('talentType', row.talent_type, lang),
            talentSource: enumLabel('registrationSource', row.talent_source, lang),
            ...Object.fromEntries(FIELDS.map((f) => [f, cell(f, row.details, row.talent_type, lang, areaNames)])),
            savedSections: row.saved_sections
              .map((section) => talentSectionTitles[section as 1 | 2 | 3 | 4 | 5 | 6]?.[lang] ?? '')
              .join(lang === 'en' ? ', ' : '、'),
            updatedAt: chinaMinute(row.updated_at),
          };
        }
        if (rows.length < BATCH) return;
        after = rows[rows.length - 1]!.id;
      }
    },
  };
}

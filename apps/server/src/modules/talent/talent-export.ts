import {
  TALENT_BUSINESS_CATEGORY_TYPE,
  enumLabel,
  talentSectionTitles,
  type AdminTalentFilter,
  type Lang,
} from '@portal/contract';
import { chinaMinute, fileStamp } from '../../platform/china-time.ts';
import type { ExportDefinition } from '../../platform/exports.ts';
import { presentAdminRow, type TalentService } from './talent.service.ts';
import type { TalentRepository } from './talent.repository.ts';
import { TALENT_EXPORT_COLUMNS, TALENT_FIELD_NAMES, talentCell } from './talent-sheet.ts';

/** Records read per keyset step: memory stays bounded however many records the filter holds. */
const BATCH = 500;

/**
 * The back office's talent records of the list's filter as XLSX (/crm/talent, issue 24 item 4,
 * decision 059), made by the export job in the enterprise's scope, read by id in keyset steps:
 * every field of the six sections with its label, choices in the administrator's language. The
 * phone is written whole (as the learner export writes it): the history import (decision 062)
 * finds the member by it, so an exported file imports back.
 */
export function talentExport(service: TalentService, repo: TalentRepository): ExportDefinition<AdminTalentFilter> {
  return {
    fileName: (lang: Lang) => `${lang === 'en' ? 'talent-records' : '人才档案'}-${fileStamp()}.xlsx`,
    sheetName: (lang: Lang) => (lang === 'en' ? 'Talent records' : '人才档案'),
    columns: TALENT_EXPORT_COLUMNS.map(({ key, header, width }) => ({ key, header, width })),
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
            phone: row.phone,
            userNo: shown.userNo,
            departmentName: shown.departmentName,
            talentType: enumLabel('talentType', row.talent_type, lang),
            talentSource: enumLabel('registrationSource', row.talent_source, lang),
            ...Object.fromEntries(
              TALENT_FIELD_NAMES.map((f) => [f, talentCell(f, row.details, row.talent_type, lang, areaNames)]),
            ),
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

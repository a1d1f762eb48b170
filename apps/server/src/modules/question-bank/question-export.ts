import type { Lang, QuestionFilter } from '@portal/contract';
import { fileStamp } from '../../platform/china-time.ts';
import type { ExportDefinition } from '../../platform/exports.ts';
import type { QuestionBankAdminRepository } from './question-bank-admin.repository.ts';
import { QUESTION_COLUMNS, questionCells } from './question-sheet.ts';

/** Rows read per keyset step: memory stays bounded however many questions the bank holds. */
const BATCH = 1000;

/**
 * A bank's questions of a filter as XLSX, keys included (decision 045), made by the export job
 * (decision 027) in keyset steps. The columns are the import template's (question-sheet.ts): an
 * exported bank imports into another as it is.
 */
export function questionExport(repo: QuestionBankAdminRepository): ExportDefinition<QuestionFilter> {
  return {
    fileName: (lang: Lang) => `${lang === 'en' ? 'questions' : '试题'}-${fileStamp()}.xlsx`,
    sheetName: (lang: Lang) => (lang === 'en' ? 'Questions' : '试题'),
    columns: QUESTION_COLUMNS.map(({ key, header, width }) => ({ key, header, width })),
    async *rows({ eid, params, lang }) {
      let before: number | null = null;
      for (;;) {
        const rows = await repo.questionsBefore(eid, params, before, BATCH);
        if (rows.length === 0) return;
        for (const r of rows) yield questionCells(r, lang);
        before = rows[rows.length - 1]!.id;
      }
    },
  };
}

import { QuestionType, enumerations, optionKey, type Lang, type QuestionFilter } from '@portal/contract';
import type { ExportDefinition } from '../../platform/exports.ts';
import type { QuestionBankAdminRepository, QuestionRecord } from './question-bank-admin.repository.ts';

/** Rows read per keyset step: memory stays bounded however many questions the bank holds. */
const BATCH = 1000;
/** Choice columns A–J. */
const CHOICE_COLUMNS = 10;

const stamp = () =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', dateStyle: 'short', timeStyle: 'short' })
    .format(new Date())
    .replace(/\D/g, '');

const labelOf = (
  options: ReadonlyArray<{ value: number; label: string; labelEn: string }>,
  value: number,
  lang: Lang,
) => {
  const o = options.find((x) => x.value === value);
  return o ? (lang === 'zh' ? o.label : o.labelEn) : String(value);
};

/**
 * A question's right answer as a person reads it: choice keys (A,C), 正确 or 错误, each blank's
 * accepted answers (alternatives by |, blanks by ；), matching's item-option pairs (1-B,2-A).
 */
export function answerText(
  q: Pick<QuestionRecord, 'questionType' | 'answer' | 'blanks' | 'items'>,
  lang: Lang,
): string {
  switch (q.questionType) {
    case QuestionType.TRUE_FALSE:
      return q.answer[0] === 'T' ? (lang === 'zh' ? '正确' : 'True') : lang === 'zh' ? '错误' : 'False';
    case QuestionType.FILL_IN:
      return q.blanks.map((accepted) => accepted.join('|')).join('；');
    case QuestionType.MATCHING:
      return q.items.map((item, i) => `${item.key}-${q.answer[i] ?? ''}`).join(',');
    case QuestionType.SHORT_ANSWER:
      return '';
    default:
      return q.answer.join(',');
  }
}

/**
 * A bank's questions of a filter as XLSX, keys included (decision 045), made by the export job
 * (decision 027) in keyset steps. One row a question: its type, difficulty, score, stem, the
 * choices A–J (matching: its right-hand column), the matching's items, the answer, the reference
 * answer, the analysis, and whether a fill-in's blanks may come in any order.
 */
export function questionExport(repo: QuestionBankAdminRepository): ExportDefinition<QuestionFilter> {
  return {
    fileName: (lang: Lang) => `${lang === 'en' ? 'questions' : '试题'}-${stamp()}.xlsx`,
    sheetName: (lang: Lang) => (lang === 'en' ? 'Questions' : '试题'),
    columns: [
      { key: 'type', header: { zh: '题型', en: 'Type' }, width: 12 },
      { key: 'difficulty', header: { zh: '难度', en: 'Difficulty' }, width: 8 },
      { key: 'score', header: { zh: '分值', en: 'Score' }, width: 8 },
      { key: 'stem', header: { zh: '题干', en: 'Stem' }, width: 40 },
      ...Array.from({ length: CHOICE_COLUMNS }, (_, i) => ({
        key: `option${optionKey(i)}`,
        header: { zh: `选项${optionKey(i)}`, en: `Option ${optionKey(i)}` },
        width: 16,
      })),
      { key: 'items', header: { zh: '配对项', en: 'Items' }, width: 24 },
      { key: 'answer', header: { zh: '正确答案', en: 'Answer' }, width: 16 },
      { key: 'referenceAnswer', header: { zh: '参考答案', en: 'Reference answer' }, width: 30 },
      { key: 'analysis', header: { zh: '解析', en: 'Analysis' }, width: 30 },
      { key: 'anyOrder', header: { zh: '顺序不限', en: 'Any order' }, width: 10 },
    ],
    async *rows({ eid, params, lang }) {
      let before: number | null = null;
      for (;;) {
        const rows = await repo.questionsBefore(eid, params, before, BATCH);
        if (rows.length === 0) return;
        for (const r of rows) {
          const choices = r.questionType === QuestionType.TRUE_FALSE ? [] : r.options;
          yield {
            type: labelOf(enumerations.questionType, r.questionType, lang),
            difficulty: labelOf(enumerations.difficulty, r.difficulty, lang),
            score: r.scoreTenths / 10,
            stem: r.stem,
            ...Object.fromEntries(choices.map((o, i) => [`option${optionKey(i)}`, o.text])),
            items: r.items.map((item) => item.text).join('\n'),
            answer: answerText(r, lang),
            referenceAnswer: r.referenceAnswer,
            analysis: r.analysis,
            anyOrder:
              r.questionType === QuestionType.FILL_IN
                ? r.blanksAnyOrder
                  ? lang === 'zh'
                    ? '是'
                    : 'Yes'
                  : lang === 'zh'
                    ? '否'
                    : 'No'
                : '',
          };
        }
        before = rows[rows.length - 1]!.id;
      }
    },
  };
}

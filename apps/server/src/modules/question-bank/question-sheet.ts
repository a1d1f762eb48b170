import {
  QUESTION_OPTIONS_MAX,
  QuestionType,
  enumerations,
  optionKey,
  type Lang,
  type QuestionForm,
} from '@portal/contract';
import { STEM_IMAGE_TEXT, plainStemToHtml, stemText } from '@portal/contract/rich-stem';
import type { SheetColumn } from '../../platform/sheet-rows.ts';
import type { QuestionRecord } from './question-bank-admin.repository.ts';

/**
 * The questions' sheet (decisions 045 and 046): one row a question, the same columns for the
 * export and for the import's template, so an exported bank imports into another as it is.
 */

export interface QuestionColumn extends SheetColumn {
  width: number;
  note: Record<Lang, string>;
}

const column = (
  key: string,
  zh: string,
  en: string,
  width: number,
  note: Record<Lang, string>,
  required = false,
): QuestionColumn => ({ key, header: { zh, en }, width, note, required });

const typeNames = (lang: Lang) =>
  enumerations.questionType.map((o) => (lang === 'zh' ? o.label : o.labelEn)).join(lang === 'zh' ? '、' : ', ');
const difficultyNames = (lang: Lang) =>
  enumerations.difficulty.map((o) => (lang === 'zh' ? o.label : o.labelEn)).join(lang === 'zh' ? '、' : ', ');

export const QUESTION_COLUMNS: QuestionColumn[] = [
  column('type', '题型', 'Type', 12, { zh: `必填：${typeNames('zh')}`, en: `Required: ${typeNames('en')}` }, true),
  column('difficulty', '难度', 'Difficulty', 8, {
    zh: `选填：${difficultyNames('zh')}；空为一般`,
    en: `Optional: ${difficultyNames('en')}; empty is Medium`,
  }),
  column('score', '分值', 'Score', 8, { zh: '选填：0.1到100，空为2分', en: 'Optional: 0.1–100, empty is 2' }),
  column(
    'stem',
    '题干',
    'Stem',
    40,
    {
      zh: '必填，最多2000字；填空题用____（两个以上下划线）标出每个空',
      en: 'Required, at most 2000 characters; a fill-in marks each blank with ____ (two or more underscores)',
    },
    true,
  ),
  ...Array.from({ length: QUESTION_OPTIONS_MAX }, (_, i) =>
    column(
      `option${optionKey(i)}`,
      `选项${optionKey(i)}`,
      `Option ${optionKey(i)}`,
      16,
      i === 0
        ? {
            zh: '选择题的选项，从A起连续填写，至少两个；匹配题为右侧的选项；判断题不填',
            en: 'The choices, from A on without gaps, at least two; matching: the right-hand options; true/false: none',
          }
        : { zh: '', en: '' },
    ),
  ),
  column('items', '配对项', 'Items', 24, {
    zh: '匹配题左侧的配对项，一行一个（单元格内换行），依次编号1、2、3…',
    en: 'Matching: the left-hand items, one a line (line breaks in the cell), numbered 1, 2, 3…',
  }),
  column('answer', '正确答案', 'Answer', 16, {
    zh: '选择题填选项字母，如 A 或 A,C；判断题填 正确 或 错误；填空题每个空的答案用；分隔，一个空的多个可接受答案用|分隔，如 北京|首都；上海；匹配题如 1-B,2-A',
    en: 'Choices: their letters, e.g. A or A,C; true/false: True or False; fill-in: blanks separated by ；or ;, accepted answers of one blank by |, e.g. Paris|paris;Rome; matching: e.g. 1-B,2-A',
  }),
  column('referenceAnswer', '参考答案', 'Reference answer', 30, {
    zh: '简答题必填：阅卷时给阅卷人参考',
    en: 'Short answer, required: shown to the marker',
  }),
  column('analysis', '解析', 'Analysis', 30, { zh: '选填，最多5000字', en: 'Optional, at most 5000 characters' }),
  column('anyOrder', '顺序不限', 'Any order', 10, {
    zh: '填空题选填：是 表示各空答案顺序不限',
    en: 'Fill-in, optional: Yes when the blanks may be answered in any order',
  }),
  column('tags', '标签', 'Tags', 20, {
    zh: '选填：多个用逗号分隔，最多10个，每个最多20字',
    en: 'Optional: separated by commas, at most 10, each at most 20 characters',
  }),
];

const labelOf = (
  options: ReadonlyArray<{ value: number; label: string; labelEn: string }>,
  value: number,
  lang: Lang,
) => {
  const o = options.find((x) => x.value === value);
  return o ? (lang === 'zh' ? o.label : o.labelEn) : String(value);
};

const yesNo = (yes: boolean, lang: Lang) => (yes ? (lang === 'zh' ? '是' : 'Yes') : lang === 'zh' ? '否' : 'No');

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

/** A stored question as one row of the sheet, keyed by the columns' keys. */
export function questionCells(r: QuestionRecord, lang: Lang): Record<string, string | number> {
  const choices = r.questionType === QuestionType.TRUE_FALSE ? [] : r.options;
  return {
    type: labelOf(enumerations.questionType, r.questionType, lang),
    difficulty: labelOf(enumerations.difficulty, r.difficulty, lang),
    score: r.scoreTenths / 10,
    // Text only (decision 054): an image is named in brackets, so a reader knows one was there.
    stem: stemText(r.stem, STEM_IMAGE_TEXT[lang]),
    ...Object.fromEntries(choices.map((o, i) => [`option${optionKey(i)}`, o.text])),
    items: r.items.map((item) => item.text).join('\n'),
    answer: answerText(r, lang),
    referenceAnswer: r.referenceAnswer,
    analysis: r.analysis,
    anyOrder: r.questionType === QuestionType.FILL_IN ? yesNo(r.blanksAnyOrder, lang) : '',
    tags: r.tags.join(','),
  };
}

// Reading a row back: what a person may write for a type, a difficulty, an answer.

const norm = (s: string) => s.replace(/\s+/g, '').toLowerCase();

/** Names of the types besides the enumeration's: short forms and the spec's other words. */
const TYPE_ALIASES: Record<string, number> = {
  单选: 1,
  多选: 2,
  判断: 3,
  填空: 4,
  简答: 5,
  问答: 5,
  匹配: 6,
  配对: 6,
  配对题: 6,
  不定项: 7,
  不定项选择: 7,
  single: 1,
  multiple: 2,
  truefalse: 3,
  'true/false': 3,
  judge: 3,
  fillin: 4,
  blank: 4,
  short: 5,
  shortanswer: 5,
  essay: 5,
  matching: 6,
  match: 6,
  indefinite: 7,
  indefinitechoice: 7,
};

/** The type a cell names (either language, a short form or its number), or null. */
export function typeOf(text: string): number | null {
  const t = norm(text);
  if (/^[1-7]$/.test(t)) return Number(t);
  for (const o of enumerations.questionType) if (norm(o.label) === t || norm(o.labelEn) === t) return o.value;
  return TYPE_ALIASES[t] ?? null;
}

const DIFFICULTY_ALIASES: Record<string, number> = {
  易: 1,
  容易: 1,
  中: 2,
  中等: 2,
  普通: 2,
  难: 4,
  simple: 1,
  general: 2,
  normal: 2,
  medium: 2,
  hard: 4,
  difficult: 4,
};

/** The difficulty a cell names (empty: general), or null. */
export function difficultyOf(text: string): number | null {
  const t = norm(text);
  if (t === '') return 2;
  if (/^[1-4]$/.test(t)) return Number(t);
  for (const o of enumerations.difficulty) if (norm(o.label) === t || norm(o.labelEn) === t) return o.value;
  return DIFFICULTY_ALIASES[t] ?? null;
}

const TRUE_WORDS = new Set(['正确', '对', '是', '√', '✓', 't', 'true', 'yes', 'y', 'right', '1']);
const FALSE_WORDS = new Set(['错误', '错', '否', '×', '✗', 'x', 'f', 'false', 'no', 'n', 'wrong', '0']);

/** A row's cells read as the question form takes them, and what could not be read (by form field). */
export interface ReadQuestion {
  form: QuestionForm;
  problems: Array<{ field: keyof QuestionForm; message: string }>;
}

const PROBLEMS = {
  type: { zh: '题型无法识别：{value}', en: 'Unknown type: {value}' },
  difficulty: { zh: '难度无法识别：{value}', en: 'Unknown difficulty: {value}' },
  score: { zh: '分值须为数字：{value}', en: 'The score must be a number: {value}' },
  optionGap: {
    zh: '选项须从A起连续填写（缺少选项{key}）',
    en: 'Options must be filled from A on without gaps (option {key} is missing)',
  },
  answerKeys: { zh: '正确答案无法识别：{value}', en: 'The answer cannot be read: {value}' },
  trueFalse: { zh: '判断题答案须为 正确 或 错误', en: 'A true/false answer is True or False' },
} as const;

function problemText(key: keyof typeof PROBLEMS, lang: Lang, value = ''): string {
  return PROBLEMS[key][lang].replace(/\{(value|key)\}/g, () => value);
}

const splitList = (text: string, by: RegExp) =>
  text
    .split(by)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * A row's cells as the question form takes them (`questionFormFor` then checks it as it checks the
 * back office's dialog), with what could not even be read into a form.
 */
export function formOfCells(cells: Record<string, string>, lang: Lang): ReadQuestion {
  const problems: ReadQuestion['problems'] = [];
  const problem = (field: keyof QuestionForm, key: keyof typeof PROBLEMS, value = '') =>
    problems.push({ field, message: problemText(key, lang, value) });
  const cell = (key: string) => (cells[key] ?? '').trim();
  const questionType = typeOf(cell('type'));
  if (questionType === null) problem('questionType', 'type', cell('type'));
  const difficulty = difficultyOf(cell('difficulty'));
  if (difficulty === null) problem('difficulty', 'difficulty', cell('difficulty'));
  const scoreText = cell('score').replace(/分$|points?$/i, '');
  const score = scoreText === '' ? 2 : Number(scoreText);
  if (scoreText !== '' && !Number.isFinite(score)) problem('score', 'score', cell('score'));

  const options: string[] = [];
  let gap: string | null = null;
  for (let i = 0; i < QUESTION_OPTIONS_MAX; i++) {
    const text = cell(`option${optionKey(i)}`);
    if (text === '') {
      if (gap === null) gap = optionKey(i);
      continue;
    }
    if (gap !== null) {
      problem('options', 'optionGap', gap);
      break;
    }
    options.push(text);
  }
  const items = splitList(cell('items'), /\r?\n/);
  const answerCell = cell('answer');
  let answer: string[] = [];
  let blanks: string[][] = [];
  let referenceAnswer = cell('referenceAnswer');
  switch (questionType) {
    case QuestionType.TRUE_FALSE: {
      const t = norm(answerCell);
      if (TRUE_WORDS.has(t)) answer = ['T'];
      else if (FALSE_WORDS.has(t)) answer = ['F'];
      else problem('answer', 'trueFalse');
      break;
    }
    case QuestionType.FILL_IN:
      blanks = splitList(answerCell, /[；;]/).map((blank) => splitList(blank, /[|｜]/));
      break;
    case QuestionType.SHORT_ANSWER:
      // A short answer's model answer may be written in either answer column.
      if (referenceAnswer === '') referenceAnswer = answerCell;
      break;
    case QuestionType.MATCHING: {
      const pairs = splitList(answerCell, /[,，、;；\s]+/);
      const keys: string[] = [];
      for (const pair of pairs) {
        const m = /^(\d+)\s*[-－—:：=]\s*([a-jA-J])$/.exec(pair);
        if (!m) {
          problem('answer', 'answerKeys', answerCell);
          break;
        }
        keys[Number(m[1]) - 1] = m[2]!.toUpperCase();
      }
      answer = Array.from({ length: items.length }, (_, i) => keys[i] ?? '');
      break;
    }
    case null:
      break;
    default: {
      // Choices: A,C / A、C / AC / a c.
      const letters = answerCell.replace(/[\s,，、;；]/g, '').toUpperCase();
      if (!/^[A-J]*$/.test(letters)) problem('answer', 'answerKeys', answerCell);
      else answer = [...letters];
    }
  }
  const anyOrder = TRUE_WORDS.has(norm(cell('anyOrder')));
  const tags = [...new Set(splitList(cell('tags'), /[,，;；、]/))];
  const form = {
    questionType: questionType ?? 0,
    difficulty: difficulty ?? 0,
    // A cell is plain text (decision 054): stored as its escaped lines, whatever it holds.
    stem: cell('stem') === '' ? '' : plainStemToHtml(cell('stem')),
    options: questionType === QuestionType.TRUE_FALSE ? [] : options,
    items,
    answer,
    blanks,
    blanksAnyOrder: anyOrder,
    referenceAnswer,
    analysis: cell('analysis'),
    tags,
    score: Number.isFinite(score) ? score : 0,
  } satisfies QuestionForm;
  return { form, problems };
}

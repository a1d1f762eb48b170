import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id, pageResponse, paging } from '../envelope.ts';
import { QuestionType } from '../enums.ts';
import type { Lang } from '../errors.ts';
import { hasImage, htmlImageAddresses, isHtmlStem, isOwnImageAddress, stemBlankCount, stemText } from '../rich-stem.ts';
import { EXAM_BLANK_MAX } from './exam.ts';

// The back office's question banks (issue 22 item 1, decision 045): banks per subject, open for
// practice or not (decision 032 reads it), and their questions of every type the exam module marks.

export const BANK_TITLE_MAX = 50;
/** A stem's characters of text (its markup not counted, decision 054). */
export const QUESTION_STEM_MAX = 2000;
/** A stem's characters with its markup: the bound of what is stored. */
export const QUESTION_STEM_HTML_MAX = 20000;
export const QUESTION_OPTION_MAX = 500;
/** Choices A–J; matching's left-hand items 1–10. */
export const QUESTION_OPTIONS_MAX = 10;
export const QUESTION_BLANKS_MAX = 10;
/** Accepted answers of one blank. */
export const QUESTION_ACCEPTED_MAX = 10;
export const QUESTION_TEXT_MAX = 5000;
/** A question's default score, in points (a paper gives each question its own). */
export const QUESTION_SCORE_MAX = 100;
/** Tags of one question, and the characters of one tag (as learners' tags). */
export const QUESTION_TAGS_MAX = 10;
export const QUESTION_TAG_MAX = 20;
/** The tags a bank's view lists for the filter. */
export const BANK_TAGS_LISTED = 200;

/** The option keys in order: A, B, C… (true/false: T and F). */
export const optionKey = (index: number) => String.fromCharCode(65 + index);

/** The blanks of a fill-in stem: each run of two or more underscores in its text is one. */
export { stemBlankCount };

const CHOICE_TYPES: readonly number[] = [QuestionType.SINGLE, QuestionType.MULTIPLE, QuestionType.INDEFINITE];

export const adminQuestionBank = z.object({
  id: z.number().int(),
  title: z.string(),
  openForPractice: z.boolean(),
  questionCount: z.number().int(),
  /** Papers that hold its questions or draw from it by a rule. */
  paperCount: z.number().int(),
  practiceSetCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminQuestionBank = z.infer<typeof adminQuestionBank>;

export const bankFormFor = (lang: Lang) => {
  const required = { error: lang === 'zh' ? '请填写题库名称' : 'Please enter the bank’s name' };
  return z.object({
    title: z
      .string(required)
      .trim()
      .min(1, required)
      .max(BANK_TITLE_MAX, {
        error:
          lang === 'zh' ? `题库名称最多${BANK_TITLE_MAX}个字` : `The name has at most ${BANK_TITLE_MAX} characters`,
      }),
    openForPractice: z.boolean().default(false),
  });
};
export type BankForm = z.infer<ReturnType<typeof bankFormFor>>;

export const findAdminQuestionBanks = defineCall({
  name: 'findAdminQuestionBanks',
  method: 'GET',
  path: '/exam/auth/admin/bank/page',
  summary: "The enterprise's question banks, newest first, by a part of the name, with their questions and use",
  tags: ['exam', 'back-office'],
  request: z.object({ ...paging(20, 100), keyword: z.string().trim().max(BANK_TITLE_MAX).optional() }),
  response: pageResponse(adminQuestionBank),
});

export const viewAdminQuestionBank = defineCall({
  name: 'viewAdminQuestionBank',
  method: 'GET',
  path: '/exam/auth/admin/bank/{id}',
  summary: "One question bank with its questions and use, and its questions' tags (the list's filter)",
  tags: ['exam', 'back-office'],
  request: z.object({ id }),
  response: adminQuestionBank.extend({ tags: z.array(z.string()) }),
});

export const createQuestionBank = defineCall({
  name: 'createQuestionBank',
  method: 'POST',
  path: '/exam/auth/admin/bank/create',
  summary: 'Adds a question bank; 9501 a name the enterprise has',
  tags: ['exam', 'back-office'],
  request: bankFormFor('zh'),
  requestFor: bankFormFor,
  response: z.object({ id: z.number().int() }),
});

const editBankFor = (lang: Lang) => bankFormFor(lang).extend({ id });

export const editQuestionBank = defineCall({
  name: 'editQuestionBank',
  method: 'POST',
  path: '/exam/auth/admin/bank/{id}/edit',
  summary: 'Renames a question bank or opens or closes it for practice (decision 032); 9501 a name another bank has',
  tags: ['exam', 'back-office'],
  request: editBankFor('zh'),
  requestFor: editBankFor,
  response: z.object({ id: z.number().int() }),
});

export const deleteQuestionBank = defineCall({
  name: 'deleteQuestionBank',
  method: 'POST',
  path: '/exam/auth/admin/bank/{id}/delete',
  summary: 'Deletes a question bank with its questions; 9502 while a paper or practice set uses it',
  tags: ['exam', 'back-office'],
  request: z.object({ id }),
  response: z.object({ id: z.number().int() }),
});

const keyedText = z.object({ key: z.string(), text: z.string() });

export const adminQuestionRow = z.object({
  id: z.number().int(),
  bankId: z.number().int(),
  questionType: z.number().int(),
  difficulty: z.number().int(),
  stem: z.string(),
  score: z.number(),
  tags: z.array(z.string()),
  /** Fixed papers it is on (it cannot be deleted while on one). */
  paperCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminQuestionRow = z.infer<typeof adminQuestionRow>;

export const adminQuestion = adminQuestionRow.extend({
  options: z.array(keyedText),
  items: z.array(keyedText),
  answer: z.array(z.string()),
  blanks: z.array(z.array(z.string())),
  blanksAnyOrder: z.boolean(),
  referenceAnswer: z.string(),
  analysis: z.string(),
});
export type AdminQuestion = z.infer<typeof adminQuestion>;

/**
 * A question's fields, with messages in the caller's language (the back office's form uses the
 * same). Choices are given as texts in order: their keys are A, B, C…, which `answer` names. True
 * or false: `answer` is T or F. Fill-in: the stem marks each blank with ____ and `blanks` gives each
 * blank's accepted answers. Matching: `items` the left-hand column, `options` the right-hand one,
 * `answer` one option key per item.
 */
const questionFieldsFor = (lang: Lang) => {
  const zh = lang === 'zh';
  const msg = (z1: string, e: string) => ({ error: zh ? z1 : e });
  const text = (max: number, what: [string, string]) =>
    z
      .string()
      .trim()
      .max(max, msg(`${what[0]}最多${max}个字`, `The ${what[1]} has at most ${max} characters`));
  const filled = (max: number, what: [string, string]) =>
    text(max, what).min(1, msg(`请填写${what[0]}`, `Please fill in the ${what[1]}`));
  return z.object({
    questionType: z
      .number()
      .int()
      .refine((v) => (Object.values(QuestionType) as number[]).includes(v), msg('请选择题型', 'Choose a type')),
    difficulty: z
      .number()
      .int()
      .min(1, msg('请选择难度', 'Choose a difficulty'))
      .max(4, msg('请选择难度', 'Choose a difficulty')),
    // Rich text (HTML) or plain text (decision 054): its text is counted and must not be empty
    // (an image alone will do), its markup bounded; images only from the site's own uploads.
    stem: z
      .string(msg('请填写题干', 'Please fill in the stem'))
      .trim()
      .max(QUESTION_STEM_HTML_MAX, msg('题干的格式内容过长，请精简', "The stem's formatting is too long: shorten it"))
      .refine((s) => stemText(s).length <= QUESTION_STEM_MAX, {
        error: zh ? `题干最多${QUESTION_STEM_MAX}个字` : `The stem has at most ${QUESTION_STEM_MAX} characters`,
        abort: true,
      })
      .refine((s) => stemText(s) !== '' || (isHtmlStem(s) && hasImage(s)), {
        ...msg('请填写题干', 'Please fill in the stem'),
        abort: true,
      })
      .refine(
        (s) => !isHtmlStem(s) || htmlImageAddresses(s).every(isOwnImageAddress),
        msg('题干中的图片须上传到本站', 'Images in the stem must be uploaded to this site'),
      ),
    options: z
      .array(filled(QUESTION_OPTION_MAX, ['选项内容', 'option']))
      .max(QUESTION_OPTIONS_MAX, msg(`最多${QUESTION_OPTIONS_MAX}个选项`, `At most ${QUESTION_OPTIONS_MAX} options`))
      .default([]),
    items: z
      .array(filled(QUESTION_OPTION_MAX, ['配对项', 'item']))
      .max(QUESTION_OPTIONS_MAX, msg(`最多${QUESTION_OPTIONS_MAX}个配对项`, `At most ${QUESTION_OPTIONS_MAX} items`))
      .default([]),
    answer: z.array(z.string().max(2)).max(QUESTION_OPTIONS_MAX).default([]),
    blanks: z
      .array(
        z
          .array(filled(EXAM_BLANK_MAX, ['答案', 'answer']))
          .min(1, msg('每个空至少一个答案', 'Each blank needs an answer'))
          .max(
            QUESTION_ACCEPTED_MAX,
            msg(`每个空最多${QUESTION_ACCEPTED_MAX}个答案`, `At most ${QUESTION_ACCEPTED_MAX} answers a blank`),
          ),
      )
      .max(QUESTION_BLANKS_MAX, msg(`最多${QUESTION_BLANKS_MAX}个空`, `At most ${QUESTION_BLANKS_MAX} blanks`))
      .default([]),
    blanksAnyOrder: z.boolean().default(false),
    referenceAnswer: text(QUESTION_TEXT_MAX, ['参考答案', 'reference answer']).default(''),
    analysis: text(QUESTION_TEXT_MAX, ['解析', 'analysis']).default(''),
    tags: z
      .array(filled(QUESTION_TAG_MAX, ['标签', 'tag']))
      .max(QUESTION_TAGS_MAX, msg(`最多${QUESTION_TAGS_MAX}个标签`, `At most ${QUESTION_TAGS_MAX} tags`))
      .default([]),
    score: z
      .number(msg('请填写分值', 'Please enter the score'))
      .min(0.1, msg(`分值为0.1到${QUESTION_SCORE_MAX}`, `The score is 0.1–${QUESTION_SCORE_MAX}`))
      .max(QUESTION_SCORE_MAX, msg(`分值为0.1到${QUESTION_SCORE_MAX}`, `The score is 0.1–${QUESTION_SCORE_MAX}`))
      .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-6, msg('分值最多一位小数', 'At most one decimal')),
  });
};

type QuestionFields = z.infer<ReturnType<typeof questionFieldsFor>>;

/** Whether two texts are the same (a learner could not tell the options apart). */
const repeats = (texts: string[]) => new Set(texts).size !== texts.length;

/** The checks of a question's keys by its type, in the caller's language. */
const checkQuestion =
  (lang: Lang) =>
  (q: QuestionFields, ctx: z.RefinementCtx): void => {
    const zh = lang === 'zh';
    const problem = (path: string, zhText: string, enText: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message: zh ? zhText : enText });
    const keys = q.options.map((_, i) => optionKey(i));
    if (CHOICE_TYPES.includes(q.questionType) || q.questionType === QuestionType.MATCHING) {
      if (q.options.length < 2) problem('options', '请至少填写两个选项', 'Give at least two options');
      else if (repeats(q.options)) problem('options', '选项内容不能重复', 'Two options say the same');
    }
    if (CHOICE_TYPES.includes(q.questionType)) {
      const unknown = q.answer.some((k) => !keys.includes(k));
      const twice = new Set(q.answer).size !== q.answer.length;
      if (unknown || twice) problem('answer', '正确答案须为所列选项', 'The right answers must be options given');
      else if (q.questionType === QuestionType.SINGLE && q.answer.length !== 1)
        problem('answer', '单选题有且只有一个正确答案', 'A single choice has exactly one right answer');
      else if (q.questionType === QuestionType.MULTIPLE && q.answer.length < 2)
        problem('answer', '多选题至少有两个正确答案', 'A multiple choice has at least two right answers');
      else if (q.answer.length < 1) problem('answer', '请选择正确答案', 'Choose the right answers');
    }
    if (q.questionType === QuestionType.TRUE_FALSE && !(q.answer.length === 1 && ['T', 'F'].includes(q.answer[0]!))) {
      problem('answer', '请选择正确或错误', 'Choose true or false');
    }
    if (q.questionType === QuestionType.FILL_IN) {
      const gaps = stemBlankCount(q.stem);
      if (gaps === 0) problem('stem', '请在题干中用____标出每个空', 'Mark each blank in the stem with ____');
      else if (gaps !== q.blanks.length)
        problem(
          'blanks',
          `题干有${gaps}个空，请为每个空填写答案`,
          `The stem has ${gaps} blank${gaps === 1 ? '' : 's'}: give each its answers`,
        );
    }
    if (q.questionType === QuestionType.SHORT_ANSWER && q.referenceAnswer === '') {
      problem('referenceAnswer', '请填写参考答案', 'Please fill in the reference answer');
    }
    if (q.questionType === QuestionType.MATCHING) {
      if (q.items.length < 2) problem('items', '请至少填写两个配对项', 'Give at least two items');
      else if (repeats(q.items)) problem('items', '配对项不能重复', 'Two items say the same');
      else if (q.answer.length !== q.items.length || q.answer.some((k) => !keys.includes(k)))
        problem('answer', '请为每个配对项选择对应的选项', 'Choose the matching option of each item');
    }
  };

export const questionFormFor = (lang: Lang) => questionFieldsFor(lang).superRefine(checkQuestion(lang));
export type QuestionForm = z.infer<ReturnType<typeof questionFormFor>>;

/** Which of a bank's questions a list or an export takes. */
export const questionFilter = z.object({
  bankId: id,
  questionType: z.coerce.number().int().min(1).max(7).optional(),
  difficulty: z.coerce.number().int().min(1).max(4).optional(),
  keyword: z.string().trim().max(100).optional(),
  tag: z.string().trim().max(QUESTION_TAG_MAX).optional(),
});
export type QuestionFilter = z.infer<typeof questionFilter>;

export const findAdminQuestions = defineCall({
  name: 'findAdminQuestions',
  method: 'GET',
  path: '/exam/auth/admin/question/page',
  summary: "A bank's questions, newest first, by type, difficulty, tag and a part of the stem",
  tags: ['exam', 'back-office'],
  request: questionFilter.extend(paging(20, 100)),
  response: pageResponse(adminQuestionRow),
});

export const exportQuestions = defineCall({
  name: 'exportQuestions',
  method: 'POST',
  path: '/exam/auth/admin/question/export',
  summary:
    "Exports the questions of the list's filter, with their keys, as XLSX in a background job: answers the administrator's export record",
  tags: ['exam', 'back-office'],
  request: questionFilter,
  response: z.object({ id: z.number().int(), fileName: z.string(), exportStatus: z.number().int() }),
});

export const viewAdminQuestion = defineCall({
  name: 'viewAdminQuestion',
  method: 'GET',
  path: '/exam/auth/admin/question/{id}',
  summary: 'One question with its keys, for editing',
  tags: ['exam', 'back-office'],
  request: z.object({ id }),
  response: adminQuestion,
});

const createQuestionFor = (lang: Lang) =>
  questionFieldsFor(lang).extend({ bankId: id }).superRefine(checkQuestion(lang));

export const createQuestion = defineCall({
  name: 'createQuestion',
  method: 'POST',
  path: '/exam/auth/admin/question/create',
  summary: 'Adds a question of any type to a bank, its keys checked by type',
  tags: ['exam', 'back-office'],
  request: createQuestionFor('zh'),
  requestFor: createQuestionFor,
  response: z.object({ id: z.number().int() }),
});

const editQuestionFor = (lang: Lang) => questionFieldsFor(lang).extend({ id }).superRefine(checkQuestion(lang));

export const editQuestion = defineCall({
  name: 'editQuestion',
  method: 'POST',
  path: '/exam/auth/admin/question/{id}/edit',
  summary: 'Changes a question; attempts already given keep the paper they were given',
  tags: ['exam', 'back-office'],
  request: editQuestionFor('zh'),
  requestFor: editQuestionFor,
  response: z.object({ id: z.number().int() }),
});

export const deleteQuestion = defineCall({
  name: 'deleteQuestion',
  method: 'POST',
  path: '/exam/auth/admin/question/{id}/delete',
  summary: 'Deletes a question; 9504 while it is on a fixed paper',
  tags: ['exam', 'back-office'],
  request: z.object({ id }),
  response: z.object({ id: z.number().int() }),
});

// Import (decision 046): an XLSX of the export's columns (its template) or questions written as
// text, read and checked into a preview that flags every bad row; nothing is stored until the
// administrator imports the preview's good rows, once.

/** The largest import file, and the questions one import takes. */
export const QUESTION_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const QUESTION_IMPORT_MAX_ROWS = 5000;

/** A preview's state: previewed (nothing stored), imported. */
export const QuestionImportStatus = { PREVIEWED: 1, IMPORTED: 2 } as const;

export const questionImportRow = z.object({
  /** The sheet's row, or the text's line where the question begins. */
  row: z.number().int(),
  questionType: z.number().int().nullable(),
  stem: z.string(),
  answer: z.string(),
  /** Why the row cannot be imported, in the administrator's language ([] it can). */
  errors: z.array(z.string()),
});
export type QuestionImportRow = z.infer<typeof questionImportRow>;

export const questionImport = z.object({
  id: z.number().int(),
  bankId: z.number().int(),
  fileName: z.string(),
  status: z.number().int(),
  totalRows: z.number().int(),
  badRows: z.number().int(),
  createdCount: z.number().int(),
  skippedCount: z.number().int(),
});
export type QuestionImport = z.infer<typeof questionImport>;

export const viewQuestionImportTemplate = defineCall({
  name: 'viewQuestionImportTemplate',
  method: 'GET',
  path: '/exam/auth/admin/question/import/template',
  summary:
    "The question import template (XLSX: the export's columns with headers in the caller's language, a notes sheet and an example of every type) by signed link",
  tags: ['exam', 'back-office'],
  request: z.object({}),
  response: z.object({ url: z.string(), fileName: z.string() }),
});

export const previewQuestionImport = defineCall({
  name: 'previewQuestionImport',
  method: 'POST',
  path: '/exam/auth/admin/question/import/preview',
  summary:
    'Reads questions for a bank (multipart/form-data, part file: an XLSX of the template, or UTF-8 text in the written format; at most 5 MB and 5 000 questions) and checks every row; stores nothing in the bank. Answers the preview with each row and its problems',
  tags: ['exam', 'back-office'],
  request: z.object({ bankId: id }),
  requestIn: 'query',
  response: questionImport.extend({ rows: z.array(questionImportRow) }),
});

export const importQuestions = defineCall({
  name: 'importQuestions',
  method: 'POST',
  path: '/exam/auth/admin/question/import/{id}',
  summary:
    "Adds a preview's good rows to its bank, once: the same preview again answers what the first import added. Rows that have become repeats of the bank's questions since the preview are skipped",
  tags: ['exam', 'back-office'],
  request: z.object({ id }),
  response: questionImport,
});

import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id, pageResponse, paging } from '../envelope.ts';
import type { Lang } from '../errors.ts';
import { examPaperQuestion } from './exam.ts';

// The back office's papers (issue 22 item 2, decision 047): fixed papers (questions picked, each
// with its score, in order) and random papers (rules drawing by bank, type and difficulty, checked
// against the questions the banks hold), and a preview as a taker sees the paper, without keys.

export const PAPER_TITLE_MAX = 50;
/** Questions of a fixed paper; questions one rule draws; rules of a random paper. */
export const PAPER_QUESTIONS_MAX = 200;
export const PAPER_RULES_MAX = 20;
/** A question's score on a paper, in points. */
export const PAPER_SCORE_MAX = 100;

/** A paper's mode: fixed, or drawn at random for each taker. */
export const PaperMode = { FIXED: 1, RANDOM: 2 } as const;

export const adminPaperRow = z.object({
  id: z.number().int(),
  title: z.string(),
  mode: z.number().int(),
  /** A fixed paper's questions, or what a random paper's rules draw. */
  questionCount: z.number().int(),
  totalScore: z.number(),
  /** Exam tasks given this paper (it cannot be deleted while one is). */
  taskCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminPaperRow = z.infer<typeof adminPaperRow>;

export const adminPaperQuestion = z.object({
  questionId: z.number().int(),
  bankId: z.number().int(),
  bankTitle: z.string(),
  questionType: z.number().int(),
  difficulty: z.number().int(),
  stem: z.string(),
  score: z.number(),
});
export type AdminPaperQuestion = z.infer<typeof adminPaperQuestion>;

export const adminPaperRule = z.object({
  bankId: z.number().int(),
  bankTitle: z.string(),
  questionType: z.number().int(),
  difficulty: z.number().int().nullable(),
  count: z.number().int(),
  score: z.number(),
  /** Questions the bank holds that the rule may draw. */
  available: z.number().int(),
});
export type AdminPaperRule = z.infer<typeof adminPaperRule>;

export const adminPaper = adminPaperRow.extend({
  shuffleQuestions: z.boolean(),
  shuffleOptions: z.boolean(),
  questions: z.array(adminPaperQuestion),
  rules: z.array(adminPaperRule),
});
export type AdminPaper = z.infer<typeof adminPaper>;

/** A paper's fields with messages in the caller's language; the back office's editor runs the same. */
export const paperFormFor = (lang: Lang) => {
  const zh = lang === 'zh';
  const msg = (z1: string, e: string) => ({ error: zh ? z1 : e });
  const score = z
    .number(msg('请填写分值', 'Please enter the score'))
    .min(0.1, msg(`分值为0.1到${PAPER_SCORE_MAX}`, `The score is 0.1–${PAPER_SCORE_MAX}`))
    .max(PAPER_SCORE_MAX, msg(`分值为0.1到${PAPER_SCORE_MAX}`, `The score is 0.1–${PAPER_SCORE_MAX}`))
    .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-6, msg('分值最多一位小数', 'At most one decimal'));
  const required = msg('请填写试卷名称', 'Please enter the paper’s name');
  return z
    .object({
      title: z
        .string(required)
        .trim()
        .min(1, required)
        .max(
          PAPER_TITLE_MAX,
          msg(`试卷名称最多${PAPER_TITLE_MAX}个字`, `The name has at most ${PAPER_TITLE_MAX} characters`),
        ),
      mode: z.union(
        [z.literal(PaperMode.FIXED), z.literal(PaperMode.RANDOM)],
        msg('请选择组卷方式', 'Choose how the paper is made'),
      ),
      shuffleQuestions: z.boolean().default(false),
      shuffleOptions: z.boolean().default(false),
      questions: z
        .array(z.object({ questionId: id, score }))
        .max(
          PAPER_QUESTIONS_MAX,
          msg(`试卷最多${PAPER_QUESTIONS_MAX}道试题`, `A paper has at most ${PAPER_QUESTIONS_MAX} questions`),
        )
        .default([]),
      rules: z
        .array(
          z.object({
            bankId: z
              .number(msg('请选择题库', 'Choose a bank'))
              .int()
              .positive(msg('请选择题库', 'Choose a bank'))
              .max(2147483647, msg('请选择题库', 'Choose a bank')),
            questionType: z.number(msg('请选择题型', 'Choose a type')).int().min(1).max(7),
            difficulty: z.number().int().min(1).max(4).nullable().default(null),
            count: z
              .number(msg('请填写抽题数量', 'Enter how many to draw'))
              .int(msg('抽题数量须为整数', 'The count is a whole number'))
              .min(1, msg('每条规则至少抽1道', 'A rule draws at least 1'))
              .max(
                PAPER_QUESTIONS_MAX,
                msg(`每条规则最多抽${PAPER_QUESTIONS_MAX}道`, `A rule draws at most ${PAPER_QUESTIONS_MAX}`),
              ),
            score,
          }),
        )
        .max(PAPER_RULES_MAX, msg(`最多${PAPER_RULES_MAX}条规则`, `At most ${PAPER_RULES_MAX} rules`))
        .default([]),
    })
    .superRefine((p, ctx) => {
      const problem = (path: Array<string | number>, zhText: string, enText: string) =>
        ctx.addIssue({ code: 'custom', path, message: zh ? zhText : enText });
      if (p.mode === PaperMode.FIXED) {
        if (p.questions.length === 0) problem(['questions'], '请添加试题', 'Add the questions');
        const ids = p.questions.map((q) => q.questionId);
        if (new Set(ids).size !== ids.length)
          problem(['questions'], '同一道试题只能添加一次', 'A question is on a paper once');
      } else {
        if (p.rules.length === 0) problem(['rules'], '请添加抽题规则', 'Add the rules');
        if (p.rules.reduce((n, r) => n + r.count, 0) > PAPER_QUESTIONS_MAX)
          problem(
            ['rules'],
            `试卷最多${PAPER_QUESTIONS_MAX}道试题`,
            `A paper has at most ${PAPER_QUESTIONS_MAX} questions`,
          );
        // Two rules that could draw the same questions (same bank and type, a difficulty in common)
        // would compete for them: one rule each.
        p.rules.forEach((r, i) => {
          const earlier = p.rules.findIndex(
            (o, j) =>
              j < i &&
              o.bankId === r.bankId &&
              o.questionType === r.questionType &&
              (o.difficulty === null || r.difficulty === null || o.difficulty === r.difficulty),
          );
          if (earlier >= 0)
            problem(
              ['rules', i],
              `第${i + 1}条规则与第${earlier + 1}条抽取相同的试题，请合并`,
              `Rule ${i + 1} draws the same questions as rule ${earlier + 1}: merge them`,
            );
        });
      }
    });
};
export type PaperForm = z.infer<ReturnType<typeof paperFormFor>>;

export const findAdminPapers = defineCall({
  name: 'findAdminPapers',
  method: 'GET',
  path: '/exam/auth/admin/paper/page',
  summary:
    "The enterprise's papers, newest first, by a part of the name and the mode, with their questions, total and tasks",
  tags: ['exam', 'back-office'],
  request: z.object({
    ...paging(20, 100),
    keyword: z.string().trim().max(PAPER_TITLE_MAX).optional(),
    mode: z.coerce.number().int().min(1).max(2).optional(),
  }),
  response: pageResponse(adminPaperRow),
});

export const viewAdminPaper = defineCall({
  name: 'viewAdminPaper',
  method: 'GET',
  path: '/exam/auth/admin/paper/{id}',
  summary:
    "One paper for editing: a fixed paper's questions in order, a random paper's rules with what each bank holds for them",
  tags: ['exam', 'back-office'],
  request: z.object({ id }),
  response: adminPaper,
});

export const createPaper = defineCall({
  name: 'createPaper',
  method: 'POST',
  path: '/exam/auth/admin/paper/create',
  summary:
    "Adds a paper; a random paper's rules are checked against the questions the banks hold (9513 with the rule that cannot be filled)",
  tags: ['exam', 'back-office'],
  request: paperFormFor('zh'),
  requestFor: paperFormFor,
  response: z.object({ id: z.number().int() }),
});

const editPaperFor = (lang: Lang) => paperFormFor(lang).and(z.object({ id }));

export const editPaper = defineCall({
  name: 'editPaper',
  method: 'POST',
  path: '/exam/auth/admin/paper/{id}/edit',
  summary:
    'Changes a paper; attempts already given keep the paper they were given. 9513 a rule that cannot be filled, 9515 a total below the pass score of an exam given it',
  tags: ['exam', 'back-office'],
  request: editPaperFor('zh'),
  requestFor: editPaperFor,
  response: z.object({ id: z.number().int() }),
});

export const deletePaper = defineCall({
  name: 'deletePaper',
  method: 'POST',
  path: '/exam/auth/admin/paper/{id}/delete',
  summary: 'Deletes a paper; 9514 while an exam task is given it',
  tags: ['exam', 'back-office'],
  request: z.object({ id }),
  response: z.object({ id: z.number().int() }),
});

export const previewPaper = defineCall({
  name: 'previewPaper',
  method: 'GET',
  path: '/exam/auth/admin/paper/{id}/preview',
  summary:
    'The paper as a taker is given it, without keys: a random paper drawn once for the preview (nothing stored), questions and options shuffled as the paper says',
  tags: ['exam', 'back-office'],
  request: z.object({ id }),
  response: z.object({
    id: z.number().int(),
    title: z.string(),
    mode: z.number().int(),
    totalScore: z.number(),
    questions: z.array(examPaperQuestion),
  }),
});

/** How many questions of each type and difficulty a bank holds (the paper editor's rules show it). */
export const viewBankQuestionCounts = defineCall({
  name: 'viewBankQuestionCounts',
  method: 'GET',
  path: '/exam/auth/admin/bank/{id}/counts',
  summary: "A bank's questions counted by type and difficulty",
  tags: ['exam', 'back-office'],
  request: z.object({ id }),
  response: z.array(
    z.object({ questionType: z.number().int(), difficulty: z.number().int(), count: z.number().int() }),
  ),
});

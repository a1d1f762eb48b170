import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  PaperMode,
  createPaper,
  createQuestion,
  createQuestionBank,
  deletePaper,
  deleteQuestion,
  deleteQuestionBank,
  editPaper,
  findAdminPapers,
  findAuditLog,
  previewPaper,
  viewAdminPaper,
  viewBankQuestionCounts,
  type PaperForm,
  type QuestionForm,
} from '@portal/contract';
import { schema } from '@portal/db';
import { createEnterprise, type Learner } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;
let b: Ent;
let admin: Learner;
let otherAdmin: Learner;
let learner: Learner;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  a = await createEnterprise(db(), { name: '甲企业' });
  b = await createEnterprise(db(), { name: '乙企业' });
  admin = await t.learner(a, { member: { isAdmin: true } });
  otherAdmin = await t.learner(b, { member: { isAdmin: true } });
  learner = await t.learner(a);
});
afterAll(async () => t?.close());

let made = 0;
async function bankWith(counts: { single?: number; judge?: number; hardSingle?: number }, as = admin) {
  const bank = await t.call(createQuestionBank, { title: `题库${++made}`, openForPractice: false }, { as });
  expect(bank.code).toBe(200);
  const bankId = bank.data.id;
  const ids: number[] = [];
  const add = async (form: Partial<QuestionForm>) => {
    const q = await t.call(
      createQuestion,
      {
        difficulty: 2,
        analysis: '',
        score: 2,
        options: [],
        items: [],
        answer: [],
        blanks: [],
        ...form,
        bankId,
      } as never,
      { as },
    );
    expect(q.code, JSON.stringify(q)).toBe(200);
    ids.push(q.data.id);
  };
  for (let i = 0; i < (counts.single ?? 0); i++)
    await add({ questionType: 1, stem: `单选${made}-${i}`, options: ['甲', '乙'], answer: ['A'] });
  for (let i = 0; i < (counts.hardSingle ?? 0); i++)
    await add({ questionType: 1, difficulty: 4, stem: `难单选${made}-${i}`, options: ['甲', '乙'], answer: ['B'] });
  for (let i = 0; i < (counts.judge ?? 0); i++) await add({ questionType: 3, stem: `判断${made}-${i}`, answer: ['T'] });
  return { bankId, ids };
}

const base = { shuffleQuestions: false, shuffleOptions: false, questions: [], rules: [] };

describe('papers in the back office', () => {
  it('makes a fixed paper of picked questions in order with their scores; previews it without keys; audited', async () => {
    const { ids } = await bankWith({ single: 2, judge: 1 });
    const form: PaperForm = {
      ...base,
      title: '固定试卷',
      mode: PaperMode.FIXED,
      questions: [
        { questionId: ids[2]!, score: 10 },
        { questionId: ids[0]!, score: 5.5 },
      ],
    };
    const created = await t.call(createPaper, form, { as: admin });
    expect(created.code, JSON.stringify(created)).toBe(200);
    const view = await t.call(viewAdminPaper, { id: created.data.id }, { as: admin });
    expect(view.data).toMatchObject({ mode: 1, questionCount: 2, totalScore: 15.5, taskCount: 0, rules: [] });
    expect(view.data.questions.map((q) => [q.questionId, q.score])).toEqual([
      [ids[2], 10],
      [ids[0], 5.5],
    ]);
    const preview = await t.call(previewPaper, { id: created.data.id }, { as: admin });
    expect(preview.data.totalScore).toBe(15.5);
    expect(preview.data.questions.map((q) => q.questionId)).toEqual([ids[2], ids[0]]);
    // As a taker is given it: no keys, no analysis.
    expect(JSON.stringify(preview.data)).not.toMatch(/"answer"|"analysis"|"blanks"/);
    const list = await t.call(findAdminPapers, { keyword: '固定' }, { as: admin });
    expect(list.data.list.map((p) => [p.title, p.totalScore])).toEqual([['固定试卷', 15.5]]);
    const log = await t.call(
      findAuditLog,
      { entityType: 'exam_paper', entityId: String(created.data.id) },
      { as: admin },
    );
    expect(log.data.list.map((e) => e.action)).toEqual(['createPaper']);

    // The question on it cannot be deleted (decision 045).
    expect((await t.call(deleteQuestion, { id: ids[0]! }, { as: admin })).code).toBe(ErrorCode.QUESTION_ON_PAPER);
    // Twice the same question, or none: refused with the form's messages.
    const twice = await t.call(
      createPaper,
      { ...form, questions: [form.questions[0]!, form.questions[0]!] },
      { as: admin },
    );
    expect(twice.code).toBe(ErrorCode.BAD_INPUT);
    expect(twice.message).toContain('同一道试题只能添加一次');
  });

  it('refuses a random rule the bank cannot fill, with its reason; draws each taker’s paper by the rules', async () => {
    const { bankId } = await bankWith({ single: 3, hardSingle: 1, judge: 2 });
    const counts = await t.call(viewBankQuestionCounts, { id: bankId }, { as: admin });
    expect(counts.data).toEqual([
      { questionType: 1, difficulty: 2, count: 3 },
      { questionType: 1, difficulty: 4, count: 1 },
      { questionType: 3, difficulty: 2, count: 2 },
    ]);
    const rule = (questionType: number, count: number, difficulty: number | null = null) => ({
      bankId,
      questionType,
      difficulty,
      count,
      score: 2,
    });
    const short = await t.call(
      createPaper,
      { ...base, title: '随机卷', mode: PaperMode.RANDOM, rules: [rule(1, 4), rule(3, 3)] },
      { as: admin },
    );
    expect(short.code).toBe(ErrorCode.PAPER_RULE_SHORT);
    expect(short.message).toBe(`第2条规则：题库“题库${made}”中符合条件的判断题只有2道，少于要抽取的3道`);
    const hard = await t.call(
      createPaper,
      { ...base, title: '随机卷', mode: PaperMode.RANDOM, rules: [rule(1, 2, 4)] },
      { as: admin, lang: 'en' },
    );
    expect(hard.code).toBe(ErrorCode.PAPER_RULE_SHORT);
    expect(hard.message).toContain('Rule 1');
    // Two rules that could draw the same questions are one rule.
    const overlap = await t.call(
      createPaper,
      { ...base, title: '随机卷', mode: PaperMode.RANDOM, rules: [rule(1, 1), rule(1, 1, 4)] },
      { as: admin },
    );
    expect(overlap.code).toBe(ErrorCode.BAD_INPUT);
    expect(overlap.message).toContain('第2条规则与第1条抽取相同的试题');

    const ok = await t.call(
      createPaper,
      { ...base, title: '随机卷', mode: PaperMode.RANDOM, rules: [rule(1, 4), rule(3, 2)] },
      { as: admin },
    );
    expect(ok.code, JSON.stringify(ok)).toBe(200);
    const view = await t.call(viewAdminPaper, { id: ok.data.id }, { as: admin });
    expect(view.data).toMatchObject({ mode: 2, questionCount: 6, totalScore: 12, questions: [] });
    expect(view.data.rules.map((r) => [r.bankTitle, r.count, r.available])).toEqual([
      [`题库${made}`, 4, 4],
      [`题库${made}`, 2, 2],
    ]);
    const preview = await t.call(previewPaper, { id: ok.data.id }, { as: admin });
    expect(preview.data.questions.map((q) => q.questionType).sort()).toEqual([1, 1, 1, 1, 3, 3]);
    expect(new Set(preview.data.questions.map((q) => q.questionId)).size).toBe(6);

    // Its bank cannot be deleted, nor a question it needs (decision 045).
    expect((await t.call(deleteQuestionBank, { id: bankId }, { as: admin })).code).toBe(ErrorCode.BANK_IN_USE);
  });

  it('never leaves a rule unfillable when a paper is saved while a question is deleted', async () => {
    for (let round = 0; round < 4; round++) {
      const { bankId, ids } = await bankWith({ single: 3 });
      const [paper, removed] = await Promise.all([
        t.call(
          createPaper,
          {
            ...base,
            title: `并发${round}`,
            mode: PaperMode.RANDOM,
            rules: [{ bankId, questionType: 1, difficulty: null, count: 3, score: 1 }],
          },
          { as: admin },
        ),
        t.call(deleteQuestion, { id: ids[round % 3]! }, { as: admin }),
      ]);
      // One of them went first; the other was judged after it.
      expect([paper.code, removed.code].sort()).toEqual(
        paper.code === 200 ? [200, ErrorCode.PAPER_RULE_UNFILLED].sort() : [200, ErrorCode.PAPER_RULE_SHORT].sort(),
      );
      const left = await db()
        .select()
        .from(schema.examQuestions)
        .where(and(eq(schema.examQuestions.eid, a.eid), eq(schema.examQuestions.bankId, bankId)));
      expect(left.length).toBe(paper.code === 200 ? 3 : 2);
    }
  });

  it('keeps a paper an exam is given: no total below its pass score, no delete; edits reach new attempts only', async () => {
    const { ids } = await bankWith({ single: 2 });
    const created = await t.call(
      createPaper,
      {
        ...base,
        title: '考试用卷',
        mode: PaperMode.FIXED,
        questions: ids.map((questionId) => ({ questionId, score: 50 })),
      },
      { as: admin },
    );
    const paperId = created.data.id;
    await db()
      .insert(schema.examTasks)
      .values({
        eid: a.eid,
        title: '季度考试',
        paperId,
        startsAt: new Date(),
        endsAt: new Date(Date.now() + 86_400_000),
        durationMinutes: 30,
        passScoreTenths: 600,
      });
    const lower = await t.call(
      editPaper,
      {
        ...base,
        id: paperId,
        title: '考试用卷',
        mode: PaperMode.FIXED,
        questions: [{ questionId: ids[0]!, score: 50 }],
      },
      { as: admin },
    );
    expect(lower.code).toBe(ErrorCode.PAPER_BELOW_PASS_SCORE);
    expect(lower.message).toBe('试卷总分50分低于考试“季度考试”的及格分60分');
    const renamed = await t.call(
      editPaper,
      {
        ...base,
        id: paperId,
        title: '考试用卷（新）',
        mode: PaperMode.FIXED,
        questions: [
          { questionId: ids[1]!, score: 40 },
          { questionId: ids[0]!, score: 60 },
        ],
      },
      { as: admin },
    );
    expect(renamed.code, JSON.stringify(renamed)).toBe(200);
    const view = await t.call(viewAdminPaper, { id: paperId }, { as: admin });
    expect(view.data).toMatchObject({ title: '考试用卷（新）', taskCount: 1, totalScore: 100 });
    expect(view.data.questions.map((q) => q.questionId)).toEqual([ids[1], ids[0]]);
    const inUse = await t.call(deletePaper, { id: paperId }, { as: admin });
    expect(inUse.code).toBe(ErrorCode.PAPER_IN_USE);
    expect(inUse.message).toBe('该试卷正被1场考试使用，不能删除');

    const spare = await t.call(
      createPaper,
      { ...base, title: '备用卷', mode: PaperMode.FIXED, questions: [{ questionId: ids[0]!, score: 1 }] },
      { as: admin },
    );
    expect((await t.call(deletePaper, { id: spare.data.id }, { as: admin })).code).toBe(200);
    expect((await t.call(viewAdminPaper, { id: spare.data.id }, { as: admin })).code).toBe(ErrorCode.PAPER_NOT_FOUND);
    const log = await t.call(findAuditLog, { entityType: 'exam_paper', entityId: String(paperId) }, { as: admin });
    expect(log.data.list.map((e) => e.action)).toEqual(['editPaper', 'createPaper']);
    expect(log.data.list[0]!.before).toMatchObject({ title: '考试用卷' });
  });

  it('refuses another enterprise’s papers, banks and questions, and a learner', async () => {
    const mine = await bankWith({ single: 2 });
    const theirs = await bankWith({ single: 2 }, otherAdmin);
    const paper = await t.call(
      createPaper,
      { ...base, title: '本企业卷', mode: PaperMode.FIXED, questions: [{ questionId: mine.ids[0]!, score: 1 }] },
      { as: admin },
    );
    for (const call of [viewAdminPaper, previewPaper, deletePaper] as const) {
      expect((await t.call(call as typeof viewAdminPaper, { id: paper.data.id }, { as: otherAdmin })).code).toBe(
        ErrorCode.PAPER_NOT_FOUND,
      );
    }
    const edit = await t.call(
      editPaper,
      {
        ...base,
        id: paper.data.id,
        title: '改',
        mode: PaperMode.FIXED,
        questions: [{ questionId: theirs.ids[0]!, score: 1 }],
      },
      { as: otherAdmin },
    );
    expect(edit.code).toBe(ErrorCode.PAPER_NOT_FOUND);
    const foreignQuestion = await t.call(
      createPaper,
      { ...base, title: '借题', mode: PaperMode.FIXED, questions: [{ questionId: theirs.ids[0]!, score: 1 }] },
      { as: admin },
    );
    expect(foreignQuestion.code).toBe(ErrorCode.PAPER_QUESTION_UNKNOWN);
    const foreignBank = await t.call(
      createPaper,
      {
        ...base,
        title: '借库',
        mode: PaperMode.RANDOM,
        rules: [{ bankId: theirs.bankId, questionType: 1, difficulty: null, count: 1, score: 1 }],
      },
      { as: admin },
    );
    expect(foreignBank.code).toBe(ErrorCode.BANK_NOT_FOUND);
    expect((await t.call(viewBankQuestionCounts, { id: theirs.bankId }, { as: admin })).code).toBe(
      ErrorCode.BANK_NOT_FOUND,
    );
    expect((await t.call(findAdminPapers, {}, { as: learner })).code).not.toBe(200);
    expect((await t.call(previewPaper, { id: paper.data.id }, { as: learner })).code).not.toBe(200);
  });
});

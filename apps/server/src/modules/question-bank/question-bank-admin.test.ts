import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  createQuestion,
  createQuestionBank,
  deleteQuestion,
  deleteQuestionBank,
  editQuestion,
  editQuestionBank,
  exportQuestions,
  findExportRecords,
  findAdminQuestionBanks,
  findAdminQuestions,
  findAuditLog,
  startExam,
  viewAdminQuestion,
  viewAdminQuestionBank,
  viewExamPaper,
  type QuestionForm,
} from '@portal/contract';
import { schema } from '@portal/db';
import { createEnterprise, createExam, createPracticeSet, type Learner } from '../../test/factories.ts';
import { downloadExport, sheetValues, waitFor } from '../../test/export-files.ts';
import { createTestApp, invalidFields, unchecked, type TestApp } from '../../test/harness.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;
let b: Ent;
let admin: Learner;
let otherAdmin: Learner;
let learner: Learner;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' }, { jobs: true });
  a = await createEnterprise(db(), { name: '甲企业' });
  b = await createEnterprise(db(), { name: '乙企业' });
  admin = await t.learner(a, { member: { isAdmin: true } });
  otherAdmin = await t.learner(b, { member: { isAdmin: true } });
  learner = await t.learner(a);
});
afterAll(async () => t?.close());

const base = { difficulty: 2, analysis: '', score: 2 } as const;
/** One valid question of every type. */
const EVERY_TYPE: QuestionForm[] = [
  { ...base, questionType: 1, stem: '单选', options: ['甲', '乙', '丙'], answer: ['B'] } as QuestionForm,
  { ...base, questionType: 2, stem: '多选', options: ['甲', '乙', '丙'], answer: ['C', 'A'] } as QuestionForm,
  { ...base, questionType: 3, stem: '判断', answer: ['F'] } as QuestionForm,
  {
    ...base,
    questionType: 4,
    stem: '三不伤害：不伤害自己、____、____。',
    blanks: [['不伤害他人'], ['不被他人伤害', '不被别人伤害']],
    blanksAnyOrder: true,
  } as QuestionForm,
  { ...base, questionType: 5, stem: '简答', referenceAnswer: '要点一；要点二' } as QuestionForm,
  {
    ...base,
    questionType: 6,
    stem: '配对',
    items: ['A类火灾', 'B类火灾'],
    options: ['液体', '固体', '气体'],
    answer: ['B', 'A'],
  } as QuestionForm,
  { ...base, questionType: 7, stem: '不定项', options: ['甲', '乙'], answer: ['A'], score: 1.5 } as QuestionForm,
];

async function newBank(title: string) {
  const made = await t.call(createQuestionBank, { title, openForPractice: false }, { as: admin });
  expect(made.code).toBe(200);
  return made.data.id;
}

describe('question banks in the back office', () => {
  it('adds a bank and a question of every type, stored by its type, listed and filtered; audited', async () => {
    const bankId = await newBank('消防知识');
    const ids: number[] = [];
    for (const q of EVERY_TYPE) {
      const made = await t.call(createQuestion, { ...q, bankId }, { as: admin });
      expect(made.code, JSON.stringify(made)).toBe(200);
      ids.push(made.data.id);
    }
    const [single, multiple, trueFalse, fillIn, short, matching, indefinite] = await Promise.all(
      ids.map(async (id) => (await t.call(viewAdminQuestion, { id }, { as: admin })).data),
    );
    expect(single).toMatchObject({
      options: [
        { key: 'A', text: '甲' },
        { key: 'B', text: '乙' },
        { key: 'C', text: '丙' },
      ],
      answer: ['B'],
      blanks: [],
      score: 2,
    });
    expect(multiple!.answer).toEqual(['A', 'C']);
    expect(trueFalse).toMatchObject({
      options: [
        { key: 'T', text: '正确' },
        { key: 'F', text: '错误' },
      ],
      answer: ['F'],
    });
    expect(fillIn).toMatchObject({
      options: [],
      answer: [],
      blanks: [['不伤害他人'], ['不被他人伤害', '不被别人伤害']],
      blanksAnyOrder: true,
    });
    expect(short).toMatchObject({ referenceAnswer: '要点一；要点二', options: [], answer: [] });
    expect(matching).toMatchObject({
      items: [
        { key: '1', text: 'A类火灾' },
        { key: '2', text: 'B类火灾' },
      ],
      answer: ['B', 'A'],
    });
    expect(indefinite!.score).toBe(1.5);

    const banks = await t.call(findAdminQuestionBanks, { keyword: '消防' }, { as: admin });
    expect(banks.data.list).toEqual([
      expect.objectContaining({ id: bankId, title: '消防知识', questionCount: 7, paperCount: 0, practiceSetCount: 0 }),
    ]);
    const all = await t.call(findAdminQuestions, { bankId }, { as: admin });
    expect(all.data.totalCount).toBe(7);
    expect(all.data.list[0]).toMatchObject({ id: ids[6], questionType: 7, score: 1.5, paperCount: 0 });
    const fills = await t.call(findAdminQuestions, { bankId, questionType: 4 }, { as: admin });
    expect(fills.data.list.map((q) => q.id)).toEqual([ids[3]]);
    const byStem = await t.call(findAdminQuestions, { bankId, keyword: '配' }, { as: admin });
    expect(byStem.data.list.map((q) => q.id)).toEqual([ids[5]]);

    const log = await t.call(findAuditLog, { entityType: 'question', entityId: String(ids[0]) }, { as: admin });
    expect(log.data.list.map((e) => e.action)).toEqual(['createQuestion']);
    expect(log.data.list[0]!.after).toMatchObject({ bankId, questionType: 1, answer: ['B'], scoreTenths: 20 });
  });

  it('exports a bank’s questions of a filter with their keys as XLSX, audited; another bank’s id is refused', async () => {
    const bankId = await newBank('导出题库');
    for (const q of EVERY_TYPE) await t.call(createQuestion, { ...q, bankId }, { as: admin });
    const started = await t.call(exportQuestions, { bankId }, { as: admin });
    expect(started.code).toBe(200);
    await waitFor('the export', async () => {
      const records = await t.call(findExportRecords, {}, { as: admin });
      return records.data.list.find((r) => r.id === started.data.id && r.exportStatus === 2);
    });
    const { values } = sheetValues((await downloadExport(t, admin, started.data.id)).workbook);
    expect(values[0]!.slice(0, 5)).toEqual(['题型', '难度', '分值', '题干', '选项A']);
    const header = values[0] as string[];
    const rows = values.slice(1).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
    // Newest first: the indefinite choice written last.
    expect(rows.map((r) => r['题型'])).toEqual([
      '不定项选择题',
      '匹配题',
      '简答题',
      '填空题',
      '判断题',
      '多选题',
      '单选题',
    ]);
    const byType = new Map(rows.map((r) => [r['题型'], r]));
    expect(byType.get('单选题')).toMatchObject({
      难度: '一般',
      分值: 2,
      题干: '单选',
      选项A: '甲',
      选项B: '乙',
      正确答案: 'B',
    });
    expect(byType.get('多选题')!['正确答案']).toBe('A,C');
    expect(byType.get('判断题')).toMatchObject({ 正确答案: '错误', 选项A: '' });
    expect(byType.get('填空题')).toMatchObject({ 正确答案: '不伤害他人；不被他人伤害|不被别人伤害', 顺序不限: '是' });
    expect(byType.get('简答题')).toMatchObject({ 参考答案: '要点一；要点二', 正确答案: '' });
    expect(byType.get('匹配题')).toMatchObject({ 配对项: 'A类火灾\nB类火灾', 选项C: '气体', 正确答案: '1-B,2-A' });

    const filtered = await t.call(exportQuestions, { bankId, questionType: 4 }, { as: admin, lang: 'en' });
    await waitFor('the filtered export', async () => {
      const records = await t.call(findExportRecords, {}, { as: admin });
      return records.data.list.find((r) => r.id === filtered.data.id && r.exportStatus === 2);
    });
    const english = sheetValues((await downloadExport(t, admin, filtered.data.id)).workbook).values;
    expect(english.length).toBe(2);
    expect(english[1]!.slice(0, 3)).toEqual(['Fill in the blank', 'Medium', 2]);

    const [audit] = (await t.call(findAuditLog, { entityType: 'question_export' }, { as: admin })).data.list;
    expect(audit).toMatchObject({ entityId: String(filtered.data.id), after: { bankId, questionType: 4 } });
    expect((await t.call(exportQuestions, { bankId }, { as: otherAdmin })).code).toBe(ErrorCode.BANK_NOT_FOUND);
  });

  it('writes true or false in the language of whoever writes the question', async () => {
    const bankId = await newBank('English bank');
    const made = await t.call(createQuestion, { ...EVERY_TYPE[2]!, bankId }, { as: admin, lang: 'en' });
    const q = await t.call(viewAdminQuestion, { id: made.data.id }, { as: admin });
    expect(q.data.options).toEqual([
      { key: 'T', text: 'True' },
      { key: 'F', text: 'False' },
    ]);
    // Edited in Chinese, it keeps its words: the audit log shows the answer changed, nothing else.
    await t.call(editQuestion, { ...EVERY_TYPE[2]!, id: made.data.id, answer: ['T'] }, { as: admin });
    const log = await t.call(findAuditLog, { entityType: 'question', entityId: String(made.data.id) }, { as: admin });
    expect([log.data.list[0]!.before, log.data.list[0]!.after]).toEqual([
      expect.objectContaining({ options: q.data.options, answer: ['F'] }),
      expect.objectContaining({ options: q.data.options, answer: ['T'] }),
    ]);
  });

  it('refuses keys that do not fit the type, with the field and a message in the caller’s language', async () => {
    const bankId = await newBank('校验');
    const refused = async (q: Record<string, unknown>, lang: 'zh' | 'en' = 'zh') =>
      invalidFields(await t.call(createQuestion, unchecked({ ...base, bankId, ...q }), { as: admin, lang }))[0];
    expect(await refused({ questionType: 1, stem: '单选', options: ['甲', '乙'], answer: ['A', 'B'] })).toEqual({
      field: 'answer',
      message: '单选题有且只有一个正确答案',
    });
    expect(await refused({ questionType: 2, stem: '多选', options: ['甲', '乙'], answer: ['A'] }, 'en')).toEqual({
      field: 'answer',
      message: 'A multiple choice has at least two right answers',
    });
    expect(await refused({ questionType: 7, stem: '重复', options: ['甲', '甲'], answer: ['A'] })).toEqual({
      field: 'options',
      message: '选项内容不能重复',
    });
    expect(
      await refused(
        { questionType: 6, stem: '配对', items: ['一', '一'], options: ['甲', '乙'], answer: ['A', 'B'] },
        'en',
      ),
    ).toEqual({ field: 'items', message: 'Two items say the same' });
    expect(await refused({ questionType: 1, stem: '单选', options: ['甲'], answer: ['A'] })).toEqual({
      field: 'options',
      message: '请至少填写两个选项',
    });
    expect(await refused({ questionType: 7, stem: '不定项', options: ['甲', '乙'], answer: ['C'] })).toEqual({
      field: 'answer',
      message: '正确答案须为所列选项',
    });
    expect(await refused({ questionType: 3, stem: '判断', answer: ['X'] })).toEqual({
      field: 'answer',
      message: '请选择正确或错误',
    });
    expect(await refused({ questionType: 4, stem: '没有空', blanks: [['甲']] })).toEqual({
      field: 'stem',
      message: '请在题干中用____标出每个空',
    });
    expect(await refused({ questionType: 4, stem: '一个__和__', blanks: [['甲']] }, 'en')).toEqual({
      field: 'blanks',
      message: 'The stem has 2 blanks: give each its answers',
    });
    expect(await refused({ questionType: 5, stem: '简答' })).toEqual({
      field: 'referenceAnswer',
      message: '请填写参考答案',
    });
    expect(
      await refused({ questionType: 6, stem: '配对', items: ['一', '二'], options: ['甲', '乙'], answer: ['A'] }),
    ).toEqual({
      field: 'answer',
      message: '请为每个配对项选择对应的选项',
    });
    expect(await refused({ questionType: 1, stem: ' ', options: ['甲', '乙'], answer: ['A'] })).toEqual({
      field: 'stem',
      message: '请填写题干',
    });
    expect(await refused({ questionType: 1, stem: '分值', options: ['甲', '乙'], answer: ['A'], score: 1.25 })).toEqual(
      {
        field: 'score',
        message: '分值最多一位小数',
      },
    );
    expect(await t.database.db.$count(schema.examQuestions, eq(schema.examQuestions.bankId, bankId))).toBe(0);
  });

  it('an edited question reaches the next attempt; the attempt begun keeps the paper it was given', async () => {
    const exam = await createExam(db(), a.eid);
    const single = exam.questions.find((q) => q.questionType === 1)!;
    const started = await t.call(startExam, { taskId: exam.task.id }, { as: learner });
    expect(started.code).toBe(200);
    const edited = await t.call(editQuestion, { ...EVERY_TYPE[0]!, id: single.id, stem: '改过的题干' }, { as: admin });
    expect(edited.code).toBe(200);
    const paper = await t.call(viewExamPaper, { attemptId: started.data.attemptId }, { as: learner });
    expect(paper.data.questions.map((q) => q.stem)).not.toContain('<p>改过的题干</p>');
    const later = await t.learner(a);
    const next = await t.call(startExam, { taskId: exam.task.id }, { as: later });
    const nextPaper = await t.call(viewExamPaper, { attemptId: next.data.attemptId }, { as: later });
    expect(nextPaper.data.questions.map((q) => q.stem)).toContain('<p>改过的题干</p>');
    const stored = await t.call(viewAdminQuestion, { id: single.id }, { as: admin });
    expect(stored.data).toMatchObject({ stem: '<p>改过的题干</p>', paperCount: 1 });
    const log = await t.call(findAuditLog, { entityType: 'question', entityId: String(single.id) }, { as: admin });
    expect(log.data.list[0]).toMatchObject({
      action: 'editQuestion',
      before: { stem: single.stem },
      after: { stem: '<p>改过的题干</p>' },
    });
  });

  it('refuses deleting a question on a paper and a bank a paper or practice uses; deletes the rest', async () => {
    const exam = await createExam(db(), a.eid);
    const onPaper = await t.call(deleteQuestion, { id: exam.questions[0]!.id }, { as: admin, lang: 'en' });
    expect([onPaper.code, onPaper.message]).toEqual([
      ErrorCode.QUESTION_ON_PAPER,
      'This question is on 1 paper(s); take it off them first',
    ]);
    const bankInUse = await t.call(deleteQuestionBank, { id: exam.bank.id }, { as: admin });
    expect([bankInUse.code, bankInUse.message]).toEqual([
      ErrorCode.BANK_IN_USE,
      '该题库正被1份试卷和0个练习使用，不能删除',
    ]);
    const practice = await createPracticeSet(db(), a.eid);
    expect((await t.call(deleteQuestionBank, { id: practice.bank.id }, { as: admin })).code).toBe(
      ErrorCode.BANK_IN_USE,
    );

    // A random paper's rule uses a bank too.
    const ruled = await newBank('随机卷题库');
    await db()
      .insert(schema.examPapers)
      .values({
        eid: a.eid,
        title: '随机卷',
        mode: 2,
        rules: [{ bankId: ruled, questionType: 1, difficulty: null, count: 1, scoreTenths: 10 }],
      });
    const listed = await t.call(findAdminQuestionBanks, { keyword: '随机卷题库' }, { as: admin });
    expect(listed.data.list[0]).toMatchObject({ paperCount: 1 });
    expect((await t.call(deleteQuestionBank, { id: ruled }, { as: admin })).code).toBe(ErrorCode.BANK_IN_USE);

    const free = await newBank('可删除');
    const q = await t.call(createQuestion, { ...EVERY_TYPE[0]!, bankId: free }, { as: admin });
    await t.call(createQuestion, { ...EVERY_TYPE[1]!, bankId: free }, { as: admin });
    expect((await t.call(deleteQuestion, { id: q.data.id }, { as: admin })).code).toBe(200);
    expect((await t.call(viewAdminQuestion, { id: q.data.id }, { as: admin })).code).toBe(ErrorCode.QUESTION_NOT_FOUND);
    expect((await t.call(deleteQuestionBank, { id: free }, { as: admin })).code).toBe(200);
    expect(await db().$count(schema.examQuestions, eq(schema.examQuestions.bankId, free))).toBe(0);
    const log = await t.call(findAuditLog, { entityType: 'question_bank', entityId: String(free) }, { as: admin });
    expect(log.data.list[0]).toMatchObject({ action: 'deleteQuestionBank', before: { title: '可删除', questions: 1 } });
  });

  it('refuses a change that leaves a random paper’s rule short of what it draws; allows the rest', async () => {
    const bankId = await newBank('随机规则题库');
    const made: number[] = [];
    for (const stem of ['一', '二', '三']) {
      made.push((await t.call(createQuestion, { ...EVERY_TYPE[0]!, stem, bankId }, { as: admin })).data.id);
    }
    await db()
      .insert(schema.examPapers)
      .values({
        eid: a.eid,
        title: '每人两道单选',
        mode: 2,
        rules: [{ bankId, questionType: 1, difficulty: 2, count: 2, scoreTenths: 50 }],
      });
    // Three fill the rule of two: one may go.
    expect((await t.call(deleteQuestion, { id: made[0]! }, { as: admin })).code).toBe(200);
    const short = await t.call(deleteQuestion, { id: made[1]! }, { as: admin });
    expect([short.code, short.message]).toEqual([
      ErrorCode.PAPER_RULE_UNFILLED,
      '随机试卷“每人两道单选”需从本题库抽取2道此类试题，此操作后将不足',
    ]);
    // Another type or difficulty takes it out of the rule just the same.
    const retyped = await t.call(
      editQuestion,
      { ...EVERY_TYPE[0]!, id: made[1]!, difficulty: 3 },
      { as: admin, lang: 'en' },
    );
    expect([retyped.code, retyped.message]).toEqual([
      ErrorCode.PAPER_RULE_UNFILLED,
      'The random paper “每人两道单选” draws 2 such questions from this bank; there would not be enough',
    ]);
    expect((await t.call(editQuestion, { ...EVERY_TYPE[0]!, id: made[1]!, stem: '二改' }, { as: admin })).code).toBe(
      200,
    );
    expect(await db().$count(schema.examQuestions, eq(schema.examQuestions.bankId, bankId))).toBe(2);

    // Two deletes at once, where one may go: the bank's lock judges them one after the other.
    await t.call(createQuestion, { ...EVERY_TYPE[0]!, stem: '四', bankId }, { as: admin });
    const both = await Promise.all(made.slice(1).map((id) => t.call(deleteQuestion, { id }, { as: admin })));
    expect(both.map((r) => r.code).sort()).toEqual([200, ErrorCode.PAPER_RULE_UNFILLED]);
    expect(await db().$count(schema.examQuestions, eq(schema.examQuestions.bankId, bankId))).toBe(2);
  });

  it('two banks named alike at once: one is added, the other refused with 9501', async () => {
    const both = await Promise.all(
      ['Chemistry', 'chemistry'].map((title) =>
        t.call(createQuestionBank, { title, openForPractice: false }, { as: admin }),
      ),
    );
    expect(both.map((r) => r.code).sort()).toEqual([200, ErrorCode.BANK_NAME_TAKEN]);
  });

  it('renames a bank and opens it for practice; refuses a name the enterprise has, in any case', async () => {
    const id = await newBank('Safety');
    const taken = await t.call(
      createQuestionBank,
      { title: 'SAFETY', openForPractice: false },
      { as: admin, lang: 'en' },
    );
    expect([taken.code, taken.message]).toEqual([
      ErrorCode.BANK_NAME_TAKEN,
      'A question bank with this name already exists',
    ]);
    expect((await t.call(editQuestionBank, { id, title: '安全', openForPractice: true }, { as: admin })).code).toBe(
      200,
    );
    const [row] = await db().select().from(schema.questionBanks).where(eq(schema.questionBanks.id, id));
    expect(row).toMatchObject({ title: '安全', openForPractice: true });
    // Another enterprise's names do not count.
    expect((await t.call(createQuestionBank, { title: '安全', openForPractice: false }, { as: otherAdmin })).code).toBe(
      200,
    );
  });

  it('another enterprise’s administrator finds none of its banks or questions, and changes nothing', async () => {
    const bankId = await newBank('甲的题库');
    const q = await t.call(createQuestion, { ...EVERY_TYPE[0]!, bankId }, { as: admin });
    expect((await t.call(findAdminQuestions, { bankId }, { as: otherAdmin })).data.totalCount).toBe(0);
    expect((await t.call(viewAdminQuestion, { id: q.data.id }, { as: otherAdmin })).code).toBe(
      ErrorCode.QUESTION_NOT_FOUND,
    );
    expect((await t.call(findAdminQuestionBanks, { keyword: '甲的题库' }, { as: otherAdmin })).data.totalCount).toBe(0);
    const calls = [
      await t.call(editQuestion, { ...EVERY_TYPE[0]!, id: q.data.id, stem: '乙改的' }, { as: otherAdmin }),
      await t.call(deleteQuestion, { id: q.data.id }, { as: otherAdmin }),
      await t.call(createQuestion, { ...EVERY_TYPE[0]!, bankId }, { as: otherAdmin }),
      await t.call(editQuestionBank, { id: bankId, title: '乙改的', openForPractice: true }, { as: otherAdmin }),
      await t.call(deleteQuestionBank, { id: bankId }, { as: otherAdmin }),
      await t.call(viewAdminQuestionBank, { id: bankId }, { as: otherAdmin }),
    ];
    expect(calls.map((c) => c.code)).toEqual([
      ErrorCode.QUESTION_NOT_FOUND,
      ErrorCode.QUESTION_NOT_FOUND,
      ErrorCode.BANK_NOT_FOUND,
      ErrorCode.BANK_NOT_FOUND,
      ErrorCode.BANK_NOT_FOUND,
      ErrorCode.BANK_NOT_FOUND,
    ]);
    expect((await t.call(viewAdminQuestionBank, { id: bankId }, { as: admin })).data).toMatchObject({
      title: '甲的题库',
      questionCount: 1,
    });
    expect((await t.call(viewAdminQuestion, { id: q.data.id }, { as: admin })).data.stem).toBe('<p>单选</p>');
    // A learner is not an administrator.
    expect((await t.call(findAdminQuestionBanks, {}, { as: learner })).code).toBe(ErrorCode.NOT_ADMIN);
  });
});

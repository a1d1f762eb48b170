import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  answerPractice,
  createQuestion,
  createQuestionBank,
  editQuestion,
  exportQuestions,
  findAdminQuestions,
  findErrorBook,
  findExportRecords,
  importQuestions,
  previewQuestionImport,
  finishExam,
  startExam,
  startPractice,
  uploadPic,
  viewAdminQuestion,
  viewExamPaper,
  viewExamResult,
  viewMarkingAttempt,
  viewPracticeRound,
  type QuestionForm,
} from '@portal/contract';
import { schema } from '@portal/db';
import { TINY_PNG } from '../../test/catalog-factories.ts';
import { downloadExport, sheetValues, waitFor } from '../../test/export-files.ts';
import { createEnterprise, createExam, createPracticeSet, type Learner } from '../../test/factories.ts';
import { createTestApp, invalidFields, type TestApp } from '../../test/harness.ts';

// Rich text and pictures in stems (issue 22 item 1, decision 054): stored sanitised, pictures only
// from the site's own uploads, served sanitised wherever a learner or a marker reads a stem (a
// plain stem of before as its escaped lines), text where only text makes sense.

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;
let b: Ent;
let admin: Learner;
let otherAdmin: Learner;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' }, { jobs: true });
  a = await createEnterprise(db(), { name: '甲企业' });
  b = await createEnterprise(db(), { name: '乙企业' });
  admin = await t.learner(a, { member: { isAdmin: true } });
  otherAdmin = await t.learner(b, { member: { isAdmin: true } });
});
afterAll(async () => t?.close());

const single = (stem: string) =>
  ({
    questionType: 1,
    difficulty: 2,
    score: 2,
    analysis: '',
    stem,
    options: ['甲', '乙'],
    answer: ['A'],
  }) as QuestionForm;

/** An image as the editor writes it (rich-text-html.ts): `src` for itself, the style for the portal. */
const imageOf = (url: string) =>
  `<img src="${url}" class="rich-image" style="content: url(${url}); max-width: 100%; height: auto">`;
const shown = (url: string) => `<img class="rich-image" style="content: url(${url}); max-width: 100%; height: auto">`;

/** Nothing that runs script survives. */
const expectHarmless = (html: string) => {
  expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|\ssrc=/i);
};

async function newBank(title: string) {
  return (await t.call(createQuestionBank, { title, openForPractice: false }, { as: admin })).data.id;
}

async function uploadPicture(who: Learner) {
  const res = await t.call(uploadPic, {}, { as: who, file: { field: 'picFile', filename: 'p.png', data: TINY_PNG } });
  expect(res.code).toBe(200);
  return res.data.url;
}

describe('rich stems in the back office', () => {
  it('stores a stem sanitised: bold and lists kept, script, handlers and script links gone; the uploaded picture kept and claimed', async () => {
    const bankId = await newBank('富文本题库');
    const picture = await uploadPicture(admin);
    expect(picture).toMatch(/^\/uploads\//);
    // A browser's editor writes the address quoted (its style serialised by the DOM).
    const quoted = await uploadPicture(admin);
    const quotedImage = `<img src="${quoted}" style="content: url(&quot;${quoted}&quot;); max-width: 100%; height: auto" class="rich-image">`;
    const dirty =
      '<p>看图回答：<strong>哪一个</strong>正确？<script>alert(1)</script></p>' +
      '<ul><li onclick="alert(2)">提示</li></ul>' +
      imageOf(picture) +
      quotedImage +
      `<p><a href="javascript:alert(3)">链接</a><img src="${picture}" onerror="alert(4)"></p>`;
    const made = await t.call(createQuestion, { ...single(dirty), bankId }, { as: admin });
    expect(made.code, JSON.stringify(made)).toBe(200);
    const [row] = await db().select().from(schema.examQuestions).where(eq(schema.examQuestions.id, made.data.id));
    expect(row!.stem).toBe(
      '<p>看图回答：<strong>哪一个</strong>正确？</p><ul><li>提示</li></ul>' +
        shown(picture) +
        `<img class="rich-image" style="content: url(&quot;${quoted}&quot;); max-width: 100%; height: auto">` +
        '<p><a>链接</a></p>',
    );
    expectHarmless(row!.stem);
    // The pictures are the site's from now on: the day's sweep of unclaimed uploads keeps them.
    for (const url of [picture, quoted]) {
      const [upload] = await db()
        .select()
        .from(schema.uploads)
        .where(eq(schema.uploads.key, url.slice('/uploads/'.length)));
      expect(upload, url).toMatchObject({ accountId: null });
      expect(upload!.claimedAt, url).not.toBeNull();
    }
    // The editor gets it back as stored; the list shows it too (its text is for the excerpt).
    expect((await t.call(viewAdminQuestion, { id: made.data.id }, { as: admin })).data.stem).toBe(row!.stem);
    const byText = await t.call(findAdminQuestions, { bankId, keyword: '哪一个正确' }, { as: admin });
    expect(byText.data.list.map((q) => q.id)).toEqual([made.data.id]);
    // Markup is not searched as text.
    expect((await t.call(findAdminQuestions, { bankId, keyword: 'strong' }, { as: admin })).data.totalCount).toBe(0);
  });

  it('refuses a picture of another host, in the caller’s language, and stores nothing', async () => {
    const bankId = await newBank('外链图片');
    for (const [lang, message] of [
      ['zh', '题干中的图片须上传到本站'],
      ['en', 'Images in the stem must be uploaded to this site'],
    ] as const) {
      const refused = await t.call(
        createQuestion,
        { ...single(`<p>看图</p>${imageOf('https://evil.example/track.png')}`), bankId },
        { as: admin, lang },
      );
      expect(invalidFields(refused)).toEqual([{ field: 'stem', message }]);
    }
    // A background of another host is refused the same way.
    const styled = await t.call(
      createQuestion,
      { ...single('<p style="background: url(//evil.example/t.png)">看图</p>'), bankId },
      { as: admin },
    );
    expect(invalidFields(styled)).toEqual([{ field: 'stem', message: '题干中的图片须上传到本站' }]);
    expect(await db().$count(schema.examQuestions, eq(schema.examQuestions.bankId, bankId))).toBe(0);
  });

  it('counts a stem’s text, not its markup, and its blanks in its text; a plain stem is stored as its lines', async () => {
    const bankId = await newBank('长度与填空');
    const bold = (text: string) => `<p><strong style="color: red">${text}</strong></p>`;
    // 2 000 characters of text (a line break is one) in much more markup: accepted.
    const long = bold('字'.repeat(1000)) + bold('字'.repeat(999));
    expect((await t.call(createQuestion, { ...single(long), bankId }, { as: admin })).code).toBe(200);
    expect(
      invalidFields(await t.call(createQuestion, { ...single(long + '<p>多</p>'), bankId }, { as: admin })),
    ).toEqual([{ field: 'stem', message: '题干最多2000个字' }]);
    const tooMuchMarkup = '<p><em><strong></strong></em></p>'.repeat(700) + '<p>题</p>';
    expect(
      invalidFields(await t.call(createQuestion, { ...single(tooMuchMarkup), bankId }, { as: admin, lang: 'en' })),
    ).toEqual([{ field: 'stem', message: "The stem's formatting is too long: shorten it" }]);
    // Only markup, no text and no picture: empty.
    expect(invalidFields(await t.call(createQuestion, { ...single('<p><br></p>'), bankId }, { as: admin }))).toEqual([
      { field: 'stem', message: '请填写题干' },
    ]);

    const fillIn = {
      questionType: 4,
      difficulty: 2,
      score: 2,
      analysis: '',
      stem: '<p>灭火的方法：隔离法、<strong>____</strong>和____。</p>',
      blanks: [['窒息法'], ['冷却法']],
    } as QuestionForm;
    expect((await t.call(createQuestion, { ...fillIn, bankId }, { as: admin })).code).toBe(200);
    expect(
      invalidFields(
        await t.call(createQuestion, { ...fillIn, stem: '<p class="a__b">没有空</p>', bankId }, { as: admin }),
      ),
    ).toEqual([{ field: 'stem', message: '请在题干中用____标出每个空' }]);

    const plain = await t.call(createQuestion, { ...single('第一行 a < b\n第二行'), bankId }, { as: admin });
    const [row] = await db().select().from(schema.examQuestions).where(eq(schema.examQuestions.id, plain.data.id));
    expect(row!.stem).toBe('<p>第一行 a &lt; b</p><p>第二行</p>');
  });

  it('exports a stem as its text, a picture named in brackets', async () => {
    const bankId = await newBank('导出富文本');
    await t.call(
      createQuestion,
      {
        ...single(`<p>看<strong>图</strong>：a &lt; b</p>${imageOf('/demo/question-electric-sign.svg')}<p>第二段</p>`),
        bankId,
      },
      { as: admin },
    );
    const started = await t.call(exportQuestions, { bankId }, { as: admin });
    await waitFor('the export', async () => {
      const records = await t.call(findExportRecords, {}, { as: admin });
      return records.data.list.find((r) => r.id === started.data.id && r.exportStatus === 2);
    });
    const { values } = sheetValues((await downloadExport(t, admin, started.data.id)).workbook);
    expect(values[1]![3]).toBe('看图：a < b\n[图片]\n第二段');
  });

  it('imports a stem as plain text: markup escaped, lines kept; a plain stem of before is the same question', async () => {
    const bankId = await newBank('导入纯文本');
    // A question stored as plain text before stems were rich (an earlier import or the seed).
    await db()
      .insert(schema.examQuestions)
      .values({
        eid: a.eid,
        bankId,
        questionType: 3,
        difficulty: 2,
        stem: '旧的判断题 a<b',
        options: [
          { key: 'T', text: '正确' },
          { key: 'F', text: '错误' },
        ],
        answer: ['T'],
        scoreTenths: 20,
      });
    const text = [
      '1.【单选题】<b>不是粗体</b>',
      '第二行 a & b',
      'A. 甲',
      'B. 乙',
      '答案：A',
      '',
      '2.【判断题】旧的判断题 a<b',
      '答案：正确',
    ].join('\n');
    const seen = await t.call(
      previewQuestionImport,
      { bankId },
      { as: admin, file: { field: 'file', filename: '试题.txt', data: Buffer.from(text) } },
    );
    expect(seen.code, JSON.stringify(seen)).toBe(200);
    expect(seen.data.rows.map((r) => [r.stem, r.errors])).toEqual([
      ['<b>不是粗体</b> 第二行 a & b', []],
      ['旧的判断题 a<b', ['题库中已有相同的试题']],
    ]);
    await t.call(importQuestions, { id: seen.data.id }, { as: admin });
    const stored = await db().select().from(schema.examQuestions).where(eq(schema.examQuestions.bankId, bankId));
    expect(stored.map((q) => q.stem).sort()).toEqual([
      '<p>&lt;b&gt;不是粗体&lt;/b&gt;</p><p>第二行 a &amp; b</p>',
      '旧的判断题 a<b',
    ]);
  });

  it('another enterprise’s administrator cannot edit the question; it stays as it was', async () => {
    const bankId = await newBank('甲的富文本');
    const made = await t.call(createQuestion, { ...single('<p><strong>甲</strong>的题</p>'), bankId }, { as: admin });
    const refused = await t.call(
      editQuestion,
      { ...single('<p onclick="alert(1)">乙改的</p>'), id: made.data.id },
      { as: otherAdmin },
    );
    expect(refused.code).toBe(ErrorCode.QUESTION_NOT_FOUND);
    expect((await t.call(viewAdminQuestion, { id: made.data.id }, { as: admin })).data.stem).toBe(
      '<p><strong>甲</strong>的题</p>',
    );
    // Its own administrator edits it.
    const edited = await t.call(
      editQuestion,
      { ...single('<p onclick="alert(1)">甲改的<script>alert(2)</script></p>'), id: made.data.id },
      { as: admin },
    );
    expect(edited.code).toBe(200);
    expect((await t.call(viewAdminQuestion, { id: made.data.id }, { as: admin })).data.stem).toBe('<p>甲改的</p>');
  });
});

describe('rich stems where learners and markers read them', () => {
  /** What an import of before stored, unsanitised, read by the rule as HTML. */
  const LEGACY_DIRTY = '<img src="x" onerror="alert(1)"><p>旧题<script>alert(2)</script></p>';

  it('the attempt’s paper, its result and the marking answer sanitised HTML, a plain stem of before as its lines', async () => {
    const exam = await createExam(db(), a.eid, { task: { showAnswers: true, attemptsAllowed: 1 } });
    const [first, second] = exam.questions;
    const short = exam.questions.find((q) => q.questionType === 5)!;
    await db().update(schema.examQuestions).set({ stem: LEGACY_DIRTY }).where(eq(schema.examQuestions.id, first!.id));
    await db()
      .update(schema.examQuestions)
      .set({ stem: '第一行 a<b\n第二行' })
      .where(eq(schema.examQuestions.id, second!.id));
    await db()
      .update(schema.examQuestions)
      .set({ stem: `<p><strong>简答</strong></p>${shown('/demo/question-electric-sign.svg')}` })
      .where(eq(schema.examQuestions.id, short.id));
    const taker = await t.learner(a);
    const started = await t.call(startExam, { taskId: exam.task.id }, { as: taker });
    expect(started.code).toBe(200);
    const paper = await t.call(viewExamPaper, { attemptId: started.data.attemptId }, { as: taker });
    const stemOf = (list: Array<{ questionId: number; stem: string }>, id: number) =>
      list.find((q) => q.questionId === id)!.stem;
    expect(stemOf(paper.data.questions, first!.id)).toBe('<p>旧题</p>');
    expect(stemOf(paper.data.questions, second!.id)).toBe('<p>第一行 a&lt;b</p><p>第二行</p>');
    expect(stemOf(paper.data.questions, short.id)).toBe(
      `<p><strong>简答</strong></p>${shown('/demo/question-electric-sign.svg')}`,
    );
    for (const q of paper.data.questions) expectHarmless(q.stem);

    // The snapshot is what is served: a stem written into it unsanitised is sanitised as it is served.
    const [attempt] = await db()
      .select()
      .from(schema.examAttempts)
      .where(eq(schema.examAttempts.id, started.data.attemptId));
    await db()
      .update(schema.examAttempts)
      .set({
        paper: attempt!.paper.map((q) =>
          q.questionId === second!.id
            ? { ...q, stem: '<p onclick="x()">快照<iframe src="https://evil.example"></iframe></p>' }
            : q,
        ),
      })
      .where(eq(schema.examAttempts.id, started.data.attemptId));
    const again = await t.call(viewExamPaper, { attemptId: started.data.attemptId }, { as: taker });
    expect(stemOf(again.data.questions, second!.id)).toBe('<p>快照</p>');

    await t.call(finishExam, { attemptId: started.data.attemptId }, { as: taker });
    const result = await t.call(viewExamResult, { attemptId: started.data.attemptId }, { as: taker });
    expect(result.code).toBe(200);
    expect(stemOf(result.data.questions, first!.id)).toBe('<p>旧题</p>');
    for (const q of result.data.questions) expectHarmless(q.stem);

    // The marker reads the short answer's stem as rich text.
    const marking = await t.call(viewMarkingAttempt, { attemptId: started.data.attemptId }, { as: admin });
    expect(marking.code, marking.message).toBe(200);
    expect(marking.data.questions.map((q) => q.stem)).toEqual([
      `<p><strong>简答</strong></p>${shown('/demo/question-electric-sign.svg')}`,
    ]);
  });

  it('practice rounds and the error book answer sanitised HTML', async () => {
    const practice = await createPracticeSet(db(), a.eid);
    const choice = practice.questions.find((q) => q.questionType === 1)!;
    await db().update(schema.examQuestions).set({ stem: LEGACY_DIRTY }).where(eq(schema.examQuestions.id, choice.id));
    const someone = await t.learner(a);
    const round = await t.call(startPractice, { setId: practice.set.id }, { as: someone });
    expect(round.code).toBe(200);
    const view = await t.call(viewPracticeRound, { recordId: round.data.recordId }, { as: someone });
    expect(view.data.questions.find((q) => q.questionId === choice.id)!.stem).toBe('<p>旧题</p>');
    for (const q of view.data.questions) expectHarmless(q.stem);
    const wrong = choice.options.find((o) => !choice.answer.includes(o.key))!.key;
    const answered = await t.call(
      answerPractice,
      { recordId: round.data.recordId, questionId: choice.id, answer: [wrong] },
      { as: someone },
    );
    expect(answered.data.correct).toBe(false);
    const book = await t.call(findErrorBook, {}, { as: someone });
    expect(book.data.list.map((e) => [e.questionId, e.stem])).toEqual([[choice.id, '<p>旧题</p>']]);
  });
});

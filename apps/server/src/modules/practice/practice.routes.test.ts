import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerPractice,
  ErrorCode,
  findErrorBook,
  findPracticeSets,
  finishPractice,
  startErrorBookPractice,
  startPractice,
  viewPracticeAnalysis,
  viewPracticeRound,
} from '@portal/contract';
import { schema } from '@portal/db';
import { createTestApp, unchecked, type TestApp } from '../../test/harness.ts';
import {
  createEnterprise,
  createExam,
  createPracticeSet,
  SAMPLE_QUESTIONS,
  type Learner,
} from '../../test/factories.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
type Question = typeof schema.examQuestions.$inferSelect;
let t: TestApp;
let a: Ent;
let b: Ent;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  a = await createEnterprise(t.database.db, { name: '甲企业' });
  b = await createEnterprise(t.database.db, { name: '乙企业' });
});
afterAll(async () => t?.close());

/** The answer that is fully right for a question. */
function rightAnswer(q: Question): string[] {
  if (q.questionType === 4) return q.blanks.map((accepted) => accepted[0]!);
  if (q.questionType === 5) return ['先切断电源，再施救。'];
  return q.answer;
}

/** An answer that is wrong in practice (partly right where the type allows it: still wrong). */
function wrongAnswer(q: Question): string[] {
  switch (q.questionType) {
    case 1:
      return [q.options.find((o) => !q.answer.includes(o.key))!.key];
    case 3:
      return [q.answer[0] === 'T' ? 'F' : 'T'];
    case 2:
    case 7:
      return [q.answer[0]!];
    case 4:
      return [q.blanks[0]![0]!, '不知道'];
    case 6:
      return [...q.answer].reverse();
    default:
      return ['随便写写'];
  }
}

async function start(learner: Learner, setId: number) {
  const res = await t.call(startPractice, { setId }, { as: learner });
  expect(res.code).toBe(200);
  return res.data.recordId;
}

function answer(learner: Learner, recordId: number, questionId: number, given: string[]) {
  return t.call(answerPractice, { recordId, questionId, answer: given }, { as: learner });
}

async function bookRow(learner: Learner, questionId: number) {
  const [row] = await t.database.db
    .select()
    .from(schema.errorBook)
    .where(
      and(
        eq(schema.errorBook.eid, learner.eid!),
        eq(schema.errorBook.accountId, learner.accountId),
        eq(schema.errorBook.questionId, questionId),
      ),
    );
  return row ?? null;
}

describe('practice sets', () => {
  it('lists the published sets of the enterprise with the questions a round draws and the last round', async () => {
    const ent = await createEnterprise(t.database.db);
    const learner = await t.learner(ent);
    const all = await createPracticeSet(t.database.db, ent.eid, { set: { title: '安全综合练习' } });
    // Asks for 5 single choices; the bank holds one: a round draws one.
    const singles = await createPracticeSet(t.database.db, ent.eid, {
      set: { title: '单选专项', questionType: 1, questionCount: 5 },
    });
    await createPracticeSet(t.database.db, ent.eid, { set: { title: '未发布', published: false } });

    const page = await t.call(findPracticeSets, {}, { as: learner });
    expect(page.code).toBe(200);
    expect(page.data.totalCount).toBe(2);
    expect(page.data.list.map((s) => s.title)).toEqual(['单选专项', '安全综合练习']);
    expect(page.data.list[0]).toMatchObject({ id: singles.set.id, questionType: 1, questionCount: 1, lastRound: null });
    expect(page.data.list[1]).toMatchObject({ id: all.set.id, questionType: null, questionCount: 7 });

    const recordId = await start(learner, all.set.id);
    const q = all.questions[0]!;
    await answer(learner, recordId, q.id, rightAnswer(q));
    await answer(learner, recordId, all.questions[1]!.id, wrongAnswer(all.questions[1]!));
    const after = await t.call(findPracticeSets, { keyword: '综合' }, { as: learner });
    expect(after.data.list).toHaveLength(1);
    const last = after.data.list[0]!.lastRound!;
    expect(last).toMatchObject({ recordId, total: 7, answered: 2, correct: 1, finishedAt: null });
    expect(Date.now() - Date.parse(last.startedAt)).toBeLessThan(60_000);
  });

  it('a round draws its count of questions at random from the bank by the set type and difficulty, without answers', async () => {
    const ent = await createEnterprise(t.database.db);
    const learner = await t.learner(ent);
    const many = Array.from({ length: 24 }, (_, i) => ({
      questionType: i % 2 === 0 ? 1 : 3,
      difficulty: (i % 4) + 1,
      stem: `题目${i}`,
      options:
        i % 2 === 0
          ? [
              { key: 'A', text: `甲${i}` },
              { key: 'B', text: `乙${i}` },
            ]
          : [
              { key: 'T', text: '' },
              { key: 'F', text: '' },
            ],
      answer: [i % 2 === 0 ? 'B' : 'F'],
      analysis: `解析内容${i}`,
    }));
    const { set, questions } = await createPracticeSet(t.database.db, ent.eid, {
      questions: many,
      set: { questionType: 1, difficulty: 3, questionCount: 2 },
    });
    const fit = new Set(questions.filter((q) => q.questionType === 1 && q.difficulty === 3).map((q) => q.id));
    expect(fit.size).toBe(6);
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const round = await t.call(viewPracticeRound, { recordId: await start(learner, set.id) }, { as: learner });
      expect(round.data.questions).toHaveLength(2);
      for (const q of round.data.questions) expect(fit.has(q.questionId)).toBe(true);
      seen.add(round.data.questions.map((q) => q.questionId).join(','));
    }
    // Six questions, two drawn in random order: thirty draws; twelve rounds see more than one.
    expect(seen.size).toBeGreaterThan(1);

    const wide = await createPracticeSet(t.database.db, ent.eid);
    const round = await t.call(viewPracticeRound, { recordId: await start(learner, wide.set.id) }, { as: learner });
    expect(round.data.questions).toHaveLength(7);
    expect(round.data.marks).toEqual([]);
    const json = JSON.stringify(round.data);
    for (const q of wide.questions) {
      if (q.analysis) expect(json).not.toContain(q.analysis);
      if (q.referenceAnswer) expect(json).not.toContain(q.referenceAnswer);
      for (const accepted of q.blanks) for (const text of accepted) expect(json).not.toContain(text);
    }
    for (const q of round.data.questions) {
      expect(Object.keys(q).sort()).toEqual(
        ['blankCount', 'difficulty', 'items', 'options', 'questionId', 'questionType', 'stem'].sort(),
      );
    }
    const fill = round.data.questions.find((q) => q.questionType === 4)!;
    expect(fill.blankCount).toBe(2);
  });

  it('a set whose bank holds no fitting question cannot be started (7712), and nothing is stored', async () => {
    const learner = await t.learner(a);
    const { set } = await createPracticeSet(t.database.db, a.eid, { set: { questionType: 6, difficulty: 1 } });
    const res = await t.call(startPractice, { setId: set.id }, { as: learner });
    expect(res.code).toBe(ErrorCode.PRACTICE_NO_QUESTIONS);
    expect(res.message).toBe('该练习暂无可练习的题目');
    const rows = await t.database.db
      .select()
      .from(schema.practiceRecords)
      .where(eq(schema.practiceRecords.accountId, learner.accountId));
    expect(rows).toEqual([]);
  });
});

describe('who reaches what', () => {
  it('a learner of A cannot see or start B’s sets, nor view, answer or finish B’s rounds or another learner’s round', async () => {
    const ofA = await t.learner(a);
    const otherOfA = await t.learner(a);
    const ofB = await t.learner(b);
    const setA = await createPracticeSet(t.database.db, a.eid, { set: { title: '甲的练习' } });
    const setB = await createPracticeSet(t.database.db, b.eid, { set: { title: '乙的练习' } });

    const pageA = await t.call(findPracticeSets, { pageSize: 50 }, { as: ofA });
    expect(pageA.data.list.map((s) => s.id)).toContain(setA.set.id);
    expect(pageA.data.list.map((s) => s.id)).not.toContain(setB.set.id);
    expect((await t.call(startPractice, { setId: setB.set.id }, { as: ofA })).code).toBe(ErrorCode.NOT_FOUND);

    const roundB = await start(ofB, setB.set.id);
    const roundA = await start(otherOfA, setA.set.id);
    const qB = setB.questions[0]!;
    const qA = setA.questions[0]!;
    for (const [recordId, q] of [
      [roundB, qB],
      [roundA, qA],
    ] as const) {
      expect((await t.call(viewPracticeRound, { recordId }, { as: ofA })).code).toBe(ErrorCode.NOT_FOUND);
      expect((await answer(ofA, recordId, q.id, rightAnswer(q))).code).toBe(ErrorCode.NOT_FOUND);
      expect((await t.call(finishPractice, { recordId }, { as: ofA })).code).toBe(ErrorCode.NOT_FOUND);
    }
    // Nothing of theirs changed.
    const rounds = await t.database.db
      .select()
      .from(schema.practiceRecords)
      .where(sql`${schema.practiceRecords.id} IN (${roundA}, ${roundB})`);
    expect(rounds.map((r) => [r.answered, r.finishedAt])).toEqual([
      [0, null],
      [0, null],
    ]);
    // A question of the enterprise that is not in the round is not answerable in it.
    const mine = await start(ofA, setA.set.id);
    expect((await answer(ofA, mine, qB.id, rightAnswer(qB))).code).toBe(ErrorCode.NOT_FOUND);

    // The error book is the learner's own.
    expect((await answer(otherOfA, roundA, qA.id, wrongAnswer(qA))).data.correct).toBe(false);
    expect((await t.call(findErrorBook, {}, { as: otherOfA })).data.totalCount).toBe(1);
    expect((await t.call(findErrorBook, {}, { as: ofA })).data.totalCount).toBe(0);
    // An error-book round draws only the learner's own book.
    expect((await t.call(startErrorBookPractice, {}, { as: ofA })).code).toBe(ErrorCode.ERROR_BOOK_EMPTY);
  });
});

describe('marking in practice', () => {
  it('marks every type at once: right only when fully right, with the right answer and analysis; a short answer shows its reference', async () => {
    const learner = await t.learner(a);
    const { set, questions } = await createPracticeSet(t.database.db, a.eid);
    const byType = new Map(questions.map((q) => [q.questionType, q]));
    const right = await start(learner, set.id);
    const wrong = await start(learner, set.id);
    for (const q of questions) {
      const r = await answer(learner, right, q.id, rightAnswer(q));
      expect(r.code).toBe(200);
      expect(r.data.repeated).toBe(false);
      expect(r.data.analysis).toBe(q.analysis);
      expect(r.data.rightAnswer).toEqual(q.answer);
      expect(r.data.blanks).toEqual(q.blanks);
      expect(r.data.correct).toBe(q.questionType === 5 ? null : true);
      const w = await answer(learner, wrong, q.id, wrongAnswer(q));
      expect(w.data.correct, `type ${q.questionType}`).toBe(q.questionType === 5 ? null : false);
      expect(w.data.answer).toEqual(wrongAnswer(q));
    }
    // The short answer: its reference answer, answered, neither right nor wrong.
    const short = byType.get(5)!;
    const view = await t.call(viewPracticeRound, { recordId: right }, { as: learner });
    expect(view.data.marks.find((m) => m.questionId === short.id)).toMatchObject({
      correct: null,
      referenceAnswer: short.referenceAnswer,
    });
    expect(view.data.summary).toMatchObject({
      total: 7,
      answered: 7,
      correct: 6,
      wrong: 0,
      unmarked: 1,
      accuracy: 100,
    });
    const wrongView = await t.call(viewPracticeRound, { recordId: wrong }, { as: learner });
    expect(wrongView.data.summary).toMatchObject({ answered: 7, correct: 0, wrong: 6, unmarked: 1, accuracy: 0 });

    // Fill-in blanks are compared case and width insensitive; matching item by item, all needed.
    const fill = byType.get(4)!;
    const matching = byType.get(6)!;
    const more = await start(learner, set.id);
    expect((await answer(learner, more, fill.id, [' 窒息 ', '冷却法'])).data.correct).toBe(true);
    expect((await answer(learner, more, matching.id, [matching.answer[0]!, ''])).data.correct).toBe(false);
    // Indefinite choice: one right key of two is wrong in practice (no half marks).
    const indefinite = byType.get(7)!;
    expect((await answer(learner, more, indefinite.id, [indefinite.answer[1]!])).data.correct).toBe(false);
  });

  it('refuses an answer that does not fit its question with a clear message, storing nothing', async () => {
    const learner = await t.learner(a);
    const { set, questions } = await createPracticeSet(t.database.db, a.eid);
    const recordId = await start(learner, set.id);
    const of = (type: number) => questions.find((q) => q.questionType === type)!;
    // One shape check and one set of texts for exams and practice (issue 19 item 5): 7606 with the reason.
    const cases: Array<[number, string[], string]> = [
      [1, ['A', 'B'], '该题只能选择一个选项'],
      [1, ['Z'], '所选选项不存在'],
      [3, ['yes'], '所选选项不存在'],
      [2, ['A', 'A'], '同一选项只能选择一次'],
      [2, ['A', 'X'], '所选选项不存在'],
      [4, ['窒息法'], '该题有2个空，每空填写一个答案'],
      [4, ['', ' '], '请先作答'],
      [4, ['窒息法', 'x'.repeat(201)], '每个空最多200个字'],
      [5, ['  '], '请先作答'],
      [5, ['a', 'b'], '简答题只能有一个答案'],
      [6, ['A'], '该题有2项需要配对'],
      [6, ['A', 'Q'], '所选选项不存在'],
      [7, ['D'], '所选选项不存在'],
    ];
    for (const [type, given, reason] of cases) {
      const res = await answer(learner, recordId, of(type).id, given);
      expect(res.code, `${type} ${JSON.stringify(given)}`).toBe(ErrorCode.EXAM_ANSWER_INVALID);
      expect(res.message).toBe(`答案不符合题目要求：${reason}`);
      expect(res.data).toEqual({ questionId: of(type).id });
    }
    const en = await t.call(
      answerPractice,
      { recordId, questionId: of(1).id, answer: ['Z'] },
      { as: learner, lang: 'en' },
    );
    expect(en.message).toBe('The answer does not fit the question: the option chosen does not exist');
    expect(
      (await t.call(answerPractice, unchecked({ recordId, questionId: of(1).id, answer: [] }), { as: learner })).code,
    ).toBe(ErrorCode.BAD_INPUT);
    const stored = await t.database.db
      .select()
      .from(schema.practiceAnswers)
      .where(eq(schema.practiceAnswers.recordId, recordId));
    expect(stored).toEqual([]);
    expect(await bookRow(learner, of(1).id)).toBeNull();
    const view = await t.call(viewPracticeRound, { recordId }, { as: learner });
    expect(view.data.summary.answered).toBe(0);
  });

  it('a question is answered once a round: answering again changes nothing and answers the first mark', async () => {
    const learner = await t.learner(a);
    const { set, questions } = await createPracticeSet(t.database.db, a.eid);
    const q = questions[0]!;
    const recordId = await start(learner, set.id);
    const first = await answer(learner, recordId, q.id, wrongAnswer(q));
    expect(first.data).toMatchObject({ correct: false, repeated: false, answered: 1, correctCount: 0 });
    const again = await answer(learner, recordId, q.id, rightAnswer(q));
    expect(again.data).toMatchObject({ correct: false, repeated: true, answered: 1, correctCount: 0 });
    expect(again.data.answer).toEqual(wrongAnswer(q));
    expect((await bookRow(learner, q.id))!.wrongCount).toBe(1);
  });

  it('concurrent answers of one question in a round store one answer, count once and reach the error book once', async () => {
    const learner = await t.learner(a);
    const { set, questions } = await createPracticeSet(t.database.db, a.eid);
    const q = questions.find((x) => x.questionType === 2)!;
    const recordId = await start(learner, set.id);
    const given = [wrongAnswer(q), ['A'], ['B'], ['D'], ['A', 'B'], ['B', 'D']];
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => answer(learner, recordId, q.id, given[i % given.length]!)),
    );
    expect(answers.every((r) => r.code === 200)).toBe(true);
    expect(answers.filter((r) => !r.data.repeated)).toHaveLength(1);
    const stored = await t.database.db
      .select()
      .from(schema.practiceAnswers)
      .where(eq(schema.practiceAnswers.recordId, recordId));
    expect(stored).toHaveLength(1);
    // Every answer reports the one stored.
    for (const r of answers) expect(r.data.answer).toEqual(stored[0]!.answer);
    const [round] = await t.database.db
      .select()
      .from(schema.practiceRecords)
      .where(eq(schema.practiceRecords.id, recordId));
    expect(round).toMatchObject({ answered: 1, correct: 0 });
    expect(await bookRow(learner, q.id)).toMatchObject({ wrongCount: 1, rightStreak: 0 });
  });
});

describe('finishing a round', () => {
  it('sums it up once (answered, right, accuracy, time) and takes no answer after', async () => {
    const learner = await t.learner(a);
    const { set, questions } = await createPracticeSet(t.database.db, a.eid);
    const recordId = await start(learner, set.id);
    const [q1, q2, q3] = questions;
    await answer(learner, recordId, q1!.id, rightAnswer(q1!));
    await answer(learner, recordId, q2!.id, rightAnswer(q2!));
    await answer(learner, recordId, q3!.id, wrongAnswer(q3!));
    await t.database.db.execute(
      sql`UPDATE practice_records SET started_at = now() - interval '95 seconds' WHERE id = ${recordId}`,
    );
    const done = await t.call(finishPractice, { recordId }, { as: learner });
    expect(done.code).toBe(200);
    expect(done.data).toMatchObject({
      recordId,
      setId: set.id,
      total: 7,
      answered: 3,
      correct: 2,
      wrong: 1,
      unmarked: 0,
      accuracy: 66,
      finished: true,
    });
    expect(done.data.seconds).toBeGreaterThanOrEqual(95);
    expect(done.data.seconds).toBeLessThan(120);
    // As if the finish had been ten seconds ago: finishing again keeps its time (a second finish
    // that wrote now() again would add the ten seconds).
    await t.database.db.execute(
      sql`UPDATE practice_records SET started_at = started_at - interval '10 seconds', finished_at = finished_at - interval '10 seconds' WHERE id = ${recordId}`,
    );
    const again = await t.call(finishPractice, { recordId }, { as: learner });
    expect(again.data).toEqual(done.data);

    const late = await answer(learner, recordId, questions[3]!.id, rightAnswer(questions[3]!));
    expect(late.code).toBe(ErrorCode.PRACTICE_FINISHED);
    expect(late.message).toBe('本次练习已结束');
    const view = await t.call(viewPracticeRound, { recordId }, { as: learner });
    expect(view.data.summary.answered).toBe(3);
    expect(view.data.finishedAt).not.toBeNull();
  });
});

describe('the error book', () => {
  it('holds each question answered wrong once, counts the wrong answers, clears it after the streak and brings it back', async () => {
    const learner = await t.learner(a);
    const { set, questions } = await createPracticeSet(t.database.db, a.eid);
    const q = questions.find((x) => x.questionType === 1)!;
    const other = questions.find((x) => x.questionType === 3)!;
    const short = questions.find((x) => x.questionType === 5)!;

    // Two rounds answer the single choice wrong: one entry, wrong twice.
    for (let i = 0; i < 2; i++) {
      const recordId = await start(learner, set.id);
      const res = await answer(learner, recordId, q.id, wrongAnswer(q));
      expect(res.data.errorBook).toMatchObject({ inBook: true, cleared: false, rightStreak: 0, clearStreak: 2 });
      // A right answer of a question never wrong leaves the book alone.
      expect((await answer(learner, recordId, other.id, rightAnswer(other))).data.errorBook).toBeNull();
      // A short answer never reaches the book.
      await answer(learner, recordId, short.id, ['不会']);
    }
    let book = await t.call(findErrorBook, {}, { as: learner });
    expect(book.data.totalCount).toBe(1);
    expect(book.data.clearStreak).toBe(2);
    const entry = book.data.list[0]!;
    expect(entry).toMatchObject({
      questionId: q.id,
      questionType: 1,
      // A plain stem of the bank is served as its one line (decision 054).
      stem: `<p>${q.stem}</p>`,
      wrongCount: 2,
      rightStreak: 0,
      lastAnswer: wrongAnswer(q),
      sourceType: 2,
    });
    expect(JSON.stringify(entry)).not.toContain(q.analysis);
    expect(Date.now() - Date.parse(entry.lastWrongAt)).toBeLessThan(60_000);

    // A round over the error book (setId null) draws it; answered right twice it is cleared.
    const first = await t.call(startErrorBookPractice, {}, { as: learner });
    expect(first.code).toBe(200);
    const round = await t.call(viewPracticeRound, { recordId: first.data.recordId }, { as: learner });
    expect(round.data.setId).toBeNull();
    expect(round.data.questions.map((x) => x.questionId)).toEqual([q.id]);
    const once = await answer(learner, first.data.recordId, q.id, rightAnswer(q));
    expect(once.data.errorBook).toEqual({ inBook: true, cleared: false, rightStreak: 1, clearStreak: 2 });
    expect((await t.call(findErrorBook, {}, { as: learner })).data.list[0]!.rightStreak).toBe(1);
    const second = await t.call(startErrorBookPractice, {}, { as: learner });
    const twice = await answer(learner, second.data.recordId, q.id, rightAnswer(q));
    expect(twice.data.errorBook).toEqual({ inBook: false, cleared: true, rightStreak: 2, clearStreak: 2 });
    book = await t.call(findErrorBook, {}, { as: learner });
    expect(book.data.totalCount).toBe(0);
    expect((await t.call(startErrorBookPractice, {}, { as: learner })).code).toBe(ErrorCode.ERROR_BOOK_EMPTY);

    // A right answer after clearing changes nothing; a new wrong answer brings it back.
    const third = await start(learner, set.id);
    expect((await answer(learner, third, q.id, rightAnswer(q))).data.errorBook).toMatchObject({
      inBook: false,
      cleared: false,
    });
    const fourth = await start(learner, set.id);
    const back = await answer(learner, fourth, q.id, wrongAnswer(q));
    expect(back.data.errorBook).toEqual({ inBook: true, cleared: false, rightStreak: 0, clearStreak: 2 });
    book = await t.call(findErrorBook, {}, { as: learner });
    expect(book.data.list.map((e) => [e.questionId, e.wrongCount, e.rightStreak])).toEqual([[q.id, 3, 0]]);
  });

  it('a wrong answer restarts the streak; the site may ask for more right answers in a row', async () => {
    const ent = await createEnterprise(t.database.db, {
      settings: { individuationOptions: { errorBookClearStreak: 3 } },
    });
    const learner = await t.learner(ent);
    const { set, questions } = await createPracticeSet(t.database.db, ent.eid);
    const q = questions.find((x) => x.questionType === 6)!;
    const play = async (given: string[]) => {
      const recordId = await start(learner, set.id);
      return (await answer(learner, recordId, q.id, given)).data.errorBook;
    };
    await play(wrongAnswer(q));
    expect(await play(rightAnswer(q))).toMatchObject({ rightStreak: 1, clearStreak: 3 });
    expect(await play(rightAnswer(q))).toMatchObject({ rightStreak: 2, inBook: true });
    expect(await play(wrongAnswer(q))).toMatchObject({ rightStreak: 0, inBook: true });
    expect(await play(rightAnswer(q))).toMatchObject({ rightStreak: 1 });
    expect(await play(rightAnswer(q))).toMatchObject({ rightStreak: 2, inBook: true });
    expect(await play(rightAnswer(q))).toEqual({ rightStreak: 3, inBook: false, cleared: true, clearStreak: 3 });
    const book = await t.call(findErrorBook, {}, { as: learner });
    expect(book.data).toMatchObject({ totalCount: 0, clearStreak: 3 });
  });

  it('pages by type, last wrong first; an error-book round takes a type and a count', async () => {
    const learner = await t.learner(a);
    const { set, questions } = await createPracticeSet(t.database.db, a.eid);
    const recordId = await start(learner, set.id);
    const objective = questions.filter((q) => q.questionType !== 5);
    for (const q of objective) await answer(learner, recordId, q.id, wrongAnswer(q));
    const page = await t.call(findErrorBook, { pageSize: 4 }, { as: learner });
    expect(page.data).toMatchObject({ totalCount: 6, totalPage: 2 });
    expect(page.data.list.map((e) => e.questionId)).toEqual(
      objective
        .map((q) => q.id)
        .reverse()
        .slice(0, 4),
    );
    const multiples = await t.call(findErrorBook, { questionType: 2 }, { as: learner });
    expect(multiples.data.list.map((e) => e.questionType)).toEqual([2]);
    const round = await t.call(startErrorBookPractice, { count: 3 }, { as: learner });
    const view = await t.call(viewPracticeRound, { recordId: round.data.recordId }, { as: learner });
    expect(view.data.questions).toHaveLength(3);
    const typed = await t.call(startErrorBookPractice, { questionType: 4 }, { as: learner });
    const typedView = await t.call(viewPracticeRound, { recordId: typed.data.recordId }, { as: learner });
    expect(typedView.data.questions.map((q) => q.questionType)).toEqual([4]);
  });
});

describe('analysis', () => {
  it('accuracy by question type and difficulty over practice answers and marked exam answers', async () => {
    const learner = await t.learner(a);
    const { set, questions } = await createPracticeSet(t.database.db, a.eid);
    const byType = new Map(questions.map((q) => [q.questionType, q]));
    const r1 = await start(learner, set.id);
    const r2 = await start(learner, set.id);
    // Single choice (simple): right then wrong; true/false (simple): right; short answer: not counted.
    await answer(learner, r1, byType.get(1)!.id, rightAnswer(byType.get(1)!));
    await answer(learner, r2, byType.get(1)!.id, wrongAnswer(byType.get(1)!));
    await answer(learner, r1, byType.get(3)!.id, rightAnswer(byType.get(3)!));
    await answer(learner, r1, byType.get(5)!.id, ['略']);
    // Fill-in (harder): wrong.
    await answer(learner, r1, byType.get(4)!.id, wrongAnswer(byType.get(4)!));

    const practiceOnly = await t.call(viewPracticeAnalysis, { source: 2 }, { as: learner });
    expect(practiceOnly.code).toBe(200);
    expect(practiceOnly.data.total).toEqual({ answered: 4, correct: 2, accuracy: 50 });
    const type = (n: number) => practiceOnly.data.byType.find((r) => r.questionType === n);
    expect(type(1)).toEqual({ questionType: 1, answered: 2, correct: 1, accuracy: 50 });
    expect(type(3)).toEqual({ questionType: 3, answered: 1, correct: 1, accuracy: 100 });
    expect(type(5)).toEqual({ questionType: 5, answered: 0, correct: 0, accuracy: 0 });
    expect(practiceOnly.data.byType).toHaveLength(7);
    expect(practiceOnly.data.byDifficulty).toEqual([
      { difficulty: 1, answered: 3, correct: 2, accuracy: 66 },
      { difficulty: 2, answered: 0, correct: 0, accuracy: 0 },
      { difficulty: 3, answered: 1, correct: 0, accuracy: 0 },
      { difficulty: 4, answered: 0, correct: 0, accuracy: 0 },
    ]);

    // A submitted exam attempt with marked answers: the multiple choice right, the short answer
    // marked partly right (not right), the matching not marked yet (left out). The exam is over (its
    // window closed): answers of an exam still open to the learner are not counted (decision 032).
    const exam = await createExam(t.database.db, a.eid, {
      task: { startsAt: new Date(Date.now() - 7_200_000), endsAt: new Date(Date.now() - 60_000) },
    });
    const eq2 = exam.questions.find((q) => q.questionType === 2)!;
    const eq5 = exam.questions.find((q) => q.questionType === 5)!;
    const eq6 = exam.questions.find((q) => q.questionType === 6)!;
    const [attempt] = await t.database.db
      .insert(schema.examAttempts)
      .values({
        eid: a.eid,
        taskId: exam.task.id,
        accountId: learner.accountId,
        attemptNo: 1,
        paper: [],
        totalScoreTenths: 140,
        passScoreTenths: 84,
        deadlineAt: new Date(Date.now() + 600_000),
        submittedAt: new Date(),
        status: 2,
      })
      .returning();
    await t.database.db.insert(schema.examAnswers).values([
      { eid: a.eid, attemptId: attempt!.id, questionId: eq2.id, answer: eq2.answer, seq: 1, result: 1 },
      { eid: a.eid, attemptId: attempt!.id, questionId: eq5.id, answer: ['略'], seq: 2, result: 2 },
      { eid: a.eid, attemptId: attempt!.id, questionId: eq6.id, answer: eq6.answer, seq: 3, result: null },
    ]);
    const exams = await t.call(viewPracticeAnalysis, { source: 7 }, { as: learner });
    expect(exams.data.total).toEqual({ answered: 2, correct: 1, accuracy: 50 });
    expect(exams.data.byType.find((r) => r.questionType === 5)).toEqual({
      questionType: 5,
      answered: 1,
      correct: 0,
      accuracy: 0,
    });
    const both = await t.call(viewPracticeAnalysis, {}, { as: learner });
    expect(both.data.total).toEqual({ answered: 6, correct: 3, accuracy: 50 });
    expect(both.data.byDifficulty.find((r) => r.difficulty === 2)).toEqual({
      difficulty: 2,
      answered: 1,
      correct: 1,
      accuracy: 100,
    });
    // Another learner's answers are not in it.
    const other = await t.learner(a);
    expect((await t.call(viewPracticeAnalysis, {}, { as: other })).data.total).toEqual({
      answered: 0,
      correct: 0,
      accuracy: 0,
    });
    expect((await t.call(viewPracticeAnalysis, unchecked({ source: 3 }), { as: learner })).code).toBe(
      ErrorCode.BAD_INPUT,
    );
  });
});

// Keep the sample's one question of every type in step with the tests' answers.
it('the sample questions hold one of every type', () => {
  expect(SAMPLE_QUESTIONS.map((q) => q.questionType).sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
});

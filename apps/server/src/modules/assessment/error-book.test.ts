import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@portal/db';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createEnterprise, createPracticeSet } from '../../test/factories.ts';
import {
  clearStreakOf,
  DEFAULT_ERROR_BOOK_CLEAR_STREAK,
  readErrorBookClearStreak,
  recordErrorBook,
  type MarkedAnswer,
} from './error-book.ts';

// recordErrorBook is what an exam's marking and a practice answer share: tested here directly, in
// a transaction of the tables' owner, as the exam module calls it inside its own.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
});
afterAll(async () => t?.close());

async function setUp(settings: Record<string, unknown> = {}) {
  const ent = await createEnterprise(t.database.db, { settings: { individuationOptions: settings } });
  const learner = await t.learner(ent);
  const { questions } = await createPracticeSet(t.database.db, ent.eid);
  const who = { eid: ent.eid, accountId: learner.accountId };
  const record = (source: number, answers: MarkedAnswer[], clearStreak?: number) =>
    t.database.db.transaction((tx) => recordErrorBook(tx, who, source, answers, clearStreak));
  const rows = () =>
    t.database.db
      .select()
      .from(schema.errorBook)
      .where(and(eq(schema.errorBook.eid, who.eid), eq(schema.errorBook.accountId, who.accountId)))
      .orderBy(schema.errorBook.questionId);
  const idOf = (type: number) => questions.find((q) => q.questionType === type)!.id;
  return { ent, who, ids: questions.map((q) => q.id), idOf, record, rows };
}

describe('the clear streak', () => {
  it('is the site setting when it is a whole number from 1 to 20, else the default', () => {
    expect(DEFAULT_ERROR_BOOK_CLEAR_STREAK).toBe(2);
    expect(clearStreakOf(3)).toBe(3);
    expect(clearStreakOf('4')).toBe(4);
    expect(clearStreakOf(1)).toBe(1);
    expect(clearStreakOf(20)).toBe(20);
    for (const bad of [undefined, null, 0, -1, 21, 2.5, 'x', '', true, {}]) expect(clearStreakOf(bad)).toBe(2);
  });

  it('is read from the enterprise’s website settings', async () => {
    const { ent } = await setUp({ errorBookClearStreak: 5 });
    const plain = await createEnterprise(t.database.db);
    expect(await readErrorBookClearStreak(t.database.db, ent.eid)).toBe(5);
    expect(await readErrorBookClearStreak(t.database.db, plain.eid)).toBe(2);
  });
});

describe('recordErrorBook', () => {
  it('adds wrong answers with their source, lengthens streaks of right ones and clears at the given streak', async () => {
    const { ids, record, rows } = await setUp();
    const [q1, q2, q3] = ids as [number, number, number];
    await record(7, [
      { questionId: q1, correct: false, answer: ['A'] },
      { questionId: q2, correct: false, answer: ['C'] },
      // Right, not in the book: nothing.
      { questionId: q3, correct: true, answer: ['T'] },
    ]);
    expect((await rows()).map((r) => [r.questionId, r.sourceType, r.wrongCount, r.rightStreak, r.lastAnswer])).toEqual([
      [q1, 7, 1, 0, ['A']],
      [q2, 7, 1, 0, ['C']],
    ]);
    await record(2, [{ questionId: q1, correct: true, answer: ['B'] }], 1);
    const [first] = await rows();
    expect(first).toMatchObject({ rightStreak: 1 });
    expect(first!.clearedAt).not.toBeNull();
    // Cleared: a right answer changes nothing; a wrong one brings it back from practice.
    await record(2, [{ questionId: q1, correct: true, answer: ['B'] }], 1);
    expect((await rows())[0]).toMatchObject({ rightStreak: 1 });
    await record(2, [{ questionId: q1, correct: false, answer: ['C'] }]);
    expect((await rows())[0]).toMatchObject({
      wrongCount: 2,
      rightStreak: 0,
      sourceType: 2,
      clearedAt: null,
      lastAnswer: ['C'],
    });
  });

  it('without a clear streak follows the site’s setting', async () => {
    const { ids, record, rows } = await setUp({ errorBookClearStreak: 3 });
    const q = ids[0]!;
    await record(7, [{ questionId: q, correct: false, answer: ['A'] }]);
    for (let i = 1; i <= 3; i++) {
      await record(2, [{ questionId: q, correct: true, answer: ['B'] }]);
      const [row] = await rows();
      expect(row!.rightStreak).toBe(i);
      expect(row!.clearedAt === null).toBe(i < 3);
    }
  });

  it('counts a question given twice in one call once, by its last answer', async () => {
    const { ids, record, rows } = await setUp();
    const q = ids[0]!;
    await record(7, [
      { questionId: q, correct: false, answer: ['A'] },
      { questionId: q, correct: false, answer: ['C'] },
    ]);
    expect((await rows()).map((r) => [r.wrongCount, r.lastAnswer])).toEqual([[1, ['C']]]);
    await record(7, [
      { questionId: q, correct: false, answer: ['A'] },
      { questionId: q, correct: true, answer: ['B'] },
    ]);
    expect((await rows()).map((r) => [r.wrongCount, r.rightStreak])).toEqual([[1, 1]]);
    await record(7, []);
    expect(await rows()).toHaveLength(1);
  });

  it('leaves short answers out, even marked wrong in an exam', async () => {
    const { idOf, record, rows } = await setUp();
    await record(7, [
      { questionId: idOf(5), correct: false, answer: ['不会'] },
      { questionId: idOf(6), correct: false, answer: ['A', 'B'] },
    ]);
    expect((await rows()).map((r) => r.questionId)).toEqual([idOf(6)]);
  });

  it('concurrent wrong answers of one question (an exam submit and practice) each count, on one entry', async () => {
    const { ids, record, rows } = await setUp();
    const q = ids[1]!;
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => record(i % 2 ? 2 : 7, [{ questionId: q, correct: false, answer: ['A'] }])),
    );
    const all = await rows();
    expect(all).toHaveLength(1);
    expect(all[0]!.wrongCount).toBe(8);
    const [n] = (
      await t.database.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM error_book WHERE question_id = ${q}`,
      )
    ).rows;
    expect(n!.n).toBe(1);
  });
});

import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveExamAnswer, startExam } from '@portal/contract';
import { createEnterprise, createExam } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { AnswerSaves } from './answer-saves.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;
let b: Ent;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  a = await createEnterprise(t.database.db, { name: '甲企业' });
  b = await createEnterprise(t.database.db, { name: '乙企业' });
});
afterAll(async () => t?.close());

/** `n` learners of `site` with an attempt each at one exam; the exam's first question. */
async function takers(site: Ent, n: number) {
  const { task, questions } = await createExam(t.database.db, site.eid);
  const list = [];
  for (let i = 0; i < n; i++) {
    const learner = await t.learner(site);
    const started = await t.call(startExam, { taskId: task.id }, { as: learner });
    list.push({ who: { eid: site.eid, accountId: learner.accountId }, learner, attemptId: started.data.attemptId });
  }
  return { list, questionId: questions[0]!.id };
}

/** The tenant pool, counting the batches' statements. */
function counting() {
  let statements = 0;
  const pool = {
    query: (config: pg.QueryConfig) => {
      if (config.name === 'exam_answers_save') statements += 1;
      return t.database.tenantPool.query(config);
    },
  } as unknown as pg.Pool;
  return { pool, statements: () => statements };
}

const write = (seq: number, questionId: number, answer = ['B']) => [
  { questionId, answer, flagged: false, seq, clientAt: null },
];

describe('batched answer saves', () => {
  it("saves of many takers in one statement; another learner's attempt in the same batch finds nothing", async () => {
    const { list, questionId } = await takers(a, 6);
    const { pool, statements } = counting();
    const saves = new AnswerSaves(pool);
    const intruder = list[0]!;
    const outcomes = await Promise.all([
      ...list.map((x) => saves.save(x.who, x.attemptId, write(1, questionId))),
      // The first taker's attempt, saved as the second taker: not theirs.
      saves.save(list[1]!.who, intruder.attemptId, write(9, questionId, ['C'])),
    ]);
    expect(outcomes.slice(0, 6).map((o) => o?.results[0]?.applied)).toEqual(list.map(() => true));
    expect(outcomes[6]).toBeNull();
    // Six attempts in the first batch; the intruder's save, keyed by the same attempt, in the next.
    expect(statements()).toBe(2);
    const res = await t.call(
      saveExamAnswer,
      { attemptId: intruder.attemptId, questionId, answer: ['A'], seq: 2 },
      { as: intruder.learner },
    );
    expect(res.code).toBe(200);
    expect(res.data.applied).toBe(true);
  });

  it("one attempt's saves of a moment go in consecutive batches: the highest sequence wins whatever the order", async () => {
    const { list, questionId } = await takers(a, 1);
    const x = list[0]!;
    const saves = new AnswerSaves(counting().pool);
    const outcomes = await Promise.all(
      [5, 3, 7, 6].map((seq) => saves.save(x.who, x.attemptId, write(seq, questionId))),
    );
    expect(outcomes.map((o) => o?.results[0]?.applied)).toEqual([true, false, true, false]);
    expect(outcomes.at(-1)?.results[0]?.seq).toBe(7);
    expect(outcomes.at(-1)?.lastSeq).toBe(7);
  });

  it("a batch of one enterprise cannot write another's attempt", async () => {
    const { list, questionId } = await takers(b, 1);
    const victim = list[0]!;
    const saves = new AnswerSaves(t.database.tenantPool);
    // Run as enterprise A with B's learner and attempt: out of A's sight.
    expect(
      await saves.save({ eid: a.eid, accountId: victim.who.accountId }, victim.attemptId, write(1, questionId)),
    ).toBeNull();
    const { rows } = await t.database.pool.query(`SELECT count(*)::int AS n FROM exam_answers WHERE attempt_id = $1`, [
      victim.attemptId,
    ]);
    expect(rows[0].n).toBe(0);
  });
});

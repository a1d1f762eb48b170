import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EarningSource, finishExam, startExam, viewCurrentUser } from '@portal/contract';
import { withTenant } from '@portal/db';
import { afterCommit } from '../../platform/after-commit.ts';
import { createEnterprise, createExam, type Learner } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { earnOnce, type Earning } from './index.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;

beforeAll(async () => {
  // The current user is remembered (as in production): the header's totals must change at once all
  // the same, because earning forgets it after its commit.
  t = await createTestApp({ TENANT_CODES: '', SESSION_CACHE_TTL_MS: '60000' });
  a = await createEnterprise(t.database.db, { name: '甲企业' });
});
afterAll(async () => t?.close());

const earn = (learner: Learner, earning: Earning) =>
  withTenant(learner.eid!, () =>
    t.platform.db.transaction((tx) => earnOnce(tx, { eid: learner.eid!, accountId: learner.accountId }, earning)),
  );

async function ledgerOf(learner: Learner) {
  const { rows } = await t.database.db.execute<{ source_type: number; source_id: number; points: number }>(
    sql`SELECT source_type, source_id, points FROM earnings WHERE eid = ${learner.eid} AND account_id = ${learner.accountId}`,
  );
  return rows;
}

async function certificateCount(learner: Learner) {
  const { rows } = await t.database.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM certificates WHERE eid = ${learner.eid} AND account_id = ${learner.accountId}`,
  );
  return rows[0]!.n;
}

async function totalsOf(learner: Learner) {
  const { rows } = await t.database.db.execute<{ points: number; credit_tenths: number; certificates: number }>(
    sql`SELECT points, credit_tenths, certificates FROM learner_totals WHERE eid = ${learner.eid} AND account_id = ${learner.accountId}`,
  );
  return rows[0] ?? { points: 0, credit_tenths: 0, certificates: 0 };
}

const header = async (learner: Learner) => {
  const me = await t.call(viewCurrentUser, {}, { as: learner });
  return { creditHour: me.data.creditHour, certificateCount: me.data.certificateCount };
};

describe('earnOnce', () => {
  it('earns once under 20 concurrent and repeated earns: one ledger row, one certificate, totals counted once, the header at once', async () => {
    const learner = await t.learner(a);
    const exam = await createExam(t.database.db, a.eid, { certificate: true });
    // The header's user info is remembered before the earning.
    expect(await header(learner)).toEqual({ creditHour: 0, certificateCount: 0 });
    const earning: Earning = {
      source: { type: EarningSource.EXAM_TASK, id: exam.task.id, title: exam.task.title },
      hoursTenths: 15,
      points: 7,
      certificate: { templateId: exam.template!.id, scoreTenths: 900 },
    };
    const results = await Promise.all(Array.from({ length: 20 }, () => earn(learner, earning)));
    expect(results.filter((r) => r.ledger)).toHaveLength(1);
    expect(results.filter((r) => r.certificate !== null)).toHaveLength(1);
    // Repeated later (a retried request, a second submit): nothing new.
    expect(await earn(learner, earning)).toEqual({ ledger: false, certificate: null });
    expect(await ledgerOf(learner)).toEqual([
      { source_type: EarningSource.EXAM_TASK, source_id: exam.task.id, points: 7 },
    ]);
    expect(await certificateCount(learner)).toBe(1);
    expect(await totalsOf(learner)).toEqual({ points: 7, credit_tenths: 15, certificates: 1 });
    // The remembered user info was forgotten after the commit: the new totals show at once.
    expect(await header(learner)).toEqual({ creditHour: 1.5, certificateCount: 1 });
  });

  it('counts different sources each once, and a source with no certificate earns none', async () => {
    const learner = await t.learner(a);
    const course = (id: number): Earning => ({
      source: { type: EarningSource.COURSE, id, title: `课程${id}` },
      hoursTenths: 10,
      points: 2,
    });
    await Promise.all([earn(learner, course(1)), earn(learner, course(2)), earn(learner, course(1))]);
    expect(await ledgerOf(learner)).toHaveLength(2);
    expect(await certificateCount(learner)).toBe(0);
    expect(await totalsOf(learner)).toEqual({ points: 4, credit_tenths: 20, certificates: 0 });
  });

  it('earns nothing when the caller’s transaction rolls back, and forgets nothing then', async () => {
    const learner = await t.learner(a);
    expect(await header(learner)).toEqual({ creditHour: 0, certificateCount: 0 });
    const forgotten: number[] = [];
    await expect(
      withTenant(a.eid, () =>
        t.platform.db.transaction(async (tx) => {
          await earnOnce(tx, learner as { eid: number; accountId: number }, {
            source: { type: EarningSource.COURSE, id: 99, title: '课程' },
            hoursTenths: 10,
            points: 1,
          });
          afterCommit(tx, () => forgotten.push(learner.accountId));
          throw new Error('the caller fails after earning');
        }),
      ),
    ).rejects.toThrow('the caller fails');
    expect(forgotten).toEqual([]);
    expect(await ledgerOf(learner)).toEqual([]);
    expect(await header(learner)).toEqual({ creditHour: 0, certificateCount: 0 });
  });

  it('runs its forgetting only after the commit, and refuses a transaction that would not run it', async () => {
    const learner = await t.learner(a);
    const order: string[] = [];
    await withTenant(a.eid, () =>
      t.platform.db.transaction(async (tx) => {
        afterCommit(tx, () => order.push('after commit'));
        order.push('in the transaction');
      }),
    );
    expect(order).toEqual(['in the transaction', 'after commit']);
    // A transaction of a database without the hooks cannot earn: its forgetting would be lost.
    await expect(
      withTenant(a.eid, () =>
        t.database.tenantDb.transaction((tx) =>
          earnOnce(
            tx,
            { eid: a.eid, accountId: learner.accountId },
            {
              source: { type: EarningSource.COURSE, id: 1, title: '课程' },
              hoursTenths: 1,
              points: 1,
            },
          ),
        ),
      ),
    ).rejects.toThrow('afterCommit');
    expect(await ledgerOf(learner)).toEqual([]);
  });

  it('an exam passed shows its certificate and credit in the header at once (the exam earns through earnOnce)', async () => {
    const learner = await t.learner(a);
    const exam = await createExam(t.database.db, a.eid, {
      certificate: true,
      task: { passScoreTenths: 0, creditTenths: 25 },
    });
    expect(await header(learner)).toEqual({ creditHour: 0, certificateCount: 0 });
    const { attemptId } = (await t.call(startExam, { taskId: exam.task.id }, { as: learner })).data;
    const done = await t.call(finishExam, { attemptId }, { as: learner });
    expect(done.data.passed).toBe(true);
    expect(await header(learner)).toEqual({ creditHour: 2.5, certificateCount: 1 });
  });
});

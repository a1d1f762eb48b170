import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { QuestionType, viewExamReport, viewExamTaskReport } from '@portal/contract';
import { DEMO_ACCOUNTS, DEMO_TENANTS, schema, seedDemoData } from '@portal/db';
import { markAnswer } from '../assessment/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

// The demo exams' results behind the reports (issue 22 item 7; packages/db/src/seed-exams.ts): every
// certificate an exam issued is a passed attempt with its answers and log, and the exam report
// over its default period shows the past rounds with what the rows add up to.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  await seedDemoData(t.database.db, { files: t.platform.storage });
});
afterAll(async () => t?.close());

describe('demo exam results', () => {
  it('backs every certificate an exam issued with a passed attempt: answers marked as the exam marks them, a log, reports with data', async () => {
    const db = t.database.db;
    const now = Date.now();
    const chinaDay = (at: number) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(at);
    // The reports' default period: the last 30 days, today included (features/crm/reports/period.ts).
    const period = { from: chinaDay(now - 29 * 86_400_000), to: chinaDay(now) };
    for (const site of DEMO_TENANTS) {
      const eid = site.eid;
      // Every certificate of an exam is a passed, marked attempt of its holder, with its score,
      // issued once it was marked.
      const orphans = await db.execute(sql`
        SELECT c.id FROM certificates c WHERE c.eid = ${eid} AND c.source_type = 7 AND NOT EXISTS (
          SELECT 1 FROM exam_attempts a WHERE a.eid = c.eid AND a.task_id = c.source_id AND a.account_id = c.account_id
            AND a.status = 3 AND a.passed AND a.score_tenths = c.score_tenths AND a.marked_at <= c.issued_at)`);
      expect(orphans.rows, `${eid}`).toEqual([]);
      const perTask = await db.execute<{ id: number; certificates: number; passed: number; failed: number }>(sql`
        SELECT t.id,
          (SELECT count(*)::int FROM certificates c WHERE c.eid = t.eid AND c.source_type = 7 AND c.source_id = t.id) AS certificates,
          (SELECT count(*)::int FROM exam_attempts a WHERE a.eid = t.eid AND a.task_id = t.id AND a.status = 3 AND a.passed) AS passed,
          (SELECT count(*)::int FROM exam_attempts a WHERE a.eid = t.eid AND a.task_id = t.id AND a.status = 3 AND NOT a.passed) AS failed
        FROM exam_tasks t WHERE t.eid = ${eid}`);
      const issuing = perTask.rows.filter((r) => r.certificates > 0);
      expect(issuing.length).toBeGreaterThanOrEqual(4);
      for (const r of issuing) expect(r.passed, `${eid} task ${r.id}`).toBeGreaterThanOrEqual(r.certificates);
      expect(perTask.rows.reduce((n, r) => n + r.failed, 0)).toBeGreaterThan(0);

      // Every submitted attempt's objective answers are what markAnswer makes of them, a marked
      // one's score is their sum with pass or fail at its pass score, and each has its log.
      const tasks = await db.select().from(schema.examTasks).where(eq(schema.examTasks.eid, eid));
      const attempts = await db.select().from(schema.examAttempts).where(eq(schema.examAttempts.eid, eid));
      const answers = await db.select().from(schema.examAnswers).where(eq(schema.examAnswers.eid, eid));
      const events = await db
        .select()
        .from(schema.examAttemptEvents)
        .where(eq(schema.examAttemptEvents.eid, eid))
        .orderBy(schema.examAttemptEvents.id);
      const records = await db.select().from(schema.examTaskRecords).where(eq(schema.examTaskRecords.eid, eid));
      for (const a of attempts.filter((x) => x.submittedAt !== null)) {
        const task = tasks.find((x) => x.id === a.taskId)!;
        const given = answers.filter((x) => x.attemptId === a.id);
        expect(given).toHaveLength(a.paper.length);
        let sum = 0;
        for (const q of a.paper) {
          const x = given.find((y) => y.questionId === q.questionId)!;
          if (q.questionType === QuestionType.SHORT_ANSWER) continue;
          const mark = markAnswer(q, x.answer, { partialMultiple: task.partialMultiple });
          expect([x.result, x.scoreTenths], `${eid} attempt ${a.id} question ${q.questionId}`).toEqual([
            mark.result,
            mark.scoreTenths,
          ]);
          expect(x.seq > 0).toBe(x.answer.length > 0);
          sum += mark.scoreTenths;
        }
        expect(a.objectiveScoreTenths).toBe(sum);
        if (a.status === 3) {
          expect(a.scoreTenths).toBe(sum);
          expect(a.passed).toBe(sum >= a.passScoreTenths);
        }
        const log = events.filter((e) => e.attemptId === a.id).map((e) => e.kind);
        expect(log.slice(0, 2)).toEqual([1, 2]);
        expect(log.at(-1)).toBe(6);
        const record = records.find((r) => r.taskId === a.taskId && r.accountId === a.accountId)!;
        expect(record.attemptsUsed).toBe(1);
        if (a.status === 3) expect([record.bestScoreTenths, record.passed]).toEqual([a.scoreTenths, a.passed]);
      }
    }

    // The administrator's exam report over the default period: the past rounds with their takers,
    // passes and certificates as counted from the rows, and one round's analysis with data.
    const admin = DEMO_ACCOUNTS.find((p) => p.isAdmin)!;
    const eid = admin.eids[0]!;
    const [account] = await db.select().from(schema.accounts).where(eq(schema.accounts.phone, admin.phone));
    const as = { domain: 'localhost', token: (await t.platform.sessions.create(account!.id, eid)).token };
    const report = await t.call(viewExamReport, { ...period, pageSize: 100 }, { as });
    expect(report.code).toBe(200);
    const counted = await db.execute<{
      id: number;
      takers: number;
      passed: number;
      marked_takers: number;
      certificates: number;
    }>(sql`
      SELECT t.id,
        count(DISTINCT a.account_id)::int AS takers,
        count(DISTINCT a.account_id) FILTER (WHERE a.passed)::int AS passed,
        count(DISTINCT a.account_id) FILTER (WHERE a.status = 3)::int AS marked_takers,
        (SELECT count(*)::int FROM certificates c WHERE c.eid = t.eid AND c.source_type = 7 AND c.source_id = t.id) AS certificates
      FROM exam_tasks t JOIN exam_attempts a ON a.eid = t.eid AND a.task_id = t.id AND a.submitted_at IS NOT NULL
      WHERE t.eid = ${eid} AND t.published = false GROUP BY t.eid, t.id`);
    expect(counted.rows.length).toBeGreaterThanOrEqual(3);
    for (const c of counted.rows) {
      const row = report.data.page.list.find((r) => r.taskId === c.id)!;
      expect(row, `task ${c.id}`).toBeDefined();
      expect(row.takers).toBeGreaterThan(0);
      expect([row.takers, row.passed, row.certificates]).toEqual([c.takers, c.passed, c.certificates]);
      expect(row.passRate).toBe(Math.round((c.passed * 1000) / c.marked_takers) / 10);
      expect(row.passRate).toBeGreaterThan(0);
    }
    const round = counted.rows.find((c) => c.passed < c.takers)!;
    expect(round).toBeDefined();
    const one = await t.call(viewExamTaskReport, { ...period, id: round.id, pageSize: 100 }, { as });
    expect(one.data.row.takers).toBe(round.takers);
    expect(one.data.distribution.reduce((n, x) => n + x, 0)).toBe(one.data.row.marked);
    expect(one.data.distribution[0]).toBeGreaterThan(0);
    expect(one.data.questions.list.length).toBeGreaterThan(0);
    expect(one.data.questions.list.some((q) => q.wrong > 0)).toBe(true);
    expect(one.data.questions.list.every((q) => q.given === one.data.row.marked)).toBe(true);
  });
});

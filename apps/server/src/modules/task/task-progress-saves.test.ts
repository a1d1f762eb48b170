import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskResourceType, TaskStatusLabel, TaskTarget, saveTaskProgress, viewStudyTask } from '@portal/contract';
import { createEnterprise, type Learner } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createMaterial, createTask } from '../../test/task-factories.ts';

// The quick paths of issue 20's targets (decision 033): reads that change nothing take no lock,
// saves below 100 go through the batched writer. What must not regress: completion earns once,
// an acknowledged save is stored, a read still writes a standing that moved.

let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  a = await createEnterprise(t.database.db, { name: '甲企业' });
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const person = (l: Learner): [number, number] => [TaskTarget.PERSON, l.accountId];

async function twoMaterialTask(learners: Learner[], certificate = false) {
  const [m1, m2] = [await createMaterial(db(), a.eid), await createMaterial(db(), a.eid)];
  return createTask(db(), a.eid, {
    task: { ordered: true, points: 7 },
    items: [
      { resourceType: TaskResourceType.MATERIAL, resourceId: m1.id },
      { resourceType: TaskResourceType.MATERIAL, resourceId: m2.id },
    ],
    assign: learners.map(person),
    certificate,
  });
}

const count = async (query: ReturnType<typeof sql>) => (await db().execute<{ n: number }>(query)).rows[0]!.n;

describe('progress saves below 100 (batched) and completion', () => {
  it('earns once under 20 concurrent saves of the last item mixing shares below 100 and 100', async () => {
    const me = await t.learner(a);
    const { task, items } = await twoMaterialTask([me], true);
    const [first, last] = [items[0]!.id, items[1]!.id];
    expect(
      (await t.call(saveTaskProgress, { taskId: task.id, itemId: first, progressPercent: 100 }, { as: me })).code,
    ).toBe(200);
    // The learner's row exists and is learning: these go the quick way.
    const partial = await t.call(saveTaskProgress, { taskId: task.id, itemId: last, progressPercent: 40 }, { as: me });
    expect(partial.data).toMatchObject({
      item: { progressPercent: 40 },
      task: { statusLabel: TaskStatusLabel.LEARNING },
    });

    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.call(
          saveTaskProgress,
          { taskId: task.id, itemId: last, progressPercent: i % 4 === 0 ? 100 : 50 + i, studySeconds: 1 },
          { as: me },
        ),
      ),
    );
    expect(results.map((r) => r.code)).toEqual(Array(20).fill(200));
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM earnings WHERE account_id = ${me.accountId} AND source_type = 5 AND source_id = ${task.id}`,
      ),
    ).toBe(1);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM certificates WHERE account_id = ${me.accountId} AND source_type = 5 AND source_id = ${task.id}`,
      ),
    ).toBe(1);
    const view = await t.call(viewStudyTask, { taskId: task.id }, { as: me });
    expect(view.data).toMatchObject({ statusLabel: TaskStatusLabel.COMPLETED, progressPercent: 100 });
    expect(view.data.items[1]).toMatchObject({ progressPercent: 100 });
    // Every save's seconds counted, quick or locked.
    expect(
      await count(
        sql`SELECT study_seconds AS n FROM study_task_item_progress WHERE account_id = ${me.accountId} AND item_id = ${last}`,
      ),
    ).toBe(20);
  });

  it('stores every acknowledged save of 30 learners saving 8 shares each at once (none lost)', async () => {
    const learners = await Promise.all(Array.from({ length: 30 }, () => t.learner(a)));
    const { task, items } = await twoMaterialTask(learners);
    const itemId = items[0]!.id;
    // The first save makes each learner's row (the locked path); the rest may be batched.
    for (const me of learners) {
      expect((await t.call(saveTaskProgress, { taskId: task.id, itemId, progressPercent: 1 }, { as: me })).code).toBe(
        200,
      );
    }
    const acked = new Map<number, number>();
    await Promise.all(
      learners.flatMap((me) =>
        Array.from({ length: 8 }, async (_, i) => {
          const percent = 10 + ((me.accountId + i * 7) % 89);
          const r = await t.call(
            saveTaskProgress,
            { taskId: task.id, itemId, progressPercent: percent, studySeconds: 2 },
            { as: me },
          );
          expect(r.code).toBe(200);
          expect(r.data.item.progressPercent).toBeGreaterThanOrEqual(percent);
          acked.set(me.accountId, Math.max(acked.get(me.accountId) ?? 0, percent));
        }),
      ),
    );
    const { rows } = await db().execute<{
      account_id: number;
      progress_percent: number;
      study_seconds: number;
      studied: boolean;
    }>(sql`
      SELECT p.account_id, p.progress_percent, p.study_seconds, l.last_studied_at IS NOT NULL AS studied
        FROM study_task_item_progress p
        JOIN study_task_learners l ON l.eid = p.eid AND l.task_id = p.task_id AND l.account_id = p.account_id
       WHERE p.item_id = ${itemId}`);
    expect(rows).toHaveLength(30);
    for (const r of rows) {
      expect(r.progress_percent).toBe(acked.get(r.account_id));
      expect(r.study_seconds).toBe(16);
      expect(r.studied).toBe(true);
    }
    // Below 100 nothing completes and the standing stays learning.
    const standings = await db().execute<{ status: number; completed: boolean }>(sql`
      SELECT DISTINCT status, completed_at IS NOT NULL AS completed FROM study_task_learners WHERE task_id = ${task.id}`);
    expect(standings.rows).toEqual([{ status: TaskStatusLabel.LEARNING, completed: false }]);
  });

  it('a read of a task whose standing moved writes it (the first read, and after an item completes elsewhere)', async () => {
    const me = await t.learner(a);
    const { task, items } = await twoMaterialTask([me]);
    const stored = async () =>
      (
        await db().execute<{ status: number; required_count: number; required_done: number }>(sql`
          SELECT status, required_count, required_done FROM study_task_learners
           WHERE task_id = ${task.id} AND account_id = ${me.accountId}`)
      ).rows[0];
    expect(await stored()).toBeUndefined();
    const first = await t.call(viewStudyTask, { taskId: task.id }, { as: me });
    expect(first.data.statusLabel).toBe(TaskStatusLabel.NOT_STARTED);
    expect(await stored()).toMatchObject({ status: 1, required_count: 2, required_done: 0 });
    // The item's share written behind the task module's back (as an owner's record would change).
    await db().execute(sql`
      INSERT INTO study_task_item_progress (eid, item_id, account_id, task_id, progress_percent, completed_at)
      VALUES (${a.eid}, ${items[0]!.id}, ${me.accountId}, ${task.id}, 100, now())`);
    const second = await t.call(viewStudyTask, { taskId: task.id }, { as: me });
    expect(second.data).toMatchObject({ statusLabel: TaskStatusLabel.LEARNING, progressPercent: 50 });
    expect(await stored()).toMatchObject({ status: 2, required_done: 1 });
  });
});

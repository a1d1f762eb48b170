import { sql } from 'drizzle-orm';
import { withTenant, type Db } from '@portal/db';
import { Batcher } from '../../platform/batcher.ts';

/** One material item's share below 100, waiting for its batch. */
export interface ProgressSave {
  eid: number;
  accountId: number;
  taskId: number;
  itemId: number;
  percent: number;
  studySeconds: number;
}

interface Pending extends ProgressSave {
  resolve: () => void;
  reject: (err: unknown) => void;
}

const ints = (values: number[]) => `{${values.map((n) => Math.trunc(n)).join(',')}}`;

/**
 * The task player's saves of a material item below 100 % (issue 20 target: 1 000 learners at
 * once), written in batches per enterprise through `Batcher` as the course player's ticks are
 * (decision 028): such a save changes no standing (the caller checked it with a quiet evaluation,
 * decision 033), so it needs neither the learner's lock held across a re-evaluation nor an
 * earning; a batch is one short transaction of two statements, whatever its size. A save is
 * answered after its batch committed, so an acknowledged save is stored. One learner's saves of
 * one task go one batch after another (`keyOf`), so two batches never wait on each other's rows.
 */
export class ProgressSaves {
  private readonly batcher: Batcher<Pending>;

  constructor(private readonly db: Db) {
    this.batcher = new Batcher<Pending>({
      groupOf: (s) => s.eid,
      keyOf: (s) => `${s.eid}:${s.accountId}:${s.taskId}`,
      run: (batch, eid) => withTenant(eid as number, () => this.flush(eid as number, batch)),
      fail: (s, err) => s.reject(err),
    });
  }

  save(s: ProgressSave): Promise<void> {
    return new Promise((resolve, reject) => this.batcher.add({ ...s, resolve, reject }));
  }

  private async flush(eid: number, batch: Pending[]) {
    const accounts = ints(batch.map((s) => s.accountId));
    const tasks = ints(batch.map((s) => s.taskId));
    await this.db.transaction(async (tx) => {
      // The standings first, as `reevaluate` locks them before it writes an item's progress: a
      // batch and a learner's locked re-evaluation take the two rows in the same order.
      await tx.execute(sql`
        UPDATE study_task_learners l SET last_studied_at = now()
          FROM unnest(${accounts}::int[], ${tasks}::int[]) AS v(account_id, task_id)
         WHERE l.eid = ${eid} AND l.account_id = v.account_id AND l.task_id = v.task_id`);
      await tx.execute(sql`
        INSERT INTO study_task_item_progress (eid, item_id, account_id, task_id, progress_percent, study_seconds)
        SELECT ${eid}, v.item_id, v.account_id, v.task_id, v.percent, v.seconds
          FROM unnest(${ints(batch.map((s) => s.itemId))}::int[], ${accounts}::int[], ${tasks}::int[],
                      ${ints(batch.map((s) => s.percent))}::int[], ${ints(batch.map((s) => s.studySeconds))}::int[])
               AS v(item_id, account_id, task_id, percent, seconds)
        ON CONFLICT (eid, item_id, account_id) DO UPDATE SET
          progress_percent = GREATEST(study_task_item_progress.progress_percent, EXCLUDED.progress_percent),
          study_seconds = study_task_item_progress.study_seconds + EXCLUDED.study_seconds,
          updated_at = now()`);
    });
    for (const s of batch) s.resolve();
  }
}

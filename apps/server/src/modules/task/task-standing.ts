import { EarningSource, TaskResourceType } from '@portal/contract';
import type { Db, Tx } from '@portal/db';
import { afterCommit } from '../../platform/after-commit.ts';
import type { Learner } from '../../platform/learner.ts';
import { checkInCountsOf } from '../check-in/index.ts';
import { earnOnce } from '../earning/index.ts';
import { examStandingsOf } from '../exam/index.ts';
import { practiceRoundsOf } from '../practice/index.ts';
import { courseCompletionsOf } from '../study/index.ts';
import { TaskRepository, type ItemRow, type QuietState, type StandingRow, type TaskRow } from './task.repository.ts';
import { EXAM_ITEM_TYPES, evaluateTask, type Evaluation, type Sources } from './task.rules.ts';

const idsOf = (items: ItemRow[], types: readonly number[]) => [
  ...new Set(items.filter((i) => types.includes(i.resourceType)).map((i) => i.resourceId)),
];

/**
 * Re-evaluates one learner's task in the caller's transaction (decision 033): locks (making it if
 * missing) the learner's `study_task_learners` row, reads what the owners of the items' resources
 * say, stores the standing and, the one time the task completes, earns what it grants through
 * `earnOnce` (source 5) and announces the completion (resource type 5) after the commit for the
 * project module. Concurrent evaluations of one learner's task wait on the row: one completes.
 * `studied`: the learner did something now (the row's last-studied time moves).
 */
export async function reevaluate(tx: Tx, who: Learner, task: TaskRow, studied = false): Promise<Evaluation> {
  const before = await TaskRepository.lockStanding(tx, who.eid, who.accountId, task.id);
  const items = await TaskRepository.findItems(tx, who.eid, task.id);
  // One after another: a transaction's queries share one connection.
  const courses = await courseCompletionsOf(tx, who, idsOf(items, [TaskResourceType.COURSE]));
  const exams = await examStandingsOf(tx, who, idsOf(items, EXAM_ITEM_TYPES));
  const rounds = await practiceRoundsOf(tx, who, idsOf(items, [TaskResourceType.EXERCISE]));
  const checkIns = await checkInCountsOf(tx, who, idsOf(items, [TaskResourceType.CHECK_IN]));
  const progress = await TaskRepository.findItemProgress(tx, who.eid, who.accountId, task.id);
  const now = await TaskRepository.now(tx);
  const evaluation = evaluateTask(
    task,
    items,
    { courses, exams, rounds, checkIns, progress: new Map(progress.map((p) => [p.itemId, p])) },
    before,
    now,
  );
  const changed = standingChanged(before, evaluation.standing);
  if (changed || studied)
    await TaskRepository.writeStanding(tx, who.eid, who.accountId, task.id, evaluation.standing, studied);
  if (evaluation.completedNow) {
    await earnOnce(tx, who, {
      source: { type: EarningSource.STUDY_TASK, id: task.id, title: task.title },
      hoursTenths: task.creditTenths,
      points: task.points,
      certificate:
        task.certificateTemplateId === null ? null : { templateId: task.certificateTemplateId, scoreTenths: null },
    });
    afterCommit(tx, (e) =>
      e.learned({
        eid: who.eid,
        accountId: who.accountId,
        resourceType: EarningSource.STUDY_TASK,
        resourceId: task.id,
      }),
    );
  }
  return evaluation;
}

/** Whether an evaluation's standing differs from the stored one (then it must be written, under the lock). */
export function standingChanged(before: StandingRow, s: StandingRow): boolean {
  return (
    s.status !== before.status ||
    s.requiredDone !== before.requiredDone ||
    s.requiredCount !== before.requiredCount ||
    s.progressPercent !== before.progressPercent ||
    s.completedAt?.getTime() !== before.completedAt?.getTime() ||
    s.missedAt?.getTime() !== before.missedAt?.getTime()
  );
}

/** A learner's task evaluated from a read without the lock, with what it was read from. */
export interface QuietEvaluation {
  evaluation: Evaluation;
  /** The stored standing (null: the learner's row does not exist yet). */
  stored: StandingRow | null;
  items: ItemRow[];
  sources: Sources;
  now: Date;
}

/** The standing of a row never evaluated (what `lockStanding` makes). */
const FRESH: StandingRow = {
  status: 1,
  requiredDone: 0,
  requiredCount: 0,
  progressPercent: 0,
  completedAt: null,
  missedAt: null,
};

/**
 * Evaluates one learner's task without a transaction or lock (decision 033, issue 20 targets) from
 * the task's rows read in one statement (`TaskRepository.viewQuietState`: the items, the learner's
 * progress, the stored standing with the database's clock), and then what the owners of the items'
 * resources say, side by side on the pool through their modules' front doors (two round trips in
 * all). It stores nothing: `needsWrite` says when the locked `reevaluate` must run (the standing
 * moved, or the task completes, which earns under the lock exactly once).
 */
export async function evaluateLoaded(
  db: Db,
  who: Learner,
  loaded: Pick<QuietState, 'task' | 'items' | 'progress' | 'standing' | 'now'>,
): Promise<QuietEvaluation> {
  const { task, items, progress, standing, now } = loaded;
  const [courses, exams, rounds, checkIns] = await Promise.all([
    courseCompletionsOf(db, who, idsOf(items, [TaskResourceType.COURSE])),
    examStandingsOf(db, who, idsOf(items, EXAM_ITEM_TYPES)),
    practiceRoundsOf(db, who, idsOf(items, [TaskResourceType.EXERCISE])),
    checkInCountsOf(db, who, idsOf(items, [TaskResourceType.CHECK_IN])),
  ]);
  const sources: Sources = {
    courses,
    exams,
    rounds,
    checkIns,
    progress: new Map(progress.map((p) => [p.itemId, p])),
  };
  const evaluation = evaluateTask(task, items, sources, standing ?? FRESH, now);
  return { evaluation, stored: standing, items, sources, now };
}

/** The quiet evaluation is what is stored: nothing to write, nothing to earn. */
export function needsWrite(q: Pick<QuietEvaluation, 'evaluation' | 'stored'>): boolean {
  return q.stored === null || q.evaluation.completedNow || standingChanged(q.stored, q.evaluation.standing);
}

import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import {
  ErrorCode,
  TaskResourceType,
  TaskStatusLabel,
  TaskType,
  pageOffset,
  toPage,
  type StudyTaskCounts,
  type StudyTaskDetail,
  type StudyTaskSummary,
  type TaskItemProgress,
  type TaskRelationRow,
} from '@portal/contract';
import { AppError } from '../../platform/errors.ts';
import type { Learner } from '../../platform/learner.ts';
import type { Tx } from '@portal/db';
import { presentComment, presentItem, presentListedTask, presentStanding, presentTaskRow } from './task.presenter.ts';
import { requireItem, requireOpen, requireSelfReported, requireTask } from './task.policy.ts';
import { TaskRepository, type ListFilter, type TaskRow } from './task.repository.ts';
import { evaluateTask, type Evaluation } from './task.rules.ts';
import { ProgressSaves } from './task-progress-saves.ts';
import { evaluateLoaded, needsWrite, reevaluate, standingChanged } from './task-standing.ts';

/** A list's page. */
export interface Paging {
  pageCurrent: number;
  pageSize: number;
}

/**
 * Sanitised intros by task and a hash of the text (a changed intro is a new key, so nothing goes
 * stale), bounded: a task's page is read far more often than its intro changes, and sanitising
 * builds a DOM each time.
 */
const intros = new LRUCache<string, string>({ max: 500 });
const sanitize = async (taskId: number, html: string) => {
  const key = `${taskId}:${html.length}:${createHash('sha1').update(html).digest('base64')}`;
  const hit = intros.get(key);
  if (hit !== undefined) return hit;
  const clean = (await import('@portal/contract/sanitize')).sanitizeRichText(html);
  intros.set(key, clean);
  return clean;
};

/**
 * The learner's side of study tasks (issue 20 items 1 and 4, decision 033): lists read the stored
 * standings; a task's page and every progress call evaluate the learner's standing first, so what
 * they answer is current: without a lock when that changes nothing stored, else again under the
 * learner's row lock, so the standing is written and completion earns once.
 */
export class TaskLearning {
  private readonly saves: ProgressSaves;

  constructor(private readonly repo: TaskRepository) {
    this.saves = new ProgressSaves(repo.database);
  }

  async findTasks(who: Learner, q: ListFilter & Paging) {
    const { rows, total } = await this.repo.findTasks(who, q, pageOffset(q.pageCurrent, q.pageSize), q.pageSize);
    return toPage(rows.map(presentListedTask), total, q.pageCurrent, q.pageSize);
  }

  async countTasks(who: Learner, q: ListFilter): Promise<StudyTaskCounts> {
    const counts = await this.repo.countByStatus(who, q);
    const n = (label: number) => counts.get(label) ?? 0;
    return {
      total: [...counts.values()].reduce((a, b) => a + b, 0),
      notStarted: n(TaskStatusLabel.NOT_STARTED),
      learning: n(TaskStatusLabel.LEARNING),
      completed: n(TaskStatusLabel.COMPLETED),
      waitingForExam: n(TaskStatusLabel.WAITING_FOR_EXAM),
      passed: n(TaskStatusLabel.PASSED),
      failed: n(TaskStatusLabel.FAILED),
      waitingForMarking: n(TaskStatusLabel.WAITING_FOR_MARKING),
      missed: n(TaskStatusLabel.MISSED),
    };
  }

  async summarize(who: Learner): Promise<StudyTaskSummary> {
    const [counts, earned] = await Promise.all([this.countTasks(who, {}), this.repo.earnedFromTasks(who)]);
    return {
      assigned: counts.total,
      // Under way: learning, waiting for an exam or its marking (a failed assessment is not).
      learning: counts.learning + counts.waitingForExam + counts.waitingForMarking,
      completed: counts.completed + counts.passed,
      missed: counts.missed,
      creditTenths: earned.creditTenths,
      points: earned.points,
    };
  }

  /**
   * The learner's task evaluated, with the resources its items show: without a transaction when
   * the evaluation changes nothing stored (the common read), else re-evaluated under the lock.
   */
  private async current(who: Learner, taskId: number) {
    const state = requireTask(await TaskRepository.viewQuietState(this.repoDb(), who, taskId));
    const quiet = await evaluateLoaded(this.repoDb(), who, state);
    if (needsWrite(quiet)) return { ...(await this.evaluated(who, taskId)), marked: state.marked };
    return { task: state.task, ev: quiet.evaluation, materials: state.materials, marked: state.marked };
  }

  /** The learner's task re-evaluated in its own transaction, with the resources its items show. */
  private async evaluated(
    who: Learner,
    taskId: number,
    then?: (ev: Evaluation, task: TaskRow, now: Date, tx: Tx) => Promise<void>,
  ) {
    return this.repo.transaction(async (tx) => {
      const task = requireTask(await this.repo.viewAssignedTask(tx, who, taskId));
      let ev = await reevaluate(tx, who, task);
      if (then) {
        await then(ev, task, await TaskRepository.now(tx), tx);
        ev = await reevaluate(tx, who, task, true);
      }
      const materials = await this.repo.findMaterials(tx, who.eid, materialIds(ev));
      return { task, ev, materials };
    });
  }

  async viewTask(who: Learner, taskId: number): Promise<StudyTaskDetail> {
    // The mark comes with the task's rows (one statement). A certificate exists only once the task
    // completed with one.
    const { task, ev, materials, marked } = await this.current(who, taskId);
    const [certificateId, mentor, intro] = await Promise.all([
      ev.standing.completedAt && task.certificateTemplateId !== null ? this.repo.certificateOf(who, taskId) : null,
      task.taskType === TaskType.COACHING ? this.repo.mentorOf(this.repoDb(), who.eid, taskId, who.accountId) : null,
      sanitize(task.id, task.intro),
    ]);
    return {
      ...presentTaskRow(task, ev.standing),
      intro,
      commentsOpen: task.commentsOpen,
      marked,
      passScoreTenths: task.taskType === TaskType.ASSESSMENT ? (task.passRule.minExamScoreTenths ?? null) : null,
      mentor,
      certificateId,
      items: ev.items.map((s) => presentItem(task, s, materials)),
    };
  }

  private repoDb() {
    return this.repo.database;
  }

  private answer(
    task: TaskRow,
    ev: Evaluation,
    materials: Awaited<ReturnType<TaskLearning['evaluated']>>['materials'],
    itemId: number,
  ): TaskItemProgress {
    return {
      item: presentItem(task, requireItem(ev.items, itemId), materials),
      task: { taskId: task.id, ...presentStanding(ev.standing) },
    };
  }

  /**
   * A material item's progress (decision 033): the largest share reported stands, done at 100.
   * Locked items (8004), a missed timed task (8102), a task not open yet (8105) and items whose
   * completion another module keeps (8103) are refused, nothing stored.
   */
  async saveProgress(
    who: Learner,
    q: { taskId: number; itemId: number; progressPercent: number; studySeconds?: number | undefined },
  ) {
    if (q.progressPercent < 100) {
      const quick = await this.saveBelowDone(who, q);
      if (quick) return quick;
    }
    const { task, ev, materials } = await this.evaluated(who, q.taskId, async (before, task, now, tx) => {
      const state = requireItem(before.items, q.itemId);
      requireOpen(task, state, before.standing.status === TaskStatusLabel.MISSED, now);
      requireSelfReported(state.item);
      await this.repo.saveMaterialProgress(tx, who, state.item, q.progressPercent, q.studySeconds ?? 0);
    });
    return this.answer(task, ev, materials, q.itemId);
  }

  /**
   * A share below 100 that moves nothing but the item's own share (issue 20 target, decision 033):
   * checked on a quiet evaluation, and when the standing with the new share is what is stored (the
   * learner's row exists, nothing completes, no status moves), stored through the batched writer
   * without the lock. Otherwise null: the locked path saves it.
   */
  private async saveBelowDone(
    who: Learner,
    q: { taskId: number; itemId: number; progressPercent: number; studySeconds?: number | undefined },
  ): Promise<TaskItemProgress | null> {
    const loaded = requireTask(await TaskRepository.viewQuietState(this.repoDb(), who, q.taskId));
    const { task } = loaded;
    const quiet = await evaluateLoaded(this.repoDb(), who, loaded);
    if (needsWrite(quiet)) return null;
    const { evaluation, sources } = quiet;
    const state = requireItem(evaluation.items, q.itemId);
    requireOpen(task, state, evaluation.standing.status === TaskStatusLabel.MISSED, quiet.now);
    requireSelfReported(state.item);
    // The standing once this share is stored (the larger share stands, as the SQL keeps it).
    const own = sources.progress.get(q.itemId);
    const progress = new Map(sources.progress);
    progress.set(q.itemId, {
      itemId: q.itemId,
      progressPercent: Math.max(own?.progressPercent ?? 0, q.progressPercent),
      studySeconds: (own?.studySeconds ?? 0) + (q.studySeconds ?? 0),
      completedAt: own?.completedAt ?? null,
      confirmedBy: own?.confirmedBy ?? null,
      confirmedAt: own?.confirmedAt ?? null,
    });
    const stored = quiet.stored!;
    const after = evaluateTask(task, quiet.items, { ...sources, progress }, stored, quiet.now);
    if (after.completedNow || standingChanged(stored, after.standing)) return null;
    await this.saves.save({
      eid: who.eid,
      accountId: who.accountId,
      taskId: task.id,
      itemId: q.itemId,
      percent: q.progressPercent,
      studySeconds: q.studySeconds ?? 0,
    });
    return this.answer(task, after, loaded.materials, q.itemId);
  }

  async getProgress(who: Learner, q: { taskId: number; itemId: number }) {
    const { task, ev, materials } = await this.current(who, q.taskId);
    return this.answer(task, ev, materials, q.itemId);
  }

  /** May the learner open the item now: the item, or 8004 (locked), 8102 (missed), 8105 (not open yet). */
  async checkResource(who: Learner, q: { taskId: number; itemId: number }) {
    // Asking writes nothing: the quiet evaluation answers unless the standing must be stored first.
    const loaded = requireTask(await TaskRepository.viewQuietState(this.repoDb(), who, q.taskId));
    const quiet = await evaluateLoaded(this.repoDb(), who, loaded);
    const { task, ev, materials, now } = needsWrite(quiet)
      ? await this.repo.transaction(async (tx) => {
          const task = requireTask(await this.repo.viewAssignedTask(tx, who, q.taskId));
          const ev = await reevaluate(tx, who, task);
          const materials = await this.repo.findMaterials(tx, who.eid, materialIds(ev));
          return { task, ev, materials, now: await TaskRepository.now(tx) };
        })
      : { task: loaded.task, ev: quiet.evaluation, materials: loaded.materials, now: quiet.now };
    const state = requireItem(ev.items, q.itemId);
    requireOpen(task, state, ev.standing.status === TaskStatusLabel.MISSED, now);
    return presentItem(task, state, materials);
  }

  async viewMark(who: Learner, taskId: number) {
    requireTask(await this.repo.viewAssignedTask(this.repoDb(), who, taskId));
    return { marked: await this.repo.isMarked(who, taskId) };
  }

  async saveMark(who: Learner, taskId: number, marked: boolean) {
    requireTask(await this.repo.viewAssignedTask(this.repoDb(), who, taskId));
    await this.repo.setMark(who, taskId, marked);
    return { marked };
  }

  async findComments(who: Learner, q: { taskId: number } & Paging) {
    requireTask(await this.repo.viewAssignedTask(this.repoDb(), who, q.taskId));
    const { rows, total } = await this.repo.findComments(
      who.eid,
      q.taskId,
      pageOffset(q.pageCurrent, q.pageSize),
      q.pageSize,
    );
    return toPage(
      rows.map((c) => presentComment(c, who.accountId)),
      total,
      q.pageCurrent,
      q.pageSize,
    );
  }

  async saveComment(who: Learner, taskId: number, content: string) {
    const task = requireTask(await this.repo.viewAssignedTask(this.repoDb(), who, taskId));
    if (!task.commentsOpen) throw new AppError(ErrorCode.STUDY_TASK_COMMENTS_CLOSED);
    return presentComment(await this.repo.saveComment(who, taskId, content), who.accountId);
  }

  /** Deletes the learner's own comment: another's is 5401, a missing one 404. */
  async deleteComment(who: Learner, id: number): Promise<null> {
    const comment = await this.repo.viewComment(who.eid, id);
    if (!comment) throw new AppError(ErrorCode.NOT_FOUND);
    if (comment.accountId !== who.accountId) throw new AppError(ErrorCode.COMMENT_NOT_OWN);
    await this.repo.deleteComment(who, id);
    return null;
  }

  async findRelations(who: Learner, q: ListFilter & Paging) {
    const { rows, total } = await this.repo.findTasks(who, q, pageOffset(q.pageCurrent, q.pageSize), q.pageSize);
    return toPage(rows.map(presentRelation), total, q.pageCurrent, q.pageSize);
  }

  /** Every record of the filter, for the export (pages of 500). */
  async *allRelations(who: Learner, filter: ListFilter): AsyncGenerator<TaskRelationRow> {
    for (let offset = 0; ; offset += 500) {
      const { rows } = await this.repo.findTasks(who, filter, offset, 500);
      for (const r of rows) yield presentRelation(r);
      if (rows.length < 500) return;
    }
  }
}

const materialIds = (ev: Evaluation) =>
  ev.items.filter((s) => s.item.resourceType === TaskResourceType.MATERIAL).map((s) => s.item.resourceId);

function presentRelation(r: Parameters<typeof presentListedTask>[0]): TaskRelationRow {
  const row = presentListedTask(r);
  return {
    taskId: row.id,
    title: row.title,
    taskType: row.taskType,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    statusLabel: row.statusLabel,
    progressPercent: row.progressPercent,
    completedAt: row.completedAt,
    earnedCreditTenths: r.earnedCreditTenths ?? 0,
    earnedPoints: r.earnedPoints ?? 0,
  };
}

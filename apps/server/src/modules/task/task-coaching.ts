import {
  ErrorCode,
  TaskStatusLabel,
  TaskType,
  toPage,
  pageOffset,
  type CoachingRelation,
  type CoachingStep,
} from '@portal/contract';
import { AppError } from '../../platform/errors.ts';
import type { Learner } from '../../platform/learner.ts';
import { presentItem } from './task.presenter.ts';
import { requireItem } from './task.policy.ts';
import type { Person, TaskRepository, TaskRow } from './task.repository.ts';
import type { ItemState } from './task.rules.ts';
import { reevaluate } from './task-standing.ts';
import type { Paging } from './task-learning.ts';

/**
 * Coaching (issue 20 item 3, decision 033): a coaching task gives each coached learner a mentor
 * (another learner of the enterprise, `study_task_mentors`); the coached learner and their mentor
 * see the learner's steps, and the mentor confirms each step once its own completion holds (a
 * material step, work shown on the job, directly). A step counts as done only once confirmed.
 */
export class TaskCoaching {
  constructor(private readonly repo: TaskRepository) {}

  async findRelations(who: Learner) {
    const [asLearner, asMentor] = await Promise.all([
      this.repo.findCoachingRelations(who, 'learner'),
      this.repo.findCoachingRelations(who, 'mentor'),
    ]);
    return { asLearner: asLearner.map(presentRelation), asMentor: asMentor.map(presentRelation) };
  }

  /**
   * The coaching task and the coached learner's mentor, when `who` may see them: that learner or
   * their mentor (8106 for anyone else, another enterprise's task, a task that is not coaching).
   */
  private async relationOf(who: Learner, taskId: number, learnerId: number, mentorOnly: boolean) {
    const mentor = await this.repo.mentorOf(this.repo.database, who.eid, taskId, learnerId);
    const allowed =
      mentor !== null && (who.accountId === mentor.accountId || (!mentorOnly && who.accountId === learnerId));
    if (!allowed) throw new AppError(ErrorCode.STUDY_TASK_NOT_YOUR_COACHING);
    const task = await this.repo.viewTask(who.eid, taskId);
    if (!task || task.taskType !== TaskType.COACHING) throw new AppError(ErrorCode.STUDY_TASK_NOT_YOUR_COACHING);
    const learner = await this.repo.viewPerson(who.eid, learnerId);
    if (!learner) throw new AppError(ErrorCode.STUDY_TASK_NOT_YOUR_COACHING);
    return { task, mentor, learner };
  }

  async findSteps(who: Learner, q: { taskId: number; learnerId: number } & Paging) {
    const { task, mentor, learner } = await this.relationOf(who, q.taskId, q.learnerId, false);
    const coached = { eid: who.eid, accountId: q.learnerId };
    const ev = await this.repo.transaction((tx) => reevaluate(tx, coached, task));
    const materials = await this.repo.findMaterials(this.repo.database, who.eid, materialIds(ev.items));
    const steps = ev.items.map((s) => presentStep(task, s, materials));
    const offset = pageOffset(q.pageCurrent, q.pageSize);
    const s = ev.standing;
    const relation: CoachingRelation = {
      taskId: task.id,
      taskTitle: task.title,
      learner,
      mentor,
      statusLabel: s.status,
      progressPercent: s.progressPercent,
      requiredDone: s.requiredDone,
      requiredCount: s.requiredCount,
      completedAt: s.completedAt?.toISOString() ?? null,
      confirmedCount: ev.items.filter((i) => i.confirmedAt !== null).length,
      itemCount: ev.items.length,
    };
    return {
      ...toPage(steps.slice(offset, offset + q.pageSize), steps.length, q.pageCurrent, q.pageSize),
      relation,
    };
  }

  /**
   * The mentor confirms a step of their own coached learner (8106 otherwise): once its own
   * completion holds, or directly for a material step (8107 before); a locked step is 8004. A
   * step confirmed before answers as it is. The task is re-evaluated in the same transaction.
   */
  async confirmStep(who: Learner, q: { taskId: number; learnerId: number; itemId: number }): Promise<CoachingStep> {
    const { task } = await this.relationOf(who, q.taskId, q.learnerId, true);
    const coached = { eid: who.eid, accountId: q.learnerId };
    const ev = await this.repo.transaction(async (tx) => {
      const before = await reevaluate(tx, coached, task);
      const state = requireItem(before.items, q.itemId);
      if (state.confirmedAt !== null) return before;
      if (state.locked) throw new AppError(ErrorCode.STUDY_RESOURCE_LOCKED);
      if (!state.confirmable) throw new AppError(ErrorCode.STUDY_TASK_STEP_NOT_DONE);
      await this.repo.confirmStep(tx, who.eid, q.learnerId, state.item, who.accountId);
      return reevaluate(tx, coached, task, true);
    });
    const materials = await this.repo.findMaterials(this.repo.database, who.eid, materialIds(ev.items));
    return presentStep(task, requireItem(ev.items, q.itemId), materials);
  }
}

const materialIds = (items: ItemState[]) =>
  items.filter((s) => s.item.resourceType === 4).map((s) => s.item.resourceId);

function presentStep(task: TaskRow, s: ItemState, materials: Parameters<typeof presentItem>[2]): CoachingStep {
  return {
    ...presentItem(task, s, materials),
    confirmedAt: s.confirmedAt?.toISOString() ?? null,
    confirmable: s.confirmable && !s.locked,
  };
}

function presentRelation(r: {
  taskId: number;
  taskTitle: string;
  missedNow: boolean;
  status: number | null;
  requiredDone: number;
  requiredCount: number;
  progressPercent: number;
  completedAt: Date | null;
  confirmedCount: number;
  itemCount: number;
  learner: Person;
  mentor: Person;
}): CoachingRelation {
  return {
    taskId: r.taskId,
    taskTitle: r.taskTitle,
    learner: r.learner,
    mentor: r.mentor,
    statusLabel: r.missedNow ? TaskStatusLabel.MISSED : (r.status ?? TaskStatusLabel.NOT_STARTED),
    progressPercent: r.progressPercent,
    requiredDone: r.requiredDone,
    requiredCount: r.requiredCount,
    completedAt: r.completedAt?.toISOString() ?? null,
    confirmedCount: r.confirmedCount,
    itemCount: r.itemCount,
  };
}

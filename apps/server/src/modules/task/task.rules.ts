import { TaskResourceType, TaskStatusLabel, TaskType } from '@portal/contract';
import type { CheckInCount } from '../check-in/index.ts';
import type { ExamStanding } from '../exam/index.ts';
import type { CourseCompletion } from '../study/index.ts';
import type { ItemProgressRow, ItemRow, StandingRow, TaskRow } from './task.repository.ts';

/** What the owners of the items' resources say of one learner (decision 033). */
export interface Sources {
  courses: Map<number, CourseCompletion>;
  exams: Map<number, ExamStanding>;
  rounds: Map<number, Date>;
  checkIns: Map<number, CheckInCount>;
  progress: Map<number, ItemProgressRow>;
}

/** One item as evaluated for a learner. */
export interface ItemState {
  item: ItemRow;
  /** The resource's own completion holds (its owner says so; a material read to its end). */
  ownDone: boolean;
  /** Counts as done for the task: own completion, and in a coaching task the mentor's confirmation. */
  done: boolean;
  locked: boolean;
  progressPercent: number;
  completedAt: Date | null;
  scoreTenths: number | null;
  /** The bar an exam item's best score must reach (null: the exam's own pass). */
  barTenths: number | null;
  waitingForMarking: boolean;
  attemptsLeft: boolean;
  /** An exam item can no longer be passed (no attempt left or the exam closed, below the bar). */
  failedForGood: boolean;
  checkIn: CheckInCount | null;
  confirmedAt: Date | null;
  /** The mentor may confirm it (coaching tasks). */
  confirmable: boolean;
  started: boolean;
}

export interface Evaluation {
  items: ItemState[];
  standing: StandingRow;
  /** The task completed in this evaluation (it earns now). */
  completedNow: boolean;
}

export const EXAM_ITEM_TYPES: readonly number[] = [TaskResourceType.EXAM_TASK, TaskResourceType.EXAM_PAPER];

/**
 * Items whose completion the learner reports here (materials); the others' completion is their
 * owner's (course, exam, exercise, check-in) and progress/save refuses them (8103).
 */
export const isSelfReported = (item: ItemRow) => item.resourceType === TaskResourceType.MATERIAL;

/**
 * A coaching step the mentor may confirm without a completion of its own: a material item is the
 * description of work done on the job, which only the mentor can see was done (decision 033).
 */
const confirmableDirectly = (item: ItemRow) => item.resourceType === TaskResourceType.MATERIAL;

function evaluateItem(task: TaskRow, item: ItemRow, src: Sources): Omit<ItemState, 'locked'> {
  const own = src.progress.get(item.id);
  const coaching = task.taskType === TaskType.COACHING;
  const base = {
    item,
    scoreTenths: null as number | null,
    barTenths: null as number | null,
    waitingForMarking: false,
    attemptsLeft: false,
    failedForGood: false,
    checkIn: null as CheckInCount | null,
    confirmedAt: own?.confirmedAt ?? null,
  };
  let ownDone = false;
  let progressPercent = 0;
  let completedAt: Date | null = null;
  let started = false;
  switch (item.resourceType) {
    case TaskResourceType.COURSE: {
      const c = src.courses.get(item.resourceId);
      ownDone = Boolean(c?.completedAt);
      progressPercent = ownDone ? 100 : (c?.progressPercent ?? 0);
      completedAt = c?.completedAt ?? null;
      started = c !== undefined;
      break;
    }
    case TaskResourceType.EXAM_TASK:
    case TaskResourceType.EXAM_PAPER: {
      const e = src.exams.get(item.resourceId);
      // The bar: the item's own, else the assessment's rule, else the exam's pass.
      const bar =
        item.minScoreTenths ??
        (task.taskType === TaskType.ASSESSMENT ? (task.passRule.minExamScoreTenths ?? null) : null);
      base.barTenths = bar;
      if (e) {
        base.scoreTenths = e.bestScoreTenths;
        base.waitingForMarking = e.waitingForMarking;
        base.attemptsLeft = !e.closed && (e.attemptsUsed < e.attemptsAllowed || e.answering);
        ownDone = bar === null ? e.passed : e.bestScoreTenths !== null && e.bestScoreTenths >= bar;
        completedAt = ownDone ? (e.passedAt ?? null) : null;
        progressPercent = ownDone ? 100 : 0;
        started = e.attemptsUsed > 0 || e.answering;
        base.failedForGood = !ownDone && !base.attemptsLeft && !e.waitingForMarking;
      }
      break;
    }
    case TaskResourceType.EXERCISE: {
      const at = src.rounds.get(item.resourceId);
      ownDone = at !== undefined;
      completedAt = at ?? null;
      progressPercent = ownDone ? 100 : 0;
      started = ownDone;
      break;
    }
    case TaskResourceType.CHECK_IN: {
      const c = src.checkIns.get(item.resourceId) ?? null;
      base.checkIn = c;
      ownDone = c !== null && c.made >= c.required;
      progressPercent = c && c.required > 0 ? Math.min(100, Math.floor((c.made * 100) / c.required)) : 0;
      started = (c?.made ?? 0) > 0;
      break;
    }
    case TaskResourceType.MATERIAL: {
      ownDone = Boolean(own?.completedAt);
      progressPercent = own?.progressPercent ?? 0;
      completedAt = own?.completedAt ?? null;
      started = progressPercent > 0;
      break;
    }
    default:
      break;
  }
  const confirmed = own?.confirmedAt != null;
  const done = coaching ? confirmed : ownDone;
  return {
    ...base,
    ownDone,
    done,
    progressPercent: coaching && confirmed ? 100 : progressPercent,
    completedAt: coaching ? (own?.confirmedAt ?? null) : completedAt,
    confirmable: coaching && !confirmed && (ownDone || confirmableDirectly(item)),
    started: started || confirmed,
  };
}

/**
 * A learner's standing in a task from its items (decision 033):
 * - an item is done when its owner says so (and, in a coaching task, once its mentor confirmed it);
 * - in an ordered task an item is locked while a required item before it is not done;
 * - the task completes when its required items are done (all items when none is required; an
 *   assessment's `passRule.minRequiredDone` may ask fewer), and stays complete;
 * - a timed task unfinished at its end is missed (9) and stays missed;
 * - an assessment task fails (6) while an exam item below its bar can no longer be passed;
 * - otherwise 7 while an exam attempt waits for marking, 4 in an exam task when only exam items
 *   are left, 2 once anything was started, 1 before.
 */
export function evaluateTask(
  task: TaskRow,
  itemRows: ItemRow[],
  src: Sources,
  before: StandingRow,
  now: Date,
): Evaluation {
  const evaluated = itemRows.map((item) => evaluateItem(task, item, src));
  let blocked = false;
  const items: ItemState[] = evaluated.map((s) => {
    const locked = task.ordered && blocked;
    if (!s.done && (s.item.required || !itemRows.some((i) => i.required))) blocked = true;
    return { ...s, locked };
  });
  const counted = items.some((s) => s.item.required) ? items.filter((s) => s.item.required) : items;
  const requiredCount = counted.length;
  const requiredDone = counted.filter((s) => s.done).length;
  const progressPercent = requiredCount === 0 ? 0 : Math.floor((requiredDone * 100) / requiredCount);
  const assessment = task.taskType === TaskType.ASSESSMENT;
  const needed =
    assessment && task.passRule.minRequiredDone !== undefined
      ? Math.max(1, Math.min(requiredCount, task.passRule.minRequiredDone))
      : requiredCount;
  const complete = requiredCount > 0 && requiredDone >= needed;
  const completedLabel = assessment ? TaskStatusLabel.PASSED : TaskStatusLabel.COMPLETED;

  let completedAt = before.completedAt;
  let missedAt = before.missedAt;
  let completedNow = false;
  let status: number;
  if (completedAt) {
    status = completedLabel;
  } else if (missedAt) {
    status = TaskStatusLabel.MISSED;
  } else if (complete) {
    completedAt = now;
    completedNow = true;
    status = completedLabel;
  } else if (task.timed && now.getTime() >= task.endsAt.getTime()) {
    missedAt = now;
    status = TaskStatusLabel.MISSED;
  } else if (assessment && counted.some((s) => !s.done && s.failedForGood)) {
    status = TaskStatusLabel.FAILED;
  } else if (counted.some((s) => !s.done && s.waitingForMarking)) {
    status = TaskStatusLabel.WAITING_FOR_MARKING;
  } else if (
    task.taskType === TaskType.EXAM &&
    now.getTime() >= task.startsAt.getTime() &&
    counted.every((s) => s.done || EXAM_ITEM_TYPES.includes(s.item.resourceType))
  ) {
    status = TaskStatusLabel.WAITING_FOR_EXAM;
  } else if (items.some((s) => s.started || s.done)) {
    status = TaskStatusLabel.LEARNING;
  } else {
    status = TaskStatusLabel.NOT_STARTED;
  }
  return {
    items,
    completedNow,
    standing: { status, requiredDone, requiredCount, progressPercent, completedAt, missedAt },
  };
}

import { ErrorCode, pageOffset, toPage, type Lang } from '@portal/contract';
import type { AdminStudyTask, TaskProgressDepartment, TaskProgressPerson, TaskProgressStatus } from '@portal/contract';
import type { AdminAudit } from '../../platform/admin-audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { Session } from '../../platform/session.ts';
import { sendNotice } from '../announcement/index.ts';
import {
  TaskProgressRepository,
  type AdminTaskRow,
  type DepartmentProgressRow,
  type ProgressFilter,
  type ProgressRow,
} from './task-progress.repository.ts';

type Paging = { pageCurrent: number; pageSize: number };

const rate = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part * 1000) / whole) / 10);

const presentTask = (r: AdminTaskRow): AdminStudyTask => ({
  id: r.id,
  title: r.title,
  taskType: r.taskType,
  startsAt: r.startsAt.toISOString(),
  endsAt: r.endsAt.toISOString(),
  published: r.published,
  assigned: r.assigned,
  finished: r.finished,
  finishedRate: rate(r.finished, r.assigned),
});

const presentPerson = (r: ProgressRow): TaskProgressPerson => ({
  accountId: r.accountId,
  name: r.name,
  employeeNo: r.employeeNo,
  departments: r.departments,
  status: r.status,
  progressPercent: r.progressPercent,
  lastStudiedAt: r.lastStudiedAt?.toISOString() ?? null,
  completedAt: r.completedAt?.toISOString() ?? null,
  remindedAt: r.remindedAt?.toISOString() ?? null,
});

const presentDepartment = (r: DepartmentProgressRow, lang: Lang): TaskProgressDepartment => ({
  departmentId: r.departmentId,
  name: lang === 'en' && r.nameEn ? r.nameEn : r.name,
  assigned: r.assigned,
  finished: r.finished,
  learning: r.learning,
  notStarted: r.notStarted,
  finishedRate: rate(r.finished, r.assigned),
});

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const chinaTime = (d: Date, lang: Lang) =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'zh-CN', {
    timeZone: 'Asia/Shanghai',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(d);

/** The reminder's notice, in the language of the administrator who sends it. */
function reminderText(task: AdminTaskRow, lang: Lang) {
  const title = escapeHtml(task.title);
  const end = chinaTime(task.endsAt, lang);
  return lang === 'en'
    ? {
        title: `Reminder: ${task.title}`,
        content: `<p>Your study task “${title}” is not finished yet. Please finish it by ${end}.</p>`,
      }
    : {
        title: `学习提醒：${task.title}`,
        content: `<p>您的学习任务「${title}」尚未完成，请在 ${end} 前完成。</p>`,
      };
}

/**
 * Study tasks in the back office (issue 22 item 5): the list with how far their learners are, one
 * task's progress by learner and department, and reminders to those not finished — a notice in
 * their messages and notices, each learner once a day a task, in the audit log.
 */
export class TaskProgress {
  constructor(private readonly repo: TaskProgressRepository) {}

  async list(eid: number, q: { keyword?: string | undefined } & Paging) {
    const { rows, total } = await this.repo.tasks(eid, q.keyword, pageOffset(q.pageCurrent, q.pageSize), q.pageSize);
    return toPage(rows.map(presentTask), total, q.pageCurrent, q.pageSize);
  }

  private async task(eid: number, taskId: number): Promise<AdminTaskRow> {
    const task = await this.repo.task(eid, taskId);
    if (!task) throw new AppError(ErrorCode.STUDY_TASK_NOT_FOUND);
    return task;
  }

  async progress(eid: number, q: { id: number; status?: TaskProgressStatus | undefined } & ProgressFilter & Paging) {
    const task = await this.task(eid, q.id);
    const { rows, total, totals } = await this.repo.progress(
      eid,
      q.id,
      q,
      pageOffset(q.pageCurrent, q.pageSize),
      q.pageSize,
    );
    return {
      task: presentTask(task),
      totals: { ...totals, finishedRate: rate(totals.finished, totals.assigned) },
      page: toPage(rows.map(presentPerson), total, q.pageCurrent, q.pageSize),
    };
  }

  async departments(eid: number, q: { id: number } & Paging, lang: Lang) {
    await this.task(eid, q.id);
    const { rows, total } = await this.repo.departments(eid, q.id, pageOffset(q.pageCurrent, q.pageSize), q.pageSize);
    return toPage(
      rows.map((r) => presentDepartment(r, lang)),
      total,
      q.pageCurrent,
      q.pageSize,
    );
  }

  /**
   * Reminds the task's learners not finished (all, or those of `accountIds`): one notice for those
   * not reminded today. Concurrent reminders remind each learner once (the day's reminder row is
   * written before the notice names them).
   */
  async remind(
    { session, audit, lang }: { session: Session; audit: AdminAudit; lang: Lang },
    q: { taskId: number; accountIds?: number[] | undefined },
  ) {
    const task = await this.task(session.eid, q.taskId);
    if (task.endsAt.getTime() <= Date.now()) throw new AppError(ErrorCode.STUDY_TASK_ENDED);
    return this.repo.transaction(async (tx) => {
      const unfinished = await TaskProgressRepository.unfinished(tx, session.eid, q.taskId, q.accountIds);
      const reminded = await sendNotice(tx, session.eid, reminderText(task, lang), (noticeId) =>
        TaskProgressRepository.noteReminders(tx, session.eid, q.taskId, unfinished, noticeId),
      );
      await audit.record(tx, {
        entityType: 'study_task',
        entityId: q.taskId,
        before: null,
        after: { reminded: reminded.length, accountIds: reminded },
      });
      return { reminded: reminded.length, already: unfinished.length - reminded.length };
    });
  }
}

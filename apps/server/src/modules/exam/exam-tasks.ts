import { ErrorCode, ExamStatusLabel, maskPhone, pageOffset, toPage, type ExamTaskCounts } from '@portal/contract';
import { AppError } from '../../platform/errors.ts';
import { requireFound } from '../../platform/errors.ts';
import { admissionPrintable, presentAttempt, presentTask } from './exam.presenter.ts';
import type { Learner } from '../../platform/learner.ts';
import type { ExamRepository, TaskFilter } from './exam.repository.ts';

/** A page of a list: its number (from 1) and size. */
export interface Paging {
  pageCurrent: number;
  pageSize: number;
}

/**
 * The learner's exam tasks (issue 13 item 2, decision 029): the list and its records, the counts by
 * status, a task's record with its attempts and certificate, the admission ticket, and every task of
 * a filter for the export.
 */
export class ExamTasks {
  constructor(private readonly repo: ExamRepository) {}

  async findTasks(who: Learner, q: Paging & Omit<TaskFilter, 'recorded'>, recorded: boolean) {
    const filter = { statusLabel: q.statusLabel, keyword: q.keyword, recorded };
    const { rows, total } = await this.repo.findTasks(who, filter, q.pageSize, pageOffset(q.pageCurrent, q.pageSize));
    return toPage(rows.map(presentTask), total, q.pageCurrent, q.pageSize);
  }

  /** Every task of the learner's filter, page by page (the export). */
  async *allTasks(who: Learner, filter: Omit<TaskFilter, 'recorded'>) {
    let after: { startsAt: Date; taskId: number } | null = null;
    for (;;) {
      const rows = await this.repo.findTasksAfter(who, { ...filter, recorded: false }, after, 500);
      for (const row of rows) yield presentTask(row);
      if (rows.length < 500) return;
      const last = rows[rows.length - 1]!;
      after = { startsAt: new Date(last.startsAt), taskId: last.taskId };
    }
  }

  async countTasks(who: Learner): Promise<ExamTaskCounts> {
    const counts = new Map((await this.repo.countTasks(who)).map((r) => [r.statusLabel, r.n]));
    const n = (label: number) => counts.get(label) ?? 0;
    return {
      total: [...counts.values()].reduce((a, b) => a + b, 0),
      notStarted: n(ExamStatusLabel.NOT_STARTED),
      waitingForExam: n(ExamStatusLabel.WAITING_FOR_EXAM),
      passed: n(ExamStatusLabel.PASSED),
      failed: n(ExamStatusLabel.FAILED),
      waitingForMarking: n(ExamStatusLabel.WAITING_FOR_MARKING),
      absent: n(ExamStatusLabel.ABSENT),
    };
  }

  async viewTaskRecord(who: Learner, taskId: number) {
    const row = requireFound(await this.repo.viewTask(who, taskId));
    const [attempts, earned] = await Promise.all([
      this.repo.findAttempts(who, taskId, 100, 0),
      this.repo.viewEarned(this.repo.db, who, taskId),
    ]);
    return {
      ...presentTask(row),
      attempts: attempts.rows.map(presentAttempt),
      certificate:
        earned.certificateId === null ? null : { id: earned.certificateId, number: earned.certificateNumber ?? '' },
    };
  }

  /** The admission ticket: 404 for a task without one, 7005 before its print time. */
  async viewAdmissionTicket(who: Learner, taskId: number) {
    const row = requireFound(await this.repo.viewTask(who, taskId));
    if (!row.admissionTicket) throw new AppError(ErrorCode.NOT_FOUND);
    if (!admissionPrintable(row)) throw new AppError(ErrorCode.ADMISSION_TICKET_NOT_PRINTABLE);
    const holder = requireFound(await this.repo.viewHolder(who));
    return {
      ticketNumber: `ZK${who.eid}${String(taskId).padStart(6, '0')}${String(who.accountId).padStart(8, '0')}`,
      taskTitle: row.title,
      name: holder.name,
      phone: maskPhone(holder.phone),
      startsAt: new Date(row.startsAt).toISOString(),
      endsAt: new Date(row.endsAt).toISOString(),
      durationMinutes: row.durationMinutes,
    };
  }
}

import {
  ErrorCode,
  pageOffset,
  toPage,
  type AdminExamTask,
  type AdminExamTaskRow,
  type ExamTaskResultRow,
  type ExamTaskForm,
  type Lang,
} from '@portal/contract';
import type { Tx } from '@portal/db';
import type { AdminAudit } from '../../platform/admin-audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { Session } from '../../platform/session.ts';
import { AssignmentTarget } from '../assignment/index.ts';
import {
  ExamTaskAdminRepository as Repo,
  type ExamTaskRecord,
  type ExamTaskValues,
} from './exam-task-admin.repository.ts';

/** An administrator's call (the gateway settled that the session administers its enterprise). */
export interface AdminCaller {
  session: Session;
  audit: AdminAudit;
  lang: Lang;
}

const points = (tenths: number) => tenths / 10;
const tenths = (n: number) => Math.round(n * 10);
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const taskNotFound = () => new AppError(ErrorCode.EXAM_TASK_NOT_FOUND);

function valuesOf(form: ExamTaskForm): ExamTaskValues {
  return {
    title: form.title,
    intro: form.intro,
    paperId: form.paperId,
    startsAt: new Date(form.startsAt),
    endsAt: new Date(form.endsAt),
    durationMinutes: form.durationMinutes,
    attemptsAllowed: form.attemptsAllowed,
    passScoreTenths: tenths(form.passScore),
    screenSwitchLimit: form.screenSwitchLimit,
    showAnswers: form.showAnswers,
    partialMultiple: form.partialMultiple,
    admissionTicket: form.admissionTicket,
    admissionPrintAt: form.admissionTicket && form.admissionPrintAt ? new Date(form.admissionPrintAt) : null,
    certificateTemplateId: form.certificateTemplateId,
    points: form.points,
    creditTenths: tenths(form.creditHours),
    published: form.published,
  };
}

const targetsOf = (form: ExamTaskForm) => [
  ...[...new Set(form.people)].map((targetId) => ({ targetType: AssignmentTarget.PERSON, targetId })),
  ...[...new Set(form.departments)].map((targetId) => ({ targetType: AssignmentTarget.DEPARTMENT, targetId })),
  ...[...new Set(form.tags)].map((targetId) => ({ targetType: AssignmentTarget.TAG, targetId })),
];

const audited = (row: ExamTaskRecord, targets: Array<{ targetType: number; targetId: number }>) => ({
  title: row.title,
  paperId: row.paperId,
  startsAt: iso(row.startsAt),
  endsAt: iso(row.endsAt),
  durationMinutes: row.durationMinutes,
  attemptsAllowed: row.attemptsAllowed,
  passScoreTenths: row.passScoreTenths,
  screenSwitchLimit: row.screenSwitchLimit,
  showAnswers: row.showAnswers,
  partialMultiple: row.partialMultiple,
  admissionTicket: row.admissionTicket,
  admissionPrintAt: iso(row.admissionPrintAt),
  certificateTemplateId: row.certificateTemplateId,
  points: row.points,
  creditTenths: row.creditTenths,
  published: row.published,
  targets: targets.map((x) => [x.targetType, x.targetId]),
});

/**
 * The back office's exam tasks (issue 22 item 3, decision 049). The paper is read under a share
 * lock, so its total cannot fall below the task's pass score between the check and the save (a
 * paper's edit checks its tasks under its own lock, decision 047). A task is given to every
 * member, or only to the people, departments and tags it names (read when learners look, so
 * those who join later get it). Once someone has started it, its paper stays and it cannot be
 * deleted; other changes reach attempts not yet started.
 */
export class ExamTaskAdmin {
  constructor(private readonly repo: Repo) {}

  async tasks(eid: number, q: { pageCurrent: number; pageSize: number; keyword?: string | undefined }) {
    const { rows, total } = await this.repo.tasks(eid, q.keyword, pageOffset(q.pageCurrent, q.pageSize), q.pageSize);
    return toPage<AdminExamTaskRow>(
      rows.map((r) => ({
        id: r.id,
        title: r.title,
        paperTitle: r.paperTitle,
        startsAt: iso(r.startsAt)!,
        endsAt: iso(r.endsAt)!,
        durationMinutes: r.durationMinutes,
        passScore: points(r.passScoreTenths),
        totalScore: points(r.totalTenths),
        published: r.published,
        givenToAll: r.givenToAll,
        takers: r.takers,
        passed: r.passed,
        waitingForMarking: r.waitingForMarking,
        createdAt: iso(r.createdAt)!,
      })),
      total,
      q.pageCurrent,
      q.pageSize,
    );
  }

  async task(eid: number, id: number): Promise<AdminExamTask> {
    const [row, targets] = await Promise.all([this.repo.task(eid, id), this.repo.targets(eid, id)]);
    if (!row) throw taskNotFound();
    const of = (type: number) =>
      targets.filter((x) => x.targetType === type).map(({ id: i, name }) => ({ id: i, name }));
    return {
      id: row.id,
      title: row.title,
      intro: row.intro,
      paperId: row.paperId,
      paperTitle: row.paperTitle,
      totalScore: points(row.totalTenths),
      startsAt: iso(row.startsAt)!,
      endsAt: iso(row.endsAt)!,
      durationMinutes: row.durationMinutes,
      attemptsAllowed: row.attemptsAllowed,
      passScore: points(row.passScoreTenths),
      screenSwitchLimit: row.screenSwitchLimit,
      showAnswers: row.showAnswers,
      partialMultiple: row.partialMultiple,
      admissionTicket: row.admissionTicket,
      admissionPrintAt: iso(row.admissionPrintAt),
      points: row.points,
      creditHours: points(row.creditTenths),
      certificateTemplateId: row.certificateTemplateId,
      published: row.published,
      people: of(AssignmentTarget.PERSON),
      departments: of(AssignmentTarget.DEPARTMENT),
      tags: of(AssignmentTarget.TAG),
      attemptCount: row.attemptCount,
    };
  }

  async create({ session, audit }: AdminCaller, form: ExamTaskForm) {
    return this.repo.transaction(async (tx) => {
      await this.check(tx, session.eid, form);
      const row = await Repo.insertTask(tx, session.eid, valuesOf(form));
      const targets = targetsOf(form);
      await Repo.setTargets(tx, session.eid, row.id, targets);
      await audit.record(tx, { entityType: 'exam_task', entityId: row.id, before: null, after: audited(row, targets) });
      return { id: row.id };
    });
  }

  async edit({ session, audit }: AdminCaller, id: number, form: ExamTaskForm) {
    return this.repo.transaction(async (tx) => {
      const before = await Repo.lockTask(tx, session.eid, id);
      if (!before) throw taskNotFound();
      if (form.paperId !== before.paperId && (await Repo.attemptCount(tx, session.eid, id)) > 0)
        throw new AppError(ErrorCode.EXAM_TASK_PAPER_LOCKED);
      await this.check(tx, session.eid, form);
      const beforeTargets = await Repo.targetsOf(tx, session.eid, id);
      const after = await Repo.updateTask(tx, session.eid, id, valuesOf(form));
      const targets = targetsOf(form);
      await Repo.setTargets(tx, session.eid, id, targets);
      await audit.record(tx, {
        entityType: 'exam_task',
        entityId: id,
        before: audited(before, beforeTargets),
        after: audited(after, targets),
      });
      return { id };
    });
  }

  async remove({ session, audit }: AdminCaller, id: number) {
    return this.repo.transaction(async (tx) => {
      const before = await Repo.lockTask(tx, session.eid, id);
      if (!before) throw taskNotFound();
      const takers = await Repo.attemptCount(tx, session.eid, id);
      if (takers > 0) throw new AppError(ErrorCode.EXAM_TASK_STARTED, { params: { n: takers } });
      const targets = await Repo.targetsOf(tx, session.eid, id);
      await Repo.removeTask(tx, session.eid, id);
      await audit.record(tx, { entityType: 'exam_task', entityId: id, before: audited(before, targets), after: null });
      return { id };
    });
  }

  async results(eid: number, q: { id: number; pageCurrent: number; pageSize: number; keyword?: string | undefined }) {
    if (!(await this.repo.task(eid, q.id))) throw taskNotFound();
    const { rows, total } = await this.repo.results(
      eid,
      q.id,
      q.keyword,
      pageOffset(q.pageCurrent, q.pageSize),
      q.pageSize,
    );
    return toPage<ExamTaskResultRow>(
      rows.map((r) => ({
        accountId: r.accountId,
        name: r.name,
        employeeNo: r.employeeNo ?? '',
        attemptsUsed: r.attemptsUsed,
        attemptsAllowed: r.attemptsAllowed,
        bestScore: r.bestScoreTenths === null ? null : points(r.bestScoreTenths),
        passed: r.passed,
        waitingForMarking: r.waitingForMarking,
        firstStartedAt: iso(r.firstStartedAt)!,
        lastSubmittedAt: iso(r.lastSubmittedAt),
      })),
      total,
      q.pageCurrent,
      q.pageSize,
    );
  }

  async attempts(eid: number, taskId: number, accountId: number) {
    if (!(await this.repo.task(eid, taskId))) throw taskNotFound();
    const rows = await this.repo.attempts(eid, taskId, accountId);
    return rows.map((r) => ({
      attemptId: r.attemptId,
      attemptNo: r.attemptNo,
      status: r.status,
      score: r.scoreTenths === null ? null : points(r.scoreTenths),
      passed: r.passed,
      startedAt: iso(r.startedAt)!,
      submittedAt: iso(r.submittedAt),
      submitReason: r.submitReason,
      screenSwitches: r.screenSwitches,
      log: r.log.map((e) => ({
        kind: e.kind,
        questionId: e.questionId,
        at: iso(e.at)!,
        clientAt: iso(e.clientAt),
        detail: e.detail,
      })),
    }));
  }

  /**
   * One more attempt for one learner, with a reason (audited). Only while the exam is open and the
   * learner is not answering; the learner's record is locked as a start locks it, so a start and a
   * re-open are one after the other. Passing again earns nothing twice: the award is once per
   * learner and task (decision 029).
   */
  async reopen({ session, audit }: AdminCaller, taskId: number, accountId: number, reason: string) {
    return this.repo.transaction(async (tx) => {
      const task = await Repo.lockTask(tx, session.eid, taskId);
      if (!task) throw taskNotFound();
      if (new Date(task.endsAt).getTime() <= Date.now()) throw new AppError(ErrorCode.EXAM_REOPEN_ENDED);
      const record = await Repo.lockRecord(tx, session.eid, taskId, accountId);
      if (!record) throw new AppError(ErrorCode.EXAM_REOPEN_NOT_TAKEN);
      if (record.answering) throw new AppError(ErrorCode.EXAM_REOPEN_ANSWERING);
      const extra = await Repo.addAttempt(tx, session.eid, taskId, accountId);
      await audit.record(tx, {
        entityType: 'exam_task',
        entityId: taskId,
        action: 'reopenExamAttempt',
        before: { accountId, attemptsUsed: record.attemptsUsed, extraAttempts: record.extraAttempts },
        after: { accountId, extraAttempts: extra, reason },
      });
      return { attemptsAllowed: task.attemptsAllowed + extra };
    });
  }

  certificateTemplates(eid: number) {
    return this.repo.certificateTemplates(eid);
  }

  /** The paper exists with a total at least the pass score; every named target exists in the enterprise. */
  private async check(tx: Tx, eid: number, form: ExamTaskForm) {
    const paper = await Repo.sharePaper(tx, eid, form.paperId);
    if (!paper) throw new AppError(ErrorCode.PAPER_NOT_FOUND);
    if (tenths(form.passScore) > paper.totalTenths)
      throw new AppError(ErrorCode.EXAM_TASK_PASS_ABOVE_TOTAL, {
        params: { pass: form.passScore, total: points(paper.totalTenths) },
      });
    const named: Array<['people' | 'departments' | 'tags' | 'templates', number[]]> = [
      ['people', [...new Set(form.people)]],
      ['departments', [...new Set(form.departments)]],
      ['tags', [...new Set(form.tags)]],
      ['templates', form.certificateTemplateId === null ? [] : [form.certificateTemplateId]],
    ];
    for (const [kind, ids] of named) {
      if ((await Repo.existing(tx, eid, kind, ids)) !== ids.length)
        throw new AppError(ErrorCode.EXAM_TASK_TARGET_UNKNOWN);
    }
  }
}

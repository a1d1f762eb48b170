import { ApplicationStatus, ErrorCode, pageOffset, toPage, type Lang, type ProjectDetail } from '@portal/contract';
import { AppError } from '../../platform/errors.ts';
import type { Learner } from '../../platform/learner.ts';
import type { ProjectCompletion } from './project-completion.ts';
import { applyRefusal } from './project.policy.ts';
import {
  iso,
  presentApplication,
  presentCard,
  presentCardMine,
  presentLecturer,
  tenthsToHours,
} from './project.presenter.ts';
import type { ProjectFilter, ProjectRepository } from './project.repository.ts';
import { NO_STANDING, currentStandingsOf, progressOver, type TaskStanding } from './task-standings.ts';

// The sanitiser (sanitize-html, with its parser) is loaded when rich text is first presented.
const sanitize = async (html: string) => (await import('@portal/contract/sanitize')).sanitizeRichText(html);

interface Paging {
  pageCurrent: number;
  pageSize: number;
}

/** The filters a request sets (an absent one is not a condition). */
const filterOf = (q: ProjectFilter): ProjectFilter => ({
  ...(q.projectId !== undefined ? { projectId: q.projectId } : {}),
  ...(q.keyword ? { keyword: q.keyword } : {}),
  ...(q.projectState ? { projectState: q.projectState } : {}),
  ...(q.applicationStatus !== undefined ? { applicationStatus: q.applicationStatus } : {}),
});

/**
 * Projects as learners and visitors see them (issue 20 item 5): the public list, the signed-in
 * list and its counts, the project page, its lecturers and admire.
 */
export class ProjectCatalogue {
  constructor(
    private readonly repo: ProjectRepository,
    private readonly completion: ProjectCompletion,
  ) {}

  /** The public list: by keyword, state and id (never by the learner's application: visitors have none). */
  async findPublicProjects(eid: number, q: Paging & Omit<ProjectFilter, 'applicationStatus'>) {
    const { rows, total } = await this.repo.findPublicProjects(
      eid,
      filterOf(q),
      pageOffset(q.pageCurrent, q.pageSize),
      q.pageSize,
    );
    return toPage(rows.map(presentCard), total, q.pageCurrent, q.pageSize);
  }

  async findProjects(who: Learner, q: Paging & ProjectFilter) {
    const { rows, total } = await this.repo.findProjects(
      who,
      filterOf(q),
      pageOffset(q.pageCurrent, q.pageSize),
      q.pageSize,
    );
    return toPage(rows.map(presentCardMine), total, q.pageCurrent, q.pageSize);
  }

  countProjects(who: Learner, q: ProjectFilter) {
    return this.repo.countProjects(who, filterOf(q));
  }

  /**
   * The project page. An enrolled learner's project is evaluated first (completing it earns once,
   * project-completion.ts), so the page shows the completion the moment the last task is done.
   */
  async viewProject(who: Learner, projectId: number, lang: Lang): Promise<ProjectDetail> {
    let row = await this.repo.viewProject(who, projectId);
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    const enrolled = row.applicationStatus === ApplicationStatus.APPROVED;
    let evaluated: Map<number, TaskStanding> | null = null;
    if (enrolled && (await this.repo.viewApplication(this.repo.db, who, projectId))?.completedAt === null) {
      const found = await this.completion.evaluate(who, projectId);
      evaluated = found?.standings ?? null;
      if (found?.completedNow) row = (await this.repo.viewProject(who, projectId)) ?? row;
    }
    const [application, stageRows, lecturers] = await Promise.all([
      row.applicationStatus === null ? null : this.repo.viewApplication(this.repo.db, who, projectId),
      this.repo.findStageTasks(who.eid, projectId),
      this.repo.findLecturers(who.eid, projectId, 0, 100),
    ]);
    const taskIds = stageRows.flatMap((s) => (s.taskId === null ? [] : [s.taskId]));
    // The enrolled learner's standings as the task module has them now (read again for a project
    // completed earlier: the evaluation above does not run then).
    const standings = !enrolled
      ? new Map<number, TaskStanding>()
      : (evaluated ?? (await this.repo.db.transaction((tx) => currentStandingsOf(tx, who, taskIds))));
    const stages: ProjectDetail['stages'] = [];
    for (const s of stageRows) {
      let stage = stages.at(-1);
      if (stage?.id !== s.stageId) {
        stage = { id: s.stageId, title: s.stageTitle, tasks: [] };
        stages.push(stage);
      }
      if (s.taskId === null) continue;
      const standing = enrolled ? (standings.get(s.taskId) ?? NO_STANDING) : null;
      stage.tasks.push({
        id: s.taskId,
        title: s.taskTitle ?? '',
        taskType: s.taskType ?? 1,
        statusLabel: standing?.statusLabel ?? null,
        progressPercent: standing?.progressPercent ?? null,
        completedAt: iso(standing?.completedAt),
      });
    }
    const progress = progressOver(taskIds, standings);
    const refusal = applyRefusal(row, row.applicationStatus);
    return {
      ...presentCardMine(row),
      intro: await sanitize(row.intro),
      creditHour: tenthsToHours(row.creditTenths),
      points: row.points,
      grantsCertificate: row.certificateTemplateId !== null,
      stages,
      lecturers: lecturers.rows.map((l) => presentLecturer(l, lang)),
      admired: row.admired,
      application: application ? presentApplication(application) : null,
      canApply: refusal === null,
      cannotApplyCode: refusal,
      taskCount: enrolled ? progress.taskCount : taskIds.length,
      completedTaskCount: enrolled ? progress.completedTaskCount : 0,
      progressPercent: enrolled ? progress.progressPercent : 0,
      completed: enrolled && application?.completedAt != null,
    };
  }

  async findProjectLecturers(who: Learner, q: Paging & { projectId: number }, lang: Lang) {
    if (!(await this.repo.projectExists(who.eid, q.projectId))) throw new AppError(ErrorCode.NOT_FOUND);
    const { rows, total } = await this.repo.findLecturers(
      who.eid,
      q.projectId,
      pageOffset(q.pageCurrent, q.pageSize),
      q.pageSize,
    );
    return toPage(
      rows.map((l) => presentLecturer(l, lang)),
      total,
      q.pageCurrent,
      q.pageSize,
    );
  }

  /** Toggles the learner's admire, as a course's (decision 035). */
  async admireProject(who: Learner, projectId: number) {
    if (!(await this.repo.projectExists(who.eid, projectId))) throw new AppError(ErrorCode.NOT_FOUND);
    const result = await this.repo.admireProject(who, projectId);
    // A concurrent admire of the same learner got there first: that one's state stands.
    if (!result) throw new AppError(ErrorCode.CONFLICT);
    return result;
  }
}

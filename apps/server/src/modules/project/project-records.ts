import { ProjectRecordLabel, pageOffset, toPage, type ProjectRecord } from '@portal/contract';
import type { Learner } from '../../platform/learner.ts';
import { iso, tenthsToHours } from './project.presenter.ts';
import type { ProjectRepository } from './project.repository.ts';
import { progressOver, storedStandingsOf } from './task-standings.ts';

interface Paging {
  pageCurrent: number;
  pageSize: number;
}

export interface RecordFilter {
  statusLabel?: number | undefined;
  keyword?: string | undefined;
}

/** Rows one page of the export reads at a time. */
const EXPORT_PAGE = 200;

/**
 * The learner's project records in the training records (/account?change=2): the projects they
 * are enrolled in with their progress over the project's tasks (one read of the standings for the
 * whole page), completion and what completing earned; and the same rows for the XLSX export.
 */
export class ProjectRecords {
  constructor(private readonly repo: ProjectRepository) {}

  private async records(who: Learner, f: RecordFilter, offset: number, limit: number) {
    const { rows, total } = await this.repo.findRecords(who, f, offset, limit);
    const taskIds = await this.repo.findProjectTaskIds(
      this.repo.db,
      who.eid,
      rows.map((r) => r.projectId),
    );
    const standings = await storedStandingsOf(this.repo.db, who, [...taskIds.values()].flat());
    const list = rows.map((r): ProjectRecord => {
      const p = progressOver(taskIds.get(r.projectId) ?? [], standings);
      const completed = r.completedAt !== null;
      return {
        projectId: r.projectId,
        title: r.title,
        coverUrl: r.coverUrl,
        startsAt: new Date(r.startsAt).toISOString(),
        endsAt: new Date(r.endsAt).toISOString(),
        statusLabel: completed
          ? ProjectRecordLabel.COMPLETED
          : p.started
            ? ProjectRecordLabel.LEARNING
            : ProjectRecordLabel.NOT_STARTED,
        taskCount: p.taskCount,
        completedTaskCount: p.completedTaskCount,
        // A completed project stays complete even if a task is added later.
        progressPercent: completed ? 100 : p.progressPercent,
        completedAt: iso(r.completedAt),
        creditHour: tenthsToHours(r.earnedTenths ?? 0),
        points: r.earnedPoints ?? 0,
        certificateEarned: r.certificateEarned,
      };
    });
    return { list, total };
  }

  async findRecords(who: Learner, q: Paging & RecordFilter) {
    const { list, total } = await this.records(who, q, pageOffset(q.pageCurrent, q.pageSize), q.pageSize);
    return toPage(list, total, q.pageCurrent, q.pageSize);
  }

  /** Every record of the filter, page by page (the export job). */
  async *allRecords(who: Learner, f: RecordFilter): AsyncIterable<ProjectRecord> {
    for (let offset = 0; ; offset += EXPORT_PAGE) {
      const { list } = await this.records(who, f, offset, EXPORT_PAGE);
      yield* list;
      if (list.length < EXPORT_PAGE) return;
    }
  }
}

import { EarningSource } from '@portal/contract';
import { withTenant } from '@portal/db';
import { afterCommit } from '../../platform/after-commit.ts';
import type { Learner } from '../../platform/learner.ts';
import type { LearningEvent } from '../../platform/learning-events.ts';
import { earnOnce } from '../earning/index.ts';
import type { ProjectRepository } from './project.repository.ts';
import { currentStandingsOf, progressOver, type TaskStanding } from './task-standings.ts';

/** What an evaluation found: whether it completed the project now, and the standings it read. */
export interface Evaluated {
  completedNow: boolean;
  standings: Map<number, TaskStanding>;
}

/**
 * Completing a project (decision 035): an approved learner completes it when every published task
 * of every stage is complete. Evaluated when the project page is read and when the task module
 * announces a completed task (resource type 5); a lost announcement only delays it to the next read.
 */
export class ProjectCompletion {
  constructor(private readonly repo: ProjectRepository) {}

  /**
   * Completes the learner's project if every task is complete: earns its hours, points and
   * certificate through `earnOnce` and records `completedAt`, once. The learner's application row
   * is locked for the evaluation, so concurrent triggers run one after another and only the first
   * finds it open; `earnOnce`'s unique ledger rows would hold even if they did not.
   */
  evaluate(who: Learner, projectId: number): Promise<Evaluated | null> {
    return this.repo.db.transaction(async (tx) => {
      const project = await this.repo.lockOpenEnrolment(tx, who, projectId);
      if (!project) return null;
      const taskIds = (await this.repo.findProjectTaskIds(tx, who.eid, [projectId])).get(projectId) ?? [];
      const standings = await currentStandingsOf(tx, who, taskIds);
      if (!progressOver(taskIds, standings).allComplete) return { completedNow: false, standings };
      await earnOnce(tx, who, {
        source: { type: EarningSource.STUDY_PROJECT, id: project.id, title: project.title },
        hoursTenths: project.creditTenths,
        points: project.points,
        certificate:
          project.certificateTemplateId === null
            ? null
            : { templateId: project.certificateTemplateId, scoreTenths: null },
      });
      await this.repo.completeEnrolment(tx, who, projectId);
      // Announced like a completed task, for whoever listens to projects (none yet).
      afterCommit(tx, (e) =>
        e.learned({
          eid: who.eid,
          accountId: who.accountId,
          resourceType: EarningSource.STUDY_PROJECT,
          resourceId: projectId,
        }),
      );
      return { completedNow: true, standings };
    });
  }

  /** A learning event: a completed study task completes the project holding it when it was the last. */
  async onLearned(event: LearningEvent): Promise<void> {
    if (event.resourceType !== EarningSource.STUDY_TASK) return;
    const who = { eid: event.eid, accountId: event.accountId };
    // Listeners run after the request's commit: the enterprise's scope is set here (row-level security).
    await withTenant(event.eid, async () => {
      for (const projectId of await this.repo.findOpenEnrolmentsHolding(who, event.resourceId)) {
        await this.evaluate(who, projectId);
      }
    });
  }
}

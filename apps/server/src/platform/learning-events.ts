import type { Logger } from 'pino';

/**
 * What a learner finished, announced once the transaction that recorded it has committed (decision
 * 033): a course completed (resource type 3), an exam task submitted or marked (7), a practice
 * round finished (2), a check-in (11), a study task completed (5). Lower modules announce; higher
 * ones listen (the task module re-evaluates the learner's tasks that hold the resource, the project
 * module the learner's projects holding a completed task) without a lower module importing them.
 */
export interface LearningEvent {
  eid: number;
  accountId: number;
  resourceType: number;
  resourceId: number;
}

export type LearningListener = (event: LearningEvent) => Promise<void>;

/**
 * The process's announcements of learning events (after-commit.ts `CommitEffects.learned`). The
 * listeners run after the commit, outside the request's answer: a listener's failure is logged and
 * forgotten, so listeners must be safe to lose — the state they keep is also re-evaluated when read
 * (the task page, the task list) and so a lost announcement only delays it.
 */
export class LearningEvents {
  private readonly listeners: LearningListener[] = [];
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: Logger) {}

  listen(listener: LearningListener): void {
    this.listeners.push(listener);
  }

  /** Runs every listener for `event` in the background; `settled()` waits for them (tests, stop). */
  announce(event: LearningEvent): void {
    for (const listener of this.listeners) {
      const run = listener(event).catch((err: unknown) => {
        this.log.error({ err, event }, 'a learning-event listener failed');
      });
      this.running.add(run);
      void run.finally(() => this.running.delete(run));
    }
  }

  /** Resolves once every listener run started so far has ended (and the ones they started). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}

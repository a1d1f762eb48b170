import { SEEK_TOLERANCE_SECONDS } from '@portal/contract/calls/study';

/** The most a position may move between two time updates of normal playing (2× speed, a slow frame). */
const MAX_PLAY_STEP_SECONDS = 2;

/**
 * The player's side of "no skipping forward on first viewing" (issue 12 item 4). The server judges
 * (a report beyond what it allows is refused with 8011 and its furthest point); the player keeps
 * the learner from trying: before the period is complete, a seek past the furthest point reached
 * (what the server confirmed, or what the learner has watched since) by more than
 * SEEK_TOLERANCE_SECONDS goes back to that point. After completion seeking is free.
 */
export class SeekGuard {
  private reached: number;
  private free: boolean;
  private last: number | null = null;

  constructor(furthestSeconds: number, completed: boolean) {
    this.reached = Math.max(0, furthestSeconds);
    this.free = completed;
  }

  /** The furthest point the learner may go to now. */
  get furthest(): number {
    return this.reached;
  }

  get completed(): boolean {
    return this.free;
  }

  /** A time update of the playing video: watching moves the furthest point on, jumps do not. */
  played(position: number): void {
    const step = this.last === null ? Number.POSITIVE_INFINITY : position - this.last;
    if (step >= 0 && step <= MAX_PLAY_STEP_SECONDS && position > this.reached) this.reached = position;
    this.last = position;
  }

  /** The video jumped (a seek that was allowed, or a snap back): the next step is measured from here. */
  jumped(position: number): void {
    this.last = position;
  }

  /** A report's answer: the server's furthest point and whether the period is complete. */
  confirmed(answer: { furthestSeconds: number; completed: boolean }): void {
    this.reached = Math.max(this.reached, answer.furthestSeconds);
    if (answer.completed) this.free = true;
  }

  /** The server refused a position (8011): its furthest point is the limit again. */
  refused(furthestSeconds: number): void {
    this.reached = Math.max(0, furthestSeconds);
    this.last = this.reached;
  }

  /** Where a seek to `target` must go instead, or null when it is allowed. */
  check(target: number): number | null {
    if (this.free || target <= this.reached + SEEK_TOLERANCE_SECONDS) return null;
    return this.reached;
  }
}

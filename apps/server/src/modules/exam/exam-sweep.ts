import type { Logger } from 'pino';
import { EXAM_SWEEP_GRACE_SECONDS, SubmitReason } from '@portal/contract';
import { withTenant, type Db } from '@portal/db';
import { ExamRepository } from './exam.repository.ts';
import type { ExamSubmitting } from './exam-submitting.ts';

/** Overdue attempts the sweep takes in one look-up, and look-ups in one tick at most. */
const SWEEP_BATCH = 200;
const SWEEP_ROUNDS = 20;

/** The sweep job's submits of attempts whose browser is gone (decision 029). */
export class ExamSweep {
  constructor(
    /** The owner's connection: only the sweep's look-up of overdue attempts across enterprises. */
    private readonly systemDb: Db,
    private readonly log: Pick<Logger, 'error' | 'info'>,
    private readonly submitting: ExamSubmitting,
  ) {}

  /**
   * The exam sweep (`exam-sweep`, every 30 s, decision 029): submits every attempt still open
   * EXAM_SWEEP_GRACE_SECONDS past its deadline, whose browser is gone, through the same submit as
   * the taker's (reason 3). The overdue attempts of every enterprise are found on the owner's
   * connection (`platform.systemDb`: no one tenant's work); each is submitted inside its own
   * enterprise's scope (`withTenant`), so row-level security holds for the submit. Idempotent: an
   * attempt submitted meanwhile (or by a tick that ran twice) is found submitted and left alone.
   * Answers how many it submitted.
   */
  async sweepOverdueAttempts(): Promise<number> {
    let submitted = 0;
    for (let round = 0; round < SWEEP_ROUNDS; round++) {
      const due = await ExamRepository.findOverdue(this.systemDb, EXAM_SWEEP_GRACE_SECONDS, SWEEP_BATCH);
      for (const { eid, id } of due) {
        try {
          const done = await withTenant(eid, () => this.submitting.submitAttempt(eid, id, SubmitReason.SWEEP, null));
          if (done?.submittedNow) submitted++;
        } catch (err) {
          this.log.error({ err, eid, attemptId: id }, 'exam sweep: submit failed');
        }
      }
      if (due.length < SWEEP_BATCH) break;
    }
    if (submitted > 0) this.log.info({ submitted }, 'exam sweep: overdue attempts submitted');
    return submitted;
  }
}

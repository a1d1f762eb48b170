import { ErrorCode } from '@portal/contract';
import { AppError } from '../../platform/errors.ts';
import type { AnswerOutcome } from './practice.repository.ts';

/**
 * Who may do what with practice (decision 031), in one place:
 * - a learner practises the published sets of their session's enterprise; another enterprise's
 *   set, an unpublished or a missing one is unknown (404);
 * - a round, its answers and the error book are the learner's own: another learner's round (of
 *   any enterprise) is unknown (404), never refused in a way that tells it exists;
 * - an answer goes to an open round (7711 after it finished) and to one of the round's questions
 *   (404 for any other), and not to a question the answer-visibility rule holds back from the
 *   learner (7714: it is in an exam still open to them; decision 032).
 */
export function requireAnswered(outcome: AnswerOutcome): Extract<AnswerOutcome, { kind: 'answered' }> {
  switch (outcome.kind) {
    case 'no-round':
    case 'not-in-round':
      throw new AppError(ErrorCode.NOT_FOUND);
    case 'finished':
      throw new AppError(ErrorCode.PRACTICE_FINISHED);
    case 'held':
      throw new AppError(ErrorCode.PRACTICE_QUESTION_HELD);
    default:
      return outcome;
  }
}

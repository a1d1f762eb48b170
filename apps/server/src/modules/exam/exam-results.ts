import { AttemptStatus, SubmitReason, pageOffset, toPage, type ExamResult } from '@portal/contract';
import { examResultShows, findQuestionStandings } from '../assessment/index.ts';
import { requireFound } from '../../platform/errors.ts';
import { stemPresenter } from '../../platform/stems.ts';
import { answersShown, creditOf, examOver, presentAttempt, presentResultQuestion } from './exam.presenter.ts';
import type { Learner } from '../../platform/learner.ts';
import type { ExamRepository } from './exam.repository.ts';
import type { ExamSubmitting } from './exam-submitting.ts';
import type { Paging } from './exam-tasks.ts';

/**
 * The results of exams (decision 029, 032): an attempt's result as the answer-visibility rule lets
 * the learner see it (an attempt found past its deadline is submitted first), and the learner's
 * past attempts.
 */
export class ExamResults {
  constructor(
    private readonly repo: ExamRepository,
    private readonly submitting: ExamSubmitting,
  ) {}

  async viewResult(who: Learner, attemptId: number): Promise<ExamResult> {
    let a = requireFound(await this.repo.viewAttempt(this.repo.db, who.eid, attemptId, who.accountId));
    if (a.status === AttemptStatus.ANSWERING && a.overdue) {
      await this.submitting.submitAttempt(who.eid, attemptId, SubmitReason.TIME_OVER, who.accountId);
      a = requireFound(await this.repo.viewAttempt(this.repo.db, who.eid, attemptId, who.accountId));
    }
    const [answers, earned, standings, html] = await Promise.all([
      this.repo.findAnswers(this.repo.db, who.eid, attemptId),
      this.repo.viewEarned(this.repo.db, who, a.taskId),
      findQuestionStandings(
        this.repo.db,
        who,
        a.paper.map((q) => q.questionId),
      ),
      stemPresenter(),
    ]);
    const byQ = new Map(answers.map((x) => [x.questionId, x]));
    const shown = answersShown(a);
    // The answer-visibility rule (decision 032): while the learner may take the task again, no mark
    // or key of a question is shown (true/false marks would give their keys away); the score stays.
    const task = { examOver: examOver(a), showsAnswers: shown };
    return {
      ...presentAttempt(a),
      answersShown: shown,
      certificate:
        a.passed && earned.certificateId !== null
          ? { id: earned.certificateId, number: earned.certificateNumber ?? '' }
          : null,
      earned:
        a.passed && earned.points !== null
          ? { points: earned.points, creditHour: creditOf(earned.creditTenths ?? 0) }
          : null,
      questions: a.paper.map((q) =>
        presentResultQuestion(q, byQ.get(q.questionId), examResultShows(task, standings.get(q.questionId)), html),
      ),
    };
  }

  async findPaperRecords(who: Learner, q: Paging & { taskId?: number | undefined }) {
    const { rows, total } = await this.repo.findAttempts(
      who,
      q.taskId,
      q.pageSize,
      pageOffset(q.pageCurrent, q.pageSize),
    );
    return toPage(rows.map(presentAttempt), total, q.pageCurrent, q.pageSize);
  }
}

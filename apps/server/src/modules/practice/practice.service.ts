import { ErrorCode, pageOffset, toPage, type PracticeRound } from '@portal/contract';
import { AppError } from '../../platform/errors.ts';
import {
  answerRefusal,
  answerShapeOf,
  checkAnswer,
  DIFFICULTIES,
  markAnswer,
  MarkResult,
  QUESTION_TYPES,
  QuestionType,
} from '../assessment/index.ts';
import { requireFound } from '../../platform/errors.ts';
import { stemPresenter } from '../../platform/stems.ts';
import { requireAnswered } from './practice.policy.ts';
import {
  percentOf,
  presentBookState,
  presentEntry,
  presentMark,
  presentQuestion,
  presentSet,
  presentSummary,
} from './practice.presenter.ts';
import type { Marked, PracticeRepository, QuestionRow } from './practice.repository.ts';
import type { Learner } from '../../platform/learner.ts';

interface Paging {
  pageCurrent: number;
  pageSize: number;
}

/**
 * Practice marks a choice right only when fully right (no half marks for a right subset), a
 * fill-in or matching only when every blank or item is right; a short answer is not marked: it is
 * shown its reference answer and counts as answered.
 */
export function markPractice(question: QuestionRow, answer: string[]): Marked {
  // The one shape check of exams and practice; a practice answer is marked at once, so it is complete.
  const problem = checkAnswer(answerShapeOf(question), answer, { complete: true });
  if (problem) throw answerRefusal(problem, question.id);
  if (question.questionType === QuestionType.SHORT_ANSWER) return { answer, correct: false, marked: false };
  const { result } = markAnswer(question, answer, { partialMultiple: false });
  return { answer, correct: result === MarkResult.RIGHT, marked: true };
}

/**
 * Practice and the error book (issue 13 item 5, decision 031): practice sets, rounds drawn at
 * random and answered one question at a time with an immediate mark, the error book and its
 * rounds, and the learner's accuracy. The server is the judge (DESIGN.md section 9): a round's
 * questions reach the browser without answers; the right answer comes with the mark. Questions the
 * answer-visibility rule holds back from the learner (in an exam still open to them, decision 032)
 * are never drawn, shown in a round, answered, listed in the error book or counted in the analysis.
 */
export class PracticeService {
  constructor(private readonly repo: PracticeRepository) {}

  async findPracticeSets(who: Learner, q: Paging & { keyword?: string | undefined }) {
    const { rows, total } = await this.repo.findSets(
      who,
      q.keyword || undefined,
      pageOffset(q.pageCurrent, q.pageSize),
      q.pageSize,
    );
    return toPage(rows.map(presentSet), total, q.pageCurrent, q.pageSize);
  }

  async startPractice(who: Learner, setId: number) {
    const set = requireFound(await this.repo.viewSet(who.eid, setId));
    const ids = await this.repo.drawSetQuestions(who, set, Math.max(0, set.questionCount));
    if (ids.length === 0) throw new AppError(ErrorCode.PRACTICE_NO_QUESTIONS);
    return { recordId: await this.repo.createRound(who, set.id, ids) };
  }

  async startErrorBookPractice(who: Learner, q: { questionType?: number | undefined; count: number }) {
    const ids = await this.repo.drawErrorBookQuestions(who, q.questionType, q.count);
    if (ids.length === 0) throw new AppError(ErrorCode.ERROR_BOOK_EMPTY);
    return { recordId: await this.repo.createRound(who, null, ids) };
  }

  async viewPracticeRound(who: Learner, recordId: number): Promise<PracticeRound> {
    const round = requireFound(await this.repo.viewRound(who, recordId));
    const [questions, answers, html] = await Promise.all([
      this.repo.findQuestions(who, round.questionIds),
      this.repo.findAnswers(who.eid, round.id),
      stemPresenter(),
    ]);
    const byId = new Map(questions.map((x) => [x.id, x]));
    const ordered = round.questionIds.map((id) => byId.get(id)).filter((x): x is QuestionRow => x !== undefined);
    const marks = answers.flatMap((a) => {
      const question = byId.get(a.questionId);
      return question ? [presentMark(question, a)] : [];
    });
    const unmarked = answers.filter((a) => byId.get(a.questionId)?.questionType === QuestionType.SHORT_ANSWER).length;
    return {
      recordId: round.id,
      setId: round.setId,
      title: round.title,
      startedAt: round.startedAt.toISOString(),
      finishedAt: round.finishedAt?.toISOString() ?? null,
      questions: ordered.map((x) => presentQuestion(x, html)),
      marks,
      summary: presentSummary(round, unmarked, new Date()),
    };
  }

  async answerPractice(who: Learner, q: { recordId: number; questionId: number; answer: string[] }) {
    const outcome = requireAnswered(
      await this.repo.answer(who, q.recordId, q.questionId, (question) => markPractice(question, q.answer)),
    );
    return {
      ...presentMark(outcome.question, outcome.row),
      repeated: outcome.repeated,
      answered: outcome.round.answered,
      correctCount: outcome.round.correct,
      errorBook: presentBookState(outcome.book, outcome.clearStreak),
    };
  }

  async finishPractice(who: Learner, recordId: number) {
    const round = requireFound(await this.repo.finishRound(who, recordId));
    const unmarked = await this.repo.countUnmarked(who.eid, round.id);
    return { recordId: round.id, setId: round.setId, ...presentSummary(round, unmarked, new Date()) };
  }

  async findErrorBook(who: Learner, q: Paging & { questionType?: number | undefined }) {
    const { rows, total, clearStreak } = await this.repo.findErrorBook(
      who,
      q.questionType,
      pageOffset(q.pageCurrent, q.pageSize),
      q.pageSize,
    );
    const html = await stemPresenter();
    return {
      ...toPage(
        rows.map((x) => presentEntry(x.entry, x.question, html)),
        total,
        q.pageCurrent,
        q.pageSize,
      ),
      clearStreak,
    };
  }

  async viewPracticeAnalysis(who: Learner, source: number) {
    const rows = await this.repo.countAccuracy(who, source);
    const sum = (pick: (r: (typeof rows)[number]) => boolean) => {
      const of = rows.filter(pick);
      const answered = of.reduce((n, r) => n + r.answered, 0);
      const correct = of.reduce((n, r) => n + r.correct, 0);
      return { answered, correct, accuracy: percentOf(correct, answered) };
    };
    return {
      total: sum(() => true),
      byType: QUESTION_TYPES.map((questionType) => ({ questionType, ...sum((r) => r.question_type === questionType) })),
      byDifficulty: DIFFICULTIES.map((difficulty) => ({ difficulty, ...sum((r) => r.difficulty === difficulty) })),
    };
  }
}

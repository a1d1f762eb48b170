import type {
  ErrorBookEntry,
  ErrorBookState,
  PracticeMark,
  PracticeQuestion,
  PracticeRoundBrief,
  PracticeSet,
  PracticeSummary,
} from '@portal/contract';
import type { StemHtml } from '../../platform/stems.ts';
import { QuestionType } from '../assessment/index.ts';
import type { AnswerRow, BookRow, QuestionRow, RoundRow } from './practice.repository.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

/** 0..100, rounded down; 0 without answers. */
export const percentOf = (correct: number, of: number) => (of <= 0 ? 0 : Math.floor((correct * 100) / of));

type SetListRow = {
  id: number;
  title: string;
  intro: string;
  questionType: number | null;
  difficulty: number | null;
  questionCount: number;
  available: number;
  last: {
    id: number;
    total: number;
    answered: number;
    correct: number;
    started_at: string;
    finished_at: string | null;
  } | null;
};

export function presentSet(row: SetListRow): PracticeSet {
  const last: PracticeRoundBrief | null = row.last
    ? {
        recordId: row.last.id,
        total: row.last.total,
        answered: row.last.answered,
        correct: row.last.correct,
        startedAt: iso(row.last.started_at),
        finishedAt: row.last.finished_at ? iso(row.last.finished_at) : null,
      }
    : null;
  return {
    id: row.id,
    title: row.title,
    intro: row.intro,
    questionType: row.questionType,
    difficulty: row.difficulty,
    questionCount: Math.min(Math.max(0, row.questionCount), Number(row.available)),
    lastRound: last,
  };
}

/**
 * A question as a round sends it: the keys, accepted blanks, reference answer and analysis left
 * out; the stem as sanitised HTML (decision 054).
 */
export function presentQuestion(q: QuestionRow, html: StemHtml): PracticeQuestion {
  return {
    questionId: q.id,
    questionType: q.questionType,
    difficulty: q.difficulty,
    stem: html(q.stem),
    options: q.options.map((o) => ({ key: o.key, text: o.text })),
    items: q.items.map((o) => ({ key: o.key, text: o.text })),
    blankCount: q.questionType === QuestionType.FILL_IN ? q.blanks.length : 0,
  };
}

/** An answer with its mark, the right answer and the analysis (shown once the question is answered). */
export function presentMark(q: QuestionRow, a: AnswerRow): PracticeMark {
  return {
    questionId: q.id,
    answer: a.answer,
    correct: q.questionType === QuestionType.SHORT_ANSWER ? null : a.correct,
    rightAnswer: q.answer,
    blanks: q.blanks,
    referenceAnswer: q.referenceAnswer,
    analysis: q.analysis,
    answeredAt: iso(a.answeredAt),
  };
}

export function presentSummary(
  round: Pick<RoundRow, 'questionIds' | 'answered' | 'correct' | 'startedAt' | 'finishedAt'>,
  unmarked: number,
  now: Date,
): PracticeSummary {
  const marked = round.answered - unmarked;
  const end = round.finishedAt ?? now;
  return {
    total: round.questionIds.length,
    answered: round.answered,
    correct: round.correct,
    wrong: Math.max(0, marked - round.correct),
    unmarked,
    accuracy: percentOf(round.correct, marked),
    seconds: Math.max(0, Math.floor((new Date(end).getTime() - new Date(round.startedAt).getTime()) / 1000)),
    finished: round.finishedAt !== null,
  };
}

export function presentBookState(book: BookRow | null, clearStreak: number): ErrorBookState | null {
  if (!book) return null;
  return {
    inBook: !book.cleared,
    cleared: book.clearedNow,
    rightStreak: book.rightStreak,
    clearStreak,
  };
}

export function presentEntry(
  e: {
    questionId: number;
    wrongCount: number;
    rightStreak: number;
    lastAnswer: string[];
    firstWrongAt: Date;
    lastWrongAt: Date;
    sourceType: number;
  },
  q: QuestionRow,
  html: StemHtml,
): ErrorBookEntry {
  const question = presentQuestion(q, html);
  return {
    questionId: e.questionId,
    questionType: question.questionType,
    difficulty: question.difficulty,
    stem: question.stem,
    options: question.options,
    items: question.items,
    blankCount: question.blankCount,
    lastAnswer: e.lastAnswer,
    wrongCount: e.wrongCount,
    rightStreak: e.rightStreak,
    firstWrongAt: iso(e.firstWrongAt),
    lastWrongAt: iso(e.lastWrongAt),
    sourceType: e.sourceType,
  };
}

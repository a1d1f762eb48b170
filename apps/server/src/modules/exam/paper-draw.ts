import { randomInt } from 'node:crypto';
import type { ExamPaperQuestion } from '@portal/contract';
import type { AttemptQuestion, Db, PaperRule, Tx } from '@portal/db';
import { stemPresenter } from '../../platform/stems.ts';
import { QuestionType } from '../assessment/index.ts';
import { presentPaperQuestion } from './exam.presenter.ts';
import { ExamRepository } from './exam.repository.ts';

/** A copy of `list` in random order (Fisher–Yates with the system's CSPRNG: a taker cannot predict it). */
export function shuffled<T>(list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Types whose options may be shown in another order: the answer names keys, not positions. */
const SHUFFLABLE = new Set<number>([
  QuestionType.SINGLE,
  QuestionType.MULTIPLE,
  QuestionType.INDEFINITE,
  QuestionType.MATCHING,
]);

/**
 * The paper a taker is given, as the attempt's snapshot keeps it: the questions in their order
 * (shuffled where the paper says) and, where the paper says, each choice question's options in a
 * random order. Keys stay with their texts, so answers and marking never depend on positions (the
 * page labels options by position); true/false keeps T before F.
 */
export function arrangePaper(
  questions: readonly AttemptQuestion[],
  settings: { shuffleQuestions: boolean; shuffleOptions: boolean },
): AttemptQuestion[] {
  const ordered = settings.shuffleQuestions ? shuffled(questions) : [...questions];
  if (!settings.shuffleOptions) return ordered;
  return ordered.map((q) => (SHUFFLABLE.has(q.questionType) ? { ...q, options: shuffled(q.options) } : q));
}

/** How a paper is made for a taker. */
export interface PaperDraw {
  paperId: number;
  mode: number;
  rules: PaperRule[];
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
}

/** The taker's paper: a fixed paper's questions, or a random paper's drawn by its rules; arranged as the paper says. */
export async function drawPaper(
  repo: ExamRepository,
  tx: Tx | Db,
  eid: number,
  paper: PaperDraw,
): Promise<AttemptQuestion[]> {
  let questions: AttemptQuestion[];
  if (paper.mode === 2) {
    questions = [];
    for (const rule of paper.rules) {
      const drawn = await repo.drawQuestions(
        tx,
        eid,
        rule,
        questions.map((q) => q.questionId),
      );
      questions.push(...drawn);
    }
  } else {
    questions = await repo.findFixedQuestions(tx, eid, paper.paperId);
  }
  return arrangePaper(questions, { shuffleQuestions: paper.shuffleQuestions, shuffleOptions: paper.shuffleOptions });
}

/**
 * A paper as a taker would be given it now, without keys (the back office's preview, decision
 * 047): drawn by the same code as a start, nothing stored.
 */
export async function previewPaper(db: Db, eid: number, paper: PaperDraw): Promise<ExamPaperQuestion[]> {
  const drawn = await drawPaper(new ExamRepository(db), db, eid, paper);
  const html = await stemPresenter();
  return drawn.map((q) => presentPaperQuestion(q, html));
}

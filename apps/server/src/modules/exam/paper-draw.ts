import { randomInt } from 'node:crypto';
import type { AttemptQuestion } from '@portal/db';
import { QuestionType } from '../assessment/index.ts';

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

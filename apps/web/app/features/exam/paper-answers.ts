import type { ExamPaperQuestion } from '@portal/contract/calls/exam';
import { QuestionType } from '@portal/contract/enums';

export { QuestionType };

/** One question's state on the page: its answer as the server takes it, and the review flag. */
export interface AnswerState {
  answer: string[];
  flagged: boolean;
}

/** Typed answers (fill-in, short answer) are saved after the typing pauses; the others at once. */
export const isTyped = (questionType: number) =>
  questionType === QuestionType.FILL_IN || questionType === QuestionType.SHORT_ANSWER;

/** Whether an answer says anything: a key chosen, a blank or the short answer written, an item matched. */
export function isAnswered(answer: readonly string[] | undefined): boolean {
  return (answer ?? []).some((a) => a.trim() !== '');
}

/**
 * The answer as it is saved: one text per blank and one key per item (with '' for the empty ones),
 * and nothing at all when every part is empty (the server clears the question).
 */
export function toSaved(answer: readonly string[]): string[] {
  return isAnswered(answer) ? [...answer] : [];
}

/** The answer with the text of one blank (or item) replaced, the others kept (missing ones ''). */
export function withPart(answer: readonly string[], index: number, length: number, value: string): string[] {
  const next = Array.from({ length }, (_, i) => answer[i] ?? '');
  next[index] = value;
  return next;
}

/** How many questions of the paper have an answer. */
export function answeredCount(questions: readonly ExamPaperQuestion[], answers: ReadonlyMap<number, AnswerState>) {
  return questions.filter((q) => isAnswered(answers.get(q.questionId)?.answer)).length;
}

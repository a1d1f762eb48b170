import { QuestionType } from '@portal/contract/enums';

export { QuestionType };

/** Every question type, in order (the practice analysis lists them all). */
export const QUESTION_TYPES: readonly number[] = Object.values(QuestionType);

/** The difficulties (account-area.md section 3): 1 simple, 2 general, 3 harder, 4 hard. */
export const DIFFICULTIES: readonly number[] = [1, 2, 3, 4];

/** A mark: 0 wrong, 1 right, 2 partly right; null for a short answer, which a marker marks. */
export const MarkResult = { WRONG: 0, RIGHT: 1, PARTLY: 2 } as const;

import { LRUCache } from 'lru-cache';
import { EXAM_BLANK_MAX, EXAM_SHORT_ANSWER_MAX, ErrorCode, errorText } from '@portal/contract';
import { AppError } from '../../platform/errors.ts';
import { QuestionType } from './question-kinds.ts';

/** What checking an answer needs of a question: its type, its keys' names, its items and blanks. */
export interface AnswerShape {
  questionType: number;
  optionKeys: ReadonlySet<string>;
  optionCount: number;
  itemCount: number;
  blankCount: number;
}

/** A question as a bank row or a paper snapshot holds it, as far as its answers' shape goes. */
export interface ShapedQuestion {
  questionType: number;
  options: ReadonlyArray<{ key: string }>;
  items: ReadonlyArray<unknown>;
  blanks: ReadonlyArray<unknown>;
}

/**
 * Why an answer does not fit its question. One list for exams and practice (issue 19 item 5): the
 * texts are below, in both languages, and every refusal is 7606 with the text as its reason.
 */
export type AnswerProblem =
  | { code: 'oneKey' | 'unknownKey' | 'twice' | 'blankTooLong' | 'oneText' | 'textTooLong' | 'empty' }
  | { code: 'unknownType' | 'notOnPaper' }
  | { code: 'blankCount' | 'itemCount' | 'tooManyAnswers'; count: number };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The reason of a problem, in both languages. */
export function answerProblemText(p: AnswerProblem): { zh: string; en: string } {
  switch (p.code) {
    case 'oneKey':
      return { zh: '该题只能选择一个选项', en: 'choose one option only' };
    case 'unknownKey':
      return { zh: '所选选项不存在', en: 'the option chosen does not exist' };
    case 'twice':
      return { zh: '同一选项只能选择一次', en: 'an option is chosen twice' };
    case 'blankCount':
      return {
        zh: `该题有${p.count}个空，每空填写一个答案`,
        en: `the question has ${plural(p.count, 'blank')}, one text each`,
      };
    case 'blankTooLong':
      return { zh: `每个空最多${EXAM_BLANK_MAX}个字`, en: `a blank takes at most ${EXAM_BLANK_MAX} characters` };
    case 'oneText':
      return { zh: '简答题只能有一个答案', en: 'a short answer is one text' };
    case 'textTooLong':
      return {
        zh: `简答题最多${EXAM_SHORT_ANSWER_MAX}个字`,
        en: `a short answer takes at most ${EXAM_SHORT_ANSWER_MAX} characters`,
      };
    case 'itemCount':
      return { zh: `该题有${p.count}项需要配对`, en: `the question has ${plural(p.count, 'item')} to match` };
    case 'empty':
      return { zh: '请先作答', en: 'answer the question first' };
    case 'unknownType':
      return { zh: '未知题型', en: 'unknown question type' };
    case 'notOnPaper':
      return { zh: '该题不在本试卷中', en: 'the question is not on this paper' };
    case 'tooManyAnswers':
      return { zh: `一次最多保存${p.count}个答案`, en: `at most ${p.count} answers can be saved at once` };
  }
}

/** 7606 with the problem's reason in the user's language, naming the question in `data`. */
export function answerRefusal(problem: AnswerProblem, questionId: number): AppError {
  const text = answerProblemText(problem);
  return new AppError(ErrorCode.EXAM_ANSWER_INVALID, {
    message: {
      zh: errorText(ErrorCode.EXAM_ANSWER_INVALID, 'zh', { reason: text.zh }),
      en: errorText(ErrorCode.EXAM_ANSWER_INVALID, 'en', { reason: text.en }),
    },
    data: { questionId },
  });
}

export function answerShapeOf(q: ShapedQuestion): AnswerShape {
  const keys = q.options.map((o) => o.key);
  // A true/false question answers T or F, whatever its options say.
  const optionKeys = new Set(q.questionType === QuestionType.TRUE_FALSE ? ['T', 'F', ...keys] : keys);
  return {
    questionType: q.questionType,
    optionKeys,
    optionCount: optionKeys.size,
    itemCount: q.items.length,
    blankCount: q.blanks.length,
  };
}

/**
 * Checks an answer against its question's type, for exams and practice alike (DESIGN.md section 9:
 * bad input gets a clear error and nothing is stored): choices name keys the question has (single
 * and true/false one, multiple and indefinite each once); fill-in has at most one text per blank,
 * each at most EXAM_BLANK_MAX characters; a short answer is one text of at most
 * EXAM_SHORT_ANSWER_MAX; matching gives at most one key per item ('' leaves an item unmatched).
 *
 * `complete`: the answer is submitted for marking now (practice) rather than saved while the paper
 * is being answered (an exam's save): then it must answer the question — one text per blank and one
 * key per item, not all empty, one choice at least — where a save may leave parts out, and an empty
 * save clears the question.
 */
export function checkAnswer(
  shape: AnswerShape,
  answer: readonly string[],
  { complete }: { complete: boolean },
): AnswerProblem | null {
  if (answer.length === 0) return complete ? problemOfEmpty(shape) : null;
  const unknownKey = answer.some((k) => k !== '' && !shape.optionKeys.has(k));
  switch (shape.questionType) {
    case QuestionType.SINGLE:
    case QuestionType.TRUE_FALSE:
      if (answer.length > 1) return { code: 'oneKey' };
      if (!shape.optionKeys.has(answer[0]!)) return { code: 'unknownKey' };
      return null;
    case QuestionType.MULTIPLE:
    case QuestionType.INDEFINITE:
      if (answer.some((k) => !shape.optionKeys.has(k))) return { code: 'unknownKey' };
      if (new Set(answer).size !== answer.length) return { code: 'twice' };
      return null;
    case QuestionType.FILL_IN:
      if (answer.length > shape.blankCount || (complete && answer.length !== shape.blankCount))
        return { code: 'blankCount', count: shape.blankCount };
      if (answer.some((t) => t.length > EXAM_BLANK_MAX)) return { code: 'blankTooLong' };
      if (complete && answer.every((t) => t.trim() === '')) return { code: 'empty' };
      return null;
    case QuestionType.SHORT_ANSWER:
      if (answer.length > 1) return { code: 'oneText' };
      if (answer[0]!.length > EXAM_SHORT_ANSWER_MAX) return { code: 'textTooLong' };
      if (complete && answer[0]!.trim() === '') return { code: 'empty' };
      return null;
    case QuestionType.MATCHING:
      if (answer.length > shape.itemCount || (complete && answer.length !== shape.itemCount))
        return { code: 'itemCount', count: shape.itemCount };
      if (unknownKey) return { code: 'unknownKey' };
      if (complete && answer.every((k) => k === '')) return { code: 'empty' };
      return null;
    default:
      return { code: 'unknownType' };
  }
}

/** What an empty answer submitted for marking is told: choose one key, or answer at all. */
const problemOfEmpty = (shape: AnswerShape): AnswerProblem =>
  shape.questionType === QuestionType.SINGLE || shape.questionType === QuestionType.TRUE_FALSE
    ? { code: 'oneKey' }
    : { code: 'empty' };

/**
 * The answer shapes of one attempt's paper, kept small: thousands of takers' attempts stay in
 * memory while they save, so each keeps only its question ids (sorted) and references to shapes
 * shared by every attempt whose question has the same shape (`internShape`).
 */
export class PaperShapes {
  private readonly ids: Int32Array;
  private readonly shapes: AnswerShape[];

  constructor(paper: ReadonlyArray<ShapedQuestion & { questionId: number }>) {
    const sorted = [...paper].sort((x, y) => x.questionId - y.questionId);
    this.ids = Int32Array.from(sorted, (q) => q.questionId);
    this.shapes = sorted.map((q) => internShape(answerShapeOf(q)));
  }

  get size(): number {
    return this.ids.length;
  }

  get(questionId: number): AnswerShape | undefined {
    let lo = 0;
    let hi = this.ids.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const id = this.ids[mid]!;
      if (id === questionId) return this.shapes[mid];
      if (id < questionId) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }
}

const interned = new LRUCache<string, AnswerShape>({ max: 10_000 });

/** One shared object per distinct shape (type, keys, items, blanks). */
function internShape(shape: AnswerShape): AnswerShape {
  const key = `${shape.questionType}|${[...shape.optionKeys].join('\u0001')}|${shape.itemCount}|${shape.blankCount}`;
  const kept = interned.get(key);
  if (kept) return kept;
  interned.set(key, shape);
  return shape;
}

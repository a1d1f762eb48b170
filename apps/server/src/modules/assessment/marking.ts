import type { AttemptQuestion } from '@portal/db';
import { MarkResult, QuestionType } from './question-kinds.ts';

export interface Mark {
  result: number | null;
  scoreTenths: number;
}

/**
 * What marking needs of a question: its type, keys and score, and whether its blanks may be filled
 * in any order (missing in snapshots taken before the setting existed: in order).
 */
export type MarkedQuestion = Pick<AttemptQuestion, 'questionType' | 'answer' | 'blanks' | 'scoreTenths'> & {
  blanksAnyOrder?: boolean | undefined;
};

export interface MarkingRules {
  /** A multiple or indefinite choice with some right keys and no wrong one earns half (少选得一半分). */
  partialMultiple: boolean;
}

/**
 * A fill-in blank as compared: Unicode NFKC (full-width letters, digits and punctuation become
 * their half-width forms), lower case, white space removed at the ends and collapsed inside.
 */
export function normalBlank(text: string): string {
  return text.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ');
}

const sameSet = (a: readonly string[], b: readonly string[]) => {
  const x = new Set(a);
  return x.size === new Set(b).size && b.every((k) => x.has(k));
};

/**
 * How many blanks are right when the texts may come in any order ("隔离法、__和__": 冷却法；窒息法
 * and 窒息法；冷却法 are both right): the largest matching of given texts to blanks that accept
 * them, each text filling one blank at most (augmenting paths; a question has a handful of blanks).
 */
function rightBlanksAnyOrder(blanks: readonly (readonly string[])[], answer: readonly string[]): number {
  const given = answer.map(normalBlank);
  const accepts = blanks.map((accepted) => new Set(accepted.map(normalBlank)));
  const blankOfText = new Array<number>(given.length).fill(-1);
  const place = (blank: number, seen: boolean[]): boolean => {
    for (let i = 0; i < given.length; i++) {
      if (seen[i] || given[i] === '' || !accepts[blank]!.has(given[i]!)) continue;
      seen[i] = true;
      if (blankOfText[i] === -1 || place(blankOfText[i]!, seen)) {
        blankOfText[i] = blank;
        return true;
      }
    }
    return false;
  };
  let right = 0;
  for (let b = 0; b < blanks.length; b++) if (place(b, new Array<boolean>(given.length).fill(false))) right++;
  return right;
}

const byShare = (scoreTenths: number, right: number, of: number): Mark => {
  if (of === 0 || right === 0) return { result: MarkResult.WRONG, scoreTenths: 0 };
  if (right === of) return { result: MarkResult.RIGHT, scoreTenths };
  return { result: MarkResult.PARTLY, scoreTenths: Math.floor((scoreTenths * right) / of) };
};

/**
 * Marks one answer (DESIGN.md section 9: the server is the judge). Choices and true/false by their
 * keys; multiple and indefinite choice all or nothing, or half for a right subset with
 * `partialMultiple`; fill-in blank by blank against each blank's accepted answers (case and width
 * insensitive; in any order where the question says its blanks are order-free), the score shared
 * by the blanks right; matching item by item, the same way; a short answer is left for a marker
 * (result null, score 0).
 */
export function markAnswer(question: MarkedQuestion, answer: readonly string[], rules: MarkingRules): Mark {
  const score = question.scoreTenths;
  switch (question.questionType) {
    case QuestionType.SINGLE:
    case QuestionType.TRUE_FALSE:
      return answer.length === 1 && answer[0] === question.answer[0]
        ? { result: MarkResult.RIGHT, scoreTenths: score }
        : { result: MarkResult.WRONG, scoreTenths: 0 };
    case QuestionType.MULTIPLE:
    case QuestionType.INDEFINITE: {
      if (answer.length && sameSet(answer, question.answer)) return { result: MarkResult.RIGHT, scoreTenths: score };
      const keys = new Set(question.answer);
      const partial = rules.partialMultiple && answer.length > 0 && answer.every((k) => keys.has(k));
      return partial
        ? { result: MarkResult.PARTLY, scoreTenths: Math.floor(score / 2) }
        : { result: MarkResult.WRONG, scoreTenths: 0 };
    }
    case QuestionType.FILL_IN: {
      if (question.blanksAnyOrder) {
        return byShare(score, rightBlanksAnyOrder(question.blanks, answer), question.blanks.length);
      }
      const right = question.blanks.filter((accepted, i) => {
        const given = normalBlank(answer[i] ?? '');
        return given !== '' && accepted.some((a) => normalBlank(a) === given);
      }).length;
      return byShare(score, right, question.blanks.length);
    }
    case QuestionType.MATCHING: {
      const right = question.answer.filter((key, i) => answer[i] === key).length;
      return byShare(score, right, question.answer.length);
    }
    case QuestionType.SHORT_ANSWER:
      return { result: null, scoreTenths: 0 };
    default:
      return { result: MarkResult.WRONG, scoreTenths: 0 };
  }
}

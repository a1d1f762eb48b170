import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id, paging, pageResponse } from '../envelope.ts';

// Practice and the error book (issue 13 item 5, account-area.md section 7 "Exams and practice";
// decision 031). The spec names one call, the practice sets' page; the rest are the portal's own,
// under the same prefix: a round of a set (questions drawn at random from its bank, sent without
// their answers), answering one question at a time (marked at once by the server, DESIGN.md
// section 9), finishing a round, the learner's error book (错题本) and a round over it, and the
// learner's accuracy by question type and difficulty.

export const PRACTICE_PAGE_SIZE = 10;
/** Questions an error-book round draws unless asked for another number (at most ERROR_BOOK_ROUND_MAX). */
export const ERROR_BOOK_ROUND_SIZE = 10;
export const ERROR_BOOK_ROUND_MAX = 50;
/** A short answer's text and a blank's text, at most (characters). */
export const PRACTICE_SHORT_ANSWER_MAX = 2000;
export const PRACTICE_BLANK_MAX = 200;

/** Where an error-book entry's last wrong answer came from (the resource types: 2 exercise, 7 exam task). */
export const ErrorBookSource = { PRACTICE: 2, EXAM: 7 } as const;

/** Which answers the analysis counts: 0 practice and exams, 2 practice only, 7 exams only. */
export const AnalysisSource = { ALL: 0, PRACTICE: 2, EXAM: 7 } as const;

const listPaging = paging(PRACTICE_PAGE_SIZE, 50);

const choice = z.object({ key: z.string(), text: z.string() });

/** A round as the list shows it: how far the learner got and when. */
export const practiceRoundBrief = z.object({
  recordId: z.number().int(),
  /** Questions in the round. */
  total: z.number().int(),
  answered: z.number().int(),
  correct: z.number().int(),
  startedAt: z.string(),
  /** Null while the round is open (继续练习). */
  finishedAt: z.string().nullable(),
});
export type PracticeRoundBrief = z.infer<typeof practiceRoundBrief>;

export const practiceSet = z.object({
  id: z.number().int(),
  title: z.string(),
  intro: z.string(),
  /** The one question type it draws (1..7), or null for every type. */
  questionType: z.number().int().nullable(),
  /** The one difficulty it draws (1 simple .. 4 hard), or null for every difficulty. */
  difficulty: z.number().int().nullable(),
  /** Questions a round draws: the set's count, or fewer when its bank holds fewer that fit. */
  questionCount: z.number().int(),
  /** The learner's latest round of this set, or null before the first. */
  lastRound: practiceRoundBrief.nullable(),
});
export type PracticeSet = z.infer<typeof practiceSet>;

export const findPracticeSets = defineCall({
  name: 'findPracticeSets',
  method: 'POST',
  path: '/exam/auth/user/practice/page',
  summary:
    "The published practice sets of the learner's enterprise, newest first, with the questions a round draws and the learner's latest round",
  tags: ['practice'],
  request: z.object({ ...listPaging, keyword: z.string().trim().max(50).optional() }),
  response: pageResponse(practiceSet),
});

/** A question as a round sends it: never its answer, accepted blanks, reference answer or analysis. */
export const practiceQuestion = z.object({
  questionId: z.number().int(),
  /** 1 single, 2 multiple, 3 true/false (keys T and F), 4 fill-in, 5 short answer, 6 matching, 7 indefinite. */
  questionType: z.number().int(),
  difficulty: z.number().int(),
  stem: z.string(),
  /** The choices (matching: the right-hand column). */
  options: z.array(choice),
  /** Matching: the left-hand column; the answer gives one option key per item, in order. */
  items: z.array(choice),
  /** Fill-in: how many blanks; the answer gives one text per blank, in order. */
  blankCount: z.number().int(),
});
export type PracticeQuestion = z.infer<typeof practiceQuestion>;

/** A marked practice answer, with the right answer and the analysis. */
export const practiceMark = z.object({
  questionId: z.number().int(),
  /** What the learner answered (keys, blank texts, one text for a short answer). */
  answer: z.array(z.string()),
  /** Right or wrong (fully right only); null for a short answer, which is shown its reference answer. */
  correct: z.boolean().nullable(),
  /** The right keys (choices, true/false, matching: one per item). */
  rightAnswer: z.array(z.string()),
  /** Fill-in: the accepted answers of each blank. */
  blanks: z.array(z.array(z.string())),
  /** Short answer: the model answer. */
  referenceAnswer: z.string(),
  analysis: z.string(),
  answeredAt: z.string(),
});
export type PracticeMark = z.infer<typeof practiceMark>;

/** A round's sums: answered, right, accuracy and time. */
export const practiceSummary = z.object({
  total: z.number().int(),
  answered: z.number().int(),
  correct: z.number().int(),
  /** Answered and marked wrong. */
  wrong: z.number().int(),
  /** Short answers answered: shown their reference answer, neither right nor wrong. */
  unmarked: z.number().int(),
  /** 0..100: right answers of the answers marked right or wrong (short answers left out); 0 before any. */
  accuracy: z.number().int(),
  /** Seconds from the start to the finish (to now while open). */
  seconds: z.number().int(),
  finished: z.boolean(),
});
export type PracticeSummary = z.infer<typeof practiceSummary>;

export const practiceRound = z.object({
  recordId: z.number().int(),
  /** The set practised, or null for a round over the error book. */
  setId: z.number().int().nullable(),
  /** The set's title ('' for an error-book round: the page names it). */
  title: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The round's questions in order (a question deleted since is left out). */
  questions: z.array(practiceQuestion),
  /** The questions answered so far, marked. */
  marks: z.array(practiceMark),
  summary: practiceSummary,
});
export type PracticeRound = z.infer<typeof practiceRound>;

const roundRef = z.object({ recordId: id });

export const startPractice = defineCall({
  name: 'startPractice',
  method: 'POST',
  path: '/exam/auth/user/practice/start',
  summary:
    "Starts a round of a practice set: the set's number of questions drawn at random from its bank by its type and difficulty, remembered by the round (7712 when none fit)",
  tags: ['practice'],
  request: z.object({ setId: id }),
  response: z.object({ recordId: z.number().int() }),
});

export const startErrorBookPractice = defineCall({
  name: 'startErrorBookPractice',
  method: 'POST',
  path: '/exam/auth/user/practice/error/start',
  summary:
    "Starts a round over the learner's error book (setId null): up to `count` of its questions at random, optionally of one type (7713 when the book has none)",
  tags: ['practice'],
  request: z.object({
    questionType: z.coerce.number().int().min(1).max(7).optional(),
    count: z.coerce.number().int().min(1).max(ERROR_BOOK_ROUND_MAX).default(ERROR_BOOK_ROUND_SIZE),
  }),
  response: z.object({ recordId: z.number().int() }),
});

export const viewPracticeRound = defineCall({
  name: 'viewPracticeRound',
  method: 'GET',
  path: '/exam/auth/user/practice/view',
  summary:
    "One of the learner's own rounds: its questions without answers, the answers given so far with their marks, and its sums",
  tags: ['practice'],
  request: roundRef,
  response: practiceRound,
});

/** Where a question stands in the error book after an answer. */
export const errorBookState = z.object({
  /** In the book now (not cleared). */
  inBook: z.boolean(),
  /** Cleared by this answer. */
  cleared: z.boolean(),
  rightStreak: z.number().int(),
  /** Right answers in a row that clear it (the site's setting). */
  clearStreak: z.number().int(),
});
export type ErrorBookState = z.infer<typeof errorBookState>;

export const answerPractice = defineCall({
  name: 'answerPractice',
  method: 'POST',
  path: '/exam/auth/user/practice/answer',
  summary:
    'Answers one question of an open round, marked at once: right or wrong with the right answer and the analysis; a wrong answer goes to the error book, a right one lengthens its streak. A question is answered once a round: answering it again changes nothing and answers the first mark (repeated true); 7711 after the round finished',
  tags: ['practice'],
  request: z.object({
    recordId: id,
    questionId: id,
    answer: z.array(z.string().max(PRACTICE_SHORT_ANSWER_MAX)).min(1).max(50),
  }),
  response: practiceMark.extend({
    /** The question was answered before in this round: the first answer stands, this one was ignored. */
    repeated: z.boolean(),
    /** The round's answered and right counts after this answer. */
    answered: z.number().int(),
    correctCount: z.number().int(),
    /** The question in the error book after this answer; null when it is not in the book and never was. */
    errorBook: errorBookState.nullable(),
  }),
});

export const finishPractice = defineCall({
  name: 'finishPractice',
  method: 'POST',
  path: '/exam/auth/user/practice/finish',
  summary:
    "Finishes one of the learner's rounds (once: finishing again answers the same sums) and answers its sums: answered, right, accuracy and time",
  tags: ['practice'],
  request: roundRef,
  response: practiceSummary.extend({ recordId: z.number().int(), setId: z.number().int().nullable() }),
});

export const errorBookEntry = z.object({
  questionId: z.number().int(),
  questionType: z.number().int(),
  difficulty: z.number().int(),
  stem: z.string(),
  options: z.array(choice),
  items: z.array(choice),
  blankCount: z.number().int(),
  /** The learner's last wrong answer. */
  lastAnswer: z.array(z.string()),
  /** Times answered wrong (in practice and exams). */
  wrongCount: z.number().int(),
  /** Right answers in a row since the last wrong one. */
  rightStreak: z.number().int(),
  firstWrongAt: z.string(),
  lastWrongAt: z.string(),
  /** Where the last wrong answer was given: 2 practice, 7 an exam. */
  sourceType: z.number().int(),
});
export type ErrorBookEntry = z.infer<typeof errorBookEntry>;

export const findErrorBook = defineCall({
  name: 'findErrorBook',
  method: 'POST',
  path: '/exam/auth/user/practice/error/page',
  summary:
    "The learner's error book: the questions answered wrong and not yet cleared, last wrong first, with times wrong and the streak of right answers toward the site's clear streak",
  tags: ['practice'],
  request: z.object({ ...listPaging, questionType: z.coerce.number().int().min(1).max(7).optional() }),
  response: pageResponse(errorBookEntry).extend({ clearStreak: z.number().int() }),
});

/** Accuracy of a group of answers: right of answered (short answers in practice are not counted). */
export const accuracyRow = z.object({
  answered: z.number().int(),
  correct: z.number().int(),
  /** 0..100, rounded down; 0 without answers. */
  accuracy: z.number().int(),
});

export const viewPracticeAnalysis = defineCall({
  name: 'viewPracticeAnalysis',
  method: 'GET',
  path: '/exam/auth/user/practice/analysis',
  summary:
    "The learner's accuracy by question type and by difficulty over their practice answers and their marked exam answers (source 2 practice only, 7 exams only); every type and difficulty listed, zero where unanswered",
  tags: ['practice'],
  request: z.object({
    source: z.coerce
      .number()
      .int()
      .refine((n) => n === 0 || n === 2 || n === 7, { message: 'source is 0, 2 or 7' })
      .default(AnalysisSource.ALL),
  }),
  response: z.object({
    total: accuracyRow,
    byType: z.array(accuracyRow.extend({ questionType: z.number().int() })),
    byDifficulty: z.array(accuracyRow.extend({ difficulty: z.number().int() })),
  }),
});

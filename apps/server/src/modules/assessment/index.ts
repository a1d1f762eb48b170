/**
 * The assessment module's front door (issue 19 item 5, decision 032): what exams and practice share
 * of questions — their kinds, the one check of an answer's shape, marking, the error book and the
 * answer-visibility rule. Other modules import only from this file; exam and practice import it and
 * not each other.
 */
export { DIFFICULTIES, MarkResult, QUESTION_TYPES, QuestionType } from './question-kinds.ts';
export {
  answerProblemText,
  answerRefusal,
  answerShapeOf,
  checkAnswer,
  PaperShapes,
  type AnswerProblem,
  type AnswerShape,
  type ShapedQuestion,
} from './answer-shape.ts';
export { markAnswer, normalBlank, type Mark, type MarkedQuestion, type MarkingRules } from './marking.ts';
export {
  clearStreakOf,
  DEFAULT_ERROR_BOOK_CLEAR_STREAK,
  MAX_ERROR_BOOK_CLEAR_STREAK,
  readErrorBookClearStreak,
  recordErrorBook,
  type MarkedAnswer,
} from './error-book.ts';
export { examResultShows, findQuestionStandings, keyHeldSql, type QuestionStanding } from './answer-visibility.ts';

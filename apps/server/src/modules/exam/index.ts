/**
 * Exams (issue 13, decision 029). Its front door for modules above it: the task module reads a
 * learner's standing in the exam tasks of its items (decision 033). Nothing else of this folder is
 * for other modules.
 */
export { examStandingsOf, type ExamStanding } from './exam-standings.ts';

/**
 * Exams (issue 13, decision 029). Its front door for modules above it: the task module reads a
 * learner's standing in the exam tasks of its items (decision 033); the back office's papers
 * preview a paper as a taker is given it (decision 047). Nothing else of this folder is for other
 * modules.
 */
export { examStandingsOf, type ExamStanding } from './exam-standings.ts';
export { previewPaper, type PaperDraw } from './paper-draw.ts';

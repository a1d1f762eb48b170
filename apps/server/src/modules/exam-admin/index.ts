/**
 * Exam tasks in the back office (decision 049). Its front door for modules above it: the reports
 * read a paper's total the way the exam list does. Nothing else of this folder is for other modules.
 */
export { PAPER_TOTAL } from './exam-task-admin.repository.ts';

/**
 * Studying courses (issue 12, decision 026). Its front door for modules above it: the task module
 * asks whether a learner completed the courses of its items (decision 033). Nothing else of this
 * folder is for other modules.
 */
export { courseCompletionsOf, type CourseCompletion } from './course-completions.ts';
/** The live module completes a live lesson's period once attendance reaches its share (decision 060). */
export { completeLivePeriod, type LivePeriodCompletion } from './live-completion.ts';

/**
 * Assignment (decisions 033 and 049): which study tasks and exam tasks reach a learner now. Below
 * exams, check-ins, tasks and projects, which all ask it; nothing else of this folder is for other
 * modules.
 */
export { AssignmentTarget, assignedTaskIds, examTaskGiven, taskLearnerIds } from './assigned-tasks.ts';

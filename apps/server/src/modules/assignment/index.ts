/**
 * Assignment (decision 033): which study tasks reach a learner now. Below check-ins, tasks and
 * projects, which all ask it; nothing else of this folder is for other modules.
 */
export { AssignmentTarget, assignedTaskIds } from './assigned-tasks.ts';

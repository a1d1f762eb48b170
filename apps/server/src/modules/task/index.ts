/**
 * Study tasks (issue 20, decision 033). Its front door for modules above it: the project module
 * reads a learner's standing in the tasks of its stages. Nothing else of this folder is for other
 * modules.
 */
export { taskStandingsOf, type TaskStanding } from './task-standings.ts';

/**
 * Practice (issue 13). Its front door for modules above it: the task module asks whether a learner
 * finished a round of the practice sets of its items (decision 033). Nothing else of this folder is
 * for other modules.
 */
export { practiceRoundsOf } from './practice-rounds.ts';

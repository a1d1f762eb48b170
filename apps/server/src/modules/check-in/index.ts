/**
 * Check-ins (issue 20 item 4, decisions 033 and 034): sign-in plans (resource type 11) of study
 * tasks. Above assignment; the task module asks `checkInCountsOf` whether a check-in item is done.
 * Nothing else of this folder is for other modules.
 */
export { checkInCountsOf, type CheckInCount } from './check-in-counts.ts';
